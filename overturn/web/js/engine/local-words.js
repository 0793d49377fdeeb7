// The word endpoints answered in the page (issue 39), beside local-api.js's game endpoints: POST /api/solve (the
// JSON of overturn/service/routers/solve.py: every legal word of a board with a path, longest first, the count by
// length) and GET /api/words/{word} (dictionary.py's lookup: membership and the word's spellings; the page has no
// lemmas, categories or definition links, so `entries` is empty and the spellings say how the word is written).
// context: {search (search.js, a trie loaded), lexiconName, spellings (lexicon.js's Spellings), near(key)? (close
// keys, for a non-word looked up with suggest), maxSolveWords?, maxWordLength?}. No DOM: the worker and Node run it alike.

import { Board, BoardError, DOUBLE_FACES, PRESETS, readingsOf, withRules } from "./board.js";
import { InvalidWord, normalizeKey } from "./normalize.js";
import { ApiError, anything, decodeBody, modeName, oneOf, text, whole } from "./requests.js";
import { pyValue } from "./pytext.js";

const MULTI = 1;  // search.js's flag: a path must cover two tiles at least
const MAX_SOLVE_WORDS = 10000;  // the server's default limits.max_solve_words

function lexiconOf(name, context) {
  if (name === undefined || name === null || name === "") return context.lexiconName;
  if (name !== context.lexiconName) {
    const shown = pyValue(name);
    throw new ApiError(422, `unknown lexicon ${shown}: this server has ${context.lexiconName}`, { field: "lexicon", available: [context.lexiconName] });
  }
  return name;
}

// The request's fields (SolveRequest: BoardRules's, then the board, the limit and the CLI's filters) read as typed_body
// reads them; the filters are only looked at to leave a filtered solve to the server (see solve).
function solveRequest(body) {
  return decodeBody(body, {
    ...BOARD_RULES, board: [text(1000), true], limit: [positive],
    min_len: [anything], pattern: [anything], contains: [anything], sort: [anything],
  });
}

// BoardRules's fields: the preset, and the mode (reuse or advanced) and switches that override it.
export const BOARD_RULES = {
  preset: [oneOf(Object.keys(PRESETS))], mode: [modeName(Object.keys(PRESETS))], min_length: [whole(1, 64)], min_tiles: [whole(1, 2)],
  lexicon: [anything],
};

// Whether a solve asks for the CLI's filters (words kept by length, pattern or contents, or alphabetical): the server's.
function filtered(asked) {
  return asked.pattern !== null || asked.contains !== null || ![null, 0].includes(asked.min_len) || ![null, "length"].includes(asked.sort);
}

// A whole number of at least 1 (msgspec's Meta(ge=1)); the server's own bound is checked after the board.
function positive(value, field) {
  const number = whole(-Infinity, Infinity)(value, field);
  if (number < 1) throw new ApiError(422, `'${field}' must be >= 1, not ${number}`, { field });
  return number;
}

// A typed board read with its preset and switches, as Service.board_and_rules reads it.
export function boardOf(asked) {
  const rules = PRESETS[asked.preset ?? "overturn"];
  const switches = {};
  if (asked.mode !== null) switches.reuse = asked.mode === "reuse";
  if (asked.min_length !== null) {
    if (asked.min_length > rules.size) throw new ApiError(422, `'min_length' must be between 1 and ${rules.size}, not ${asked.min_length}`, { field: "min_length" });
    switches.minLength = asked.min_length;
  }
  if (asked.min_tiles !== null) switches.minTiles = asked.min_tiles;
  try {
    return Board.parse(asked.board, withRules(rules, switches));
  } catch (error) {
    if (error instanceof BoardError) throw new ApiError(422, `bad board: ${error.message}`, { field: "board" });
    throw error;
  }
}

// Every legal word of the board with no game around it (Solver.solve with no constraint): [{word, path, readings}].
export function solveBoard(search, board) {
  const { rows, cols, tileRows, tileCols, reuse, minLength, minTiles } = board.rules;
  const readings = {};
  for (const face of DOUBLE_FACES) if (board.hasFace(face)) readings[face] = [...readingsOf(board.rules, face)];
  const found = search.findWords(
    { faces: [...board.faces], rows, cols, tileRows, tileCols },
    { reuse, minLength, tracked: minTiles === 2 ? MULTI : 0, ringed: [], readings, played: [] },
  );
  if (found === null) throw new ApiError(422, "this board is not one the page's search covers: ask the server", { field: "board" });
  return found;
}

// POST /api/solve: {board, faces, rules, mode, lexicon, count, truncated, lengths, words, cached, elapsed_ms}; null for
// a filtered solve (the server's to answer).
export function solve(body, context) {
  const started = performance.now();
  const most = context.maxSolveWords ?? MAX_SOLVE_WORDS;
  const asked = solveRequest(body);
  if (filtered(asked)) return null;
  const board = boardOf(asked);
  const name = lexiconOf(asked.lexicon, context);
  if (asked.limit !== null && asked.limit > most) throw new ApiError(422, `'limit' must be between 1 and ${most}, not ${asked.limit}`, { field: "limit" });
  const limit = asked.limit ?? most;
  const found = solveBoard(context.search, board);
  const lengths = {};
  for (const { word } of found) lengths[word.length] = (lengths[word.length] ?? 0) + 1;
  const ordered = [...found].sort((a, b) => b.word.length - a.word.length);  // stable: alphabetical within a length
  const { rows, cols, reuse, minLength, minTiles } = board.rules;
  return {
    board: String(board),
    faces: Array.from({ length: rows }, (_, row) => [...board.rowFaces(row)]),
    rules: { rows, cols, reuse, min_length: minLength, min_tiles: minTiles },
    mode: reuse ? "reuse" : "advanced",
    lexicon: name,
    count: found.length,
    truncated: found.length > limit,
    lengths: Object.fromEntries(Object.keys(lengths).map(Number).sort((a, b) => a - b).map((length) => [String(length), lengths[length]])),
    words: ordered.slice(0, limit).map(({ word, path, readings }) => ({ word, path, readings: Object.fromEntries(readings) })),
    cached: false,
    elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
  };
}

// A query's yes or no, as params.bool_param reads it.
function boolParam(value, name, fallback) {
  if (value === null || value === "") return fallback;
  if (["true", "1", "yes"].includes(value.toLowerCase())) return true;
  if (["false", "0", "no"].includes(value.toLowerCase())) return false;
  throw new ApiError(400, `'${name}' must be true or false, not ${pyValue(value)}`, { field: name });
}

// GET /api/words/{word}: {word, key, lexicon, valid, spellings, entries, suggestions}; null when the word's spellings
// cannot be read.
export async function lookup(word, query, context) {
  const limit = context.maxWordLength ?? 64;
  if (!word) throw new ApiError(400, "'word' is required", { field: "word" });
  if ([...word].length > limit) throw new ApiError(422, `'word' is too long: at most ${limit} characters`, { field: "word", max: limit });
  const name = lexiconOf(query.get("lexicon"), context);
  const suggest = boolParam(query.get("suggest"), "suggest", true);
  let key;
  try {
    key = normalizeKey(word);
  } catch (error) {
    if (error instanceof InvalidWord) throw new ApiError(422, error.message, { field: "word" });
    throw error;
  }
  const valid = context.search.isKey(key);
  let spellings = [];
  if (valid) {
    try {
      spellings = [...(await context.spellings.of(key))].sort();
    } catch (error) {
      return null;  // the spellings' shard could not be read (offline, never cached): the server's to answer
    }
  }
  return { word, key, lexicon: name, valid, spellings, entries: [], suggestions: suggest && !valid && context.near ? context.near(key) : [] };
}

// The answer to a request of one of these two endpoints, or null when the path is neither (or a word's spellings
// are out of reach: the server's to answer then).
export async function handleWords(path, query, body, context) {
  try {
    if (path === "/api/solve") {
      if (body === null || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "the body must be a JSON object");
      const answer = solve(body, context);
      return answer === null ? null : { status: 200, body: answer };
    }
    if (path.startsWith("/api/words/")) {
      const answer = await lookup(decodeURIComponent(path.slice("/api/words/".length)), query, context);
      return answer === null ? null : { status: 200, body: answer };
    }
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.message, detail: error.detail } };
    throw error;
  }
  return null;
}
