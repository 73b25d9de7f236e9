// @ts-check
// Scan's four corner handles (buttons over the picture, one a corner of the board's grid):
// dragged with a pointer, which the handle captures so that a fast drag keeps it, or moved
// by the arrow keys when focused (Shift: five times as far). A move changes the reading's
// corner at once; the lights are read again once a frame (`moved()`), however many moves
// a frame brings.

import { pictureOf } from "./scan-drawing.js";

const KEY_STEP = 0.005; // an arrow key moves a corner by this share of the picture's longer side (×5 with Shift)
/** An arrow key's direction, [x, y] in the picture's pixels (y down). */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class ScanHandles {
  /**
   * @param {HTMLElement} dialog the Scan dialog: its `.scan-handle` buttons are the corners', in order (data-corner)
   * @param {import("./scan-reading.js").ScanReading} reading
   * @param {() => void} moved read the lights again: a corner moved
   */
  constructor(dialog, reading, moved) {
    this.reading = reading;
    this.moved = moved;
    this.canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("scan-picture"));
    this.handles = /** @type {HTMLButtonElement[]} */ ([...dialog.querySelectorAll(".scan-handle")]);
    this.frame = 0; // a pending re-read after a corner moved
    this.handles.forEach((handle, corner) => this.bind(handle, corner));
  }

  /** Put each handle over its corner (in % of the picture, which the stage scales). */
  place() {
    const { image, corners } = this.reading;
    this.handles.forEach((handle, corner) => {
      handle.style.left = `${(100 * corners[corner][0]) / image.width}%`;
      handle.style.top = `${(100 * corners[corner][1]) / image.height}%`;
    });
  }

  /** Focus the first corner's handle (a new picture: the reader adjusts from there). */
  focus() {
    this.handles[0].focus();
  }

  /** Move corner `corner` to the picture's pixel (x, y), and read the lights again in the next frame. */
  move(corner, x, y) {
    this.reading.moveCorner(corner, x, y);
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.moved();
      });
    }
  }

  /** @param {HTMLButtonElement} handle @param {number} corner */
  bind(handle, corner) {
    handle.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      handle.setPointerCapture(event.pointerId);
      handle.focus();
    });
    handle.addEventListener("pointermove", (event) => {
      const { image } = this.reading;
      if (!handle.hasPointerCapture(event.pointerId) || !image) return;
      this.move(corner, ...pictureOf(this.canvas, image, event));
    });
    handle.addEventListener("keydown", (event) => {
      const step = ARROWS[event.key];
      const { image } = this.reading;
      if (!step || !image) return;
      event.preventDefault();
      const distance = KEY_STEP * Math.max(image.width, image.height) * (event.shiftKey ? 5 : 1);
      const [x, y] = this.reading.corners[corner];
      this.move(corner, x + step[0] * distance, y + step[1] * distance);
    });
  }
}
