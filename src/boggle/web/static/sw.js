// The service worker (served as /sw.js, so it covers every page): the pages and the files
// under /static/ are kept in a cache, so a reload on a flaky connection still shows the
// page. Only those: the API (/api/...), the room socket and everything else always go to
// the server. The network comes first, so a new version of a file is used as soon as it
// can be fetched; the cached copy answers only when the network does not. The server writes
// the hash of its static files into VERSION (boggle.web.pages.static_version): a server
// upgraded gives a new worker, whose new cache is filled from the new server alone (the
// pages and every script kept at install), so a page offline never runs another version's
// scripts; the old cache is dropped.
"use strict";

const VERSION = "dev";
const CACHE = `boggle-static-${VERSION}`;
const PAGES = ["/", "/solve", "/play", "/room", "/daily", "/words"];
// every script and the stylesheet (tests/web/test_installable.py holds this list whole)
const FILES = ["app.js", "board.js", "challenge-link.js", "challenge.js", "daily.js", "home.js",
  "learn.js", "offline.js", "pending.js", "room.js", "trace.js", "words.js", "style.css"];

// Besides the scripts, what an installed page shows: kept with them at the first visit, so a
// page never opened while online (My words, the daily board after a visit to the front page
// only) still opens offline, not as a bare page without its script.
const SHOWN = ["manifest.webmanifest", "icons/icon.svg", "icons/icon-192.png"];

// A request this worker may answer from the cache: a GET of a page or a static file.
function cacheable(url) {
  if (url.origin !== self.location.origin) return null;
  if (url.pathname.startsWith("/static/")) return url.pathname;
  if (PAGES.includes(url.pathname)) return url.pathname;
  if (/^\/room\/[A-Za-z0-9]{6}$/.test(url.pathname)) return "/room";  // the room page itself
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([...PAGES,
      ...[...FILES, ...SHOWN].map((name) => `/static/${name}`)]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = cacheable(new URL(event.request.url));
  if (key === null) return;  // not ours: the browser fetches it as if there were no worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const answer = await fetch(event.request);
      if (answer.ok) await cache.put(key, answer.clone());
      return answer;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  })());
});
