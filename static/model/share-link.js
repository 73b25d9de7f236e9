// @ts-check
// The page's share link: keeps location.hash in step with the game (share.js has the
// format), and turns a link back into a game this page can play, with its moves.
//
// The hash is written with history.replaceState, so playing adds no history entries,
// and at most once per WRITE_INTERVAL_MS: Chromium throttles more than ~200 history
// updates in 10 s, and a 1000×1000 board's link is ~170 000 characters.
// The start board's encoding is made once per game and start (only an edit, such as Make
// solvable, starts the moves afresh: game.startKey), so a press costs only re-encoding
// the moves.

import { MAX_SIZE, boardFromPacked } from "./board.js";
import { Game, isMultiState } from "./game.js";
import { Mask } from "./mask.js";
import { makeStencil, stencilName } from "./presses.js";
import { MAX_STENCIL, stencilMask } from "./rules.js";
import { ShareError, formatShareFields, formatShareHead, parseShare, shareHeadLength } from "./share.js";
import { GRID_LIMIT } from "./limits.js";

/**
 * Longest URL (characters, the whole address) the page writes or reads. Chromium
 * refuses URLs above 2 MiB (2 097 152 characters); this leaves room for the address
 * before the hash. A plain board fits up to about 12 million cells (≈ 3400×3400).
 */
export const MAX_LINK_LENGTH = 2_000_000;
const WRITE_INTERVAL_MS = 200;

/** A 25-bit stencil mask (share.js) as the page's rule. */
function stencilOfMask(stencil) {
  const cells = Array.from({ length: MAX_STENCIL }, (_, r) =>
    Array.from({ length: MAX_STENCIL }, (_, c) => Boolean(stencil & (1 << (r * MAX_STENCIL + c)))));
  return makeStencil(stencilName(cells));
}

const heads = new WeakMap(); // Game -> {key: its startKey, head: the share head of that start}

/**
 * The share string of `game` (start board, k, rule, surface, goal, moves) and the kind of
 * puzzle it was dealt as (`challengeKind`, p=), or null if longer than `limit`.
 */
export function shareTextOf(game, limit = MAX_LINK_LENGTH, challengeKind = null) {
  const { rows, cols } = game.board;
  if (shareHeadLength(rows, cols, game.k) > limit) return null;
  const key = game.startKey;
  if (heads.get(game)?.key !== key) {
    heads.set(game, { key, head: formatShareHead({ rows, cols, cells: game.startBoard().packed() }) });
  }
  const mask = game.mask;
  const text = heads.get(game).head + formatShareFields({
    k: game.k, stencil: stencilMask(game.stencil.offsets), surface: game.surface,
    holes: mask ? mask.holes.bits : null, dontCare: mask ? mask.dontCare.bits : null,
    goal: game.target === "on" ? "on" : "off", challengeKind, moves: game.moves,
  });
  return text.length > limit ? null : text;
}

/** The page's address without its hash (the address bar keeps its query). */
export function pageAddress() {
  return location.href.split("#")[0];
}

/**
 * The address a shared link starts with: `href` without its query or hash. The query
 * holds this reader's settings (page-options.js), never part of the game.
 */
export function shareAddress(href = location.href) {
  return href.split(/[?#]/)[0];
}

/** The full link to `game` (dealt as `challengeKind`) from `base`, or null when it would exceed MAX_LINK_LENGTH. */
export function linkOf(game, base = pageAddress(), challengeKind = null) {
  const text = shareTextOf(game, MAX_LINK_LENGTH - base.length - 1, challengeKind);
  return text === null ? null : `${base}#${text}`;
}

/** Writes the game's link into location.hash, at most once per WRITE_INTERVAL_MS. */
export class HashWriter {
  /**
   * `getGame()` is the game to write; `getLink(base)` its link from `base` (an address without its
   * hash): a string, null (too long for an address: the address then has no hash), or a promise of
   * one (a preset's or graph's link, made by Python). By default a grid game's own link (linkOf).
   * @param {() => Game} getGame
   * @param {(base: string) => string | null | Promise<string | null>} [getLink]
   */
  constructor(getGame, getLink = (base) => linkOf(getGame(), base)) {
    this.getGame = getGame;
    this.getLink = getLink;
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.timer = 0;
    this.enabled = true;
    this.written = null; // the address this writer last wrote
    this.graphWrite = null; // the promise of a link made elsewhere on its way (write), or null
    this.waiting = []; // idle()'s resolvers, called when the write scheduled is done or dropped
  }

  /**
   * Resolves once nothing is left to write: no write scheduled, no graph game's link on its way
   * (the browser tests wait on it instead of on the interval).
   */
  async idle() {
    while (this.timer || this.graphWrite) {
      await (this.graphWrite ?? new Promise((resolve) => this.waiting.push(resolve)));
    }
  }

  /** The scheduled write is done or dropped: idle() looks again. */
  settleWaiting() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /**
   * Write soon (coalescing the changes until then). Not if the reader has navigated in
   * the meantime (Back, an edited hash): the address is then no longer the one of the
   * scheduling or of this writer's last write, the browser's hashchange is still to come
   * (it opens or refuses that entry, and cancels), and the write would land on that entry.
   */
  schedule() {
    if (!this.enabled || this.timer) return;
    const from = location.href;
    this.timer = setTimeout(() => {
      this.timer = 0;
      if (location.href === from || location.href === this.written) this.flush();
    }, WRITE_INTERVAL_MS);
  }

  /**
   * Drop a scheduled write. Called when the reader navigates (an edited hash, Back): the write
   * would land on the new history entry, over the link just opened or refused.
   */
  cancel() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.settleWaiting();
  }

  /** Write now. A board too large for a link leaves the address without a hash. */
  flush() {
    clearTimeout(this.timer);
    this.timer = 0;
    try {
      this.write();
    } finally {
      this.settleWaiting();
    }
  }

  write() {
    if (!this.enabled) return;
    const game = this.getGame();
    const link = this.getLink(pageAddress());
    if (link instanceof Promise) {
      const writing = link.then((made) => {
        if (made && this.enabled && this.getGame() === game && made !== location.href) {
          history.replaceState(history.state, "", made);
          this.written = location.href;
        }
      }).finally(() => {
        if (this.graphWrite === writing) this.graphWrite = null;
      });
      this.graphWrite = writing;
      return;
    }
    const address = link ?? pageAddress();
    if (address !== location.href) history.replaceState(history.state, "", address);
    this.written = location.href;
  }
}

/**
 * True when this page was reloaded or reached by Back/Forward (`entries`: the Navigation
 * Timing entries): the hash then holds the game this reader was playing, not a link
 * someone shared.
 * @param {ReadonlyArray<PerformanceEntry | {type: string}>} [entries]
 */
export function arrivedAgain(entries = globalThis.performance?.getEntriesByType?.("navigation") ?? []) {
  const navigation = /** @type {{type?: string} | undefined} */ (entries[0]);
  return ["reload", "back_forward"].includes(navigation?.type);
}

/**
 * True when `text` (a hash, "#" optional) is a user graph's link (`G<n>:…`) or a preset's
 * (`NAME:…`, NAME one of `presets`: the API's limits.presets), read by Python's `share` op.
 */
export function isGraphLink(text, presets = []) {
  const head = /^#?(G[0-9]+|[a-z][a-z0-9-]*):/.exec(text);
  return head !== null && (head[1].startsWith("G") || presets.includes(head[1]));
}

/**
 * A hash (location.hash by default) as text: percent-escapes undone when they decode (some
 * apps add them). Not in a preset's or graph's link whose head is written plainly (`cube:`,
 * `G5:`): its escapes are its names' own (n=a%2Cb is the one name "a,b"). A grid link has no
 * "%" of its own, and a link escaped whole has its head's ":" escaped too.
 */
export function currentHash(raw = location.hash) {
  if (!raw.includes("%") || /^#?[A-Za-z][A-Za-z0-9-]*:/.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Read a link's hash into the game it describes, whole: {game, moveCount, challengeKind}, a new Game
 * with the link's moves already played on it, so that opening it is one assignment and
 * nothing can fail half way. Throws ShareError (with the 1-based column and the field)
 * for text that is not a share string (share.js checks every field: payloads, states
 * below k, moves inside the board and not on a hole), and for a valid one asking for
 * something this page does not have (a goal pattern; more than GRID_LIMIT cells a side
 * with more than two states, or with holes or don't-care cells: the canvas draws
 * neither).
 */
export function gameOfLink(text) {
  if (text.length > MAX_LINK_LENGTH) {
    throw new ShareError("too_long", { length: text.length, most: MAX_LINK_LENGTH }, 1, "size");
  }
  const state = parseShare(text);
  const { rows, cols, columns, surface, k } = state;
  if (rows > MAX_SIZE || cols > MAX_SIZE) {
    throw new ShareError("page_too_large", { rows, cols, most: MAX_SIZE }, columns.size, "size");
  }
  if (state.goal !== "off" && state.goal !== "on") {
    throw new ShareError("goal_pattern", {}, columns.g, "g");
  }
  const stencil = stencilOfMask(state.stencil);
  const board = boardFromPacked(rows, cols, k, state.cells);
  if (isMultiState(k) && (rows > GRID_LIMIT || cols > GRID_LIMIT)) {
    // The canvas draws two states only: k-state boards are drawn on the grid.
    throw new ShareError("states_grid_limit", { k, most: GRID_LIMIT, rows, cols }, columns.size, "size");
  }
  const shaped = state.holes ? "h" : state.dontCare ? "d" : null;
  if (shaped && (rows > GRID_LIMIT || cols > GRID_LIMIT)) {
    throw new ShareError("masks_grid_limit", { most: GRID_LIMIT, rows, cols }, columns[shaped], shaped);
  }
  const flags = (bytes) => bytes && boardFromPacked(rows, cols, 2, bytes);
  const mask = shaped ? new Mask(rows, cols, flags(state.holes), flags(state.dontCare)) : null;
  const game = new Game(board, { target: state.goal, stencil, surface, mask });
  // The moves go through Game.play, the press path's own step; share.js has refused
  // any press outside the board or on a hole.
  for (const index of state.moves) game.play(Math.floor(index / cols), index % cols);
  return { game, moveCount: state.moves.length, challengeKind: state.challengeKind };
}
