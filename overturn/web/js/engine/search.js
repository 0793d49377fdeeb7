// The word search in the page: the same C core as the server's (overturn/game/search_core.c), compiled to
// WebAssembly (search.wasm, by `python -m overturn.game.wasm_build`), behind the calls overturn/game/solver.py
// makes of its CPython binding. A test runs both on the same boards and positions and finds no difference.
//
// A board is {faces, rows, cols, tileRows, tileCols}: faces row by row, each a capital A-Z or a double face
// ("ZX", "QU"). Constraints are {reuse, minLength, tracked, ringed, readings, played}: tracked the flags a path
// must earn (MULTI | NEW | USED), ringed the ringed cells (an array of cell numbers, or a BigInt mask),
// readings each double face on the board -> the readings it may take (in the order results name them), played
// the keys never to report. An answer's readings are [face, reading] pairs, one per double face the path reads.
// Every call answers null where the core does not cover the board (as Python falls back to its own search).
// No DOM, no fetch: it runs in a worker and in Node alike; the caller brings the module's bytes and the trie.

export const MULTI = 1;
export const NEW = 2;
export const USED = 4;

const STATUS = { 0: "done", 1: "not covered", [-1]: "malformed request", [-2]: "out of memory", [-3]: "corrupt letter trie", [-4]: "letter trie too deep", [-5]: "internal inconsistency" };

export class SearchError extends Error {}

// The search, from the module's bytes (an ArrayBuffer or typed array) or a compiled WebAssembly.Module.
export async function createSearch(source) {
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, {})
    : (await WebAssembly.instantiate(source, {})).instance;
  instance.exports._initialize();
  return new Search(instance.exports);
}

class Request {
  constructor() { this.bytes = []; }
  u8(value) { this.bytes.push(value & 255); }
  u16(value) { this.bytes.push(value & 255, (value >> 8) & 255); }
  key(text) {
    this.u16(text.length);
    for (let i = 0; i < text.length; i++) this.bytes.push(text.charCodeAt(i) & 255);
  }
}

class Answer {
  constructor(bytes) { this.bytes = bytes; this.at = 0; }
  u8() { return this.bytes[this.at++]; }
  u16() { const value = this.bytes[this.at] | (this.bytes[this.at + 1] << 8); this.at += 2; return value; }
  i16() { const value = this.u16(); return value >= 0x8000 ? value - 0x10000 : value; }
  u32() { const value = this.u16(); return value + this.u16() * 65536; }
  text() {
    const length = this.u16();
    const end = this.at + length;
    let text = "";  // a character at a time: for words this short, 4 to 5 times quicker than fromCharCode(...bytes)
    while (this.at < end) text += String.fromCharCode(this.bytes[this.at++]);
    return text;
  }
  cells() {
    const length = this.u16();
    const cells = [];  // a cell at a time, as text(): Array.from(bytes.subarray(…)) took several times as long
    for (const end = this.at + length; this.at < end; ) cells.push(this.bytes[this.at++]);
    return cells;
  }
}

// One word findWords found: the word read at once, its path and readings made when first read, since most callers
// read the words alone (a count, a ranking's fallback) or the paths of a first page of words (a solve).
class Found {
  constructor(word, bytes, at, readingsOf) {
    this.word = word;
    this.bytes = bytes;  // the answer's own copy, shared by every word of it
    this.at = at;  // where this word's path starts in it
    this.readingsOf = readingsOf;
    this.made = null;
  }

  get path() { return this.make().path; }
  get readings() { return this.make().readings; }
  toJSON() { return { word: this.word, path: this.path, readings: this.readings }; }

  make() {
    if (this.made === null) {
      const answer = new Answer(this.bytes);
      answer.at = this.at;
      const path = answer.cells();
      this.made = { path, readings: this.readingsOf(answer.u8()) };
    }
    return this.made;
  }
}

function ringedMask(ringed) {
  if (typeof ringed === "bigint") return BigInt.asUintN(64, ringed);
  let mask = 0n;
  for (const cell of ringed || []) if (cell >= 0 && cell < 64) mask |= 1n << BigInt(cell);
  return mask;
}

class Search {
  constructor(exports) {
    this.wasm = exports;
    this.loaded = false;
  }

  // The lexicon's letter trie: its node masks (bits 0-25 the letters that continue the prefix, bit 26 a key),
  // breadth first. The module keeps its own copy.
  loadTrie(masks) {
    const at = this.wasm.ov_trie(masks.length);
    if (!at) throw new SearchError("out of memory for the letter trie");
    new Uint32Array(this.wasm.memory.buffer, at, masks.length).set(masks);
    this.check(this.wasm.ov_trie_ready());
    this.loaded = true;
  }

  // Solver.solve: every legal key with a witness path reading the fewest double faces, sorted by key; each a
  // Found, whose path and readings are made when first read.
  findWords(board, constraints) {
    const faces = this.facesOf(board, constraints);
    if (!this.run("ov_find", this.request(board, constraints, faces))) return null;
    const answer = new Answer(this.answer().bytes.slice());  // a copy: the module's memory serves the next call
    const asked = { readings: { ...constraints.readings } };  // as it was asked, whatever the caller changes later
    const readingsOf = (state) => this.readingsOf(state, faces, asked);
    const found = [];
    for (let count = answer.u32(); count > 0; count--) {
      const word = answer.text();
      found.push(new Found(word, answer.bytes, answer.at, readingsOf));
      const cells = answer.u16();
      answer.at += cells + 1;  // past the path's cells and the reading state
    }
    return found;
  }

  // Game.legal_moves' ranking: every legal key with its best ring-swing path (gain per cell 0, 1 or 2; among
  // equal swings a path reading the fewest of the `unfixed` faces), largest swing first, alphabetical within.
  rankMoves(board, constraints, unfixed, gain) {
    const answered = this.runRanked("ov_rank", board, constraints, unfixed, gain);
    if (answered === null) return null;
    const { answer, faces } = answered;
    const moves = [];
    for (let count = answer.u32(); count > 0; count--) {
      const word = answer.text();
      const path = answer.cells();
      const readings = this.readingsOf(answer.u8(), faces, constraints);
      moves.push({ word, path, swing: answer.i16(), readings });
    }
    return moves;
  }

  // Solver.best_of_words' native part: [] when no key is legal, else [{swing, path, readings}] for the best.
  bestMove(board, constraints, unfixed, gain) {
    const answered = this.runRanked("ov_best_move", board, constraints, unfixed, gain);
    if (answered === null) return null;
    const { answer, faces } = answered;
    return answer.u8() ? [this.bestOf(answer, faces, constraints)] : [];
  }

  // Solver.best_paths: each key's best path or null; with bestOnly, [] or [the best over all the keys].
  bestPaths(board, constraints, keys, unfixed, gain, bestOnly = false) {
    const writeKeys = (request) => {
      request.u16(keys.length);
      for (const key of keys) request.key(key);
    };
    const answered = this.runRanked("ov_best_paths", board, constraints, unfixed, gain, writeKeys, bestOnly ? 1 : 0);
    if (answered === null) return null;
    const { answer, faces } = answered;
    if (bestOnly) return answer.u8() ? [this.bestOf(answer, faces, constraints)] : [];
    return keys.map(() => (answer.u8() ? this.bestOf(answer, faces, constraints) : null));
  }

  // Whether the key (capitals A-Z) is a word of the loaded lexicon.
  isKey(key) {
    if (!/^[A-Z]+$/.test(key) || key.length >= 65536) return false;
    const request = new Request();
    request.key(key);
    return this.run("ov_is_key", request);
  }

  // How many keys findWords would list.
  countWords(board, constraints) {
    if (!this.run("ov_count", this.request(board, constraints, this.facesOf(board, constraints)))) return null;
    return this.answer().u32();
  }

  // ----- the request and the answer, as search_wasm.c reads and writes them -----

  facesOf(board, constraints) {
    return Object.keys(constraints.readings || {});
  }

  request(board, constraints, faces) {
    const request = new Request();
    request.u8(board.rows); request.u8(board.cols); request.u8(board.tileRows); request.u8(board.tileCols);
    request.u8(faces.length);
    for (const face of faces) {
      const readings = constraints.readings[face];
      request.u8(readings.length);
      for (const reading of readings) {
        request.u8(reading.length);
        for (let i = 0; i < reading.length; i++) request.u8(reading.charCodeAt(i));
      }
    }
    for (const face of board.faces) {
      const index = faces.indexOf(face);
      if (index >= 0) request.u8(128 + index);
      else if (/^[A-Z]$/.test(face)) request.u8(face.charCodeAt(0) - 65);
      else throw new SearchError(`face ${JSON.stringify(face)} is neither a letter A-Z nor a double face given readings`);
    }
    request.u8(constraints.minLength); request.u8(constraints.tracked); request.u8(constraints.reuse ? 1 : 0);
    let mask = ringedMask(constraints.ringed);
    for (let i = 0; i < 8; i++) { request.u8(Number(mask & 255n)); mask >>= 8n; }
    const played = (constraints.played || []).filter((key) => /^[A-Z]*$/.test(key) && key.length < 65536);
    request.u16(played.length);
    for (const key of played) request.key(key);
    return request;
  }

  // The steps of the operations that rank paths by their swing (ov_rank, ov_best_move, ov_best_paths): the
  // request, the gains, then `writeRest` for the operation's own part; {answer, faces} (the faces its reading
  // states count over), or null where the core does not cover the board.
  runRanked(operation, board, constraints, unfixed, gain, writeRest = () => {}, ...args) {
    const faces = this.facesOf(board, constraints);
    const request = this.request(board, constraints, faces);
    this.gains(request, faces, unfixed, gain);
    writeRest(request);
    if (!this.run(operation, request, ...args)) return null;
    return { answer: this.answer(), faces };
  }

  gains(request, faces, unfixed, gain) {
    for (const value of gain) request.u8(value);
    let mask = 0;
    faces.forEach((face, index) => { if (unfixed.includes(face)) mask |= 1 << index; });
    request.u8(mask);
  }

  // Run an operation on the request: true done, false not covered; a SearchError otherwise.
  run(operation, request, ...args) {
    if (!this.loaded) throw new SearchError("no letter trie loaded");
    const at = this.wasm.ov_input(request.bytes.length);
    if (!at) throw new SearchError("out of memory for the request");
    new Uint8Array(this.wasm.memory.buffer, at, request.bytes.length).set(request.bytes);
    return this.check(this.wasm[operation](...args));
  }

  check(status) {
    if (status === 0) return true;
    if (status === 1) return false;  // not covered, or (ov_is_key) not a key
    throw new SearchError(`the word search failed: ${STATUS[status] || status}`);
  }

  answer() {
    return new Answer(new Uint8Array(this.wasm.memory.buffer, this.wasm.ov_output(), this.wasm.ov_output_length()));
  }

  bestOf(answer, faces, constraints) {
    const swing = answer.i16();
    const path = answer.cells();
    return { swing, path, readings: this.readingsOf(answer.u8(), faces, constraints) };
  }

  // A reading state (a mixed-radix number: per face, 0 not read or i + 1 read as its reading i) as pairs.
  readingsOf(state, faces, constraints) {
    const pairs = [];
    let radix = 1;
    for (const face of faces) {
      const readings = constraints.readings[face];
      const digit = Math.floor(state / radix) % (readings.length + 1);
      if (digit) pairs.push([face, readings[digit - 1]]);
      radix *= readings.length + 1;
    }
    return pairs;
  }
}
