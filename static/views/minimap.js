// @ts-check
// The canvas board's minimap (canvas-render.js): the whole board, one sample per minimap
// pixel, with the canvas's viewport as a rectangle, in the bar under the canvas. It shows
// only while part of the board is out of view (at Fit it would be a copy of the board);
// clicking or dragging on it recentres the view there (input.js).

import { cellAt } from "./canvas-layout.js";
import { mix } from "./canvas-paint.js";

const MINIMAP_PIXELS = 72; // the minimap's longer side, in CSS pixels (the bar's height: style.css)
const LEAST_PIXELS = 16; // its shorter side's least, in CSS pixels: a 1×10000 board's still shows

export class Minimap {
  constructor() {
    this.canvas = document.createElement("canvas");
    this.canvas.className = "minimap";
    this.canvas.setAttribute("aria-hidden", "true");
    this.canvas.hidden = true; // until part of the board is out of view
    this.context = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d"));
    /** @type {ImageData | null} */
    this.image = null;
  }

  /**
   * Size the minimap for a board `width` × `height` cell widths, its longer side MINIMAP_PIXELS.
   * @param {import("./canvas-viewport.js").Viewport} viewport  the board's extent
   */
  size({ width, height }) {
    if (!width) return;
    const ratio = window.devicePixelRatio || 1;
    const longest = Math.max(width, height);
    const cssWidth = Math.max(LEAST_PIXELS, Math.round((MINIMAP_PIXELS * width) / longest));
    const cssHeight = Math.max(LEAST_PIXELS, Math.round((MINIMAP_PIXELS * height) / longest));
    this.canvas.style.width = `${cssWidth}px`;
    this.canvas.style.height = `${cssHeight}px`;
    this.canvas.width = Math.round(cssWidth * ratio);
    this.canvas.height = Math.round(cssHeight * ratio);
    this.image = this.context.createImageData(this.canvas.width, this.canvas.height);
  }

  /**
   * Draw the board's lights and the viewport's rectangle; hidden when the whole board is in view.
   * @param {import("./canvas-layout.js").CanvasLayout} layout
   * @param {Uint8Array} bits  the lights, packed (canvas-paint.js's PaintFrame)
   * @param {import("./canvas-viewport.js").Viewport} viewport
   * @param {import("./canvas-paint.js").Colours} colours
   */
  draw(layout, bits, viewport, colours) {
    const hidden = viewport.wholeBoardVisible();
    if (this.canvas.hidden !== hidden) this.canvas.hidden = hidden;
    if (hidden) return;
    if (!this.image) this.size(viewport);
    const image = this.image;
    if (!image) return;
    const { width, height } = image;
    const pixels = new Uint32Array(image.data.buffer);
    // Dimmed towards the background, so the viewport rectangle stands out on any board.
    const on = mix(colours.on, colours.background, 0.45);
    const off = mix(colours.off, colours.background, 0.45);
    for (let y = 0; y < height; y++) {
      const boardY = ((y + 0.5) * viewport.height) / height;
      for (let x = 0; x < width; x++) {
        const cell = cellAt(layout, ((x + 0.5) * viewport.width) / width, boardY); // null: outside the hex rhombus
        const index = cell ? cell.row * layout.cols + cell.col : -1;
        pixels[y * width + x] = index < 0 ? colours.background : (bits[index >> 3] >> (index & 7)) & 1 ? on : off;
      }
    }
    const context = this.context;
    context.putImageData(image, 0, 0);
    const sx = width / viewport.width;
    const sy = height / viewport.height;
    const view = viewport.visible();
    const ratio = window.devicePixelRatio || 1;
    /** @type {[number, number, number, number]} */
    const rectangle = [view.x * sx, view.y * sy, Math.max(3, view.width * sx), Math.max(3, view.height * sy)];
    context.lineWidth = 3 * ratio;
    context.strokeStyle = "rgba(0, 0, 0, 0.8)";
    context.strokeRect(...rectangle);
    context.lineWidth = 1.5 * ratio;
    context.strokeStyle = "#ffffff";
    context.strokeRect(...rectangle);
  }

  /**
   * The board point (cell widths) under a client (CSS) point of the minimap.
   * @param {number} clientX
   * @param {number} clientY
   * @param {import("./canvas-viewport.js").Viewport} viewport  the board's extent
   * @returns {{x: number, y: number}}
   */
  boardPointAt(clientX, clientY, { width, height }) {
    const box = this.canvas.getBoundingClientRect();
    return { x: ((clientX - box.left) / box.width) * width, y: ((clientY - box.top) / box.height) * height };
  }
}
