// The table page: a 6×6 grid to type or deal, every word grouped by length, paths drawn on
// the grid, and the referee's verdict on a disputed word. Plain JavaScript, no build step.
"use strict";

const SIZE = 6;
const TEXT = {
  fr: {
    pasteLabel: "Coller une grille", pastePlaceholder: "AMRECD / ETSOAU / …", modeReuse: "Base (lettres réutilisables)",
    modeAdvanced: "Avancé (chaque lettre une fois)", solve: "Tous les mots", deal: "Distribuer", clear: "Effacer",
    refereeTitle: "Mot contesté", disputePlaceholder: "ex. ACCÈS", judge: "Arbitrer",
    words: (n) => `${n} mot${n > 1 ? "s" : ""}`, letters: (n) => `${n} lettres`, solving: "Recherche…",
    truncated: (n) => `(les ${n} plus longs affichés)`, incomplete: (n) => `La grille n'est pas complète : ${n} case(s) vide(s).`,
    legal: "Valable", illegal: "Refusé", notWord: "absent du lexique", suggestions: "Mots proches :",
    network: "Le serveur ne répond pas.", seed: (s) => `Donne n° ${s}`,
    reasons: {
      ok: "Mot valable.", not_in_lexicon: "Ce mot n'est pas dans le lexique.", too_short: "Mot trop court.",
      cannot_trace: "Aucun chemin de la grille n'écrit ce mot.", single_tile: "Le mot reste dans une seule tuile.",
      no_new_cell: "Le mot n'utilise aucune lettre nouvelle.", no_used_cell: "Le mot n'utilise aucune lettre déjà cerclée.",
      already_played: "Ce mot a déjà été joué.", reading_conflict: "Lecture ZX/QU contraire à celle déjà fixée.",
      cell_reused: "Mode avancé : une lettre ne sert qu'une fois.", bad_path: "Chemin impossible.",
      wrong_player: "Ce n'est pas ton tour.", game_over: "La partie est finie.",
    },
  },
  en: {
    pasteLabel: "Paste a board", pastePlaceholder: "AMRECD / ETSOAU / …", modeReuse: "Basic (letters may repeat)",
    modeAdvanced: "Advanced (each letter once)", solve: "All words", deal: "Deal", clear: "Clear",
    refereeTitle: "Disputed word", disputePlaceholder: "e.g. ACCÈS", judge: "Referee",
    words: (n) => `${n} word${n === 1 ? "" : "s"}`, letters: (n) => `${n} letters`, solving: "Searching…",
    truncated: (n) => `(the ${n} longest shown)`, incomplete: (n) => `The board is not complete: ${n} empty cell(s).`,
    legal: "Legal", illegal: "Refused", notWord: "not in the lexicon", suggestions: "Closest words:",
    network: "The server does not answer.", seed: (s) => `Deal no. ${s}`,
    reasons: {
      ok: "Legal word.", not_in_lexicon: "This word is not in the lexicon.", too_short: "Too short.",
      cannot_trace: "No path on the board spells this word.", single_tile: "The word stays inside one tile.",
      no_new_cell: "The word uses no new letter.", no_used_cell: "The word uses no ringed letter.",
      already_played: "This word was already played.", reading_conflict: "ZX/QU read differently than fixed earlier.",
      cell_reused: "Advanced mode: each letter is used once.", bad_path: "Impossible path.",
      wrong_player: "It is not your turn.", game_over: "The game is over.",
    },
  },
};

const $ = (id) => document.getElementById(id);
let lang = localStorage.getItem("overturn-lang") || ((navigator.language || "fr").startsWith("en") ? "en" : "fr");
let solution = null;  // the last /api/solve answer
let lastVerdict = null;

function t(key, ...args) {
  const value = TEXT[lang][key];
  return typeof value === "function" ? value(...args) : value;
}

function applyLanguage() {
  document.documentElement.lang = lang;
  $("lang").textContent = lang === "fr" ? "EN" : "FR";
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((node) => { node.placeholder = t(node.dataset.i18nPlaceholder); });
  if (solution) renderWords();
  if (lastVerdict) renderVerdict(lastVerdict);
}

// ----- the grid ---------------------------------------------------------------------------

function cells() { return Array.from(document.querySelectorAll("#grid .cell")); }

function buildGrid() {
  const grid = $("grid");
  for (let index = 0; index < SIZE * SIZE; index++) {
    const row = Math.floor(index / SIZE), col = index % SIZE;
    const cell = document.createElement("div");
    cell.className = "cell" + ((Math.floor(row / 2) + Math.floor(col / 2)) % 2 ? " tile-alt" : "");
    cell.dataset.row = row; cell.dataset.col = col;
    const input = document.createElement("input");
    input.maxLength = 2; input.autocomplete = "off"; input.spellcheck = false;
    input.setAttribute("autocapitalize", "characters");
    input.setAttribute("aria-label", `${String.fromCharCode(65 + col)}${row + 1}`);
    input.addEventListener("input", () => onCellInput(index, input));
    input.addEventListener("keydown", (event) => onCellKey(index, event));
    const step = document.createElement("span");
    step.className = "step";
    cell.append(input, step);
    grid.append(cell);
  }
}

function onCellInput(index, input) {
  let value = input.value.toUpperCase().normalize("NFD").replace(/[^A-Z]/g, "");
  if (value.length === 2 && value !== "ZX" && value !== "QU") value = value.slice(-1);
  input.value = value;
  clearPath();
  // Z and Q may start a double face (ZX, QU): wait for the second letter or a move.
  if (value.length === 2 || (value.length === 1 && !"ZQ".includes(value))) focusCell(index + 1);
}

function onCellKey(index, event) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  if (event.key in moves) { focusCell(index + moves[event.key]); event.preventDefault(); }
  else if (event.key === "Backspace" && !event.target.value) { focusCell(index - 1); }
  else if (event.key === "Enter") { solve(); }
}

function focusCell(index) {
  if (index >= 0 && index < SIZE * SIZE) cells()[index].querySelector("input").select();
}

function faces() { return cells().map((cell) => cell.querySelector("input").value.toUpperCase()); }

function setFaces(list) {
  cells().forEach((cell, index) => { cell.querySelector("input").value = list[index] || ""; });
  clearPath();
}

function boardText() {
  const list = faces().map((face) => (face === "Q" ? "QU" : face)).map((face) => (face.length > 1 ? `[${face}]` : face));
  const rows = [];
  for (let row = 0; row < SIZE; row++) rows.push(list.slice(row * SIZE, row * SIZE + SIZE).join(""));
  return rows.join(" / ");
}

// Reads pasted text the way the server does: letters, [ZX] and [QU], with spaces and '/' ignored.
function parseBoard(text) {
  const list = [];
  const plain = text.toUpperCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const pattern = /\[(ZX|QU)\]|QU|[A-Z]/g;
  let match;
  while ((match = pattern.exec(plain.replace(/[\s/]/g, ""))) !== null) list.push(match[1] || match[0]);
  return list;
}

// ----- the path on the grid ------------------------------------------------------------------

function clearPath() {
  cells().forEach((cell) => {
    cell.classList.remove("on-path", "path-start");
    cell.querySelector(".step").textContent = "";
  });
  $("trace").innerHTML = "";
  document.querySelectorAll(".word.selected").forEach((node) => node.classList.remove("selected"));
}

function showPath(path) {
  clearPath();
  if (!path || !path.length) return;
  const all = cells();
  const steps = new Map();
  path.forEach(([row, col], step) => {
    const cell = all[row * SIZE + col];
    cell.classList.add("on-path");
    if (step === 0) cell.classList.add("path-start");
    steps.set(cell, [...(steps.get(cell) || []), step + 1]);
  });
  steps.forEach((numbers, cell) => { cell.querySelector(".step").textContent = numbers.join(","); });
  const svg = $("trace");
  const points = path.map(([row, col]) => `${col + 0.5},${row + 0.5}`).join(" ");
  const [row0, col0] = path[0];
  svg.innerHTML = `<polyline points="${points}"></polyline><circle cx="${col0 + 0.5}" cy="${row0 + 0.5}" r="0.12"></circle>`;
}

// ----- talking to the server ------------------------------------------------------------------

async function api(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new Error(t("network"));
  }
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

function postJson(path, data) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
}

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function solve() {
  const empty = faces().filter((face) => !face).length;
  if (empty) { showError(t("incomplete", empty)); return; }
  showError("");
  $("summary").textContent = t("solving");
  $("results").innerHTML = "";
  $("word-info").hidden = true;
  try {
    solution = await postJson("/api/solve", { board: boardText(), mode: $("mode").value });
    setFaces(solution.faces.flat());
    renderWords();
    document.body.classList.add("solved");
  } catch (error) {
    solution = null;
    document.body.classList.remove("solved");
    $("summary").textContent = "";
    showError(error.message);
  }
}

function renderWords() {
  const groups = new Map();
  solution.words.forEach((item) => {
    const length = item.word.length;
    if (!groups.has(length)) groups.set(length, []);
    groups.get(length).push(item);
  });
  let summary = t("words", solution.count);
  if (solution.truncated) summary += " " + t("truncated", solution.words.length);
  $("summary").textContent = summary;
  const results = $("results");
  results.innerHTML = "";
  [...groups.keys()].sort((a, b) => b - a).forEach((length) => {
    const items = groups.get(length).sort((a, b) => a.word.localeCompare(b.word));
    const section = document.createElement("section");
    section.className = "length-group";
    section.dataset.length = length;
    const title = document.createElement("h3");
    title.textContent = `${t("letters", length)} (${solution.lengths[length] ?? items.length})`;
    const list = document.createElement("div");
    list.className = "words";
    items.forEach((item) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "word";
      button.textContent = item.word;
      button.dataset.word = item.word;
      button.addEventListener("click", () => selectWord(button, item));
      list.append(button);
    });
    section.append(title, list);
    results.append(section);
  });
}

async function selectWord(button, item) {
  showPath(item.path);
  button.classList.add("selected");
  const info = $("word-info");
  try {
    const body = await api(`/api/words/${encodeURIComponent(item.word)}`);
    info.innerHTML = "";
    info.append(entriesList(item.word, body.entries));
    info.hidden = false;
  } catch (error) {
    info.hidden = true;
  }
}

function entriesList(word, entries) {
  const wrap = document.createElement("div");
  const title = document.createElement("strong");
  title.textContent = word;
  wrap.append(title);
  const list = document.createElement("ul");
  list.className = "entries";
  entries.forEach((entry) => {
    const line = document.createElement("li");
    line.textContent = entry.form === entry.lemma ? `${entry.form} (${entry.pos})` : `${entry.form} — ${entry.lemma} (${entry.pos})`;
    list.append(line);
  });
  wrap.append(list);
  return wrap;
}

async function referee(event) {
  event.preventDefault();
  const word = $("dispute").value.trim();
  if (!word) return;
  const empty = faces().filter((face) => !face).length;
  if (empty) { showError(t("incomplete", empty)); return; }
  showError("");
  try {
    lastVerdict = await postJson("/api/referee", { board: boardText(), mode: $("mode").value, word });
    renderVerdict(lastVerdict);
  } catch (error) {
    lastVerdict = null;
    $("verdict").hidden = true;
    showError(error.message);
  }
}

function renderVerdict(verdict) {
  const box = $("verdict");
  box.className = verdict.legal ? "legal" : "illegal";
  box.dataset.reason = verdict.reason;
  box.innerHTML = "";
  const title = document.createElement("div");
  title.className = "verdict-title";
  title.textContent = `${verdict.word} — ${verdict.legal ? t("legal") : t("illegal")}`;
  const reason = document.createElement("div");
  reason.className = "verdict-reason";
  reason.textContent = TEXT[lang].reasons[verdict.reason] || verdict.reason;
  const message = document.createElement("div");
  message.className = "muted";
  message.textContent = verdict.message;
  box.append(title, reason, message);
  if (verdict.entries.length) box.append(entriesList(verdict.word, verdict.entries));
  if (verdict.suggestions.length) {
    const near = document.createElement("div");
    near.textContent = `${t("suggestions")} ${verdict.suggestions.join(", ")}`;
    box.append(near);
  }
  box.hidden = false;
  if (verdict.path) showPath(verdict.path); else clearPath();
}

async function deal() {
  showError("");
  try {
    const dealt = await api("/api/deal");
    setFaces(dealt.faces.flat());
    $("board-text").value = "";
    $("board-text").placeholder = t("seed", dealt.seed);
    await solve();
  } catch (error) {
    showError(error.message);
  }
}

function init() {
  buildGrid();
  $("lang").addEventListener("click", () => {
    lang = lang === "fr" ? "en" : "fr";
    localStorage.setItem("overturn-lang", lang);
    applyLanguage();
  });
  $("board-text").addEventListener("input", (event) => {
    const list = parseBoard(event.target.value);
    if (list.length) setFaces(list);
  });
  $("solve").addEventListener("click", solve);
  $("deal").addEventListener("click", deal);
  $("clear").addEventListener("click", () => {
    setFaces([]); solution = null; lastVerdict = null;
    document.body.classList.remove("solved");
    $("results").innerHTML = ""; $("summary").textContent = ""; $("board-text").value = "";
    $("verdict").hidden = true; $("word-info").hidden = true; showError("");
  });
  $("mode").addEventListener("change", () => { if (solution) solve(); });
  $("referee-form").addEventListener("submit", referee);
  applyLanguage();
}

document.addEventListener("DOMContentLoaded", init);
