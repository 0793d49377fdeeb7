// What an answer shows of a game and of a verdict (overturn/game/view.py's view_of, referee.Verdict.view,
// review.ranked_view): the same keys, in the same order, as the server's JSON.

import { seat } from "./colours.js";
import { LEVELS } from "./computer.js";
import { toJson } from "./save.js";

// The score as every answer gives it: scores the rings by seat (green 0, silver 1), turn the seat to move (null once
// over), winners the best seats once over.
export function scoreOf(game) {
  const { green, silver, over, winner } = game.result();
  const scores = [green, silver];
  if (!over) return { scores, over: false, turn: seat(game.toMove), winners: [] };
  return { scores, over: true, turn: null, winners: winner === null ? [0, 1] : [seat(winner)] };
}

export function viewOf(game) {
  const { rows } = game.board.rules;
  const faces = Array.from({ length: rows }, (_, row) => [...game.board.rowFaces(row)]);
  return {
    game: toJson(game), faces, result: scoreOf(game),
    has_next_layer: game.layer + 1 < game.layers.length || game.seed !== null, levels: [...LEVELS],
  };
}

// A verdict as players see it: readings as {face: reading}, the refusal as {rule, message} (null when legal).
export function verdictView(verdict) {
  return {
    legal: verdict.legal, reason: verdict.reason, message: verdict.message, word: verdict.word,
    path: verdict.path === null ? null : [...verdict.path], readings: Object.fromEntries(verdict.readings),
    entries: verdict.entries.map(({ form, lemma, pos }) => ({ form, lemma, pos })),
    alternatives: verdict.alternatives.map((path) => [...path]), swing: verdict.swing, suggestions: [...verdict.suggestions],
    error: verdict.legal ? null : { rule: verdict.reason, message: verdict.message },
  };
}

// A ranked move: a word with its path, readings and swing, or a pass and its cell.
export function rankedView({ move, swing, readings }) {
  if (move.kind === "pass") return { kind: "pass", cell: move.cell, swing };
  return { kind: "word", word: move.word, path: [...move.path], readings: Object.fromEntries(readings), swing };
}
