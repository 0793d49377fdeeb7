// Overload's events in the page's words: `fr` mirrors overturn/referees/overload/words.py's FR word for word (the
// server's French, held equal by tests/test_board_words.py), `en` is the page's English. Each kind's function takes
// the event as the server sends it ({kind, ...fields}); players are colours, pawns keep the notation's names (red1).

const COLOURS_FR = { red: "rouge", blue: "bleu", yellow: "jaune", green: "vert", black: "noir", white: "blanc" };
const CAUSES_FR = { seeded: "tiré par le serveur", forced: "forcé", "no-load": "aucun disque choisi avant le lancer" };
const CAUSES_EN = { seeded: "rolled by the server", forced: "forced", "no-load": "no discs chosen before the roll" };
const ACTIONS_FR = {
  roll: "dé : {}", load: "charge {}", move: "déplace {}", give: "donne à {}", take: "prend à {}", step: "{}",
};
const ACTIONS_EN = {
  roll: "die: {}", load: "loads {}", move: "moves {}", give: "gives to {}", take: "takes from {}", step: "{}",
};
const STEPS_FR = { forward: "avance d'une case", back: "recule d'une case" };
const STEPS_EN = { forward: "steps forward one space", back: "steps back one space" };

// A code's word in a table, or the code itself when the table does not hold it (as Python's dict.get(code, code)).
const lookup = (table, code) => (Object.hasOwn(table, code) ? table[code] : code);
const colour = (name) => lookup(COLOURS_FR, name);
// A count with its noun in French agreement (singular for 0 and 1), as overturn/referees/wording.py's french_count().
const count = (n, singular, plural) => `${n} ${Math.abs(n) < 2 ? singular : plural ?? `${singular}s`}`;
// A load's discs counted (French: singular for 0 and 1); other actions' arguments as they are.
const valueFr = (action, value) => (action === "load" && /^\d+$/.test(value) ? count(Number(value), "disque") : value);
const discsEn = (n) => `${n} disc${Number(n) === 1 ? "" : "s"}`;
const valueEn = (action, value) => (action === "load" && /^\d+$/.test(value) ? discsEn(value) : value);
const acted = (actions, steps, causes, e, value) =>
  lookup(actions, e.action).replace("{}", () => lookup(steps, value(e.action, e.value))) + (e.cause ? ` (${causes[e.cause]})` : "");

function spaceFr(space) {
  if (space.role === "start") return "départ";
  if (space.role === "finish") return `arrivée (${space.number})`;
  return `case ${space.number}` + (space.special ? ` [${space.special}]` : "");
}

function spaceEn(space) {
  if (space.role === "start") return "start";
  if (space.role === "finish") return `finish (${space.number})`;
  return `space ${space.number}` + (space.special ? ` [${space.special}]` : "");
}

const reasonFr = (r) => (r.overload ? `${r.points} pour la surcharge de ${r.overload}` : `${r.points} pour l'arrivée`);
const reasonEn = (r) => (r.overload ? `${r.points} for the Overload of ${r.overload}` : `${r.points} for the finish`);
const bonusFr = (e) => (e.bonus_discs !== null && e.bonus_discs !== undefined ? ` + ${e.bonus} de bonus pour exactement ${e.bonus_discs}` : "");
const bonusEn = (e) => (e.bonus_discs !== null && e.bonus_discs !== undefined ? ` + ${e.bonus} bonus for exactly ${e.bonus_discs}` : "");
const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;

export const fr = {
  acted: (e) => acted(ACTIONS_FR, STEPS_FR, CAUSES_FR, e, valueFr),
  moved: (e) => `${e.pawn} : ${spaceFr(e.frm)} → ${spaceFr(e.to)}, ${count(e.discs, "disque")}`,
  discs: (e) => `${e.pawn} : ${e.before} → ${count(e.after, "disque")}`,
  finished: (e) => `${e.pawn} atteint l'arrivée avec ${count(e.discs, "disque")}${bonusFr(e)} = ${count(e.points, "point")} ; retour au départ, ses disques vont dans la coupe`,
  overloaded: (e) => `Surcharge ! ${e.pawn} porterait un ${e.disc}e disque : retour au départ, ses disques vont dans la coupe`,
  scored: (e) => `${colour(e.player)} marque ${e.points} (${e.reasons.map(reasonFr).join(", ")} ; total ${e.total})`,
  won: (e) => `${colour(e.player)} atteint ${e.target} points et gagne`,
  "await-load": (e) => `${colour(e.player)} : choisissez de 0 à ${e.most} disques pour ${e.pawn} au départ, puis lancez le dé.`,
  "await-roll": (e) => `${colour(e.player)} : lancez le dé.`,
  "await-move": (e) => `${colour(e.player)} a fait ${e.roll} : déplacez un pion (${e.pawns.join(", ")}).`,
  "await-step": (e) => `${colour(e.player)} : ${e.pawn} est sur une case +/- et doit avancer ou reculer d'une case tout de suite.`,
  "await-settle": (e) => `${colour(e.player)} : ${e.pawn} règle chaque pion rencontré, en donnant ou en prenant ${e.discs === 2 ? "2 disques (case x2)" : "1 disque"}.`,
  "game-won": (e) => `Partie terminée : ${colour(e.player)} gagne avec ${e.points} points.`,
};

export const en = {
  acted: (e) => acted(ACTIONS_EN, STEPS_EN, CAUSES_EN, e, valueEn),
  moved: (e) => `${e.pawn}: ${spaceEn(e.frm)} → ${spaceEn(e.to)}, ${discsEn(e.discs)}`,
  discs: (e) => `${e.pawn}: ${e.before} → ${discsEn(e.after)}`,
  finished: (e) => `${e.pawn} reaches the finish with ${e.discs} discs${bonusEn(e)} = ${e.points} points; back to the start, its discs go to the cup`,
  overloaded: (e) => `Overload! ${e.pawn} would carry a ${ordinal(e.disc)} disc: back to the start, its discs go to the cup`,
  scored: (e) => `${e.player} scores ${e.points} (${e.reasons.map(reasonEn).join(", ")}; total ${e.total})`,
  won: (e) => `${e.player} reaches ${e.target} points and wins`,
  "await-load": (e) => `${e.player}: choose 0 to ${e.most} discs for ${e.pawn} on the start, then roll the die.`,
  "await-roll": (e) => `${e.player}: roll the die.`,
  "await-move": (e) => `${e.player} rolled ${e.roll}: move a pawn (${e.pawns.join(", ")}).`,
  "await-step": (e) => `${e.player}: ${e.pawn} is on a +/- space and must step forward or back one space at once.`,
  "await-settle": (e) => `${e.player}: ${e.pawn} settles each pawn met, giving or taking ${e.discs === 2 ? "2 discs (x2 space)" : "1 disc"}.`,
  "game-won": (e) => `Game over: ${e.player} wins with ${e.points} points.`,
};

// A move list entry as one sentence in the past ("Zoé a lancé le dé : 4"), from its notation and events; `who` is
// the mover's name. Undefined for a move the page does not know: the notation is shown instead.
const pawnFr = (pawn) => pawn.replace(/^([a-z]+)(\d+)$/, (all, side, n) => `pion ${colour(side)} ${n}`);
const pawnEn = (pawn) => pawn.replace(/^([a-z]+)(\d+)$/, (all, side, n) => `the ${side} ${n} pawn`);
const rolled = (entry) => (entry.events.find((e) => e.kind === "acted" && e.action === "roll") || {}).value;

function playedFr(entry, who) {
  const [verb, value] = entry.move.split(" ");
  if (verb === "load" && /^\d+$/.test(value)) return `${who} a chargé ${count(Number(value), "disque")}`;
  if (verb === "roll") return rolled(entry) ? `${who} a lancé le dé : ${rolled(entry)}` : `${who} a lancé le dé`;
  if (verb === "move" && value) return `${who} a déplacé le ${pawnFr(value)}`;
  if (verb === "give" && value) return `${who} a donné un disque au ${pawnFr(value)}`;
  if (verb === "take" && value) return `${who} a pris un disque au ${pawnFr(value)}`;
  if (verb === "step" && STEPS_FR[value]) return `${who} ${value === "back" ? "a reculé" : "a avancé"} d'une case`;
  return undefined;
}

function playedEn(entry, who) {
  const [verb, value] = entry.move.split(" ");
  if (verb === "load" && /^\d+$/.test(value)) return `${who} loaded ${discsEn(value)}`;
  if (verb === "roll") return rolled(entry) ? `${who} rolled the die: ${rolled(entry)}` : `${who} rolled the die`;
  if (verb === "move" && value) return `${who} moved ${pawnEn(value)}`;
  if (verb === "give" && value) return `${who} gave a disc to ${pawnEn(value)}`;
  if (verb === "take" && value) return `${who} took a disc from ${pawnEn(value)}`;
  if (verb === "step" && STEPS_EN[value]) return `${who} ${STEPS_EN[value].replace(/^steps/, "stepped")}`;
  return undefined;
}

export const played = { fr: playedFr, en: playedEn };
