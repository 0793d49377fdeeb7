// The board games' events worded in the page's language: the server sends each move's events and the awaited
// decision as data ({kind, ...fields}); the catalogue the server words them from too (overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js, read by
// format.js's Wording) words them here. No page state: `name` words a seat number (Insider's players), so the same
// functions run under Node in the tests. The move list's past-tense sentences are the catalogue's `played`, chosen by
// words/<game>.js from the move's notation.
import en from "../../i18n/catalogue-en.js";
import fr from "../../i18n/catalogue-fr.js";
import { Wording } from "./format.js";
import * as insider from "./insider.js";
import * as offboard from "./offboard.js";
import * as overload from "./overload.js";

const CATALOGUES = { fr, en };
const SENTENCES = { insider, offboard, overload };

// `event` in `lang` ("fr" or "en"), or undefined for a kind the page does not know (a newer server: the caller
// shows the server's French line instead).
export function word(game, lang, event, name) {
  const words = CATALOGUES[lang].events[game];
  return Object.hasOwn(words.kinds, event.kind) ? new Wording(lang, words, name).say(words.kinds[event.kind], event) : undefined;
}

// A move list line: Overload's action first, what it did indented under it, as the server writes its lines.
export function line(game, lang, event, name) {
  const text = word(game, lang, event, name);
  return text === undefined || game !== "overload" || event.kind === "acted" ? text : `  ${text}`;
}

// Whether a move list entry's `index`th event goes after its sentence: not the move's own action (the sentence says
// it), nor Insider's roll when the sentence names the dice already ("Zoé a lancé les dés : 3+5", not "— Zoé fait 3+5").
export function afterSentence(game, entry, index) {
  const event = entry.events[index];
  if (!event) return true;
  if (index === 0 && event.kind === "acted") return false;
  return !(game === "insider" && event.kind === "rolled" && ["roll", "dice", "die"].includes(entry.move.split(" ")[0]));
}

// A move list entry as one sentence in `lang` ("Zoé a lancé le dé : 4"), the catalogue's (its game's `played`, the
// mover's name as `who`), or undefined for a move the page does not know (the caller shows the notation).
export function sentence(game, lang, entry, name) {
  const words = CATALOGUES[lang].events[game];
  const move = SENTENCES[game].played(entry, words.tables ?? {});
  if (move === undefined || !Object.hasOwn(words.played, move.key)) return undefined;
  return new Wording(lang, words, name).say(words.played[move.key], { ...move.fields, who: name(entry.seat) });
}
