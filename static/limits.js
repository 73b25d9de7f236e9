// The page's own size limits (README, "Limits"). Above each the page says so and keeps
// working; none of them is a hard limit of the solver's maths. The solver's limits are
// not copied here: build.py writes them from the API's "limits" op to limits.json at the
// site's root, and loadLimits reads that at start, before Pyodide has loaded.

/** Largest side drawn as a DOM grid of buttons; bigger boards use the canvas. */
export const GRID_LIMIT = 64;

/**
 * Pasted text longer than this (characters) never goes into the Board box: the page
 * keeps it aside for Load. Chromium's textarea is slow with big text — a million short
 * lines take ~25 s to insert and ~2.5 s to clear, a 10^7-character line ~2 s to lay
 * out again whenever the page around it changes — all on the main thread.
 */
export const BOX_TEXT_LIMIT = 1024 * 1024;

/**
 * True when `text` takes more than `limit` bytes in UTF-8 (the API's max_text_bytes: the
 * most text sent to the parser), counting only as far as needed to pass `limit`.
 */
export function utf8BytesOver(text, limit) {
  if (text.length > limit) return true; // every character takes at least one byte
  if (text.length * 3 <= limit) return false; // and at most three (a surrogate pair is 4 for 2)
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * The API's limits (limits.json, written by build.py from lightsout.api's "limits" op)
 * with the page's own as `gridLimit`.
 */
export async function loadLimits(url = new URL("../limits.json", import.meta.url)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`limits.json: HTTP ${response.status}`);
  return Object.freeze({ ...(await response.json()), gridLimit: GRID_LIMIT });
}
