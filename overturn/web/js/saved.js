// What this phone keeps in local storage: its game (and the recent ones it replaced), the shared tables it
// created (their seat links) and the ones it opened, and each shared table's last known state (js/offline.js).
import { t } from "./i18n.js";
import { SIDES, SIZE } from "./notation.js";
import { keepTable } from "./offline.js";
import { page } from "./state.js";
import { up } from "./upward.js";

const STORE_GAME = "overturn-game";
const STORE_RECENT = "overturn-recent";
const STORE_TABLES = "overturn-tables";  // the shared tables this phone created: id -> {creator, tokens}
const STORE_JOINED = "overturn-joined";  // the shared tables this phone opened, newest first: [{id, seat, names, role, at}]
const MAX_TABLES = 20;
const MAX_RECENT = 10;   // recent games kept on this phone, newest first

// Everything that keeps, replaces or archives the game goes through these few functions, so a game held
// by the server can later take the local one's place: `current` is the last answer of /api/game/* with
// `table` added ({opponent, past}), kept in local storage; replaced games go to a bounded recent list.

export function saveGame() {
  // a shared table lives on the server; this phone's own game stays saved, and the table is kept apart, as last seen
  // (not while shown stale: it was seen no later than before), for a link opened offline
  if (page.current && page.current.shared) {
    const { shared } = page.current;
    if (!page.stale) keepTable("overturn", shared.id, shared.seat, { ...page.current, shared: { ...shared, seat: null } });
    return;
  }
  if (page.current) localStorage.setItem(STORE_GAME, JSON.stringify(page.current)); else localStorage.removeItem(STORE_GAME);
}

// A stored state the page can show (local storage may hold anything: an old version, an edit by hand);
// the server checks the game itself on the next request.
function validState(saved) {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  if (!isObject(saved) || !isObject(saved.game) || !isObject(saved.result) || !Array.isArray(saved.faces)) return null;
  const game = saved.game;
  if (!Array.isArray(game.moves) || !Array.isArray(game.rings) || !Array.isArray(game.layers) || !isObject(game.fixed)) return null;
  const flat = saved.faces.flat();
  if (flat.length !== SIZE * SIZE || !flat.every((face) => typeof face === "string")) return null;
  const result = saved.result;
  if (!("turn" in result) && "to_move" in result) {  // stored before the score named seats (turn, winners): read it the new way
    const winner = SIDES.indexOf(result.winner);
    saved.result = { green: result.green, silver: result.silver, over: Boolean(result.over),
      turn: result.over ? null : SIDES.indexOf(result.to_move), winners: !result.over ? [] : winner >= 0 ? [winner] : [0, 1] };
  }
  if (!Array.isArray(saved.result.scores)) {  // stored before the scores were a list by seat ({green, silver})
    const { green, silver, ...rest } = saved.result;
    if (!Number.isInteger(green) || !Number.isInteger(silver)) return null;
    saved.result = { scores: [green, silver], ...rest };
  }
  return saved;
}

export function loadSaved() {
  try {
    return validState(JSON.parse(localStorage.getItem(STORE_GAME) || "null"));
  } catch (error) {
    return null;
  }
}

// The table around a game: the computer opponent (or none) and the scores of the layers before this one.
export function tableOf(state) {
  const table = (state && state.table) || {};
  const opponent = table.opponent && ["green", "silver"].includes(table.opponent.side) && Number.isInteger(table.opponent.level)
    ? { side: table.opponent.side, level: table.opponent.level } : null;
  const past = Array.isArray(table.past)
    ? table.past.filter((layer) => layer && Number.isInteger(layer.green) && Number.isInteger(layer.silver)) : [];
  return { opponent, past };
}

// A game worth keeping: one with a move, or the later layer of a game (its total).
function worthKeeping(state) { return state && (state.game.moves.length > 0 || tableOf(state).past.length > 0); }
// A game one would regret losing without being asked: moves played and not over.
export function inProgress(state) { return state && state.game.moves.length > 0 && !state.result.over; }

export function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_RECENT) || "[]");
    return Array.isArray(list) ? list.filter(validState).slice(0, MAX_RECENT) : [];
  } catch (error) {
    return [];
  }
}

// The recent list as given (a game taken out of it to be played again).
export function keepRecent(games) {
  localStorage.setItem(STORE_RECENT, JSON.stringify(games));
}

// Keeps a game that is being replaced at the head of the recent list (once, at most MAX_RECENT games).
export function archive(state) {
  if (!worthKeeping(state)) return;
  const same = JSON.stringify(state.game);
  const list = recentGames().filter((item) => JSON.stringify(item.game) !== same);
  list.unshift({ ...state, archived: Date.now() });
  // A full storage drops the oldest games rather than failing the action that replaced this one.
  for (let keep = MAX_RECENT; keep > 0; keep--) {
    try {
      localStorage.setItem(STORE_RECENT, JSON.stringify(list.slice(0, keep)));
      break;
    } catch (error) {
      if (keep === 1) localStorage.removeItem(STORE_RECENT);
    }
  }
  up.renderRecent();
}

export function gameName(state) {
  const game = state.game;
  const name = game.seed !== null && game.seed !== undefined ? t("dealName", game.seed, game.layer ? game.layer + 1 : 0) : t("typedName");
  const opponent = tableOf(state).opponent;
  return name + (opponent ? t("vsComputer", opponent.level) : "");
}

export function joinedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_JOINED) || "[]");
    return Array.isArray(list) ? list.filter((item) => item && typeof item.id === "string" && typeof item.names === "string").slice(0, MAX_TABLES) : [];
  } catch (error) {
    return [];
  }
}

// A shared table opened here stays reachable from the recent list (its link is all it takes).
export function rememberJoined(shared) {
  const names = shared.seats.map((seat) => seat.name).join(" – ");
  const role = shared.you === null ? null : shared.you;
  const list = joinedTables().filter((item) => !(item.id === shared.id && item.seat === shared.seat));
  list.unshift({ id: shared.id, seat: shared.seat, names, role, at: Date.now() });
  try { localStorage.setItem(STORE_JOINED, JSON.stringify(list.slice(0, MAX_TABLES))); } catch (error) { /* a full storage keeps the older list */ }
}

export function createdTables() {
  try {
    const map = JSON.parse(localStorage.getItem(STORE_TABLES) || "{}");
    return map && typeof map === "object" && !Array.isArray(map) ? map : {};
  } catch (error) {
    return {};
  }
}

export function rememberTable(id, entry) {
  const map = createdTables();
  map[id] = { ...entry, at: Date.now() };
  const ids = Object.keys(map).sort((a, b) => (map[b].at || 0) - (map[a].at || 0)).slice(0, MAX_TABLES);
  localStorage.setItem(STORE_TABLES, JSON.stringify(Object.fromEntries(ids.map((key) => [key, map[key]]))));
}

