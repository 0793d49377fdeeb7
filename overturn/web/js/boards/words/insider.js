// Which of the catalogue's move list sentences says an Insider move (events.insider.played in
// overturn/wording/<lang>.json), and what it names; squares and pawn references keep the notation's names (c3, b2:1).
// A card drawn or swapped is not named (the list is read by every seat).

// The sentence's key and its fields ("Zoé a lancé les dés : 4+5"), from the move's notation and events; undefined
// for a move the page does not know (the notation is shown instead). `tables`: the game's tables in the catalogue.
export function played(entry, tables) {
  const [verb, a = null, b = null] = entry.move.split(" ");
  const roll = entry.events.find((e) => e.kind === "rolled");
  const key = ["roll", "dice", "die"].includes(verb) ? "roll" : verb;
  const complete = { step: b, move: b, play: a !== null && Object.hasOwn(tables.card, a), seat: a, vip: b, totalout: b };
  if (Object.hasOwn(complete, key) && !complete[key]) return undefined;
  const one = verb === "die" || roll?.dice.length === 1;
  return { key, fields: { a, b, dice: roll?.dice ?? null, double: roll?.double ?? false, one } };
}
