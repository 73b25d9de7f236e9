// @ts-check
// The runtime's brotli copies (static/solver/brotli.js, start-downloads.js): the start fetches
// pyodide.asm.wasm.br and python_stdlib.zip.br instead of the files, decodes them (the engine's
// DecompressionStream("brotli") where it has one, else the decoder build.py bundles from npm's
// `brotli`), and hands Pyodide the originals only once their length and sha256 are build-info.json's.
// Any failure falls back to the file as it is. Run against the built modules (python3 build.py),
// whose folder holds the bundled decoder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Transform } from "node:stream";
import { brotliCompressSync, createBrotliDecompress } from "node:zlib";
import { ROOT } from "./python.mjs";
import { standIn } from "./stand-in.mjs";
import { reportLog, whole } from "./report-log.mjs";

const SOLVER = join(ROOT, "dist", "static", "solver");
const built = existsSync(join(SOLVER, "brotli-decode.js"));
// The suite builds the site first (tests/run.sh); run alone, a missing build fails here, never skips.
assert.ok(built, `no ${join(SOLVER, "brotli-decode.js")}: build the site first (python3 build.py)`);
/** The built copy of the page's module `path` ("static/solver/…": dist/ holds it as build.py made it). */
const loadBuilt = async (path) => import(pathToFileURL(join(ROOT, "dist", path)).href);
// The decoder the build bundled, loaded here: the worker asks for it by the site's address, which
// this test's fake site (https://site.test/) cannot serve to Node's import.
await import(pathToFileURL(join(SOLVER, "brotli-decode.js")).href);

const SITE = "https://site.test/app/";
const WASM = "pyodide/pyodide.asm.wasm";
const ZIP = "pyodide/python_stdlib.zip";
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

// Stand-ins for the two files: a wasm-like and a zip-like body that compress well and not too fast.
const wasm = Buffer.concat([Buffer.from("\0asm\x01\0\0\0"), randomBytes(4000), Buffer.alloc(200_000, 7), randomBytes(4000)]);
const zip = Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(100_000, 1), randomBytes(2000)]);
const copies = { [WASM]: brotliCompressSync(wasm), [ZIP]: brotliCompressSync(zip) };
const originals = { [WASM]: wasm, [ZIP]: zip };
const buildInfo = () => Promise.resolve({
  runtimeSha256: { [WASM]: sha256(wasm), [ZIP]: sha256(zip) },
  download: {
    [WASM]: { bytes: copies[WASM].length, sent: copies[WASM].length, original: { bytes: wasm.length, sent: 900 } },
    [ZIP]: { bytes: copies[ZIP].length, sent: copies[ZIP].length, original: { bytes: zip.length, sent: zip.length } },
  },
});

/** A server for the site: the originals, their copies (`copy(path)` may replace one), recording what was asked with which cache mode. */
function server({ copy = (path) => copies[path] } = {}) {
  const asked = [];
  const fetch = async (input, init) => {
    const path = String(input).slice(SITE.length);
    asked.push([path, init?.cache ?? "default"]);
    const plain = path.replace(/\.br$/, "");
    const body = path.endsWith(".br") ? copy(plain) : originals[plain];
    if (body === null || body === undefined) return new Response("not here", { status: 404 });
    return new Response(body, { headers: { "content-type": path.endsWith(".wasm") ? "application/wasm" : "application/octet-stream" } });
  };
  return { asked, fetch };
}

/** Run the start's fetch over `site` (a server()) with `options` for watchStartDownloads; returns what Pyodide would get. */
async function startFetches(site, options) {
  const { DownloadProgress } = await loadBuilt("static/solver/download-progress.js");
  const { watchStartDownloads } = await loadBuilt("static/solver/start-downloads.js");
  const real = globalThis.fetch;
  const { reports, report, until } = reportLog();
  const told = [];
  const progress = new DownloadProgress(SITE, report, { brotli: options.brotli });
  const info = buildInfo();
  info.then((value) => progress.plan(value.download));
  globalThis.fetch = site.fetch;
  const stop = watchStartDownloads(progress, info, { ...options, unpacked: (file) => told.push(file) });
  try {
    const [wasmResponse, zipResponse] = await Promise.all([fetch(`${SITE}${WASM}`), fetch(`${SITE}${ZIP}`)]);
    const got = {
      wasm: Buffer.from(await wasmResponse.arrayBuffer()), wasmType: wasmResponse.headers.get("content-type"),
      zip: Buffer.from(await zipResponse.arrayBuffer()),
    };
    await until(whole); // reports are at most every REPORT_EVERY_MS: the last comes after the bytes
    return { ...got, told, figures: reports.at(-1) };
  } finally {
    stop();
    progress.end();
    globalThis.fetch = real;
  }
}

const quietly = async (body) => {
  const info = console.info;
  const said = [];
  console.info = (line) => said.push(line);
  try {
    return [await body(), said];
  } finally {
    console.info = info;
  }
};

test("a first visit takes the wasm and the Python zip from their brotli copies, decoded by script and checked", async () => {
  const site = server();
  const got = await startFetches(site, { brotli: true });
  assert.ok(got.wasm.equals(wasm) && got.zip.equals(zip), "Pyodide gets the originals' bytes");
  assert.equal(got.wasmType, "application/wasm"); // instantiateStreaming needs it
  assert.deepEqual(site.asked.map(([path]) => path).sort(), [`${WASM}.br`, `${ZIP}.br`], "the originals are never asked for");
  assert.deepEqual(got.told.map(({ path, how }) => [path, how]).sort(), [[WASM, "brotli, script"], [ZIP, "brotli, script"]]);
  const copiesSent = copies[WASM].length + copies[ZIP].length;
  assert.deepEqual(got.figures, { received: copiesSent, total: copiesSent }, "counted as the copies are sent");
});

test("a damaged copy is fetched once more past the HTTP cache, then the file is fetched as it is", async () => {
  const site = server({ copy: (path) => (path === WASM ? Buffer.from("\0asm garbage, not brotli") : copies[path]) });
  const [got, said] = await quietly(() => startFetches(site, { brotli: true }));
  assert.ok(got.wasm.equals(wasm) && got.zip.equals(zip));
  assert.deepEqual(site.asked.filter(([path]) => path.startsWith(WASM)), [[`${WASM}.br`, "default"], [`${WASM}.br`, "reload"], [WASM, "default"]]);
  const how = Object.fromEntries(got.told.map(({ path, how: way }) => [path, way]));
  assert.match(how[WASM], /^original \(pyodide\/pyodide\.asm\.wasm\.br could not be decoded \(script\)/);
  assert.equal(how[ZIP], "brotli, script");
  assert.equal(said.length, 1, "one console line says why");
  assert.deepEqual(got.figures, { received: 900 + copies[ZIP].length, total: 900 + copies[ZIP].length }, "the original counted in its own sizes");
});

test("a missing copy falls back at once; a copy of other bytes than the build's is refused", async () => {
  const other = brotliCompressSync(Buffer.concat([zip, Buffer.from("one byte more")]));
  const site = server({ copy: (path) => (path === WASM ? null : other) });
  const [got] = await quietly(() => startFetches(site, { brotli: true }));
  assert.ok(got.wasm.equals(wasm) && got.zip.equals(zip));
  assert.deepEqual(site.asked.filter(([path]) => path.startsWith(WASM)).map(([path]) => path), [`${WASM}.br`, WASM]);
  assert.deepEqual(site.asked.filter(([path]) => path.startsWith(ZIP)).map(([path]) => path), [`${ZIP}.br`, `${ZIP}.br`, ZIP]);
  const how = Object.fromEntries(got.told.map(({ path, how: way }) => [path, way]));
  assert.equal(how[WASM], "original (pyodide/pyodide.asm.wasm.br: HTTP 404)");
  assert.match(how[ZIP], /decodes to other bytes than this build's/);
});

test("a page the service worker controls (brotli off) fetches the files as they are", async () => {
  const site = server();
  const got = await startFetches(site, { brotli: false });
  assert.ok(got.wasm.equals(wasm) && got.zip.equals(zip));
  assert.deepEqual(site.asked.map(([path]) => path).sort(), [WASM, ZIP]);
  assert.deepEqual(got.told, []);
  assert.deepEqual(got.figures, { received: 900 + zip.length, total: 900 + zip.length });
});

test("where the engine decodes brotli itself, the copy is decoded by it as it arrives", async () => {
  const { unpackedDownload } = await loadBuilt("static/solver/brotli.js");
  // Node 20 has no DecompressionStream("brotli"): one made of its zlib stands in for an engine's.
  const Native = class {
    constructor(format) {
      assert.equal(format, "brotli");
      const decoder = createBrotliDecompress();
      return Transform.toWeb(decoder);
    }
  };
  const real = globalThis.DecompressionStream;
  globalThis.DecompressionStream = standIn(Native);
  try {
    const site = server();
    const result = await unpackedDownload({
      fetch: site.fetch, siteUrl: SITE, path: WASM, type: "application/wasm", native: true,
      expected: buildInfo().then((info) => ({ bytes: wasm.length, sha256: info.runtimeSha256[WASM] })),
      counted: (body) => body, fellBack: (reason) => assert.fail(reason),
    });
    assert.equal(result.how, "native");
    assert.ok(Buffer.from(await result.response.arrayBuffer()).equals(wasm));
  } finally {
    globalThis.DecompressionStream = real;
  }
});

test("a host that undid the copy's brotli itself (Content-Encoding: br) still gives the original, checked", async () => {
  const site = server({ copy: (path) => originals[path] });
  const got = await startFetches(site, { brotli: true });
  assert.ok(got.wasm.equals(wasm) && got.zip.equals(zip));
  assert.deepEqual(site.asked.map(([path]) => path).sort(), [`${WASM}.br`, `${ZIP}.br`]);
});

test("where the copy arrives faster than the script could decode it, the original is fetched instead", async () => {
  const { SAMPLE_BYTES, unpackedDownload } = await loadBuilt("static/solver/brotli.js");
  // A copy larger than the sample, all there at once (a fast desktop link): the link's rate
  // makes the original's extra bytes cheaper than decoding (build-info says what the original costs).
  const big = randomBytes(2 * SAMPLE_BYTES); // incompressible: its copy is as large
  const copy = brotliCompressSync(big);
  const site = { asked: [], fetch: async (input) => { site.asked.push(String(input)); return new Response(copy, { headers: { "content-length": String(copy.length) } }); } };
  const reasons = [];
  const result = await unpackedDownload({
    fetch: site.fetch, siteUrl: SITE, path: WASM, type: "application/wasm", native: false,
    expected: Promise.resolve({ bytes: big.length, sha256: sha256(big), sent: big.length + 1_000_000 }),
    counted: (body) => body, fellBack: (reason) => reasons.push(reason),
    now: () => 0, // the whole copy there the moment it was asked for, however busy the machine running this
  });
  assert.equal(result, null);
  assert.equal(site.asked.length, 1, "not tried again past the HTTP cache: nothing is wrong with the copy");
  assert.match(reasons[0], /^the link is fast \(\d+ kB\/s\): the original costs less than decoding its copy by script$/);
});
