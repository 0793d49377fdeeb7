// The board games' events worded in the page's language: the server sends each move's events and the awaited
// decision as data ({kind, ...fields}); each game's catalogue here (words/<game>.js, French and English) words them.
// No page state: `name` words a seat number (Insider's players), so the same functions run under Node in the tests.
import * as insider from "./insider.js";
import * as offboard from "./offboard.js";
import * as overload from "./overload.js";

const GAMES = { insider, offboard, overload };

// `event` in `lang` ("fr" or "en"), or undefined for a kind the page does not know (a newer server: the caller
// shows the server's French line instead).
export function word(game, lang, event, name) {
  const catalogue = GAMES[game][lang];
  return Object.hasOwn(catalogue, event.kind) ? catalogue[event.kind](event, name) : undefined;
}

// A move list line: Overload's action first, what it did indented under it, as the server writes its lines.
export function line(game, lang, event, name) {
  const text = word(game, lang, event, name);
  return text === undefined || game !== "overload" || event.kind === "acted" ? text : `  ${text}`;
}

// A move list entry as one sentence in `lang` ("Zoé a lancé le dé : 4"), or undefined for a move the page does not
// know (the caller shows the notation).
export function sentence(game, lang, entry, name) {
  const catalogue = GAMES[game].played;
  return catalogue ? catalogue[lang](entry, name(entry.seat)) : undefined;
}
