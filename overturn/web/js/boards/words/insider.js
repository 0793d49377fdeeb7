// Insider's events in the page's words: `fr` mirrors overturn/referees/insider/words.py's FR word for word (the
// server's French, held equal by tests/test_board_words.py), `en` is the page's English. Players are seat numbers
// from 0, worded by `name` (the page gives the seats' names; the server's French says "Joueur 1" for seat 0);
// squares and pawn references keep the notation's names (c3, b2:1).

const CARDS_FR = { admin: "Administrateur", heli: "Hélicoptère", scandal: "Scandale", trend: "Tendance", guard: "Garde du corps" };
const CARDS_EN = { admin: "Administrator", heli: "Helicopter", scandal: "Scandal", trend: "Trend", guard: "Bodyguard" };
// What a card does at each power; {0}, {1} are its arguments, {p0} its first argument as a player.
const POWERS_FR = {
  "admin 1": "échange {0} et {1}", "admin 2": "échange {0} et {1}", "admin 3": "réarrangement VIP",
  "heli 1": "vol {0} → {1}", "heli 2": "vol {0} → {1}", "heli 3": "réunion pour {p0}",
  "scandal 1": "{p0} passe un tour", "scandal 2": "{p0} n'a qu'un dé jusqu'à la prochaine évaluation",
  "scandal 3": "alerte à la bombe", "trend 1": "rejoue", "trend 2": "déplace des cartes Total OUT",
  "trend 3": "battage médiatique",
};
const POWERS_EN = {
  "admin 1": "swaps {0} and {1}", "admin 2": "swaps {0} and {1}", "admin 3": "VIP rearrangement",
  "heli 1": "flight {0} → {1}", "heli 2": "flight {0} → {1}", "heli 3": "meeting for {p0}",
  "scandal 1": "{p0} skips a turn", "scandal 2": "{p0} has only one die until the next evaluation",
  "scandal 3": "bomb alert", "trend 1": "plays again", "trend 2": "moves Total OUT cards",
  "trend 3": "media hype",
};
const REASONS_FR = { "last-table": "la dernière table est prise", "media-hype": "battage médiatique" };
const REASONS_EN = { "last-table": "the last table is taken", "media-hype": "media hype" };
const MAIN_FR = { walk: "marcher", roll: "lancer", draw: "piocher" };
const MAIN_EN = { walk: "walk", roll: "roll", draw: "draw" };

// "a, b or c" (`word`: the language's "or"), as overturn/referees/wording.py's either().
const either = (choices, word) => (choices.length === 1 ? choices[0] : `${choices.slice(0, -1).join(", ")} ${word} ${choices.at(-1)}`);
const players = (seats, name) => seats.map(name).join(", ");
// A count with its noun in French agreement (singular for 0 and 1), as overturn/referees/wording.py's french_count().
const count = (n, singular, plural) => `${n} ${Math.abs(n) < 2 ? singular : plural ?? `${singular}s`}`;
const verb = (n, singular, plural) => (n < 2 ? singular : plural);
// A gain with its sign, as Python's {:+d}.
const signed = (n) => (n < 0 ? String(n) : `+${n}`);

function power(powers, e, name) {
  const first = e.args.length ? e.args[0] : "";
  const p0 = /^\d+$/.test(first) ? name(Number(first)) : first;
  return powers[`${e.card} ${e.power}`].replace(/\{(\w+)\}/g, (all, key) => (key === "p0" ? p0 : e.args[Number(key)]));
}

const gains = (e, name, arrow) => e.gains.map((gain, seat) => `${name(seat)} ${signed(gain)} ${arrow} ${e.scores[seat]}`).join(", ");
const mains = (e, words) => ["walk", "roll", "draw"].filter((action) => e.legal.includes(action)).map((action) => words[action]);

function movingOptions(e, first, cards, totalout) {
  return [first, ...(e.cards ? [cards] : []), ...(e.totalout ? [totalout] : [])];
}

function endOptions(e, cards, totalout, swap, end) {
  return [...(e.cards ? [cards] : []), ...(e.totalout ? [totalout] : []), ...(e.swap ? [swap] : []), end];
}

export const fr = {
  acted: (e) => e.action,
  drew: (e, name) => `${name(e.player)} pioche ${count(e.count, "carte")} (${count(e.occupied, "case occupée", "cases occupées")})`,
  "swapped-card": (e, name) => `${name(e.player)} défausse une carte et en pioche une`,
  "card-played": (e, name) => `${name(e.player)} joue ${CARDS_FR[e.card]} ${e.power} : ${power(POWERS_FR, e, name)}`,
  declined: (e, name) => `${name(e.player)} ne prend pas de carte et peut continuer`,
  stolen: (e, name) => `${name(e.thief)} prend une carte à ${name(e.victim)}`,
  "rolled-seven": (e, name) => `${name(e.player)} fait 7 : relance`,
  rolled: (e, name) => `${name(e.player)} fait ${e.dice.join("+")}` + (e.double ? " (double)" : ""),
  "evaluation-turned": (e) => `carte d'évaluation ${e.card} retournée : tables [${e.tables.join(", ")}]`,
  guarded: (e, name) => `Garde du corps de ${players(e.helpers, name)} : la carte ${CARDS_FR[e.card]} ${e.power} est annulée`,
  meeting: (e, name) => `réunion : tous les pions de ${name(e.player)} rentrent à leur base`,
  "bomb-alert": (e) => `alerte à la bombe : tous les pions rentrent, la carte ${e.card} passe sous la pile`,
  "total-out-hit": (e, name) => `${count(e.count, "pion")} de ${name(e.player)} sous le Total OUT ${verb(e.count, "rentre", "rentrent")} à la base`,
  "total-out-moved": (e) => `Total OUT déplacé de ${e.frm} à ${e.to}`,
  evaluated: (e, name) => `évaluation ${e.number} (${REASONS_FR[e.reason]}) de la carte ${e.card} : ${gains(e, name, "→")}`,
  "game-over": (e, name) => `partie terminée : ${players(e.winners, name)} ${verb(e.winners.length, "gagne", "gagnent")}`,
  reshuffled: () => "la pioche est vide : la défausse est mélangée en une nouvelle pioche",
  "points-lost": (e, name) => `${name(e.player)} ne peut plus avancer : ${count(e.points, "point perdu", "points perdus")}`,
  "plays-again": (e, name) => `${name(e.player)} rejoue (Tendance)`,
  skipped: (e, name) => `${name(e.player)} passe ce tour (scandale)`,
  "timed-out": (e) => `temps écoulé (${e.seconds} s) : pas de garde du corps`,
  ended: (e, name) => `Partie terminée après ${count(e.evaluations, "évaluation")} : ${players(e.winners, name)} ${verb(e.winners.length, "gagne", "gagnent")}.`,
  "await-guard": (e, name) => `${name(e.victim)} : répondez à la carte ${CARDS_FR[e.card]} ${e.power} de ${name(e.attacker)} `
    + "par un Garde du corps, ou passez.",
  "await-meet": (e, name) => `${name(e.player)} : votre pion rencontre ${players(e.victims, name)} : prenez une carte à chacun `
    + "(le pion s'arrête) ou refusez (il peut continuer).",
  "await-draw": (e, name) => `Hasard : la carte piochée par ${name(e.player)}.`,
  "await-steal": (e, name) => `Hasard : la carte que ${name(e.player)} prend.`,
  "await-dice": (e) => (e.dice === 1 ? "Hasard : le lancer du dé." : "Hasard : le lancer des dés."),
  "await-evaluation": () => "Hasard : la carte d'évaluation retournée.",
  "await-seat": (e, name) => `${name(e.player)} : choisissez une table libre.`,
  "await-vip": (e, name) => `${name(e.player)} : réarrangez les tables, puis « Terminé ».`,
  "await-totalout": (e, name) => `${name(e.player)} : déplacez jusqu'à ${e.left} Total OUT, puis « Terminé ».`,
  "await-choice": (e, name) => `Au tour de ${name(e.player)} : ${either(mains(e, MAIN_FR), "ou")}`
    + (e.legal.includes("walk") ? "" : " (rumeurs : un seul dé, pas de marche)") + ".",
  "await-moving": (e, name) => `${name(e.player)} avance : ${count(e.points, "point")} à jouer (`
    + `${either(movingOptions(e, "déplacer un pion", "jouer des cartes", "déplacer un Total OUT (double)"), "ou")}).`,
  "await-end": (e, name) => `${name(e.player)} : `
    + `${either(endOptions(e, "jouer des cartes", "déplacer un Total OUT (double)", "échanger une carte", "finir le tour"), "ou")}.`,
};

export const en = {
  acted: (e) => e.action,
  drew: (e, name) => `${name(e.player)} draws ${e.count} card(s) (${e.occupied} square(s) taken)`,
  "swapped-card": (e, name) => `${name(e.player)} discards a card and draws one`,
  "card-played": (e, name) => `${name(e.player)} plays ${CARDS_EN[e.card]} ${e.power}: ${power(POWERS_EN, e, name)}`,
  declined: (e, name) => `${name(e.player)} takes no card and may move on`,
  stolen: (e, name) => `${name(e.thief)} takes a card from ${name(e.victim)}`,
  "rolled-seven": (e, name) => `${name(e.player)} rolled 7: rolls again`,
  rolled: (e, name) => `${name(e.player)} rolled ${e.dice.join("+")}` + (e.double ? " (double)" : ""),
  "evaluation-turned": (e) => `evaluation card ${e.card} turned: tables [${e.tables.join(", ")}]`,
  guarded: (e, name) => `Bodyguard from ${players(e.helpers, name)}: the ${CARDS_EN[e.card]} ${e.power} card is cancelled`,
  meeting: (e, name) => `meeting: every pawn of ${name(e.player)} goes back to its base`,
  "bomb-alert": (e) => `bomb alert: every pawn goes home, card ${e.card} goes under the pile`,
  "total-out-hit": (e, name) => `${e.count} pawn(s) of ${name(e.player)} under the Total OUT go back to base`,
  "total-out-moved": (e) => `Total OUT moved from ${e.frm} to ${e.to}`,
  evaluated: (e, name) => `evaluation ${e.number} (${REASONS_EN[e.reason]}) of card ${e.card}: ${gains(e, name, "→")}`,
  "game-over": (e, name) => `game over: ${players(e.winners, name)} ${e.winners.length > 1 ? "win" : "wins"}`,
  reshuffled: () => "the action deck is empty: the discard pile is shuffled into a new deck",
  "points-lost": (e, name) => `${name(e.player)} cannot move further: ${e.points} point(s) lost`,
  "plays-again": (e, name) => `${name(e.player)} plays again (Trend)`,
  skipped: (e, name) => `${name(e.player)} skips this turn (Scandal)`,
  "timed-out": (e) => `time is up (${e.seconds} s): no Bodyguard`,
  ended: (e, name) => `Game over after ${e.evaluations} evaluation(s): ${players(e.winners, name)} ${e.winners.length > 1 ? "win" : "wins"}.`,
  "await-guard": (e, name) => `${name(e.victim)}: answer ${name(e.attacker)}'s ${CARDS_EN[e.card]} ${e.power} card with a Bodyguard, or pass.`,
  "await-meet": (e, name) => `${name(e.player)}: your pawn meets ${players(e.victims, name)}: take a card from each `
    + "(the pawn stops) or decline (it may move on).",
  "await-draw": (e, name) => `Chance: the card ${name(e.player)} draws.`,
  "await-steal": (e, name) => `Chance: the card ${name(e.player)} takes.`,
  "await-dice": (e) => (e.dice === 1 ? "Chance: the roll of the die." : "Chance: the roll of the dice."),
  "await-evaluation": () => "Chance: the evaluation card turned.",
  "await-seat": (e, name) => `${name(e.player)}: choose a free table.`,
  "await-vip": (e, name) => `${name(e.player)}: rearrange the tables, then “Done”.`,
  "await-totalout": (e, name) => `${name(e.player)}: move up to ${e.left} Total OUT, then “Done”.`,
  "await-choice": (e, name) => `${name(e.player)} to play: ${either(mains(e, MAIN_EN), "or")}`
    + (e.legal.includes("walk") ? "" : " (rumours: one die, no walking)") + ".",
  "await-moving": (e, name) => `${name(e.player)} moving: ${e.points} point(s) left (`
    + `${either(movingOptions(e, "move a pawn", "play cards", "move a Total OUT (double)"), "or")}).`,
  "await-end": (e, name) => `${name(e.player)}: `
    + `${either(endOptions(e, "play cards", "move a Total OUT (double)", "swap a card", "end the turn"), "or")}.`,
};

// A move list entry as one sentence in the past ("Zoé a lancé les dés : 4+5"), from its notation and events; `who`
// is the mover's name. Undefined for a move the page does not know: the notation is shown instead. A card drawn or
// swapped is not named (the list is read by every seat).
const diceOf = (entry) => (entry.events.find((e) => e.kind === "rolled") || {}).dice;

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
    return `${who} a lancé ${what}` + (dice ? ` : ${dice.join("+")}` : "");
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
    return `${who} rolled ${what}` + (dice ? `: ${dice.join("+")}` : "");
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
