// The wordings the page shares with the server (overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js) said here: the same small template format as
// overturn/referees/templates.py, which documents it (tests/test_board_words.py feeds both the same cases). A
// wording is a template string ("{path|filter:arg}"), a list said in turn, or an object: if/then/else, switch/cases,
// part, count/one/other, list/join|either, each/as/join. `name` names a seat number (the page's names of the seats).

export class WordingError extends Error {}

// A counted noun's singular: French for 0, 1 and -1 (0 carte), English for 1. A verb's: French below 2 subjects.
const singularNoun = (lang, count) => (lang === "fr" ? Math.abs(count) < 2 : count === 1);
const singularVerb = (lang, subjects) => (lang === "fr" ? subjects < 2 : subjects === 1);
// "2 cartes", "1 disc": a number with its noun agreed in `lang` (`other`: ONE + s unless given).
export const counted = (lang, n, one, other) => `${n} ${singularNoun(lang, n) ? one : other ?? `${one}s`}`;

export function text(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" || typeof value === "string") return String(value);
  throw new WordingError(`cannot write ${JSON.stringify(value)} without a filter (join, part...)`);
}

// A number, or a string of digits read as one (a load's discs); else null.
function number(value) {
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
}

const either = (choices, word) => (choices.length === 1 ? choices[0] : `${choices.slice(0, -1).join(", ")} ${word} ${choices.at(-1)}`);
const ordinal = (lang, n) => (lang === "fr" ? `${n}${n === 1 ? "re" : "e"}` : `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`);
// "de Zoé", "d'Inès": French's "de" before a name, elided before a vowel or an h.
const ELIDED = /^[aeiouyhàâäéèêëîïôöûüœ]/i;

function get(path, scope) {
  let value = scope;
  for (const step of path.split(".")) {
    if (Array.isArray(value) && /^\d+$/.test(step)) value = Number(step) < value.length ? value[Number(step)] : null;
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) value = Object.hasOwn(value, step) ? value[step] : null;
    else throw new WordingError(`no ${path} in ${JSON.stringify(scope)}`);
  }
  return value;
}

// One game's words in one language (its part of overturn/wording/<lang>.json, as js/i18n/catalogue-<lang>.js), seats named by `name`.
export class Wording {
  constructor(lang, game, name) {
    this.lang = lang;
    this.tables = game.tables ?? {};
    this.parts = game.parts ?? {};
    this.name = name;
  }

  say(wording, scope) {
    if (typeof wording === "string") return this.fill(wording, scope);
    if (Array.isArray(wording)) return wording.map((part) => this.say(part, scope)).join("");
    if (wording === null || typeof wording !== "object") throw new WordingError(`not a wording: ${JSON.stringify(wording)}`);
    if ("if" in wording) {
      const tests = Array.isArray(wording.if) ? wording.if : [wording.if];
      return this.say(tests.some((test) => this.test(test, scope)) ? wording.then : wording.else ?? "", scope);
    }
    if ("switch" in wording) {
      const value = text(get(wording.switch, scope));
      if (Object.hasOwn(wording.cases, value)) return this.say(wording.cases[value], scope);
      return "else" in wording ? this.say(wording.else, scope) : value;
    }
    if ("part" in wording) return this.say(this.parts[wording.part], scope);
    if ("count" in wording) {
      const value = get(wording.count, scope);
      return this.say(singularVerb(this.lang, Array.isArray(value) ? value.length : value) ? wording.one : wording.other, scope);
    }
    if ("list" in wording) {
      const said = wording.list.map((item) => this.say(item, scope)).filter((words) => words);
      return "either" in wording ? either(said, wording.either) : said.join(wording.join);
    }
    if ("each" in wording) {
      const paths = Array.isArray(wording.each) ? wording.each : [wording.each];
      const lists = paths.map((path) => get(path, scope));
      const rows = Math.min(...lists.map((list) => list.length));
      const items = Array.from({ length: rows }, (_, index) => ({ ...scope, ...Object.fromEntries(paths.map((path, i) => [path, lists[i][index]])), index }));
      return items.map((item) => this.say(wording.as, item)).join(wording.join);
    }
    throw new WordingError(`not a wording: ${JSON.stringify(wording)}`);
  }

  fill(template, scope) {
    return template.replace(/\{([^{}]*)\}|[{}]/g, (hole, expression) => {
      if (expression === undefined) throw new WordingError(`a brace outside a hole in ${template}`);
      const [path, ...filters] = expression.split("|");
      return text(filters.reduce((value, spec) => this.filter(spec, value), get(path, scope)));
    });
  }

  filter(spec, value) {
    const [name, ...args] = spec.split(":");
    if (name === "join") return [].concat(value).map(text).join(args[0]);  // a single value: a list of one
    if (name === "either") return either([].concat(value).map(text), args[0]);
    if (Array.isArray(value)) return value.map((item) => this.filter(spec, item));
    const n = number(value);
    if (name === "table") return Object.hasOwn(this.tables[args[0]], text(value)) ? this.tables[args[0]][text(value)] : value;
    if (name === "count") return n === null ? value : counted(this.lang, n, args[0], args[1]);
    if (name === "seat") return n === null ? value : this.name(n);
    if (name === "signed" && n !== null) return n < 0 ? String(n) : `+${n}`;
    if (name === "part") return this.say(this.parts[args[0]], value);
    if (name === "ordinal" && n !== null) return ordinal(this.lang, n);
    if (name === "de") return ELIDED.test(text(value)) ? `d'${text(value)}` : `de ${text(value)}`;
    if (name === "capital") return text(value).charAt(0).toUpperCase() + text(value).slice(1);
    throw new WordingError(`unknown filter ${spec} (or not for ${JSON.stringify(value)})`);
  }

  test(test, scope) {
    const negated = test.startsWith("not ");
    const words = (negated ? test.slice(4) : test).split(" ");
    const [path, operator] = words;
    const literal = words.slice(2).join(" ");
    const value = get(path, scope);
    let held;
    if (words.length === 1) held = ![null, undefined, false, 0, ""].includes(value) && !(Array.isArray(value) && value.length === 0);
    else if (words.length === 2 && operator === "set") held = value !== null && value !== undefined;
    else if (words.length >= 3 && operator === "=") held = text(value) === literal;
    else if (words.length >= 3 && operator === "has") held = value.map(text).includes(literal);
    else throw new WordingError(`cannot read the test ${test}`);
    return held !== negated;
  }
}
