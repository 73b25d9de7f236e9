// @ts-check
// The Export group: the board (with the shown solution) as a PNG or as text, and the
// solution alone as text — copied or downloaded.

import { messageOf } from "../session/messages.js";
import { MAX_IMAGE_CELLS, boardImage, boardText, saveBlob } from "../views/export.js";

/**
 * The presses as rows of "#" (press) and "." as Blob parts, made a slice at a time so a
 * 10000×10000 solution (100 MB of text) never blocks the page for long. Pure formatting
 * of bits the solver returned.
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

export class ExportPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session, copyText) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.copySolution = /** @type {HTMLButtonElement} */ ($("copy-solution"));
    this.downloadSolutionButton = /** @type {HTMLButtonElement} */ ($("download-solution"));
    $("download-image").addEventListener("click", () => this.downloadImage());
    $("download-text").addEventListener("click", () => this.downloadText());
    this.downloadSolutionButton.addEventListener("click", () => this.downloadSolution());
    this.copySolution.addEventListener("click", async () => {
      if (!session.marks) {
        session.say(messageOf("noSolutionToCopy"));
        return;
      }
      const text = await session.formatText(session.marks, true);
      if (text !== null) await copyText(text);
    });
    session.subscribe(() => {
      this.copySolution.disabled = session.marks === null;
      this.downloadSolutionButton.disabled = session.marks === null;
    });
  }

  async downloadSolution() {
    const { session } = this;
    const presses = session.marks;
    if (!presses) {
      session.say(messageOf("noSolutionToCopy"));
      return;
    }
    const parts = presses.cellCount <= session.maxFormatCells ? [await session.formatText(presses, true)] : await solutionRows(presses);
    if (parts[0] === null) return;
    saveBlob(new Blob(parts, { type: "text/plain" }), `lights-out-${presses.rows}x${presses.cols}-solution.txt`);
  }

  /** The board, with the shown solution's marks, as a PNG (export.js). */
  async downloadImage() {
    const { game, marks } = this.session;
    const { rows, cols } = game.board;
    if (rows * cols > MAX_IMAGE_CELLS) {
      this.session.say(messageOf("imageTooLarge", { rows, cols }));
      return;
    }
    try {
      saveBlob(await boardImage(game.board, marks, game.holes), `lights-out-${rows}x${cols}.png`);
    } catch (error) {
      this.session.say(error.message); // the browser's own words
    }
  }

  /** The board and, when shown, the solution as text (export.js). */
  downloadText() {
    const { game, marks } = this.session;
    const { rows, cols } = game.board;
    saveBlob(new Blob([boardText(game.board, marks, this.session.limits.state_symbols)], { type: "text/plain" }), `lights-out-${rows}x${cols}.txt`);
  }
}
