// The paths of one known word on a board, without the lexicon: what overturn/game/solver.py's Solver does for a
// single key (reading_combinations, witness, paths, path_flags). The referee needs them to show a path, list the
// other paths and find the closest path of a refused word; the search over the whole lexicon is search.js's.
// Ported step for step, in the same order, so the path chosen among equals is Python's.

import { DOUBLE_FACES, bit, cellsOf, readingsOf } from "./board.js";

export const MULTI = 1;
export const NEW = 2;
export const USED = 4;

// What a position adds to the word rules (solver.Constraints): ringed is a BigInt mask, fixed {face: reading},
// played a Set of keys.
export function makeConstraints({ ringed = 0n, needNew = false, needUsed = false, fixed = {}, played = new Set() } = {}) {
  return { ringed, needNew, needUsed, fixed, played };
}

// Every product of the options, the first varying slowest (itertools.product).
function product(options) {
  let combos = [[]];
  for (const choices of options) combos = combos.flatMap((combo) => choices.map((choice) => [...combo, choice]));
  return combos;
}

// Solves one word on one board under one set of rules (the board's).
export class Tracer {
  constructor(board) {
    this.board = board;
    this.rules = board.rules;
    this.trackMulti = board.rules.minTiles === 2;
    this.tileMasks = board.tiles.map((tile) => board.tiles.reduce((mask, other, cell) => (other === tile ? mask | bit(cell) : mask), 0n));
  }

  tracked(constraints) {
    return (this.trackMulti ? MULTI : 0) | (constraints.needNew ? NEW : 0) | (constraints.needUsed ? USED : 0);
  }

  // One {face: reading} per way of reading the unfixed double faces on the board.
  readingCombinations(constraints) {
    const present = DOUBLE_FACES.filter((face) => this.board.hasFace(face));
    const options = present.map((face) => (face in constraints.fixed ? [constraints.fixed[face]] : readingsOf(this.rules, face)));
    return product(options).map((choice) => Object.fromEntries(present.map((face, index) => [face, choice[index]])));
  }

  // Reading → mask of the cells that read so; a face mapped to null is left out.
  readingCells(combination) {
    const cells = new Map();
    this.board.faces.forEach((face, cell) => {
      const reading = face in combination ? combination[face] : face;
      if (reading) cells.set(reading, (cells.get(reading) ?? 0n) | bit(cell));
    });
    return cells;
  }

  *flagSplit(klass, cells, tracked, ringed) {
    const fresh = cells & ~ringed;
    const used = cells & ringed;
    if (fresh) yield [klass | (NEW & tracked), fresh];
    if (used) yield [klass | (USED & tracked), used];
  }

  start(cells, tracked, ringed) {
    const classes = new Map();
    for (const [klass, mask] of this.flagSplit(0, cells, tracked, ringed)) classes.set(klass, (classes.get(klass) ?? 0n) | mask);
    return classes;
  }

  // Classes of partial paths after one more reading on `cells` (reuse mode: the current cell is a neighbour too).
  step(classes, cells, tracked, ringed) {
    const result = new Map();
    for (const [klass, mask] of classes) {
      let moves;
      if (tracked & MULTI && !(klass & MULTI)) {
        let same = 0n;
        let cross = 0n;
        let rest = mask;
        while (rest) {
          const tile = this.tileMask(cellsOf(rest & -rest)[0]);
          const reached = this.board.dilate(mask & tile);
          same |= reached & tile;
          cross |= reached & ~tile;
          rest &= ~tile;
        }
        moves = [[klass, same & cells], [klass | MULTI, cross & cells]];
      } else {
        moves = [[klass, this.board.dilate(mask) & cells]];
      }
      for (const [target, reached] of moves) {
        if (!reached) continue;
        for (const [flagged, part] of this.flagSplit(target, reached, tracked, ringed)) result.set(flagged, (result.get(flagged) ?? 0n) | part);
      }
    }
    return result;
  }

  tileMask(cell) {
    return this.tileMasks[cell];
  }

  // A legal reuse-mode path for the key under one reading combination, or null (Solver.witness): class masks at
  // every position forward, then from the lowest accepting end cell back through the first fitting predecessor.
  witness(word, combination, constraints) {
    const readingCells = this.readingCells(combination);
    const tracked = this.tracked(constraints);
    const { ringed } = constraints;
    const forward = Array.from({ length: word.length + 1 }, () => new Map());
    for (let position = 0; position < word.length; position += 1) {
      for (const [reading, cells] of readingCells) {
        if (!word.startsWith(reading, position)) continue;
        const next = position === 0 ? this.start(cells, tracked, ringed) : this.step(forward[position], cells, tracked, ringed);
        const target = forward[position + reading.length];
        for (const [klass, mask] of next) target.set(klass, (target.get(klass) ?? 0n) | mask);
      }
    }
    const end = forward[word.length].get(tracked) ?? 0n;
    if (!end) return null;
    let cell = cellsOf(end & -end)[0];
    let klass = tracked;
    let position = word.length;
    const path = [cell];
    for (;;) {
      const face = this.board.faces[cell];
      const read = face in combination ? combination[face] : face;
      const begin = position - read.length;
      if (begin === 0) break;
      [cell, klass] = this.predecessor(forward[begin], cell, klass, tracked, ringed);
      position = begin;
      path.push(cell);
    }
    return path.reverse();
  }

  predecessor(classes, cell, klass, tracked, ringed) {
    const arrive = ((ringed >> BigInt(cell)) & 1n ? USED : NEW) & tracked;
    const candidates = this.board.dilate(bit(cell));
    const sorted = [...classes].sort((a, b) => a[0] - b[0]);
    for (const [previousClass, mask] of sorted) {
      for (const previous of cellsOf(mask & candidates)) {
        const crossed = this.board.tiles[previous] !== this.board.tiles[cell] ? MULTI & tracked : 0;
        if ((previousClass | arrive | crossed) === klass) return [previous, previousClass];
      }
    }
    throw new Error("the forward pass promised a predecessor");
  }

  // Per position of the word, the cells whose reading starts there and from which the rest can be spelled.
  viableCells(word, cellReading) {
    const viable = new Array(word.length + 1).fill(0n);
    for (let position = word.length - 1; position >= 0; position -= 1) {
      cellReading.forEach((reading, cell) => {
        if (!word.startsWith(reading, position)) return;
        const after = position + reading.length;
        if (after === word.length || this.board.dilate(bit(cell)) & viable[after]) viable[position] |= bit(cell);
      });
    }
    return viable;
  }

  // Every legal path of the key with the readings it needs, up to `limit` (Solver.paths: the same depth-first
  // order, a stack popped from its end, so the first `limit` paths are Python's).
  *paths(word, constraints, { limit = 100000, combinations = null } = {}) {
    const { board, rules } = this;
    const tracked = this.tracked(constraints);
    const seen = new Set();
    for (const combination of combinations ?? this.readingCombinations(constraints)) {
      const cellReading = board.faces.map((face) => (face in combination ? combination[face] : face) || "\0");
      const viable = this.viableCells(word, cellReading);
      const stack = cellsOf(viable[0]).map((cell) => [cellReading[cell].length, [cell], bit(cell)]);
      while (stack.length) {
        const [position, path, visited] = stack.pop();
        if (position === word.length) {
          const id = path.join(",");
          if (!seen.has(id) && this.pathFlags(path, constraints) === tracked) {
            seen.add(id);
            const used = new Set(path.map((cell) => board.faces[cell]));
            yield [path, DOUBLE_FACES.filter((face) => used.has(face) && face in combination).map((face) => [face, String(combination[face])])];
            if (seen.size >= limit) return;
          }
          continue;
        }
        const last = path[path.length - 1];
        let nearby = (board.dilate(bit(last)) & ~(rules.reuse ? 0n : bit(last))) & viable[position];
        if (!rules.reuse) nearby &= ~visited;
        for (const cell of cellsOf(nearby)) stack.push([position + cellReading[cell].length, [...path, cell], visited | bit(cell)]);
      }
    }
  }

  // The tracked flags a path earns (MULTI, NEW, USED).
  pathFlags(path, constraints) {
    let flags = new Set(path.map((cell) => this.board.tiles[cell])).size >= 2 ? MULTI : 0;
    for (const cell of path) flags |= (constraints.ringed >> BigInt(cell)) & 1n ? USED : NEW;
    return flags & this.tracked(constraints);
  }
}

// The readings of the path's double faces under which it spells the key, fixed readings ignored (referee.path_readings).
export function pathReadings(board, key, path) {
  const faces = path.map((cell) => board.faces[cell]);
  const doubles = DOUBLE_FACES.filter((face) => faces.includes(face));
  const found = [];
  for (const choice of product(doubles.map((face) => readingsOf(board.rules, face)))) {
    const combination = Object.fromEntries(doubles.map((face, index) => [face, choice[index]]));
    if (faces.map((face) => combination[face] ?? face).join("") === key) found.push(combination);
  }
  return found;
}
