// offboard's events in the page's words: `fr` mirrors overturn/referees/offboard/words.py's FR word for word (the
// server's French, held equal by tests/test_board_words.py), `en` is the page's English. Players are the marbles'
// colours (red, yellow), holes keep their names (E5).

const COLOURS_FR = { red: "rouge", yellow: "jaune" };
const colour = (name) => (Object.hasOwn(COLOURS_FR, name) ? COLOURS_FR[name] : name);
// A count with its noun in French agreement (singular for 0 and 1), as overturn/referees/wording.py's french_count().
const count = (n, singular, plural) => `${n} ${Math.abs(n) < 2 ? singular : plural ?? `${singular}s`}`;
const isSet = (value) => value !== null && value !== undefined;

function steppedFr(e) {
  let text = e.marbles === 1 ? "une bille avance" : `une ligne de ${e.marbles} avance`;
  if (e.pushed) text = `une ligne de ${e.marbles} pousse ${count(e.pushed, `bille ${colour(e.opponent)}`, `billes ${colour(e.opponent)}s`)}`;
  if (isSet(e.target) && e.bounced) {
    text += ` ; une bille ${colour(e.opponent)} sort vers la cible ${e.target}, déjà prise : pas de point, `
      + `${colour(e.opponent)} doit la replacer ou la retirer`;
  } else if (isSet(e.target)) {
    text += ` ; une bille ${colour(e.opponent)} sort dans la cible ${e.target} : +${e.points}`;
  }
  return text;
}

function steppedEn(e) {
  let text = e.marbles === 1 ? "one marble steps" : `a line of ${e.marbles} moves`;
  if (e.pushed) text = `a line of ${e.marbles} pushes ${e.pushed} ${e.opponent} marble(s)`;
  if (isSet(e.target) && e.bounced) {
    text += `; a ${e.opponent} marble goes off toward target ${e.target}, already taken: no points, ${e.opponent} must put it back or remove it`;
  } else if (isSet(e.target)) {
    text += `; a ${e.opponent} marble goes off into target ${e.target}: +${e.points}`;
  }
  return text;
}

function actedFr(e) {
  if (e.form === "place") return `${colour(e.player)} replace sa bille en ${e.hole}`;
  if (e.form === "remove") return `${colour(e.player)} retire sa bille du jeu`;
  return `${colour(e.player)} ${e.move}`;
}

function actedEn(e) {
  if (e.form === "place") return `${e.player} puts its marble back on ${e.hole}`;
  if (e.form === "remove") return `${e.player} removes its marble from the game`;
  return `${e.player} ${e.move}`;
}

// The marbles each side lost after a bounce, named by `name` (the language's colour).
const removed = (score, name) => [["red", score.removed_red], ["yellow", score.removed_yellow]].filter(([, count]) => count).map(([side, count]) => `${name(side)} ${count}`);

function scoreFr(score) {
  const lost = removed(score, colour);
  return `rouge ${score.red}, jaune ${score.yellow}` + (lost.length ? ` ; retirées du jeu après un rebond : ${lost.join(", ")}` : "");
}

function scoreEn(score) {
  const lost = removed(score, (side) => side);
  return `red ${score.red}, yellow ${score.yellow}` + (lost.length ? `; removed from the game after a bounce: ${lost.join(", ")}` : "");
}

function whyFr(e) {
  if (e.why === "points") return `${colour(e.winner)} atteint ${e.points} points`;
  return `${colour(e.loser)} n'a plus de ` + (e.why === "no-marble" ? "bille sur le plateau" : "coup possible") + " et perd";
}

function whyEn(e) {
  if (e.why === "points") return `${e.winner} reaches ${e.points} points`;
  return `${e.loser} has no ` + (e.why === "no-marble" ? "marble left on the board" : "legal move left") + " and loses";
}

export const fr = {
  acted: actedFr,
  stepped: steppedFr,
  placed: (e) => `la bille rebondie revient en ${e.hole}`,
  removed: () => "la bille rebondie est retirée du jeu ; le même joueur rejoue",
  "await-play": (e) => `Score : ${scoreFr(e.score)}. Aux ${colour(e.player)}s de jouer` + (e.in_hand
    ? " : leur bille sortie a rebondi sur une cible prise ; la replacer (tout le tour) ou la retirer du jeu puis jouer."
    : "."),
  "game-over": (e) => `Score : ${scoreFr(e.score)}. Partie terminée : ${colour(e.winner)} gagne (${whyFr(e)}).`,
};

export const en = {
  acted: actedEn,
  stepped: steppedEn,
  placed: (e) => `the bounced marble comes back on ${e.hole}`,
  removed: () => "the bounced marble is removed from the game; the same player moves again",
  "await-play": (e) => `Score: ${scoreEn(e.score)}. ${e.player} to play` + (e.in_hand
    ? ": its pushed-off marble bounced off a taken target; put it back (the whole turn) or remove it from the game, then play."
    : "."),
  "game-over": (e) => `Score: ${scoreEn(e.score)}. Game over: ${e.winner} wins (${whyEn(e)}).`,
};

// A move list entry as one sentence in the past ("Zoé a joué A2 → A3"), from its notation; `who` is the mover's
// name. Undefined for a move the page does not know: the notation is shown instead.
const stepWords = (move) => (/^[A-I]\d-[A-I]\d$/.test(move) ? move.replace("-", " → ") : undefined);

function playedFr(entry, who) {
  const [verb, rest] = entry.move.split(" ");
  if (verb === "place" && rest) return `${who} a replacé sa bille en ${rest}`;
  if (verb === "remove") return `${who} a retiré sa bille du jeu` + (rest && stepWords(rest) ? `, puis a joué ${stepWords(rest)}` : "");
  return stepWords(entry.move) && `${who} a joué ${stepWords(entry.move)}`;
}

function playedEn(entry, who) {
  const [verb, rest] = entry.move.split(" ");
  if (verb === "place" && rest) return `${who} put the marble back on ${rest}`;
  if (verb === "remove") return `${who} removed the marble from the game` + (rest && stepWords(rest) ? `, then played ${stepWords(rest)}` : "");
  return stepWords(entry.move) && `${who} played ${stepWords(entry.move)}`;
}

export const played = { fr: playedFr, en: playedEn };
