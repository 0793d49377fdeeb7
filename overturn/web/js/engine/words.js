// The calls into the word search (search.js, the C search compiled to WebAssembly) in the shapes it takes and gives,
// as overturn/game/solver.py's _native_search_arguments and _native_readings prepare them. Everything that needs
// the lexicon's trie goes through here; the rules around it are this engine's.

import { DOUBLE_FACES, cellsOf, readingsOf } from "./board.js";
import { MULTI, NEW, USED } from "./paths.js";

// The board as search.js takes it.
export function searchBoard(board) {
  const { rows, cols, tileRows, tileCols } = board.rules;
  return { faces: [...board.faces], rows, cols, tileRows, tileCols };
}

// Each double face on the board → the readings it may take (only the fixed one once a move fixed it).
export function searchReadings(board, constraints) {
  const readings = {};
  for (const face of DOUBLE_FACES) {
    if (board.hasFace(face)) readings[face] = face in constraints.fixed ? [constraints.fixed[face]] : [...readingsOf(board.rules, face)];
  }
  return readings;
}

// The constraints as search.js takes them, and the faces whose reading is still free.
export function searchArguments(board, constraints) {
  const rules = board.rules;
  const tracked = (rules.minTiles === 2 ? MULTI : 0) | (constraints.needNew ? NEW : 0) | (constraints.needUsed ? USED : 0);
  const readings = searchReadings(board, constraints);
  const asked = {
    reuse: rules.reuse, minLength: rules.minLength, tracked, ringed: cellsOf(constraints.ringed), readings,
    played: [...constraints.played].sort(),
  };
  return { board: searchBoard(board), constraints: asked, unfixed: Object.keys(readings).filter((face) => !(face in constraints.fixed)) };
}

// A best path as the search gives it ({swing, path, readings} or a [swing, path, readings] tuple) in one shape.
export function bestOf(found) {
  if (found === null || found === undefined) return null;
  if (Array.isArray(found)) return { swing: found[0], path: [...found[1]], readings: found[2].map(([face, reading]) => [face, reading]) };
  return { swing: found.swing, path: [...found.path], readings: (found.readings ?? []).map(([face, reading]) => [face, reading]) };
}

// Whether the key is a word of the lexicon (the trie says so).
export function isWord(search, key) {
  return search.isKey(key);
}

// How many words the constraints allow (len(Solver.solve(constraints))).
export function countWords(search, board, constraints) {
  const { board: asked, constraints: rules } = searchArguments(board, constraints);
  const count = search.countWords(asked, rules);
  return count ?? search.findWords(asked, rules).length;
}

// The best legal path of each key, or null for a key with none (Solver.best_paths).
export function bestPaths(search, board, constraints, keys, gain) {
  const { board: asked, constraints: rules, unfixed } = searchArguments(board, constraints);
  return search.bestPaths(asked, rules, keys, unfixed, gain).map(bestOf);
}

// Every legal word with its best path, best swing first (Solver.ranked), or null where search.js does not cover it.
export function rankMoves(search, board, constraints, gain) {
  const { board: asked, constraints: rules, unfixed } = searchArguments(board, constraints);
  const ranked = search.rankMoves(asked, rules, unfixed, gain);
  return ranked === null ? null : ranked.map((item) => ({ word: item.word, ...bestOf(item) }));
}

// The best move of all ({swing, path, readings}), null when there is no word (Solver.best_of_words).
export function bestMove(search, board, constraints, gain) {
  const { board: asked, constraints: rules, unfixed } = searchArguments(board, constraints);
  const best = search.bestMove(asked, rules, unfixed, gain);
  if (best === null) return undefined; // not covered: the caller falls back
  return best.length ? bestOf(best[0]) : null;
}

// Every legal word with a witness path, sorted by word (Solver.solve).
export function findWords(search, board, constraints) {
  const { board: asked, constraints: rules } = searchArguments(board, constraints);
  return search.findWords(asked, rules);
}
