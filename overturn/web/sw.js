// Both pages' service worker (the table page and /boardgame): the pages and every static file are cached at
// install and served from the cache when the network fails. The server names the current version in this file:
// the static files live under /static/<version>/ and never change there (cache first, kept in a cache named after
// the version; a new version is a new worker, which drops the old cache), while the pages are asked of the network
// first, so a new version shows as soon as the server answers. API calls (and the shared tables' live streams) are
// never cached: offline, a page shows a table's last known state from its own storage, marked stale.
"use strict";

// The server sends this file with STATIC under the current version (/static/<version>/) and FILES naming every
// static file it serves (the server alone serves this worker, at /sw.js).
const STATIC = "/static/";
const FILES = [];
const PAGES = ["/", "/boardgame"];
const CACHE = `overturn ${STATIC}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PAGES, ...FILES])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Kept under its path alone: a table link's query holds a seat's credential, which must never be stored on the device.
function keep(key, response) {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const key = url.pathname;
  if (key.startsWith(STATIC)) {
    event.respondWith(caches.match(key).then((cached) => cached || fetch(event.request).then((response) => keep(key, response))));
    return;
  }
  event.respondWith(
    fetch(event.request)
      .then((response) => keep(key, response))
      .catch(() => caches.match(key).then((cached) => cached || Response.error())),
  );
});
