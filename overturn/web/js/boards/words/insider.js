// Insider's move list entries in the page's own words (the events' words are the catalogue's, overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js,
// which the server words them from too); squares and pawn references keep the notation's names (c3, b2:1).
import en from "../../i18n/catalogue-en.js";
import fr from "../../i18n/catalogue-fr.js";

const CARDS_FR = fr.events.insider.tables.card;
const CARDS_EN = en.events.insider.tables.card;

// A move list entry as one sentence in the past ("Zoé a lancé les dés : 4+5"), from its notation and events; `who`
// is the mover's name. Undefined for a move the page does not know: the notation is shown instead. A card drawn or
// swapped is not named (the list is read by every seat).
const rolledOf = (entry) => entry.events.find((e) => e.kind === "rolled") || {};
const diceOf = (entry) => rolledOf(entry).dice;

function playedFr(entry, who) {
  const [verb, a, b] = entry.move.split(" ");
  const dice = diceOf(entry);
  const simple = {
    walk: "a choisi de marcher", draw: "a pioché", end: "a fini son tour", pass: "n'a pas répondu par un garde du corps", done: "a terminé",
    take: "a pris une carte à chaque pion rencontré", decline: "n'a pas pris de carte", swap: "a échangé une carte",
    steal: "a pris une carte", card: "a pioché une carte", eval: "a retourné une carte d'évaluation",
  };
  if (["roll", "dice", "die"].includes(verb)) {
    const what = verb === "die" || (dice && dice.length === 1) ? "le dé" : "les dés";
    return `${who} a lancé ${what}` + (dice ? ` : ${dice.join("+")}${rolledOf(entry).double ? " (double)" : ""}` : "");
  }
  if ((verb === "step" || verb === "move") && b) return `${who} a ${verb === "step" ? "avancé" : "déplacé"} un pion de ${a} à ${b}`;
  if (verb === "play" && CARDS_FR[a]) return `${who} a joué ${CARDS_FR[a]} ${b}`;
  if (verb === "guard") return `${who} a répondu par ${a === "1" || !a ? "un garde du corps" : `${a} gardes du corps`}`;
  if (verb === "seat" && a) return `${who} a pris la table ${a}`;
  if (verb === "vip" && b) return `${who} a échangé les tables ${a} et ${b}`;
  if (verb === "totalout" && b) return `${who} a déplacé un Total OUT de ${a} à ${b}`;
  return Object.hasOwn(simple, verb) ? `${who} ${simple[verb]}` : undefined;
}

function playedEn(entry, who) {
  const [verb, a, b] = entry.move.split(" ");
  const dice = diceOf(entry);
  const simple = {
    walk: "chose to walk", draw: "drew", end: "ended the turn", pass: "answered with no Bodyguard", done: "finished",
    take: "took a card from each pawn met", decline: "took no card", swap: "swapped a card",
    steal: "took a card", card: "drew a card", eval: "turned an evaluation card",
  };
  if (["roll", "dice", "die"].includes(verb)) {
    const what = verb === "die" || (dice && dice.length === 1) ? "the die" : "the dice";
    return `${who} rolled ${what}` + (dice ? `: ${dice.join("+")}${rolledOf(entry).double ? " (double)" : ""}` : "");
  }
  if ((verb === "step" || verb === "move") && b) return `${who} ${verb === "step" ? "stepped" : "moved"} a pawn from ${a} to ${b}`;
  if (verb === "play" && CARDS_EN[a]) return `${who} played ${CARDS_EN[a]} ${b}`;
  if (verb === "guard") return `${who} answered with ${a === "1" || !a ? "a Bodyguard" : `${a} Bodyguards`}`;
  if (verb === "seat" && a) return `${who} sat at table ${a}`;
  if (verb === "vip" && b) return `${who} swapped tables ${a} and ${b}`;
  if (verb === "totalout" && b) return `${who} moved a Total OUT from ${a} to ${b}`;
  return Object.hasOwn(simple, verb) ? `${who} ${simple[verb]}` : undefined;
}

export const played = { fr: playedFr, en: playedEn };
