// Both pages without the network: each shared table's last known state, kept on this phone, so that a table link
// opened offline shows that table (marked stale, with the time it was seen) instead of a blank page or another
// game. A state read from the server holds no credential; the seat it was read for is kept beside it (as the list
// of joined tables keeps it), so a link shows only the view of the seat it names.
import { locale, t } from "./i18n.js";

const STORE = "overturn-last-tables";
const MAX_TABLES = 10;

function kept() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list.filter((item) => item && typeof item.id === "string" && item.state && typeof item.state === "object") : [];
  } catch (error) {
    return [];
  }
}

// `kind`: "overturn" or "boards" (the two pages' tables are apart); the newest first, a full storage keeping fewer.
export function keepTable(kind, id, seat, state) {
  const list = kept().filter((item) => !(item.kind === kind && item.id === id));
  list.unshift({ kind, id, seat: seat || "", at: Date.now(), state });
  for (let count = Math.min(list.length, MAX_TABLES); count > 0; count--) {
    try {
      localStorage.setItem(STORE, JSON.stringify(list.slice(0, count)));
      return;
    } catch (error) { /* too big: keep fewer tables */ }
  }
}

// {state, at} as this phone last saw the table from this seat, or null.
export function lastTable(kind, id, seat) {
  const item = kept().find((entry) => entry.kind === kind && entry.id === id && entry.seat === (seat || ""));
  return item ? { state: item.state, at: item.at } : null;
}

// The stale mark's words: offline, the table as it was seen at that time.
export function staleText(at) {
  const when = new Date(at).toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
  return t("staleTable", when);
}
