// Wiring: connects the play state (state.js), the views (render.js for boards up to
// 64×64, canvas-render.js above), input (input.js) and the Python solver in a worker
// (solver-client.js). Game state lives in `game`; solution marks, the focused cell,
// zoom and messages are UI state and are not undone.

import { t } from "./i18n.js";
import {
  Board, MAX_SIZE, MIN_SIZE, boardFromPayload, filledBoard, newGame, randomSolvableBoard,
} from "./state.js";
import { BoardView } from "./render.js";
import { CanvasView } from "./canvas-render.js";
import { bindBoardInput, bindCanvasInput, bindFileDrop, isTextFile } from "./input.js";
import { LOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS, SolverClient } from "./solver-client.js";
import { describeSolverFailure } from "./errors.js";
import { BOX_TEXT_LIMIT, GRID_LIMIT, MAX_TEXT_BYTES, utf8BytesOver } from "./limits.js";
import { HashWriter, currentHash, gameOfLink, linkOf } from "./share-link.js";

const PLAY_STEP_MS = 150; // delay between presses when playing a short solution
const PLAY_SECONDS = 3; // a long solution plays in batches within about this long
const PLAY_LIMIT = 1_000_000; // more presses than this are not played one by one
const WORKING_DELAY_MS = 300; // a request running longer shows "Working…" and Cancel
const PYTHON_FORMAT_LIMIT = 512 * 512; // cells; bigger solutions are written as #/. here
const KEEP_TEXT_LIMIT = 64 * 1024; // bytes of an opened file kept to copy its format

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"), solverStatus: $("solver-status"), message: $("message"), retry: $("retry"),
  progress: $("progress"), cancel: $("cancel"),
  board: $("board"), moveCount: $("move-count"), undo: $("undo"), redo: $("redo"),
  rows: $("rows"), cols: $("cols"), lit: $("lit"), newPuzzle: $("new-puzzle"), clear: $("clear"),
  solve: $("solve"), hint: $("hint"), playSolution: $("play-solution"),
  downloadSolution: $("download-solution"),
  boardText: $("board-text"), boardError: $("board-error"), load: $("load"),
  openFile: $("open-file"), fileInput: $("file-input"),
  copyBoard: $("copy-board"), copySolution: $("copy-solution"), copyLink: $("copy-link"),
  targets: [...document.querySelectorAll("input[name=target]")],
};

for (const element of document.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
for (const element of document.querySelectorAll("[data-i18n-placeholder]")) {
  element.placeholder = t(element.dataset.i18nPlaceholder);
}

let view = null; // BoardView or CanvasView, whichever suits the board's size
let unbindView = () => {};
let game = newGame(randomSolvableBoard(5, 5));
let marks = null; // a Board of cells to press, or null; always a valid set of presses
let pastedText = null; // the last text loaded, so copies reuse its symbols
let heldText = null; // a paste too big for the Board box (limits.js: BOX_TEXT_LIMIT), kept for Load
let playback = null; // {cancelled} while a solution is being played
let version = 0; // bumped on every change of board or goal, to drop stale solver replies

// ---------------------------------------------------------------------------------
// Drawing

function setMessage(text) {
  ui.message.textContent = text;
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

/** Show the state. `changed` lists the cells a press touched; null redraws everything. */
function redraw(changed = null) {
  chooseView(game.board);
  view.draw(game.board, marks, changed);
  ui.moveCount.textContent = t("moves", { count: game.moveCount });
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

/** Start over with `board`: history and marks go, the goal stays. */
function setBoard(board, text) {
  stopPlayback();
  game = newGame(board, game.target);
  marks = null;
  version++;
  redraw();
  view.setFocusCell(0, 0, false);
  setMessage(game.isSolved() ? [text, t("solvedStart")].filter(Boolean).join(" ") : text);
}

/**
 * The one path every press takes: clicks, keys, undo, redo and solution playback.
 * Pressing a marked cell unmarks it, which leaves the other marks a valid solution
 * (presses commute and each is its own inverse). Any other press makes the marks stale.
 */
function applyMove(kind, row, col, { quiet = false } = {}) {
  let move = { row, col };
  let changed;
  if (kind === "play") changed = game.play(row, col);
  else {
    const result = kind === "undo" ? game.undo() : game.redo();
    if (!result) return;
    ({ move, changed } = result);
  }
  version++;
  let text = "";
  if (marks) {
    const index = move.row * game.board.cols + move.col;
    if (marks.get(index)) {
      marks.toggle(index);
      if (marks.litCount === 0) marks = null;
    } else {
      marks = null;
      changed = null; // every mark goes: redraw them all
      text = t("marksCleared");
    }
  }
  if (game.isSolved()) text = t("solved", { count: game.moveCount });
  if (quiet) return changed;
  redraw(changed);
  setMessage(text);
  return changed;
}

function userPress(row, col) {
  stopPlayback();
  applyMove("play", row, col);
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
// Solver

// ?load-timeout=MS and ?request-timeout=MS shorten the deadlines (for the tests of a
// hanging start and of a request that runs too long).
const query = new URLSearchParams(location.search);
const loadTimeoutMs = Number(query.get("load-timeout")) || LOAD_TIMEOUT_MS;
const requestTimeoutMs = Number(query.get("request-timeout")) || REQUEST_TIMEOUT_MS;

const solver = new SolverClient(new URL("./worker.js", import.meta.url), (state, detail) => {
  ui.status.dataset.state = state === "ready" || state === "error" ? state : "loading";
  ui.retry.hidden = state !== "error";
  if (state === "loading") ui.solverStatus.textContent = t("loadingPython");
  else if (state === "installing") ui.solverStatus.textContent = t("installingSolver");
  else if (state === "ready") ui.solverStatus.textContent = t("ready");
  else if (state === "error") ui.solverStatus.textContent = describeSolverFailure(detail.error);
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

/** Send a request; solver failures become a message and resolve to null. */
async function ask(request, payload = null) {
  try {
    return await solver.request(request, { payload });
  } catch (error) {
    // Timeouts and start-up failures are already shown by the status line.
    if (error.name === "AbortError") {
      if (error.reason === "cancelled") setMessage(t("cancelled"));
    } else if (!["TimeoutError", "NotReadyError", "WorkerError"].includes(error.name)) {
      setMessage(t("solverError", { message: error.message }));
    } else if (error.name === "NotReadyError") {
      setMessage(t("notReady"));
    }
    return null;
  }
}

function powerOfTwo(exponent) {
  return exponent <= 40 ? String(2 ** exponent) : `2^${exponent}`;
}

/** Ask Python for a solution of the current board; returns {solution: Board, text}, or null. */
async function findSolution({ method = "auto" } = {}) {
  const board = game.board;
  const target = game.target;
  const asked = version;
  setMessage(t("solving"));
  const { payload, references } = packBoards(board);
  // The fewest-presses search grows with 2^nullity and with the board: it runs for the
  // grid's sizes only. (With nullity 0 the one solution is the fewest anyway, and the
  // reply says so.)
  const minimal = !usesCanvas(board);
  const reply = await ask({ op: "solve", board: references[0], target, minimal, method, binary: true }, payload);
  if (!reply || asked !== version) return null; // failed, or the board changed meanwhile
  if (!reply.solvable) {
    marks = null;
    redraw();
    setMessage(reply.nullity > 0
      ? t("unsolvable", { rows: board.rows, cols: board.cols, nullity: reply.nullity, fraction: powerOfTwo(reply.nullity) })
      : t("unsolvableNullityZero"));
    return null;
  }
  if (reply.presses === 0) {
    setMessage(t("alreadySolved"));
    return null;
  }
  const solution = boardFromPayload(reply.solution, reply.payload);
  const count = reply.presses;
  let text = reply.minimal
    ? t(count === 1 ? "solutionMinimalOne" : "solutionMinimal", { count })
    : t(count === 1 ? "solutionOne" : "solution", { count });
  if (reply.solutions !== "1" && reply.solutions !== "0") text += " " + t("solutionCount", { solutions: reply.solutions });
  return { solution, text };
}

async function solve(options) {
  const found = await findSolution(options);
  if (!found) return;
  marks = found.solution;
  redraw();
  setMessage(found.text);
}

async function hint() {
  const found = await findSolution();
  if (!found) return;
  // Any single press of a solution is a correct next step; show the first in reading order.
  const [index] = found.solution.indices(1);
  marks = new Board(game.board.rows, game.board.cols);
  marks.toggle(index);
  redraw();
  setMessage(t("hintShown"));
}

async function playSolution() {
  if (playback) return;
  if (!marks) {
    const found = await findSolution();
    if (!found) return;
    marks = found.solution;
    redraw();
    setMessage(found.text);
  }
  if (marks.litCount > PLAY_LIMIT) {
    setMessage(t("tooManyToPlay", { count: marks.litCount }));
    return;
  }
  const run = { cancelled: false };
  playback = run;
  redraw();
  const cols = game.board.cols;
  const presses = marks.indices();
  // Short solutions play a press at a time; long ones a batch per frame, so that even
  // a million presses finish in about PLAY_SECONDS without blocking the page.
  const perStep = Math.max(1, Math.ceil(presses.length / (PLAY_SECONDS * 60)));
  const delay = perStep === 1 ? Math.min(PLAY_STEP_MS, (PLAY_SECONDS * 1000) / presses.length) : 16;
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
    if (perStep === 1 && view instanceof BoardView) {
      const [index] = presses.slice(start, start + 1);
      const button = view.cellAt(Math.floor(index / cols), index % cols);
      button.classList.add("flash");
      setTimeout(() => button.classList.remove("flash"), PLAY_STEP_MS);
    }
  }
  if (playback === run) playback = null;
  redraw();
}

/** A random solvable board from the worker; small ones are made here before it is ready. */
async function randomBoard(rows, cols, lit) {
  if (lit === null && !solver.ready && !usesCanvas({ rows, cols })) return randomSolvableBoard(rows, cols);
  if (!solver.ready && usesCanvas({ rows, cols })) {
    setMessage(t("bigNeedsSolver"));
    return null;
  }
  try {
    const reply = await solver.request({ op: "random", rows, cols, lit, seed: null, binary: true });
    return boardFromPayload(reply.board, reply.payload);
  } catch (error) {
    if (error.name === "AbortError" && error.reason === "cancelled") setMessage(t("cancelled"));
    else if (error.name !== "TimeoutError" && error.name !== "AbortError") {
      setMessage(t("impossibleLit", { message: error.message }));
    }
    return null;
  }
}

async function newPuzzle() {
  const size = readSize();
  if (!size) return;
  const litText = ui.lit.value.trim();
  const lit = litText === "" ? null : Number(litText);
  if (lit !== null && !(Number.isInteger(lit) && lit >= 0)) {
    setMessage(t("impossibleLit", { message: litText }));
    return;
  }
  const board = await randomBoard(size.rows, size.cols, lit);
  if (board) setBoard(board, t("newBoard", size));
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
  let reply;
  try {
    reply = await solver.request({ op: "parse", text: payload ? "@" : text, format: "auto", binary: true }, { payload });
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
  showBoardError("");
  pastedText = text;
  setBoard(boardFromPayload(reply.board, reply.payload),
    t("loaded", { rows: reply.rows, cols: reply.cols, format: reply.format }));
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
  setBoard(opened.board, "");
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
ui.clear.addEventListener("click", () => setBoard(filledBoard(game.board.rows, game.board.cols, 0), t("cleared")));
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

for (const input of [ui.rows, ui.cols]) {
  input.addEventListener("change", async () => {
    const size = readSize();
    if (size && (size.rows !== game.board.rows || size.cols !== game.board.cols)) {
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

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.target.closest("input, textarea")) return;
  const key = event.key.toLowerCase();
  const kind = key === "z" && !event.shiftKey ? "undo" : key === "y" || key === "z" ? "redo" : null;
  if (!kind) return;
  event.preventDefault();
  stopPlayback();
  applyMove(kind);
});

// A small scripting surface for tests and the benchmark; the page never uses it.
window.lightsOut = Object.freeze({
  /** Check the shown marks in Python: are they presses that take this board to the goal? */
  async verifyShown() {
    const presses = marks ?? new Board(game.board.rows, game.board.cols);
    const { payload, references } = packBoards(game.board, presses);
    const reply = await solver.request(
      { op: "verify", board: references[0], presses: references[1], target: game.target }, { payload });
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
});

redraw();
setMessage(t("playing"));
// A link opened on arrival replaces the random board; a bad one leaves it (and says why).
if (location.hash.length > 1) openLink(currentHash());
solver.start();
