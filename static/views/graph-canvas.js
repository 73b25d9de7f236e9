// @ts-check
// Draws a board from its cells' coordinates on a canvas: the boards graph-render.js would
// draw as SVG, when they have more than MAX_SVG_CELLS cells. An SVG cell is an element the
// browser styles, lays out and paints: at 4 096 cells every press cost 20–35 ms of layout
// and paint (a task of 50–76 ms with the click's own hit tests), however few cells changed.
// Here a frame redraws every cell from the board's bits in a few milliseconds, and the
// page's layout holds one canvas.
//
// The same contract as the SVG's, for one cell at a time: a role="grid" element labelled
// Board (aria-rowcount, aria-colcount) whose one role="gridcell" element is the keyboard's
// cell (the tab stop, a "virtual" ARIA grid): data-index, data-row, data-col, data-state,
// data-lit, aria-pressed, data-press, the overlay flags and aria-label as on an SVG cell,
// laid over its cell, made anew when the keyboard moves so that a screen reader reads the
// new cell. Clicks find their cell by its outline (cellAtPoint); the pointer shows as a
// hand over a cell that can be pressed. The canvas carries data-cells and data-edges (the
// lines drawn) for tests; it is hidden from assistive technology, the grid speaks for it.
//
// Cells look as style.css draws the SVG's (.gcell rules), in the stylesheet's colours:
// OUTLINES lists the overlays' outlines in the stylesheet's order.

import { hexDistance } from "./canvas-layout.js";
import { GraphBoardView, drawingOf, hexCorners } from "./graph-render.js";
import { CLEARS, DONT_CARE, FORMULA, HOLE, NEAREST, NEXT, PROOF, QUIET, SELECTED, cellFlags } from "./render.js";

/** Boards drawn from coordinates with more cells than this are drawn here, not as SVG (graph-render.js). */
export const MAX_SVG_CELLS = 1024;

const ROUNDING = 0.16; // a square cell's corner radius, in cell sizes (as the SVG's rx)

// style.css's .gcell rules, as [flag, colour variable, stroke width, dashes] (widths and
// dashes in the coordinates' units, as the SVG's); where several apply the last wins, as
// in the stylesheet.
/** @type {Array<[number, string, number, number[] | null]>} */
const OUTLINES = [
  [SELECTED, "--formula", 0.16, null],
  [NEXT, "--next", 0.14, null],
  [CLEARS, "--next", 0.08, [0.05, 0.05]],
  [FORMULA, "--formula", 0.1, null],
  [PROOF, "--proof", 0.09, [0.12, 0.08]],
  [NEAREST, "--nearest", 0.12, null],
  [QUIET, "--quiet", 0.12, null],
];
/** @typedef {[string, number, (number[] | null)?]} Stroke  a cell's outline: colour, width, dashes (in the coordinates' units) */
/** @type {Stroke} */
const OFF_OUTLINE = ["rgba(0, 0, 0, 0.35)", 0.03];
/** @type {Stroke} */
const LIT_OUTLINE = ["rgba(120, 70, 0, 0.7)", 0.08]; // two states only: k states keep OFF_OUTLINE
/** @type {Stroke} */
const HOLE_OUTLINE = ["rgba(255, 255, 255, 0.18)", 0.03, [0.08, 0.08]];
const FOCUS_WIDTH = 0.1;
const EDGE_WIDTH = 0.05;
const EDGE_BATCH = 1024; // lines between cells drawn a frame (drawEdges)
const MARK_FILL = "rgba(35, 196, 232, 0.25)";
const MARK_WIDTH = 0.07;
const UNKNOWN_COLOURS = ["#e8ecf4", "#3a2a00"]; // the "?" of a don't-care cell: on a dark cell, on a lit one
const COLOUR_VARIABLES = ["--cell-off", "--cell-on", "--mark", "--focus", "--muted", "--formula", "--next", "--proof", "--nearest", "--quiet"];

/**
 * The cell whose outline holds point (x, y), or −1: cells of `outline` ("square" | "hex" |
 * "circle") `size` wide centred at `coords` (drawingOf), in the coordinates' units; a
 * square's rounded corners count as the square's. Cells are at most 0.92 of their least
 * distance wide, so at most one holds a point.
 */
export function cellAtPoint(coords, outline, size, x, y) {
  const half = size / 2;
  for (let index = 0; index < coords.length; index++) {
    const dx = x - coords[index][0];
    const dy = y - coords[index][1];
    if (Math.abs(dx) > half || Math.abs(dy) > size) continue; // a hexagon is 2/√3 as tall as wide
    if (outline === "circle" ? dx * dx + dy * dy <= half * half
      : outline === "hex" ? hexDistance(dx / size, dy / size) <= 0.5
        : Math.abs(dy) <= half) return index;
  }
  return -1;
}

/** Add a cell's `outline` ("square" | "hex" | "circle"), `size` wide, centred at (x, y), to `path`. */
function addOutline(path, outline, x, y, size) {
  if (outline === "circle") {
    path.moveTo(x + size / 2, y);
    path.arc(x, y, size / 2, 0, 2 * Math.PI);
  } else if (outline === "hex") {
    const corners = hexCorners(x, y, size);
    path.moveTo(...corners[0]);
    for (let k = 1; k < 6; k++) path.lineTo(...corners[k]);
    path.closePath();
  } else {
    path.roundRect(x - size / 2, y - size / 2, size, size, size * ROUNDING);
  }
}

export class GraphCanvasView extends GraphBoardView {
  constructor(container, layout) {
    super(container, layout);
    this.grid.classList.add("graph-board--canvas");
    this.row = document.createElement("div");
    this.row.className = "graph-frame";
    this.row.setAttribute("role", "row");
    this.canvas = document.createElement("canvas");
    this.canvas.className = "graph-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.context = this.canvas.getContext("2d");
    this.focusElement = null; // the keyboard's cell (made by build)
    this.drawing = null; // drawingOf(layout), made by build in the first frame
    this.row.append(this.canvas);
    this.grid.replaceChildren(this.row);
    this.onPointerMove = (event) => this.showPointer(event);
    this.onFocusChange = () => this.schedule();
    this.canvas.addEventListener("pointermove", this.onPointerMove);
    this.grid.addEventListener("focusin", this.onFocusChange);
    this.grid.addEventListener("focusout", this.onFocusChange);
    this.resizeObserver = new ResizeObserver(() => this.resize());
  }

  destroy() {
    this.resizeObserver.disconnect();
    this.canvas.removeEventListener("pointermove", this.onPointerMove);
    super.destroy();
  }

  /**
   * Lay the drawing out (drawingOf) and make the keyboard's cell: in the first frame after
   * the board is given, not in the task that gave it (reading a big puzzle's reply already
   * takes tens of milliseconds); paint draws it in the next.
   */
  build() {
    this.drawing = drawingOf(this.layout);
    const { coords, width, height } = this.drawing;
    this.layout = { ...this.layout, coords };
    const { outline, edges } = this.layout;
    this.edges = edges && outline === "circle" ? edges : [];
    this.image = null; // made by paint at the canvas's size (startFrame)
    this.grid.dataset.outline = outline;
    this.grid.setAttribute("aria-rowcount", String(this.rows));
    this.grid.setAttribute("aria-colcount", String(this.cols));
    this.row.style.setProperty("--aspect", (width / height).toFixed(4));
    this.canvas.dataset.cells = String(coords.length);
    this.canvas.dataset.edges = String(this.edges.length);
    this.font = getComputedStyle(this.grid).fontFamily;
    this.focusElement?.remove();
    this.focusElement = this.makeFocusCell(this.focusIndex);
    this.row.append(this.focusElement);
    this.fitCanvas();
    this.resizeObserver.observe(this.canvas);
  }

  /** Show `board`, `marks`, `layers` and colours as GraphView.draw does; the canvas is redrawn whole in the next frame (`changed` is not read). */
  draw(board, marks, changed, layers = null, coloured = false) {
    const change = this.takeBoard(board, layers, coloured);
    if (change === "size") {
      this.drawing = null;
      this.grid.setAttribute("aria-busy", "true"); // until the first frame has drawn it
    }
    if (change) this.sprites?.clear(); // new colours (a sprite's key is its state, not its colour)
    this.board = board;
    this.marks = marks;
    this.moveFocusOffHole();
    this.describeFocusCell();
    this.schedule();
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paint());
  }

  /** Size the canvas to its box in device pixels; true when that changed its size (which clears it). */
  fitCanvas() {
    const ratio = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
    if (width === this.canvas.width && height === this.canvas.height) return false;
    this.canvas.width = width;
    this.canvas.height = height;
    return true;
  }

  resize() {
    if (this.drawing && this.fitCanvas()) this.paint();
  }

  /** The page's colours (style.css's variables, read each frame: the theme may change). */
  colours() {
    const style = getComputedStyle(this.grid);
    return Object.fromEntries(COLOUR_VARIABLES.map((name) => [name, style.getPropertyValue(name).trim()]));
  }

  /**
   * Draw the board: the lines between cells (drawn once per size, EDGE_BATCH a frame), then
   * each cell's sprite (its look drawn once: look) copied into the frame's pixels at the
   * cell's place, rounded to a device pixel. Filling and stroking thousands of small paths
   * cost the canvas 15–30 ms of rasterising a frame; the copies cost 2–5 ms.
   */
  paint() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (!this.drawing) {
      // Laying 4 096 cells out and drawing them took 25 ms of CPU on a busy machine: a frame each.
      this.build();
      this.schedule();
      return;
    }
    const { canvas, board, marks, layers } = this;
    const { coords, left, top } = this.drawing;
    if (!this.image || this.image.width !== canvas.width || this.image.height !== canvas.height) this.startFrame();
    const colours = this.colours();
    const coloursKey = Object.values(colours).join(" ");
    if (coloursKey !== this.coloursKey) {
      this.coloursKey = coloursKey;
      this.startFrame(); // the sprites and lines in the new colours
    }
    if (this.edgesDrawn < this.edges.length) this.drawEdges(colours);
    const { pixels, scale } = this;
    const width = canvas.width;
    const height = canvas.height;
    if (this.lines) pixels.set(this.lines);
    else pixels.fill(0);
    const focused = this.grid.contains(document.activeElement) ? this.focusIndex : -1;
    for (let index = 0; index < coords.length; index++) {
      const flags = cellFlags(layers, index);
      const state = flags & HOLE ? 0 : board.get(index);
      const marked = !(flags & HOLE) && marks !== null && marks.get(index) > 0;
      const key = `${state} ${flags} ${marked} ${index === focused}`;
      let sprite = this.sprites.get(key);
      if (!sprite) this.sprites.set(key, (sprite = this.look(state, flags, marked, index === focused, colours)));
      const side = sprite.side;
      const x0 = Math.round((coords[index][0] - left) * scale - side / 2);
      const y0 = Math.round((coords[index][1] - top) * scale - side / 2);
      const spritePixels = sprite.pixels;
      for (let y = Math.max(0, -y0); y < side && y0 + y < height; y++) {
        let to = (y0 + y) * width + x0;
        let from = y * side;
        for (let x = 0; x < side; x++, to++, from++) {
          const pixel = spritePixels[from];
          if (pixel >>> 24 && x0 + x >= 0 && x0 + x < width) pixels[to] = pixel;
        }
      }
    }
    this.context.putImageData(this.image, 0, 0);
    if (this.edgesDrawn < this.edges.length) this.schedule();
    else this.grid.removeAttribute("aria-busy");
  }

  /** A new frame size or new colours: new pixels, no sprites yet, the lines to draw again. */
  startFrame() {
    const { canvas } = this;
    this.image = this.context.createImageData(canvas.width, canvas.height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.scale = canvas.width / this.drawing.width; // device pixels per unit of the coordinates
    this.sprites = new Map();
    this.lines = null;
    this.edgesDrawn = 0;
  }

  /**
   * Draw up to EDGE_BATCH more of the lines between cells (in the stylesheet's colour and
   * width, as the SVG's .gedges) on a scratch canvas and keep its pixels as the frame's
   * background (`lines`): 4 096 long lines take a canvas tens of milliseconds to rasterise.
   */
  drawEdges(colours) {
    const { width, height } = this.canvas;
    if (!this.edgeCanvas || this.edgesDrawn === 0) {
      this.edgeCanvas = document.createElement("canvas");
      this.edgeCanvas.width = width;
      this.edgeCanvas.height = height;
    }
    const context = this.edgeCanvas.getContext("2d", { willReadFrequently: true });
    const { coords, left, top } = this.drawing;
    const { scale } = this;
    context.setTransform(scale, 0, 0, scale, -left * scale, -top * scale);
    context.beginPath();
    const last = Math.min(this.edges.length, this.edgesDrawn + EDGE_BATCH);
    for (let n = this.edgesDrawn; n < last; n++) {
      const [i, j] = this.edges[n];
      context.moveTo(coords[i][0], coords[i][1]);
      context.lineTo(coords[j][0], coords[j][1]);
    }
    context.strokeStyle = colours["--muted"];
    context.lineWidth = EDGE_WIDTH;
    context.stroke();
    this.edgesDrawn = last;
    this.lines = new Uint32Array(context.getImageData(0, 0, width, height).data.buffer);
  }

  /**
   * The sprite of a cell in `state` with overlay `flags`, its press mark if `marked`, and
   * the keyboard's focus if `focused`: {side, pixels}, a square `side` device pixels wide
   * holding the cell drawn at its centre as style.css draws an SVG cell (.gcell rules).
   */
  look(state, flags, marked, focused, colours) {
    const { size } = this.drawing;
    const { scale } = this;
    const outline = this.layout.outline;
    const side = Math.ceil((outline === "hex" ? (2 * size) / Math.sqrt(3) : size) * scale + 0.2 * scale) + 2;
    if (!this.spriteContext) {
      this.spriteContext = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    }
    const context = this.spriteContext;
    context.canvas.width = side; // also clears it
    context.canvas.height = side;
    context.setTransform(scale, 0, 0, scale, side / 2, side / 2); // the cell's centre at (0, 0), in units
    const path = new Path2D();
    addOutline(path, outline, 0, 0, size);
    /** @type {Stroke} */
    let stroke = OFF_OUTLINE;
    if (flags & HOLE) {
      stroke = HOLE_OUTLINE;
    } else {
      context.fillStyle = this.palette ? (state && this.palette[state].fill) || colours["--cell-off"]
        : colours[state ? "--cell-on" : "--cell-off"];
      context.globalAlpha = flags & DONT_CARE ? 0.5 : 1;
      context.fill(path);
      context.globalAlpha = 1;
      if (state && !this.palette) stroke = LIT_OUTLINE;
      for (const [flag, variable, width, dash] of OUTLINES) if (flags & flag) stroke = [colours[variable], width, dash];
    }
    if (focused) stroke = [colours["--focus"], FOCUS_WIDTH];
    const [colour, width, dash = null] = stroke;
    context.strokeStyle = colour;
    context.lineWidth = width;
    context.setLineDash(dash ?? []);
    context.stroke(path);
    context.setLineDash([]);
    if (marked) {
      const mark = new Path2D();
      mark.arc(0, 0, size * 0.16, 0, 2 * Math.PI);
      context.fillStyle = MARK_FILL;
      context.fill(mark);
      context.strokeStyle = colours["--mark"];
      context.lineWidth = MARK_WIDTH;
      context.stroke(mark);
    }
    if (flags & DONT_CARE && !(flags & HOLE)) {
      // In device pixels: a font a fraction of a unit high, scaled up, is drawn unevenly.
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.font = `700 ${size * 0.4 * scale}px ${this.font}`;
      context.textAlign = "center";
      context.fillStyle = UNKNOWN_COLOURS[state ? 1 : 0];
      context.fillText("?", side / 2, side / 2 + size * 0.13 * scale);
    }
    return { side, pixels: new Uint32Array(context.getImageData(0, 0, side, side).data.buffer) };
  }

  /** The keyboard's cell for cell `index`: a role="gridcell" element over its outline (describeFocusCell). */
  makeFocusCell(index) {
    const element = document.createElement("div");
    element.className = "gfocus";
    element.setAttribute("role", "gridcell");
    element.tabIndex = 0;
    element.dataset.index = String(index);
    element.dataset.row = String(Math.floor(index / this.cols));
    element.dataset.col = String(index % this.cols);
    element.setAttribute("aria-colindex", String((index % this.cols) + 1));
    const { coords, size, left, top, width, height } = this.drawing;
    const [x, y] = coords[index];
    const tall = this.layout.outline === "hex" ? (2 * size) / Math.sqrt(3) : size;
    const percent = (value) => `${(value * 100).toFixed(4)}%`;
    element.style.setProperty("left", percent((x - size / 2 - left) / width));
    element.style.setProperty("top", percent((y - tall / 2 - top) / height));
    element.style.setProperty("width", percent(size / width));
    element.style.setProperty("height", percent(tall / height));
    this.row.setAttribute("aria-rowindex", String(Math.floor(index / this.cols) + 1));
    this.describeFocusCell(element);
    return element;
  }

  /** Set the keyboard's cell's attributes and label to what its cell shows now. */
  describeFocusCell(element = this.focusElement) {
    if (!element || !this.board) return;
    const index = Number(element.dataset.index);
    const flags = cellFlags(this.layers, index);
    const state = flags & HOLE ? 0 : this.board.get(index);
    this.describeCell(element, index, state, this.marks ? this.marks.get(index) : 0, flags);
  }

  /** While the shape is edited a hole can be clicked and focused (to make it a cell again). */
  setEditing(editing) {
    this.editing = editing;
    this.describeFocusCell();
    this.moveFocusOffHole();
  }

  /**
   * Move the keyboard's cell to (row, col), focused if `focus` or if the old one was: a
   * new element, so that a screen reader reads the cell it now is.
   */
  setFocusCell(row, col, focus) {
    const index = row * this.cols + col;
    const old = this.focusElement;
    const hadFocus = old !== null && document.activeElement === old;
    this.focusIndex = index;
    if (!this.drawing) return; // build() makes it where focusIndex says
    if (Number(old.dataset.index) !== index) {
      this.focusElement = this.makeFocusCell(index);
      old.replaceWith(this.focusElement);
    }
    if (focus || hadFocus) this.focusElement.focus();
    this.schedule();
  }

  /** The point (x, y) of the drawing, in the coordinates' units, under a client (CSS pixel) point. */
  pointAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    const { left, top, width, height } = this.drawing;
    return [left + ((clientX - box.left) / box.width) * width, top + ((clientY - box.top) / box.height) * height];
  }

  /** The index of the cell under a client point, or −1. */
  cellAtClient(clientX, clientY) {
    if (!this.drawing) return -1;
    const { coords, size } = this.drawing;
    return cellAtPoint(coords, this.layout.outline, size, ...this.pointAt(clientX, clientY));
  }

  /** The index of the cell an input event is on: under the pointer on the canvas, or the keyboard's cell; else null. */
  indexAt(event) {
    if (event.target === this.canvas) {
      const index = this.cellAtClient(event.clientX, event.clientY);
      return index < 0 ? null : index;
    }
    return event.target === this.focusElement ? this.focusIndex : null;
  }

  /** A hand over a cell that a click presses (or, while the shape is edited, changes). */
  showPointer(event) {
    const index = this.cellAtClient(event.clientX, event.clientY);
    const pressable = index >= 0 && (this.editing || !this.layers?.mask?.holes.get(index));
    this.canvas.classList.toggle("graph-canvas--over-cell", pressable);
  }

  /** The client (CSS pixel) point at the centre of a cell (tests and benchmarks). */
  clientOfCell(row, col) {
    if (!this.drawing) return null;
    const box = this.canvas.getBoundingClientRect();
    const { coords, left, top, width, height } = this.drawing;
    const [x, y] = coords[row * this.cols + col];
    return { x: box.left + ((x - left) / width) * box.width, y: box.top + ((y - top) / height) * box.height };
  }
}
