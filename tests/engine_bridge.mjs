// The page's engine (overturn/web/js/engine/local-api.js) driven by a pytest, one JSON line per request on
// standard input, one answer line on standard output. With "bridge" as argument, the word search and the deal
// are asked of the test over the same pipe (synchronous reads of fd 0): the engine's rules then run on Python's
// own native search, so any difference the test sees is a rule of this engine. With "wasm", the search is
// search.js and the deal deal.js, the page's own.

import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { Board, MODES } from "../overturn/web/js/engine/board.js";
import { handle } from "../overturn/web/js/engine/local-api.js";

const decoder = new StringDecoder("utf8");
let buffer = "";
const chunk = Buffer.alloc(1 << 16);

function readLine() {
  for (;;) {
    const newline = buffer.indexOf("\n");
    if (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      return line;
    }
    let read;
    try {
      read = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if (error.code === "EAGAIN") continue;
      throw error;
    }
    if (read === 0) return null;
    buffer += decoder.write(chunk.subarray(0, read));
  }
}

const send = (message) => fs.writeSync(1, `${JSON.stringify(message)}\n`);

// A call answered by the test (its native search, its deal, its dictionary).
function ask(call, ...args) {
  send({ call, args });
  const reply = JSON.parse(readLine());
  if ("error" in reply) throw new Error(`the test's ${call} failed: ${reply.error}`);
  return reply.result;
}

const bridged = {
  isKey: (key) => ask("isKey", key),
  countWords: (board, constraints) => ask("countWords", board, constraints),
  findWords: (board, constraints) => ask("findWords", board, constraints),
  rankMoves: (board, constraints, unfixed, gain) => ask("rankMoves", board, constraints, unfixed, gain),
  bestMove: (board, constraints, unfixed, gain) => ask("bestMove", board, constraints, unfixed, gain),
  bestPaths: (board, constraints, keys, unfixed, gain) => ask("bestPaths", board, constraints, keys, unfixed, gain),
};

// The dictionary's entries, its close words and the family filter's keys are the test's in both kinds: the
// page has no dictionary data yet (search.js holds the trie alone). The deal is deal.js's with search.js, the test's with the bridge.
async function context(kind, lexiconName, masksFile) {
  let family = null; // asked once, on the first family table
  const common = {
    lexiconName, entries: (key) => ask("entries", key), near: (key) => ask("near", key),
    familyKeys: () => (family ??= new Set(ask("familyKeys"))),
  };
  if (kind === "bridge") return { ...common, search: bridged, deal: (seed, mode) => ask("deal", seed).map((faces) => new Board(faces, MODES[mode])) };
  const { createSearch } = await import("../overturn/web/js/engine/search.js");
  const search = await createSearch(fs.readFileSync(new URL("../overturn/web/js/engine/search.wasm", import.meta.url)));
  const bytes = fs.readFileSync(masksFile);
  search.loadTrie(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  return { ...common, search };
}

const engine = await context(process.argv[2], process.argv[3], process.argv[4]);
for (let line = readLine(); line !== null; line = readLine()) {
  const { path, body } = JSON.parse(line);
  try {
    send({ answer: handle(path, body, engine) });
  } catch (error) {
    send({ crash: String(error.stack ?? error) });
  }
}
