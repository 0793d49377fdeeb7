// An Overturn game (overturn/game/state.py's Game): the board, the rings, whose turn it is and every move so far,
// with the same method names (legalMoves, push, pop, bestSwing, isOver, toMove, wordsLeft, result…) so the
// computer (computer.js) reads it as overturn/game/computer.py reads the Python one.
//
// A move is {kind: "word", word, path} (path null: the referee picks the best) or {kind: "pass", cell}. The word
// search is `search` (search.js); `lexicon` is the referee's {name, has, entries, near} (see referee.js).
// Game end (rule 4): ending "position", over when every ring is placed or no word is left, now or after passes
// (a word not yet played through at least one new cell); ending "passes", over after two passes in a row.

import { GREEN, other } from "./colours.js";
import { MODES, formatCell, withRules } from "./board.js";
import { keyOrNull } from "./normalize.js";
import { makeConstraints } from "./paths.js";
import { GAME_OVER, judgePath, refereeWord, verdict, wrongPlayer } from "./referee.js";
import { bestMove, bestPaths, countWords, findWords, rankMoves } from "./words.js";
import { deriveSeed } from "./sha256.js";

export const ENDINGS = ["position", "passes"];
// Positions whose word count is remembered (the computer asks again and again).
const WORD_COUNT_CACHE = 4096;

// A request the game cannot serve (nothing to undo, no layer left); the message is Python's GameError's.
export class GameError extends Error {}

// A refused move: reason is the referee's code; the game is unchanged.
export class IllegalMove extends Error {
  constructor(result) {
    super(result.message);
    this.reason = result.reason;
    this.verdict = result;
  }
}

export class Game {
  // layers: Boards (their rules' reuse is set from the mode); seed null for a typed board.
  constructor(layers, { layer = 0, seed = null, mode = "reuse", lexiconName = "fr", search = null, lexicon = null, ending = "position", family = false, familyKeys = null } = {}) {
    if (!(mode in MODES)) throw new GameError(`unknown mode '${mode}': use reuse or advanced`);
    if (!ENDINGS.includes(ending)) throw new GameError(`unknown ending '${ending}': use position or passes`);
    if (!(layer >= 0 && layer < layers.length)) throw new GameError(`layer ${layer} does not exist (the deal has ${layers.length})`);
    this.layers = layers.map((board) => board.withRules(withRules(board.rules, { reuse: MODES[mode].reuse })));
    Object.assign(this, { layer, seed, mode, ending, family, lexiconName, search, lexicon });
    // A family table's kept-off keys, given to the search as if played (Game._kept_off): a Set, or a function
    // giving it (asked only for a family table). Without them the table cannot be refereed as the server does.
    if (family && !familyKeys) throw new GameError("a family table needs the family filter's word list, which this page does not hold");
    this.familyKeys = family ? (typeof familyKeys === "function" ? familyKeys() : familyKeys) : new Set();
    // The side the computer plays and its level ([colour, level]) when one does: saved, carried to the next layer.
    this.computer = null;
    this.rings = new Array(this.board.rules.size).fill(null);
    this.toMove = GREEN;
    this.fixed = {};
    this.history = [];
    this.undoStack = [];
    this.wordCounts = new Map();
  }

  // The next game: the bottom layer, or once both are played a new deal from a derived seed. `deal(seed, mode)`
  // gives the new deal's Boards (local-api.js passes deal.js's): game.js imports no tile set of its own.
  nextLayer(deal) {
    const options = { seed: this.seed, mode: this.mode, lexiconName: this.lexiconName, search: this.search, lexicon: this.lexicon, ending: this.ending, family: this.family, familyKeys: this.familyKeys };
    let following;
    if (this.layer + 1 < this.layers.length) following = new Game(this.layers, { ...options, layer: this.layer + 1 });
    else if (this.seed === null) throw new GameError("this board was typed in by hand: there is no other layer to deal");
    else following = new Game(deal(deriveSeed(this.seed), this.mode), { ...options, seed: deriveSeed(this.seed) });
    following.computer = this.computer;
    return following;
  }

  get board() {
    return this.layers[this.layer];
  }

  get ringedMask() {
    return this.rings.reduce((mask, ring, cell) => (ring === null ? mask : mask | (1n << BigInt(cell))), 0n);
  }

  get playedWords() {
    return this.history.filter((played) => played.move.kind === "word").map((played) => played.move.word);
  }

  // What the position requires of the next word: a new cell always, a ringed one once any ring is down.
  constraints() {
    const ringed = this.ringedMask;
    return makeConstraints({ ringed, needNew: true, needUsed: ringed !== 0n, fixed: { ...this.fixed }, played: new Set([...this.playedWords, ...this.familyKeys]) });
  }

  // Per cell, what ringing it is worth to the mover: 1 if new, 2 if the opponent's, 0 if the mover's own.
  gains(mover) {
    return this.rings.map((ring) => (ring === null ? 1 : ring === mover ? 0 : 2));
  }

  swingOf(path, mover) {
    let swing = 0;
    for (const cell of new Set(path)) {
      const ring = this.rings[cell];
      if (ring === null) swing += 1;
      else if (ring !== mover) swing += 2;
    }
    return swing;
  }

  // Rings of each colour now, and whether the game is over; winner null on a tie.
  result() {
    const green = this.rings.filter((ring) => ring === GREEN).length;
    const silver = this.rings.filter((ring) => ring !== null && ring !== GREEN).length;
    const over = this.isOver();
    return { green, silver, over, winner: green === silver ? null : green > silver ? GREEN : other(GREEN) };
  }

  isOver() {
    if (this.rings.every((ring) => ring !== null)) return true;
    if (this.ending === "passes") {
      const lastTwo = this.history.slice(-2);
      return lastTwo.length === 2 && lastTwo.every((played) => played.move.kind === "pass");
    }
    if (this.search === null) return false;
    return this.wordCount({ ...this.constraints(), needUsed: false }) === 0;
  }

  wordCount(constraints) {
    const key = [constraints.ringed, constraints.needUsed, JSON.stringify(Object.entries(constraints.fixed).sort()), [...constraints.played].sort().join(",")].join("|");
    let count = this.wordCounts.get(key);
    if (count === undefined) {
      count = countWords(this.needSearch(), this.board, constraints);
      if (this.wordCounts.size >= WORD_COUNT_CACHE) this.wordCounts.clear();
      this.wordCounts.set(key, count);
    }
    return count;
  }

  needSearch() {
    if (this.search === null) throw new GameError("no lexicon is loaded for this game");
    return this.search;
  }

  // The referee's verdict on the move in this position (player: who claims it, if said).
  check(move, player = null) {
    if (move.kind === "word") {
      this.needSearch();
      if (this.family && this.familyKeys.has(keyOrNull(move.word))) {
        return verdict(false, "family_filter", `${move.word.toUpperCase()} is kept off a family table (the family filter).`, move.word.toUpperCase(), move.path);
      }
      return refereeWord(this.search, this.lexicon, this.board, move.word, move.path, this, player);
    }
    return this.checkPass(move, player);
  }

  checkPass(move, player) {
    const path = [move.cell];
    const no = (reason, message) => verdict(false, reason, message, "", path);
    if (this.isOver()) return no("game_over", GAME_OVER);
    if (player !== null && player !== this.toMove) return no("wrong_player", wrongPlayer(this.toMove, player));
    if (!(move.cell >= 0 && move.cell < this.board.rules.size)) return no("bad_cell", "A pass puts a ring on a cell of the board.");
    if (this.rings[move.cell] !== null) return no("cell_not_new", `${formatCell(this.board, move.cell)} already has a ring; a pass rings a new letter.`);
    return verdict(true, "ok", `${this.toMove} passes: a ${other(this.toMove)} ring on ${formatCell(this.board, move.cell)}.`, "", path, [], { swing: -1 });
  }

  // Play the move for the side to move, or throw IllegalMove and change nothing; the move as played.
  push(move, player = null) {
    const judged = this.check(move, player);
    if (!judged.legal) throw new IllegalMove(judged);
    const played = move.kind === "word"
      ? { player: this.toMove, move: { kind: "word", word: judged.word, path: judged.path }, readings: judged.readings }
      : { player: this.toMove, move: { kind: "pass", cell: move.cell }, readings: [] };
    return this.apply(played);
  }

  apply(played) {
    this.undoStack.push([[...this.rings], this.toMove, { ...this.fixed }]);
    const { move } = played;
    if (move.kind === "word") {
      for (const cell of new Set(move.path)) this.rings[cell] = played.player; // new cells get a ring, used ones flip
      for (const [face, reading] of played.readings) if (!(face in this.fixed)) this.fixed[face] = reading;
    } else {
      this.rings[move.cell] = other(played.player);
    }
    this.toMove = other(played.player);
    this.history.push(played);
    return played;
  }

  // Undo the last move exactly (rings, turn, fixed readings).
  pop() {
    if (!this.history.length) throw new GameError("nothing to undo: no move has been played yet");
    [this.rings, this.toMove, this.fixed] = this.undoStack.pop();
    return this.history.pop();
  }

  // Every legal word with its best-swing path, best swing first: [{move, swing, readings}]; passes only when no
  // word is left.
  legalMoves() {
    if (this.isOver()) return [];
    const search = this.needSearch();
    const constraints = this.constraints();
    const gains = this.gains(this.toMove);
    const ranked = rankMoves(search, this.board, constraints, gains);
    if (ranked !== null && ranked.length) return ranked.map(({ word, path, swing, readings }) => ({ move: { kind: "word", word, path }, swing, readings }));
    const words = ranked !== null ? [] : findWords(search, this.board, constraints).map((found) => found.word);
    if (!words.length) return this.rings.flatMap((ring, cell) => (ring === null ? [{ move: { kind: "pass", cell }, swing: -1, readings: [] }] : []));
    const best = bestPaths(search, this.board, constraints, words, gains);
    const order = words.map((_, index) => index).sort((a, b) => best[b].swing - best[a].swing || a - b);
    return order.map((index) => ({ move: { kind: "word", word: words[index], path: best[index].path }, swing: best[index].swing, readings: best[index].readings }));
  }

  // How many words the side to move could play (legalMoves' words, without ranking their paths).
  wordsLeft() {
    if (this.isOver()) return 0;
    return this.wordCount(this.constraints());
  }

  // The largest swing the side to move can make (0 once over; -1 when only a pass is left).
  bestSwing() {
    if (this.isOver()) return 0;
    const best = bestMove(this.needSearch(), this.board, this.constraints(), this.gains(this.toMove));
    if (best === undefined) {
      const ranked = this.legalMoves();
      return ranked.length ? ranked[0].swing : 0;
    }
    return best === null ? -1 : best.swing;
  }

  // A saved move checked without the lexicon (it was judged when played) against the path rules: the verdict.
  judgeSaved(word, path, player) {
    return judgePath(this.board, word, path, this.constraints(), [], this, player);
  }
}
