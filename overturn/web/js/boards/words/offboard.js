// Which of the catalogue's move list sentences says an offboard move (events.offboard.played in
// overturn/wording/<lang>.json), and what it names; holes keep their names (E5).

// A step as the list shows it: "A2 → A3".
const stepWords = (move) => (/^[A-I]\d-[A-I]\d$/.test(move) ? move.replace("-", " → ") : null);

// The sentence's key and its fields ("Zoé a joué A2 → A3"), from the move's notation; undefined for a move the page
// does not know (the notation is shown instead).
export function played(entry) {
  const [verb, rest] = entry.move.split(" ");
  if (verb === "place" && rest) return { key: "place", fields: { hole: rest } };
  if (verb === "remove") return { key: "remove", fields: { step: rest ? stepWords(rest) : null } };
  return stepWords(entry.move) ? { key: "step", fields: { step: stepWords(entry.move) } } : undefined;
}
