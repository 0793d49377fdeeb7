// The verdict on one disputed word (overturn/game/referee.py): legal or not, why, and how it can be traced. The
// reasons are the same stable codes, checked in the same order, and the messages the same English sentences (the
// page words the reason codes itself, from js/i18n; the message is for scripts and logs, and the differential
// test compares it with the server's).
//
// `lexicon` is {name, has(key), entries(key), near(key)}: membership from the trie (search.js), entries and close
// words where the page has them (empty lists otherwise). `game` is a Game (game.js) or null.

import { formatCell, withRules } from "./board.js";
import { keyOrNull } from "./normalize.js";
import { Tracer, makeConstraints, pathReadings } from "./paths.js";
import { pyRepr, signed } from "./pytext.js";
import { bestPaths } from "./words.js";

// Paths examined per word when ranking alternatives, and alternatives shown (referee.PATH_LIMIT, ALTERNATIVES_SHOWN).
export const PATH_LIMIT = 2000;
export const ALTERNATIVES_SHOWN = 10;
export const GAME_OVER = "The game is over; start a new one or undo the last move.";

// A verdict: path is cell numbers or null, readings [[face, reading]…] sorted by face.
export function verdict(legal, reason, message, word, path, readings = [], extra = {}) {
  return { legal, reason, message, word, path, readings, entries: [], alternatives: [], swing: null, suggestions: [], ...extra };
}

const refuse = (reason, message, word, path = null, extra = {}) => verdict(false, reason, message, word, path, [], extra);

export const wrongPlayer = (toMove, player) => `It is ${toMove}'s turn, not ${player}'s.`;

// Judge the word on the board (in the game's position if given), along the path if the player traced one.
export function refereeWord(search, lexicon, board, word, path = null, game = null, player = null) {
  const key = keyOrNull(word);
  const shown = key || word;
  if (game !== null) {
    board = game.board;
    if (game.isOver()) return refuse("game_over", GAME_OVER, shown, path);
    if (player !== null && player !== game.toMove) return refuse("wrong_player", wrongPlayer(game.toMove, player), shown, path);
  }
  if (key === null) return refuse("not_in_lexicon", `${pyRepr(word)} is not a word of letters.`, word, path);
  const rules = board.rules;
  if (key.length < rules.minLength) return refuse("too_short", `${key} is too short: a word needs at least ${rules.minLength} letters.`, key, path);
  if (!lexicon.has(key)) {
    const suggestions = lexicon.near(key);
    const hint = suggestions.length ? ` Closest entries: ${suggestions.join(", ")}.` : "";
    return refuse("not_in_lexicon", `${key} is not in the ${lexicon.name} lexicon.${hint}`, key, path, { suggestions });
  }
  const entries = lexicon.entries(key);
  const constraints = game !== null ? game.constraints() : makeConstraints({ needNew: true });
  if (constraints.played.has(key)) return refuse("already_played", `${key} has already been played in this game.`, key, path, { entries });
  const mover = game !== null ? game.toMove : null;
  if (path !== null) return judgePath(board, key, path, constraints, entries, game, mover);
  return judgeWord(search, board, key, constraints, entries, game, mover);
}

// The path checks alone (no lexicon): also what a saved game's moves are replayed with.
export function judgePath(board, key, path, constraints, entries, game, mover) {
  const rules = board.rules;
  const onBoard = (cell) => cell >= 0 && cell < rules.size;
  const shown = path.filter(onBoard).map((cell) => formatCell(board, cell)).join(" ");
  const no = (reason, message) => refuse(reason, message, key, path, { entries });
  if (!path.length || !path.every(onBoard)) return no("bad_path", "The path leaves the board.");
  for (let index = 1; index < path.length; index += 1) {
    const [before, after] = [path[index - 1], path[index]];
    if (before !== after && !board.adjacent(before, after)) {
      return no("bad_path", `${formatCell(board, before)} and ${formatCell(board, after)} are not neighbours; each letter must touch the next (across, down or diagonally).`);
    }
  }
  const spellings = pathReadings(board, key, path);
  if (!spellings.length) return no("bad_path", `The path ${shown} reads ${path.map((cell) => board.faces[cell]).join("")}, not ${key}.`);
  if (new Set(path).size < path.length && !rules.reuse) return no("cell_reused", "Advanced mode: each letter may be used only once in a word.");
  const allowed = spellings.filter((combo) => Object.entries(combo).every(([face, reading]) => (constraints.fixed[face] ?? reading) === reading));
  if (!allowed.length) {
    const fixed = Object.entries(constraints.fixed).sort(([a], [b]) => (a < b ? -1 : 1)).map(([face, reading]) => `${face} reads ${reading}`).join(", ");
    return no("reading_conflict", `This path needs another reading than the one fixed earlier (${fixed}).`);
  }
  if (rules.minTiles >= 2 && new Set(path.map((cell) => board.tileOf(cell))).size < 2) {
    return no("single_tile", `${key} stays inside one tile; a word must use letters of at least two tiles.`);
  }
  const ringed = (cell) => Boolean((constraints.ringed >> BigInt(cell)) & 1n);
  if (constraints.needNew && path.every(ringed)) return no("no_new_cell", `${key} uses no new letter; a word must use at least one letter without a ring.`);
  if (constraints.needUsed && !path.some(ringed)) {
    return no("no_used_cell", `${key} uses no ringed letter; once a ring is on the board (a word or a pass), a word must use one.`);
  }
  const readings = sortedReadings(Object.entries(allowed[0]));
  const swing = pathSwing(path, game, mover);
  return verdict(true, "ok", `${key} is legal along ${shown} (ring swing ${signed(swing)}).`, key, path, readings, { entries, swing });
}

export const sortedReadings = (pairs) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

// One path spelling the key under the constraints, or null (reuse: the witness of the forward pass).
function somePath(tracer, key, constraints) {
  if (tracer.rules.reuse) {
    for (const combination of tracer.readingCombinations(constraints)) {
      const path = tracer.witness(key, combination, constraints);
      if (path !== null) return path;
    }
    return null;
  }
  const found = tracer.paths(key, constraints, { limit: 1 }).next();
  return found.done ? null : found.value[0];
}

// The requirements added one at a time: [reason if no path survives, tracer, constraints, message].
function stages(board, constraints) {
  const rules = board.rules;
  const loose = makeConstraints();
  const fixed = makeConstraints({ fixed: { ...constraints.fixed } });
  const oneTileOk = new Tracer(board.withRules(withRules(rules, { minTiles: 1 })));
  const real = new Tracer(board);
  const list = [["cannot_trace", new Tracer(board.withRules(withRules(rules, { reuse: true, minTiles: 1 }))), loose, (key) => `No path on the board spells ${key}.`]];
  if (!rules.reuse) list.push(["cell_reused", oneTileOk, loose, (key) => `${key} can only be traced by using a letter twice, which advanced mode forbids.`]);
  list.push(
    ["reading_conflict", oneTileOk, fixed, (key) => `Every path for ${key} needs a ZX/Qu reading other than the one fixed earlier in the game.`],
    ["single_tile", real, fixed, (key) => `${key} can only be traced inside one tile; a word must use letters of at least two tiles.`],
    ["no_new_cell", real, { ...fixed, ringed: constraints.ringed, needNew: constraints.needNew },
      (key) => `Every path for ${key} uses only ringed letters; a word must use at least one new letter.`],
    ["no_used_cell", real, { ...constraints, played: new Set() },
      (key) => `No path for ${key} uses a ringed letter as well as a new one; once a ring is on the board (a word or a pass), a word needs both.`],
  );
  return list;
}

// [swing, path, readings] for each legal set of cells spelling the key, best swing first; paths over the same
// cells swing the same, so one (the shortest, then the first in board order) stands for them all.
export function legalPaths(tracer, key, constraints, game, mover, limit = PATH_LIMIT) {
  const best = new Map();
  for (const [path, readings] of tracer.paths(key, constraints, { limit })) {
    const cells = [...new Set(path)].sort((a, b) => a - b).join(",");
    const candidate = [pathSwing(path, game, mover), path, sortedReadings(readings)];
    const known = best.get(cells);
    if (known === undefined || comparePaths(path, known[1]) < 0) best.set(cells, candidate);
  }
  return [...best.values()].sort((a, b) => b[0] - a[0] || comparePaths(a[1], b[1]));
}

// Python's (len(path), path) order.
function comparePaths(a, b) {
  if (a.length !== b.length) return a.length - b.length;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return a[index] - b[index];
  return 0;
}

function judgeWord(search, board, key, constraints, entries, game, mover) {
  const tracer = new Tracer(board);
  const unplayed = { ...constraints, played: new Set() }; // paths: "already played" is its own reason
  if (somePath(tracer, key, unplayed) === null) {
    let closest = null;
    for (const [reason, stageTracer, stageConstraints, message] of stages(board, constraints)) {
      const path = somePath(stageTracer, key, stageConstraints);
      if (path === null) return refuse(reason, message(key), key, closest, { entries });
      closest = path;
    }
    throw new Error("the last stage holds every requirement");
  }
  const gain = game !== null && mover !== null ? game.gains(mover) : new Array(board.rules.size).fill(1);
  const best = bestPaths(search, board, unplayed, [key], gain)[0];
  if (best === null) throw new Error(`${key} has no legal path on this board`);
  const { swing, path } = best;
  const readings = sortedReadings(best.readings);
  const cells = [...new Set(path)].sort((a, b) => a - b).join(",");
  const others = legalPaths(tracer, key, unplayed, game, mover)
    .filter(([, other]) => [...new Set(other)].sort((a, b) => a - b).join(",") !== cells)
    .map(([, other]) => other);
  const shown = path.map((cell) => formatCell(board, cell)).join(" ");
  const more = others.length ? `; ${others.length} other path${others.length === 1 ? "" : "s"}` : "";
  return verdict(true, "ok", `${key} is legal along ${shown} (ring swing ${signed(swing)}${more}).`, key, path, readings, {
    entries, alternatives: others.slice(0, ALTERNATIVES_SHOWN), swing,
  });
}

// How much the mover's lead grows: +1 per new cell ringed, +2 per opponent ring flipped (a cell counts once).
export function pathSwing(path, game, mover) {
  if (game === null || mover === null) return new Set(path).size;
  return game.swingOf(path, mover);
}
