// The service worker: the site works offline after one visit. build.py copies this file
// to the site root (so its scope is the whole site, under any sub-path) and writes the
// version, a hash of static/precache.json — the list of every file in dist/ with its
// sha256. A new build therefore changes this script's bytes, the browser installs the
// new worker, which fills a new cache "lightsout-<version>", and on activation deletes
// every other "lightsout-*" cache: an update never strands a page on old files.
//
// Install fetches every listed file (bypassing the HTTP cache); fetches of listed files
// are then answered from the cache first, anything else goes to the network.

const VERSION = "development"; // replaced by build.py
const CACHE_PREFIX = "lightsout-";
const CACHE = CACHE_PREFIX + VERSION;
const ROOT = new URL("./", self.location.href).href; // the site's root directory

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(new URL("static/precache.json", ROOT), { cache: "no-cache" });
    if (!response.ok) throw new Error(`static/precache.json: HTTP ${response.status}`);
    const list = await response.json();
    // A deploy half done (new list, old worker or the reverse): do not fill a cache
    // under the wrong name; the next update check tries again.
    if (list.version !== VERSION && VERSION !== "development") throw new Error("precache.json is from another build");
    const cache = await caches.open(CACHE);
    await cache.addAll(list.files.map((file) => new Request(new URL(file.path, ROOT), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return;
  const url = new URL(request.url);
  url.hash = "";
  // The page itself is asked for as the directory ("./") or with test parameters.
  const path = url.href.slice(ROOT.length).split("?")[0];
  const key = path === "" ? new URL("index.html", ROOT).href : new URL(path, ROOT).href;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(key);
    return cached ?? fetch(request);
  })());
});
