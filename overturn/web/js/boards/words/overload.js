// Which of the catalogue's move list sentences says an Overload move (events.overload.played in
// overturn/wording/<lang>.json), and what it names: players are colours, pawns named by the catalogue (pion rouge 1).

// The sentence's key and its fields ("Zoé a lancé le dé : 4"), from the move's notation and events; undefined for a
// move the page does not know (the notation is shown instead). `tables`: the game's tables in the catalogue.
export function played(entry, tables) {
  const [verb, value = null] = entry.move.split(" ");
  const rolled = entry.events.find((e) => e.kind === "acted" && e.action === "roll")?.value ?? null;
  const complete = { load: /^\d+$/.test(value), roll: true, move: value, give: value, take: value, step: value !== null && Object.hasOwn(tables.step, value) };
  return Object.hasOwn(complete, verb) && complete[verb] ? { key: verb, fields: { value, rolled } } : undefined;
}
