// Wiring: connects the play state (state.js), the view (render.js), input (input.js)
// and the Python solver in a worker (solver-client.js). Game state lives in `game`;
// solution marks, the focused cell and messages are UI state and are not undone.

import { t } from "./i18n.js";
import {
  MAX_SIZE, MIN_SIZE, createBoard, decodeGameId, encodeGameId, filledBoard, isSolved,
  moveCount, newGame, playMove, randomSolvableBoard, redoMove, undoMove, withTarget,
} from "./state.js";
import { BoardView } from "./render.js";
import { bindBoardInput, bindFileDrop } from "./input.js";
import { LOAD_TIMEOUT_MS, SolverClient } from "./solver-client.js";

const PLAY_STEP_MS = 150; // delay between presses when playing a solution

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"), solverStatus: $("solver-status"), message: $("message"), retry: $("retry"),
  board: $("board"), moveCount: $("move-count"), undo: $("undo"), redo: $("redo"),
  rows: $("rows"), cols: $("cols"), lit: $("lit"), newPuzzle: $("new-puzzle"), clear: $("clear"),
  solve: $("solve"), hint: $("hint"), playSolution: $("play-solution"),
  boardText: $("board-text"), boardError: $("board-error"), load: $("load"),
  copyBoard: $("copy-board"), copySolution: $("copy-solution"),
  targets: [...document.querySelectorAll("input[name=target]")],
};

for (const element of document.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
for (const element of document.querySelectorAll("[data-i18n-placeholder]")) {
  element.placeholder = t(element.dataset.i18nPlaceholder);
}

const view = new BoardView(ui.board);
let game = newGame(randomSolvableBoard(5, 5));
let marks = null; // Uint8Array of cells to press, or null; always a valid set of presses
let pastedText = null; // the last text loaded, so copies reuse its symbols
let playback = null; // {cancelled} while a solution is being played

// ---------------------------------------------------------------------------------
// Drawing

function setMessage(text) {
  ui.message.textContent = text;
}

function redraw() {
  view.draw(game.board, marks);
  ui.moveCount.textContent = t("moves", { count: moveCount(game) });
  ui.undo.disabled = game.undo.length === 0;
  ui.redo.disabled = game.redo.length === 0;
  ui.copySolution.disabled = marks === null;
  ui.playSolution.disabled = playback !== null;
  ui.status.dataset.solved = isSolved(game) ? "1" : "0";
  ui.rows.value = game.board.rows;
  ui.cols.value = game.board.cols;
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
  redraw();
  view.setFocusCell(0, 0, false);
  setMessage(isSolved(game) ? [text, t("solvedStart")].filter(Boolean).join(" ") : text);
}

/**
 * The one path every press takes: clicks, keys, undo, redo and solution playback.
 * Pressing a marked cell unmarks it, which leaves the other marks a valid solution
 * (presses commute and each is its own inverse). Any other press makes the marks stale.
 */
function applyMove(kind, row, col) {
  let move = { row, col };
  if (kind === "play") game = playMove(game, row, col);
  else {
    [game, move] = kind === "undo" ? undoMove(game) : redoMove(game);
    if (!move) return;
  }
  let text = "";
  if (marks) {
    const index = move.row * game.board.cols + move.col;
    if (marks[index]) {
      marks = marks.slice();
      marks[index] = 0;
      if (!marks.includes(1)) marks = null;
    } else {
      marks = null;
      text = t("marksCleared");
    }
  }
  if (isSolved(game)) text = t("solved", { count: moveCount(game) });
  redraw();
  setMessage(text);
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

// ?load-timeout=MS shortens the start-up deadline (used by the tests of a hanging load).
const loadTimeoutMs = Number(new URLSearchParams(location.search).get("load-timeout")) || LOAD_TIMEOUT_MS;

const solver = new SolverClient(new URL("./worker.js", import.meta.url), (state, detail) => {
  ui.status.dataset.state = state === "ready" || state === "error" ? state : "loading";
  ui.retry.hidden = state !== "error";
  if (state === "loading") ui.solverStatus.textContent = t("loadingPython");
  else if (state === "installing") ui.solverStatus.textContent = t("installingSolver");
  else if (state === "ready") ui.solverStatus.textContent = t("ready");
  else if (state === "error") {
    const error = detail.error;
    ui.solverStatus.textContent = error.timeoutKind === "load" ? t("loadTimedOut", { seconds: error.seconds })
      : error.timeoutKind === "request" ? t("requestTimedOut", { seconds: error.seconds })
        : t("loadFailed", { message: error.message });
  }
}, { loadTimeoutMs });

/** Send a request; solver failures become a message and resolve to null. */
async function ask(request) {
  try {
    return await solver.request(request);
  } catch (error) {
    // Timeouts and start-up failures are already shown by the status line.
    if (!["TimeoutError", "AbortError", "NotReadyError", "WorkerError"].includes(error.name)) {
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

/** Ask Python for a solution of the current board; returns the marks, or null. */
async function findSolution() {
  const board = game.board;
  const target = game.target;
  setMessage(t("solving"));
  const reply = await ask({ op: "solve", board: encodeGameId(board), target, minimal: true });
  if (!reply || board !== game.board || target !== game.target) return null; // stale
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
  const solution = decodeGameId(reply.solution).cells;
  const count = reply.presses;
  let text = reply.minimal
    ? t(count === 1 ? "solutionMinimalOne" : "solutionMinimal", { count })
    : t(count === 1 ? "solutionOne" : "solution", { count });
  if (reply.solutions !== "1" && reply.solutions !== "0") text += " " + t("solutionCount", { solutions: reply.solutions });
  return { solution, text };
}

async function solve() {
  const found = await findSolution();
  if (!found) return;
  marks = found.solution;
  redraw();
  setMessage(found.text);
}

async function hint() {
  const found = await findSolution();
  if (!found) return;
  // Any single press of a solution is a correct next step; show the first in reading order.
  const index = found.solution.indexOf(1);
  marks = new Uint8Array(found.solution.length);
  marks[index] = 1;
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
  const run = { cancelled: false };
  playback = run;
  redraw();
  const cols = game.board.cols;
  const presses = [];
  marks.forEach((mark, index) => { if (mark) presses.push([Math.floor(index / cols), index % cols]); });
  for (const [row, col] of presses) {
    await new Promise((resolve) => setTimeout(resolve, PLAY_STEP_MS));
    if (run.cancelled) return;
    applyMove("play", row, col);
    view.cellAt(row, col).classList.add("flash");
    setTimeout(() => view.cellAt(row, col)?.classList.remove("flash"), PLAY_STEP_MS);
  }
  if (playback === run) playback = null;
  redraw();
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
  if (lit === null && !solver.ready) {
    setBoard(randomSolvableBoard(size.rows, size.cols), t("newBoard", size));
    return;
  }
  try {
    const reply = await solver.request({ op: "random", rows: size.rows, cols: size.cols, lit, seed: null });
    setBoard(decodeGameId(reply.board), t("newBoard", size));
  } catch (error) {
    setMessage(error.name === "TimeoutError" || error.name === "AbortError" ? "" : t("impossibleLit", { message: error.message }));
  }
}

function placeCaret(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  ui.boardText.focus();
  ui.boardText.setSelectionRange(offset, Math.min(text.length, offset + 1));
}

async function loadText(text) {
  setMessage("");
  if (text.trim() === "") {
    showBoardError(t("pasteEmpty"));
    return;
  }
  let reply;
  try {
    reply = await solver.request({ op: "parse", text, format: "auto" });
  } catch (error) {
    if (error.line !== undefined && error.line !== null) {
      // The API's message may already start with "line L, column C: "; say it once.
      const message = error.message.replace(/^line \d+, column \d+:\s*/i, "");
      showBoardError(t("parseError", { line: error.line, column: error.column, message }));
      placeCaret(text, error.line, error.column);
    } else {
      showBoardError(error.message);
    }
    return; // the current board stays
  }
  showBoardError("");
  pastedText = text;
  setBoard(decodeGameId(reply.board), t("loaded", { rows: reply.rows, cols: reply.cols, format: reply.format }));
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

/** Copy `board` as text in the pasted text's format; `solution` formats it as an answer. */
async function copyBoard(board, solution = false) {
  const reply = await ask({ op: "format", board: encodeGameId(board), like: pastedText, solution });
  if (reply) await copyText(reply.text);
}

// ---------------------------------------------------------------------------------
// Events

bindBoardInput(view, userPress);
bindFileDrop(document.body, (text) => {
  ui.boardText.value = text;
  loadText(text);
}, () => showBoardError(t("dropNotText")));

ui.undo.addEventListener("click", () => { stopPlayback(); applyMove("undo"); });
ui.redo.addEventListener("click", () => { stopPlayback(); applyMove("redo"); });
ui.newPuzzle.addEventListener("click", newPuzzle);
ui.clear.addEventListener("click", () => setBoard(filledBoard(game.board.rows, game.board.cols, 0), t("cleared")));
ui.solve.addEventListener("click", solve);
ui.hint.addEventListener("click", hint);
ui.playSolution.addEventListener("click", playSolution);
ui.load.addEventListener("click", () => loadText(ui.boardText.value));
ui.copyBoard.addEventListener("click", () => copyBoard(game.board));
ui.copySolution.addEventListener("click", () => {
  if (!marks) setMessage(t("noSolutionToCopy"));
  else copyBoard(createBoard(game.board.rows, game.board.cols, marks), true);
});
ui.retry.addEventListener("click", () => solver.restart());
ui.boardText.addEventListener("input", () => showBoardError(""));

for (const input of [ui.rows, ui.cols]) {
  input.addEventListener("change", () => {
    const size = readSize();
    if (size && (size.rows !== game.board.rows || size.cols !== game.board.cols)) {
      setBoard(randomSolvableBoard(size.rows, size.cols), t("newBoard", size));
    }
  });
}

for (const radio of ui.targets) {
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    stopPlayback();
    game = withTarget(game, radio.value);
    marks = null;
    redraw();
    setMessage(isSolved(game) ? t("solvedStart") : "");
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

redraw();
setMessage(t("playing"));
solver.start();
