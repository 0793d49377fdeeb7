// The start panel: a new game (dealt, typed, or a shared table), the recent games, opening the game a link
// names, and leaving a game; the share link and its QR code.
import { ApiProblem, linkSeat, postJson } from "./api.js";
import { clearMessages, refreshButtons, setGame, showError, whileBusy } from "./game.js";
import { boardText, clearPath, completeBoard, inputs, setFaces, showRings, svgNode } from "./grid.js";
import { locale, t } from "./i18n.js";
import { computerReplies, gameStep } from "./moves.js";
import { parseBoard } from "./notation.js";
import { problemOf } from "./problems.js";
import { archive, gameName, inProgress, joinedTables, keepRecent, loadSaved, recentGames, tableOf } from "./saved.js";
import { $, page } from "./state.js";
import { closeLive, openStale, openTable, setStale, startTable } from "./table.js";
import { provide } from "./upward.js";

export function renderRecent() {
  const list = $("recent");
  const games = recentGames();
  const tables = joinedTables();
  $("recent-games").hidden = !games.length && !tables.length;
  const tableItems = tables.map((item) => {
    const entry = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button"; button.className = "played-move recent-game recent-table";
    const when = new Date(item.at || 0).toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
    const role = Number.isInteger(item.role) ? item.names.split(" – ")[item.role] || "" : t("recentWatch");
    button.textContent = t("recentTable", item.names, role, when);
    button.disabled = page.busy;
    button.addEventListener("click", () => whileBusy(async () => {
      try { await openTable(item.id, item.seat); } catch (error) { showError(problemOf(error)); }
    }));
    entry.append(button);
    return entry;
  });
  list.replaceChildren(...tableItems, ...games.map((state, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button"; button.className = "played-move recent-game";
    const when = new Date(state.archived || 0).toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
    button.textContent = t("recentItem", gameName(state), state.game.moves.length, ...state.result.scores, when);
    button.disabled = page.busy;
    button.addEventListener("click", () => reopenRecent(index));
    item.append(button);
    return item;
  }));
}

// A recent game becomes the game again; the one it replaces takes its place in the list.
function reopenRecent(index) {
  if (page.busy) return;
  const games = recentGames();
  const chosen = games[index];
  if (!chosen) return;
  games.splice(index, 1);
  keepRecent(games);
  if (!(page.current && page.current.shared)) archive(loadSaved());
  closeLive();
  setStale(null);
  clearMessages();
  setGame(chosen, tableOf(chosen));
  computerReplies();
}

// The link that opens the same board on another phone: the seed (and layer) of a deal, or the board itself.
export function shareUrl(game) {
  const params = new URLSearchParams();
  if (game.seed !== null && game.seed !== undefined) {
    params.set("seed", game.seed);
    if (game.layer) params.set("layer", game.layer);
  } else {
    params.set("board", game.layers[0].replace(/ /g, ""));
  }
  params.set("mode", game.mode);
  return `${location.origin}${location.pathname}?${params}`;
}

export function drawQr(url) {
  $("qr").replaceChildren(...qrBox(url).childNodes);
}

// A QR code of `url` as an SVG in a box (empty when the encoder did not load).
export function qrBox(url) {
  const box = document.createElement("div");
  box.className = "qr-box";
  if (typeof window.QRCode !== "function") return box;
  const code = new window.QRCode(-1, window.QRErrorCorrectLevel.M);
  code.addData(url);
  code.make();
  const count = code.getModuleCount();
  const svg = svgNode("svg", { viewBox: `-4 -4 ${count + 8} ${count + 8}`, class: "qr", "shape-rendering": "crispEdges" });
  svg.append(svgNode("rect", { x: -4, y: -4, width: count + 8, height: count + 8, fill: "#fff" }));
  let d = "";
  for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col},${row}h1v1h-1z`;
  svg.append(svgNode("path", { d, fill: "#000" }));
  box.append(svg);
  return box;
}

// The start panel's choice: two players on this phone, or the computer as Silver at the chosen level.
function chosenTable() {
  const choice = document.querySelector("input[name=opponent]:checked");
  const opponent = choice && choice.value === "computer" ? { side: "silver", level: Number($("start-level").value) } : null;
  return { opponent, past: [] };
}

// A new game replaces the saved one, which goes to the recent games.
async function startGame(data, table = chosenTable()) {
  showError(null);
  try {
    const choice = document.querySelector("input[name=opponent]:checked");
    if (choice && choice.value === "table" && !data.plain) { await startTable(data); return; }
    delete data.plain;
    const answer = await postJson("/api/game/new", { mode: $("mode").value, ending: $("ending").value, family: $("family").checked, ...data });
    archive(loadSaved());
    page.shown = {}; clearMessages();
    setGame(answer, table);
    await computerReplies();
  } catch (error) {
    showError(problemOf(error));
  }
}

export function dealGame() {
  const seed = $("seed").value.trim();
  if (seed && !/^\d+$/.test(seed)) { showError(["fields", "seed"]); return undefined; }
  return whileBusy(() => startGame(seed ? { seed: Number(seed) } : {}));
}

export function startTypedBoard() {
  if (!completeBoard()) return undefined;
  return whileBusy(() => startGame({ board: boardText() }));
}

// Back to the start panel (asked first in a game under way); the game stays saved until another one
// starts (Reprendre brings it back), and then stays in the recent games.
export function leaveGame() {
  if (page.busy) return;
  if (!(page.current && page.current.shared) && inProgress(page.current) && !window.confirm(t("confirmNewGame"))) return;
  closeLive();
  setStale(null);
  $("table-box").hidden = true; $("table-links").hidden = true; $("share").hidden = false; $("undo").hidden = false;
  page.current = null;
  page.viewing = null;
  document.body.classList.remove("in-game", "viewing");
  $("game-section").hidden = true; $("start-section").hidden = false; $("results-section").hidden = false;
  $("status").hidden = true; $("legend").hidden = true; $("resume").hidden = !loadSaved();
  $("history-nav").hidden = true; $("total").hidden = true; $("game-over").hidden = true;
  clearMessages();
  inputs().forEach((input) => { input.readOnly = false; });
  showRings([]);
  clearPath();
  renderRecent();
  refreshButtons();
  history.replaceState(null, "", location.pathname);
}

// Opening the page: the URL's board wins (a shared link), resuming this phone's game when it is the same one.
// Another game's link asks first when a game is under way here; either way the saved game stays reachable.
export async function openFromUrl() {
  const params = new URLSearchParams(location.search);
  const saved = loadSaved();
  const mode = params.get("mode") === "advanced" ? "advanced" : "reuse";
  $("mode").value = mode;
  if (params.has("table")) {
    // A table link never gives way to this phone's own game (Reprendre offers it): offline, it shows the table as
    // this phone last saw it, marked stale, until the network returns.
    const seat = linkSeat(params.get("table"));
    try {
      await openTable(params.get("table"), seat);
    } catch (error) {
      const offline = error instanceof ApiProblem && error.offline;
      if (offline && openStale(params.get("table"), seat)) return;
      showError(offline ? ["networkTable"] : problemOf(error));
      $("resume").hidden = !saved;
    }
    return;
  }
  if (params.has("seed") || params.has("board")) {
    if (saved && shareUrl(saved.game) === shareUrl(requestedGame(params, mode))) { setGame(saved, tableOf(saved)); await computerReplies(); return; }
    if (params.has("board")) {
      const parsed = parseBoard(params.get("board"));
      if (parsed.problem) { showError(parsed.problem); return; }
      if (inProgress(saved) && !window.confirm(t("confirmOpenLink"))) { setGame(saved, tableOf(saved)); return; }
      setFaces(parsed.faces);
      await startGame({ board: boardText(), mode, plain: true }, { opponent: null, past: [] });
    } else {
      if (!/^\d+$/.test(params.get("seed"))) { showError(["fields", "seed"]); return; }
      if (inProgress(saved) && !window.confirm(t("confirmOpenLink"))) { setGame(saved, tableOf(saved)); return; }
      await startGame({ seed: Number(params.get("seed")), mode, plain: true }, { opponent: null, past: [] });
      const layer = Number(params.get("layer") || 0);
      if (page.current && layer > 0 && page.current.game.layer < layer) {
        const answer = await gameStep("next-layer", {});
        if (answer) setGame(answer, { opponent: null, past: [] });
      }
    }
    return;
  }
  if (saved) { setGame(saved, tableOf(saved)); await computerReplies(); }
}

// The parts of a game a link names, to compare a saved game with the one a link asks for.
function requestedGame(params, mode) {
  if (params.has("seed")) return { seed: Number(params.get("seed")), layer: Number(params.get("layer") || 0), mode, layers: [] };
  return { seed: null, layer: 0, mode, layers: [params.get("board")] };
}

// Lent to the modules below this one (js/upward.js).
provide({ drawQr, qrBox, renderRecent, shareUrl });
