// The pages' words: one translation file per language (i18n/fr.js, i18n/en.js), French unless the player chose
// English (kept on this phone, shared by both pages). The server sends codes and arguments; the pages word them here.
import en from "./i18n/en.js";
import fr from "./i18n/fr.js";

const STORE_LANG = "overturn-lang";
const TEXTS = { fr, en };
let lang = localStorage.getItem(STORE_LANG) === "en" ? "en" : "fr";

export function switchLanguage() {
  lang = lang === "fr" ? "en" : "fr";
  localStorage.setItem(STORE_LANG, lang);
}

// A message: the key's text, or its function called with the arguments.
export function t(key, ...args) {
  const value = TEXTS[lang][key];
  return typeof value === "function" ? value(...args) : value;
}

// A code's word in one of the tables (colour, reasons, codes, fields, cards…); undefined for a code the page does not know.
export function phrase(table, code) {
  const words = TEXTS[lang][table];
  return Object.hasOwn(words, code) ? words[code] : undefined;
}

// The page's language, "fr" or "en" (the board games' catalogues word events in it).
export function language() { return lang; }

// The locale for dates and numbers.
export function locale() { return lang === "fr" ? "fr-FR" : "en-GB"; }

// The page's fixed words, named by data-i18n (text), data-i18n-placeholder and data-i18n-label (aria-label).
export function translatePage() {
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((node) => { node.placeholder = t(node.dataset.i18nPlaceholder); });
  document.querySelectorAll("[data-i18n-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.i18nLabel)); });
  const button = document.getElementById("lang");
  if (button) button.textContent = lang === "fr" ? "EN" : "FR";
}
