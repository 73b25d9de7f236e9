// @ts-check
// What Scan shows of its reading: the picture with the grid and each light as read drawn
// over it (a canvas), and the preview (a button a light: its state, whether the reader set
// it, whether the reading is not sure of it, named in the page's language). A tap on either
// steps the light under it: the drawing reports the light (`tapped(index)`), the dialog
// decides. The states are drawn in the board's colours; the lit state of a two-state board
// in the page's.

import { t } from "../page/i18n.js";
import { stateColours } from "../views/palette.js";
import { homography, project } from "../scan/scan.js";
import { UNIT_SQUARE } from "./scan-reading.js";

const LIT_OUTLINE = "#ffd54a"; // the page's --cell-on: a lit light's mark over the picture (k = 2)
const DOUBT_MARK = "#ff3b30"; // the ring around a light the reading is not sure of (picture and preview)

/**
 * The picture's pixel under a pointer event on `canvas`, which shows `image` scaled.
 * @param {HTMLCanvasElement} canvas
 * @param {{width: number, height: number}} image
 * @param {MouseEvent} event
 * @returns {[number, number]} [x, y]
 */
export function pictureOf(canvas, image, event) {
  const box = canvas.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * image.width;
  return [x, ((event.clientY - box.top) / box.height) * image.height];
}

export class ScanDrawing {
  /**
   * @param {import("./scan-reading.js").ScanReading} reading
   * @param {import("../session/api.js").SessionApi} session the game's states' names
   * @param {() => {fill: string}[] | boolean} colours the board's state colours as the board
   *   panel draws them (a boolean when the page's own lit/dark colours are used)
   * @param {(index: number) => void} tapped a light of the picture or of the preview was tapped
   */
  constructor(reading, session, colours, tapped) {
    this.reading = reading;
    this.session = session;
    this.colours = colours;
    this.tapped = tapped;
    this.stage = /** @type {HTMLElement} */ (document.getElementById("scan-stage"));
    this.canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("scan-picture"));
    this.preview = /** @type {HTMLElement} */ (document.getElementById("scan-preview"));
    this.canvas.addEventListener("click", (event) => {
      const { image } = this.reading;
      if (!image) return;
      const index = this.reading.cellAt(...pictureOf(this.canvas, image, event));
      if (index !== null) this.tapped(index);
    });
  }

  /** Size the canvas and the stage to `image`, the new picture. */
  setPicture(image) {
    this.canvas.width = image.width;
    this.canvas.height = image.height;
    this.stage.style.setProperty("--aspect", (image.width / image.height).toFixed(4));
  }

  /** The colours the states are drawn in: {fill} for each state 0..k−1 (the board's, or palette.js's). */
  palette() {
    const palette = this.colours();
    return Array.isArray(palette) ? palette : stateColours(this.reading.board().k);
  }

  /** The fill of a light in `state` (null: dark). */
  stateFill(state) {
    if (state === 0) return null;
    if (this.reading.board().k === 2) return LIT_OUTLINE;
    return this.palette()[state].fill;
  }

  /** A state's name in the page's language: lit or dark, a preset's colour, or its number. */
  stateName(state) {
    if (this.reading.board().k === 2) return state ? t("scanLit") : t("scanDark");
    const names = this.session.game.graph?.preset?.states;
    if (names) {
      const ordered = [names[0], ...(this.session.statesReversed ? names.slice(1).reverse() : names.slice(1))];
      const name = ordered[state];
      if (name) return name[document.documentElement.lang.startsWith("zh") ? "zh" : "en"] ?? name.en;
    }
    return t("scanState", { state });
  }

  /** Draw the picture with the grid and the lights over it, and the preview; `unsure`: the lights marked not sure. */
  draw(unsure) {
    const { image, corners, fixed } = this.reading;
    const { rows, cols } = this.reading.board();
    const context = this.canvas.getContext("2d");
    context.putImageData(image, 0, 0);
    const h = homography(UNIT_SQUARE, corners);
    const line = Math.max(1.5, Math.max(image.width, image.height) / 400); // in the picture's pixels
    context.lineWidth = line;
    context.strokeStyle = "rgba(0, 200, 255, 0.9)";
    context.beginPath();
    const path = (u0, v0, u1, v1) => {
      const [[x0, y0], [x1, y1]] = [project(h, u0, v0), project(h, u1, v1)];
      context.moveTo(x0, y0);
      context.lineTo(x1, y1);
    };
    for (let c = 0; c <= cols; c++) path(c / cols, 0, c / cols, 1);
    for (let r = 0; r <= rows; r++) path(0, r / rows, 1, r / rows);
    context.stroke();
    const states = this.reading.states();
    // A cell's width along the top edge, in the picture's pixels: the lights' marks are drawn to it.
    const size = Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / cols;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const [x, y] = project(h, (c + 0.5) / cols, (r + 0.5) / rows);
        const state = states[r * cols + c];
        context.beginPath();
        context.arc(x, y, Math.max(3, size * 0.14), 0, 2 * Math.PI);
        context.fillStyle = this.stateFill(state) ?? "rgba(20, 20, 20, 0.85)";
        context.fill();
        context.lineWidth = line;
        context.strokeStyle = fixed.has(r * cols + c) ? "#ff00ff" : "#ffffff";
        context.stroke();
        if (unsure.has(r * cols + c)) {
          // A dashed ring around a light the reading is not sure of.
          context.beginPath();
          context.arc(x, y, Math.max(6, size * 0.3), 0, 2 * Math.PI);
          context.setLineDash([2 * line, 1.5 * line]);
          context.lineWidth = 1.5 * line;
          context.strokeStyle = DOUBT_MARK;
          context.stroke();
          context.setLineDash([]);
        }
      }
    }
    this.drawPreview(unsure);
  }

  /** Draw the preview: a button a light, made again when the board's size changed. */
  drawPreview(unsure) {
    const { rows, cols } = this.reading.board();
    const states = this.reading.states();
    const { fixed } = this.reading;
    if (this.preview.childElementCount !== rows * cols) {
      this.preview.replaceChildren();
      this.preview.style.setProperty("--cols", String(cols));
      for (let index = 0; index < rows * cols; index++) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "scan-cell";
        cell.dataset.row = String(Math.floor(index / cols));
        cell.dataset.col = String(index % cols);
        cell.addEventListener("click", () => this.tapped(index));
        this.preview.append(cell);
      }
    }
    const cells = /** @type {HTMLButtonElement[]} */ ([...this.preview.children]);
    cells.forEach((cell, index) => {
      const state = states[index];
      cell.dataset.state = String(state);
      cell.dataset.fixed = fixed.has(index) ? "1" : "0";
      cell.dataset.doubtful = unsure.has(index) ? "1" : "0";
      cell.style.background = this.stateFill(state) ?? "";
      cell.style.outline = unsure.has(index) ? `3px dashed ${DOUBT_MARK}` : "";
      cell.style.outlineOffset = unsure.has(index) ? "1px" : "";
      cell.setAttribute("aria-label", t(unsure.has(index) ? "scanCellDoubtful" : "scanCell", {
        row: Math.floor(index / cols) + 1, col: (index % cols) + 1, state: this.stateName(state),
      }));
    });
  }
}
