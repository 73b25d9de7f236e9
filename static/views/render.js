// @ts-check
// Draws the board as a DOM grid of buttons (fine up to 64×64 = 4096 cells) and keeps
// it in step with the state by diffing attributes, so focus and listeners survive.
//
// Structure (the automation contract, see README):
//   <div role="grid" aria-label="Board">
//     <div role="row"> <button role="gridcell" data-row data-col data-lit aria-pressed> …
// A hole is a <div role="gridcell" aria-disabled="true" data-hole="1"> instead of a
// button: it has no light and cannot be pressed. The overlays (layers) add data
// attributes to cells: data-dont-care, data-proof, data-nearest and data-quiet; the
// explanation (explain.js) data-next, data-clears and data-formula.
//
// Every cell also carries data-state (its state, 0..k−1; 0/1 for two states) and, while
// a solution marks it, data-press with its press count. A k-state game (draw with
// coloured = true) has its cells coloured from palette.js; above 8 states the grid gets the class
// grid--numbers and the stylesheet writes each state on its cell.

import { t } from "../page/i18n.js";
import { showsNumbers, stateColours } from "./palette.js";

const CHUNK = 250; // cells restyled per animation frame when many change at once
const NOT_DRAWN = 255; // in shownLit / shownMarked: states and press counts are below 255

// A cell's overlay flags, one bit each (see cellFlags).
export const HOLE = 1;
export const DONT_CARE = 2;
export const PROOF = 4;
export const NEAREST = 8;
export const QUIET = 16;
export const NEXT = 32; // the cell the explanation's next step presses
export const CLEARS = 64; // the light that step clears
export const FORMULA = 128; // a light of the cell formula shown ("Why this press?"), or of the unsolvability proof
export const SELECTED = 256; // the cell whose "why" is shown
/** @type {Array<[number, string]>} */
const FLAG_ATTRIBUTES = [[DONT_CARE, "dontCare"], [PROOF, "proof"], [NEAREST, "nearest"], [QUIET, "quiet"],
  [NEXT, "next"], [CLEARS, "clears"], [FORMULA, "formula"], [SELECTED, "selected"]];

/** Set a cell element's overlay attributes (data-dont-care, data-proof, … "1" or absent) from its `flags` (cellFlags). */
export function setFlagAttributes(element, flags) {
  for (const [flag, name] of FLAG_ATTRIBUTES) {
    if (flags & flag) element.dataset[name] = "1";
    else delete element.dataset[name];
  }
}

/**
 * Set a (not hole) cell element's state attributes: data-state (0..k−1), data-lit ("1" unless
 * state 0), aria-pressed, and data-press with its press count while marked (`marked` > 0).
 */
export function setStateAttributes(element, state, marked) {
  element.dataset.state = state;
  element.dataset.lit = state ? "1" : "0";
  element.setAttribute("aria-pressed", state ? "true" : "false");
  if (marked) element.dataset.press = marked;
  else delete element.dataset.press;
}

/** The overlay flags (HOLE, DONT_CARE, … one bit each) of cell `index` under `layers` ({mask, proof, nearest, quiet, explain} or null). */
export function cellFlags(layers, index) {
  if (layers === null) return 0;
  let flags = 0;
  if (layers.mask) {
    if (layers.mask.holes.get(index)) return HOLE; // a hole shows nothing else
    if (layers.mask.dontCare.get(index)) flags |= DONT_CARE;
  }
  if (layers.proof?.get(index)) flags |= PROOF;
  if (layers.nearest?.get(index)) flags |= NEAREST;
  if (layers.quiet?.get(index)) flags |= QUIET;
  const explain = layers.explain;
  if (explain) {
    if (explain.next === index) flags |= NEXT;
    if (explain.clears === index) flags |= CLEARS;
    if (explain.formula?.has(index)) flags |= FORMULA;
    if (explain.selected === index) flags |= SELECTED;
  }
  return flags;
}

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
    this.cellButtons = []; // one element per cell: a button, or a div for a hole
    this.focusIndex = 0; // the roving tab stop (UI state, not game state)
    this.layers = null; // {mask, proof, nearest, quiet}: Mask / Boards or null
    this.editing = false; // shape editing: holes are focusable and clickable
    this.pending = []; // cell indices still to restyle (see draw)
    this.frame = 0;
    this.colours = null; // palette.js's stateColours(k) for a k-state board, else null (CSS colours)
    this.coloursK = 0; // the k of `colours` (0: a two-state packed board)
    this.palette = null; // a preset's own colours, when it has them
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
  draw(board, marks, changed = null, layers = null, coloured = false) {
    if (board.rows !== this.rows || board.cols !== this.cols) {
      this.build(board.rows, board.cols);
      changed = null;
    }
    if (layers !== this.layers) {
      this.layers = layers;
      changed = null; // an overlay may touch any cell
    }
    // A game with more than two states (game.js isMultiState) is drawn in the state colours (palette.js);
    // the classic game is coloured by the stylesheet.
    // `coloured` may be a preset's own colours (an array of {fill, text} per state).
    const k = coloured ? board.k : 0;
    const palette = Array.isArray(coloured) ? coloured : null;
    if (k !== this.coloursK || palette !== this.palette) {
      this.coloursK = k;
      this.palette = palette;
      this.colours = palette ?? (k ? stateColours(k) : null);
      this.grid.classList.toggle("grid--states", k !== 0);
      this.grid.classList.toggle("grid--numbers", k !== 0 && showsNumbers(k));
      this.shownLit.fill(NOT_DRAWN); // every cell's colour changes
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
      if (this.shownLit[i] !== lit || this.shownMarked[i] !== marked || this.shownFlags[i] !== this.flagsOf(i)) {
        differ.push(i);
      }
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
      const flags = this.flagsOf(i);
      if ((flags & HOLE) !== (this.shownFlags[i] & HOLE)) this.replaceCell(i, flags & HOLE);
      const button = this.cellButtons[i];
      const lit = flags & HOLE ? 0 : board.get(i); // the state: 0/1, or 0..k−1
      const marked = marks !== null && !(flags & HOLE) ? marks.get(i) : 0; // the press count
      this.shownLit[i] = lit;
      this.shownMarked[i] = marked;
      this.shownFlags[i] = flags;
      setFlagAttributes(button, flags);
      button.setAttribute("aria-label", this.label(i, lit, marked, flags));
      if (flags & HOLE) continue;
      setStateAttributes(button, lit, marked);
      if (this.colours) {
        button.style.backgroundColor = this.colours[lit].fill ?? "";
        button.style.color = this.colours[lit].text;
      } else if (button.style.backgroundColor || button.style.color) {
        button.style.backgroundColor = ""; // back from a k-state board to the stylesheet's colours
        button.style.color = "";
      }
    }
    if (this.pending.length > 0) {
      this.grid.setAttribute("aria-busy", "true");
      this.frame = requestAnimationFrame(() => this.applyChunk());
    } else {
      this.grid.removeAttribute("aria-busy");
      this.frame = 0;
    }
  }

  /** The overlay flags of cell `index` under the current layers. */
  flagsOf(index) {
    return cellFlags(this.layers, index);
  }

  label(index, lit, marked, flags) {
    const row = Math.floor(index / this.cols) + 1;
    const col = (index % this.cols) + 1;
    if (flags & HOLE) return t("cell", { row, col, state: t("cellHole") });
    const parts = [this.colours ? t("cellState", { state: lit })
      : t(lit ? "cellLit" : "cellDark")];
    if (marked) parts.push(marked === 1 ? t("cellMarked") : t("cellMarkedTimes", { count: marked }));
    if (flags & DONT_CARE) parts.push(t("cellDontCare"));
    if (flags & PROOF) parts.push(t("cellProof"));
    if (flags & NEAREST) parts.push(t("cellNearest"));
    if (flags & QUIET) parts.push(t("cellQuiet"));
    if (flags & NEXT) parts.push(t("cellNext"));
    if (flags & CLEARS) parts.push(t("cellClears"));
    if (flags & FORMULA) parts.push(t("cellFormula"));
    return t("cell", { row, col, state: parts.join(", ") });
  }

  /** A new element for cell `index`: a button, or for a hole a div that cannot be pressed. */
  makeCell(index, hole) {
    const element = document.createElement(hole ? "div" : "button");
    if (hole) {
      element.className = "cell cell--hole";
      element.dataset.hole = "1";
      // Disabled for play; while the shape is edited a hole can be turned back into a cell.
      element.setAttribute("aria-disabled", this.editing ? "false" : "true");
    } else {
      /** @type {HTMLButtonElement} */ (element).type = "button";
      element.className = "cell";
    }
    element.setAttribute("role", "gridcell");
    element.dataset.row = String(Math.floor(index / this.cols));
    element.dataset.col = String(index % this.cols);
    if (!hole || this.editing) element.tabIndex = -1;
    return element;
  }

  /** Swap cell `index` between a button and a hole, keeping the roving tab stop on a cell. */
  replaceCell(index, hole) {
    const old = this.cellButtons[index];
    const element = this.makeCell(index, hole);
    const hadFocus = document.activeElement === old;
    old.replaceWith(element);
    this.cellButtons[index] = element;
    this.shownLit[index] = NOT_DRAWN;
    this.shownMarked[index] = NOT_DRAWN;
    if (index === this.focusIndex) {
      element.tabIndex = 0;
      if (hadFocus) element.focus();
      if (hole && !this.editing) this.moveFocusOffHole();
    }
  }

  /** Holes are focusable only while the shape is being edited. */
  setEditing(editing) {
    this.editing = editing;
    this.cellButtons.forEach((element, index) => {
      if (element.dataset.hole) {
        element.setAttribute("aria-disabled", editing ? "false" : "true");
        if (editing) element.tabIndex = index === this.focusIndex ? 0 : -1;
        else element.removeAttribute("tabindex");
      }
    });
    if (!editing) this.moveFocusOffHole();
  }

  isHole(row, col) {
    return Boolean(this.cellButtons[row * this.cols + col]?.dataset.hole);
  }

  /** Put the tab stop on the first cell that is not a hole, if it sits on one. */
  moveFocusOffHole() {
    if (this.editing || !this.cellButtons[this.focusIndex]?.dataset.hole) return;
    const index = this.cellButtons.findIndex((element) => !element.dataset.hole);
    if (index >= 0) this.setFocusCell(Math.floor(index / this.cols), index % this.cols, false);
  }

  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    // What each cell shows now (its state and press count); NOT_DRAWN (255) = not drawn
    // yet, so the first draw sets every cell.
    this.shownLit = new Uint8Array(rows * cols).fill(NOT_DRAWN);
    this.shownMarked = new Uint8Array(rows * cols).fill(NOT_DRAWN);
    this.shownFlags = new Uint16Array(rows * cols); // every cell starts as a plain button
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
      rowElement.style.setProperty("--row-index", String(r)); // the win wave's delay (style.css)
      for (let c = 0; c < cols; c++) {
        const button = this.makeCell(r * cols + c, false);
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
    const previous = this.cellButtons[this.focusIndex];
    if (previous) {
      if (previous.dataset.hole && !this.editing) previous.removeAttribute("tabindex");
      else previous.tabIndex = -1;
    }
    this.focusIndex = index;
    const button = this.cellButtons[index];
    button.tabIndex = 0;
    if (focus) button.focus();
  }

  focusCell() {
    return { row: Math.floor(this.focusIndex / this.cols), col: this.focusIndex % this.cols };
  }
}
