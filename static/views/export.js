// @ts-check
// Export: the board (and the shown solution) as a PNG image or as text, made in the page
// from the board (game.js: packed bits or a byte a cell). Pure apart from the canvas
// it draws on; no Python. Two states are "#"/"." text and yellow/dark cells; k > 2
// states are written as the API formats them (format "states") and drawn in the
// page's state colours (palette.js), numbered above 8 states, as on the board.

import { showsNumbers, stateColours } from "./palette.js";

const DARK = "#3a4150"; // an off cell (state 0)
const LIT = "#ffd54a"; // a lit cell of a two-state board
const MARK = "#e53935"; // a press of the shown solution

/** Pixels a cell takes in the image, chosen so an image stays below ~4 million pixels. */
export function cellPixels(rows, cols) {
  return Math.max(1, Math.min(32, Math.floor(Math.sqrt(4_000_000 / (rows * cols)))));
}

export const MAX_IMAGE_CELLS = 4_000_000; // one pixel a cell at most; larger boards get no image

/**
 * Draw `board` with `marks` (presses or null) and `holes` (Board or null) left blank, on a
 * new canvas; resolves to a PNG Blob. A two-state board has yellow lit cells and red
 * squares for presses; a k-state board (a StatesBoard, k > 2) has the state colours of
 * palette.js, each state's number above 8 states, and presses as a red frame with "×n"
 * for a cell pressed n > 1 times (when cells are big enough to read).
 */
export function boardImage(board, marks = null, holes = null) {
  const { rows, cols } = board;
  const size = cellPixels(rows, cols);
  const gap = size >= 8 ? 1 : 0;
  const colours = (board.k ?? 2) > 2 ? stateColours(board.k) : null;
  const numbers = colours !== null && showsNumbers(board.k) && size >= 12;
  const canvas = document.createElement("canvas");
  canvas.width = cols * size;
  canvas.height = rows * size;
  const context = canvas.getContext("2d");
  context.fillStyle = "#20242c";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textAlign = "center";
  context.textBaseline = "middle";
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      if (holes?.get(index)) continue;
      const state = board.get(index);
      const x = c * size;
      const y = r * size;
      context.fillStyle = colours ? colours[state].fill ?? DARK : state ? LIT : DARK;
      context.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap);
      if (numbers && state !== 0) {
        context.fillStyle = colours[state].text;
        context.font = `bold ${Math.floor(size * 0.42)}px sans-serif`;
        context.fillText(String(state), x + size / 2, y + size / 2);
      }
      const presses = marks?.get(index) ?? 0;
      if (!presses) continue;
      if (colours) {
        const line = Math.max(1, Math.floor(size / 10));
        context.strokeStyle = MARK;
        context.lineWidth = line;
        context.strokeRect(x + gap + line / 2, y + gap + line / 2, size - 2 * gap - line, size - 2 * gap - line);
        if (presses > 1 && size >= 16) {
          const font = Math.max(7, Math.floor(size * 0.26));
          context.font = `bold ${font}px sans-serif`;
          const badge = `×${presses}`;
          const width = context.measureText(badge).width + 2;
          context.fillStyle = "rgba(8, 12, 20, 0.85)";
          context.fillRect(x + size - gap - line - width, y + size - gap - line - font, width, font);
          context.fillStyle = "#ffffff";
          context.fillText(badge, x + size - gap - line - width / 2, y + size - gap - line - font / 2);
        }
      } else {
        context.fillStyle = MARK;
        const inset = Math.max(1, Math.floor(size / 3));
        context.fillRect(x + inset, y + inset, Math.max(1, size - 2 * inset), Math.max(1, size - 2 * inset));
      }
    }
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the image could not be made"))), "image/png");
  });
}

/**
 * A k-state board (k > 2) as the API's "states" format writes it, ending in a newline:
 * one symbol a cell from `symbols` (the API's state_symbols: 0–9, then a–z) while k fits
 * them, else numbers right-aligned in 3 columns and separated by spaces.
 */
export function statesRows(board, symbols) {
  const lines = [];
  for (let r = 0; r < board.rows; r++) {
    const row = Array.from({ length: board.cols }, (_, c) => board.get(r * board.cols + c));
    lines.push(board.k <= symbols.length ? row.map((value) => symbols[value]).join("")
      : row.map((value) => String(value).padStart(3)).join(" ").trimEnd());
  }
  return lines.join("\n") + "\n";
}

/** `board` as rows of "#" (lit) and "." (dark), one line a row, ending in a newline. */
export function boardRows(board) {
  const lines = [];
  for (let r = 0; r < board.rows; r++) {
    let line = "";
    for (let c = 0; c < board.cols; c++) line += board.get(r * board.cols + c) ? "#" : ".";
    lines.push(line);
  }
  return lines.join("\n") + "\n";
}

/**
 * The board's text, then (when `marks` is given) a blank line and the presses: "#" = press
 * for two states, the press counts as states for k > 2 written with `symbols` (the API's
 * state_symbols; both parts read back with the API's parse).
 */
export function boardText(board, marks = null, symbols = "") {
  const rowsOf = board.k > 2 ? (cells) => statesRows(cells, symbols) : boardRows;
  return marks ? `${rowsOf(board)}\n${rowsOf(marks)}` : rowsOf(board);
}

/** Offer `blob` as a download named `name`. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
