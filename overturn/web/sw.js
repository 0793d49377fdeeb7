// Both pages' service worker (the table page and /boardgame): the pages and every static file are cached at
// install and served from the cache when the network fails. The server names the current version in this file:
// the static files live under /static/<version>/ and never change there (cache first, kept in a cache named after
// the version; a new version is a new worker, which drops the old cache), while the pages are asked of the network
// first, so a new version shows as soon as the server answers. API calls (and the shared tables' live streams) are
// never cached: offline, a page shows a table's last known state from its own storage, marked stale.
"use strict";

// The server sends this file with STATIC under the current version (/static/<version>/) and FILES naming every
// static file it serves (the server serves this worker at /sw.js; `overturn web export` writes it at the top of
// the site, with the site's PAGES and the lexicon's files).
const STATIC = "/static/";
const FILES = [];
const PAGES = ["/", "/boardgame"];
// The lexicon's files for the page's own engine (`overturn web export` names them here): named by the lexicon's
// hash, so they never change under their name: cache first, in a cache of their own that outlives a new version
// of the pages (a 650 KB trie is not fetched again for a changed script). Its manifest is asked as a page is.
const LEXICON_FILES = [];
const LEXICON_CACHE = "overturn lexicon";

// Every path above is the site's, taken under the folder this worker is served from: "/" under `overturn serve`,
// the site's folder on a static host (an exported site may live under a path: https://club.example/overturn/).
const ROOT = new URL("./", self.location).pathname;
const under = (path) => ROOT + path.replace(/^\//, "");
const STATIC_HERE = under(STATIC);
const CACHE = `overturn ${STATIC_HERE}`;
const LEXICON_HERE = LEXICON_FILES.map(under);

async function keepLexicon() {
  const cache = await caches.open(LEXICON_CACHE);
  const missing = [];
  for (const file of LEXICON_HERE) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
}

async function dropOldLexicons() {
  const cache = await caches.open(LEXICON_CACHE);
  const wanted = new Set(LEXICON_HERE.map((file) => new URL(file, self.location.origin).href));
  await Promise.all((await cache.keys()).filter((request) => !wanted.has(request.url)).map((request) => cache.delete(request)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([caches.open(CACHE).then((cache) => cache.addAll([...PAGES, ...FILES].map(under))), keepLexicon()]).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE && name !== LEXICON_CACHE).map((name) => caches.delete(name))))
      .then(() => (LEXICON_HERE.length ? dropOldLexicons() : null))
      .then(() => self.clients.claim()),
  );
});

// Kept under its path alone: a table link's query holds a seat's credential, which must never be stored on the device.
function keep(key, response, cacheName = CACHE) {
  if (response.ok) {
    const copy = response.clone();
    caches.open(cacheName).then((cache) => cache.put(key, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const key = url.pathname;
  if (key.startsWith(STATIC_HERE)) {
    event.respondWith(caches.match(key).then((cached) => cached || fetch(event.request).then((response) => keep(key, response))));
    return;
  }
  if (LEXICON_HERE.includes(key)) {
    event.respondWith(caches.match(key).then((cached) => cached || fetch(event.request).then((response) => keep(key, response, LEXICON_CACHE))));
    return;
  }
  event.respondWith(
    fetch(event.request)
      .then((response) => keep(key, response))
      .catch(() => caches.match(key).then((cached) => cached || Response.error())),
  );
});
