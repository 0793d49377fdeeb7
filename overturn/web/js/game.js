// The game on the page: the one place it changes (setGame), one request at a time (whileBusy), and showing it:
// score, turn, moves played, stepping through them, the review; the error and note lines.
import { postJson } from "./api.js";
import { clearPath, setFaces, showPath, showRings } from "./grid.js";
import { phrase, t } from "./i18n.js";
import { cellLabel, savedCell, SIDES } from "./notation.js";
import { messageOf } from "./problems.js";
import { saveGame, tableOf } from "./saved.js";
import { $, page } from "./state.js";
import { provide, up } from "./upward.js";

export function setOffline(offline) {
  // a table's words while its link is opening too (nothing shown yet): the game is the server's, not this phone's
  const shared = page.current ? Boolean(page.current.shared) : new URLSearchParams(location.search).has("table");
  $("offline").textContent = offline ? t(shared ? "networkTable" : "network") : "";
  $("offline").hidden = !offline;
  if (!offline && page.shown.error && ["network", "networkTable"].includes(page.shown.error[0])) showError(null);  // not left behind in red
}

export function showError(problem) {
  page.shown.error = problem;
  $("error").textContent = problem ? messageOf(problem) : "";
  $("error").hidden = !problem;
}

// The one place the game changes: an answer of the server (or a saved or recent game) with its table.
export function setGame(state, table = tableOf(page.current)) {
  if (state.sharedTable) { table = state.sharedTable; delete state.sharedTable; }
  // A shared table only moves forward: the answer to this phone's move may arrive after the stream already
  // brought a later state (the computer's reply, say); the older one must not take the newer one's place.
  if (state.shared && page.current && page.current.shared && state.shared.id === page.current.shared.id && state.shared.version < page.current.shared.version) {
    renderGame();
    return;
  }
  page.current = { ...state, table };
  if (page.tapped.length) $("move-word").value = "";  // the letters go with their path (tapped out of turn, say)
  page.tapped = [];
  page.passWarned = false;
  page.viewing = null;
  saveGame();
  up.fillLevels();  // the levels this server's computer offers come with each answer
  renderGame();
}

const RACING = ["play", "pass", "undo", "back", "hint", "all-legal", "computer", "next-layer", "new-game",
  "deal", "start-board", "resume", "step-back", "step-forward", "step-live"];

// Runs one user action's requests with the page busy; a second action while one runs is ignored.
export async function whileBusy(work) {
  if (page.busy) return undefined;
  setBusy(true);
  try {
    return await work();
  } finally {
    setBusy(false);
  }
}

// A button disabled while it works loses the keyboard's focus: it gets it back when the answer is in (Passer quand même).
let focusedBeforeBusy = null;
function setBusy(on) {
  page.busy = on;
  $("busy").hidden = !on;
  ["board-view", "game-section", "start-section"].forEach((id) => $(id).setAttribute("aria-busy", on ? "true" : "false"));
  if (on) focusedBeforeBusy = document.activeElement;
  refreshButtons();
  const back = focusedBeforeBusy;
  if (!on && back && back !== document.body && document.activeElement === document.body && !back.disabled && back.offsetParent !== null) back.focus();
}

export function refreshButtons() {
  const over = !page.current || page.current.result.over;
  const moves = page.current ? page.current.game.moves.length : 0;
  RACING.forEach((id) => { $(id).disabled = page.busy; });
  ["play", "pass", "back", "hint", "all-legal", "computer"].forEach((id) => { if (over) $(id).disabled = true; });
  if (page.current && page.current.shared && !up.myTurn()) ["play", "pass", "back"].forEach((id) => { $(id).disabled = true; });
  if (page.current && page.current.shared && page.current.shared.you === null) $("next-layer").disabled = true;
  if (!moves) $("undo").disabled = true;
  if (page.viewing === null || page.viewing <= 0) $("step-back").disabled = true;
  if (page.viewing === null || page.viewing >= moves) $("step-forward").disabled = true;
  document.querySelectorAll(".recent-game").forEach((button) => { button.disabled = page.busy; });
}

// A side as this game names it: a shared table's seat by its player's name (« Zoé »), else by its colour (« Vert »).
function sideName(side) {
  const shared = page.current.shared;
  return (shared && up.seatName(shared, SIDES.indexOf(side))) || phrase("colour", side);
}

export function opponentSide() { const opponent = tableOf(page.current).opponent; return opponent ? opponent.side : null; }

export function renderGame() {
  const game = page.current.game;
  document.body.classList.add("in-game");
  document.body.classList.remove("solved");
  $("game-section").hidden = false; $("start-section").hidden = true; $("results-section").hidden = !$("results").childElementCount;
  $("status").hidden = false; $("legend").hidden = false;
  setFaces(page.current.faces.flat());
  const result = page.current.result;
  const [green, silver] = result.scores;  // by seat: green 0, silver 1
  $("score").textContent = t("score", green, silver, sideName("green"), sideName("silver"));
  const shared = page.current.shared;
  const side = SIDES[result.turn];  // the answers number the seats: green 0, silver 1
  const turn = result.over ? { text: "", mine: false } : shared ? up.turnLine(shared) : { text: t("toMove", side), mine: false };
  $("turn").textContent = turn.text;
  $("turn").className = result.over ? "" : `turn-${side}${turn.mine ? " your-turn" : ""}`;
  const over = $("game-over");
  over.hidden = !result.over;
  if (result.over) {
    over.textContent = result.winners.length === 1
      ? t("winner", sideName(SIDES[result.winners[0]]), Math.max(green, silver), Math.min(green, silver))
      : t("tie", green);
  }
  // once over, no move to make: the word box and its buttons go (Annuler le coup stays where it is offered)
  ["move-form", "back", "pass"].forEach((id) => { $(id).hidden = result.over; });
  renderTotal();
  renderLastMove();
  $("computer-help").hidden = Boolean(opponentSide() || shared);  // against the computer, or at a shared table, not a help
  document.body.classList.toggle("no-helps", !up.helpsOffered());  // a fair table, a watcher: no helps, no dictionary
  $("undo").hidden = Boolean(shared);  // a shared table's moves are final (the server holds them)
  // at a shared table the next layer is dealt once this one is over (the server refuses it before)
  $("next-layer").hidden = !page.current.has_next_layer || Boolean(page.current.shared && !page.current.result.over);
  $("pass").textContent = page.passWarned ? t("passAnyway") : t("pass");
  renderPlayed(game);
  const readings = Object.entries(game.fixed);
  $("readings").hidden = !readings.length;
  $("readings").textContent = `${t("readings")} ${readings.map(([face, value]) => t("reading", face, value)).join(", ")}`;
  const url = shared ? up.tableAddress(shared) : up.shareUrl(game);
  if (location.href !== url) history.replaceState(null, "", url);
  if (!shared) { $("share-link").href = url; $("share-link").textContent = url; up.drawQr(url); }
  up.renderTable();
  showPosition();
  refreshButtons();
  renderReview();
}

// The total over the layers played so far: the finished (or left) layers' scores kept, plus this one's.
function renderTotal() {
  const past = tableOf(page.current).past;
  const box = $("total");
  box.hidden = !past.length;
  if (!past.length) return;
  const [greenNow, silverNow] = page.current.result.scores;
  const green = past.reduce((sum, layer) => sum + layer.green, greenNow);
  const silver = past.reduce((sum, layer) => sum + layer.silver, silverNow);
  const layers = [...past, { green: greenNow, silver: silverNow }];
  box.textContent = `${t("total", green, silver, layers.length)} (${layers.map((layer, n) => t("layerScore", n + 1, layer.green, layer.silver)).join(", ")})`;
}

// The last move where people look, beside the board (as lichess always shows it): who played what and the rings it
// swung, its path drawn on the board while nobody traces one. The opponent's word reaches this phone too.
function renderLastMove() {
  const moves = page.current.game.moves;
  const box = $("last-move");
  const move = moves[moves.length - 1];
  const shared = page.current.shared;
  const dealer = shared && shared.layer_started_by !== null && shared.layer_started_by !== undefined ? shared.layer_started_by : null;
  box.hidden = !move && dealer === null;
  if (!move) {  // a new layer at a shared table: who dealt it, instead of the last layer's last word
    if (dealer !== null) { box.textContent = t("layerStartedBy", up.seatName(shared, dealer), page.current.game.layer + 1); box.className = "last-move"; }
    return;
  }
  const who = shared ? up.seatName(shared, move.player === "green" ? 0 : 1) : phrase("colour", move.player);
  const mine = (rings) => rings.filter((ring) => ring === move.player).length - rings.filter((ring) => ring && ring !== move.player).length;
  const swing = mine(ringsAfter(moves, moves.length)) - mine(ringsAfter(moves, moves.length - 1));
  box.textContent = move.kind === "word" ? t("lastWord", who, move.word, swing) : t("lastPass", who, cellLabel(savedCell(move.cell)));
  box.className = `last-move ${move.player}`;
}

// The rings after the first `count` moves of the layer, replayed here: a word rings every cell of its path in
// the mover's colour (new cells and flipped ones alike), a pass gives the opponent a ring on its cell.
function ringsAfter(moves, count) {
  const rings = Array(page.current.faces.flat().length).fill(null);
  moves.slice(0, count).forEach((move) => {
    if (move.kind === "word") move.path.forEach((cell) => { rings[savedCell(cell)] = move.player; });
    else rings[savedCell(move.cell)] = move.player === "green" ? "silver" : "green";
  });
  return rings;
}

// The cells a saved move rang, as cell numbers (a saved game keeps [row, col]).
function savedPath(move) {
  return move.kind === "word" ? move.path.map(savedCell) : [savedCell(move.cell)];
}

// The board as it is now, or as it was after move `viewing` while stepping through the move list.
function showPosition() {
  const moves = page.current.game.moves;
  const nav = $("history-nav");
  document.body.classList.toggle("viewing", page.viewing !== null);
  nav.hidden = page.viewing === null;
  if (page.viewing === null) {
    showRings(page.current.game.rings);
    clearPath();
    const last = moves[moves.length - 1];
    if (page.tapped.length) showPath(page.tapped);
    else if (last) showPath(savedPath(last));  // the last move, until a path is traced
    return;
  }
  showRings(ringsAfter(moves, page.viewing));
  const move = moves[page.viewing - 1];
  if (move) showPath(savedPath(move)); else clearPath();
  $("step-label").textContent = page.viewing ? t("stepLabel", page.viewing, moves.length) : t("stepStart", moves.length);
  document.querySelectorAll("#played .played-move").forEach((button, index) => button.classList.toggle("selected", index === page.viewing - 1));
}

export function stepTo(count) {
  page.viewing = count === null ? null : Math.max(0, Math.min(page.current.game.moves.length, count));
  page.tapped = []; $("move-word").value = "";
  showPosition();
  refreshButtons();
}

function renderPlayed(game) {
  const list = $("played");
  list.replaceChildren();
  const computer = opponentSide();
  game.moves.forEach((move, index) => {
    const item = document.createElement("li");
    const colour = sideName(move.player);
    const button = document.createElement("button");
    button.type = "button";
    const byComputer = move.player === computer;
    button.className = `played-move ${move.player}${byComputer ? " computer" : ""}`;
    const cell = move.kind === "pass" ? cellLabel(savedCell(move.cell)) : "";
    button.textContent = byComputer
      ? (move.kind === "word" ? t("computerMove", colour, move.word) : t("computerPass", colour, cell))
      : (move.kind === "word" ? t("played", colour, move.word) : t("passed", colour, cell));
    button.dataset.word = move.word || "";
    button.addEventListener("click", () => stepTo(index + 1));
    item.append(button);
    list.append(item);
  });
}

export function clearMessages() {
  page.shown.verdict = null; $("verdict").hidden = true;
  showNote(null);
  showError(null);
  $("help-output").replaceChildren(); page.shown.help = null;
}

export function showNote(note) {
  page.shown.note = note;
  $("note").hidden = !note;
  $("note").textContent = note ? note() : "";
}

// The post-game review, asked once per finished game and shown under the moves.
function renderReview() {
  const box = $("review");
  if (!page.current.result.over) { box.hidden = true; return; }
  const key = JSON.stringify(page.current.game.moves) + page.current.game.layers.join("|");
  if (!page.reviewed || page.reviewed.key !== key) {
    box.hidden = true;
    page.reviewed = { key, answer: null };
    postJson("/api/review", { game: page.current.game })
      .then((answer) => { if (page.reviewed && page.reviewed.key === key) { page.reviewed.answer = answer; renderReview(); } })
      .catch(() => { if (page.reviewed && page.reviewed.key === key) page.reviewed = null; });
    return;
  }
  if (!page.reviewed.answer) return;
  const answer = page.reviewed.answer;
  const body = $("review-body");
  body.replaceChildren();
  answer.players.forEach((player, seat) => {  // a list by seat: green 0, silver 1
    const side = SIDES[seat];
    const line = document.createElement("p");
    line.className = `review-player ${side}`;
    line.textContent = t("reviewPlayer", sideName(side), player);
    body.append(line);
  });
  const list = document.createElement("ol");
  list.className = "review-moves";
  answer.moves.forEach((item) => {
    const line = document.createElement("li");
    line.textContent = t("reviewMove", item.number, sideName(SIDES[item.seat]), rankedText(item.played), rankedText(item.best), item.missed);
    list.append(line);
  });
  body.append(list);
  box.hidden = false;
}

function rankedText(move) {
  const swing = `${move.swing > 0 ? "+" : ""}${move.swing}`;
  return move.kind === "word" ? `${move.word} (${swing})` : `${t("passWord")} ${cellLabel(move.cell)} (${swing})`;
}

export function gameRequest(action, extra = {}) {
  if (page.current.shared && ["play", "pass", "next-layer"].includes(action)) return up.tableMove(action, extra);
  if (page.current.shared && action === "moves") return up.tableHelps(extra);  // refused by a fair table, and to its watchers
  return postJson(`/api/game/${action}`, { game: page.current.game, ...extra });
}

// Lent to the modules below this one (js/upward.js).
provide({ showError });
