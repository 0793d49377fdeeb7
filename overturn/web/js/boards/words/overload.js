// Overload's move list entries in the page's own words (the events' words are the catalogue's, overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js,
// which the server words them from too): players are colours, pawns are named as the catalogue names them (pion rouge 1).
import en from "../../i18n/catalogue-en.js";
import fr from "../../i18n/catalogue-fr.js";
import { counted } from "./format.js";

const PAWNS_FR = fr.events.overload.tables.pawn;
const PAWNS_EN = en.events.overload.tables.pawn;
const STEPS_FR = fr.events.overload.tables.step;
const STEPS_EN = en.events.overload.tables.step;

// A move list entry as one sentence in the past ("Zoé a lancé le dé : 4"), from its notation and events; `who` is
// the mover's name. Undefined for a move the page does not know: the notation is shown instead.
// a pawn named as the catalogue's lines and the board's chips name it ("pion jaune 2"), its code when the catalogue has none
const pawnFr = (pawn) => (Object.hasOwn(PAWNS_FR, pawn) ? PAWNS_FR[pawn] : pawn);
const pawnEn = (pawn) => `the ${Object.hasOwn(PAWNS_EN, pawn) ? PAWNS_EN[pawn] : pawn}`;
const rolled = (entry) => (entry.events.find((e) => e.kind === "acted" && e.action === "roll") || {}).value;

function playedFr(entry, who) {
  const [verb, value] = entry.move.split(" ");
  if (verb === "load" && value === "0") return `${who} n'a chargé aucun disque`;
  if (verb === "load" && /^\d+$/.test(value)) return `${who} a chargé ${counted("fr", Number(value), "disque")}`;
  if (verb === "roll") return rolled(entry) ? `${who} a lancé le dé : ${rolled(entry)}` : `${who} a lancé le dé`;
  if (verb === "move" && value) return `${who} a déplacé le ${pawnFr(value)}`;
  if (verb === "give" && value) return `${who} a donné un disque au ${pawnFr(value)}`;
  if (verb === "take" && value) return `${who} a pris un disque au ${pawnFr(value)}`;
  if (verb === "step" && STEPS_FR[value]) return `${who} ${value === "back" ? "a reculé" : "a avancé"} d'une case`;
  return undefined;
}

function playedEn(entry, who) {
  const [verb, value] = entry.move.split(" ");
  if (verb === "load" && /^\d+$/.test(value)) return `${who} loaded ${counted("en", Number(value), "disc")}`;
  if (verb === "roll") return rolled(entry) ? `${who} rolled the die: ${rolled(entry)}` : `${who} rolled the die`;
  if (verb === "move" && value) return `${who} moved ${pawnEn(value)}`;
  if (verb === "give" && value) return `${who} gave a disc to ${pawnEn(value)}`;
  if (verb === "take" && value) return `${who} took a disc from ${pawnEn(value)}`;
  if (verb === "step" && STEPS_EN[value]) return `${who} ${STEPS_EN[value].replace(/^steps/, "stepped")}`;
  return undefined;
}

export const played = { fr: playedFr, en: playedEn };
