// The one way both pages talk to the server: JSON in and out, a time limit on every request, and every failure
// as an ApiProblem (the HTTP status and the answer's body; status 0 when the server could not be reached), so a
// page words errors from the server's codes (see problems.js) and never shows a raw exception.

// A request the server has not answered in this time is given up (the game is kept; the player may try again).
const TIMEOUT_MS = 30000;

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

// The answer's JSON body, or an ApiProblem: unreachable or timed out (status 0), an error status, or a body that is no JSON.
export async function api(path, options = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response;
  try {
    response = await fetch(path, { ...options, signal: controller.signal });
  } catch (error) {
    reached(false);
    throw new ApiProblem(0, null, true);
  } finally {
    clearTimeout(timer);
  }
  reached(true);
  const body = await response.json().catch(() => null);
  if (!response.ok || body === null) throw new ApiProblem(response.status, body);
  return body;
}

export function postJson(path, data) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
}

// The query that names a seat (empty for a watcher).
export function seatQuery(token) {
  return token ? `?seat=${encodeURIComponent(token)}` : "";
}
