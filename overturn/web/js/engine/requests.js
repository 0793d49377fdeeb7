// The request bodies of the game endpoints, read as the server reads them (overturn/service/params.py's
// typed_body and body_refusal, path_cells, cell_of): leniently (a digit string is a number, "true" a boolean),
// unknown fields ignored, and a refusal an ApiError with the server's status, message and detail.

import { pyRepr } from "./pytext.js";

export class ApiError extends Error {
  constructor(status, message, detail = null) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
const TYPE_WORDS = { int: "a whole number", str: "a string", bool: "true or false", array: "a list" };

// A whole number field in [low, high] (null when absent and nullable); strings of digits are read as numbers.
export function intField(body, field, low, high) {
  let value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) value = Number(value.trim());
  if (!isWhole(value) || typeof value === "boolean") throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.int}`, { field });
  if (value < low || value > high) throw new ApiError(422, `'${field}' must be between ${low} and ${high}, not ${value}`, { field });
  return value;
}

// One of a few names (null when absent).
export function choiceField(body, field, choices) {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && choices.includes(value)) return value;
  const shown = typeof value === "string" ? pyRepr(value) : Array.isArray(value) || typeof value === "object" ? "value" : JSON.stringify(value);
  throw new ApiError(422, `unknown ${field} ${shown}: '${field}' must be ${choices.join(" or ")}`, { field });
}

// A text field of at most `most` characters (null when absent, unless required: then 400 'x' is required).
export function textField(body, field, { most = Infinity, required = false } = {}) {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw new ApiError(400, `'${field}' is required`, { field });
    return null;
  }
  if (typeof value !== "string") throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.str}`, { field });
  if (!value.length) throw new ApiError(400, `'${field}' is required`, { field });
  if ([...value].length > most) throw new ApiError(422, `'${field}' is too long: at most ${most} characters`, { field, max: most });
  return value;
}

export function boolField(body, field, fallback = null) {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && ["true", "false"].includes(value.toLowerCase())) return value.toLowerCase() === "true";
  throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.bool}`, { field });
}

export function requiredField(body, field) {
  if (body[field] === undefined) throw new ApiError(400, `'${field}' is required`, { field });
  return body[field];
}

export function listField(body, field) {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new ApiError(400, `'${field}' must be ${TYPE_WORDS.array}`, { field });
  return value;
}

const whole = (value) => isWhole(value) && typeof value !== "boolean";
const pair = (value) => Array.isArray(value) && value.length === 2 && value.every(whole);

// A traced path as cell numbers: cell numbers, or [row, col] pairs as older clients send, not mixed
// (answers.path_numbers; 400 when neither shape, 422 when unusable).
export function pathCells(value, rules, field = "path") {
  const { rows, cols } = rules;
  const most = 4 * rows * cols;
  if (!Array.isArray(value) || !value.length || value.length > most) {
    throw new ApiError(400, `'${field}' must be a list of 1 to ${most} cell numbers (row * ${cols} + col), or of [row, col] pairs`, { field });
  }
  const numbered = whole(value[0]);
  value.forEach((item, step) => {
    if (!(whole(item) || pair(item))) throw new ApiError(400, `${field}[${step}] must be a cell number (row * ${cols} + col) or [row, col] with whole numbers (0-based)`, { field });
    if (whole(item) !== numbered) {
      throw new ApiError(422, `'${field}' mixes cell numbers and [row, col] pairs (at ${field}[${step}]): give one shape, cell numbers (row * ${cols} + col)`, { field });
    }
  });
  return value.map((item, step) => cellNumber(item, rules, `${field}[${step}]`, field));
}

// One cell as a request gives it (its number, or [row, col]) as its number (answers.cell_number).
export function cellNumber(value, { rows, cols }, field = "cell", detailField = field) {
  if (whole(value)) {
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
