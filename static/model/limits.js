// @ts-check
// The page's own size limits (README, "Limits"). Above each the page says so and keeps
// working; none of them is a hard limit of the solver's maths. The solver's limits are
// not copied here: build.py writes them from the API's "limits" op to limits.json at the
// site's root, and loadLimits reads that at start, before Pyodide has loaded.

import { LIMITS_URL } from "../addresses.js";

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
 * Text with more runs than this of characters outside printable ASCII and whitespace (a
 * run: one such character, repeated) never goes into the Board box or the puzzle text box
 * either (text-box.js): pasted, it is kept aside for Load (Play); opened or dropped, it is
 * read but not shown. Chromium lays out a
 * character that no installed font has with a font lookup per run, ≈ 0.4 ms each on
 * Linux (measured: "a" and one such character alternating 2048 times took 0.67–0.87 s to
 * lay out, one character 4096 times 31 ms), so a 4 kB file of random text froze the page
 * for a second. A board is ASCII symbols (any other character is a parse error, shown at
 * its place in the box): a few stray characters stay far below this.
 */
export const BOX_RARE_RUN_LIMIT = 256;

/**
 * True when `text` has more than `limit` runs of a character other than printable ASCII,
 * whitespace and zero-width marks, counting only as far as needed to pass `limit` (in
 * UTF-16 code units: a character outside the BMP may count twice).
 */
export function rareRunsOver(text, limit = BOX_RARE_RUN_LIMIT) {
  let runs = 0;
  let last = -1; // the code unit before, if it was rare
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const common = (code >= 0x20 && code < 0x7f) || (code >= 0x09 && code <= 0x0d) || code === 0xa0
      || (code >= 0x2000 && code <= 0x200d) || code === 0x2028 || code === 0x2029 || code === 0x2060
      || code === 0x3000 || code === 0xfeff;
    if (common) {
      last = -1;
    } else if (code !== last) {
      if (++runs > limit) return true;
      last = code;
    }
  }
  return false;
}

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

// Line breaks as Python's str.splitlines ends a line (CRLF is one); zero-width marks, which the solver
// drops before it counts lines (lightsout.text.text_input.clean_text), do not end a line's text.
const BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/**
 * True when `text` has more than `limit` lines as the solver counts them (the API's max_text_lines,
 * lightsout.text.text_input.check_lines: every line break of str.splitlines, CRLF one, and a last line
 * without one), counting only as far as needed to pass `limit`: the page refuses such a text before
 * sending it (a 60 MB file of one-cell rows once kept the solver busy until its deadline).
 */
export function linesOver(text, limit) {
  if (text.length <= limit) return false; // a line takes at least one character
  let lines = 0;
  let open = false; // a line has begun that no break has ended yet
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (BREAKS.has(code)) {
      if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      if (++lines > limit) return true;
      open = false;
    } else if (!ZERO_WIDTH.has(code)) {
      open = true;
    }
  }
  return lines + (open ? 1 : 0) > limit;
}

/** linesOver for a file's UTF-8 `bytes` (Uint8Array), without decoding them. */
export function bytesLinesOver(bytes, limit) {
  if (bytes.length <= limit) return false;
  let lines = 0;
  let open = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    let isBreak = (byte >= 0x0a && byte <= 0x0d) || (byte >= 0x1c && byte <= 0x1e);
    let mark = false;
    if (byte === 0xc2 && bytes[i + 1] === 0x85) { isBreak = true; i++; }
    else if (byte === 0xe2 && bytes[i + 1] === 0x80 && (bytes[i + 2] === 0xa8 || bytes[i + 2] === 0xa9)) { isBreak = true; i += 2; }
    else if (byte === 0xe2 && ((bytes[i + 1] === 0x80 && bytes[i + 2] >= 0x8b && bytes[i + 2] <= 0x8d) || (bytes[i + 1] === 0x81 && bytes[i + 2] === 0xa0))) { mark = true; i += 2; }
    else if (byte === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf) { mark = true; i += 2; }
    if (isBreak) {
      if (byte === 0x0d && bytes[i + 1] === 0x0a) i++;
      if (++lines > limit) return true;
      open = false;
    } else if (!mark && (byte < 0x80 || byte >= 0xc0)) { // a character's first byte (not a continuation)
      open = true;
    }
  }
  return lines + (open ? 1 : 0) > limit;
}

/**
 * The limits the page runs with: the API's (its `limits` op, docs/api.md, as limits.json holds
 * them; named here are those the page reads) and the page's own `gridLimit` (GRID_LIMIT).
 * @typedef {object} Limits
 * @property {number} gridLimit  the most rows or columns the DOM grid draws (above: the canvas)
 * @property {number} max_side
 * @property {number} max_states
 * @property {number} max_text_bytes
 * @property {number} max_text_lines
 * @property {number} max_format_cells
 * @property {number} max_listed_solutions
 * @property {number} max_quiet_shown
 * @property {number} max_search_seconds
 * @property {number} exact_nullity
 * @property {number} worst_case_cells
 * @property {number} explain_cells
 * @property {string} state_symbols
 * @property {string[]} presets  the real games' names
 */

/**
 * The API's limits (limits.json, written by build.py from lightsout.api's "limits" op)
 * with the page's own as `gridLimit`.
 * @returns {Promise<Readonly<Limits>>}
 */
export async function loadLimits(url = LIMITS_URL) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`limits.json: HTTP ${response.status}`);
  return Object.freeze({ ...(await response.json()), gridLimit: GRID_LIMIT });
}
