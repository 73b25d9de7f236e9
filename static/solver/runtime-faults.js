// @ts-check
// Fault diagnosis for the solver's start: which file the start needs is at fault, and how —
// missing or refused (the HTTP status), served with the wrong MIME type, damaged (its sha256 is
// not the one build-info.json lists), or out of reach — as a StartError whose `code`, `file` and
// `status` the page words (errors.js). Pyodide reports most of these only by a symptom (a log
// line, "exit(1)", a hang), so after a failure the start asks here which file is to blame; a good
// start costs nothing. The checks fetch past the HTTP cache, which also replaces a damaged copy
// there, so Retry loads the server's file.
//
// The pure half (refusal, typeFault, buildInfoFault) judges one response or one build-info.json;
// RuntimeFaults fetches, with the fetch it is given: the server's, never the start's wrapper
// (start-downloads.js), whose checked Python zip would hide what the server sends.

import { sha256Hex } from "./start-cache.js";

export const BUILD_INFO = "static/build-info.json";
// A runtime file as [path in the site, the MIME type it must be served as, or null for any].
export const WASM = ["pyodide/pyodide.asm.wasm", "application/wasm"];
export const PYTHON_ZIP = ["pyodide/python_stdlib.zip", null];
// Everything loadPyodide fetches, most likely culprit of an unexplained failure first.
export const RUNTIME = [PYTHON_ZIP, ["pyodide/pyodide.asm.mjs", null], WASM];

const SHA256 = /^[0-9a-f]{64}$/;

/** An error with a `code` the page turns into a message (see errors.js). */
export function startError(code, message, details = {}) {
  return Object.assign(new Error(message), { name: "StartError", code }, details);
}

/** The server refused `path` (`response` is its answer): an error naming the file and the HTTP status; else null. */
export function refusal(path, response) {
  return response.ok ? null : startError("file-http", `${path}: HTTP ${response.status}`, { file: path, status: response.status });
}

/** `response` (for `path`) is not of `expectedType` (null: any type will do): an error naming the type it is; else null. */
export function typeFault(path, response, expectedType) {
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!expectedType || type === expectedType) return null;
  return startError("runtime-wrong-type", `${path} is served as ${type}`, { file: path, type: type || "?" });
}

/**
 * A file's sizes in build-info.json's "download": `bytes` as it is, `sent` as a host that
 * compresses as GitHub Pages does sends it; a file with a brotli copy has the copy's, and its own as `original`.
 * @typedef {{bytes: number, sent: number, original?: {bytes: number, sent: number}}} DownloadSizes
 */
/**
 * static/build-info.json, what the build (tools/build/build_info.py) tells the solver's worker:
 * the runtime files' sha256 (`runtimeSha256`, by path), Pyodide's `lockFile` (handed to
 * loadPyodide as it is), the `snapshotKey` a kept snapshot must carry, and the start's
 * `download`s with their sizes (download-progress.js).
 * @typedef {object} BuildInfo
 * @property {Record<string, string>} runtimeSha256
 * @property {{info: object}} lockFile
 * @property {string} snapshotKey
 * @property {Record<string, DownloadSizes>} [download]
 */

/**
 * What makes `info` (build-info.json as read, or null if it was no JSON) useless to the start, or
 * null: it must hold the runtime files' sha256, the lock file for loadPyodide and the snapshot key.
 */
export function buildInfoFault(info) {
  const hashes = Object.values(info?.runtimeSha256 ?? {});
  if (hashes.length && hashes.every((hash) => SHA256.test(hash))
      && typeof info.lockFile?.info === "object" && SHA256.test(info.snapshotKey ?? "")) return null;
  return startError("build-info-damaged", `${BUILD_INFO} is damaged: it lacks the runtime's sha256, the lock file or the snapshot key`,
    { file: BUILD_INFO });
}

export class RuntimeFaults {
  /** `siteUrl`: the site's root (files are named relative to it); `fetch`: the server's answers. */
  constructor(siteUrl, fetch) {
    this.siteUrl = siteUrl;
    this.fetch = fetch;
  }

  /**
   * Fetch a file of the site (`path` relative to its root); a refusal is an error that names
   * the file and the HTTP status, an unreachable server one that names the file.
   */
  async fetchFile(path, cache = "no-cache") {
    let response;
    try {
      response = await this.fetch(new URL(path, this.siteUrl), { cache });
    } catch (error) {
      throw startError("file-unreachable", `${path}: ${error.message}`, { file: path });
    }
    const refused = refusal(path, response);
    if (refused) throw refused;
    return response;
  }

  /**
   * The bytes of `path` if their sha256 is `sha256`. A mismatch is fetched once more past
   * the HTTP cache (a truncated copy can sit there, fresh by its headers, and would fail
   * every reload and Retry), then reported as damaged.
   */
  async fetchChecked(path, sha256) {
    for (const cache of ["no-cache", "reload"]) {
      const bytes = new Uint8Array(await (await this.fetchFile(path, cache)).arrayBuffer());
      // No crypto.subtle outside a secure context (plain http to a host other than this
      // machine). There is no service worker cache there either, and whoever could alter
      // this file in transit could alter worker.js as well, so a check would prove nothing.
      if (!globalThis.crypto?.subtle) return bytes;
      if (await sha256Hex(bytes) === sha256) return bytes;
    }
    throw startError("file-damaged", `${path} is damaged or incomplete (its sha256 is not this build's)`, { file: path });
  }

  /**
   * static/build-info.json, checked (buildInfoFault).
   * @returns {Promise<BuildInfo>}
   */
  async readBuildInfo() {
    const response = await this.fetchFile(BUILD_INFO);
    let info = null;
    try {
      info = await response.json();
    } catch {
      // not JSON: damaged, reported below
    }
    const fault = buildInfoFault(info);
    if (fault) throw fault;
    return info;
  }

  /**
   * What is wrong with a runtime file (`path` relative to the site), or null if nothing
   * is: missing (HTTP status), served with the wrong MIME type, or damaged (its sha256 is
   * not the one `buildInfo`, a promise of build-info.json, lists). Asked only after a failure.
   */
  async fileFault(path, buildInfo, expectedType = null) {
    const expected = (await buildInfo.catch(() => null))?.runtimeSha256?.[path];
    try {
      const response = await this.fetchFile(path);
      const wrongType = typeFault(path, response, expectedType);
      if (wrongType) return wrongType;
      await response.body?.cancel();
      if (expected) await this.fetchChecked(path, expected);
      return null;
    } catch (error) {
      return error; // missing, refused, damaged or unreachable: each names the file
    }
  }

  /** The error of the first of `files` ([path, MIME type or null]) at fault, or null. */
  async diagnose(files, buildInfo) {
    for (const [file, expectedType] of files) {
      const fault = await this.fileFault(file, buildInfo, expectedType);
      if (fault) return fault;
    }
    return null;
  }

  /** The fault of `file` ([path, type]); if it looks fine, the loader's `reason` about it. */
  async blame(file, buildInfo, reason) {
    return (await this.diagnose([file], buildInfo)) ?? startError("runtime-corrupt", reason, { file: file[0] });
  }
}
