// @ts-check
// The start cache: where the solver's start (start.js, in the worker) keeps the memory snapshot of its first
// start, for the next visit: Cache Storage, checked before every restore. Not a "lightsout-<version>" cache,
// which the service worker deletes when a new build activates, and under a URL of this site,
// so two sites of one origin keep their own. The entry's headers say which build made it
// (build-info.json's snapshotKey) and the memory's length and sha256, recorded when it was made.

const SNAPSHOT_CACHE = "lightsout:snapshot";

/** The sha256 of `bytes` (a BufferSource) as 64 lowercase hex digits. */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The snapshot cannot be used (the usual path starts instead): `message` says why. */
function snapshotError(message) {
  return Object.assign(new Error(message), { name: "SnapshotError" });
}

export class StartCache {
  /** `url`: the entry's URL (a file of the site that is never fetched); `step(name)`: marks a start step's time. */
  constructor(url, step) {
    this.url = url;
    this.step = step;
    this.cache = null; // the promise of the cache, once asked
  }

  /** The cache, or null where there is none (no Cache Storage or no crypto.subtle: not a secure context; storage refused). */
  available() {
    this.cache ??= (async () => {
      if (!globalThis.caches || !globalThis.crypto?.subtle) return null;
      try {
        return await caches.open(SNAPSHOT_CACHE);
      } catch {
        return null; // storage refused (e.g. a private window's quota)
      }
    })();
    return this.cache;
  }

  async forget() {
    try {
      await (await this.available())?.delete(this.url);
    } catch {
      // nothing kept, or storage refused: nothing to forget
    }
  }

  /** The kept entry, whichever build made it, or null. Reads only its headers: quick. */
  async kept() {
    try {
      return (await (await this.available())?.match(this.url)) ?? null;
    } catch {
      return null; // storage refused: as if nothing were kept
    }
  }

  /** `kept` (a kept() entry) if the build of `info` (build-info.json) made it; else a SnapshotError, and another build's entry is deleted. */
  async checked(kept, info) {
    if (kept.headers.get("x-lightsout-build") !== info.snapshotKey) {
      await kept.body?.cancel();
      await this.forget();
      throw snapshotError("the kept snapshot was made by another build");
    }
    return kept;
  }

  /**
   * The memory of `kept` (a Uint8Array), once read and checked against the sha256 and length
   * recorded when the snapshot was made; else a SnapshotError, and the entry is deleted.
   */
  async memory(kept) {
    const sha256 = kept.headers.get("x-lightsout-sha256") ?? "";
    const length = Number(kept.headers.get("x-lightsout-bytes"));
    let bytes;
    try {
      bytes = new Uint8Array(await kept.arrayBuffer());
    } catch (error) {
      await this.forget();
      throw snapshotError(`the kept snapshot could not be read: ${error.message}`);
    }
    this.step("snapshotRead");
    if (bytes.length !== length || await sha256Hex(bytes) !== sha256) {
      await this.forget();
      throw snapshotError("the kept snapshot is damaged (its sha256 is not the one recorded when it was made)");
    }
    this.step("snapshotChecked");
    return bytes;
  }

  /**
   * Keep `memory`, the snapshot just made, for the next start, with the snapshotKey of `info`
   * and the memory's sha256 and length. Runs after the start, in the background; a failure
   * (quota, storage refused) only means the next start takes the usual path again.
   */
  async keep(memory, info) {
    try {
      const sha256 = await sha256Hex(memory);
      await (await this.available())?.put(this.url, new Response(memory, {
        headers: {
          "content-type": "application/octet-stream",
          "x-lightsout-build": info.snapshotKey,
          "x-lightsout-sha256": sha256,
          "x-lightsout-bytes": String(memory.length),
        },
      }));
      this.step("snapshotKept");
    } catch (error) {
      console.info(`The solver's start-up snapshot was not kept: ${error.message}`);
    }
  }
}
