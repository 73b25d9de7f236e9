// Draws the board as a DOM grid of buttons (fine up to 64×64 = 4096 cells) and keeps
// it in step with the state by diffing attributes, so focus and listeners survive.
//
// Structure (the automation contract, see README):
//   <div role="grid" aria-label="Board">
//     <div role="row"> <button role="gridcell" data-row data-col data-lit aria-pressed> …

import { t } from "./i18n.js";

const CHUNK = 250; // cells restyled per animation frame when many change at once

export class BoardView {
  constructor(container) {
    this.container = container;
    this.grid = document.createElement("div");
    this.grid.className = "grid";
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", t("board"));
    container.replaceChildren(this.grid);
    this.rows = 0;
    this.cols = 0;
    this.cellButtons = [];
    this.focusIndex = 0; // the roving tab stop (UI state, not game state)
    this.pending = []; // cell indices still to restyle (see draw)
    this.frame = 0;
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    this.grid.remove();
  }

  /**
   * Rebuild the cells when the size changes, then show `board` and `marks` (a Board of
   * presses, or null). `changed` lists the cell indices that may differ since the last
   * draw (a press's stencil); null means check them all.
   *
   * Restyling a cell costs the browser ~20 µs (style, then paint of its gradient and
   * glow), so a whole 64×64 solution appearing at once held the main thread ~60 ms.
   * Updates of more than CHUNK cells are spread over animation frames instead, with
   * aria-busy="true" on the grid until the last one lands (the ARIA way to say "being
   * updated; read me when done").
   */
  draw(board, marks, changed = null) {
    if (board.rows !== this.rows || board.cols !== this.cols) {
      this.build(board.rows, board.cols);
      changed = null;
    }
    // Cells still waiting from an earlier chunked draw are among those that differ.
    const candidates = changed === null || this.pending.length > 0 ? null : changed;
    const count = candidates === null ? this.cellButtons.length : candidates.length;
    const differ = [];
    for (let k = 0; k < count; k++) {
      const i = candidates === null ? k : candidates[k];
      const lit = board.get(i);
      const marked = marks !== null ? marks.get(i) : 0;
      if (this.shownLit[i] !== lit || this.shownMarked[i] !== marked) differ.push(i);
    }
    this.board = board;
    this.marks = marks;
    this.pending = differ;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.applyChunk();
  }

  /** Restyle up to CHUNK pending cells now, and schedule the rest for the next frame. */
  applyChunk() {
    const { board, marks } = this;
    const batch = this.pending.splice(0, CHUNK);
    for (const i of batch) {
      const button = this.cellButtons[i];
      const lit = board.get(i);
      const marked = marks !== null ? marks.get(i) : 0;
      this.shownLit[i] = lit;
      this.shownMarked[i] = marked;
      button.dataset.lit = lit ? "1" : "0";
      button.setAttribute("aria-pressed", lit ? "true" : "false");
      if (marked) button.dataset.press = "1";
      else delete button.dataset.press;
      button.setAttribute("aria-label", this.label(i, lit, marked));
    }
    if (this.pending.length > 0) {
      this.grid.setAttribute("aria-busy", "true");
      this.frame = requestAnimationFrame(() => this.applyChunk());
    } else {
      this.grid.removeAttribute("aria-busy");
      this.frame = 0;
    }
  }

  label(index, lit, marked) {
    const row = Math.floor(index / this.cols) + 1;
    const col = (index % this.cols) + 1;
    const state = t(lit ? "cellLit" : "cellDark") + (marked ? `, ${t("cellMarked")}` : "");
    return t("cell", { row, col, state });
  }

  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    // What each cell shows now; 2 = not drawn yet, so the first draw sets every cell.
    this.shownLit = new Uint8Array(rows * cols).fill(2);
    this.shownMarked = new Uint8Array(rows * cols).fill(2);
    this.pending = [];
    this.grid.style.setProperty("--rows", rows);
    this.grid.style.setProperty("--cols", cols);
    this.grid.setAttribute("aria-rowcount", rows);
    this.grid.setAttribute("aria-colcount", cols);
    const rowElements = [];
    this.cellButtons = [];
    for (let r = 0; r < rows; r++) {
      const rowElement = document.createElement("div");
      rowElement.className = "row";
      rowElement.setAttribute("role", "row");
      for (let c = 0; c < cols; c++) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "cell";
        button.setAttribute("role", "gridcell");
        button.dataset.row = r;
        button.dataset.col = c;
        button.tabIndex = -1;
        rowElement.append(button);
        this.cellButtons.push(button);
      }
      rowElements.push(rowElement);
    }
    this.grid.replaceChildren(...rowElements);
    this.focusIndex = Math.min(this.focusIndex, rows * cols - 1);
    if (this.focusIndex >= this.cellButtons.length) this.focusIndex = 0;
    this.cellButtons[this.focusIndex].tabIndex = 0;
  }

  cellAt(row, col) {
    return this.cellButtons[row * this.cols + col];
  }

  /** Move the single tab stop to (row, col); focus it too when `focus` is true. */
  setFocusCell(row, col, focus) {
    const index = row * this.cols + col;
    if (this.cellButtons[this.focusIndex]) this.cellButtons[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    const button = this.cellButtons[index];
    button.tabIndex = 0;
    if (focus) button.focus();
  }

  focusCell() {
    return { row: Math.floor(this.focusIndex / this.cols), col: this.focusIndex % this.cols };
  }
}
