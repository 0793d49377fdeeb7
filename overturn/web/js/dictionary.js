// The dictionary box, with or without a board: a look-up, or one of the searches players use.
import { api } from "./api.js";
import { phrase, t } from "./i18n.js";
import { messageOf, problemOf } from "./problems.js";
import { entriesList } from "./solve.js";
import { $, page } from "./state.js";

const DICT_LISTS = ["two", "three", "q-without-u", "no-vowel"];

// The dictionary box: a look-up, or one of the searches players use (anagrams with jokers, hooks, 7+1, every form,
// plain filters, a pattern, the preset lists); answers keep their accents and ligatures (the API's spellings).
export async function lookupWord(event) {
  event.preventDefault();
  const kind = $("dict-kind").value;
  const word = $("dict-word").value.trim();
  if (!word && !DICT_LISTS.includes(kind)) return;
  const q = encodeURIComponent(word);
  const paths = {
    lookup: `/api/words/${q}?suggest=true`, anagrams: `/api/anagrams?letters=${q}`, hooks: `/api/hooks?word=${q}`,
    plus: `/api/plus-one?letters=${q}`, forms: `/api/forms?word=${q}`, starts: `/api/find?starts=${q}`, ends: `/api/find?ends=${q}`,
    contains: `/api/find?contains=${q}`, length: `/api/find?length=${q}`, pattern: `/api/pattern?q=${q}`,
  };
  if (kind === "fit") {  // "..E.S AIRT?": the squares, then the rack
    const [squares, rack] = word.split(/\s+/, 2);
    paths.fit = `/api/fit?pattern=${encodeURIComponent(squares || "")}&rack=${encodeURIComponent(rack || "")}`;
  }
  const path = DICT_LISTS.includes(kind) ? `/api/lists/${kind}` : paths[kind];
  const box = $("dict-answer");
  $("dict-go").disabled = true;
  box.className = "verdict dict-busy";  // the last answer goes: the box says a search runs until this one's answer comes
  delete box.dataset.kind;
  box.textContent = t("dictBusy");
  box.hidden = false;
  box.setAttribute("aria-busy", "true");
  try {
    const answer = await api(path);
    if (kind === "lookup") renderLookup(answer);
    else renderSearch(kind, answer);
  } catch (error) {
    // Said in the box itself: on a phone the page's error line is far above the dictionary.
    page.shown.dict = null;
    box.className = "verdict illegal";
    box.dataset.kind = "error";
    box.textContent = messageOf(problemOf(error));
  } finally {
    $("dict-go").disabled = false;
    box.removeAttribute("aria-busy");
  }
}

// A key as the sources write it: "COEUR" → "cœur", "PECHE" → "pêche, péché" (the key itself when no spelling is known).
function spelled(answer, key) {
  const forms = answer.spellings && answer.spellings[key];
  return forms && forms.length ? forms.join(", ") : key;
}

function renderSearch(kind, answer) {
  page.shown.dict = null;
  const box = $("dict-answer");
  box.className = "verdict search";
  box.dataset.kind = kind;
  box.replaceChildren();
  const line = (text, className) => {
    const item = document.createElement("li");
    item.textContent = text;
    if (className) item.className = className;
    return item;
  };
  const list = document.createElement("ul");
  list.className = "search-results";
  // A key with its spellings when they differ: "SOUL (soûl)".
  const withSpelling = (key) => { const as = spelled(answer, key); return as !== key ? `${key} (${as})` : key; };
  if (kind === "hooks") {
    const front = Object.values(answer.front), back = Object.values(answer.back), inserted = Object.entries(answer.inserted);
    if (front.length || back.length || inserted.length) {
      list.append(line(`${t("inFront")} ${front.map(withSpelling).join(" ") || "—"}`), line(`${t("behind")} ${back.map(withSpelling).join(" ") || "—"}`));
      for (const [letter, words] of inserted) list.append(line(`${t("inside", letter)} ${words.map(withSpelling).join(" ")}`));
    }
  } else if (kind === "plus") {
    for (const [letter, words] of Object.entries(answer.by_letter || {})) list.append(line(`${t("plusLetter", letter)} ${words.map(withSpelling).join(" ")}`));
  } else if (kind === "forms") {
    for (const group of answer.lemmas) list.append(...formsLines(group, line));
  } else {
    for (const key of answer.words) {
      const shownAs = spelled(answer, key);
      const joker = answer.jokers && answer.jokers[key] ? ` ${t("jokerWas", answer.jokers[key])}` : "";
      list.append(line(`${key}${shownAs !== key ? " — " + shownAs : ""}${joker}`));
    }
  }
  const title = document.createElement("div");
  title.className = "verdict-title";
  const count = list.children.length;
  title.textContent = count ? (answer.words ? t("words", answer.count) + (answer.truncated ? ` ${t("moreShown")}` : "") : "") : t("noneFound");
  box.append(title, list);
  box.hidden = false;
}

// One lemma's lines: its title, then its table one line a tense ("indicatif présent : je mange · tu manges · …";
// a noun's by gender and number), then the forms no table row holds (or all of them when the build has no table).
function formsLines(group, line) {
  const lines = [line(t("formsOf", group.lemma, phrase("pos", group.pos) || group.pos, group.count), "forms-title")];
  const byTense = new Map();
  const placed = new Set();
  for (const row of group.table || []) {
    let label = phrase("persons", row.person) || row.person;
    if (row.tense === "Y" && label) label = `(${label})`;
    const written = row.forms.join(", ");
    const cell = label === "je" && /^[aeiouyàâäéèêëîïôöùûüÿœæ]/.test(written) ? `j'${written}` : (label ? `${label} ${written}` : written);
    const name = phrase("tenses", row.tense) || t("genderNumber");
    if (!byTense.has(name)) byTense.set(name, []);
    byTense.get(name).push(cell);
    for (const form of row.forms) placed.add(form);
  }
  for (const [name, cells] of byTense) lines.push(line(`${name} : ${cells.join(" · ")}`, "forms-tense"));
  const others = group.forms.filter((form) => !placed.has(form));
  if (others.length) lines.push(line(`${placed.size ? t("otherForms") + " " : ""}${others.join(", ")}`, "forms-other"));
  return lines;
}

export function renderLookup(answer) {
  page.shown.dict = answer;
  const box = $("dict-answer");
  box.className = answer.valid ? "verdict legal" : "verdict illegal";
  box.replaceChildren();
  const title = document.createElement("div");
  title.className = "verdict-title";
  title.textContent = `${answer.key} — ${answer.valid ? t("valid") : t("notWord")}`;
  box.append(title);
  if (answer.valid) box.append(entriesList(answer.key, answer.entries, answer.spellings));
  if (answer.links) {
    const links = document.createElement("div");
    links.className = "definition-links";
    links.append(`${t("definitions")} `);
    for (const [name, href] of Object.entries(answer.links)) {
      const a = document.createElement("a");
      a.href = href;
      a.target = "_blank";
      a.rel = "noopener";
      a.textContent = { wiktionnaire: "Wiktionnaire", cnrtl: "CNRTL" }[name] || name;
      links.append(a, " ");
    }
    box.append(links);
  }
  if (answer.suggestions && answer.suggestions.length) {
    const near = document.createElement("div");
    near.textContent = `${t("suggestions")} ${answer.suggestions.join(", ")}`;
    box.append(near);
  }
  box.hidden = false;
}

