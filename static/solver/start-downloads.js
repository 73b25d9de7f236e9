// @ts-check
// The start's downloads, seen as they arrive: the runtime's big files taken from their brotli
// copies where the build made them (brotli.js), the Python zip checked, and every file counted
// (download-progress.js).
//
// Pyodide fetches its wasm and the Python zip with `fetch`, called by name, and has no option
// to give it another; so seeing those downloads means wrapping the global `fetch`, and only
// while the start runs: watchStartDownloads() puts the wrapper in and returns the function that
// takes it out, which the start calls when it ends, ready or failed. The module pyodide.asm.mjs,
// which Pyodide imports rather than fetches, counts once its resource timing entry appears.
//
// Through the wrapper, a counted download's response is handed on as it came, its body counted
// from a clone, not rebuilt over a counting stream: the wasm is compiled from it with
// instantiateStreaming, which then reads it natively, off this thread's JavaScript, and can keep
// the compiled code for the URL (a Response made in JavaScript has none). That is the path of the
// originals (a page the service worker controls: it keeps them unpacked; or a brotli copy that
// failed). A file unpacked from its brotli copy is handed on whole and checked, as a Response made
// here, and so is the Python zip: Pyodide gets it only once it is whole and checked (checkedPythonZip).

import { unpackedDownload } from "./brotli.js";
import { PYTHON_ZIP, WASM, startError } from "./runtime-faults.js";
import { sha256Hex } from "./start-cache.js";

/**
 * The Python zip for Pyodide, checked against build-info.json's runtimeSha256 as
 * RuntimeFaults.fetchChecked checks a file: revalidating the HTTP cache, and once more past it
 * on a mismatch (a truncated copy can sit there, fresh by its headers, and would fail every
 * start and Retry). A copy that still differs is refused: Pyodide logs that it could not install
 * the standard library, and the start then names the file (loader-watch.js). Python reads the
 * zip on the usual path, but not while it restores a snapshot, so without this a damaged copy
 * could pass there. `fetch` is the server's; `expected` the sha256, or null to take any bytes.
 */
export async function checkedPythonZip(fetch, input, init, expected, progress) {
  const [path] = PYTHON_ZIP;
  for (const cache of ["no-cache", "reload"]) {
    const response = await fetch(input, { ...init, cache });
    if (!response.ok || !response.body) return response; // Pyodide fails on it, and the start names why
    const bytes = new Uint8Array(await new Response(progress.counted(path, response.body)).arrayBuffer());
    if (!expected || !globalThis.crypto?.subtle || await sha256Hex(bytes) === expected) {
      return new Response(bytes, { status: 200, headers: { "content-type": response.headers.get("content-type") ?? "application/zip" } });
    }
  }
  throw startError("file-damaged", `${path} is damaged or incomplete (its sha256 is not this build's)`, { file: path });
}

/** Read `stream` to its end, for its side effects (counting); a failed download is Pyodide's to report. */
async function drain(stream) {
  const reader = stream.getReader();
  try {
    while (!(await reader.read()).done);
  } catch {
    // Pyodide reads the same error from the response and reports it
  }
}

// The files that may travel as brotli, with the type their Response must have (a wasm compiled
// by instantiateStreaming must be application/wasm).
const UNPACKED_TYPES = { [WASM[0]]: WASM[1], [PYTHON_ZIP[0]]: "application/zip" };

/**
 * Wrap `fetch` for the start: the start's downloads (`progress.path`) counted into `progress`
 * (a DownloadProgress), the wasm and the Python zip taken from their brotli copies if `brotli`
 * and build-info.json lists one (`unpacked({path, how})` is told how each came, or why not), the
 * Python zip checked against the sha256 in `buildInfo` (the promise of build-info.json). Returns
 * the function that gives `fetch` back and stops watching.
 * @param {import("./download-progress.js").DownloadProgress} progress
 * @param {Promise<Pick<import("./runtime-faults.js").BuildInfo, "runtimeSha256" | "download">>} buildInfo  (what is read of it)
 * @param {{brotli?: boolean, unpacked?: (file: {path: string, how: string}) => void}} [options]
 */
export function watchStartDownloads(progress, buildInfo, { brotli = false, unpacked = () => {} } = {}) {
  const original = globalThis.fetch;
  const serverFetch = original.bind(globalThis);
  // On the brotli path (a first visit: the network is the bottleneck) the Python zip is asked for
  // only once the wasm's copy has arrived: the link carries the wasm alone, and while the worker
  // decodes and compiles it the zip arrives (Python needs the zip only after the wasm is running).
  // Sent at once, the two would share the link and both arrive at the end, the wasm's decoding then
  // waiting on the critical path. The wasm's download ends this wait however it ends.
  let wasmIn;
  const wasmArrived = new Promise((resolve) => { wasmIn = resolve; });
  const ended = (body) => body.pipeThrough(new TransformStream({ flush: () => wasmIn() }));
  // Asked for at once, not after build-info.json (whose sizes and sha256 the check needs only once
  // the copy is in): the download starts with the worker. A build without the copy answers 404.
  const fromBrotli = async (path) => {
    if (!brotli || !globalThis.crypto?.subtle) return null; // no check possible: the original, as sent
    progress.travels(path, "brotli");
    const expected = buildInfo.then((info) => {
      const entry = info.download?.[path];
      const [bytes, sha256] = [entry?.original?.bytes ?? entry?.bytes, info.runtimeSha256?.[path]];
      if (!Number.isInteger(bytes) || typeof sha256 !== "string") throw new Error(`build-info.json does not describe ${path}`);
      return { bytes, sha256, sent: entry?.original?.sent ?? bytes };
    });
    const unpackedFile = await unpackedDownload({
      fetch: serverFetch, siteUrl: progress.siteUrl, path, type: UNPACKED_TYPES[path],
      expected,
      counted: (body) => (path === WASM[0] ? ended(progress.counted(path, body)) : progress.counted(path, body)),
      fellBack: (reason) => {
        progress.travels(path, "original");
        unpacked({ path, how: `original (${reason})` });
        console.info(`The solver fetches ${path} itself: ${reason}`);
      },
    });
    if (unpackedFile) {
      unpacked({ path, how: `brotli, ${unpackedFile.how}` });
      progress.send(true); // a step done: decoding a file is quiet for a while (≈ 0.5–2 s for the wasm by script)
    }
    return unpackedFile?.response ?? null;
  };
  const startFetch = async (input, init) => {
    const path = progress.path(input);
    if (path === PYTHON_ZIP[0] && brotli) await wasmArrived;
    let unpackedFile;
    try {
      unpackedFile = Object.hasOwn(UNPACKED_TYPES, path ?? "") ? await fromBrotli(path) : null;
    } finally {
      if (path === WASM[0]) wasmIn(); // the copy failed, or none is used: the zip waits no more
    }
    if (unpackedFile) return unpackedFile;
    if (path === PYTHON_ZIP[0]) {
      const expected = (await buildInfo.catch(() => null))?.runtimeSha256?.[path] ?? null;
      return checkedPythonZip(serverFetch, input, init, expected, progress);
    }
    const response = await serverFetch(input, init);
    if (path !== null && response.ok && response.body) drain(progress.counted(path, response.clone().body));
    return response;
  };
  globalThis.fetch = startFetch;
  const modules = typeof PerformanceObserver === "function"
    ? new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const path = progress.path(entry.name);
        if (path?.endsWith(".mjs")) progress.whole(path);
      }
    })
    : null;
  modules?.observe({ type: "resource", buffered: true });
  return function stopWatching() {
    if (globalThis.fetch === startFetch) globalThis.fetch = original;
    modules?.disconnect();
  };
}
