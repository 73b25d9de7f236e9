// @ts-check
// The runtime's two big files shipped brotli-compressed (build.py writes pyodide.asm.wasm.br and
// python_stdlib.zip.br beside them): GitHub Pages compresses the wasm with gzip on the fly and the
// zip not at all, and brotli at quality 11 sends 0.8 MB less of the wasm and a stored zip in 0.95
// instead of 1.4 MB (docs/building.md, "Brotli"). The host sends a .br file as it is, and the
// worker decodes it: with the engine's DecompressionStream("brotli") where it has one (Firefox
// 147+, Safari 18.4+), fed as the bytes arrive; else (Chromium 156 throws) with the decoder of
// the npm package `brotli`, bundled by build.py into brotli-decode.js and fetched only then, which
// decodes the whole file once it is in.
//
// Nothing decoded is used unchecked: the result must have the original's length and sha256
// (build-info.json's runtimeSha256 of the original). Any failure — the .br refused or damaged, a
// decoder that throws, a result that differs even after one more try past the HTTP cache — makes
// unpackedDownload() answer null, and the start fetches the original as before.
//
// Decoding by script costs time a fast link does not save: the wasm takes ≈ 0.6 s in Chromium
// and WebKit on this machine, and its copy saves 0.8 MB, which a desktop's link carries in a
// fraction of that. So once the first SAMPLE_BYTES of a copy have come, the link's rate decides:
// if the bytes the original costs more than its copy would arrive sooner than the script could
// decode the file, the copy is dropped and the original fetched (a native decoder, fed as the
// bytes arrive, is always used).

// Where the decoder is, from the site's root (this module may be bundled into static/worker.js).
const DECODER_PATH = "static/solver/brotli-decode.js";
// DecompressionStream's format: TypeScript's libraries list only "deflate", "deflate-raw" and
// "gzip" as yet; an engine without "brotli" throws (decodesBrotliNatively asks).
const BROTLI = /** @type {CompressionFormat} */ ("brotli");

/** Whether this engine decodes brotli itself (DecompressionStream("brotli")). */
export function decodesBrotliNatively() {
  try {
    new DecompressionStream(BROTLI);
    return true;
  } catch {
    return false;
  }
}

/**
 * brotli-decode.js's decoder (the npm package brotli's decompress): `bytes` decoded into a new
 * array, to `length` bytes when given; throws on bytes that are not brotli.
 * @typedef {(bytes: Uint8Array, length?: number) => Uint8Array<ArrayBuffer>} BrotliDecode
 */
// Where brotli-decode.js, a classic script, leaves its decoder: a global.
const decoderHost = /** @type {{lightsoutBrotliDecode?: BrotliDecode}} */ (globalThis);

/** @type {Promise<BrotliDecode> | null} */
let scriptDecoder = null; // the promise of lightsoutBrotliDecode, once asked for

/** The decoder of brotli-decode.js in the site at `siteUrl`, loaded once (a classic script: imported for its side effect). */
export function loadScriptDecoder(siteUrl) {
  scriptDecoder ??= (typeof decoderHost.lightsoutBrotliDecode === "function" ? Promise.resolve() : import(new URL(DECODER_PATH, siteUrl).href))
    .then(() => {
      if (typeof decoderHost.lightsoutBrotliDecode !== "function") throw new Error("brotli-decode.js did not define its decoder");
      return decoderHost.lightsoutBrotliDecode;
    });
  return scriptDecoder;
}

/** The sha256 of `bytes` as 64 lowercase hex digits. */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** All of `stream`, as one Uint8Array. */
async function readAll(stream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The script decoder's speed, in bytes of output a millisecond: Chromium 156 decodes the 9.6 MB
// wasm in ≈ 0.56–0.59 s on this 2-core machine (first call, medians), WebKitGTK 2.50 in ≈ 0.53–0.74 s.
export const SCRIPT_DECODE_BYTES_PER_MS = 16_000;
// How much of a copy must have come before the link's rate is judged.
export const SAMPLE_BYTES = 256 * 1024;

/** A copy arriving faster than the script decodes it (see the top): the original is fetched instead. */
class FastLink extends Error {}

/**
 * All of `body` (a copy arriving), unless the link is so fast that the original would arrive
 * sooner than the script could decode the copy: then a FastLink error, the download cancelled.
 * `file` is the promise of the original's {bytes, sent}; `copyBytes` the copy's length; `asked`
 * when the copy was asked for (`now()`, milliseconds). The rate is taken over the time since it was
 * asked for, not since this began to read: bytes that waited while the worker was busy must
 * not look as if they had come at once.
 */
async function readJudging(body, file, copyBytes, asked, now) {
  const reader = body.getReader();
  const chunks = [];
  let received = 0;
  let judged = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (!judged && received >= SAMPLE_BYTES) {
      judged = true;
      const rate = received / Math.max(1, now() - asked); // bytes a millisecond
      const { bytes, sent } = await file;
      if (Number.isFinite(sent) && Number.isFinite(copyBytes) && (sent - copyBytes) / rate < bytes / SCRIPT_DECODE_BYTES_PER_MS) {
        await reader.cancel();
        throw new FastLink(`the link is fast (${Math.round(rate)} kB/s): the original costs less than decoding its copy by script`);
      }
    }
  }
  const all = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * The bytes of `body` (a ReadableStream of a .br file) decoded, to `length` bytes (a promise);
 * `how` is "native" or "script". A body already of `length` bytes is taken as the original itself
 * (a host that sent the .br with Content-Encoding: br, which the browser undid): the check decides.
 */
async function decode(body, file, how, siteUrl, copyBytes, asked, now) {
  if (how === "native") return readAll(body.pipeThrough(new DecompressionStream(BROTLI)));
  const [compressed, brotliDecode, { bytes }] = await Promise.all([readJudging(body, file, copyBytes, asked, now), loadScriptDecoder(siteUrl), file]);
  if (compressed.length === bytes) return compressed;
  return brotliDecode(compressed, bytes);
}

/**
 * The original of `path` (a file of the site, e.g. "pyodide/pyodide.asm.wasm") from `path`.br,
 * decoded and checked, as a Response of `type`; or null if that failed (`fellBack(reason)` is told
 * why), for the start to fetch the original instead. `fetch` is the server's; `siteUrl` the
 * site's root; `expected`: the promise of {bytes, sha256, sent} of the original (build-info.json's;
 * `sent`, what the host sends of it), not awaited before the .br is asked for, so the download
 * starts with the worker; `counted(body)`
 * counts the .br's bytes as they arrive (download-progress.js); `now()` the time in milliseconds
 * (the link's rate: performance.now, a test's clock). Tries twice: as the HTTP cache has it, then past it.
 */
export async function unpackedDownload({
  fetch, siteUrl, path, type, expected, counted, fellBack, native = decodesBrotliNatively(), now = () => performance.now(),
}) {
  const how = native ? "native" : "script";
  if (!native) loadScriptDecoder(siteUrl).catch(() => {}); // fetched beside the .br; a failure is met in decode()
  expected.catch(() => {}); // met below
  let reason = "";
  for (const cache of ["default", "reload"]) {
    try {
      const asked = now();
      const response = await fetch(new URL(`${path}.br`, siteUrl), { cache });
      if (!response.ok || !response.body) {
        reason = `${path}.br: HTTP ${response.status}`;
        break; // refused or missing: trying past the cache would not help
      }
      const copyBytes = Number(response.headers.get("content-length"));
      const bytes = await decode(counted(response.body), expected, how, siteUrl, copyBytes, asked, now);
      const file = await expected;
      if (bytes.length === file.bytes && await sha256Hex(bytes) === file.sha256) {
        return { response: new Response(bytes, { status: 200, headers: { "content-type": type } }), how };
      }
      reason = `${path}.br decodes to other bytes than this build's ${path}`;
    } catch (error) {
      if (error instanceof FastLink) {
        reason = error.message;
        break;
      }
      reason = `${path}.br could not be decoded (${how}): ${error.message}`;
    }
  }
  fellBack(reason);
  return null;
}
