// The request bodies of the game endpoints, read as the server reads them (overturn/service/params.py's
// typed_body and body_refusal, path_cells, cell_of): leniently (a digit string is a number, "true" a boolean),
// unknown fields ignored, and a refusal an ApiError with the server's status, message and detail.

import { pyRepr, pyValue } from "./pytext.js";

export class ApiError extends Error {
  constructor(status, message, detail = null) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
const TYPE_WORDS = { int: "a whole number", str: "a string", bool: "true or false", array: "a list" };

// A body as its declared fields (typed_body): msgspec checks the keys in the order the body gives them (a key
// the type does not declare is refused: every request type is closed), then names the first missing required
// field in the order the type declares them. `fields` maps each name to [read(value, name), required]; a field
// absent (or null) and not required is null.
export function decodeBody(body, fields) {
  const values = {};
  for (const name of Object.keys(body)) {
    if (!Object.hasOwn(fields, name)) {
      const shown = [...name].slice(0, 40).join("");
      throw new ApiError(422, `unknown field ${pyRepr(shown)}: this request takes ${Object.keys(fields).sort().join(", ")}`, { field: shown });
    }
    if (body[name] !== null) values[name] = fields[name][0](body[name], name);
  }
  for (const [name, [, required]] of Object.entries(fields)) {
    if (!(name in values)) {
      if (required && body[name] === undefined) throw new ApiError(400, `'${name}' is required`, { field: name });
      values[name] = null;
    }
  }
  return values;
}

// A whole number in [low, high]; a string holding a JSON number of whole value is read as that number (msgspec's
// lax reading: "7", "7.0" and "1e3" are numbers, " 7" and "+7" are not).
export const whole = (low, high) => (value, field) => {
  if (typeof value === "string" && /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value) && Number.isInteger(Number(value))) value = Number(value);
  if (!isWhole(value)) throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.int}`, { field });
  if (value < low || value > high) throw new ApiError(422, `'${field}' must be between ${low} and ${high}, not ${value}`, { field });
  return value;
};

// One of a few names (the message lists them sorted, as the type's schema does).
export const oneOf = (choices) => (value, field) => {
  if (typeof value === "string" && choices.includes(value)) return value;
  const listed = [...choices].sort().join(" or ");
  throw new ApiError(422, `unknown ${field} ${pyValue(value)}: '${field}' must be ${listed}`, { field });
};

// A mode, reuse or advanced, as params.py's body_refusal reads it: a preset's name sent as a mode is told where it goes.
export const modeName = (presets) => (value, field) => {
  try {
    return oneOf(["reuse", "advanced"])(value, field);
  } catch (error) {
    if (typeof value === "string" && presets.includes(value)) error.message += ` (${pyRepr(value)} is a preset: send it as 'preset')`;
    throw error;
  }
};

// A text of at most `most` characters; an empty one is missing.
export const text = (most = Infinity) => (value, field) => {
  if (typeof value !== "string") throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.str}`, { field });
  if (!value.length) throw new ApiError(400, `'${field}' is required`, { field });
  if ([...value].length > most) throw new ApiError(422, `'${field}' is too long: at most ${most} characters`, { field, max: most });
  return value;
};

// true or false; also "true", "false" in any case, "1", "0" and the numbers 1 and 0 (msgspec's lax reading).
export const flag = (value, field) => {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string" && ["true", "false", "1", "0"].includes(value.toLowerCase())) return ["true", "1"].includes(value.toLowerCase());
  throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.bool}`, { field });
};

export const list = (value, field) => {
  if (!Array.isArray(value)) throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.array}`, { field });
  return value;
};

// Any JSON (the saved game, the lexicon's name, a cell): checked later, by the rules.
export const anything = (value) => value;

const number = (value) => isWhole(value);
const pair = (value) => Array.isArray(value) && value.length === 2 && value.every(number);

// A traced path as cell numbers: cell numbers, or [row, col] pairs as older clients send, not mixed
// (answers.path_numbers; 400 when neither shape, 422 when unusable).
export function pathCells(value, rules, field = "path") {
  const { rows, cols } = rules;
  const most = 4 * rows * cols;
  if (!Array.isArray(value) || !value.length || value.length > most) {
    throw new ApiError(400, `'${field}' must be a list of 1 to ${most} cell numbers (row * ${cols} + col), or of [row, col] pairs`, { field });
  }
  const numbered = number(value[0]);
  value.forEach((item, step) => {
    if (!(number(item) || pair(item))) throw new ApiError(400, `${field}[${step}] must be a cell number (row * ${cols} + col) or [row, col] with whole numbers (0-based)`, { field });
    if (number(item) !== numbered) {
      throw new ApiError(422, `'${field}' mixes cell numbers and [row, col] pairs (at ${field}[${step}]): give one shape, cell numbers (row * ${cols} + col)`, { field });
    }
  });
  return value.map((item, step) => cellNumber(item, rules, `${field}[${step}]`, field));
}

// One cell as a request gives it (its number, or [row, col]) as its number (answers.cell_number).
export function cellNumber(value, { rows, cols }, field = "cell", detailField = field) {
  if (number(value)) {
    if (!(value >= 0 && value < rows * cols)) throw new ApiError(422, `${field} cell ${value} is off the ${rows}×${cols} board (cells 0 to ${rows * cols - 1})`, { field: detailField });
    return value;
  }
  if (pair(value)) {
    const [row, col] = value;
    if (!(row >= 0 && row < rows && col >= 0 && col < cols)) throw new ApiError(422, `${field} [${row}, ${col}] is off the ${rows}×${cols} board`, { field: detailField });
    return row * cols + col;
  }
  throw new ApiError(400, `'${field}' must be a cell number (row * ${cols} + col) or [row, col] (0-based)`, { field: detailField });
}
