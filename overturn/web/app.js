// The table page: deal or type a board, play a whole game of Overturn (kept in this browser and sent
// with every request, or held by the server as a shared table: one link per seat, live on every phone),
// settle disputes in the game's context, list every word of a board, and look words up. ES modules, no build
// step, no inline script or style (the server's Content-Security-Policy allows only these files). This module
// wires the page's controls; the work is in js/: the grid (grid.js), the game (game.js, moves.js, table.js,
// start.js, saved.js), words without a game (solve.js, dictionary.js), and what both pages share (api.js,
// i18n.js with the translation files, problems.js, notation.js).
import { engineReady, onConnection, startEngine } from "./js/api.js";
import { lookupWord, renderLookup } from "./js/dictionary.js";
import { renderGame, setGame, setOffline, showError, showNote, stepTo, whileBusy } from "./js/game.js";
import { boardChanged, buildGrid, setFaces } from "./js/grid.js";
import { switchLanguage, t, translatePage } from "./js/i18n.js";
import { allLegal, computerMove, computerReplies, fillLevels, hint, nextLayer, passTurn, playMove, takeBack, undoMove } from "./js/moves.js";
import { parseBoard } from "./js/notation.js";
import { loadSaved, tableOf } from "./js/saved.js";
import { refereeOutOfGame, renderVerdict, renderWords, solve } from "./js/solve.js";
import { dealGame, leaveGame, openFromUrl, renderRecent, startTypedBoard } from "./js/start.js";
import { $, page } from "./js/state.js";
import { rememberVibrate } from "./js/table.js";

// The script has started: its first act removes the notice that it has not (index.html, not-started.js, palette.css).
document.getElementById("not-started").remove();

function applyLanguage() {
  translatePage();
  if (page.passWarned) $("pass").textContent = t("passAnyway");
  fillLevels();
  if (page.shown.note) showNote(page.shown.note);
  renderRecent();
  if (page.solution) renderWords();
  if (page.current) renderGame();
  if (page.shown.verdict) renderVerdict($("verdict"), page.shown.verdict);
  if (page.shown.disputeVerdict) renderVerdict($("dispute-verdict"), page.shown.disputeVerdict);
  if (page.shown.dict) renderLookup(page.shown.dict);
  if (page.shown.error) showError(page.shown.error);
  if (page.shown.help) page.shown.help();
}

function init() {
  startEngine();
  buildGrid();
  $("lang").addEventListener("click", () => {
    switchLanguage();
    applyLanguage();
  });
  $("board-text").addEventListener("input", (event) => {
    const parsed = parseBoard(event.target.value);
    boardChanged();
    showError(parsed.problem);
    if (!parsed.problem && parsed.faces.length) setFaces(parsed.faces);
  });
  $("solve").addEventListener("click", solve);
  $("deal").addEventListener("click", dealGame);
  $("start-board").addEventListener("click", startTypedBoard);
  $("clear").addEventListener("click", () => {
    setFaces([]); boardChanged(); page.shown = {};
    $("board-text").value = ""; showError(null);
  });
  $("resume").addEventListener("click", () => whileBusy(async () => {
    const saved = loadSaved();
    if (saved) { setGame(saved, tableOf(saved)); await computerReplies(); }
  }));
  $("mode").addEventListener("change", () => { if (page.solution) solve(); });
  const levelFollowsChoice = () => {
    const table = document.querySelector("input[name=opponent][value=table]").checked;
    $("start-level").disabled = !document.querySelector("input[name=opponent][value=computer]").checked && !(table && $("silver-computer").checked);
    $("seat-names").hidden = !table;
    $("seat-options").hidden = !table;
    $("name-silver").disabled = table && $("silver-computer").checked;
  };
  $("silver-computer").addEventListener("change", levelFollowsChoice);
  document.querySelectorAll("input[name=opponent]").forEach((radio) => radio.addEventListener("change", levelFollowsChoice));
  levelFollowsChoice();
  $("referee-form").addEventListener("submit", refereeOutOfGame);
  $("dict-form").addEventListener("submit", lookupWord);
  $("move-form").addEventListener("submit", playMove);
  $("back").addEventListener("click", takeBack);
  $("pass").addEventListener("click", passTurn);
  $("undo").addEventListener("click", undoMove);
  $("hint").addEventListener("click", hint);
  $("all-legal").addEventListener("click", allLegal);
  $("computer").addEventListener("click", computerMove);
  $("next-layer").addEventListener("click", nextLayer);
  $("step-back").addEventListener("click", () => stepTo(page.viewing - 1));
  $("step-forward").addEventListener("click", () => stepTo(page.viewing + 1));
  $("step-live").addEventListener("click", () => stepTo(null));
  $("new-game").addEventListener("click", leaveGame);
  $("vibrate").addEventListener("change", (event) => rememberVibrate(event.target.checked));
  onConnection((reachable) => setOffline(!reachable));
  // Offline with the page's own engine, a game on this phone goes on as before: only a shared table needs the server.
  window.addEventListener("offline", () => { if (!engineReady() || (page.current && page.current.shared)) setOffline(true); });
  window.addEventListener("online", () => setOffline(false));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url)).catch(() => {});
  applyLanguage();
  whileBusy(openFromUrl);
}

document.addEventListener("DOMContentLoaded", init);
