// The table page's service worker: the page and its files are cached at install and served from the
// cache when the network fails (network first, so a new version shows as soon as the server answers).
// API calls (and the shared tables' live streams) are never cached: the page tells the player the server is
// unreachable and keeps the game.
"use strict";

const CACHE = "overturn-page-v7";
// The table page and every ES module it imports (a test holds this list equal to the page's import graph).
const PAGE = ["/", "/static/app.js", "/static/js/api.js", "/static/js/dictionary.js", "/static/js/game.js", "/static/js/grid.js", "/static/js/i18n.js", "/static/js/i18n/en.js", "/static/js/i18n/fr.js", "/static/js/moves.js", "/static/js/notation.js", "/static/js/problems.js", "/static/js/saved.js", "/static/js/solve.js", "/static/js/start.js", "/static/js/state.js", "/static/js/table.js", "/static/style.css", "/static/vendor/qrcode.js", "/static/manifest.webmanifest", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PAGE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const key = url.pathname === "/" ? "/" : event.request;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((cached) => cached || Response.error())),
  );
});
