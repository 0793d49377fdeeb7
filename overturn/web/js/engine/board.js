// The Overturn board as overturn/game/board.py has it: faces on a grid of tiles, its text notation and its rules.
// A face is a letter or a double face, ZX (reads Z or X) and QU (reads U or QU); cells are numbered row by row
// from 0. Masks of cells are BigInts: a board has up to 36 cells here (the preset boards), past 32-bit numbers.

import { pyRepr } from "./pytext.js";

export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const DOUBLE_FACES = ["ZX", "QU"];
// Seeds a deal accepts: 32 bits (board.MAX_SEED).
export const MAX_SEED = 2 ** 32 - 1;

export class BoardError extends Error {}

// Geometry and word rules (board.Rules); the presets below are Python's.
export function makeRules({
  rows = 6, cols = 6, tileRows = 2, tileCols = 2, reuse = true, minLength = 2, minTiles = 2,
  quReadings = ["U", "QU"], zxReadings = ["Z", "X"],
} = {}) {
  return Object.freeze({ rows, cols, tileRows, tileCols, reuse, minLength, minTiles, quReadings, zxReadings, size: rows * cols });
}

export function withRules(rules, changes) {
  return makeRules({ ...rules, ...changes });
}

// The ways a face can be read when nothing has fixed it yet.
export function readingsOf(rules, face) {
  if (face === "QU") return rules.quReadings;
  if (face === "ZX") return rules.zxReadings;
  return [face];
}

export const OVERTURN = makeRules();
export const OVERTURN_ADVANCED = withRules(OVERTURN, { reuse: false });
export const BOGGLE_4X4 = makeRules({ rows: 4, cols: 4, tileRows: 1, tileCols: 1, reuse: false, minLength: 3, minTiles: 1, quReadings: ["QU"] });
export const BOGGLE_5X5 = withRules(BOGGLE_4X4, { rows: 5, cols: 5, minLength: 4 });
export const PRESETS = { overturn: OVERTURN, advanced: OVERTURN_ADVANCED, boggle4: BOGGLE_4X4, boggle5: BOGGLE_5X5 };
// The game's modes (save.MODES).
export const MODES = { reuse: OVERTURN, advanced: OVERTURN_ADVANCED };

const isSpace = (char) => /^[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/.test(char);

// Python's str.upper() of one character, as a string (ß → SS).
const upper = (char) => char.toUpperCase();

// The faces of a board text (board.parse_faces): letters, [ZX] and [QU] (a lone Q is the Qu face); spaces, newlines
// and "/" ignored; lower case accepted. BoardError with Python's message otherwise.
export function parseFaces(text, rules = OVERTURN) {
  const faces = [];
  const chars = Array.from(text); // Python indexes code points
  let index = 0;
  while (index < chars.length) {
    const char = chars[index];
    if (isSpace(char) || char === "/") {
      index += 1;
      continue;
    }
    const where = `row ${Math.floor(faces.length / rules.cols) + 1}, column ${(faces.length % rules.cols) + 1}`;
    let face;
    if (char === "[") {
      const end = chars.indexOf("]", index);
      if (end < 0) throw new BoardError(`${where}: '[' without a closing ']'`);
      const inside = chars.slice(index + 1, end).join("");
      face = upper(inside.replace(/^\s+|\s+$/g, ""));
      if (!DOUBLE_FACES.includes(face)) throw new BoardError(`${where}: unknown double face [${inside}] (use [ZX] or [QU])`);
      index = end + 1;
    } else {
      face = upper(char);
      if (face === "Q") {
        face = "QU";
        if (index + 1 < chars.length && upper(chars[index + 1]) === "U") index += 1; // "QU" written without brackets
      } else if (face.length !== 1 || !LETTERS.includes(face)) {
        throw new BoardError(`${where}: ${pyRepr(char)} is not a letter`);
      }
      index += 1;
    }
    faces.push(face);
  }
  if (faces.length !== rules.size) {
    throw new BoardError(`a ${rules.rows}×${rules.cols} board has ${rules.size} faces, this text has ${faces.length}`);
  }
  return faces;
}

export const formatFace = (face) => (face.length > 1 ? `[${face}]` : face);

// An immutable grid of faces with its rules, and the neighbourhoods the path search needs.
export class Board {
  constructor(faces, rules = OVERTURN) {
    if (faces.length !== rules.size) throw new BoardError(`expected ${rules.size} faces, got ${faces.length}`);
    this.faces = Object.freeze([...faces]);
    this.rules = rules;
    const all = (1n << BigInt(rules.size)) - 1n;
    let notFirst = 0n;
    let notLast = 0n;
    for (let cell = 0; cell < rules.size; cell += 1) {
      if (cell % rules.cols !== 0) notFirst |= 1n << BigInt(cell);
      if (cell % rules.cols !== rules.cols - 1) notLast |= 1n << BigInt(cell);
    }
    this.masks = { all, notFirst, notLast, width: BigInt(rules.cols) };
    this.tiles = faces.map((_, cell) => this.tileOf(cell));
  }

  static parse(text, rules = OVERTURN) {
    return new Board(parseFaces(text, rules), rules);
  }

  withRules(rules) {
    return new Board(this.faces, rules);
  }

  // The board's text as str(Board) writes it: "AMRECD / ETSOAU / …".
  toString() {
    const rows = [];
    for (let row = 0; row < this.rules.rows; row += 1) rows.push(this.rowFaces(row).map(formatFace).join(""));
    return rows.join(" / ");
  }

  rowFaces(row) {
    return this.faces.slice(row * this.rules.cols, (row + 1) * this.rules.cols);
  }

  coords(cell) {
    return [Math.floor(cell / this.rules.cols), cell % this.rules.cols];
  }

  tileOf(cell) {
    const [row, col] = this.coords(cell);
    const perRow = this.rules.cols / this.rules.tileCols;
    return Math.floor(row / this.rules.tileRows) * perRow + Math.floor(col / this.rules.tileCols);
  }

  // The 8-neighbourhood (a cell is not its own neighbour; the reuse rule decides repeats).
  adjacent(a, b) {
    const [ra, ca] = this.coords(a);
    const [rb, cb] = this.coords(b);
    return a !== b && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
  }

  // Cells equal or adjacent to a cell of the mask (Solver.dilate).
  dilate(mask) {
    const { all, notFirst, notLast, width } = this.masks;
    const row = mask | ((mask << 1n) & notFirst) | ((mask >> 1n) & notLast);
    return (row | (row << width) | (row >> width)) & all;
  }

  hasFace(face) {
    return this.faces.includes(face);
  }
}

// Column letter and row number, e.g. B3 (board.format_cell).
export function formatCell(board, cell) {
  const [row, col] = board.coords(cell);
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

// The cells set in a mask, lowest first.
export function cellsOf(mask) {
  const cells = [];
  let cell = 0;
  while (mask) {
    if (mask & 1n) cells.push(cell);
    mask >>= 1n;
    cell += 1;
  }
  return cells;
}

export const bit = (cell) => 1n << BigInt(cell);
