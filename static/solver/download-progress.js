// @ts-check
// The start's download progress, as the page sees it: {received, total} bytes of the runtime's
// files, which the status line shows ("Loading the solver: 2.1 of 5.6 MB") and each of which
// restarts the client's stall deadline (solver-client.js), so a slow link that keeps moving is
// never cut off.
//
// Counting only: start-downloads.js hands it the bytes as they arrive. A file's bytes are counted
// unpacked (what a response's body yields) and reported in the units of build-info.json's
// "download", what a host that compresses as GitHub Pages does sends: a file's share of its
// "sent" is the share of its unpacked "bytes" that has arrived. A file the build also made a
// brotli copy of is listed with the copy's sizes, which a first visit fetches (brotli.js), and its
// own as "original", counted instead when the start fetches the file as it is. The first report
// waits for that list; after it, at most one report every REPORT_EVERY_MS.

// A 5.6 MB download arrives in thousands of chunks: one message each would keep the page busy.
export const REPORT_EVERY_MS = 100;

export class DownloadProgress {
  /**
   * `siteUrl`: the site's root (the list names files relative to it); `report({received, total})`
   * sends a report; `now()`: the clock in ms.
   */
  constructor(siteUrl, report, { now = () => performance.now(), brotli = false } = {}) {
    this.siteUrl = siteUrl;
    this.report = report;
    this.now = now;
    this.brotli = brotli; // whether files with a brotli copy are fetched as that copy
    /** @type {Record<string, import("./runtime-faults.js").DownloadSizes> | null} build-info.json's "download", once read */
    this.download = null;
    this.original = new Set(); // paths fetched as they are although they have a brotli copy (it failed)
    this.received = new Map(); // path -> unpacked bytes arrived
    this.sentAt = -Infinity;
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.timer = 0;
    this.ended = false;
  }

  /** The start's files and their sizes (build-info.json's "download"); reports at once. */
  plan(download) {
    this.download = download && typeof download === "object" ? download : null;
    this.send(true);
  }

  /**
   * The site path of `url` (a string, URL or Request; no query) if it is one of the start's
   * downloads, else null. Before the list is read, every file of the site might be.
   */
  path(url) {
    const href = String(url?.url ?? url).split(/[?#]/)[0];
    if (!href.startsWith(this.siteUrl)) return null;
    const path = href.slice(this.siteUrl.length);
    return !this.download || Object.hasOwn(this.download, path) ? path : null;
  }

  /** `path` is fetched as "brotli" (its copy) or as its "original" (its copy failed): counted afresh in those sizes. */
  travels(path, how) {
    if (how === "original") this.original.add(path);
    else this.original.delete(path);
    this.received.set(path, 0);
    this.send();
  }

  /** {bytes, sent} of `path` as it is fetched (see travels). */
  sizes(path) {
    const entry = this.download[path];
    return entry.original && (!this.brotli || this.original.has(path)) ? entry.original : entry;
  }

  /** `count` more bytes of `path` arrived. */
  arrived(path, count) {
    this.received.set(path, (this.received.get(path) ?? 0) + count);
    this.send();
  }

  /** `path` arrived whole, its bytes unseen (the module Pyodide imports rather than fetches). */
  whole(path) {
    if (this.received.has(path)) return;
    this.received.set(path, Infinity);
    this.send();
  }

  /** `body` (a ReadableStream of `path`), its bytes counted as they pass through. */
  counted(path, body) {
    this.received.set(path, 0);
    return body.pipeThrough(new TransformStream({
      transform: (chunk, controller) => {
        this.arrived(path, chunk.byteLength);
        controller.enqueue(chunk);
      },
    }));
  }

  /** {received, total}, in the list's units (bytes as sent), or null before the list is read. */
  figures() {
    if (!this.download) return null;
    let received = 0;
    let total = 0;
    for (const path of Object.keys(this.download)) {
      const { bytes, sent } = this.sizes(path);
      total += sent;
      received += Math.round(sent * Math.min(1, (this.received.get(path) ?? 0) / bytes));
    }
    return { received, total };
  }

  /** The start is over: no more reports. */
  end() {
    this.ended = true;
    clearTimeout(this.timer);
    this.timer = 0;
  }

  send(now = false) {
    if (this.ended || !this.download) return;
    const time = this.now();
    if (!now && time - this.sentAt < REPORT_EVERY_MS) {
      this.timer ||= setTimeout(() => { this.timer = 0; this.send(true); }, REPORT_EVERY_MS);
      return;
    }
    this.sentAt = time;
    this.report(this.figures());
  }
}
