// The page's engine in a module Web Worker (issue 39), so the page never freezes: the C word search compiled to
// WebAssembly (search.wasm beside this file) with the lexicon's trie (/lexicon/, written by `overturn web export`),
// answering the page's requests as the server would. The page (js/api.js) posts {id, path, body} and gets back
// {id, status, body}, or {id, unknown: true} for a path this engine does not answer (the page then asks the server).
// On start it posts {ready: true, lexicon, timings} once the trie is loaded, or {ready: false, error} when it
// cannot be (no lexicon files: a page served by `overturn serve` without them asks the server for everything).
// The game endpoints are local-api.js's (the computer's moves computer.js's); /api/solve and /api/words/{word} are
// local-words.js's.

import { createSearch } from "./search.js";
import { Spellings, loadLexicon } from "./lexicon.js";
import { handleWords } from "./local-words.js";
import { handle as handleGame } from "./local-api.js";
import { chooseMove } from "./computer.js";
import { near, trieOf } from "./near.js";

// The site's lexicon/ folder, beside static/ (this module is static/<version>/js/engine/worker.js), wherever the site is served from.
const LEXICON = new URL("../../../../lexicon/", import.meta.url);

async function start() {
  const began = performance.now();
  const [wasm, lexicon] = await Promise.all([
    fetch(new URL("./search.wasm", import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`search.wasm: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
    loadLexicon(LEXICON),
  ]);
  const fetched = performance.now();
  const search = await createSearch(wasm);
  search.loadTrie(lexicon.masks);
  const loaded = performance.now();
  let walk = null;  // the trie's walk for close words, made on the first refused word (local-api and lookups share it)
  const context = {
    search, masks: lexicon.masks, chooseMove, lexiconName: lexicon.manifest.name, spellings: new Spellings(LEXICON, lexicon.manifest),
    near: (key) => near(walk ??= trieOf(lexicon.masks), key),
  };
  const timings = { fetch_and_gunzip_ms: fetched - began, load_trie_ms: loaded - fetched, ready_ms: loaded - began };
  return { context, manifest: lexicon.manifest, timings };
}

const engine = start();

engine.then(
  ({ manifest, timings }) => self.postMessage({ ready: true, lexicon: manifest.name, hash: manifest.hash, words: manifest.words, timings }),
  (error) => self.postMessage({ ready: false, error: String(error && error.message ? error.message : error) }),
);

async function answer(path, body, context) {
  const url = new URL(path, "http://page.invalid");
  const words = await handleWords(url.pathname, url.searchParams, body, context);
  return notMine(words ?? handleGame(url.pathname, body, context));
}

// An answer that is the server's to give (null): a path with no route here (404, "no such page or endpoint"), or a
// request naming a lexicon other than the page's (422 on the field lexicon: a server may hold several).
function notMine(answered) {
  const { error, detail } = answered.body ?? {};
  if (answered.status === 404 && typeof error === "string" && error.startsWith("no such page")) return null;
  if (answered.status === 422 && detail && detail.field === "lexicon") return null;
  return answered;
}

self.addEventListener("message", async (event) => {
  const { id, path, body } = event.data;
  let context;
  try {
    ({ context } = await engine);
  } catch (error) {
    self.postMessage({ id, unknown: true });
    return;
  }
  try {
    const answered = await answer(path, body ?? null, context);
    self.postMessage(answered === null ? { id, unknown: true } : { id, status: answered.status, body: answered.body });
  } catch (error) {
    self.postMessage({ id, status: 500, body: { error: `the page's engine failed: ${error && error.message ? error.message : error}`, detail: null } });
  }
});
