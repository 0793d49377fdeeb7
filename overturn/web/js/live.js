// A table's live stream that heals, for both pages. The server sends a `state` event per move, a `heartbeat` event
// when nothing happens (saying how often it beats), a `presence` event when who is at the table changes, and
// `revoked` when this phone's seat was handed to another phone. The stream is read with fetch, not EventSource, so
// the seat's token rides in a header, never in a URL (URLs reach proxies' logs). The page acknowledges the beats
// (`?ack=1`, with the id the first beat gives): a phone whose network vanished stops acknowledging, and the server
// frees its place. A connection that dies quietly raises no error in the browser: when nothing at all arrives for a
// few beats, the stream is opened again from the last version seen, and the page re-reads the table (`onResume`).
// While the link is lost, an attempt that hears nothing within a few seconds is given up and made again, so a link
// that comes back is used within seconds (a stalled network leaves the attempts made meanwhile hanging for good).
// A stream the server closed or refused (503 at its bound, a proxy's 502 during a restart) is opened again with
// back-off. Coming back to the page or to the network reconnects at once.

import { ApiProblem, openStream, postJson } from "./api.js";

// Beats missed before the stream is taken for dead, and the beat assumed until the server says (its default).
const MISSED_BEATS = 2.5;
const DEFAULT_BEAT_SECONDS = 3;
// How long an attempt to open the stream may stay unanswered before it is made again.
const CONNECT_WAIT_MS = 1800;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

// `path`: the table's events path. Options: `token` (the seat's; none to watch), `onState(answer)`,
// `onStatus("live" | "lost")`, `onResume()` after a reconnection (re-read the table: a move may have been missed),
// `onPresence(seats)`, `onRevoked()` once the seat is another phone's (the stream then stops for good).
export function followTable(path, { token, onState, onStatus, onResume, onPresence, onRevoked }) {
  let running = null;  // the AbortController of the stream being read
  let last = null;
  let beat = DEFAULT_BEAT_SECONDS;
  let heard = Date.now();  // when the server was last heard (a response, an event): never reset by an attempt
  let streaming = false;   // a stream is open and being read
  let toldLost = false;    // the page was told the link is lost, and not told since that it is back
  let failures = 0;
  let retry = null;
  let closed = false;
  let streamId = null;
  let acked = 0;
  let connecting = 0;  // when the attempt under way began (0: the stream is open)

  function open() {
    if (closed) return;
    clearTimeout(retry);
    if (running) running.abort();
    connecting = Date.now();
    streaming = false;
    streamId = null;
    const mine = new AbortController();
    running = mine;
    read(mine);
  }

  async function read(mine) {
    let response;
    try {
      response = await openStream(`${path}?ack=1`, { token, last, signal: mine.signal });
    } catch (error) {
      if (running === mine) { connecting = 0; lost(); }  // refused at once (offline): back-off, not the quick retry
      return;
    }
    if (running !== mine) return;
    if (response.status === 403 && token) { revoked(); return; }  // the token opens the seat no more
    if (!response.ok || !response.body) { connecting = 0; lost(); return; }
    heard = Date.now();
    connecting = 0;
    streaming = true;
    failures = 0;
    toldLost = false;
    onStatus("live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || running !== mine) break;
        buffer = (buffer + value).replace(/\r\n?/g, "\n");
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0 && running === mine) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) { /* aborted, or the connection dropped */ }
    if (running === mine) lost();  // the server ended the stream (a restart, a silence it noticed)
  }

  // One event: its name, data and id, as EventSource would read them.
  function dispatch(block) {
    let name = "message";
    let id = null;
    const data = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") name = value;
      else if (field === "data") data.push(value);
      else if (field === "id") id = value;
    }
    heard = Date.now();
    let body = null;
    try { body = data.length ? JSON.parse(data.join("\n")) : null; } catch (error) { return; }
    if (name === "heartbeat" && body) {
      beat = Math.max(0.1, Number(body.every) || beat);
      if (body.stream) { streamId = body.stream; acked = 0; }
    } else if (name === "state" && body) {
      if (id) last = id;
      onState(body);
    } else if (name === "presence" && body) {
      if (onPresence) onPresence(body.presence);
    } else if (name === "revoked") {
      revoked();
      return;
    }
    acknowledge();
  }

  // The server is told the stream is heard (about twice a beat at most); a stream it no longer knows is opened again.
  function acknowledge() {
    if (!streamId || Date.now() - acked < beat * 500) return;
    acked = Date.now();
    const mine = running;
    postJson(`${path}/${encodeURIComponent(streamId)}/ack`, {}, beat * 1000).catch((error) => {
      if (error instanceof ApiProblem && error.status === 404 && running === mine && !closed) reconnect();
      // unreachable: the watchdog notices the silence
    });
  }

  function lost() {
    if (closed) return;
    streaming = false;
    toldLost = true;
    onStatus("lost");
    later();
  }

  function revoked() {
    stop();
    if (onRevoked) onRevoked(); else onStatus("lost");
  }

  // Opened again after a pause that grows with each failure in a row.
  function later() {
    clearTimeout(retry);
    retry = setTimeout(reconnect, BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]);
    failures += 1;
  }

  function reconnect() {
    if (closed) return;
    open();
    if (onResume) onResume();
  }

  // Silence is told once, however the link went (a stream gone quiet, attempts left hanging); a quiet stream is
  // opened again, and an attempt left unanswered is made again.
  const watchdog = setInterval(() => {
    if (closed) return;
    const silent = Date.now() - heard > MISSED_BEATS * beat * 1000;
    if (silent && !toldLost) {
      toldLost = true;
      onStatus("lost");
    }
    if (connecting && Date.now() - connecting > CONNECT_WAIT_MS) {
      connecting = 0;
      reconnect();  // unanswered: the link may be back, and a new connection would get through
    } else if (streaming && silent) {
      streaming = false;
      reconnect();
    }
  }, 200);
  const wake = () => { if (document.visibilityState !== "hidden") reconnect(); };
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  open();

  function stop() {
    closed = true;
    clearInterval(watchdog);
    clearTimeout(retry);
    document.removeEventListener("visibilitychange", wake);
    window.removeEventListener("online", wake);
    if (running) running.abort();
    running = null;
  }

  return { close: stop };
}
