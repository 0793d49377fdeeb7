// A board without a game: every word it holds, a disputed word refereed out of context, and a verdict worded
// from its reason code.
import { api, postJson } from "./api.js";
import { boardText, clearPath, completeBoard, setFaces, showPath } from "./grid.js";
import { phrase, t } from "./i18n.js";
import { pathNames } from "./notation.js";
import { problemOf } from "./problems.js";
import { $, page } from "./state.js";
import { provide, up } from "./upward.js";

export async function solve() {
  if (!completeBoard()) return;
  up.showError(null);
  $("summary").textContent = t("solving");
  $("results").innerHTML = "";
  $("word-info").hidden = true;
  try {
    page.solution = await postJson("/api/solve", { board: boardText(), mode: $("mode").value === "advanced" ? "advanced" : "reuse" });
    setFaces(page.solution.faces.flat());
    renderWords();
    document.body.classList.add("solved");
    $("results-section").scrollIntoView({ block: "start" });
  } catch (error) {
    page.solution = null;
    document.body.classList.remove("solved");
    $("summary").textContent = "";
    up.showError(problemOf(error));
  }
}

export function renderWords() {
  const groups = new Map();
  page.solution.words.forEach((item) => {
    const length = item.word.length;
    if (!groups.has(length)) groups.set(length, []);
    groups.get(length).push(item);
  });
  let summary = t("words", page.solution.count);
  if (page.solution.truncated) summary += " " + t("truncated", page.solution.words.length);
  $("summary").textContent = summary;
  const results = $("results");
  results.innerHTML = "";
  [...groups.keys()].sort((a, b) => b - a).forEach((length) => {
    const items = groups.get(length).sort((a, b) => a.word.localeCompare(b.word));
    const section = document.createElement("section");
    section.className = "length-group";
    section.dataset.length = length;
    const title = document.createElement("h3");
    title.textContent = `${t("letters", length)} (${page.solution.lengths[length] ?? items.length})`;
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
  button.scrollIntoView({ block: "nearest" });
  const info = $("word-info");
  try {
    const body = await api(`/api/words/${encodeURIComponent(item.word)}`);
    info.replaceChildren(entriesList(item.word, body.entries, body.spellings));
    info.hidden = false;
  } catch (error) {
    info.hidden = true;
  }
}

// The entries (form, lemma, category); from the page's own engine, which has only the spellings, those.
export function entriesList(word, entries, spellings = []) {
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
  if (!entries.length) {
    (spellings || []).forEach((form) => {
      const line = document.createElement("li");
      line.textContent = form;
      list.append(line);
    });
  }
  wrap.append(list);
  return wrap;
}

export async function refereeOutOfGame(event) {
  event.preventDefault();
  const word = $("dispute").value.trim();
  if (!word) return;
  if (!completeBoard()) return;
  up.showError(null);
  $("dispute").value = "";
  try {
    page.shown.disputeVerdict = await postJson("/api/referee", {
      board: boardText(), mode: $("mode").value === "advanced" ? "advanced" : "reuse", word,
    });
    renderVerdict($("dispute-verdict"), page.shown.disputeVerdict);
    if (page.shown.disputeVerdict.path) showPath(page.shown.disputeVerdict.path); else clearPath();
  } catch (error) {
    page.shown.disputeVerdict = null;
    $("dispute-verdict").hidden = true;
    up.showError(problemOf(error));
  }
}

// A verdict from its reason code, in the page's language: word, legal or not, the swing in a game, the cells.
export function renderVerdict(box, verdict) {
  box.className = `verdict ${verdict.legal ? "legal" : "illegal"}${verdict.provisional ? " provisional" : ""}`;
  box.dataset.reason = verdict.reason;
  box.replaceChildren();
  const title = document.createElement("div");
  title.className = "verdict-title";
  const swing = verdict.legal && verdict.swing !== null && verdict.swing !== undefined && page.current ? ` — ${t("swing", verdict.swing)}` : "";
  title.textContent = `${verdict.word || t("pass")} — ${verdict.legal ? t("legal") : t("illegal")}${swing}`;
  const reason = document.createElement("div");
  reason.className = "verdict-reason";
  reason.textContent = phrase("reasons", verdict.reason) || verdict.reason;
  box.append(title, reason);
  if (verdict.path && verdict.path.length) {
    const path = document.createElement("div");
    path.className = "muted verdict-path";
    path.textContent = `${t("pathOf")} ${pathNames(verdict.path)}`;
    box.append(path);
  }
  if (verdict.entries && verdict.entries.length) box.append(entriesList(verdict.word, verdict.entries));
  if (verdict.suggestions && verdict.suggestions.length) {
    const near = document.createElement("div");
    near.textContent = `${t("suggestions")} ${verdict.suggestions.join(", ")}`;
    box.append(near);
  }
  const note = verdictNote(verdict);
  if (note) {
    const line = document.createElement("div");
    line.className = "verdict-note";
    line.textContent = note;
    box.append(line);
  }
  box.hidden = false;
}

// At a shared table: the phone's own verdict while the table's referee (the server) has not answered, or, when the
// server's verdict differs from the one the phone showed, what the phone had said (js/provisional.js).
function verdictNote(verdict) {
  if (verdict.provisional) return t("verdictChecking");
  const local = verdict.overruled;
  if (!local) return "";
  if (local.legal && !verdict.legal) return t("refereeRefused");
  if (!local.legal && verdict.legal) return t("refereeAccepted");
  return t("refereeDecided");
}

// Lent to the modules below this one (js/upward.js).
provide({ solve });
