// The pages' words in one language, made from its catalogue (overturn/wording/<lang>.json, read here as
// catalogue-<lang>.js): each text and table of codes as it is, each wording said with arguments ({args, say}, the
// template format of js/boards/words/format.js) as a function of them; and the words the server says too.
import { Wording } from "../boards/words/format.js";

export function pageWords(catalogue, lang) {
  const wording = new Wording(lang, {}, String);
  // a function of as many arguments as the wording names (its length says so, as a written function's would)
  const said = (entry) => Object.defineProperty(
    (...values) => wording.say(entry.say, Object.fromEntries(entry.args.map((name, i) => [name, values[i] ?? null]))),
    "length", { value: entry.args.length },
  );
  const words = Object.fromEntries(Object.entries(catalogue.page).map(([key, entry]) => [key, Array.isArray(entry?.args) ? said(entry) : entry]));
  return { ...words, refusals: catalogue.refusals, refused: catalogue.refused, pawns: catalogue.events.overload.tables.pawn };
}
