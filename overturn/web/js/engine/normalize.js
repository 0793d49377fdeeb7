// A word's key, as overturn/lexicon/normalize.py makes it: tiles carry no accents, so TEMPÊTE is played as TEMPETE.
// The key is the word in NFD with combining marks dropped, Œ→OE and Æ→AE, upper case, A–Z only.

import { pyRepr } from "./pytext.js";

const LIGATURES = { "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE" };

// A word that has no key (it holds something other than letters); the message is Python's InvalidWord's.
export class InvalidWord extends Error {}

function foldChar(char) {
  return (LIGATURES[char] ?? char).normalize("NFD").replace(/\p{Mn}/gu, "");
}

// Upper case, accents and ligatures removed; other characters kept (normalize.fold).
export function fold(word) {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(word)) return word.toUpperCase();
  return Array.from(word.replace(FULL_WIDTH, narrow).normalize("NFC"), foldChar).join("").toUpperCase();
}

// Full-width ASCII (U+FF01–U+FF5E, ＭＡＩＳＯＮ) read as ASCII, as normalize.py does: only those, since NFKC would also
// read the superscript of an abbreviation (iiᵉ) as a letter.
const FULL_WIDTH = /[\uff01-\uff5e]/g;
function narrow(char) {
  return String.fromCharCode(char.charCodeAt(0) - 0xfee0);
}

// Python's whitespace (str.isspace): JavaScript's \s without U+FEFF, with U+001C–U+001F and U+0085.
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");

// Python's str.strip().
export function pyStrip(text) {
  return text.replace(STRIP, "");
}

// The lexicon key of a word (pêche → PECHE), or InvalidWord.
export function normalizeKey(word) {
  const key = fold(pyStrip(word));
  if (!/^[A-Z]+$/.test(key)) throw new InvalidWord(`${pyRepr(word)} is not a word of letters (A–Z once accents are removed)`);
  return key;
}

export function keyOrNull(word) {
  try {
    return normalizeKey(word);
  } catch (error) {
    if (error instanceof InvalidWord) return null;
    throw error;
  }
}
