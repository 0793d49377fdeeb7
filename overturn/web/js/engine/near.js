// "Did you mean": the closest keys of the lexicon by edit distance (overturn/lexicon/lexicon.py's Lexicon.near),
// walked on the letter trie the page already loads into search.js (its node masks, breadth first), so a refused
// word gets the server's suggestions and message with no other dictionary data.

import { keyOrNull } from "./normalize.js";

const WORD_BIT = 1 << 26;
const LETTER_MASK = WORD_BIT - 1;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const popcount = (mask) => {
  let count = 0;
  for (let rest = mask; rest; rest &= rest - 1) count += 1;
  return count;
};

// The trie's walk: each node's first child (breadth first, a node's children follow its elder siblings' children)
// and the longest key.
export function trieOf(masks) {
  const firstChild = new Uint32Array(masks.length);
  const depth = new Uint16Array(masks.length);
  let next = 1;
  let longest = 0;
  for (let node = 0; node < masks.length; node += 1) {
    firstChild[node] = next;
    const letters = masks[node] & LETTER_MASK;
    for (let child = next; child < next + popcount(letters); child += 1) depth[child] = depth[node] + 1;
    next += popcount(letters);
    if (masks[node] & WORD_BIT) longest = Math.max(longest, depth[node]);
  }
  return { masks, firstChild, longest };
}

// Closest keys by edit distance (insert, delete, substitute), closest first, then nearest in length, then
// alphabetical; the search stops after `timeout` seconds with what it found.
export function near(trie, word, { maxDistance = 2, limit = 8, timeout = 1.0 } = {}) {
  const key = keyOrNull(word);
  if (!key || key.length > trie.longest + maxDistance) return [];
  const deadline = performance.now() + timeout * 1000;
  const { masks, firstChild } = trie;
  const scored = [];
  const stack = [[0, "", Array.from({ length: key.length + 1 }, (_, index) => index)]];
  let visited = 0;
  while (stack.length) {
    visited += 1;
    if (visited % 4096 === 0 && performance.now() > deadline) break;
    const [node, prefix, row] = stack.pop();
    if (masks[node] & WORD_BIT && row[key.length] <= maxDistance && prefix !== key) scored.push([row[key.length], prefix]);
    if (Math.min(...row) > maxDistance) continue;
    const letters = masks[node] & LETTER_MASK;
    let child = firstChild[node];
    for (let index = 0; index < 26; index += 1) {
      if (!((letters >> index) & 1)) continue;
      const letter = ALPHABET[index];
      const nextRow = [row[0] + 1];
      for (let column = 1; column <= key.length; column += 1) {
        const cost = key[column - 1] === letter ? 0 : 1;
        nextRow.push(Math.min(nextRow[column - 1] + 1, row[column] + 1, row[column - 1] + cost));
      }
      stack.push([child, prefix + letter, nextRow]);
      child += 1;
    }
  }
  scored.sort((a, b) => a[0] - b[0] || Math.abs(a[1].length - key.length) - Math.abs(b[1].length - key.length) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, limit).map(([, candidate]) => candidate);
}
