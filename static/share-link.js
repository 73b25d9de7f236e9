// The page's share link: keeps location.hash in step with the game (share.js has the
// format), and turns a link back into a game this page can play: two states on a plane
// or torus as a packed state.js Game, any other k or surface as a states.js StatesGame
// (k= and w=klein|projective), with its moves replayed.
//
// The hash is written with history.replaceState, so playing adds no history entries,
// and at most once per WRITE_INTERVAL_MS: Chromium throttles more than ~200 history
// updates in 10 s, and a 1000×1000 board's link is ~170 000 characters.
// The start board's encoding is made once per game and start (only an edit, such as Make
// solvable, starts the moves afresh: game.startKey), so a press costs only re-encoding
// the moves.

import { Board, MAX_SIZE, MAX_STENCIL, Mask, PLUS_RULE, makeRule, stencilName } from "./state.js";
import { STATES_SIZE_LIMIT, StatesBoard, needsStates } from "./states.js";
import {
  ShareError, formatShareFields, formatShareHead, packStates, parseShare, shareHeadLength, stencilMask,
  unpackStates,
} from "./share.js";

/**
 * Longest URL (characters, the whole address) the page writes or reads. Chromium
 * refuses URLs above 2 MiB (2 097 152 characters); this leaves room for the address
 * before the hash. A plain board fits up to about 12 million cells (≈ 3400×3400).
 */
export const MAX_LINK_LENGTH = 2_000_000;
const WRITE_INTERVAL_MS = 200;

function ruleFields(game) {
  const rule = game.rule ?? PLUS_RULE;
  const mask = game.mask && !game.mask.isEmpty ? game.mask : null;
  return {
    k: game.k ?? 2,
    stencil: stencilMask(rule.offsets),
    surface: game.surface ?? (rule.wraps ? "torus" : "plane"),
    holes: mask ? mask.holes.bits : null,
    dontCare: mask ? mask.dontCare.bits : null,
  };
}

/** A 25-bit stencil mask (share.js) as the page's rule on a plane or torus. */
function ruleOfStencil(stencil, torus) {
  const centre = MAX_STENCIL >> 1;
  const cells = Array.from({ length: MAX_STENCIL }, (_, r) =>
    Array.from({ length: MAX_STENCIL }, (_, c) => Boolean(stencil & (1 << (r * MAX_STENCIL + c)))));
  const name = stencilName(cells);
  return name === "plus" && !torus ? PLUS_RULE : makeRule(name, torus);
}

const heads = new WeakMap(); // Game -> {key: its startKey, head: the share head of that start}

/** The start board's packed cells: a Board's own bits, or a StatesBoard's states at bitsPerCell(k). */
function startCells(game) {
  const start = game.startBoard();
  return start instanceof StatesBoard ? packStates(start.cells, start.k) : start.bits;
}

/**
 * The share string of `game` (start board, k, rule, surface, goal, moves), or null if
 * longer than `limit`. `game` is a state.js Game or a states.js StatesGame.
 */
export function shareTextOf(game, limit = MAX_LINK_LENGTH) {
  const { rows, cols } = game.board;
  if (shareHeadLength(rows, cols, game.k ?? 2) > limit) return null;
  const key = game.startKey ?? -1; // a StatesGame has no edits
  if (heads.get(game)?.key !== key) heads.set(game, { key, head: formatShareHead({ rows, cols, cells: startCells(game) }) });
  const text = heads.get(game).head + formatShareFields({
    ...ruleFields(game), goal: game.target === "on" ? "on" : "off", moves: game.moves,
  });
  return text.length > limit ? null : text;
}

/** The page's address without its hash. */
export function pageAddress() {
  return location.href.split("#")[0];
}

/** The full link to `game`, or null when it would exceed MAX_LINK_LENGTH. */
export function linkOf(game) {
  const base = pageAddress();
  const text = shareTextOf(game, MAX_LINK_LENGTH - base.length - 1);
  return text === null ? null : `${base}#${text}`;
}

/** Writes the game's link into location.hash, at most once per WRITE_INTERVAL_MS. */
export class HashWriter {
  constructor(getGame) {
    this.getGame = getGame;
    this.timer = 0;
    this.enabled = true;
  }

  /** Write soon (coalescing the changes until then). */
  schedule() {
    if (this.enabled && !this.timer) this.timer = setTimeout(() => this.flush(), WRITE_INTERVAL_MS);
  }

  /** Write now. A board too large for a link leaves the address without a hash. */
  flush() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (!this.enabled) return;
    const link = linkOf(this.getGame()) ?? pageAddress();
    if (link !== location.href) history.replaceState(history.state, "", link);
  }
}

/** location.hash as text: percent-escapes undone when they decode (some apps add them). */
export function currentHash() {
  const raw = location.hash;
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Read a link's hash into what this page plays: {board, target, rule, surface, mask,
 * moves}. board is a state.js Board for two states on a plane or torus, else a states.js
 * StatesBoard (its k from k=); mask is a Mask, or null when the link has no holes and
 * no don't-care cells. Throws ShareError (with the 1-based column and the field) for
 * text that is not a share string, and for a valid one asking for something this page
 * does not have (a goal pattern; a shape or more than 64×64 cells with k states).
 */
export function gameOfLink(text) {
  if (text.length > MAX_LINK_LENGTH) {
    throw new ShareError(`the link is ${text.length} characters long; at most ${MAX_LINK_LENGTH} are read`, 1, "size");
  }
  const state = parseShare(text);
  const { rows, cols, columns } = state;
  if (rows > MAX_SIZE || cols > MAX_SIZE) {
    throw new ShareError(`a ${rows}×${cols} board is larger than this page's ${MAX_SIZE}×${MAX_SIZE}`, columns.size, "size");
  }
  const unsupported = (field, what) => new ShareError(`this page cannot play ${what} yet`, columns[field], field);
  if (state.goal !== "off" && state.goal !== "on") throw unsupported("g", "a goal pattern other than all off or all on");
  const rule = ruleOfStencil(state.stencil, state.surface === "torus");
  const { surface, k } = state;
  if (needsStates(k, surface)) {
    // The page plays these on states.js boards, which have no shape and 64 cells a side at most.
    const variant = k === 2 ? `on a ${surface === "klein" ? "Klein bottle" : "projective plane"}` : `with ${k} states`;
    if (rows > STATES_SIZE_LIMIT || cols > STATES_SIZE_LIMIT) {
      throw new ShareError(`a board ${variant} is at most ${STATES_SIZE_LIMIT}×${STATES_SIZE_LIMIT} here, not ${rows}×${cols}`,
        columns.size, "size");
    }
    if (state.holes) throw unsupported("h", `holes ${variant}`);
    if (state.dontCare) throw unsupported("d", `don't-care cells ${variant}`);
    const board = new StatesBoard(rows, cols, k, unpackStates(state.cells, rows * cols, k));
    return { board, target: state.goal, rule, surface, mask: null, moves: state.moves };
  }
  const mask = state.holes || state.dontCare
    ? new Mask(rows, cols, state.holes && new Board(rows, cols, state.holes), state.dontCare && new Board(rows, cols, state.dontCare))
    : null;
  return { board: new Board(rows, cols, state.cells), target: state.goal, rule, surface, mask, moves: state.moves };
}
