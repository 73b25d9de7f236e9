// Wiring: connects the play state (state.js), the views (render.js for boards up to
// 64×64, canvas-render.js above), input (input.js) and the Python solver in a worker
// (solver-client.js). Game state lives in `game` (board, goal, click rule, shape and
// history; `game.k` and `game.surface` name the variant: two states on a plane or torus
// play on packed bits (state.js), any other k or surface on a k-state board (states.js),
// both with the same interface); solution marks, overlays (proof, nearest board, quiet pattern), the focused
// cell, zoom and messages are UI state and are not undone.

import { preferredLanguage, setLanguage, t, translatePage } from "./i18n.js";
import {
  announce, bindContrastToggle, bindHelpDialog, bindLanguageSwitch, bindShortcuts, prefersReducedMotion,
} from "./a11y.js";
import {
  Board, CELL, HOLE, MAX_SIZE, MIN_SIZE, Mask, PLUS_RULE, boardFromPayload, encodeGameId, filledBoard,
  makeRule, newGame, presetMask, randomSolvableBoard, sameBoard, stencilCells, stencilName,
} from "./state.js";
import {
  MAX_STATES, MIN_STATES, STATES_SIZE_LIMIT, GENERAL_ENGINE_CELLS, StatesBoard, StatesGame, needsStates,
  packedFromStates, randomSolvableStates, statesFromBoard, statesRequest, structureText, usesGeneralEngine,
} from "./states.js";
import { BoardView } from "./render.js";
import { CanvasView } from "./canvas-render.js";
import { bindBoardInput, bindCanvasInput, bindFileDrop, isTextFile } from "./input.js";
import { LOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS, SolverClient } from "./solver-client.js";
import { describeSolverFailure } from "./errors.js";
import { BOX_TEXT_LIMIT, GRID_LIMIT, MAX_TEXT_BYTES, utf8BytesOver } from "./limits.js";
import { MAX_IMAGE_CELLS, boardImage, boardText, saveBlob } from "./export.js";
import { BestResults, PRESETS, dailySeed, formatDuration, presetBoard } from "./puzzles.js";
import { HashWriter, currentHash, gameOfLink, linkOf } from "./share-link.js";

const PLAY_STEP_MS = 150; // delay between presses when playing a short solution
const PLAY_STEP_REDUCED_MS = 40; // the same under prefers-reduced-motion: no press animation to watch
const PLAY_SECONDS = 3; // a long solution plays in batches within about this long
const PLAY_LIMIT = 1_000_000; // more presses than this are not played one by one
const MAX_LISTED_SOLUTIONS = 1024; // the "solutions" op lists at most this many (api.py)
const MAX_QUIET_SHOWN = 64; // the gallery's size, as analyze's MAX_QUIET_SHOWN (api.py)
const WORKING_DELAY_MS = 300; // a request running longer shows "Working…" and Cancel
const PYTHON_FORMAT_LIMIT = 512 * 512; // cells; bigger solutions are written as #/. here
const KEEP_TEXT_LIMIT = 64 * 1024; // bytes of an opened file kept to copy its format
const EXACT_NULLITY = 30; // up to this nullity "Search to the end" is offered (lightsout.quiet.EXACT_NULLITY)
const SEARCH_NS_PER_SOLUTION = 100; // the fewest-presses search in Chromium: 91–126 ns per solution (bench_page.py --fewest)
const SEARCH_TO_END_SECONDS = 3600; // the API's MAX_SEARCH_SECONDS

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"), solverStatus: $("solver-status"), message: $("message"), retry: $("retry"),
  searchToEnd: $("search-to-end"),
  progress: $("progress"), cancel: $("cancel"),
  board: $("board"), moveCount: $("move-count"), undo: $("undo"), redo: $("redo"),
  rows: $("rows"), cols: $("cols"), lit: $("lit"), newPuzzle: $("new-puzzle"), clear: $("clear"),
  presses: $("presses"), statesPuzzleNote: $("states-puzzle-note"), statesShapeNote: $("states-shape-note"), daily: $("daily"), timer: $("timer"), bestResult: $("best-result"), optimum: $("optimum"),
  solve: $("solve"), hint: $("hint"), playSolution: $("play-solution"),
  downloadSolution: $("download-solution"),
  boardText: $("board-text"), boardError: $("board-error"), load: $("load"),
  openFile: $("open-file"), fileInput: $("file-input"),
  copyBoard: $("copy-board"), copySolution: $("copy-solution"), copyLink: $("copy-link"),
  targets: [...document.querySelectorAll("input[name=target]")],
  rule: $("rule"), surface: $("surface"), states: $("states"), stencilEditor: $("stencil-editor"), stencilGrid: $("stencil-grid"),
  stencilText: $("stencil-text"), stencilError: $("stencil-error"),
  editShape: $("edit-shape"), shapeTools: $("shape-tools"), tools: [...document.querySelectorAll("button.tool")],
  presets: [...document.querySelectorAll("button.preset")],
  solutionNav: $("solution-nav"), solutionLabel: $("solution-label"),
  previousSolution: $("previous-solution"), nextSolution: $("next-solution"),
  explain: $("explain"), proofLegend: $("proof-legend"), nearestLegend: $("nearest-legend"),
  makeSolvable: $("make-solvable"),
  overlayNote: $("overlay-note"), overlayText: $("overlay-text"), hideOverlay: $("hide-overlay"),
  analysis: $("analysis"), analysisFor: $("analysis-for"), analysisStatus: $("analysis-status"),
  analysisFacts: $("analysis-facts"), analysisRank: $("analysis-rank"), analysisNullity: $("analysis-nullity"),
  analysisSolutions: $("analysis-solutions"), analysisFraction: $("analysis-fraction"),
  analysisWorst: $("analysis-worst"), analysisStructure: $("analysis-structure"),
  analysisStructureRow: $("analysis-structure-row"), quietHeading: $("quiet-heading"), quietNote: $("quiet-note"),
  quietGallery: $("quiet-gallery"),
};

setLanguage(preferredLanguage());
translatePage();

let view = null; // BoardView or CanvasView, whichever suits the board's size
let unbindView = () => {};
let game = newGame(randomSolvableBoard(5, 5));
let marks = null; // a Board of cells to press, or null; always a valid set of presses
let pastedText = null; // the last text loaded, so copies reuse its symbols
let heldText = null; // a paste too big for the Board box (limits.js: BOX_TEXT_LIMIT), kept for Load
let playback = null; // {cancelled} while a solution is being played
// The puzzle being played (a New puzzle, the puzzle of the day or a preset), for the
// optimum, the timer and best results; null once the board is changed any other way.
// {key, label, start (Board), optimum (proven fewest presses or null), startedAt, done}
let puzzle = null;
let timerInterval = 0;
const bestResults = new BestResults();
let version = 0; // bumped on every change of board or goal, to drop stale solver replies
// Overlays on the board (UI state). proof and nearest explain the last unsolvable Solve
// and go when the board changes; quiet is a quiet pattern from the gallery and stays
// until the size, rule or shape changes (it does not depend on the lights).
let overlay = { proof: null, nearest: null, quiet: null };
let layers = null; // what the view draws over the lights; a new object whenever it changes
let solutionList = null; // {solutions: [Board], index} after Solve, while the board is unchanged
let editing = false; // shape editing: clicks change cells instead of pressing them
let tool = "cell"; // the shape tool: "cell" | "hole" | "dontCare"

// ---------------------------------------------------------------------------------
// Drawing

function setMessage(text) {
  ui.message.textContent = text;
  ui.searchToEnd.hidden = true; // it belongs to the message that offered it
}

function usesCanvas(board) {
  return board.rows > GRID_LIMIT || board.cols > GRID_LIMIT;
}

/** Make sure the view suits the board's size (the DOM grid or the canvas). */
function chooseView(board) {
  const wanted = usesCanvas(board) ? CanvasView : BoardView;
  if (view instanceof wanted) return;
  unbindView();
  view?.destroy?.();
  view = new wanted(ui.board);
  unbindView = wanted === CanvasView ? bindCanvasInput(view, userPress) : bindBoardInput(view, userPress);
  ui.board.classList.toggle("board--canvas", wanted === CanvasView);
}

/** Rebuild `layers` after the mask or an overlay changed (the view then rechecks every cell). */
function refreshLayers() {
  const mask = game.mask && !game.mask.isEmpty ? game.mask : null;
  layers = mask || overlay.proof || overlay.nearest || overlay.quiet ? { mask, ...overlay } : null;
}

/** Drop the overlays that describe the board's lights (after any change of them). */
function clearBoardOverlays() {
  solutionList = null;
  if (overlay.proof || overlay.nearest) {
    overlay = { ...overlay, proof: null, nearest: null };
    refreshLayers();
    return true;
  }
  return false;
}

/** Show the state. `changed` lists the cells a press touched; null redraws everything. */
function redraw(changed = null) {
  chooseView(game.board);
  view.draw(game.board, marks, changed, layers);
  const grid = !usesCanvas(game.board);
  if (view instanceof BoardView && view.editing !== editing) view.setEditing(editing);
  view.grid?.classList.toggle("editing", editing);
  const shapes = grid && !playsStates(); // a k-state game has no shape
  ui.editShape.disabled = !shapes;
  ui.editShape.setAttribute("aria-pressed", editing ? "true" : "false");
  ui.shapeTools.hidden = !editing;
  for (const button of ui.tools) button.setAttribute("aria-pressed", button.dataset.tool === tool ? "true" : "false");
  for (const button of ui.presets) button.disabled = !shapes;
  // k-state puzzles are any solvable board (see randomBoard): Lit cells and Presses say
  // nothing there, and the note in the New puzzle group says so.
  ui.lit.disabled = playsStates();
  ui.presses.disabled = playsStates();
  ui.statesPuzzleNote.hidden = !playsStates();
  ui.statesShapeNote.hidden = !playsStates(); // why the shape controls are disabled
  if (document.activeElement !== ui.states) ui.states.value = game.k;
  ui.surface.value = game.surface;
  ui.explain.hidden = !(overlay.proof || overlay.nearest);
  ui.makeSolvable.disabled = !overlay.nearest || overlay.nearest.litCount === 0;
  ui.overlayNote.hidden = !overlay.quiet;
  for (const item of ui.quietGallery.querySelectorAll("button")) {
    // By value: a gallery drawn again (another language) has new boards for the same patterns.
    item.setAttribute("aria-pressed", overlay.quiet && sameBoard(item.quiet, overlay.quiet) ? "true" : "false");
  }
  drawSolutionNav();
  ui.moveCount.textContent = t("moves", { count: game.moveCount });
  ui.optimum.textContent = puzzle?.optimum != null ? t("bestPossible", { best: puzzle.optimum }) : "";
  ui.undo.disabled = !game.canUndo;
  ui.redo.disabled = !game.canRedo;
  ui.copySolution.disabled = marks === null;
  ui.downloadSolution.disabled = marks === null;
  ui.playSolution.disabled = playback !== null;
  ui.status.dataset.solved = game.isSolved() ? "1" : "0";
  if (document.activeElement !== ui.rows) ui.rows.value = game.board.rows;
  if (document.activeElement !== ui.cols) ui.cols.value = game.board.cols;
  hashWriter.schedule();
}

function showBoardError(text) {
  ui.boardError.textContent = text;
  if (text) ui.boardText.setAttribute("aria-invalid", "true");
  else ui.boardText.removeAttribute("aria-invalid");
}

// ---------------------------------------------------------------------------------
// Game changes

function stopPlayback() {
  if (playback) playback.cancelled = true;
  playback = null;
}

/**
 * Start over with `board`: history and marks go; the goal and rule stay. The shape is
 * `mask` when given (null: none), else the current one if the size is unchanged. Lights
 * in holes are turned off: a hole has no light.
 */
function setBoard(board, text, mask = undefined) {
  stopPlayback();
  endPuzzle();
  const sameSize = board.rows === game.board.rows && board.cols === game.board.cols;
  if (mask === undefined) mask = sameSize ? game.mask : null;
  if (mask && (usesCanvas(board) || board instanceof StatesBoard)) mask = null;
  if (mask) for (const index of mask.holes.indices()) if (board.get(index)) board.toggle(index);
  const keepQuiet = sameSize && mask === game.mask; // a quiet pattern depends on size, rule and shape only
  if (usesCanvas(board) || board instanceof StatesBoard) editing = false; // neither has a shape to edit
  replaceGame(board instanceof StatesBoard ? new StatesGame(board, game.target, game.rule, game.surface)
    : newGame(board, game.target, game.rule, mask), keepQuiet);
  view.setFocusCell(0, 0, false);
  view.moveFocusOffHole?.();
  setMessage(game.isSolved() ? [text, t("solvedStart")].filter(Boolean).join(" ") : text);
  refreshAnalysis();
}

/**
 * Make `next` the game: the marks, overlays and solution list of the old one go (the
 * gallery's quiet pattern stays when `keepQuiet`), and the board is drawn again.
 */
function replaceGame(next, keepQuiet = false) {
  game = next;
  marks = null;
  overlay = { proof: null, nearest: null, quiet: keepQuiet ? overlay.quiet : null };
  solutionList = null;
  refreshLayers();
  version++;
  redraw();
}

/**
 * The one path every press takes: clicks, keys, undo, redo and solution playback.
 * Pressing a marked cell unmarks it, which leaves the other marks a valid solution
 * (presses commute and each is its own inverse). Any other press makes the marks stale.
 */
function applyMove(kind, row, col, { quiet = false } = {}) {
  let move = { row, col };
  let changed;
  if (kind === "play") {
    changed = game.play(row, col);
    if (puzzle && !puzzle.startedAt && !puzzle.done) startTimer();
  } else {
    const result = kind === "undo" ? game.undo() : game.redo();
    if (!result) return;
    ({ move, changed } = result);
  }
  version++;
  if (clearBoardOverlays()) changed = null;
  let text = "";
  if (marks) {
    const index = move === null ? -1 : move.row * game.board.cols + move.col;
    if (index >= 0 && marks.get(index)) {
      // The marks minus this press (plus it, for an undo) still solve the board.
      if (marks instanceof StatesBoard) marks.add(index, kind === "undo" ? 1 : -1);
      else marks.toggle(index);
      if (marks.litCount === 0) marks = null;
    } else {
      marks = null;
      changed = null; // every mark goes: redraw them all
      text = t("marksCleared");
    }
  }
  if (game.isSolved()) text = finishPuzzle() ?? t("solved", { count: game.moveCount });
  if (quiet) return changed;
  redraw(changed);
  setMessage(text);
  return changed;
}

function userPress(row, col) {
  stopPlayback();
  if (editing) editCell(row, col);
  else if (!game.holes?.get(row * game.board.cols + col)) {
    applyMove("play", row, col);
    const lit = game.board.litCount;
    announce(t(lit === 1 ? "announcePressOne" : "announcePress", { row: row + 1, col: col + 1, lit }));
  }
}

function readSize() {
  const rows = Number(ui.rows.value);
  const cols = Number(ui.cols.value);
  const valid = (n) => Number.isInteger(n) && n >= MIN_SIZE && n <= MAX_SIZE;
  if (!valid(rows) || !valid(cols)) {
    setMessage(t("sizeInvalid"));
    return null;
  }
  return { rows, cols };
}

// ---------------------------------------------------------------------------------
// k states per light and the surface (states.js): boards up to 64×64

/** True when the game is a k-state one (states.js): more than 2 states, or a Klein bottle or projective plane. */
function playsStates() {
  return game instanceof StatesGame;
}

/** True (and says why) when a k-state game cannot have a rows × cols board. */
function statesSizeRefused(rows, cols, k = game.k, surface = game.surface) {
  if (!needsStates(k, surface) || (rows <= STATES_SIZE_LIMIT && cols <= STATES_SIZE_LIMIT)) return false;
  setMessage(t("statesTooBig", { rows, cols }));
  return true;
}

function surfaceSuffix(surface) {
  const keys = { torus: "ruleOnTorus", klein: "ruleOnKlein", projective: "ruleOnProjective" };
  return keys[surface] ? t(keys[surface]) : "";
}

/**
 * Play on with `k` states on `surface`: the lights stay (each state modulo k), the
 * history restarts. Two states on a plane or torus play on packed bits (state.js), all
 * else on a k-state board (states.js), which has no shape.
 */
function setVariant(k, surface) {
  const board = game.board;
  if (statesSizeRefused(board.rows, board.cols, k, surface)) {
    ui.states.value = game.k;
    ui.surface.value = game.surface;
    return;
  }
  stopPlayback();
  const rule = makeRule(game.rule.name, surface === "torus");
  const hadShape = game.mask !== null && !game.mask.isEmpty;
  if (needsStates(k, surface)) {
    editing = false;
    replaceGame(new StatesGame(statesFromBoard(board, k), game.target, rule, surface));
  } else {
    const packed = board instanceof StatesBoard ? packedFromStates(board) : board;
    replaceGame(newGame(packed, game.target, rule, board instanceof StatesBoard ? null : game.mask));
  }
  const text = t("statesChanged", { k, surface: surfaceSuffix(surface) });
  setMessage(hadShape && playsStates() ? `${text} ${t("statesNoShape")}` : text);
  refreshAnalysis();
}

function onSurfaceSelected() {
  const surface = ui.surface.value;
  if (!playsStates() && !needsStates(game.k, surface)) setRule(makeRule(game.rule.name, surface === "torus"));
  else setVariant(game.k, surface);
}

function onStatesChanged() {
  const k = Number(ui.states.value);
  if (!Number.isInteger(k) || k < MIN_STATES || k > MAX_STATES) {
    setMessage(t("statesInvalid"));
    return;
  }
  if (k !== game.k) setVariant(k, game.surface);
}

/** Why Python's general engine would refuse the current k-state board, or null when it would not. */
function statesTooLarge() {
  const count = game.board.cellCount;
  if (!usesGeneralEngine(game.rule.name, game.surface) || count <= GENERAL_ENGINE_CELLS) return null;
  return t("statesGeneralTooLarge", { cells: GENERAL_ENGINE_CELLS, count });
}

/** "1 in N": N = the product of the solution set's cyclic orders (exact, as a BigInt). */
function structureSize(orders) {
  return orders.reduce((product, order) => product * BigInt(order), 1n).toString();
}

/** Like findSolution, for a k-state game: press counts from the API's solve_states. */
async function findStatesSolution() {
  const refusal = statesTooLarge();
  if (refusal) {
    setMessage(refusal);
    return null;
  }
  const board = game.board;
  const asked = version;
  setMessage(t("solving"));
  const reply = await ask({
    op: "solve_states", ...statesRequest(game), target: game.target === "on" ? "full" : "zero", minimal: true,
  });
  if (!reply || asked !== version) return null;
  if (!reply.solvable) {
    marks = null;
    // The press map is a module homomorphism: its image is 1 in |kernel| of all boards.
    setMessage(t("statesUnsolvable", { fraction: structureSize(reply.structure) }));
    return null;
  }
  if (reply.total === 0) {
    setMessage(t("alreadySolved"));
    return null;
  }
  const solution = new StatesBoard(board.rows, board.cols, game.k, reply.presses);
  const badge = solution.total() > solution.litCount ? t("statesBadge") : ""; // some cell is pressed twice or more
  let text = t(reply.minimal ? "statesSolutionMinimal" : "statesSolution", { total: reply.total, cells: solution.litCount, badge });
  if (!reply.minimal) text += " " + t("statesNotProven");
  if (reply.solutions !== "1") {
    text += " " + t("statesSolutionCount", { solutions: reply.solutions, structure: structureText(reply.structure) });
  }
  return { solution, text, reply };
}

// ---------------------------------------------------------------------------------
// Solver

// ?load-timeout=MS and ?request-timeout=MS shorten the deadlines (for the tests of a
// hanging start and of a request that runs too long).
const query = new URLSearchParams(location.search);
const loadTimeoutMs = Number(query.get("load-timeout")) || LOAD_TIMEOUT_MS;
const requestTimeoutMs = Number(query.get("request-timeout")) || REQUEST_TIMEOUT_MS;
// ?search-budget=MS sets the fewest-presses search's time budget (the API's default is 0.5 s).
const searchBudget = query.has("search-budget") ? { seconds: Number(query.get("search-budget")) / 1000 } : {};

let solverState = { state: "loading", detail: null }; // the last report, to redraw it in another language

function showSolverState() {
  const { state, detail } = solverState;
  ui.status.dataset.state = state === "ready" || state === "error" ? state : "loading";
  ui.retry.hidden = state !== "error";
  if (state === "loading") ui.solverStatus.textContent = t("loadingPython");
  else if (state === "installing") ui.solverStatus.textContent = t("installingSolver");
  else if (state === "ready") {
    ui.solverStatus.textContent = t("ready");
    if (puzzle) askOptimum();
  }
  else if (state === "error") ui.solverStatus.textContent = describeSolverFailure(detail.error);
}

const solver = new SolverClient(new URL("./worker.js", import.meta.url), (state, detail) => {
  solverState = { state, detail };
  showSolverState();
}, { loadTimeoutMs, requestTimeoutMs });

// "Working…" and Cancel appear only for requests that take a while, so quick ones
// do not flash them.
let workingTimer = 0;
solver.onBusy = (busy) => {
  clearTimeout(workingTimer);
  if (busy) workingTimer = setTimeout(() => { ui.progress.hidden = false; }, WORKING_DELAY_MS);
  else ui.progress.hidden = true;
};

/** A request's payload holding `boards` back to back, and each one's "RxC@N" reference. */
function packBoards(...boards) {
  const payload = new Uint8Array(boards.reduce((total, board) => total + board.bits.length, 0));
  const references = [];
  let offset = 0;
  for (const board of boards) {
    payload.set(board.bits, offset);
    references.push(`${board.rows}x${board.cols}@${offset}`);
    offset += board.bits.length;
  }
  return { payload, references };
}

/**
 * A request's payload and fields for the current game's variant: `boards` packed first
 * (their references in `references`), then the shape's holes and don't-care cells, and
 * the API's variant fields (rule, torus, holes, dont_care) to spread into the request.
 */
function variantRequest(boards, mask = game.mask, rule = game.rule) {
  const shape = mask && !mask.isEmpty ? mask : null;
  const { payload, references } = packBoards(...boards, ...(shape ? [shape.holes, shape.dontCare] : []));
  const fields = {
    rule: rule.name,
    torus: rule.wraps,
    holes: shape ? references[boards.length] : null,
    dont_care: shape ? references[boards.length + 1] : null,
  };
  return { payload, references, fields };
}

/** Lights that matter on the current board (not holes, not don't-care). */
function caredCount() {
  const mask = game.mask;
  const cells = game.board.cellCount;
  return mask ? cells - mask.holes.litCount - mask.dontCare.litCount : cells;
}

/** Send a request; solver failures become a message and resolve to null. */
async function ask(request, payload = null, { timeoutMs = requestTimeoutMs } = {}) {
  try {
    return await solver.request(request, { payload, timeoutMs });
  } catch (error) {
    reportError(error);
    return null;
  }
}

/** Show a failed request's error as the message. */
function reportError(error) {
  // Timeouts and start-up failures are already shown by the status line.
  if (error.name === "AbortError") {
    if (error.reason === "cancelled") setMessage(t("cancelled"));
  } else if (error.name === "TooLargeError") {
    setMessage(t("tooLarge", { message: error.message }));
  } else if (!["TimeoutError", "NotReadyError", "WorkerError"].includes(error.name)) {
    setMessage(t("solverError", { message: error.message }));
  } else if (error.name === "NotReadyError") {
    setMessage(t("notReady"));
  }
}

function powerOfTwo(exponent) {
  return exponent <= 40 ? String(2 ** exponent) : `2^${exponent}`;
}

/** 2^nullity − 1, the number of quiet patterns other than pressing nothing. */
function quietTotal(nullity) {
  return nullity <= 40 ? String(2 ** nullity - 1) : `2^${nullity} − 1`;
}

/** Ask Python for a solution of the current board; returns {solution: Board, text, reply}, or null. */
async function findSolution({ method = "auto" } = {}) {
  if (playsStates()) return findStatesSolution();
  const board = game.board;
  const target = game.target;
  const asked = version;
  setMessage(t("solving"));
  const { payload, references, fields } = variantRequest([board]);
  // The fewest-presses search grows with 2^nullity and with the board: it runs for the
  // grid's sizes only. (With nullity 0 the one solution is the fewest anyway, and the
  // reply says so.)
  const minimal = !usesCanvas(board);
  const reply = await ask(
    { op: "solve", board: references[0], target, minimal, method, binary: true, ...searchBudget, ...fields }, payload);
  if (!reply || asked !== version) return null; // failed, or the board changed meanwhile
  if (!reply.solvable) {
    marks = null;
    showUnsolvable(reply);
    // 2^rank of the 2^(lights that matter) boards are solvable. Without don't-care cells
    // the exponent left is the nullity; with them the press matrix is not square.
    const checks = caredCount() - reply.rank;
    setMessage(checks > 0
      ? t("unsolvable", { rows: board.rows, cols: board.cols, nullity: reply.nullity, fraction: powerOfTwo(checks) })
      : t("unsolvableNullityZero"));
    return null;
  }
  if (reply.presses === 0) {
    setMessage(t("alreadySolved"));
    return null;
  }
  return { solution: boardFromPayload(reply.solution, reply.payload), text: solutionText(reply), reply };
}

/** The message for a solvable board's solve reply: presses, proven or not, how many solutions. */
function solutionText(reply) {
  const count = reply.presses;
  let text = reply.minimal
    ? t(count === 1 ? "solutionMinimalOne" : "solutionMinimal", { count })
    : t(count === 1 ? "solutionOne" : "solution", { count }) + " " + t("notProven");
  if (reply.solutions !== "1" && reply.solutions !== "0") {
    text += " " + t("solutionCount", { solutions: reply.solutions });
    if (reply.minimal && reply.optimal_count !== null && reply.optimal_count !== undefined) {
      text += " " + (reply.optimal_count === 1 ? t("optimalOne") : t("optimalCount", { count: reply.optimal_count }));
    }
  }
  return text;
}

/**
 * Offer to search all 2^nullity solutions when the quick search did not prove its answer
 * and the whole search is affordable (nullity ≤ EXACT_NULLITY: at most about two minutes).
 */
function offerSearchToEnd(reply) {
  // A k-state reply (solve_states) has no nullity: its own search is bounded by FEWEST_SEARCH_LIMIT.
  if (playsStates() || reply.minimal || reply.nullity > EXACT_NULLITY || usesCanvas(game.board)) return;
  const seconds = Math.max(1, Math.round(2 ** reply.nullity * SEARCH_NS_PER_SOLUTION / 1e9));
  const time = seconds < 90 ? t("aboutSeconds", { seconds }) : t("aboutMinutes", { minutes: Math.round(seconds / 60) });
  ui.searchToEnd.textContent = t("searchToEnd", { solutions: powerOfTwo(reply.nullity), time });
  ui.searchToEnd.hidden = false;
}

/** Search every solution for the fewest presses (Cancel stops it); show the proven answer. */
async function searchToEnd() {
  const board = game.board;
  const asked = version;
  setMessage(t("searchingToEnd"));
  const { payload, references, fields } = variantRequest([board]);
  const reply = await ask(
    { op: "solve", board: references[0], target: game.target, minimal: true, seconds: SEARCH_TO_END_SECONDS,
      binary: true, ...fields },
    payload, { timeoutMs: (SEARCH_TO_END_SECONDS + 60) * 1000 });
  if (!reply || asked !== version || !reply.solvable) return;
  marks = boardFromPayload(reply.solution, reply.payload);
  redraw();
  setMessage(solutionText(reply));
}

/** Show why the board cannot be solved: the proof's lights and the nearest solvable board. */
function showUnsolvable(reply) {
  const onGrid = !usesCanvas(game.board);
  overlay = {
    ...overlay,
    proof: onGrid && reply.proof ? boardFromPayload(reply.proof, reply.payload) : null,
    nearest: onGrid && reply.nearest ? boardFromPayload(reply.nearest, reply.payload) : null,
  };
  refreshLayers();
  ui.proofLegend.textContent = t(game.target === "on" ? "proofLegendOn" : "proofLegendOff");
  const count = overlay.nearest?.litCount ?? 0;
  ui.nearestLegend.textContent = overlay.nearest === null ? t("nearestUnknown")
    : t(count === 1 ? "nearestLegendOne" : "nearestLegend", { count });
  redraw();
}

/** Toggle the nearest board's lights as one undoable edit (not presses). */
function makeSolvable() {
  if (!overlay.nearest) return;
  stopPlayback();
  const indices = overlay.nearest.indices();
  const changed = game.edit(indices);
  marks = null;
  version++;
  clearBoardOverlays();
  redraw(changed);
  setMessage(t("madeSolvable", { count: indices.length }));
}

async function solve(options) {
  const found = await findSolution(options);
  if (!found) return;
  if (puzzle) puzzle.assisted = true;
  marks = found.solution;
  redraw();
  setMessage(found.text);
  offerSearchToEnd(found.reply);
  const total = Number(found.reply.solutions);
  if (total > 1 && total <= MAX_LISTED_SOLUTIONS && !usesCanvas(game.board) && !playsStates()) {
    await listSolutions(found.solution); // the "solutions" op lists two-state solutions
  }
}

/** Fetch every solution (fewest presses first) for the navigator; `shown` is the one marked. */
async function listSolutions(shown) {
  const asked = version;
  const { payload, references, fields } = variantRequest([game.board]);
  const reply = await ask({
    op: "solutions", board: references[0], target: game.target, limit: MAX_LISTED_SOLUTIONS, binary: true, ...fields,
  }, payload);
  if (!reply || asked !== version) return;
  const solutions = reply.solutions.map((reference) => boardFromPayload(reference, reply.payload));
  const index = Math.max(0, solutions.findIndex((solution) => sameBoard(solution, shown)));
  solutionList = { solutions, index };
  redraw();
}

/** Show solution `index` of the list as the marks. */
function chooseSolution(index) {
  if (!solutionList) return;
  const { solutions } = solutionList;
  solutionList.index = Math.min(solutions.length - 1, Math.max(0, index));
  marks = solutions[solutionList.index].copy(); // marks are edited by presses; the list is not
  redraw();
}

function drawSolutionNav() {
  ui.solutionNav.hidden = solutionList === null;
  if (!solutionList) return;
  const { solutions, index } = solutionList;
  const presses = solutions[index].litCount;
  const key = presses === 0 ? "solutionOfZero" : presses === 1 ? "solutionOfOne" : "solutionOf";
  ui.solutionLabel.textContent = t(key, { index: index + 1, total: solutions.length, presses });
  ui.previousSolution.disabled = index === 0;
  ui.nextSolution.disabled = index === solutions.length - 1;
}

async function hint() {
  const found = await findSolution();
  if (!found) return;
  // Any single press of a solution is a correct next step; show the first in reading order.
  const [index] = found.solution.indices(1);
  if (puzzle) puzzle.assisted = true;
  const { rows, cols } = game.board;
  marks = playsStates() ? new StatesBoard(rows, cols, game.k) : new Board(rows, cols);
  if (marks instanceof StatesBoard) marks.set(index, 1);
  else marks.toggle(index);
  redraw();
  setMessage(t("hintShown"));
}

async function playSolution() {
  if (playback) return;
  if (!marks) {
    const found = await findSolution();
    if (!found) return;
    if (puzzle) puzzle.assisted = true;
    marks = found.solution;
    redraw();
    setMessage(found.text);
  }
  // Press counts (k states) play each cell as many times as it is marked.
  const counts = marks instanceof StatesBoard;
  const pressTotal = counts ? marks.total() : marks.litCount;
  if (pressTotal > PLAY_LIMIT) {
    setMessage(t("tooManyToPlay", { count: pressTotal }));
    return;
  }
  const run = { cancelled: false };
  playback = run;
  redraw();
  const cols = game.board.cols;
  const presses = counts ? marks.pressList() : marks.indices();
  // Short solutions play a press at a time; long ones a batch per frame, so that even
  // a million presses finish in about PLAY_SECONDS without blocking the page.
  const perStep = Math.max(1, Math.ceil(presses.length / (PLAY_SECONDS * 60)));
  const stepMs = prefersReducedMotion() ? PLAY_STEP_REDUCED_MS : PLAY_STEP_MS;
  const delay = perStep === 1 ? Math.min(stepMs, (PLAY_SECONDS * 1000) / presses.length) : 16;
  for (let start = 0; start < presses.length; start += perStep) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (run.cancelled) return;
    let changed = [];
    for (const index of presses.slice(start, start + perStep)) {
      const touched = applyMove("play", Math.floor(index / cols), index % cols, { quiet: true });
      changed = touched && changed ? changed.concat(touched) : null;
    }
    redraw(changed);
    setMessage(game.isSolved() ? t("solved", { count: game.moveCount }) : "");
    if (perStep === 1 && view instanceof BoardView && !prefersReducedMotion()) {
      const [index] = presses.slice(start, start + 1);
      const button = view.cellAt(Math.floor(index / cols), index % cols);
      button.classList.add("flash");
      setTimeout(() => button.classList.remove("flash"), PLAY_STEP_MS);
    }
  }
  if (playback === run) playback = null;
  redraw();
}

let randomBoardTicket = 0; // the latest randomBoard call; an older one's board arrives too late

/**
 * A random solvable board (or null, with the reason as the message). Made here when the
 * worker is not needed or not ready, else by the worker. A call overtaken by a later one
 * (a board made here returns at once, a queued worker request later) returns null, so the
 * board asked for last is the one shown.
 */
async function randomBoard(...options) {
  const ticket = ++randomBoardTicket;
  const board = await makeRandomBoard(...options);
  return ticket === randomBoardTicket ? board : null;
}

/**
 * A random solvable board from the worker for the current rule and the shape `mask`
 * (null: none); small ones are made here before it is ready.
 */
async function makeRandomBoard(rows, cols, lit, mask = null, presses = null) {
  // k states: any solvable board, made here (boards are at most 64×64; lit and presses
  // are not used, their fields are disabled).
  if (playsStates()) return randomSolvableStates(rows, cols, game.k, game.rule, game.surface);
  if (presses !== null && !solver.ready) {
    setMessage(t("pressesNeedSolver"));
    return null;
  }
  if (lit === null && presses === null && !solver.ready && !usesCanvas({ rows, cols })) {
    return randomSolvableBoard(rows, cols, Math.random, game.rule, mask);
  }
  if (!solver.ready && usesCanvas({ rows, cols })) {
    setMessage(t("bigNeedsSolver"));
    return null;
  }
  try {
    const { payload, fields } = variantRequest([], mask);
    const reply = await solver.request(
      { op: "random", rows, cols, lit, presses, seed: null, binary: true, ...fields }, { payload });
    return boardFromPayload(reply.board, reply.payload);
  } catch (error) {
    if (error.name === "AbortError" && error.reason === "cancelled") setMessage(t("cancelled"));
    else if (error.name === "TooLargeError") setMessage(t("tooLarge", { message: error.message }));
    else if (error.name !== "TimeoutError" && error.name !== "AbortError") {
      setMessage(t("impossibleLit", { message: error.message }));
    }
    return null;
  }
}

async function newPuzzle() {
  const size = readSize();
  if (!size) return;
  const states = playsStates(); // Lit cells and Presses are disabled: any solvable board
  const litText = states ? "" : ui.lit.value.trim();
  const lit = litText === "" ? null : Number(litText);
  if (lit !== null && !(Number.isInteger(lit) && lit >= 0)) {
    setMessage(t("impossibleLit", { message: litText }));
    return;
  }
  const pressesText = states ? "" : ui.presses.value.trim();
  const presses = pressesText === "" ? null : Number(pressesText);
  if (presses !== null && !(Number.isInteger(presses) && presses >= 0)) {
    setMessage(t("impossibleLit", { message: pressesText }));
    return;
  }
  if (statesSizeRefused(size.rows, size.cols)) return;
  const sameSize = size.rows === game.board.rows && size.cols === game.board.cols;
  const mask = sameSize ? game.mask : null;
  const board = await randomBoard(size.rows, size.cols, lit, mask, presses);
  if (!board) return;
  setBoard(board, presses === null ? t("newBoard", size) : t("puzzlePresses", { ...size, presses }), mask);
  const kind = presses !== null ? `presses ${presses}` : lit !== null ? `lit ${lit}` : "random";
  startPuzzle(kind, t("newPuzzleSized", size));
}

// ---------------------------------------------------------------------------------
// Puzzles (puzzles.js): the puzzle of the day, presets, the optimum, timer, best results

/**
 * The key best results are kept under: kind, size, the rule and surface when not plus on
 * a plane, and the number of states when not 2.
 */
function puzzleKey(kind) {
  const { rows, cols } = game.board;
  const surface = game.surface === "plane" ? "" : ` ${game.surface}`;
  const rule = game.rule.name === "plus" && !surface ? "" : ` ${game.rule.name}${surface}`;
  const states = game.k === 2 ? "" : ` k${game.k}`;
  return `${kind}:${rows}x${cols}${rule}${states}${game.mask ? " shaped" : ""}`;
}

/** The current board is a puzzle of `kind`: track it, and ask Python for its fewest presses. */
function startPuzzle(kind, label) {
  puzzle = { key: puzzleKey(kind), label, start: game.board.copy(), optimum: null, startedAt: 0, done: false };
  ui.timer.hidden = false;
  ui.timer.textContent = t("timer", { time: formatDuration(0) });
  showBestResult();
  askOptimum();
  redraw();
}

/** Ask once for the proven fewest presses of the puzzle (again when the solver becomes ready). */
async function askOptimum() {
  const asked = puzzle;
  if (!asked || asked.optimum !== null || asked.asking || !solver.ready || usesCanvas(asked.start)) return;
  asked.asking = true;
  try {
    if (asked.start instanceof StatesBoard) {
      if (statesTooLarge()) throw new RangeError("too large for the general engine");
      const reply = await solver.request({
        op: "solve_states", ...statesRequest(game, asked.start), target: game.target === "on" ? "full" : "zero",
        minimal: true,
      });
      if (reply.solvable && reply.minimal) asked.optimum = reply.total; // the fewest presses in all
    } else {
      const { payload, references, fields } = variantRequest([asked.start]);
      const reply = await solver.request(
        { op: "solve", board: references[0], target: game.target, minimal: true, binary: true, ...fields }, { payload });
      if (reply.solvable && reply.minimal) asked.optimum = reply.presses;
    }
  } catch {
    // no optimum shown; the game goes on
  }
  asked.asking = false;
  if (puzzle === asked) redraw();
}

function startTimer() {
  puzzle.startedAt = performance.now();
  clearInterval(timerInterval);
  timerInterval = setInterval(() => {
    if (puzzle?.startedAt && !puzzle.done) {
      ui.timer.textContent = t("timer", { time: formatDuration(performance.now() - puzzle.startedAt) });
    }
  }, 250);
}

/** Stop tracking the puzzle (the board changed some other way). */
function endPuzzle() {
  clearInterval(timerInterval);
  puzzle = null;
  ui.timer.hidden = true;
  ui.bestResult.hidden = true;
}

/** The puzzle was just solved: stop the clock, record the result; the message, or null. */
function finishPuzzle() {
  if (!puzzle || !puzzle.startedAt || puzzle.done) return null;
  clearInterval(timerInterval);
  puzzle.done = true;
  const milliseconds = performance.now() - puzzle.startedAt;
  const time = formatDuration(milliseconds);
  ui.timer.textContent = t("timer", { time });
  const solved = t("solvedPuzzle", { count: game.moveCount, time });
  if (puzzle.assisted) return `${solved} ${t("assistedNoRecord")}`; // Solve, Hint or Play solution was used
  const { improved } = bestResults.record(puzzle.key, game.moveCount, milliseconds);
  showBestResult();
  return [solved, improved ? t("newRecord") : ""].filter(Boolean).join(" ");
}

function showBestResult() {
  const best = puzzle && bestResults.get(puzzle.key);
  ui.bestResult.hidden = !best;
  if (best) {
    // The record is kept per puzzle.key (kind, size and variant); the line names the
    // puzzle as its button does.
    ui.bestResult.textContent = t("bestResult", {
      kind: puzzle.label, moves: best.moves, time: formatDuration(best.milliseconds),
    });
  }
}

/**
 * Play the standard game (two states, plus rule, plane, no shape) from now on; the
 * controls follow. Returns a sentence saying so when the game was another variant, else "".
 */
function useStandardRule() {
  const changed = playsStates() || game.rule !== PLUS_RULE || (game.mask !== null && !game.mask.isEmpty);
  const board = game.board instanceof StatesBoard ? packedFromStates(game.board) : game.board;
  game = newGame(board, game.target, PLUS_RULE, null);
  ui.rule.value = "plus";
  ui.stencilEditor.hidden = true;
  return changed ? t("standardGameRestored") : "";
}

async function dailyPuzzle() {
  if (!solver.ready) {
    setMessage(t("notReady"));
    return;
  }
  const seed = dailySeed();
  let reply;
  try {
    reply = await solver.request({ op: "random", rows: 5, cols: 5, lit: null, presses: null, seed, binary: true });
  } catch (error) {
    reportError(error);
    return;
  }
  const restored = useStandardRule();
  const date = String(seed).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
  setBoard(boardFromPayload(reply.board, reply.payload), [t("puzzleDaily", { date }), restored].filter(Boolean).join(" "), null);
  startPuzzle("daily", t("dailyPuzzle"));
}

function loadPreset(preset) {
  const restored = useStandardRule();
  setBoard(presetBoard(preset), [t("puzzlePreset", { name: t(preset.labelKey) }), restored].filter(Boolean).join(" "), null);
  startPuzzle(`preset ${preset.id}`, t(preset.labelKey));
}

function placeCaret(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  ui.boardText.focus();
  ui.boardText.setSelectionRange(offset, Math.min(text.length, offset + 1));
}

/** Parse a board with Python: `text` from the box, or a file's raw bytes as `payload`. */
async function parseBoard(text, payload = null) {
  setMessage("");
  // More than 2 states: Python's parse_states reads the current k's symbols. Two states on
  // a Klein bottle or projective plane read every two-state format, as the packed game does.
  const states = playsStates() && game.k > 2;
  const k = game.k;
  let reply;
  try {
    reply = states
      ? await solver.request({ op: "parse_states", text: text ?? new TextDecoder().decode(payload), k })
      : await solver.request({ op: "parse", text: payload ? "@" : text, format: "auto", binary: true }, { payload });
  } catch (error) {
    if (error.name === "AbortError" && error.reason === "cancelled") setMessage(t("cancelled"));
    else if (error.name === "NotReadyError") showBoardError(t("notReady"));
    else if (error.line !== undefined && error.line !== null) {
      // The API's message may already start with "line L, column C: "; say it once.
      const message = error.message.replace(/^line \d+, column \d+:\s*/i, "");
      showBoardError(t("parseError", { line: error.line, column: error.column, message }));
      if (!payload && ui.boardText.value === text) placeCaret(text, error.line, error.column);
    } else {
      showBoardError(error.message);
    }
    return; // the current board stays
  }
  if (reply.rows > MAX_SIZE || reply.cols > MAX_SIZE) {
    // Python reads boards of up to 10^8 cells in any shape; this page shows 10000 a side.
    showBoardError(t("loadedTooLarge", { rows: reply.rows, cols: reply.cols, max: MAX_SIZE }));
    return;
  }
  if (playsStates() && (reply.rows > STATES_SIZE_LIMIT || reply.cols > STATES_SIZE_LIMIT)) {
    showBoardError(t("statesTooBig", { rows: reply.rows, cols: reply.cols }));
    return;
  }
  showBoardError("");
  pastedText = text;
  let board;
  if (states) board = new StatesBoard(reply.rows, reply.cols, k, reply.cells);
  else {
    board = boardFromPayload(reply.board, reply.payload);
    if (playsStates()) board = statesFromBoard(board, 2);
  }
  setBoard(board, t("loaded", { rows: reply.rows, cols: reply.cols, format: states ? t("statesFormat", { k }) : reply.format }));
}

function loadText(text) {
  if (text.trim() === "") {
    showBoardError(t("pasteEmpty"));
    return Promise.resolve();
  }
  if (utf8BytesOver(text)) {
    showBoardError(t("textTooLarge", { megabytes: MAX_TEXT_BYTES / 1024 / 1024 }));
    return Promise.resolve();
  }
  if (text.length > BOX_TEXT_LIMIT) {
    ui.boardText.value = "";
    ui.boardText.placeholder = t("bigTextSent", { megabytes: (text.length / 1024 / 1024).toFixed(1) });
  }
  return parseBoard(text);
}

/** Load a dropped or opened file: its bytes go to Python as they are (it decodes UTF-8). */
async function loadFile(file) {
  if (file.size > MAX_TEXT_BYTES) {
    showBoardError(t("fileTooLarge", { megabytes: MAX_TEXT_BYTES / 1024 / 1024, size: Math.ceil(file.size / 1024 / 1024) }));
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A small file's text also goes in the box, and copies then reuse its format.
  const text = bytes.length <= KEEP_TEXT_LIMIT ? new TextDecoder().decode(bytes) : null;
  if (text !== null) ui.boardText.value = text;
  await parseBoard(text, bytes);
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    setMessage(t("copied"));
  } catch {
    ui.boardText.value = text;
    ui.boardText.select();
    setMessage(t("copyFallback"));
  }
}

/** `board` as text in the pasted text's format; `solution` formats it as an answer. */
async function formatBoard(board, solution = false) {
  if (board instanceof StatesBoard && board.k > 2) {
    const reply = await ask({ op: "format_states", ...statesRequest(game, board) });
    return reply ? reply.text : null;
  }
  if (board instanceof StatesBoard) board = packedFromStates(board); // two states: the pasted format
  const { payload, references } = packBoards(board);
  const reply = await ask({ op: "format", board: references[0], like: pastedText, solution }, payload);
  return reply ? reply.text : null;
}

async function copyBoard(board, solution = false) {
  const text = await formatBoard(board, solution);
  if (text !== null) await copyText(text);
}

/**
 * The presses as rows of "#" (press) and "." as Blob parts, made a slice at a time so
 * a 10000×10000 solution (100 MB of text) never blocks the page for long. Pure
 * formatting of bits the solver returned.
 */
async function solutionRows(presses) {
  const parts = [];
  const { rows, cols } = presses;
  const rowsPerSlice = Math.max(1, Math.floor(1_000_000 / cols));
  for (let row = 0; row < rows; row++) {
    const line = new Uint8Array(cols + 1).fill(46); // "."
    line[cols] = 10; // "\n"
    const start = row * cols;
    for (let col = 0; col < cols; col++) if (presses.get(start + col)) line[col] = 35; // "#"
    parts.push(line);
    if (row % rowsPerSlice === rowsPerSlice - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return parts;
}

async function downloadSolution() {
  if (!marks) {
    setMessage(t("noSolutionToCopy"));
    return;
  }
  const presses = marks;
  const parts = presses.cellCount <= PYTHON_FORMAT_LIMIT
    ? [await formatBoard(presses, true)]
    : await solutionRows(presses);
  if (parts[0] === null) return;
  const url = URL.createObjectURL(new Blob(parts, { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `lights-out-${presses.rows}x${presses.cols}-solution.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The board, with the shown solution's marks, as a PNG (export.js). */
async function downloadImage() {
  const { rows, cols } = game.board;
  if (rows * cols > MAX_IMAGE_CELLS) {
    setMessage(t("imageTooLarge", { rows, cols }));
    return;
  }
  try {
    saveBlob(await boardImage(game.board, marks, game.holes), `lights-out-${rows}x${cols}.png`);
  } catch (error) {
    setMessage(error.message);
  }
}

/** The board and, when shown, the solution as "#"/"." text (export.js). */
function downloadText() {
  const { rows, cols } = game.board;
  saveBlob(new Blob([boardText(game.board, marks)], { type: "text/plain" }), `lights-out-${rows}x${cols}.txt`);
}

// ---------------------------------------------------------------------------------
// Click rules: the selector and the custom stencil editor (the surface is above, with k states)

let stencil = stencilCells(PLUS_RULE); // the custom editor's 5×5 picture (UI state)

function ruleLabel(rule) {
  const names = { plus: "ruleNamePlus", moore: "ruleNameMoore", x: "ruleNameX" };
  return names[rule.name] ? t(names[rule.name]) : t("ruleNameCustom", { stencil: rule.name.slice("custom:".length) });
}

/** Play on with `rule`: the lights stay, the history restarts (its presses were under the old rule). */
function setRule(rule) {
  stopPlayback();
  endPuzzle();
  replaceGame(playsStates() ? new StatesGame(game.board, game.target, rule, game.surface)
    : newGame(game.board, game.target, rule, game.mask));
  setMessage(t("ruleChanged", { rule: ruleLabel(rule), torus: surfaceSuffix(game.surface) }));
  refreshAnalysis();
}

function buildStencilEditor() {
  const centre = stencil.length >> 1;
  const buttons = [];
  stencil.forEach((line, r) => line.forEach((on, c) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "stencil-cell" + (r === centre && c === centre ? " stencil-cell--centre" : "");
    button.dataset.row = r;
    button.dataset.col = c;
    button.setAttribute("aria-label", r === centre && c === centre ? t("stencilCentre")
      : t("stencilCell", { dr: r - centre, dc: c - centre }));
    button.addEventListener("click", () => {
      stencil[r][c] = !stencil[r][c];
      applyStencil();
    });
    buttons.push(button);
  }));
  ui.stencilGrid.replaceChildren(...buttons);
}

function drawStencil() {
  for (const button of ui.stencilGrid.children) {
    const on = stencil[Number(button.dataset.row)][Number(button.dataset.col)];
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

/** Use the drawn stencil as the rule (an empty drawing keeps the rule and says why). */
function applyStencil() {
  drawStencil();
  const name = stencilName(stencil);
  if (name === null) {
    ui.stencilError.textContent = t("stencilEmpty", { rule: ruleLabel(game.rule) });
    return;
  }
  ui.stencilError.textContent = "";
  ui.stencilText.textContent = name.startsWith("custom:") ? name : `custom:${stencilRows(stencil)}`;
  if (name !== game.rule.name) setRule(makeRule(name, game.surface === "torus"));
}

/** The drawn picture as "#"/"." rows, trimmed like stencilName (for showing named stencils). */
function stencilRows(cells) {
  const rule = makeRule(stencilName(cells));
  const reach = Math.max(...rule.offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
  const centre = cells.length >> 1;
  const lines = [];
  for (let r = centre - reach; r <= centre + reach; r++) {
    lines.push(cells[r].slice(centre - reach, centre + reach + 1).map((on) => (on ? "#" : ".")).join(""));
  }
  return lines.join("/");
}

function onRuleSelected() {
  const custom = ui.rule.value === "custom";
  ui.stencilEditor.hidden = !custom;
  if (custom) {
    stencil = stencilCells(game.rule);
    applyStencil();
  } else {
    ui.stencilError.textContent = "";
    setRule(makeRule(ui.rule.value, game.surface === "torus"));
  }
}

// ---------------------------------------------------------------------------------
// Shape: holes and don't-care cells (boards up to 64×64)

/** Apply the shape tool to (row, col). The shape is part of the puzzle, so history restarts. */
function editCell(row, col) {
  const board = game.board;
  const index = row * board.cols + col;
  const mask = game.mask ? game.mask.copy() : new Mask(board.rows, board.cols);
  const wanted = tool === "hole" ? HOLE : tool === "dontCare" ? "dontCare" : CELL;
  mask.setKind(index, mask.kind(index) === wanted ? CELL : wanted);
  setShape(mask, t("shapeDone", { holes: mask.holes.litCount, dontCare: mask.dontCare.litCount }));
  view.setFocusCell(row, col, true);
}

/** Use `mask` (null: no shape) on the current lights; lights in holes go out. */
function setShape(mask, text) {
  const board = game.board.copy();
  setBoard(board, text, mask && !mask.isEmpty ? mask : null);
}

function setEditing(on) {
  editing = on && !usesCanvas(game.board) && !playsStates();
  redraw();
  setMessage(editing ? t("shapeEditing")
    : t("shapeDone", { holes: game.mask?.holes.litCount ?? 0, dontCare: game.mask?.dontCare.litCount ?? 0 }));
}

async function applyPreset(name) {
  const { rows, cols } = game.board;
  if (usesCanvas(game.board)) {
    setMessage(t("shapeTooBig"));
    return;
  }
  if (playsStates()) {
    setMessage(t("statesShapeDisabled"));
    return;
  }
  const label = t({ ring: "presetRing", cross: "presetCross", heart: "presetHeart", none: "presetNone" }[name]);
  if (name !== "none" && (rows < 3 || cols < 3)) {
    setMessage(t("presetTooSmall", { name: label }));
    return;
  }
  const mask = name === "none" ? null : presetMask(name, rows, cols);
  const board = await randomBoard(rows, cols, null, mask);
  if (board) setBoard(board, t("presetApplied", { name: label, rows, cols }), mask);
}

// ---------------------------------------------------------------------------------
// Analysis: rank, nullity, the worst case and the gallery of quiet patterns

let analysisKey = ""; // what the panel shows (size, rule, shape), to skip repeated requests

function currentAnalysisKey() {
  const mask = game.mask && !game.mask.isEmpty ? game.mask : null;
  const shape = mask ? `${encodeGameId(mask.holes)}|${encodeGameId(mask.dontCare)}` : "";
  return `${game.board.rows}x${game.board.cols}|${game.rule.name}|${game.rule.wraps}|${shape}|${game.k}|${game.surface}`;
}

/** Ask for the analysis when the panel is open and what it shows is out of date. */
async function refreshAnalysis() {
  if (!ui.analysis.open) return;
  const key = currentAnalysisKey();
  if (key === analysisKey) return;
  analysisKey = key;
  showStatesFacts(playsStates());
  if (playsStates()) return refreshStatesAnalysis(key);
  const { rows, cols } = game.board;
  const rule = game.rule;
  const mask = game.mask && !game.mask.isEmpty ? game.mask : null;
  ui.analysisFor.textContent = t("analysisFor", {
    rows, cols, rule: ruleLabel(rule), torus: rule.wraps ? t("ruleOnTorus") : "", shape: mask ? t("analysisShaped") : "",
  });
  ui.analysisStatus.textContent = t("analysisLoading");
  ui.analysisFacts.hidden = true;
  ui.quietHeading.hidden = true;
  ui.quietNote.textContent = "";
  ui.quietGallery.replaceChildren();
  const cared = caredCount();
  const reply = await analyze(rows, cols);
  if (analysisKey !== key) return; // the board changed meanwhile; a newer request runs
  if (!reply) {
    ui.analysisStatus.textContent = ui.message.textContent;
    analysisKey = ""; // try again next time
    return;
  }
  ui.analysisStatus.textContent = "";
  ui.analysisFacts.hidden = false;
  ui.analysisRank.textContent = reply.rank;
  ui.analysisNullity.textContent = reply.nullity;
  ui.analysisSolutions.textContent = powerOfTwo(reply.nullity);
  // 2^rank of the 2^(lights that matter) boards are solvable (see findSolution).
  ui.analysisFraction.textContent = t("analysisFractionValue", { fraction: powerOfTwo(cared - reply.rank) });
  ui.analysisWorst.textContent = reply.worst_case === null
    ? t(reply.basis ? "analysisWorstUnknown" : "analysisWorstSkipped")
    : t("analysisWorstValue", { count: reply.worst_case });
  drawGallery(reply.quiet.map((reference) => boardFromPayload(reference, reply.payload)), reply.nullity, mask,
    reply.basis);
}

/** Facts that exist only for two states (rank, nullity, worst case) or only for k (structure). */
function showStatesFacts(states) {
  for (const value of [ui.analysisRank, ui.analysisNullity, ui.analysisWorst]) value.parentElement.hidden = states;
  ui.analysisStructureRow.hidden = !states;
}

/**
 * The analysis of a k-state game, from solve_states on the all-0 board: its solutions
 * are the quiet press patterns, so their number is the solutions of every solvable
 * board, and 1 in that many boards is solvable (the image of the press map).
 */
async function refreshStatesAnalysis(key) {
  const { rows, cols } = game.board;
  ui.analysisFor.textContent = t("analysisStatesFor", {
    rows, cols, k: game.k, rule: ruleLabel(game.rule), surface: surfaceSuffix(game.surface),
  });
  ui.analysisFacts.hidden = true;
  ui.quietHeading.hidden = true;
  ui.quietGallery.replaceChildren();
  ui.quietNote.textContent = "";
  const refusal = statesTooLarge();
  if (refusal) {
    ui.analysisStatus.textContent = refusal;
    return;
  }
  ui.analysisStatus.textContent = t("analysisLoading");
  const dark = new StatesBoard(rows, cols, game.k);
  const reply = await ask({ op: "solve_states", ...statesRequest(game, dark), target: "zero", minimal: false });
  if (analysisKey !== key) return;
  if (!reply) {
    ui.analysisStatus.textContent = ui.message.textContent;
    analysisKey = "";
    return;
  }
  ui.analysisStatus.textContent = "";
  ui.analysisFacts.hidden = false;
  ui.analysisSolutions.textContent = reply.solutions;
  ui.analysisFraction.textContent = t("analysisFractionValue", { fraction: reply.solutions });
  ui.analysisStructure.textContent = structureText(reply.structure);
  ui.quietNote.textContent = t("analysisStatesNoGallery");
}

// The API's analyze computes the worst case for every board of at most 36 cells, and that
// search grows with the quiet space: with nullity 5 or more it can run for minutes (the
// 5×5 Moore board) or be refused (the 5×5 torus), which would stall or fail the panel.
// Such boards are analysed from a solve of the dark board instead (rank, nullity) and the
// "solutions" op (its solutions are exactly the quiet patterns, fewest presses first).
const WORST_CASE_CELLS = 36;
const WORST_CASE_NULLITY = 4;

/** The analysis of the current variant: the API's analyze reply, or one made as above. */
async function analyze(rows, cols) {
  const { payload, fields } = variantRequest([]);
  let nullity = null;
  if (rows * cols <= WORST_CASE_CELLS) {
    const dark = new Board(rows, cols);
    const darkRequest = variantRequest([dark]);
    const solved = await ask({ op: "solve", board: darkRequest.references[0], ...darkRequest.fields }, darkRequest.payload);
    if (!solved) return null;
    nullity = solved.nullity;
    if (nullity > WORST_CASE_NULLITY) return quietPatternsOf(dark, solved);
  }
  try {
    const reply = await solver.request({ op: "analyze", rows, cols, binary: true, ...fields }, { payload });
    return { ...reply, basis: true };
  } catch (error) {
    if (error.name !== "TooLargeError" || nullity === null) {
      reportError(error);
      return null;
    }
    const dark = new Board(rows, cols);
    const darkRequest = variantRequest([dark]);
    const solved = await ask({ op: "solve", board: darkRequest.references[0], ...darkRequest.fields }, darkRequest.payload);
    return solved ? quietPatternsOf(dark, solved) : null;
  }
}

/** An analysis without the worst case: the lightest quiet patterns (not a basis). */
async function quietPatternsOf(dark, solved) {
  const { payload, references, fields } = variantRequest([dark]);
  const listed = await ask({
    op: "solutions", board: references[0], target: "off", limit: MAX_QUIET_SHOWN + 1, binary: true, ...fields,
  }, payload);
  if (!listed) return null;
  // The first solution of the dark board is pressing nothing; the rest are quiet patterns.
  const quiet = listed.solutions.filter((reference) => boardFromPayload(reference, listed.payload).litCount > 0)
    .slice(0, MAX_QUIET_SHOWN);
  return {
    rank: solved.rank, nullity: solved.nullity, quiet, payload: listed.payload, worst_case: null, basis: false,
  };
}

/** The quiet patterns as small canvases in buttons; clicking one outlines it on the board. */
function drawGallery(patterns, nullity, mask, basis) {
  ui.quietHeading.hidden = false;
  if (patterns.length === 0) {
    ui.quietNote.textContent = t("quietNone");
    return;
  }
  ui.quietNote.textContent = !basis ? t("quietLightest", { shown: patterns.length, total: quietTotal(nullity) })
    : patterns.length < nullity ? t("quietMore", { shown: patterns.length, nullity }) : t("quietBasis");
  if (usesCanvas(game.board)) return; // patterns of a canvas-sized board are too big to draw small
  const style = getComputedStyle(document.documentElement);
  const colours = {
    on: style.getPropertyValue("--quiet").trim() || "#b388ff",
    off: style.getPropertyValue("--cell-off").trim(),
    back: style.getPropertyValue("--board-bg").trim(),
  };
  const items = patterns.map((pattern, k) => {
    const entry = document.createElement("div");
    entry.setAttribute("role", "listitem");
    const item = document.createElement("button");
    item.type = "button";
    item.className = "gallery-item";
    item.setAttribute("aria-label", t("quietPattern", { number: k + 1 }));
    item.quiet = pattern;
    item.number = k + 1;
    item.append(patternCanvas(pattern, mask, colours));
    item.addEventListener("click", () => showQuiet(item));
    entry.append(item);
    return entry;
  });
  ui.quietGallery.replaceChildren(...items);
  redraw();
}

function patternCanvas(pattern, mask, colours) {
  const { rows, cols } = pattern;
  const size = Math.max(2, Math.floor(72 / Math.max(rows, cols))); // CSS pixels per cell
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round((cols * size + 4) * ratio);
  canvas.height = Math.round((rows * size + 4) * ratio);
  canvas.style.width = `${cols * size + 4}px`;
  canvas.style.height = `${rows * size + 4}px`;
  canvas.setAttribute("aria-hidden", "true");
  const context = canvas.getContext("2d");
  context.scale(ratio, ratio);
  context.fillStyle = colours.back;
  context.fillRect(0, 0, cols * size + 4, rows * size + 4);
  const gap = size >= 6 ? 1 : 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      if (mask?.holes.get(index)) continue;
      context.fillStyle = pattern.get(index) ? colours.on : colours.off;
      context.fillRect(2 + c * size, 2 + r * size, size - gap, size - gap);
    }
  }
  return canvas;
}

function showQuiet(item) {
  const same = overlay.quiet !== null && sameBoard(overlay.quiet, item.quiet);
  overlay = { ...overlay, quiet: same ? null : item.quiet };
  refreshLayers();
  ui.overlayText.textContent = t("quietShown", { number: item.number, count: item.quiet.litCount });
  redraw();
}

// ---------------------------------------------------------------------------------
// Share links (share-link.js): location.hash follows the game; opening a link replays it.

const hashWriter = new HashWriter(() => game);

/** Play the game a link's hash describes; a bad link is reported and the board kept. */
function openLink(text) {
  let opened;
  try {
    opened = gameOfLink(text);
  } catch (error) {
    if (error.name !== "ShareError") throw error;
    const field = error.field === null ? t("linkFieldUnknown")
      : error.field.length === 1 ? `${error.field}=` : t(`linkField_${error.field}`);
    ui.boardError.textContent = t("linkError", { column: error.column, field, message: error.message });
    return false;
  }
  stopPlayback();
  // setBoard keeps this rule and surface (and, for a StatesBoard, plays it with states.js).
  // The old board stays in it until then, so setBoard still sees what changed.
  game = opened.board instanceof StatesBoard ? new StatesGame(game.board, game.target, opened.rule, opened.surface)
    : newGame(game.board, game.target, opened.rule, game.mask);
  ui.rule.value = ["plus", "moore", "x"].includes(opened.rule.name) ? opened.rule.name : "custom";
  ui.stencilEditor.hidden = ui.rule.value !== "custom";
  if (ui.rule.value === "custom") {
    stencil = stencilCells(opened.rule);
    drawStencil();
    ui.stencilText.textContent = opened.rule.name;
  }
  setBoard(opened.board, "", opened.mask);
  game.target = opened.target;
  for (const radio of ui.targets) radio.checked = radio.value === opened.target;
  const { cols } = opened.board;
  for (const index of opened.moves) applyMove("play", Math.floor(index / cols), index % cols, { quiet: true });
  ui.boardError.textContent = "";
  redraw();
  setMessage(t("linkOpened", { rows: opened.board.rows, cols, count: opened.moves.length }));
  return true;
}

async function copyLink() {
  const link = linkOf(game);
  if (link === null) {
    setMessage(t("linkTooLarge", { rows: game.board.rows, cols: game.board.cols }));
    return;
  }
  hashWriter.flush();
  await copyText(link);
}

// The user edited the hash or followed a link to this page (replaceState fires no event).
window.addEventListener("hashchange", () => {
  if (location.hash.length > 1) openLink(currentHash());
});

// ---------------------------------------------------------------------------------
// Events

bindFileDrop(document.body, loadFile, () => showBoardError(t("dropNotText")));

ui.undo.addEventListener("click", () => { stopPlayback(); applyMove("undo"); });
ui.redo.addEventListener("click", () => { stopPlayback(); applyMove("redo"); });
ui.newPuzzle.addEventListener("click", newPuzzle);
ui.daily.addEventListener("click", dailyPuzzle);
$("download-image").addEventListener("click", downloadImage);
$("download-text").addEventListener("click", downloadText);
for (const preset of PRESETS) $(`preset-${preset.id}`).addEventListener("click", () => loadPreset(preset));
ui.clear.addEventListener("click", () => {
  const { rows, cols } = game.board;
  setBoard(playsStates() ? new StatesBoard(rows, cols, game.k) : filledBoard(rows, cols, 0), t("cleared"));
});
ui.solve.addEventListener("click", () => solve());
ui.hint.addEventListener("click", hint);
ui.playSolution.addEventListener("click", playSolution);
ui.downloadSolution.addEventListener("click", downloadSolution);
ui.load.addEventListener("click", () => loadText(heldText ?? ui.boardText.value));
ui.boardText.addEventListener("paste", (event) => {
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (text.length <= BOX_TEXT_LIMIT) return; // the browser pastes it as usual
  event.preventDefault();
  heldText = text;
  ui.boardText.value = "";
  ui.boardText.placeholder = t("bigTextHeld", { megabytes: (text.length / 1024 / 1024).toFixed(1) });
  showBoardError("");
});
ui.openFile.addEventListener("click", () => ui.fileInput.click());
ui.fileInput.addEventListener("change", () => {
  const file = ui.fileInput.files?.[0];
  ui.fileInput.value = ""; // opening the same file again must fire "change" again
  if (!file) return;
  if (isTextFile(file)) loadFile(file);
  else showBoardError(t("dropNotText"));
});
ui.copyBoard.addEventListener("click", () => copyBoard(game.board));
ui.copyLink.addEventListener("click", copyLink);
ui.copySolution.addEventListener("click", () => {
  if (!marks) setMessage(t("noSolutionToCopy"));
  else copyBoard(marks, true);
});
ui.retry.addEventListener("click", () => solver.restart());
ui.searchToEnd.addEventListener("click", () => searchToEnd());
ui.cancel.addEventListener("click", () => {
  stopPlayback();
  solver.cancel();
  setMessage(t("cancelled"));
});
ui.boardText.addEventListener("input", () => {
  showBoardError("");
  ui.boardText.placeholder = "";
  heldText = null;
});
ui.rule.addEventListener("change", onRuleSelected);
ui.surface.addEventListener("change", onSurfaceSelected);
ui.states.addEventListener("change", onStatesChanged);
ui.editShape.addEventListener("click", () => setEditing(!editing));
for (const button of ui.tools) {
  button.addEventListener("click", () => {
    tool = button.dataset.tool;
    redraw();
  });
}
for (const button of ui.presets) button.addEventListener("click", () => applyPreset(button.dataset.preset));
ui.previousSolution.addEventListener("click", () => chooseSolution(solutionList.index - 1));
ui.nextSolution.addEventListener("click", () => chooseSolution(solutionList.index + 1));
ui.makeSolvable.addEventListener("click", makeSolvable);
ui.hideOverlay.addEventListener("click", () => {
  overlay = { ...overlay, quiet: null };
  refreshLayers();
  redraw();
});
ui.analysis.addEventListener("toggle", refreshAnalysis);

for (const input of [ui.rows, ui.cols]) {
  input.addEventListener("change", async () => {
    const size = readSize();
    if (size && (size.rows !== game.board.rows || size.cols !== game.board.cols)) {
      if (statesSizeRefused(size.rows, size.cols)) {
        ui.rows.value = game.board.rows;
        ui.cols.value = game.board.cols;
        return;
      }
      const board = await randomBoard(size.rows, size.cols, null);
      if (board) setBoard(board, t("newBoard", size));
      else redraw();
    }
  });
}

for (const radio of ui.targets) {
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    stopPlayback();
    game.target = radio.value;
    marks = null;
    version++;
    redraw();
    setMessage(game.isSolved() ? t("solvedStart") : "");
  });
}

// Shortcuts (static/a11y.js) do what their buttons do; a disabled button's key does nothing.
const helpDialog = bindHelpDialog();
const byButton = (button, action) => () => { if (!button.disabled) action(); };
bindShortcuts({
  undo: byButton(ui.undo, () => { stopPlayback(); applyMove("undo"); }),
  redo: byButton(ui.redo, () => { stopPlayback(); applyMove("redo"); }),
  hint: byButton(ui.hint, hint),
  newPuzzle: byButton(ui.newPuzzle, newPuzzle),
  solve: byButton(ui.solve, () => solve()),
  help: helpDialog.open,
});
bindContrastToggle();
bindLanguageSwitch(() => {
  // The markup is re-filled by translatePage; what app.js wrote with t is redrawn here.
  // A new view labels every cell again (the keyboard cursor stays where it was).
  const focusIndex = view?.focusIndex ?? 0;
  const hadFocus = ui.board.contains(document.activeElement);
  unbindView();
  view?.destroy?.();
  view = null;
  redraw();
  view.setFocusCell?.(Math.floor(focusIndex / game.board.cols), focusIndex % game.board.cols, hadFocus);
  showSolverState();
  buildStencilEditor(); // its buttons' names
  drawStencil();
  setMessage(game.isSolved() ? t("solvedStart") : t("playing"));
  analysisKey = ""; // the panel's text is written with t: ask again (or on the next open)
  if (ui.analysis.open) refreshAnalysis();
});

// A small scripting surface for tests and the benchmark; the page never uses it.
window.lightsOut = Object.freeze({
  /** Check the shown marks in Python: are they presses that take this board to the goal? */
  async verifyShown() {
    if (playsStates()) throw new Error(t("statesVerifyUnavailable"));
    const presses = marks ?? new Board(game.board.rows, game.board.cols);
    const { payload, references, fields } = variantRequest([game.board, presses]);
    const reply = await solver.request(
      { op: "verify", board: references[0], presses: references[1], target: game.target, ...fields }, { payload });
    return { solved: reply.solved, lit: reply.lit, presses: presses.litCount, timing: reply.timing };
  },
  /** Solve as the Solve button does, optionally forcing a method (e.g. a slow one). */
  solve: (options) => solve(options),
  /** Client coordinates of a cell's centre on the canvas board. */
  clientOfCell(row, col) {
    return view instanceof CanvasView ? view.clientOfCell(row, col) : null;
  },
  /** Draw pending canvas changes now; returns the last painted rectangle (device pixels). */
  flush() {
    if (!(view instanceof CanvasView)) return null;
    view.flush();
    return view.lastPaint;
  },
  view: () => ({ kind: view instanceof CanvasView ? "canvas" : "grid", scale: view.scale ?? null }),
  /** Send one API request as it is; resolves with the reply or a plain {error} (no UI). */
  request: (request) => solver.request(request).then(
    (reply) => ({ ...reply, payload: undefined }),
    (error) => ({ error: { name: error.name, message: error.message, line: error.line, column: error.column } })),
  /** Solve a size×size board given as packed bytes (no UI): {solvable, presses} (tests/e2e/endurance.py). */
  solvePayload: (size, payload) => solver.request(
    { op: "solve", board: `${size}x${size}@0`, target: "off", minimal: false, binary: true }, { payload },
  ).then((reply) => ({ solvable: reply.solvable, presses: reply.presses })),
  /** Worker debug actions: "memory" ({wasmBytes, jsHeapBytes}) and "crash". */
  debug: (action) => solver.debug(action),
  /**
   * The game as plain data: {rows, cols, k, surface, rule, target, cells, marks} with
   * cells the states (0..k−1, index r*cols + c) and marks the shown press counts or null.
   * Up to 64×64 only (a canvas board is not listed cell by cell).
   */
  statesSnapshot() {
    const { rows, cols } = game.board;
    const list = (board) => Array.from({ length: rows * cols }, (_, i) => board.get(i));
    return {
      rows, cols, k: game.k, surface: game.surface, rule: game.rule.name, target: game.target,
      cells: list(game.board), marks: marks ? list(marks) : null,
    };
  },
});

// Offline (static/sw.js, copied to the site root by build.py): relative to this module,
// so it works under any sub-path; its scope is the site's root directory. A browser or
// context that refuses service workers only loses offline play.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const root = new URL("../", import.meta.url);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href, type: "classic" }).catch(() => {});
}

buildStencilEditor();
drawStencil();
redraw();
setMessage(t("playing"));
// A link opened on arrival replaces the random board; a bad one leaves it (and says why).
if (location.hash.length > 1) openLink(currentHash());
solver.start();
