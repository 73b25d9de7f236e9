// @ts-check
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

// The replies, op by op (docs/api.md: each reply's fields), as the page reads them. Written once
// here, where each op is sent; a module that reads a reply names its type from here.

/** A board in a reply: "RxC@N", R×C cells packed from byte N of the reply's payload (board.js: boardFromReference). @typedef {string} BoardReference */
/** Text in English and Chinese, as the API gives names and descriptions. @typedef {{en: string, zh: string}} Names */
/**
 * What every reply has: the packed boards its references point into (empty unless the request
 * asked for `binary`), and the worker's timing in ms (worker.js).
 * @typedef {{payload: Uint8Array, timing?: {python: number, convert: number}}} Reply
 */
/**
 * The `solve` reply. `proof` and `nearest` when unsolvable (null when none was computed), `listed`
 * when the board has from 1 to `list` solutions.
 * @typedef {Reply & {solvable: boolean, solution: BoardReference | null, presses: number, cells_pressed: number,
 *   rank: number, nullity: number, invariant_factors: number[], solutions: string, solvable_fraction: string,
 *   minimal: boolean, minimal_count: number | null, method: string,
 *   proof?: BoardReference | null, nearest?: BoardReference | null, listed?: BoardReference[]}} SolveReply
 */
/** The `solutions` reply. @typedef {Reply & {solutions: BoardReference[], total: string, cut_short: boolean}} SolutionsReply */
/**
 * The `analyze` reply.
 * @typedef {Reply & {rows: number, cols: number, cells: number, rank: number, nullity: number, invariant_factors: number[],
 *   solvable_fraction: string, quiet: BoardReference[], worst_case: number | null}} AnalyzeReply
 */
/**
 * One method of the `methods` reply: its `name`, `cost` (a formula), the operations that cost
 * implies (`log10_operations`), the `seconds` measured (the mean of `runs` runs) and the `presses`
 * of its solution (null when not run: `reason`, and the library's `limit` when it is one).
 * @typedef {{name: string, cost: string, log10_operations: number, seconds: number | null, runs?: number,
 *   presses: number | null, reason: string | null, limit: string | null}} MethodTiming
 */
/** The `methods` reply. @typedef {Reply & {methods: MethodTiming[]}} MethodsReply */
/**
 * A step of the `explain` reply: the `cell` it presses (r·C + c), its `kind`, the light a chase step `clears` (or null).
 * @typedef {{cell: number, kind: "chase" | "first-row" | "chase-again" | "system", clears: number | null}} ExplainStep
 */
/**
 * The `explain` reply's system: its `kind`, size and rank; for a chase the unknown and equation
 * cells, and the `matrix` (rows of "0"/"1"), `rhs` and `solution` up to explain_shown_columns
 * columns (else null); for the full system its `pivots` and `free` cells.
 * @typedef {{kind: "first-row" | "first-rows" | "full", equations: number, unknowns: number, rank: number, nullity: number,
 *   consistent: boolean, unknown_cells?: number[], equation_cells?: number[], matrix?: string[] | null, rhs?: string | null,
 *   solution?: string | null, pivots?: number[], free?: number[]}} ExplainSystem
 */
/**
 * The `explain` reply: how the board is solved, step by step (`mode` "none": refused, `refusal` says why).
 * @typedef {Reply & {mode: "chase" | "system" | "none", refusal: "size" | "states" | null, steps: ExplainStep[], solvable: boolean,
 *   system: ExplainSystem, residual: number[], proof: number[], presses: number, net: number,
 *   minimal_presses: number | null, minimal_proven: boolean}} ExplainReply
 */
/**
 * The `why` reply: why `cell` is pressed, in the words of the explanation (`reason`, the `lights`
 * to show; for a light-chased board its `steps` pressing the cell, `pressed`, `lit`, `given`) and
 * by its per-cell `formula` (`determined`: the same in every solution; its `coefficients` mod k,
 * the `wrong` lights, `value`: how often it is pressed; else up to 8 `quiet` patterns that press it).
 * @typedef {Reply & {cell: number, reason: "chase" | "dark" | "first-row" | "free" | "unsolvable" | "formula", lights: number[],
 *   solutions: string, steps?: {index: number, kind: ExplainStep["kind"], clears: number | null}[], pressed: boolean,
 *   lit?: number, given?: number[], determined: boolean, formula: number[], coefficients: number[], wrong: number,
 *   value: number, nullity: number, quiet: number[][]}} WhyReply
 */
/** The `random` reply. @typedef {Reply & {board: BoardReference}} RandomReply */
/** The `parse` reply: the board read, its size and format; a POJ 1222 set's every board as `boards`. @typedef {Reply & {board: BoardReference, rows: number, cols: number, k: number, format: string, boards?: BoardReference[]}} ParseReply */
/** The `format` reply. @typedef {Reply & {text: string}} FormatReply */
/** The `verify` reply: `solved`, and `lit`, the cells that differ from the goal. @typedef {Reply & {solved: boolean, lit: number}} VerifyReply */
/**
 * A real game, as the `presets` reply lists it (and the `puzzle` reply's `preset`).
 * @typedef {object} PresetInfo
 * @property {string} name
 * @property {Names} game
 * @property {Names} description
 * @property {Names} rule  what a press changes
 * @property {Names} cell_order
 * @property {Names | null} notes
 * @property {string} maker
 * @property {number | null} year
 * @property {string[]} sources
 * @property {Names[]} states  each state's name
 * @property {boolean} reversible  the states' order is undocumented: the page lets the player reverse it
 * @property {number} rows
 * @property {number} cols
 * @property {number} cells
 * @property {number} k
 * @property {"off" | "on" | number[]} target
 * @property {"grid" | "graph"} kind
 */
/** The `presets` reply. @typedef {Reply & {presets: PresetInfo[]}} PresetsReply */
/**
 * The `puzzle` reply: what the page draws and plays (model/graph.js: graphOfPuzzle).
 * @typedef {Reply & {kind: "grid" | "graph", rows: number, cols: number, cells: number, k: number, target: string,
 *   rule: string | null, surface: string | null, outline: "square" | "hex" | "circle", coords: number[][] | null,
 *   presses: number[][] | null, edges: number[][] | null, names: string[] | null, text_width: number, text_group: number,
 *   preset: PresetInfo | null, solid: object | null, title: string | null, start: string | null, graph: object | null}} PuzzleReply
 */
/**
 * The `share` reply: writing, the link's `text`; reading, the link's puzzle (a PuzzleReply) with its
 * `board`, `moves`, shape, the puzzle it was dealt as (`challenge_kind`) and its `level`.
 * @typedef {Reply & {text: string}} ShareTextReply
 * @typedef {PuzzleReply & {board: string, moves: number[], holes: string | null, dont_care: string | null,
 *   challenge_kind: string | null, level: number | null}} SharedGameReply
 */
/**
 * A level of a set (the `levels` reply): its `number`, `board` (a payload reference with
 * `binary`, else "RxC:…"), the proven fewest presses and how many solutions need that few.
 * @typedef {{number: number, board: string, minimal_presses: number, minimal_count: number, note: Names | null}} Level
 */
/**
 * A level set (the `levels` reply's `sets`): its `name`, the `preset` its boards belong to, its
 * words, and its `count` levels.
 * @typedef {{name: string, preset: string, game: Names, description: Names, maker: string, year: number | null,
 *   sources: string[], count: number, levels: Level[]}} LevelSet
 */
/** The `levels` reply. @typedef {Reply & {sets: LevelSet[]}} LevelsReply */
/** @typedef {import("./sequencing.js").RequestOptions} RequestOptions */

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

/**
 * Solve `board` in the current game: `extra` holds minimal, method, seconds, target… (the solve op's fields).
 * @returns {Promise<SolveReply | null>}
 */
export function solve(session, board, extra = {}, options = {}) {
  return askAbout(session, "solve", board, { binary: true, ...extra }, options);
}

/**
 * Up to `limit` solutions of `board` (fewest presses first).
 * @returns {Promise<SolutionsReply | null>}
 */
export function solutions(session, board, limit, extra = {}, options = {}) {
  return askAbout(session, "solutions", board, { limit, binary: true, ...extra }, options);
}

/**
 * Rank, nullity, worst case and quiet patterns of the current variant (a rows × cols grid, or the game's graph).
 * @returns {Promise<AnalyzeReply | null>}
 */
export function analyze(session, options = {}) {
  const { rows, cols } = session.game.board;
  const size = session.game.graph ? {} : { rows, cols }; // a preset or graph has its own size
  return askAbout(session, "analyze", null, { ...size, binary: true }, options);
}

/**
 * The methods timed on the board (explain-panel.js).
 * @returns {Promise<MethodsReply | null>}
 */
export function methods(session) {
  return askAbout(session, "methods", session.game.board, {}, { channel: "methods" });
}

/**
 * The board's explanation, step by step (explain.js).
 * @returns {Promise<ExplainReply | null>}
 */
export function explain(session) {
  return askAbout(session, "explain", session.game.board, {}, { channel: "explain", command: "explain" });
}

/**
 * Why the explanation of `board` (the board it starts from) presses `cell` (explain.js).
 * @returns {Promise<WhyReply | null>}
 */
export function why(session, cell, board) {
  return askAbout(session, "why", board, { cell }, { channel: "why" });
}

/**
 * A random solvable rows × cols board of `game`'s variant (the current one by default), with
 * `lit` lit cells or a fewest solution of `presses` (null: any), in shape `mask`. Failures
 * are thrown (rethrow).
 * @returns {Promise<RandomReply | null>}
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
 * @returns {Promise<RandomReply | null>}
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
 * @returns {Promise<ParseReply | null>}
 */
export function parse(session, text, payload = null) {
  const { game } = session;
  const { rows, cols } = game.board;
  return session.request(
    { op: "parse", text: payload ? "@" : text, format: "auto", k: game.k, binary: true, ...(game.graph ? game.graph.fields : { rows, cols }) },
    { payload, board: false, rethrow: true });
}

/**
 * `board` as text, `like` a pasted text's format (null: the grid); `solution` marks a solution.
 * @returns {Promise<FormatReply | null>}
 */
export function format(session, board, { like = null, solution = false } = {}) {
  const { game } = session;
  const { fields, payload, references } = puzzleFields(game, [board], { mask: null });
  const sameSize = board.rows === game.board.rows && board.cols === game.board.cols;
  return session.request(
    { op: "format", board: references[0], like, solution, k: fields.k, ...(game.graph && sameSize ? game.graph.fields : {}) },
    { payload, board: false });
}

/**
 * Check `presses` in Python: do they take the board to the goal? Errors are thrown.
 * @returns {Promise<VerifyReply | null>}
 */
export function verify(session, presses) {
  const { fields, payload, references } = puzzleFields(session.game, [session.game.board, presses]);
  return session.request(
    { op: "verify", board: references[0], presses: references[1], ...fields }, { payload, board: false, rethrow: true });
}

/**
 * The real games (name, maker, year, rule, …) for the Games choice.
 * @returns {Promise<PresetsReply | null>}
 */
export function presets(session) {
  return session.request({ op: "presets" }, { board: false, quiet: true });
}

/**
 * A new puzzle of the real game `name`.
 * @returns {Promise<PuzzleReply | null>}
 */
export function presetPuzzle(session, name) {
  return session.request({ op: "puzzle", preset: name }, { board: false, channel: "game" });
}

/**
 * The user's puzzle in `text` (lightsout.text.puzzle_text); a bad one is thrown (rethrow).
 * @returns {Promise<PuzzleReply | null>}
 */
export function graphPuzzle(session, text) {
  // The "game" channel: a preset chosen meanwhile supersedes this puzzle (and the other way round).
  return session.request({ op: "puzzle", graph: text }, { board: false, channel: "game", rethrow: true });
}

/**
 * The share text of `game` (a preset or graph game, from its start and moves; `level` the number
 * of the level it is, of the set `challengeKind` names, or null), or null when the solver failed:
 * quiet, and for `game` as given, whatever the board is by then.
 * @returns {Promise<ShareTextReply | null>}
 */
export function shareLink(session, game, challengeKind, level = null) {
  const { fields, payload, references } = puzzleFields(game, [game.startBoard()]);
  return session.request(
    { op: "share", ...fields, board: references[0], moves: [...game.moves], challenge_kind: challengeKind, level },
    { payload, board: false, quiet: true });
}

/**
 * The handhelds' levels: every set with every level (its board, fewest presses), for the Levels mode (levels.js).
 * @returns {Promise<LevelsReply | null>}
 */
export function levels(session) {
  return session.request({ op: "levels" }, { board: false, channel: "levels" });
}

/**
 * A preset's or graph's link read by Python: its puzzle, board and moves; a bad link is thrown.
 * @returns {Promise<SharedGameReply | null>}
 */
export function openShareLink(session, text) {
  // The "game" channel: a game chosen while the link is read wins over the link.
  return session.request({ op: "share", text }, { board: false, channel: "game", rethrow: true });
}
