// Python's ways of writing values into a message (repr of a string, "%+d"), so that a sentence the engine builds
// is byte for byte the one overturn's Python builds from the same f-string (the differential tests compare them).

// repr(text) as CPython writes it: single quotes unless the text holds one and no double quote; \\, \n, \r, \t
// and the other unprintable characters escaped.
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(char) || (/\p{Zs}/u.test(char) && char !== " ")) {
      out += code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;
    } else out += char;
  }
  return out + quote;
}

// f"{n:+d}": the sign always written (+0 too).
export function signed(number) {
  return number < 0 ? `${number}` : `+${number}`;
}

// repr() of a JSON value as Python loads it (None, True, lists, dicts), for messages quoting what a request gave.
export function pyValue(value) {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return pyRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyValue).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, inner]) => `${pyRepr(key)}: ${pyValue(inner)}`).join(", ")}}`;
  return String(value); // a float JSON wrote as 7.0 is 7 here: JavaScript cannot tell them apart
}
