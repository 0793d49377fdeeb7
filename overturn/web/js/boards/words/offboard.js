// offboard's move list entries in the page's own words (the events' words are the catalogue's, overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js,
// which the server words them from too); holes keep their names (E5).

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
