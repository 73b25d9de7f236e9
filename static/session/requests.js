// The solver requests the page makes, one named function per kind (docs/api.md): each
// builds its `{op: …}` message — the current game's puzzle fields and packed boards where
// the op takes a puzzle — and sends it through the session's `request`, which sequences it
// (a reply to a superseded request is dropped) and says a failure on the message line
// unless told otherwise. Panels and the session call these; no other module writes an op.
//
// Every function takes the session first and resolves with the reply, or null (failed or
// superseded); `options` are session.request's ({channel, board, quiet, rethrow, timeoutMs, command}).

import { packPayload } from "../model/codec.js";
import { plainTarget } from "../model/game.js";

/**
 * The API's puzzle fields (docs/api.md) for `game`, with `boards` packed first in the
 * payload: {fields, payload, references}. `mask`, `rule` and `k` default to the game's.
 */
export function puzzleFields(game, boards = [], { mask = game.mask, stencil = game.stencil, k = game.k } = {}) {
  const shape = mask && !mask.isEmpty ? mask : null;
  const { graph, target } = game;
  // The goal shown is always sent: a goal board (a preset's own, or another a link's g= gave) as well.
  const goalBoard = typeof target === "string" ? null : target;
  const packed = [...boards, ...(shape ? [shape.holes, shape.dontCare] : []), ...(goalBoard ? [goalBoard] : [])]
    .map((board) => ({ rows: board.rows, cols: board.cols, bytes: board.packed() }));
  const { payload, references } = packPayload(packed);
  const fields = {
    k, ...(graph ? graph.fields : { rule: stencil.name, surface: game.surface }),
    target: goalBoard ? references.at(-1) : target,
    holes: shape ? references[boards.length] : null,
    dont_care: shape ? references[boards.length + 1] : null,
  };
  return { fields, payload, references };
}

/** Send op `op` about `board` of the current game (its puzzle fields), with `extra` fields over them. */
function askAbout(session, op, board, extra, options) {
  const { fields, payload, references } = puzzleFields(session.game, board ? [board] : []);
  return session.request({ op, ...(board ? { board: references[0] } : {}), ...fields, ...extra }, { payload, ...options });
}

/** Solve `board` in the current game: `extra` holds minimal, method, seconds, target… (the solve op's fields). */
export function solve(session, board, extra = {}, options = {}) {
  return askAbout(session, "solve", board, { binary: true, ...extra }, options);
}

/** Up to `limit` solutions of `board` (fewest presses first). */
export function solutions(session, board, limit, extra = {}, options = {}) {
  return askAbout(session, "solutions", board, { limit, binary: true, ...extra }, options);
}

/** Rank, nullity, worst case and quiet patterns of the current variant (a rows × cols grid, or the game's graph). */
export function analyze(session, options = {}) {
  const { rows, cols } = session.game.board;
  const size = session.game.graph ? {} : { rows, cols }; // a preset or graph has its own size
  return askAbout(session, "analyze", null, { ...size, binary: true }, options);
}

/** The methods timed on the board (explain-panel.js). */
export function methods(session) {
  return askAbout(session, "methods", session.game.board, {}, { channel: "methods" });
}

/** The board's explanation, step by step (explain.js). */
export function explain(session) {
  return askAbout(session, "explain", session.game.board, {}, { channel: "explain", command: "explain" });
}

/** Why the explanation of `board` (the board it starts from) presses `cell` (explain.js). */
export function why(session, cell, board) {
  return askAbout(session, "why", board, { cell }, { channel: "why" });
}

/**
 * A random solvable rows × cols board of `game`'s variant (the current one by default), with
 * `lit` lit cells or a fewest solution of `presses` (null: any), in shape `mask`. Failures
 * are thrown (rethrow).
 */
export function random(session, { rows, cols, lit = null, presses = null, mask = null, game = session.game }) {
  const ownSize = game.graph && rows === game.board.rows && cols === game.board.cols; // a preset or graph has its own size
  // Another size leaves a preset or graph for the plain game, as session.setBoard does: ask for that game's board.
  const asked = game.graph && !ownSize ? { ...game.options, graph: null, target: plainTarget(game.target), stencil: game.stencil, k: game.k } : game;
  const { fields, payload } = puzzleFields(asked, [], { mask });
  const size = ownSize ? {} : { rows, cols };
  return session.request({ op: "random", ...size, lit, presses, seed: null, binary: true, ...fields },
    { payload, channel: "random", board: false, rethrow: true });
}

/**
 * The puzzle of the day: the standard 5×5 game's board for `seed` (daily.js: dailySeed), dealt on
 * the "random" channel unless `options` say otherwise (a link's day checked: challenge.js).
 */
export function daily(session, seed, options = {}) {
  return session.request(
    { op: "random", rows: 5, cols: 5, lit: null, presses: null, seed, binary: true }, { board: false, channel: "random", ...options });
}

/**
 * A board of the classic game (two states, plus, plane, every light off the goal), rows × cols,
 * whose fewest solution needs exactly `presses` presses (difficulty.js), dealt on the "random"
 * channel. Failures are said (PressCountError: not found in time).
 */
export function difficulty(session, { rows, cols }, presses) {
  return session.request({ op: "random", rows, cols, lit: null, presses, seed: null, binary: true }, { board: false, channel: "random" });
}

/**
 * Read a board from `text`, or from a file's raw bytes `payload`, with the game's k (and the
 * current size, for a list of lit cells without one; a preset or graph reads its own text
 * form at its own size). Errors are thrown: the caller words a parse error at the box.
 */
export function parse(session, text, payload = null) {
  const { game } = session;
  const { rows, cols } = game.board;
  return session.request(
    { op: "parse", text: payload ? "@" : text, format: "auto", k: game.k, binary: true, ...(game.graph ? game.graph.fields : { rows, cols }) },
    { payload, board: false, rethrow: true });
}

/** `board` as text, `like` a pasted text's format (null: the grid); `solution` marks a solution. */
export function format(session, board, { like = null, solution = false } = {}) {
  const { game } = session;
  const { fields, payload, references } = puzzleFields(game, [board], { mask: null });
  const sameSize = board.rows === game.board.rows && board.cols === game.board.cols;
  return session.request(
    { op: "format", board: references[0], like, solution, k: fields.k, ...(game.graph && sameSize ? game.graph.fields : {}) },
    { payload, board: false });
}

/** Check `presses` in Python: do they take the board to the goal? Errors are thrown. */
export function verify(session, presses) {
  const { fields, payload, references } = puzzleFields(session.game, [session.game.board, presses]);
  return session.request(
    { op: "verify", board: references[0], presses: references[1], ...fields }, { payload, board: false, rethrow: true });
}

/** The real games (name, maker, year, rule, …) for the Games choice. */
export function presets(session) {
  return session.request({ op: "presets" }, { board: false, quiet: true });
}

/** A new puzzle of the real game `name`. */
export function presetPuzzle(session, name) {
  return session.request({ op: "puzzle", preset: name }, { board: false, channel: "game" });
}

/** The user's puzzle in `text` (lightsout.text.puzzle_text); a bad one is thrown (rethrow). */
export function graphPuzzle(session, text) {
  // The "game" channel: a preset chosen meanwhile supersedes this puzzle (and the other way round).
  return session.request({ op: "puzzle", graph: text }, { board: false, channel: "game", rethrow: true });
}

/**
 * The share text of `game` (a preset or graph game, from its start and moves; `level` the number
 * of the level it is, of the set `challengeKind` names, or null), or null when the solver failed:
 * quiet, and for `game` as given, whatever the board is by then.
 */
export function shareLink(session, game, challengeKind, level = null) {
  const { fields, payload, references } = puzzleFields(game, [game.startBoard()]);
  return session.request(
    { op: "share", ...fields, board: references[0], moves: [...game.moves], challenge_kind: challengeKind, level },
    { payload, board: false, quiet: true });
}

/** The handhelds' levels: every set with every level (its board, fewest presses), for the Levels mode (levels.js). */
export function levels(session) {
  return session.request({ op: "levels" }, { board: false, channel: "levels" });
}

/** A preset's or graph's link read by Python: its puzzle, board and moves; a bad link is thrown. */
export function openShareLink(session, text) {
  // The "game" channel: a game chosen while the link is read wins over the link.
  return session.request({ op: "share", text }, { board: false, channel: "game", rethrow: true });
}
