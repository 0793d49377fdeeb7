// The board games' page: Overload, offboard and Insider at the shared table (French first, phone first). The
// creator's phone takes seat 1 (unless it only hosts) and hands out the other seats' invitations.
// Everything shown comes from the server's view for this seat: its own Insider hand only, its legal moves
// only on its turn; a watcher sees the table and no hand. Live by EventSource; ES modules, no build step, no
// inline script or style. This module creates tables, plays moves and steps through the list; the drawings and
// panels are in js/boards/, the words in the translation files shared with the table page (js/i18n/), what a move did
// and what the game awaits worded from the server's events by each game's catalogue (js/boards/words/).
import { api, ApiProblem, claimSeat, invitePath, MOVE_TIMEOUT_MS, onConnection, postJson } from "./js/api.js";
import { followTable } from "./js/live.js";
import { keepTable, lastTable, staleText } from "./js/offline.js";
import { phrase, switchLanguage, t, translatePage } from "./js/i18n.js";
import { messageOf, problemOf } from "./js/problems.js";
import { $, awaitingText, entrySentence, rememberCreated, seatColour, seatLabel, seatName, seatToken, tableId, takeSeat, ui } from "./js/boards/common.js";
import { playOnBoard, renderDrawing, revealPreview } from "./js/boards/drawings.js";
import { renderGuard, renderHand, renderHistory, renderInvites, renderLegal, renderScores } from "./js/boards/panels.js";

// The script has started: its first act removes the notice that it has not (boardgame.html, not-started.js, palette.css).
document.getElementById("not-started").remove();

// The player's choice to feel their turn come, kept on this phone: the table page's one setting (js/table.js), on
// unless the player unticked it on either page, so all four games buzz alike.
const STORE_BUZZ = "overturn-vibrate";

// Seats each game takes, learnt from the server (/api/meta) before the form is shown; the server refuses other counts.
const PLAYERS = {};

async function learnGames() {
  const meta = await api("/api/meta");
  for (const game of meta.games) PLAYERS[game.name] = game.players;
}

// A failed request as a message: the table page's words, but the game here is kept by the server, not the phone, and
// a seed refused is a board game's seed (not an Overturn deal number).
function problemHere(error) {
  const problem = problemOf(error);
  if (problem[0] === "fields" && problem[1] === "seed") return ["boardSeedRefused"];
  return problem[0] === "network" ? ["networkBoards"] : problem;
}

// A seed is the creator's to choose only where the server draws no chance: offboard has none, and with the table's
// own dice the players roll (the server refuses a seed for the dice and cards it draws itself).
function seedOffered() {
  return $("new-game").value === "offboard" || ($("new-dice").checked && !$("new-dice").disabled);
}

function seedField() {
  $("new-seed-label").hidden = !seedOffered();
}

// A message key and its arguments (see problems.js); null hides the line.
function showError(problem) {
  const text = problem ? messageOf(problem) : "";
  $("error").textContent = text;
  $("error").hidden = !text;
}

function tablePath(suffix = "") {
  return `/api/boardgames/${encodeURIComponent(tableId)}${suffix}`;
}

// ----- creating a table -------------------------------------------------------------

// One name box per seat; the names typed so far stay when the game or the count changes.
function namesInputs() {
  const game = $("new-game").value;
  if (!PLAYERS[game]) return; // not learnt yet: the form is shown once it is
  const [low, high] = PLAYERS[game];
  const players = $("new-players");
  players.min = low; players.max = high;
  const count = Math.min(high, Math.max(low, Number(players.value) || low));
  players.value = count;
  const typed = [...document.querySelectorAll(".seat-name")].map((input) => input.value);
  const box = $("new-names");
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.textContent = `${t("seatNumber", i + 1)} `;
    const input = document.createElement("input");
    input.className = "seat-name"; input.maxLength = 40; input.placeholder = t("namePlaceholder");
    input.value = typed[i] || "";
    label.append(input);
    box.append(label);
  }
  $("new-dice").disabled = game === "offboard";
  $("new-guard-label").hidden = game !== "insider";
  seedField();
}

// One tap makes one table: the button is busy from the tap until the page opens the table (a second tap, or Enter
// again, does nothing meanwhile); a failure gives it back with the reason.
let creating = false;

function creatingBusy(busy) {
  creating = busy;
  const button = $("new-create");
  button.disabled = busy;
  button.setAttribute("aria-busy", String(busy));
  button.textContent = t(busy ? "creating" : "createTable");
}

async function create(event) {
  event.preventDefault();
  if (creating) return;
  creatingBusy(true);
  const game = $("new-game").value;
  const seats = [...document.querySelectorAll(".seat-name")].map((input) => ({ name: input.value.trim() }));
  const data = { game, seats, options: {} };
  if (seedOffered() && $("new-seed").value !== "") data.seed = Number($("new-seed").value);
  if ($("new-dice").checked && game !== "offboard") data.options.table_dice = true;
  if (game === "insider" && $("new-guard").value !== "") data.options.guard_seconds = Number($("new-guard").value);
  let body;
  try {
    body = await postJson("/api/boardgames", data);
  } catch (error) {
    showError(problemHere(error));
    creatingBusy(false);
    return;
  }
  showError(null);
  // this phone keeps the invitations to hand out (each in its link's fragment: never sent to the server), then opens
  // its own seat (claimed there) or, hosting only, the table
  const path = (token) => invitePath("/boardgame", body.table.id, token);
  rememberCreated(body.table.id, { creator: body.creator, links: { seats: body.tokens.map((token) => token && path(token)), watch: path(null) } });
  location.assign(path($("new-play").checked ? body.tokens[0] : null));
}

// ----- the table ---------------------------------------------------------------------

async function step(number) {
  if (!ui.view || number < 1 || number > ui.view.moves.length) return;
  try {
    ui.replay = await api(tablePath(`/moves/${number}`), { seat: seatToken });
  } catch (error) {
    showError(problemHere(error));
    return;
  }
  renderReplay();
}

function renderReplay() {
  const bar = $("replay");
  const replay = ui.replay;
  if (!replay) {
    bar.hidden = true;
    renderDrawing();
    $("board-text").textContent = ui.view.board_text;
    return;
  }
  const live = ui.view;
  ui.view = { ...live, ...replay.position, legal: [] };
  try {
    renderDrawing();
    $("board-text").textContent = ui.view.board_text;
  } finally {
    ui.view = live;
  }
  $("replay-label").textContent = t("afterMove", replay.number, live.moves.length, entrySentence(replay.entry));
  $("replay-back").disabled = replay.number <= 1;
  $("replay-forward").disabled = replay.number >= live.moves.length;
  bar.hidden = false;
}

function render() {
  const view = ui.view;
  document.title = `${view.title} — Overturn`;
  $("title").textContent = view.title;
  $("rules-link").href = `/api/boardgames/rules/${view.game}`;
  $("rules-link").hidden = false;
  $("table").hidden = false;
  $("table").dataset.version = String(view.table.version);
  $("seed-chosen").hidden = !view.seed_chosen;
  if (view.over) {
    $("turn").textContent = t("gameOver");
    $("turn").className = "turn";
    $("over").textContent = t("winners", view.winners.map(seatName), view.winners.length);
    $("over").hidden = false;
  } else {
    const colour = seatColour(view.you);
    $("turn").textContent = myTurn(view) ? t("yourMove", colour && phrase("colours", colour)) : t("boardTurnOf", seatLabel(view.turn));
    $("turn").className = myTurn(view) ? "turn mine" : "turn";
    $("over").hidden = true;
  }
  $("buzz-label").hidden = view.you === null || view.over || typeof navigator.vibrate !== "function";
  renderScores();
  renderInvites();
  renderGuard();
  renderHand();
  renderDrawing();
  $("board-text").textContent = view.board_text;
  $("awaiting").textContent = awaitingText();
  $("moves-box").hidden = view.you === null || !view.legal.length || ui.revoked;
  renderPresence();
  $("watcher").hidden = view.you !== null;
  renderLegal((move) => (ui.view.previews ? preview(move) : play(move)));
  $("preview").hidden = true;
  renderHistory(step);
  if (ui.busy) busy(true);  // drawn afresh by a live event while a move is still out: still busy
  if (ui.replay) renderReplay(); // stepping through the list stays where it is; "Direct" comes back
}

// Who is at the table, beside the names: connected now, joined but offline, or not come yet (a line made here, so
// the page's markup stays as it is).
function renderPresence() {
  let line = $("presence");
  if (!line) {
    line = document.createElement("p");
    line.id = "presence"; line.className = "muted";
    $("turn").after(line);
  }
  const presence = ui.view && ui.view.table.presence;
  line.hidden = !presence;
  if (!presence) return;
  line.textContent = ui.view.table.seats.map((seat, index) => t("presenceOf", seatName(index), presenceWord(presence[index]))).join(" · ");
}

function presenceWord(presence) {
  if (!presence) return "";
  return t(presence.connected ? "presenceConnected" : presence.joined ? "presenceOffline" : "presenceAbsent");
}

const myTurn = (view) => Boolean(view) && !view.over && view.you !== null && view.you === view.turn && !ui.revoked;

function accept(next) {
  if (!next || !next.table) return;
  if (ui.view && next.table.version < ui.view.table.version) return;
  const turnComes = ui.view !== null && !myTurn(ui.view) && myTurn(next);
  ui.view = next;
  if (!staleAt) keepTable("boards", tableId, seatToken, next);  // for this link opened offline
  render();
  if (turnComes && $("buzz").checked && typeof navigator.vibrate === "function") navigator.vibrate([150, 80, 150]);
}

// While a move is out: every control that plays is disabled, the tapped one shows "…", and a line says the move
// is being sent; render() draws fresh controls once the answer comes, `busy(false)` gives them back after a failure.
function busy(on, tapped = null) {
  ui.busy = on;
  $("sending").hidden = !on;
  $("moves-box").setAttribute("aria-busy", String(on));
  for (const control of document.querySelectorAll("#moves-box button, #moves-box input, #drawing button")) {
    if (on && !control.disabled) { control.disabled = true; control.dataset.busy = "1"; }
    if (!on && control.dataset.busy) { control.disabled = false; delete control.dataset.busy; }
  }
  if (on && tapped) tapped.dataset.label = tapped.textContent;
  if (on && tapped) tapped.textContent = `${tapped.textContent} …`;
  if (!on) for (const control of document.querySelectorAll("[data-label]")) { control.textContent = control.dataset.label; delete control.dataset.label; }
}

// Offline, the table as this phone last saw it from this seat (js/offline.js), marked stale until the stream is back.
let staleAt = null;

function openStale() {
  const last = lastTable("boards", tableId, seatToken);
  if (!last || !last.state.table || last.state.table.id !== tableId) return false;
  staleAt = last.at;
  accept(last.state);
  markStale();
  return true;
}

function markStale() {
  document.body.classList.toggle("stale", Boolean(staleAt));
  $("live-lost").textContent = staleAt ? staleText(staleAt) : t("liveLost");
  if (staleAt) $("live-lost").hidden = false;
}

// A move shown before it is confirmed: offboard's with what it would push, and where (the server's words); Insider's
// tapped on the board with the words its drawing gives.
function preview(move, words = null) {
  // Insider's move in words alone (its notation's verb is English: « step a1 a1-a2.1 »); offboard's notation is holes
  $("preview-text").textContent = words ?? `${move} : ${ui.view.previews[move] ?? ""}`;
  $("preview-text").title = move;
  $("preview").dataset.move = move;
  $("preview").hidden = false;
  revealPreview(move);
  clearPreviewMarks();
  const marks = (ui.view.preview_marks || {})[move];
  if (!marks) return;
  for (const name of marks.moving) document.querySelector(`[data-hole="${name}"]`)?.classList.add("moving");
  for (const name of marks.pushed) document.querySelector(`[data-hole="${name}"]`)?.classList.add("pushed");
  if (marks.target !== null) document.querySelector(`.target[data-target="${marks.target}"]`)?.classList.add("aimed");
}

function clearPreviewMarks() {
  document.querySelectorAll(".hole.moving, .hole.pushed, .target.aimed").forEach((el) => el.classList.remove("moving", "pushed", "aimed"));
}

// A move: played (the new state), refused by the referee (its reason worded here from its rule code, the server's
// French for a code the page does not know; the English page adds the referee's own English), or refused by the
// table (stale or not this seat's turn: the table as it is now comes with the refusal).
async function play(move) {
  if (ui.busy || !ui.view || ui.revoked) return;  // one move out at a time (its controls are disabled meanwhile)
  const tapped = document.querySelector(`#legal button.move[data-move="${CSS.escape(move)}"]`) || $("typed").querySelector("button");
  busy(true, tapped);
  $("refusal").hidden = true;
  try {
    const body = await postJson(tablePath("/moves"), { seat: seatToken, version: ui.view.table.version, move }, MOVE_TIMEOUT_MS);
    if (body.error) {
      const { rule, detail } = body.error;
      $("refusal").textContent = t("moveRefused", phrase("refusals", rule) ?? t("refused"), detail);
      $("refusal").hidden = false;
    } else {
      const moves = body.state.moves;
      $("played").textContent = moves.length ? entrySentence(moves[moves.length - 1]) : body.result.move;
      $("played").hidden = false;
      $("typed-move").value = "";
    }
    showError(null);  // a move not sent before, now played
    busy(false);
    accept(body.state);
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 409 && error.detail.state) {
      $("refusal").textContent = messageOf(problemOf(error));
      $("refusal").hidden = false;
      accept(error.detail.state);
    } else {
      showError(error instanceof ApiProblem && error.offline ? ["moveNotSent"] : problemHere(error));
    }
  } finally {
    if (ui.busy) busy(false);
  }
}

// The table live (js/live.js): it reconnects by itself, with back-off after a refusal or a restart and at once when
// the link died quietly, and the table is read again after a reconnection in case a move was missed.
let resuming = false;

function listen() {
  followTable(tablePath("/events"), {
    token: seatToken,
    onPresence: (presence) => {
      if (!ui.view) return;
      ui.view.table.presence = presence;
      renderPresence();
    },
    onRevoked: () => {
      ui.revoked = true;  // no move is offered any more: the seat is another phone's
      showError(["seatRevoked"]);
      if (ui.view) render();
    },
    onState: (answer) => {
      if (!ui.revoked) showError(null);
      staleAt = null;
      markStale();
      accept(answer);
    },
    onStatus: (status) => {
      if (status === "live") { staleAt = null; markStale(); }
      $("live-lost").hidden = status === "live";
    },
    onResume: () => {
      if (resuming) return;  // one read at a time, soon given up: piled-up reads would take every connection
      resuming = true;
      api(tablePath(), { seat: seatToken, timeout: 5000 }).then(accept)
        .catch(() => { /* still unreachable: the stream keeps trying */ }).finally(() => { resuming = false; });
    },
  });
}

async function open() {
  try {
    let seen = null;  // the table as the claim's answer shows it: no second round trip
    takeSeat(await claimSeat(tablePath(), seatToken, (view) => { seen = view; }));
    accept(seen || await api(tablePath(), { seat: seatToken }));
  } catch (error) {
    if (!(error instanceof ApiProblem && error.offline && openStale())) {
      showError(problemHere(error));
      return;
    }
  }
  listen();
}

// The table page's banner: the table is kept by the server and goes on once it answers.
function showOffline(offline) {
  $("offline").textContent = offline ? t("networkTable") : "";
  $("offline").hidden = !offline;
}

function applyLanguage() {
  translatePage();
  if (ui.view) render();
  markStale();
  if (!$("offline").hidden) showOffline(true);
  if (!tableId) namesInputs();
  if (creating) creatingBusy(true);  // the busy button keeps its busy words in the other language
}

async function init() {
  $("lang").addEventListener("click", () => { switchLanguage(); applyLanguage(); });
  playOnBoard((move, words) => (ui.view.previews || words ? preview(move, words) : play(move)));
  $("preview-confirm").addEventListener("click", () => { $("preview").hidden = true; clearPreviewMarks(); play($("preview").dataset.move); });
  $("preview-cancel").addEventListener("click", () => { $("preview").hidden = true; clearPreviewMarks(); });
  $("replay-back").addEventListener("click", () => ui.replay && step(ui.replay.number - 1));
  $("replay-forward").addEventListener("click", () => ui.replay && step(ui.replay.number + 1));
  $("replay-live").addEventListener("click", () => { ui.replay = null; renderReplay(); });
  $("buzz").checked = localStorage.getItem(STORE_BUZZ) !== "off";
  $("buzz").addEventListener("change", () => {
    localStorage.setItem(STORE_BUZZ, $("buzz").checked ? "on" : "off");
    if ($("buzz").checked) navigator.vibrate(60);  // the player feels what the option does
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("typed-move").value.trim();
    if (move) play(move);
  });
  translatePage();
  onConnection((reachable) => showOffline(!reachable));
  window.addEventListener("offline", () => showOffline(true));
  window.addEventListener("online", () => showOffline(false));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url)).catch(() => {});  // installable, usable offline
  if (tableId) {
    open();
  } else {
    try {
      await learnGames();
    } catch (error) {
      showError(problemHere(error));
      return;
    }
    $("new-form").hidden = false;
    $("new-game").addEventListener("change", namesInputs);
    $("new-players").addEventListener("change", namesInputs);
    $("new-dice").addEventListener("change", seedField);
    $("new-form").addEventListener("submit", create);
    namesInputs();
  }
}

document.addEventListener("DOMContentLoaded", init);
