// The saved game (overturn/game/save.py and Game.to_json/from_json): JSON with a format name and a version,
// written with each move's player first, read back by rebuilding the deal from the seed (or the typed board) and
// replaying every move, so a tampered file is refused with the field that is wrong (StateFileError, Python's
// message). The type checks here are a hand-made subset of msgspec's (keys, kinds, bounds, choices): a file the
// page itself wrote always passes them; the replay checks, which are the rules, are ported one for one.

import { Board, BoardError, MAX_SEED, MODES, formatCell } from "./board.js";
import { Game } from "./game.js";
import { pyRepr } from "./pytext.js";

export const FORMAT = "overturn-game";
export const VERSION = 1;
const MAX_WORD = 64;
const MAX_BOARD_TEXT = 400;
const MAX_LEXICON_NAME = 4096;
const MAX_CELLS = 36;
const SHORT_VALUE = 80;
const MAX_LEVEL = 5; // the computer's strongest level (save.MAX_LEVEL) // jsonstore.SHORT_VALUE

export class StateFileError extends Error {}

// The saved form, as Python's encode_saved_game writes it (defaults left out: ending "passes", family false).
export function toJson(game) {
  const cols = game.board.rules.cols;
  const at = (cell) => [Math.floor(cell / cols), cell % cols];
  const data = {
    format: FORMAT, version: VERSION, mode: game.mode, lexicon: game.lexiconName, seed: game.seed,
    layers: game.layers.map(String), layer: game.layer, to_move: game.toMove, rings: [...game.rings],
    fixed: Object.fromEntries(Object.entries(game.fixed).sort(([a], [b]) => (a < b ? -1 : 1))),
    moves: game.history.map(({ player, move, readings }) => (move.kind === "pass"
      ? { player, kind: "pass", cell: at(move.cell) }
      : { player, kind: "word", word: move.word, path: move.path.map(at), readings: Object.fromEntries(readings) })),
  };
  if (game.ending !== "passes") data.ending = game.ending;
  if (game.family) data.family = true;
  if (game.computer !== null) data.computer = { side: game.computer[0], level: game.computer[1] };
  return data;
}

const fail = (message) => { throw new StateFileError(message); };
const isInt = (value) => Number.isInteger(value) && typeof value === "number";
// A value's kind and a value quoted, as jsonstore's _kind and _quoted name them in an error.
const KINDS = { string: "a string", number: "a number", boolean: "a boolean", object: "an object" };
const kindOf = (value) => (value === null ? "null" : Array.isArray(value) ? "a list" : isInt(value) ? "an integer" : KINDS[typeof value]);
const clip = (text) => (text.length <= SHORT_VALUE ? text : `${text.slice(0, SHORT_VALUE - 1)}…`);
const quoted = (value) => clip(typeof value === "string" ? pyRepr(value) : JSON.stringify(value));

function expect(ok, field, expected, value) {
  if (!ok) fail(`${field ? `${field}: ` : ""}expected ${expected}, found ${kindOf(value)}`);
}

function checkInt(value, field, low, high, expected = "an integer") {
  expect(isInt(value), field, expected, value);
  if (value < low || value > high) fail(`${field}: ${value} is out of range (${low} to ${high})`);
}

// A text's length in code points, as Python counts it.
function checkLength(text, field, most) {
  const length = [...text].length;
  if (length > most) fail(`${field}: a string of ${length} characters; the limit is ${most}`);
}

function checkChoice(value, field, choices) {
  expect(typeof value === "string", field, "a string", value);
  if (!choices.includes(value)) fail(`${field}: ${quoted(value)} is not one of ${[...choices].sort().map((c) => `'${c}'`).join(", ")}`);
}

function checkObject(value, field, required, optional) {
  expect(value !== null && typeof value === "object" && !Array.isArray(value), field, "an object", value);
  const allowed = [...required, ...optional].sort();
  for (const key of Object.keys(value)) if (!allowed.includes(key)) fail(`${field ? `${field}: ` : ""}unknown key '${key.slice(0, 40)}' (allowed: ${allowed.join(", ")})`);
  for (const key of required) if (!(key in value)) fail(`${field ? `${field}: ` : ""}missing key '${key}'`);
}

function checkCell(value, field) {
  expect(Array.isArray(value), field, "a list", value);
  if (value.length !== 2) fail(`${field}: expected 2 entries, found ${value.length}`);
  value.forEach((n, index) => expect(isInt(n), `${field}[${index}]`, "an integer", n));
}

function checkReadings(value, field) {
  expect(value !== null && typeof value === "object" && !Array.isArray(value), field, "an object", value);
  for (const [face, reading] of Object.entries(value)) expect(typeof reading === "string", `${field}.${face}`, "a string", reading);
}

// The keys, kinds and bounds of a saved game (save.SavedGame), then its version (decode_saved_game).
export function decodeSaved(data) {
  checkObject(data, "", ["format", "version", "mode", "lexicon", "seed", "layers", "layer", "to_move", "rings", "fixed", "moves"], ["ending", "family", "computer"]);
  if (data.format !== FORMAT) checkChoice(data.format, "format", [FORMAT]);
  checkInt(data.version, "version", 0, 2 ** 31);
  checkChoice(data.mode, "mode", Object.keys(MODES));
  expect(typeof data.lexicon === "string", "lexicon", "a string", data.lexicon);
  if (!data.lexicon.length) fail("lexicon: expected at least 1 character(s)");
  checkLength(data.lexicon, "lexicon", MAX_LEXICON_NAME);
  if (data.seed !== null) checkInt(data.seed, "seed", 0, MAX_SEED, "an integer or null");
  expect(Array.isArray(data.layers), "layers", "a list", data.layers);
  if (data.layers.length < 1) fail("layers: expected at least 1 entry, found 0");
  if (data.layers.length > 2) fail(`layers: ${data.layers.length} entries; the limit is 2`);
  data.layers.forEach((text, index) => {
    expect(typeof text === "string", `layers[${index}]`, "a string", text);
    checkLength(text, `layers[${index}]`, MAX_BOARD_TEXT);
  });
  checkInt(data.layer, "layer", 0, 1);
  checkChoice(data.to_move, "to_move", ["green", "silver"]);
  expect(Array.isArray(data.rings), "rings", "a list", data.rings);
  if (data.rings.length > MAX_CELLS) fail(`rings: ${data.rings.length} entries; the limit is ${MAX_CELLS}`);
  data.rings.forEach((ring, index) => { if (ring !== null) checkChoice(ring, `rings[${index}]`, ["green", "silver"]); });
  checkReadings(data.fixed, "fixed");
  expect(Array.isArray(data.moves), "moves", "a list", data.moves);
  if (data.moves.length > MAX_CELLS) fail(`moves: ${data.moves.length} entries; the limit is ${MAX_CELLS}`);
  data.moves.forEach((move, index) => {
    const field = `moves[${index}]`;
    expect(move !== null && typeof move === "object" && !Array.isArray(move), field, "an object", move);
    if (move.kind === "pass") checkObject(move, field, ["player", "kind", "cell"], []);
    else if (move.kind === "word") checkObject(move, field, ["player", "kind", "word", "path", "readings"], []);
    else fail(`${field}.kind: ${"kind" in move ? quoted(move.kind) : "the value"} is not one of 'pass', 'word'`);
    checkChoice(move.player, `${field}.player`, ["green", "silver"]);
    if (move.kind === "pass") return checkCell(move.cell, `${field}.cell`);
    expect(typeof move.word === "string", `${field}.word`, "a string", move.word);
    if (!move.word.length) fail(`${field}.word: expected at least 1 character(s)`);
    checkLength(move.word, `${field}.word`, MAX_WORD);
    if (!/^[A-Z]+$/.test(move.word)) fail(`${field}.word: ${quoted(move.word)} is not in the expected form`);
    expect(Array.isArray(move.path), `${field}.path`, "a list", move.path);
    if (move.path.length > MAX_WORD) fail(`${field}.path: ${move.path.length} entries; the limit is ${MAX_WORD}`);
    move.path.forEach((cell, step) => checkCell(cell, `${field}.path[${step}]`));
    checkReadings(move.readings, `${field}.readings`);
  });
  if ("ending" in data) checkChoice(data.ending, "ending", ["position", "passes"]);
  if ("family" in data) expect(typeof data.family === "boolean", "family", "true or false", data.family);
  if ("computer" in data && data.computer !== null) {
    expect(data.computer !== null && typeof data.computer === "object" && !Array.isArray(data.computer), "computer", "an object or null", data.computer);
    checkObject(data.computer, "computer", ["side", "level"], []);
    checkChoice(data.computer.side, "computer.side", ["green", "silver"]);
    checkInt(data.computer.level, "computer.level", 1, MAX_LEVEL);
  }
  if (data.version !== VERSION) fail(`version: this program reads version ${VERSION}, found ${data.version}`);
  return { ending: "passes", family: false, computer: null, ...data };
}

// The boards of a saved game: the seed's deal (the stored texts must match it) or one typed board.
function savedLayers(saved, deal) {
  const rules = MODES[saved.mode];
  if (saved.seed === null) {
    if (saved.layers.length !== 1) fail("layers: a game without a seed is played on one typed board");
    try {
      return [Board.parse(saved.layers[0], rules)];
    } catch (error) {
      if (error instanceof BoardError) fail(`layers[0]: ${error.message}`);
      throw error;
    }
  }
  const dealt = deal(saved.seed, saved.mode);
  if (saved.layers.length !== dealt.length) fail(`layers: the deal of seed ${saved.seed} has ${dealt.length} layers, the file ${saved.layers.length}`);
  saved.layers.forEach((text, index) => {
    if (text !== String(dealt[index])) fail(`layers[${index}]: does not match the deal of seed ${saved.seed} (${dealt[index]})`);
  });
  return dealt;
}

// Rebuild a game from what the rules derive and replay its moves; the stored rest is only checked (Game.from_json).
// `options`: {search, lexicon, familyKeys} as Game takes them; `deal`: seed, mode → Boards.
export function fromJson(data, options, deal) {
  const saved = decodeSaved(data);
  const layers = savedLayers(saved, deal);
  if (saved.layer >= layers.length) fail(`layer: ${saved.layer} is out of range (0 to ${layers.length - 1})`);
  const game = new Game(layers, { ...options, layer: saved.layer, seed: saved.seed, mode: saved.mode, lexiconName: saved.lexicon, ending: saved.ending, family: saved.family });
  if (saved.computer !== null) game.computer = [saved.computer.side, saved.computer.level];
  if (saved.moves.length > game.board.rules.size) fail(`moves: ${saved.moves.length} entries; the limit is ${game.board.rules.size}`);
  saved.moves.forEach((entry, index) => replay(game, entry, `moves[${index}]`));
  if (saved.to_move !== game.toMove) fail(`to_move: '${saved.to_move}' does not match what the moves give ('${game.toMove}')`);
  if (saved.rings.length !== game.rings.length) fail(`rings: expected ${game.rings.length} entries, found ${saved.rings.length}`);
  saved.rings.forEach((ring, cell) => {
    if (ring !== game.rings[cell]) fail(`rings: cell ${formatCell(game.board, cell)} holds ${ringText(ring)} but the moves give ${ringText(game.rings[cell])}`);
  });
  const fixed = Object.entries(game.fixed).sort(([a], [b]) => (a < b ? -1 : 1));
  if (!sameReadings(saved.fixed, fixed)) fail(`fixed: ${shown(saved.fixed)} does not match what the moves give (${pyDict(fixed)})`);
  return game;
}

const ringText = (value) => (value === null ? "no ring" : `a ${value} ring`);
const sameReadings = (stored, pairs) => Object.keys(stored).length === pairs.length && pairs.every(([face, reading]) => stored[face] === reading);
const pyDict = (pairs) => `{${pairs.map(([face, reading]) => `'${face}': '${reading}'`).join(", ")}}`;
// A stored value quoted in an error, cut short (state._shown, for the dictionaries a file holds).
function shown(readings) {
  const text = pyDict(Object.entries(readings));
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
}

function cellOf(board, [row, col], where) {
  if (!(row >= 0 && row < board.rules.rows && col >= 0 && col < board.rules.cols)) fail(`${where}: [${row}, ${col}] is off the board`);
  return row * board.rules.cols + col;
}

// Re-check one saved move without the lexicon (it was judged when played) and apply it (Game._replay).
function replay(game, entry, where) {
  const board = game.board;
  if (game.isOver()) fail(`${where}: the game was already over`);
  if (entry.player !== game.toMove) fail(`${where}.player: it was ${game.toMove}'s turn`);
  if (entry.kind === "pass") {
    const cell = cellOf(board, entry.cell, `${where}.cell`);
    const judged = game.checkPass({ kind: "pass", cell }, entry.player);
    if (!judged.legal) fail(`${where}.cell: ${judged.message}`);
    game.apply({ player: entry.player, move: { kind: "pass", cell }, readings: [] });
    return;
  }
  const { word } = entry;
  const path = entry.path.map((step, index) => cellOf(board, step, `${where}.path[${index}]`));
  const constraints = game.constraints();
  if (word.length < board.rules.minLength || constraints.played.has(word)) fail(`${where}.word: ${word} is too short or was already played`);
  const judged = game.judgeSaved(word, path, entry.player);
  if (!judged.legal) fail(`${where}.path: ${judged.message}`);
  if (!sameReadings(entry.readings, judged.readings)) {
    const stored = shown(entry.readings);
    fail(`${where}.readings: ${stored} does not match the path (${pyDict(judged.readings)})`);
  }
  game.apply({ player: entry.player, move: { kind: "word", word, path }, readings: judged.readings });
}
