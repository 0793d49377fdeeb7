// The one way both pages talk to the server: JSON in and out, a time limit on every request, and every failure
// as an ApiProblem (the HTTP status and the answer's body; status 0 when the server could not be reached), so a
// page words errors from the server's codes (see problems.js) and never shows a raw exception.

// A request the server has not answered in this time is given up (the game is kept; the player may try again).
const TIMEOUT_MS = 30000;
// A move is given up sooner, with "coup non envoyé": sent again, it cannot be played twice (the table's version).
export const MOVE_TIMEOUT_MS = 10000;

export class ApiProblem extends Error {
  constructor(status, body, offline = false) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.detail = (body && body.detail) || {};
    this.offline = offline;
  }
}

const listeners = [];

// `listener(reachable)` hears whether each request reached the server (a page's "offline" banner).
export function onConnection(listener) { listeners.push(listener); }

function reached(yes) { listeners.forEach((listener) => listener(yes)); }

// ----- the page's own engine (js/engine/worker.js): the word search and the rules on the phone -----
// Started by the table page (startEngine); every request it answers (solve, words, the game, the referee) goes to
// it rather than to the server, which is slower and may be unreachable; shared tables always go to the server.
// While the engine starts (the lexicon is read: well under a second) a request waits for it. The worker is started
// only where the page says the site offers a lexicon (<meta name="overturn-engine">, which `overturn web export` and
// `overturn serve --page-engine` write, with lexicon/manifest.json beside the pages): elsewhere nothing is asked
// and every request goes to the server at once, as before.
const engine = { worker: null, state: "none", ready: null, next: 0, pending: new Map(), info: null };
// Beside the site's pages, wherever the site is served from (this module is /static/<version>/js/api.js under it).
export const LEXICON_MANIFEST = new URL("../../../lexicon/manifest.json", import.meta.url).href;

export function startEngine() {
  if (engine.ready || typeof Worker !== "function" || typeof DecompressionStream !== "function") return engine.ready;
  if (typeof document !== "undefined" && !document.querySelector('meta[name="overturn-engine"]')) return null;
  let settle;
  engine.ready = new Promise((resolve) => { settle = resolve; });
  engine.state = "starting";
  const failed = () => { engine.state = "failed"; settle(false); return false; };
  fetch(LEXICON_MANIFEST).then((response) => (response.ok ? launch(settle) : failed()), failed);
  return engine.ready;
}

function launch(settle) {
  try {
    engine.worker = new Worker(new URL("./engine/worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    engine.state = "failed";
    settle(false);
    return;
  }
  engine.worker.addEventListener("message", (event) => {
    const message = event.data;
    if ("ready" in message) {
      engine.state = message.ready ? "ready" : "failed";
      engine.info = message;
      settle(message.ready);
      return;
    }
    const waiting = engine.pending.get(message.id);
    if (waiting) { engine.pending.delete(message.id); waiting(message); }
  });
  engine.worker.addEventListener("error", () => {
    engine.state = "failed";
    settle(false);
    engine.pending.forEach((waiting, id) => waiting({ id, unknown: true }));
    engine.pending.clear();
  });
}

// Whether the page's engine answers (the page then has no need of the server but for shared tables), and what it said on start.
export function engineReady() { return engine.state === "ready"; }
export function engineInfo() { return engine.info; }

const SERVER_ONLY = ["/api/tables", "/api/boardgames"];

// The engine's answer, or null when the server must answer (no engine, a path it does not know, a shared table).
async function askEngine(path, init, timeout) {
  if (engine.state === "none" || engine.state === "failed" || !path.startsWith("/api/") || SERVER_ONLY.some((prefix) => path.startsWith(prefix))) return null;
  if (engine.state === "starting") {
    const late = new Promise((resolve) => { setTimeout(() => resolve(false), timeout); });
    if (!(await Promise.race([engine.ready, late]))) return null;
  }
  let body = null;
  if (init.body !== undefined) {
    try { body = JSON.parse(init.body); } catch (error) { return null; }
  }
  const id = ++engine.next;
  const answered = await new Promise((resolve) => {
    const timer = setTimeout(() => { engine.pending.delete(id); resolve({ id, status: 0 }); }, timeout);
    engine.pending.set(id, (message) => { clearTimeout(timer); resolve(message); });
    engine.worker.postMessage({ id, path, body });
  });
  if (answered.unknown) return null;
  if (answered.status === 0) throw new ApiProblem(0, null);
  if (answered.status >= 400) throw new ApiProblem(answered.status, answered.body);
  return { body: answered.body };
}

// The page's engine's own answer to a POST, for a shared table's instant, provisional verdict (js/provisional.js):
// null unless the engine is ready now (never waited for) and answers it (a path it does not know, a lexicon it does
// not hold, a refusal or a failure: null). Never the server's: the server's answer is asked for beside it.
export async function askHere(path, data) {
  if (engine.state !== "ready") return null;
  try {
    const local = await askEngine(path, { body: JSON.stringify(data) }, MOVE_TIMEOUT_MS);
    return local === null ? null : local.body;
  } catch (error) {
    return null;
  }
}

// The answer's JSON body, or an ApiProblem: unreachable or timed out (status 0), an error status, or a body that is no JSON.
// `options.timeout` (ms) shortens the wait: a move at a shared table is given up sooner, so the player can retry.
// `options.seat`: the seat's token, sent in a header (never in the URL: URLs reach logs and histories).
// A request the page's engine answers never reaches the server (nor the connection's listeners); with the engine,
// only a shared table's request that fails tells the listeners the server is out of reach (the page then says so):
// anything else the engine lacks (the post-game review) is done without, and nothing is said about a server.
export async function api(path, options = {}) {
  const { timeout = TIMEOUT_MS, seat, ...init } = options;
  const local = await askEngine(path, init, timeout);
  if (local !== null) return local.body;
  const heard = engineReady() && !SERVER_ONLY.some((prefix) => path.startsWith(prefix)) ? () => {} : reached;
  if (seat) init.headers = { ...(init.headers || {}), ...seatHeaders(seat) };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  let response;
  try {
    response = await fetch(path, { ...init, signal: controller.signal });
  } catch (error) {
    heard(false);
    throw new ApiProblem(0, null, true);
  } finally {
    clearTimeout(timer);
  }
  heard(true);
  const body = await response.json().catch(() => null);
  if (!response.ok || body === null) throw new ApiProblem(response.status, body);
  return body;
}

export function postJson(path, data, timeout = TIMEOUT_MS) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data), timeout });
}

// A phone takes the seat of the link it opened: the invitation (which the table's creator handed out, and so knows)
// is exchanged for a credential of the phone's own. A credential (a reload) is kept; unreachable, the link's token
// is used as it is (it still opens the seat until someone claims it). `seen` is given the table as the seat now sees
// it, which the claim's answer holds, so the page need not read it again.
export async function claimSeat(tablePath, token, seen = null) {
  if (!token || token.startsWith("c.")) return token;
  try {
    const claimed = await postJson(`${tablePath}/claim`, { seat: token });
    if (seen && claimed.view) seen(claimed.view);
    return claimed.token;
  } catch (error) {
    if (error instanceof ApiProblem && error.offline) return token;
    throw error;
  }
}

// A table's live stream (js/live.js reads it): with fetch, not EventSource, so the seat's token rides in a header.
export function openStream(path, { token, last, signal }) {
  const headers = { Accept: "text/event-stream", ...seatHeaders(token) };
  if (last !== null) headers["Last-Event-ID"] = last;
  return fetch(path, { headers, signal, cache: "no-store" });
}

// The header that names a seat (none for a watcher): the server reads it on every table request, streams included.
export function seatHeaders(token) {
  return token ? { "X-Seat-Token": token } : {};
}

// A seat link as the pages hand it out: the invitation in the fragment, which the browser never sends to the server.
export function invitePath(pagePath, tableId, token) {
  return `${pagePath}?table=${encodeURIComponent(tableId)}${token ? `#seat=${encodeURIComponent(token)}` : ""}`;
}

export function inviteLink(pagePath, tableId, token) {
  return location.origin + invitePath(pagePath, tableId, token);
}

// The seats this phone holds, by table (its own credentials, and the invitations its creator kept): a page's address
// says only `#seated` (no secret in the address bar, its history or a screenshot) and a reload finds the seat here.
const STORE_SEATS = "overturn-seats";
const SEATS_KEPT = 100;

function keptSeats() {
  try { return JSON.parse(localStorage.getItem(STORE_SEATS)) || {}; } catch (error) { return {}; }
}

export function keepSeat(tableId, token) {
  if (!tableId || !token) return;
  const seats = keptSeats();
  delete seats[tableId];
  seats[tableId] = token;  // the newest last: the oldest go first past SEATS_KEPT
  const ids = Object.keys(seats);
  ids.slice(0, Math.max(0, ids.length - SEATS_KEPT)).forEach((id) => { delete seats[id]; });
  try { localStorage.setItem(STORE_SEATS, JSON.stringify(seats)); } catch (error) { /* private mode: a reload watches */ }
}

// The seat the page's address names: `#seat=TOKEN` (a link handed out), `?seat=TOKEN` (links shared before), or
// `#seated` (this phone's own seat at the table, kept by keepSeat); null to watch.
export function linkSeat(tableId) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("seat") || new URLSearchParams(location.search).get("seat");
  if (given) return given;
  return fragment.has("seated") ? keptSeats()[tableId] || null : null;
}

// The address a page shows for a table it has open: the seat named by `#seated` only.
export function seatedAddress(pagePath, tableId, token) {
  return `${location.origin}${pagePath}?table=${encodeURIComponent(tableId)}${token ? "#seated" : ""}`;
}

// The creator gives a seat to another phone (a lost or flat one), once confirmed: a new invitation, the old one and the
// phone holding it shut out at once. Null when the creator thought better of it.
export async function handOverSeat(tablePath, creator, seat, confirmText) {
  if (!window.confirm(confirmText)) return null;
  return postJson(`${tablePath}/hand-over`, { creator, seat });
}
