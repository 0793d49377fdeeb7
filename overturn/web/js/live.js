// A table's live stream that heals, for both pages. The server sends a `state` event per move and a `heartbeat`
// event when nothing happens (saying how often it beats). A connection that dies quietly (a phone changing
// network, a router dropping it) raises no error in the browser: when nothing at all arrives for a few beats,
// the stream is opened again from the last version seen, and the page re-reads the table (`onResume`). A stream
// the server closed or refused (503 at its bound, a proxy's 502 during a restart) is opened again with back-off.
// Coming back to the page or to the network reconnects at once.

// Beats missed before the stream is taken for dead, and the beat assumed until the server says.
const MISSED_BEATS = 2.5;
const DEFAULT_BEAT_SECONDS = 15;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

// `url(last)`: the stream's address from the last version seen (null at first). Callbacks: `onState(answer)`,
// `onStatus("live" | "lost")`, `onResume()` after a reconnection (re-read the table: a move may have been missed).
export function followTable(url, { onState, onStatus, onResume }) {
  let source = null;
  let last = null;
  let beat = DEFAULT_BEAT_SECONDS;
  let heard = Date.now();
  let failures = 0;
  let retry = null;
  let closed = false;

  function open() {
    if (closed) return;
    clearTimeout(retry);
    if (source) source.close();
    heard = Date.now();
    const stream = new EventSource(url(last));
    source = stream;
    stream.addEventListener("open", () => {
      if (source !== stream) return;
      heard = Date.now();
      failures = 0;
      onStatus("live");
    });
    stream.addEventListener("heartbeat", (event) => {
      if (source !== stream) return;
      heard = Date.now();
      try { beat = Math.max(0.1, Number(JSON.parse(event.data).every) || beat); } catch (error) { /* keep the beat */ }
    });
    stream.addEventListener("state", (event) => {
      if (source !== stream) return;
      heard = Date.now();
      if (event.lastEventId) last = event.lastEventId;
      let answer;
      try { answer = JSON.parse(event.data); } catch (error) { return; }
      onState(answer);
    });
    stream.addEventListener("error", () => {
      if (source !== stream) return;
      onStatus("lost");
      if (stream.readyState === EventSource.CLOSED) later();
    });
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

  const watchdog = setInterval(() => {
    if (!closed && Date.now() - heard > MISSED_BEATS * beat * 1000) {
      onStatus("lost");
      heard = Date.now(); // one reconnection per silence; the next waits for the beats to be missed again
      reconnect();
    }
  }, 500);
  const wake = () => { if (document.visibilityState !== "hidden") reconnect(); };
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  open();

  return {
    close() {
      closed = true;
      clearInterval(watchdog);
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      if (source) source.close();
      source = null;
    },
  };
}
