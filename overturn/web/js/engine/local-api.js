// The game endpoints answered in the page, with no server (issue 39): handle(path, body, context) gives the
// {status, body} overturn/service/routers/game.py and referee.py would, so the page (or its worker) sends the
// same requests and renders the same answers, and a test compares the two key by key.
//
// context: {search (search.js), lexiconName, masks? (the trie's node masks search.js was loaded with: close words
// for a refused word are found on them), deal(seed, mode)? → Boards (deal.js's by default), entries(key)? and
// near(key)? (a word's dictionary entries, and close words otherwise found: empty without), chooseMove? (the
// computer, computer.js's by default), familyKeys? (the family filter's keys, a Set or a
// function giving it: a family table is refused with 422 without them), maxWordLength? (64, the server's default)}.
//
// In a worker, for instance (the trie's masks as the lexicon build writes them, Lexicon.masks):
//   const search = await createSearch(await (await fetch(new URL("./search.wasm", import.meta.url))).arrayBuffer());
//   search.loadTrie(masks);
//   const context = { search, lexiconName: "fr", masks };
//   onmessage = ({ data: { id, path, body } }) => postMessage({ id, ...handle(path, body, context) });
// Refusals are answers too ({status: 4xx, body: {error, detail}}); only a bug in the engine throws.

import { MAX_SEED, MODES, PRESETS, Board, BoardError } from "./board.js";
import { chooseMove } from "./computer.js";
import { deal as dealFaces } from "./deal.js";
import { Game, GameError } from "./game.js";
import { near, trieOf } from "./near.js";
import { refereeWord } from "./referee.js";
import { ApiError, anything, cellNumber, decodeBody, flag, list, modeName, oneOf, pathCells, text, whole } from "./requests.js";
import { StateFileError, fromJson } from "./save.js";
import { rankedView, verdictView, viewOf } from "./view.js";
import { pyValue } from "./pytext.js";
import { Random } from "./random.js";
import { isWord } from "./words.js";
import { BOARD_RULES, boardOf } from "./local-words.js";

const MAX_LISTED_MOVES = 2000;
// The computer's level when the request names none, and the largest seed it takes (routers/game.py).
const DEFAULT_LEVEL = 2;
const MAX_COMPUTER_SEED = 2 ** 53;

// The page's deal (deal.js, tiles.deal draw for draw): the layers of a seed as Boards of the mode's rules.
const pageDeal = (seed, mode) => dealFaces(seed).map((faces) => new Board(faces, MODES[mode]));

// The answer to one request: {status, body}; a refusal is {error, detail} as the server's.
export function handle(path, body, context) {
  context = { deal: pageDeal, chooseMove, ...context };
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
    throw new ApiError(422, `unknown lexicon ${pyValue(name)}: this server has ${context.lexiconName}`, { field: "lexicon", available: [context.lexiconName] });
  }
  return name;
}

// The referee's view of the lexicon: membership from the trie, entries and close words where the page has them.
function lexiconFor(context) {
  return {
    name: context.lexiconName,
    has: (key) => isWord(context.search, key),
    entries: (key) => (context.entries ? context.entries(key) : []),
    near: (key) => (context.near ? context.near(key) : context.masks ? near(trieFor(context.masks), key) : []),
  };
}

// The trie's walk for close words, made once per masks array (the page loads one lexicon).
const tries = new WeakMap();
function trieFor(masks) {
  if (!tries.has(masks)) tries.set(masks, trieOf(masks));
  return tries.get(masks);
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

function savedGameOf(saved, context) {
  if (saved === null || typeof saved !== "object" || Array.isArray(saved)) throw new ApiError(400, "'game' must be the saved game (a JSON object)", { field: "game" });
  lexiconOf(saved.lexicon, context);
  return savedGame(saved, context);
}

function wordOf(word, context) {
  const limit = context.maxWordLength ?? 64;
  if ([...word].length > limit) throw new ApiError(422, `'word' is too long: at most ${limit} characters`, { field: "word", max: limit });
  return word;
}

function newGame(body, context) {
  const asked = decodeBody(body, {
    seed: [whole(0, MAX_SEED)], board: [text(1000)], mode: [modeName(Object.keys(PRESETS))], ending: [oneOf(["position", "passes"])],
    family: [flag], lexicon: [anything],
  });
  const { seed, board } = asked;
  const options = {
    ...gameOptions(context), mode: asked.mode ?? "reuse", ending: asked.ending ?? "position", family: asked.family ?? false,
    lexiconName: lexiconOf(asked.lexicon, context),
  };
  const mode = options.mode;
  try {
    if (board !== null) return viewOf(new Game([Board.parse(board, MODES[mode])], options));
    const dealt = seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
    return viewOf(new Game(context.deal(dealt, mode), { ...options, seed: dealt }));
  } catch (error) {
    if (error instanceof BoardError) throw new ApiError(422, `bad board: ${error.message}`, { field: "board" });
    if (error instanceof GameError) throw new ApiError(422, error.message, { field: "family" }); // no family list here
    throw error;
  }
}

// Judge the move in the game's context and play it when legal: the verdict and the state after.
function answer(game, move, player) {
  const judged = game.check(move, player);
  if (judged.legal) {
    game.apply(move.kind === "word"
      ? { player: game.toMove, move: { kind: "word", word: judged.word, path: judged.path }, readings: judged.readings }
      : { player: game.toMove, move, readings: [] });
  }
  const verdict = verdictView(judged);
  return { ...viewOf(game), verdict, error: verdict.error };
}

const PLAYER = [oneOf(["green", "silver"])];
const GAME = [anything, true];

function play(body, context) {
  const asked = decodeBody(body, { game: GAME, word: [text(), true], path: [list], player: PLAYER });
  const word = wordOf(asked.word, context);
  const game = savedGameOf(asked.game, context);
  return answer(game, { kind: "word", word, path: asked.path === null ? null : pathCells(asked.path, game.board.rules) }, asked.player);
}

function pass(body, context) {
  const asked = decodeBody(body, { game: GAME, cell: [anything, true], player: PLAYER });
  const game = savedGameOf(asked.game, context);
  return answer(game, { kind: "pass", cell: cellNumber(body.cell, game.board.rules) }, asked.player);
}

function undo(body, context) {
  const game = savedGameOf(decodeBody(body, { game: GAME }).game, context);
  try {
    game.pop();
  } catch (error) {
    if (error instanceof GameError) throw new ApiError(422, error.message, { field: "game", reason: "nothing_to_undo" });
    throw error;
  }
  return viewOf(game);
}

function nextLayer(body, context) {
  const game = savedGameOf(decodeBody(body, { game: GAME }).game, context);
  try {
    return viewOf(game.nextLayer(context.deal));
  } catch (error) {
    if (error instanceof GameError) throw new ApiError(422, error.message, { field: "game", reason: "no_next_layer" });
    throw error;
  }
}

function moves(body, context) {
  const asked = decodeBody(body, { game: GAME, limit: [whole(0, MAX_LISTED_MOVES)] });
  const limit = asked.limit ?? MAX_LISTED_MOVES;
  const game = savedGameOf(asked.game, context);
  if (limit === 0) {
    const left = game.wordsLeft();
    return { count: left, truncated: left > 0, moves: [] };
  }
  const ranked = game.legalMoves();
  if (!ranked.length || ranked[0].move.kind !== "word") return { count: 0, truncated: false, moves: [] };
  return { count: ranked.length, truncated: limit < ranked.length, moves: ranked.slice(0, limit).map(rankedView) };
}

// /api/referee: a disputed word on a typed board (with a preset and switches) or in a saved game's position.
function referee(body, context) {
  const asked = decodeBody(body, {
    ...BOARD_RULES, word: [text(), true], board: [text(1000)], game: [anything], path: [list], player: PLAYER,
  });
  const word = wordOf(asked.word, context);
  const { path, player } = asked;
  const name = lexiconOf(asked.lexicon, context);
  let game = null;
  let board;
  if (asked.game !== null) {
    game = savedGame(asked.game, context);
    board = game.board;
  } else if (asked.board !== null) {
    board = boardOf(asked);
  } else {
    throw new ApiError(400, "give the board (text) or the game (saved JSON state)", { field: "board" });
  }
  const cells = path === null ? null : pathCells(path, board.rules);
  const judged = refereeWord(context.search, lexiconFor(context), board, word, cells, game, player);
  return { ...verdictView(judged), lexicon: name, board: String(board) };
}

// The computer plays for the side to move at `level` (1 to 5); `seed` makes its choice replayable.
function computer(body, context) {
  const asked = decodeBody(body, { game: GAME, level: [whole(1, 5)], seed: [whole(0, MAX_COMPUTER_SEED)] });
  const game = savedGameOf(asked.game, context);
  const seed = asked.seed ?? crypto.getRandomValues(new Uint32Array(1))[0] % 2 ** 31;
  if (game.isOver()) throw new ApiError(422, "the game is over", { field: "game", reason: "game_over" });
  const choice = context.chooseMove(game, asked.level ?? DEFAULT_LEVEL, new Random(seed));
  game.push(choice.move);
  return { ...viewOf(game), move: rankedView(choice) };
}

const ROUTES = {
  "/api/game/new": newGame,
  "/api/game/play": play,
  "/api/game/pass": pass,
  "/api/game/undo": undo,
  "/api/game/next-layer": nextLayer,
  "/api/game/moves": moves,
  "/api/game/computer": computer,
  "/api/referee": referee,
};
