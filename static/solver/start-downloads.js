// The start's downloads, seen as they arrive: the Python zip checked, and every file counted
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
// the compiled code for the URL (a Response made in JavaScript has none). The Python zip is
// the exception: Pyodide gets it only once it is whole and checked (checkedPythonZip).

import { PYTHON_ZIP, startError } from "./runtime-faults.js";
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

/**
 * Wrap `fetch` for the start: the start's downloads (`progress.path`) counted into `progress`
 * (a DownloadProgress), the Python zip checked against the sha256 in `buildInfo` (the promise of
 * build-info.json). Returns the function that gives `fetch` back and stops watching.
 */
export function watchStartDownloads(progress, buildInfo) {
  const original = globalThis.fetch;
  const serverFetch = original.bind(globalThis);
  const startFetch = async (input, init) => {
    const path = progress.path(input);
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
