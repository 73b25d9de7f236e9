// @ts-check
// The canvas board's zoom and pan (canvas-render.js): which part of the board the canvas
// shows, headless (no DOM), so it runs under node (tests/js/canvas-viewport.test.mjs).
// Board units are cell widths (canvas-layout.js); the canvas is measured in device pixels.
// Board point (x, y) is at device pixel ((x - originX)·scale, (y - originY)·scale).

import { boardExtent } from "./canvas-layout.js";

/** @typedef {import("./canvas-layout.js").Box} Box */

export const MAX_CELL_PIXELS = 96; // most zoomed in, in device pixels per cell

/**
 * A device-pixel rectangle [x0, x1) × [y0, y1).
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} PixelRectangle
 */

export class Viewport {
  constructor() {
    this.width = 0; // the board's extent in cell widths (0: no board yet)
    this.height = 0; // in cell widths too
    this.pixelWidth = 1; // the canvas's size, in device pixels
    this.pixelHeight = 1;
    this.scale = 1; // device pixels per cell width
    this.originX = 0; // board x (cell widths, fractional) at the canvas's left edge
    this.originY = 0; // board y at the canvas's top edge
    this.fitted = true; // refit on resize until the user zooms or pans
  }

  /**
   * A new board: its extent from its layout, shown whole.
   * @param {import("./canvas-layout.js").CanvasLayout} layout
   */
  setBoard(layout) {
    ({ width: this.width, height: this.height } = boardExtent(layout));
    this.fit();
  }

  /**
   * The canvas's new size in device pixels: a fitted board fits again, else the board point
   * at the centre stays there.
   * @param {number} pixelWidth
   * @param {number} pixelHeight
   */
  setCanvas(pixelWidth, pixelHeight) {
    const centre = this.pixelToBoard(this.pixelWidth / 2, this.pixelHeight / 2);
    this.pixelWidth = pixelWidth;
    this.pixelHeight = pixelHeight;
    if (this.fitted) this.fit();
    else this.centreOn(centre.x, centre.y);
  }

  /**
   * The board point at device pixel (x, y).
   * @param {number} x
   * @param {number} y
   * @returns {{x: number, y: number}}
   */
  pixelToBoard(x, y) {
    return { x: this.originX + x / this.scale, y: this.originY + y / this.scale };
  }

  /**
   * The device pixel at board point (x, y).
   * @param {number} x
   * @param {number} y
   * @returns {{x: number, y: number}}
   */
  boardToPixel(x, y) {
    return { x: (x - this.originX) * this.scale, y: (y - this.originY) * this.scale };
  }

  /** The scale at which the whole board just fits the canvas. */
  fitScale() {
    return Math.min(this.pixelWidth / this.width, this.pixelHeight / this.height);
  }

  /** Zoom so the whole board fits, centred (at most MAX_CELL_PIXELS a cell). */
  fit() {
    if (!this.width) return;
    this.scale = Math.min(MAX_CELL_PIXELS, this.fitScale());
    this.centreOn(this.width / 2, this.height / 2);
    this.fitted = true;
  }

  /**
   * Put board point (x, y) at the canvas's centre, as near as clamp allows.
   * @param {number} x
   * @param {number} y
   */
  centreOn(x, y) {
    this.originX = x - this.pixelWidth / 2 / this.scale;
    this.originY = y - this.pixelHeight / 2 / this.scale;
    this.clamp();
  }

  /**
   * The user's move to board point (x, y) (the minimap): centred there, no longer fitted.
   * @param {number} x
   * @param {number} y
   */
  lookAt(x, y) {
    this.fitted = false;
    this.centreOn(x, y);
  }

  /**
   * Multiply the zoom by `factor`, keeping the board point under device pixel (x, y) in place;
   * at most MAX_CELL_PIXELS a cell, at least half the fitting scale (or half a pixel a cell).
   * @param {number} x
   * @param {number} y
   * @param {number} factor
   */
  zoomAtPixel(x, y, factor) {
    if (!this.width) return;
    const before = this.pixelToBoard(x, y);
    const smallest = Math.min(1, this.fitScale()) / 2;
    this.scale = Math.min(MAX_CELL_PIXELS, Math.max(smallest, this.scale * factor));
    this.originX = before.x - x / this.scale;
    this.originY = before.y - y / this.scale;
    this.fitted = false;
    this.clamp();
  }

  /**
   * Move the picture by (dx, dy) device pixels.
   * @param {number} dx
   * @param {number} dy
   */
  panByPixels(dx, dy) {
    this.originX -= dx / this.scale;
    this.originY -= dy / this.scale;
    this.fitted = false;
    this.clamp();
  }

  /** Keep at least half the viewport (or the whole board, if smaller) over the board. */
  clamp() {
    const { width: viewWidth, height: viewHeight } = this.visible();
    /** @type {(origin: number, view: number, size: number) => number} */
    const clamp = (origin, view, size) => {
      const slack = Math.max(view / 2, view - size);
      return Math.min(size - view + slack, Math.max(-slack, origin));
    };
    this.originX = clamp(this.originX, viewWidth, this.width);
    this.originY = clamp(this.originY, viewHeight, this.height);
  }

  /**
   * Scroll just enough to bring `box` (board units) into view; true when the view moved.
   * @param {Box} box
   * @returns {boolean}
   */
  reveal(box) {
    const { width: viewWidth, height: viewHeight } = this.visible();
    let moved = false;
    if (box.x < this.originX) { this.originX = box.x; moved = true; }
    if (box.x + box.width > this.originX + viewWidth) { this.originX = box.x + box.width - viewWidth; moved = true; }
    if (box.y < this.originY) { this.originY = box.y; moved = true; }
    if (box.y + box.height > this.originY + viewHeight) { this.originY = box.y + box.height - viewHeight; moved = true; }
    if (moved) this.fitted = false;
    return moved;
  }

  /**
   * The part of the board the canvas shows, in board units (it may reach past the board).
   * @returns {Box}
   */
  visible() {
    return { x: this.originX, y: this.originY, width: this.pixelWidth / this.scale, height: this.pixelHeight / this.scale };
  }

  /** True when every cell is inside the canvas (at Fit, or zoomed out further). */
  wholeBoardVisible() {
    const view = this.visible();
    const slack = 1e-6; // a fitted board fills the canvas to the last pixel, give or take rounding
    return view.x <= slack && view.y <= slack &&
      view.x + view.width >= this.width - slack && view.y + view.height >= this.height - slack;
  }

  /**
   * The device pixels that draw `box` (board units), a pixel more each way so that rounding
   * never leaves an edge pixel out, clipped to the canvas; null when none of it is on the canvas.
   * @param {Box} box
   * @returns {PixelRectangle | null}
   */
  pixelRectangle(box) {
    const x0 = Math.max(0, Math.floor((box.x - this.originX) * this.scale) - 1);
    const y0 = Math.max(0, Math.floor((box.y - this.originY) * this.scale) - 1);
    const x1 = Math.min(this.pixelWidth, Math.ceil((box.x + box.width - this.originX) * this.scale) + 1);
    const y1 = Math.min(this.pixelHeight, Math.ceil((box.y + box.height - this.originY) * this.scale) + 1);
    return x1 <= x0 || y1 <= y0 ? null : { x0, y0, x1, y1 };
  }
}
