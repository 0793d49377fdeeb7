// The lexicon's files as the page's engine reads them (overturn/lexicon/browser.py writes them; `overturn web
// export` puts them under /lexicon/): manifest.json names the trie's file and the spellings' shards, every file
// named by the lexicon's hash. The trie is the letter trie's node masks (little-endian uint32, breadth first),
// gzip-compressed and read with DecompressionStream, so a plain static server will do; search.js derives the
// rest. The spellings (PECHE → pêche, péché, pèche, pêché) come in one shard per first letter, fetched on first
// use. No DOM: it runs in the worker and in Node alike (`fetcher` is the fetch to use).

// gzip bytes (a Response, an ArrayBuffer or a typed array) decompressed, as one Uint8Array.
export async function gunzip(source) {
  const body = source instanceof Response ? source.body : new Blob([source]).stream();
  return new Uint8Array(await new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

async function fetched(fetcher, url) {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// The manifest and the trie's masks, from the folder holding them (a URL ending in "/").
export async function loadLexicon(base, fetcher = fetch) {
  const manifest = await (await fetched(fetcher, new URL("manifest.json", base))).json();
  const bytes = await gunzip(await fetched(fetcher, new URL(manifest.trie.file, base)));
  if (bytes.length !== manifest.nodes * 4) throw new Error(`${manifest.trie.file}: ${bytes.length} bytes, not ${manifest.nodes} masks`);
  const masks = new Uint32Array(bytes.buffer, bytes.byteOffset, manifest.nodes);
  if (!littleEndian()) for (let i = 0; i < masks.length; i++) masks[i] = swap(masks[i]);
  return { manifest, masks };
}

function littleEndian() { return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1; }
function swap(value) { return (((value & 255) << 24) | ((value & 0xff00) << 8) | ((value >>> 8) & 0xff00) | (value >>> 24)) >>> 0; }

// A written form's key as browser.py's fold_like_the_page makes it: ligatures opened, accents dropped, capitals.
export function foldKey(form) {
  return form.replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
}

// The written forms of keys, a shard per first letter fetched when first needed.
export class Spellings {
  constructor(base, manifest, fetcher = fetch) {
    this.base = base;
    this.manifest = manifest;
    this.fetcher = fetcher;
    this.shards = new Map();  // letter → Promise<Map<key, forms>>
  }

  shard(letter) {
    if (!this.shards.has(letter)) {
      const entry = this.manifest.spellings[letter];
      const loading = entry === undefined ? Promise.resolve(new Map()) : this.read(entry.file);
      loading.catch(() => this.shards.delete(letter));  // asked again next time (offline, say)
      this.shards.set(letter, loading);
    }
    return this.shards.get(letter);
  }

  async read(file) {
    const text = new TextDecoder().decode(await gunzip(await fetched(this.fetcher, new URL(file, this.base))));
    const forms = new Map();
    for (const line of text.split("\n")) {
      if (!line) continue;
      const equals = line.indexOf("=");
      if (equals > 0 && /^[A-Z]+$/.test(line.slice(0, equals))) forms.set(line.slice(0, equals), line.slice(equals + 1).split("\t"));
      else { const spelt = line.split("\t"); forms.set(foldKey(spelt[0]), spelt); }
    }
    return forms;
  }

  // The forms of a key of the lexicon (its lower case when no other is written).
  async of(key) {
    const shard = await this.shard(key[0]);
    return shard.get(key) ?? [key.toLowerCase()];
  }
}
