// @ts-check
// Draws boards too big for the DOM grid (above 64×64, up to 10000×10000) on a canvas,
// with zoom, pan, a Fit button and a minimap of the whole board with the viewport. The
// tools and the minimap sit in a bar under the canvas, never over it, so no cell that
// can be pressed is hidden; the minimap shows only while part of the board is out of
// view (at Fit it would be a copy of the board), and the bar keeps its height either way.
//
// The picture is computed per device pixel from the packed bits, not from a cached image
// (canvas-paint.js says what each pixel costs), so a press redraws only the screen
// rectangle of the cells it toggled. Redraws are batched with requestAnimationFrame.
// Where the cells are, squares or the hex rule's hexagons: canvas-layout.js; the zoom and
// pan: canvas-viewport.js; the minimap: minimap.js. This module is the DOM and the timing.
//
// Contract (see README): <canvas aria-label="Board" data-rows data-cols data-outline data-lit-count
// data-press-count>; the counts are updated as soon as the state changes, not at the
// next frame, so tests can read them right after an action.

import { t } from "../page/i18n.js";
import { cellAt, cellBox } from "./canvas-layout.js";
import { colourOf, mix, paint } from "./canvas-paint.js";
import { Viewport } from "./canvas-viewport.js";
import { Minimap } from "./minimap.js";

/**
 * A two-state board as the canvas reads it (model/board.js's packed boards: k = 2).
 * @typedef {{rows: number, cols: number, bits: Uint8Array, litCount: number}} PackedBoard
 */

export class CanvasView {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.container = container;
    this.root = document.createElement("div");
    this.root.className = "canvas-board";

    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", t("board"));
    this.canvas.tabIndex = 0;

    this.minimap = new Minimap();

    const tools = document.createElement("div");
    tools.className = "canvas-tools";
    this.fitButton = this.toolButton("fit", () => this.fit());
    this.zoomInButton = this.toolButton("zoomIn", () => this.zoomBy(1.5));
    this.zoomOutButton = this.toolButton("zoomOut", () => this.zoomBy(1 / 1.5));
    tools.append(this.zoomOutButton, this.zoomInButton, this.fitButton);

    const bar = document.createElement("div");
    bar.className = "canvas-bar";
    bar.append(tools, this.minimap.canvas);
    this.root.append(this.canvas, bar);
    container.replaceChildren(this.root);

    this.context = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d", { alpha: false }));
    this.colours = readColours();

    /** @type {PackedBoard | null} */
    this.board = null;
    /** @type {PackedBoard | null} */
    this.marks = null; // the marked cells (a solution's presses), or null
    this.rows = 0;
    this.cols = 0;
    this.hex = false; // hexagons (setShape) or squares
    this.viewport = new Viewport();
    this.cursor = { row: 0, col: 0 }; // the keyboard's cell (UI state, not game state)
    this.showCursor = false;
    /** @type {ImageData | null} */
    this.image = null;
    /** @type {Uint32Array} */
    this.pixels = new Uint32Array(0); // the image's pixels, one uint32 each
    /** @type {import("./canvas-viewport.js").PixelRectangle | "all" | null} */
    this.dirty = null; // what the next flush draws again
    /** @type {{x: number, y: number, width: number, height: number} | null} */
    this.lastPaint = null; // the device pixels the last flush drew (tests read it)
    this.frame = 0;

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.canvas);
    this.resize();
  }

  /**
   * A button of the tool bar, its text the string `key` (and its name `${key}Label`, but Fit's).
   * @param {string} key
   * @param {() => void} onClick
   */
  toolButton(key, onClick) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t(key);
    if (key !== "fit") button.setAttribute("aria-label", t(`${key}Label`));
    button.addEventListener("click", onClick);
    return button;
  }

  destroy() {
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    this.root.remove();
  }

  /** Device pixels per cell width (tests read it). */
  get scale() {
    return this.viewport.scale;
  }

  // -------------------------------------------------------------------------------
  // State in

  /**
   * Draw squares ("square") or the hex rule's hexagons ("hex"); a change redraws and refits at the next draw.
   * @param {string} shape
   */
  setShape(shape) {
    const hex = shape === "hex";
    if (hex === this.hex) return;
    this.hex = hex;
    this.rows = 0; // the next draw lays the board out again
  }

  /**
   * Show `board` and `marks` (a board of presses, or null). `changed` lists the cell
   * indices that may differ since the last draw; null means anything may have.
   * @param {PackedBoard} board
   * @param {PackedBoard | null} marks
   * @param {Iterable<number> | null} [changed]
   */
  draw(board, marks, changed = null) {
    const newSize = board.rows !== this.rows || board.cols !== this.cols;
    this.board = board;
    this.marks = marks;
    if (newSize) {
      this.rows = board.rows;
      this.cols = board.cols;
      this.canvas.dataset.rows = String(board.rows);
      this.canvas.dataset.cols = String(board.cols);
      this.canvas.dataset.outline = this.hex ? "hex" : "square";
      this.cursor = { row: 0, col: 0 };
      this.viewport.setBoard(this);
      this.minimap.size(this.viewport);
    }
    this.canvas.dataset.litCount = String(board.litCount);
    this.canvas.dataset.pressCount = String(marks ? marks.litCount : 0);
    if (changed === null || newSize) this.invalidate();
    else for (const index of changed) this.invalidateCell(Math.floor(index / this.cols), index % this.cols);
  }

  /**
   * The keyboard cell: shown as an outline while the canvas has focus.
   * @param {number} row
   * @param {number} col
   * @param {boolean} focus  also give the canvas the focus
   */
  setFocusCell(row, col, focus) {
    this.invalidateCell(this.cursor.row, this.cursor.col);
    this.cursor = { row, col };
    this.invalidateCell(row, col);
    if (focus) this.canvas.focus();
  }

  focusCell() {
    return { ...this.cursor };
  }

  /** @param {boolean} visible */
  setCursorVisible(visible) {
    this.showCursor = visible;
    this.invalidateCell(this.cursor.row, this.cursor.col);
  }

  // -------------------------------------------------------------------------------
  // The canvas's size, points under the pointer, zoom and pan (canvas-viewport.js)

  resize() {
    const ratio = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
    if (width === this.canvas.width && height === this.canvas.height && this.image) return;
    this.canvas.width = width;
    this.canvas.height = height;
    this.image = this.context.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.viewport.setCanvas(width, height);
    this.minimap.size(this.viewport);
    this.invalidate();
  }

  /**
   * The device pixel under a client (CSS) point.
   * @param {number} clientX
   * @param {number} clientY
   */
  clientToPixel(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    return {
      x: ((clientX - box.left) * this.canvas.width) / box.width,
      y: ((clientY - box.top) * this.canvas.height) / box.height,
    };
  }

  /**
   * The cell under a client (CSS) point, or null off the board.
   * @param {number} clientX
   * @param {number} clientY
   */
  cellAtClient(clientX, clientY) {
    const pixel = this.clientToPixel(clientX, clientY);
    const point = this.viewport.pixelToBoard(pixel.x, pixel.y);
    return cellAt(this, point.x, point.y);
  }

  /**
   * The client (CSS) point at the centre of a cell (used by tests and the keyboard).
   * @param {number} row
   * @param {number} col
   */
  clientOfCell(row, col) {
    const box = this.canvas.getBoundingClientRect();
    const cell = cellBox(this, row, col);
    const { x, y } = this.viewport.boardToPixel(cell.x + cell.width / 2, cell.y + cell.height / 2);
    return { x: box.left + (x * box.width) / this.canvas.width, y: box.top + (y * box.height) / this.canvas.height };
  }

  /** Zoom so the whole board fits, centred. */
  fit() {
    this.viewport.fit();
    this.invalidate();
  }

  /**
   * Multiply the zoom by `factor`, keeping the cell under client point (clientX, clientY) in place.
   * @param {number} clientX
   * @param {number} clientY
   * @param {number} factor
   */
  zoomAtClient(clientX, clientY, factor) {
    const pixel = this.clientToPixel(clientX, clientY);
    this.viewport.zoomAtPixel(pixel.x, pixel.y, factor);
    this.invalidate();
  }

  /**
   * Multiply the zoom by `factor` about the canvas's centre.
   * @param {number} factor
   */
  zoomBy(factor) {
    this.viewport.zoomAtPixel(this.canvas.width / 2, this.canvas.height / 2, factor);
    this.invalidate();
  }

  /**
   * Move the picture by (dx, dy) CSS pixels.
   * @param {number} dx
   * @param {number} dy
   */
  panByClient(dx, dy) {
    const box = this.canvas.getBoundingClientRect();
    this.viewport.panByPixels((dx * this.canvas.width) / box.width, (dy * this.canvas.height) / box.height);
    this.invalidate();
  }

  /**
   * Scroll just enough to bring a cell into view (keyboard moves).
   * @param {number} row
   * @param {number} col
   */
  revealCell(row, col) {
    if (this.viewport.reveal(cellBox(this, row, col))) this.invalidate();
  }

  /**
   * Centre the main view on the board point under a client point of the minimap.
   * @param {number} clientX
   * @param {number} clientY
   */
  centreOnMinimap(clientX, clientY) {
    const point = this.minimap.boardPointAt(clientX, clientY, this.viewport);
    this.viewport.lookAt(point.x, point.y);
    this.invalidate();
  }

  // -------------------------------------------------------------------------------
  // Drawing

  invalidate() {
    this.dirty = "all";
    this.schedule();
  }

  /**
   * Mark the screen rectangle of one cell for redrawing.
   * @param {number} row
   * @param {number} col
   */
  invalidateCell(row, col) {
    if (this.dirty === "all" || !this.rows) return;
    const cell = this.viewport.pixelRectangle(cellBox(this, row, col));
    if (!cell) return; // off screen: the main picture does not change
    const d = this.dirty;
    this.dirty = d === null ? cell
      : { x0: Math.min(d.x0, cell.x0), y0: Math.min(d.y0, cell.y0), x1: Math.max(d.x1, cell.x1), y1: Math.max(d.y1, cell.y1) };
    this.schedule();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.flush();
    });
  }

  /** Draw what is dirty now (the next frame does it anyway; tests and benchmarks call this). */
  flush() {
    if (!this.board || !this.image) return;
    const dirty = this.dirty === "all"
      ? { x0: 0, y0: 0, x1: this.canvas.width, y1: this.canvas.height }
      : this.dirty;
    this.dirty = null;
    if (dirty) {
      const { viewport, cursor } = this;
      const frame = {
        rows: this.rows, cols: this.cols, scale: viewport.scale, originX: viewport.originX, originY: viewport.originY,
        pixels: this.pixels, width: this.canvas.width, bits: this.board.bits, markBits: this.marks ? this.marks.bits : null,
        colours: this.colours, cursorIndex: this.showCursor ? cursor.row * this.cols + cursor.col : -1,
      };
      paint(frame, this.hex, dirty.x0, dirty.y0, dirty.x1, dirty.y1);
      this.context.putImageData(this.image, 0, 0, dirty.x0, dirty.y0, dirty.x1 - dirty.x0, dirty.y1 - dirty.y0);
      this.lastPaint = { x: dirty.x0, y: dirty.y0, width: dirty.x1 - dirty.x0, height: dirty.y1 - dirty.y0 };
    }
    this.minimap.draw(this, this.board.bits, this.viewport, this.colours);
  }
}

/**
 * The board's colours from the page's CSS custom properties (style.css), read once per view.
 * @returns {import("./canvas-paint.js").Colours}
 */
function readColours() {
  const style = getComputedStyle(document.documentElement);
  const probe = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d", { willReadFrequently: true }));
  /** @param {string} name */
  const read = (name) => colourOf(probe, style.getPropertyValue(name).trim() || "#000");
  const [off, on, mark] = [read("--cell-off"), read("--cell-on"), read("--mark")];
  return {
    background: read("--board-bg"), off, on, mark, focus: read("--focus"),
    // Below canvas-paint.js's DETAIL_PIXELS a mark cannot be a ring: tint the cell instead.
    markedOff: mix(off, mark, 0.75),
    markedOn: mix(on, mark, 0.6),
  };
}
