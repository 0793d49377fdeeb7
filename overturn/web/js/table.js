// The shared table: the game held by the server, this phone one seat (or watching), its moves and who is at the
// table live (js/live.js), and for the table's creator every seat's link to hand out.
import { api, claimSeat, handOverSeat, inviteLink, keepSeat, MOVE_TIMEOUT_MS, postJson, seatedAddress } from "./api.js";
import { clearMessages, refreshButtons, setGame, showError, showNote, whileBusy } from "./game.js";
import { phrase, t } from "./i18n.js";
import { problemOf } from "./problems.js";
import { followTable } from "./live.js";
import { lastTable, staleText } from "./offline.js";
import { archive, createdTables, loadSaved, rememberJoined, rememberTable } from "./saved.js";
import { $, page } from "./state.js";
import { provide, up } from "./upward.js";

// An answer of /api/tables as the page's state: the game's fields, the page's table (no computer opponent here:
// a computer seat plays on the server; the earlier layers' scores) and `shared`, the seat and the table.
function fromShared(answer, seat) {
  const table = answer.table;
  const past = table.layers.map(([green, silver], index) => ({ layer: index, green, silver }));  // by seat: green 0, silver 1
  const state = { game: answer.game, faces: answer.faces, result: answer.result, has_next_layer: answer.has_next_layer, levels: answer.levels };
  return { state, table: { opponent: null, past }, shared: { ...table, seat } };
}

export function setShared(answer, seat = page.current && page.current.shared ? page.current.shared.seat : null) {
  const { state, table, shared } = fromShared(answer, seat);
  setGame({ ...state, shared }, table);
}

export async function tableMove(action, extra) {
  const shared = page.current.shared;
  const kinds = { play: "word", pass: "pass", "next-layer": "next-layer" };
  const answer = await postJson(`/api/tables/${encodeURIComponent(shared.id)}/moves`,
    { seat: movingToken(shared), version: shared.version, move: { kind: kinds[action], ...extra } }, MOVE_TIMEOUT_MS);
  const { state, shared: after } = fromShared(answer, shared.seat);
  return { ...state, verdict: answer.verdict, shared: after, sharedTable: fromShared(answer, shared.seat).table };
}

// A read after a reconnection is given up sooner (the next reconnection reads again), and one runs at a time.
const RESUME_TIMEOUT_MS = 5000;
let resuming = false;

// A link to hand out (the invitation in its fragment), or, for the page's own address, the table and `#seated`.
export function tableLink(id, token) {
  return inviteLink("/", id, token);
}

export function tableAddress(shared) {
  return seatedAddress("/", shared.id, shared.seat);
}

// Opens a shared table by its link: the state now, then every move live.
export async function openTable(id, link) {
  closeLive();
  // the creator's own phone keeps the invitations it made (it may hold every seat); any other phone claims its seat
  let seen = null;  // the table as the claim's answer shows it: no second round trip
  const seat = createdTables()[id] ? link : await claimSeat(`/api/tables/${encodeURIComponent(id)}`, link, (view) => { seen = view; });
  keepSeat(id, seat);  // a reload of the page's address (`#seated`) opens it again
  const answer = seen || await api(`/api/tables/${encodeURIComponent(id)}`, { seat });
  clearMessages();
  setStale(null);
  const { state, table, shared } = fromShared(answer, seat);
  setGame({ ...state, shared }, table);
  rememberJoined(page.current.shared);
  followLive();
}

// Offline, a table link shows the table as this phone last saw it from this seat, marked stale, and follows its
// stream, which brings it back live once the network returns. False when this phone never saw it.
export function openStale(id, seat) {
  const last = lastTable("overturn", id, seat);
  if (!last || !last.state.shared || last.state.shared.id !== id) return false;
  closeLive();
  setStale(last.at);  // first: the stale state is not kept again as if seen now
  const { shared, table, ...state } = last.state;
  setGame({ ...state, shared: { ...shared, seat } }, table);
  followLive();
  $("table-live").hidden = false;
  return true;
}

// `page.stale`: the time the shown table was last seen, while it is shown offline (null once live again).
export function setStale(at) {
  page.stale = at;
  document.body.classList.toggle("stale", Boolean(at));
  $("table-live").textContent = at ? staleText(at) : t("liveLost");
}

// The stream answered: the table shown is the live one again (the read that follows a reconnection brings any move
// missed, and keeps the table as seen now).
function liveAgain() {
  $("table-live").hidden = true;
  if (page.stale) setStale(null);
}

export function closeLive() {
  if (page.live) page.live.close();
  page.live = null;
  $("table-live").hidden = true;
}

// The table's live stream (js/live.js: it reconnects by itself, also when the link dies quietly); each committed
// move arrives as a `state` event, and after a reconnection the table is read again in case a move was missed.
function followLive() {
  closeLive();
  if (!page.current || !page.current.shared) return;
  const shared = page.current.shared;
  const live = followTable(`/api/tables/${encodeURIComponent(shared.id)}/events`, {
    token: shared.seat,
    onPresence: (presence) => {
      if (page.live !== live || !page.current || !page.current.shared) return;
      page.current.shared.presence = presence;
      renderPresence();
    },
    onRevoked: () => {
      if (page.live !== live || !page.current || !page.current.shared) return;
      page.current.shared.revoked = true;  // no move is offered any more: the seat is another phone's
      showError(["seatRevoked"]);
      refreshButtons();
    },
    onState: (answer) => {
      liveAgain();
      if (!page.current || !page.current.shared || page.current.shared.id !== answer.table.id) return;
      const newer = answer.table.version > page.current.shared.version || answer.game.layer !== page.current.game.layer
        || JSON.stringify(answer.table.layers) !== JSON.stringify(page.current.shared.layers);
      if (newer) {
        if (answer.table.version > page.current.shared.version) clearMessages();  // an earlier word's verdict is not this move's
        setShared(answer);
      } else if (answer.table.presence) {
        page.current.shared.presence = answer.table.presence;  // the same table, who is at it now
        renderPresence();
      }
    },
    onStatus: (status) => {
      if (page.live !== live) return;
      if (status === "live") { liveAgain(); } else { setStale(page.stale); $("table-live").hidden = false; }
      if (status === "live" && page.shown.error && ["networkTable", "moveNotSent"].includes(page.shown.error[0])) showError(null);
    },
    onResume: () => {
      // one read at a time, soon given up: reads piling up on a dead network would take every connection the
      // browser allows the server, and the player's next move would wait behind them
      if (page.live !== live || !page.current || !page.current.shared || resuming) return;
      resuming = true;
      api(`/api/tables/${encodeURIComponent(shared.id)}`, { seat: shared.seat, timeout: RESUME_TIMEOUT_MS }).then((answer) => {
        if (page.live === live && answer.table.version > page.current.shared.version) setShared(answer);
      }).catch(() => { /* still unreachable: the stream keeps trying */ }).finally(() => { resuming = false; });
    },
  });
  page.live = live;
}

// The seats this phone holds: every seat's token when the table was opened with all its seats here, else its own.
function heldTokens(shared) {
  const created = createdTables()[shared.id];
  return created && created.here && Array.isArray(created.tokens) ? created.tokens : null;
}

function movingToken(shared) {
  const all = heldTokens(shared);
  return all && shared.turn !== null && all[shared.turn] ? all[shared.turn] : shared.seat;
}

export function myTurn() {
  const shared = page.current && page.current.shared;
  if (!shared) return true;
  if (shared.turn === null || shared.revoked) return false;
  const all = heldTokens(shared);
  if (all) return Boolean(all[shared.turn]);
  return shared.you !== null && shared.you === shared.turn;
}

// The legal words now (a hint, the list, the pass warning's count) from the table itself, which refuses them when
// its creator turned helps off, and to a watcher while the game is live.
export function tableHelps({ limit } = {}) {
  const shared = page.current.shared;
  const suffix = limit === undefined ? "" : `?limit=${limit}`;
  return api(`/api/tables/${encodeURIComponent(shared.id)}/helps${suffix}`, { seat: movingToken(shared) });
}

// Whether the page offers the helps and the dictionary: always away from a shared table; at one, to its seats when
// its creator allowed them, and to a watcher once the game is over.
export function helpsOffered() {
  const shared = page.current && page.current.shared;
  if (!shared) return true;
  return shared.helps !== false && (shared.you !== null || heldTokens(shared) !== null || page.current.result.over);
}

// The player's choice (this phone's): a vibration when the turn comes to it, on by default.
const VIBRATE = "overturn-vibrate";

// Whose turn, as this phone says it: "À vous de jouer" on the phone of the seat to move (which may vibrate as the
// turn comes to it), the name elsewhere (a watcher, the other seat, a phone passed round).
let turnWas = { id: null, mine: false };
export function turnLine(shared) {
  const mine = shared.you !== null && shared.you === shared.turn && !heldTokens(shared);
  if (mine && turnWas.id === shared.id && !turnWas.mine && localStorage.getItem(VIBRATE) !== "off" && navigator.vibrate) navigator.vibrate(200);
  turnWas = { id: shared.id, mine };
  return { text: mine ? t("yourTurn") : shared.turn === null ? "" : t("turnOf", seatName(shared, shared.turn)), mine };
}

export function seatName(shared, index) {
  const seat = shared.seats[index];
  return seat ? seat.name : "";
}

// Who this phone is, and for the table's creator every seat's link (with a QR code) to hand out.
export function renderTable() {
  const shared = page.current.shared;
  $("table-box").hidden = !shared;
  $("table-links").hidden = !shared;
  $("share").hidden = Boolean(shared);
  if (!shared) return;
  const you = shared.you;
  const computers = shared.seats.filter((seat) => seat.computer !== null).map((seat) => t("computerSeat", seat.name));
  $("table-seat").textContent = [heldTokens(shared) ? t("allSeatsHere") : you === null ? t("watching")
    : t("seatYou", seatName(shared, you), phrase("colour", shared.seats[you].colour)), ...computers,
  shared.helps === false ? t("helpsOff") : ""].join(" ").trim();
  renderPresence();
  $("vibrate-row").hidden = you === null || Boolean(heldTokens(shared)) || !navigator.vibrate;
  $("vibrate").checked = localStorage.getItem(VIBRATE) !== "off";
  const created = createdTables()[shared.id];
  const list = $("seat-links");
  const items = [];
  shared.seats.forEach((seat, index) => {
    const token = created && created.tokens ? created.tokens[index] : null;
    if (!token) return;
    const item = document.createElement("li");
    const title = document.createElement("div");
    title.textContent = t("seatLink", seat.name, phrase("colour", seat.colour)) + (index === you ? ` — ${t("yourSeat")}` : "");
    const link = document.createElement("a");
    link.href = tableLink(shared.id, token); link.textContent = link.href; link.className = "seat-link";
    item.append(title, link);
    if (index !== you) {
      item.append(up.qrBox(link.href));
      const again = document.createElement("button");
      again.type = "button"; again.textContent = t("newLink"); again.className = "hand-over";
      again.addEventListener("click", () => handOver(index));
      item.append(again);
    }
    items.push(item);
  });
  const watch = document.createElement("li");
  const title = document.createElement("div");
  title.textContent = t("watchLink");
  const link = document.createElement("a");
  link.href = tableLink(shared.id, null); link.textContent = link.href; link.className = "watch-link";
  watch.append(title, link, up.qrBox(link.href));
  items.push(watch);
  list.replaceChildren(...items);
}

// Who is at the table, beside each person's name: connected now, joined but offline, or not come yet.
function renderPresence() {
  const shared = page.current && page.current.shared;
  let line = $("table-presence");
  if (!line) {  // made here, beside the seat line: the page's markup stays as it is
    line = document.createElement("p");
    line.id = "table-presence"; line.className = "muted";
    $("table-seat").after(line);
  }
  const presence = shared && shared.presence;
  line.hidden = !presence;
  if (!presence) return;
  line.textContent = shared.seats.filter((seat) => seat.computer === null)
    .map((seat) => t("presenceOf", seat.name, presenceWord(presence[seat.seat]))).join(" · ");
}

function presenceWord(presence) {
  if (!presence) return "";
  return t(presence.connected ? "presenceConnected" : presence.joined ? "presenceOffline" : "presenceAbsent");
}

// A seat given to another phone (a lost or flat one), once confirmed: a new link, the old one refused from now on.
function handOver(index) {
  return whileBusy(async () => {
    const shared = page.current.shared;
    const created = createdTables()[shared.id];
    if (!created) return;
    try {
      const answer = await handOverSeat(`/api/tables/${encodeURIComponent(shared.id)}`, created.creator, index, t("confirmNewLink", seatName(shared, index)));
      if (!answer) return;
      const tokens = [...created.tokens];
      tokens[index] = answer.token;
      rememberTable(shared.id, { ...created, tokens });
      showNote(() => t("newLinkDone", seatName(shared, index)));
      renderTable();
    } catch (error) {
      showError(problemOf(error));
    }
  });
}

// A new shared table: this phone takes the first seat (Green) and keeps the others' links to hand out.
export async function startTable(data) {
  const silver = $("silver-computer").checked ? { computer: Number($("start-level").value) } : { name: $("name-silver").value.trim() || undefined };
  const seats = [{ name: $("name-green").value.trim() || undefined }, silver];
  const answer = await postJson("/api/tables", { mode: $("mode").value, ending: $("ending").value, family: $("family").checked, seats, helps: $("table-helps").checked, ...data });
  rememberTable(answer.table.id, { creator: answer.creator, tokens: answer.tokens, here: $("all-here").checked });
  archive(loadSaved());
  page.shown = {};
  await openTable(answer.table.id, answer.tokens[0]);
}

export function rememberVibrate(on) { localStorage.setItem(VIBRATE, on ? "on" : "off"); }

// Lent to the modules below this one (js/upward.js).
provide({ helpsOffered, myTurn, renderTable, seatName, tableAddress, tableHelps, tableMove, turnLine });
