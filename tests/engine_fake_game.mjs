// A made-up game for tests/test_engine_computer.py, written twice (here and as FakeGame there) to the same rules,
// so Python's computer.py and the page's computer.js can be compared before they share a real game: each
// position's moves come from a hash of the position (so lines that transpose meet the same moves), words along
// paths of a 6×6 board whose swings are the real game's (a new cell +1, a cell taken from the opponent +2),
// readings that make some moves lead to the same position, and passes when a position has no word.

const CELLS = 36;
const OPPONENT = { green: "silver", silver: "green" };
const READINGS = [[["QU", "U"]], [["ZX", "X"]], [["QU", "QU"], ["ZX", "Z"]]];

// FNV-1a over the text's char codes (ASCII here), 32 bits.
function fnv(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

export class FakeGame {
  constructor(seed, cap) {
    Object.assign(this, { seed, cap, rings: new Array(CELLS).fill(null), toMove: "green", history: [], undo: [] });
  }

  isOver() {
    return this.history.length >= this.cap || !this.rings.includes(null);
  }

  legalMoves() {
    if (this.isOver()) return [];
    const position = this.rings.map((ring) => (ring === null ? "." : ring[0])).join("");
    let state = fnv(`${this.seed}|${position}|${this.toMove}`);
    const next = () => (state = (Math.imul(1664525, state) + 1013904223) >>> 0);
    let count = next() % 50;
    if (count < 4) count = 0;
    const moves = [];
    for (let index = 0; index < count; index += 1) {
      const length = 2 + (next() % 5);
      const word = Array.from({ length }, () => String.fromCharCode(65 + (next() % 26))).join("");
      let path = Array.from({ length }, () => next() % CELLS);
      if (index && next() % 4 === 0) path = [...moves[index - 1].move.path].reverse(); // the same cells again
      const pick = next() % 6;
      const readings = pick < READINGS.length ? READINGS[pick] : [];
      moves.push({ move: { kind: "word", word, path }, swing: this.swing(path), readings });
    }
    if (!moves.length) return this.rings.flatMap((ring, cell) => (ring === null ? [{ move: { kind: "pass", cell }, swing: -1, readings: [] }] : []));
    return moves.sort((a, b) => b.swing - a.swing); // stable, as Python's sort
  }

  swing(path) {
    let swing = 0;
    for (const cell of new Set(path)) swing += this.rings[cell] === null ? 1 : this.rings[cell] === this.toMove ? 0 : 2;
    return swing;
  }

  bestSwing() {
    const moves = this.legalMoves();
    return moves.length ? moves[0].swing : 0;
  }

  push(move) {
    this.undo.push([[...this.rings], this.toMove]);
    if (move.kind === "word") for (const cell of move.path) this.rings[cell] = this.toMove;
    else this.rings[move.cell] = OPPONENT[this.toMove];
    this.history.push({ player: this.toMove, move });
    this.toMove = OPPONENT[this.toMove];
  }

  pop() {
    [this.rings, this.toMove] = this.undo.pop();
    this.history.pop();
  }
}
