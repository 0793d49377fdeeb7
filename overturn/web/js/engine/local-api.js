// The game endpoints answered in the page, with no server (issue 39): handle(path, body, context) gives the
// {status, body} overturn/service/routers/game.py and referee.py would, so the page (or its worker) sends the
// same requests and renders the same answers, and a test compares the two key by key.
//
// context: {search (search.js), lexiconName, deal(seed, mode) → Boards (deal.js), entries(key)? and near(key)?
// (a word's dictionary entries and close words, where the page has them: empty otherwise), familyKeys? (the
// family filter's keys), maxWordLength? (64, the server's default)}.

import { MAX_SEED, MODES, PRESETS, Board, BoardError, withRules } from "./board.js";
import { Game, GameError } from "./game.js";
import { refereeWord } from "./referee.js";
import { ApiError, boolField, cellNumber, choiceField, intField, listField, pathCells, requiredField, textField } from "./requests.js";
import { StateFileError, fromJson } from "./save.js";
import { rankedView, verdictView, viewOf } from "./view.js";
import { pyRepr } from "./pytext.js";
import { isWord } from "./words.js";

const MAX_LISTED_MOVES = 2000;

// The answer to one request: {status, body}; a refusal is {error, detail} as the server's.
export function handle(path, body, context) {
  const route = ROUTES[path];
  if (route === undefined) return { status: 404, body: { error: "no such page or endpoint; see /openapi.json", detail: null } };
  try {
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "the body must be a JSON object");
    return { status: 200, body: route(body, context) };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.message, detail: error.detail } };
    throw error;
  }
}

// The lexicon the request names (the page has one): 422 with the choices otherwise.
function lexiconOf(name, context) {
  if (name === undefined || name === null || name === "") return context.lexiconName;
  if (name !== context.lexiconName) {
    const shown = typeof name === "string" ? pyRepr(name) : JSON.stringify(name);
    throw new ApiError(422, `unknown lexicon ${shown}: this server has ${context.lexiconName}`, { field: "lexicon", available: [context.lexiconName] });
  }
  return name;
}

// The referee's view of the lexicon: membership from the trie, entries and close words where the page has them.
function lexiconFor(context) {
  return {
    name: context.lexiconName,
    has: (key) => isWord(context.search, key),
    entries: (key) => (context.entries ? context.entries(key) : []),
    near: (key) => (context.near ? context.near(key) : []),
  };
}

function gameOptions(context) {
  return { search: context.search, lexicon: lexiconFor(context), familyKeys: context.familyKeys ?? null };
}

// The game a request carries, replayed and checked: 422 naming the field when refused.
function savedGame(saved, context) {
  try {
    return fromJson(saved, gameOptions(context), context.deal);
  } catch (error) {
    if (error instanceof StateFileError || error instanceof GameError) throw new ApiError(422, `bad game: ${error.message}`, { field: "game" });
    throw error;
  }
}

function savedGameOf(body, context) {
  const saved = requiredField(body, "game");
  if (saved === null || typeof saved !== "object" || Array.isArray(saved)) throw new ApiError(400, "'game' must be the saved game (a JSON object)", { field: "game" });
  lexiconOf(saved.lexicon, context);
  return savedGame(saved, context);
}

function wordOf(body, context) {
  const word = textField(body, "word", { required: true });
  const limit = context.maxWordLength ?? 64;
  if ([...word].length > limit) throw new ApiError(422, `'word' is too long: at most ${limit} characters`, { field: "word", max: limit });
  return word;
}

function newGame(body, context) {
  const seed = intField(body, "seed", 0, MAX_SEED);
  const board = textField(body, "board", { most: 1000 });
  const mode = choiceField(body, "mode", ["reuse", "advanced"]) ?? "reuse";
  const ending = choiceField(body, "ending", ["position", "passes"]) ?? "position";
  const family = boolField(body, "family", false);
  const lexiconName = lexiconOf(body.lexicon, context);
  const options = { ...gameOptions(context), mode, ending, family, lexiconName };
  if (board !== null) {
    try {
      return viewOf(new Game([Board.parse(board, MODES[mode])], options));
    } catch (error) {
      if (error instanceof BoardError) throw new ApiError(422, `bad board: ${error.message}`, { field: "board" });
      throw error;
    }
  }
  const dealt = seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
  return viewOf(new Game(context.deal(dealt, mode), { ...options, seed: dealt }));
}

// Judge the move in the game's context and play it when legal: the verdict and the state after.
function answer(game, move, player) {
  const judged = game.check(move, player);
  if (judged.legal) {
    game.apply(move.kind === "word"
      ? { player: game.toMove, move: { kind: "word", word: judged.word, path: judged.path }, readings: judged.readings }
      : { player: game.toMove, move, readings: [] });
  }
  return { ...viewOf(game), verdict: verdictView(judged) };
}

function play(body, context) {
  const word = wordOf(body, context);
  const path = listField(body, "path");
  const player = choiceField(body, "player", ["green", "silver"]);
  const game = savedGameOf(body, context);
  return answer(game, { kind: "word", word, path: path === null ? null : pathCells(path, game.board.rules) }, player);
}

function pass(body, context) {
  requiredField(body, "cell");
  const player = choiceField(body, "player", ["green", "silver"]);
  const game = savedGameOf(body, context);
  return answer(game, { kind: "pass", cell: cellNumber(body.cell, game.board.rules) }, player);
}

function undo(body, context) {
  const game = savedGameOf(body, context);
  try {
    game.pop();
  } catch (error) {
    if (error instanceof GameError) throw new ApiError(422, error.message, { field: "game", reason: "nothing_to_undo" });
    throw error;
  }
  return viewOf(game);
}

function nextLayer(body, context) {
  const game = savedGameOf(body, context);
  try {
    return viewOf(game.nextLayer(context.deal));
  } catch (error) {
    if (error instanceof GameError) throw new ApiError(422, error.message, { field: "game", reason: "no_next_layer" });
    throw error;
  }
}

function moves(body, context) {
  const limit = intField(body, "limit", 0, MAX_LISTED_MOVES) ?? MAX_LISTED_MOVES;
  const game = savedGameOf(body, context);
  if (limit === 0) return { count: game.wordsLeft(), moves: [] };
  const ranked = game.legalMoves();
  if (!ranked.length || ranked[0].move.kind !== "word") return { count: 0, moves: [] };
  return { count: ranked.length, moves: ranked.slice(0, limit).map(rankedView) };
}

// /api/referee: a disputed word on a typed board (with a preset and switches) or in a saved game's position.
function referee(body, context) {
  const word = wordOf(body, context);
  const preset = choiceField(body, "mode", Object.keys(PRESETS));
  const reuse = boolField(body, "reuse");
  const minLength = intField(body, "min_length", 1, 64);
  const minTiles = intField(body, "min_tiles", 1, 2);
  const text = textField(body, "board", { most: 1000 });
  const path = listField(body, "path");
  const player = choiceField(body, "player", ["green", "silver"]);
  const name = lexiconOf(body.lexicon, context);
  let game = null;
  let board;
  if (body.game !== undefined && body.game !== null) {
    game = savedGame(body.game, context);
    board = game.board;
  } else if (text !== null) {
    const rules = PRESETS[preset ?? "overturn"];
    const switches = {};
    if (reuse !== null) switches.reuse = reuse;
    if (minLength !== null) {
      if (minLength > rules.size) throw new ApiError(422, `'min_length' must be between 1 and ${rules.size}, not ${minLength}`, { field: "min_length" });
      switches.minLength = minLength;
    }
    if (minTiles !== null) switches.minTiles = minTiles;
    try {
      board = Board.parse(text, withRules(rules, switches));
    } catch (error) {
      if (error instanceof BoardError) throw new ApiError(422, `bad board: ${error.message}`, { field: "board" });
      throw error;
    }
  } else {
    throw new ApiError(400, "give the board (text) or the game (saved JSON state)", { field: "board" });
  }
  const cells = path === null ? null : pathCells(path, board.rules);
  const judged = refereeWord(context.search, lexiconFor(context), board, word, cells, game, player);
  return { ...verdictView(judged), lexicon: name, board: String(board) };
}

const ROUTES = {
  "/api/game/new": newGame,
  "/api/game/play": play,
  "/api/game/pass": pass,
  "/api/game/undo": undo,
  "/api/game/next-layer": nextLayer,
  "/api/game/moves": moves,
  "/api/referee": referee,
};
