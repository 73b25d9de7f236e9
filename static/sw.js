// @ts-check
// The service worker: the site works offline after one visit. build.py copies this file
// to the site root (so its scope is the whole site, under any sub-path) and writes into
// it FILES, every file of dist/ with its sha256, and VERSION, a hash of that list. A new
// build therefore changes this script's bytes, the browser installs the new worker,
// which fills a new cache "lightsout-<version>", and on activation deletes every other
// "lightsout-*" cache: an update never strands a page on old files. (The solver's worker
// keeps its start-up snapshot in "lightsout:snapshot", which this worker leaves alone: the
// snapshot names the build that made it, and the solver's worker replaces one of another.)
//
// Nothing is trusted for being in the cache. Cache Storage belongs to the whole origin,
// and GitHub Pages project sites all share user.github.io: any page there can open
// "lightsout-<version>" and put its own static/app.js. A network transfer can also end
// early. So every body is checked against FILES, whose hashes came with this script:
//   install  fetches each file (revalidating the HTTP cache), checks it, and on a
//            mismatch fetches it once more past the HTTP cache; a second mismatch fails
//            the install, so no worker takes over with a broken file (the page keeps
//            loading from the network, and the next visit tries again);
//   fetch    checks a cached file before answering with it; an entry that does not
//            match is deleted and the file comes from the network (and is cached again
//            if it matches).
// Checking before answering costs some tens of ms of hashing at start, and a controlled
// start measured 0.05–0.8 s slower end to end (docs/security.md, "Cost"). A memo of
// "already checked" can only be kept where no other page can write: Cache Storage and
// IndexedDB are both the origin's, so it lives in this worker's memory (`checked`).
//
// The runtime's two big files also ship brotli-compressed ("<file>.br"), which the solver's
// worker fetches and decodes on a page this worker does not control (a first visit). Install
// does not download the originals again: it unpacks each from its copy — which the solver's
// worker has just fetched, so the HTTP cache answers — checks the result against FILES like any
// file, and caches it under the original's name (UNPACKED); only if that fails is the original
// fetched. A page this worker controls asks for the originals (solver-client.js, "?sw=1") and
// is answered from the cache, with nothing to decode. The copies themselves are not cached.

const VERSION = "development"; // replaced by build.py
const FILES = {}; // replaced by build.py: {"static/app.js": "<sha256 hex>", ...}
const UNPACKED = {}; // replaced by build.py: {"pyodide/pyodide.asm.wasm": <its length>, ...}, each with "<path>.br" in FILES
const CACHE_PREFIX = "lightsout-";
const CACHE = CACHE_PREFIX + VERSION;
// This script runs as the service worker: its global scope is a ServiceWorkerGlobalScope (the
// WebWorker library types `self` as any worker's), where brotli-decode.js leaves its decoder.
const scope = /** @type {ServiceWorkerGlobalScope & {lightsoutBrotliDecode?: import("./solver/brotli.js").BrotliDecode}} */ (
  /** @type {WorkerGlobalScope} */ (self));
const ROOT = new URL("./", scope.location.href).href; // the site's root directory

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A file's bytes do not match FILES (or the server refused it). */
class IntegrityError extends Error {
  constructor(path, detail) {
    super(`${path}: ${detail}`);
    this.name = "IntegrityError";
  }
}

/**
 * Whether `response` carries exactly the listed bytes of `path`. Reads a clone, so the
 * response itself can still be cached or answered with: both branches of the tee see
 * the same bytes, so what was checked is what is used.
 */
async function matches(path, response) {
  if (!response.ok) return false;
  return (await sha256Hex(await response.clone().arrayBuffer())) === FILES[path];
}

/**
 * Fetch a listed file from the network and check it: first revalidating the HTTP cache,
 * then (a truncated body may sit in it, fresh by its headers) bypassing it. Throws an
 * IntegrityError that names the file if neither copy matches.
 */
async function fetchChecked(path) {
  const url = new URL(path, ROOT).href;
  let response;
  for (const cache of /** @satisfies {RequestCache[]} */ (["no-cache", "reload"])) {
    response = await fetch(url, { cache });
    if (await matches(path, response)) return response;
  }
  throw new IntegrityError(path, response.ok ? "the bytes differ from this build's sha256 (damaged or incomplete)" : `HTTP ${response.status}`);
}

/**
 * One console line. The page learns of a damaged file from its own loading (the solver's
 * worker checks the wheel and names any runtime file that fails), not from here.
 */
function report(error) {
  console.warn(`lightsout service worker: ${error.message}`);
}

// DecompressionStream's format: TypeScript's libraries list only "deflate", "deflate-raw" and
// "gzip" as yet; an engine without "brotli" throws (brotliDecode asks).
const BROTLI = /** @type {CompressionFormat} */ ("brotli");

// The type an unpacked file is answered with (a wasm compiled by instantiateStreaming must be application/wasm).
const UNPACKED_TYPES = { wasm: "application/wasm", zip: "application/zip" };

/** `bytes` (brotli) decoded to `length` bytes: by the engine where it can, else by the decoder the build bundled. */
async function brotliDecode(bytes, length) {
  let native = true;
  try {
    new DecompressionStream(BROTLI);
  } catch {
    native = false;
  }
  if (native) return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream(BROTLI))).arrayBuffer());
  // A classic script that defines lightsoutBrotliDecode (allowed while installing; Chromium only).
  if (typeof scope.lightsoutBrotliDecode !== "function") importScripts(new URL("static/solver/brotli-decode.js", ROOT).href);
  return scope.lightsoutBrotliDecode(bytes, length);
}

/** The listed file `path` (in UNPACKED), unpacked from its brotli copy and checked; throws if it cannot be. */
async function unpacked(path) {
  const copy = await fetchChecked(`${path}.br`);
  const bytes = await brotliDecode(new Uint8Array(await copy.arrayBuffer()), UNPACKED[path]);
  if (bytes.length !== UNPACKED[path] || await sha256Hex(bytes) !== FILES[path]) {
    throw new IntegrityError(path, "unpacked from its brotli copy, it differs from this build's sha256");
  }
  const type = UNPACKED_TYPES[path.split(".").pop()] ?? "application/octet-stream";
  return new Response(bytes, { status: 200, headers: { "content-type": type } });
}

scope.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      const copies = new Set(Object.keys(UNPACKED).map((path) => `${path}.br`));
      await Promise.all(Object.keys(FILES).filter((path) => !copies.has(path)).map(async (path) => {
        const response = Object.hasOwn(UNPACKED, path)
          ? await unpacked(path).catch(() => fetchChecked(path))
          : await fetchChecked(path);
        await cache.put(new URL(path, ROOT).href, response);
      }));
    } catch (error) {
      // Fail the install: this worker never activates, and a half-filled cache under
      // this version would only be re-checked, so it goes too.
      await caches.delete(CACHE);
      if (error instanceof IntegrityError) report(error);
      throw error;
    }
    await scope.skipWaiting();
  })());
});

scope.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

/** The listed path a request of this site asks for, or null for anything unlisted. */
function listedPath(requestUrl) {
  if (!requestUrl.startsWith(ROOT)) return null;
  const url = new URL(requestUrl);
  url.hash = "";
  url.search = ""; // the page with test parameters is still the page
  const path = url.href.slice(ROOT.length);
  const file = path === "" ? "index.html" : path; // the page is also asked for as "./"
  return Object.hasOwn(FILES, file) ? file : null;
}

// Cached files already checked, as immutable Blobs, for as long as this worker runs:
// the one memo no other page can write. The browser stops an idle service worker after
// about 30 s, so it serves a Retry or a restarted solver, rarely a later visit.
const checked = new Map(); // path -> {body: Blob, init: {status, statusText, headers}}

/**
 * Answer from the memo, or from the cache if the cached bytes are the listed ones; otherwise drop the
 * entry and go to the network, caching the answer again only if it matches. A network
 * copy that does not match is still passed on (the server is the authority, as it is
 * without this worker; the solver's own checks name a damaged file), but never cached.
 */
async function answer(path, request) {
  const known = checked.get(path);
  if (known) return new Response(known.body, known.init);
  const cache = await caches.open(CACHE);
  const url = new URL(path, ROOT).href;
  const cached = await cache.match(url);
  if (cached?.ok) {
    // A Blob is an immutable snapshot (a later put cannot change it), and answering
    // with it hands the browser the stored bytes directly, not pumped through this
    // worker's JavaScript as a clone's stream would be.
    const body = await cached.blob();
    if (await sha256Hex(await body.arrayBuffer()) === FILES[path]) {
      const init = { status: cached.status, statusText: cached.statusText, headers: [...cached.headers] };
      checked.set(path, { body, init });
      return new Response(body, init);
    }
  }
  if (cached) {
    await cache.delete(url);
    report(new IntegrityError(path, "the cached copy was not this build's (deleted; fetched again)"));
  }
  return answerFromNetwork(path, request, cache, url);
}

/**
 * The listed file from the network, checked and cached if it matches; otherwise the
 * server's copy, passed on but not cached (and no stale entry is left), or a network error.
 */
async function answerFromNetwork(path, request, cache, url) {
  try {
    const response = await fetchChecked(path);
    await cache.put(url, response.clone());
    return response;
  } catch (error) {
    if (!(error instanceof IntegrityError)) throw error; // offline: a network error
    await cache.delete(url);
    return fetch(request, { cache: "reload" });
  }
}

scope.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = listedPath(request.url);
  if (path !== null) event.respondWith(answer(path, request));
});
