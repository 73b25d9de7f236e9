// @ts-check
// Draws a board from its cells' coordinates as SVG: hexagonal boards, the presets of the
// real games that are not a plain grid (the cube's unfolded net, the Orbix's icosahedron
// with its edges as lines) and users' graphs. The same contract as render.js's DOM grid:
// a role="grid" element labelled Board, each cell a role="gridcell" element (an SVG <g>)
// with data-row, data-col, data-state, data-lit, aria-pressed, data-press while marked and
// the overlay flags (data-dont-care, data-proof, data-nearest, data-quiet); a hole (the
// shape's, e.g. on a hex board) keeps its place with data-hole="1" and aria-disabled, drawn
// as an empty outline, pressable only while the shape is edited. Colours are the
// stylesheet's, but for a k-state board's, set on each outline's style object (the page's
// CSP forbids inline style strings, not the CSSOM).

import { t } from "../page/i18n.js";
import { stateColours } from "./palette.js";
import { drawnCoords, minimumSpacing } from "./graph-layout.js";
import { DONT_CARE, HOLE, cellFlags, setFlagAttributes, setStateAttributes } from "./render.js";
import { shortLabel } from "../page/wording.js";
import { graphCellName } from "../model/graph.js";

const SVG = "http://www.w3.org/2000/svg";
const NOT_DRAWN = -1; // in shownState / shownMarked / shownFlags: states and counts are at least 0
const FRAME_BUDGET_MS = 3; // the longest a frame spends making and restyling cells (applyChunk): with the style, layout and paint that follow, a frame of a 4096-cell drawing stays near 30 ms
const MARK = 1; // in `decorated`: the cell has its press mark
const UNKNOWN = 2; // and its "?" for a don't-care cell
const ROUNDING = 0.16; // a square cell's corner radius, in cell sizes

/**
 * Most cells drawn with their names (the cube's U1…B9, a user's): 400 cells in rows of 20
 * on a board 536 pixels wide have labels 6 pixels high; smaller ones cannot be read, and
 * every text costs layout. Every cell's name is in its accessible label whatever the size.
 */
const MAX_LABELLED_CELLS = 400;

function svgElement(name, attributes = {}) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** The corners [x, y] of the pointy-top hexagon `size` wide (flat side to flat side) centred at (x, y). */
export function hexCorners(x, y, size) {
  const radius = size / Math.sqrt(3); // pointy-top: width √3·radius = size
  const corners = [];
  for (let k = 0; k < 6; k++) {
    const angle = Math.PI / 6 + (k * Math.PI) / 3;
    corners.push([x + radius * Math.cos(angle), y + radius * Math.sin(angle)]);
  }
  return corners;
}

/** The SVG element of a cell's `outline` ("square" | "hex" | "circle") of size `size` at (x, y). */
function outlineElement(outline, x, y, size) {
  if (outline === "circle") return svgElement("circle", { cx: x, cy: y, r: size / 2, class: "goutline" });
  if (outline === "hex") {
    const points = hexCorners(x, y, size).map(([px, py]) => `${px.toFixed(4)},${py.toFixed(4)}`);
    return svgElement("polygon", { points: points.join(" "), class: "goutline" });
  }
  return svgElement("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * ROUNDING, class: "goutline" });
}

/**
 * Where a drawing of `layout` ({coords, outline}) puts its cells, in the coordinates' units:
 * {coords, size, left, top, width, height}: the coordinates to draw at (laid out again
 * where they would leave cells too small or stacked to click: drawnCoords), each cell's
 * outline size (a square's side, a hexagon's width, a circle's diameter) and the drawing's
 * box, the cells with a margin around them.
 */
export function drawingOf(layout) {
  const coords = drawnCoords(layout.coords);
  const spacing = minimumSpacing(coords);
  const size = (layout.outline === "circle" ? 0.72 : 0.92) * Math.min(1, spacing);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of coords) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const margin = size * 0.7;
  return { coords, size, left: minX - margin, top: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

/**
 * What the SVG drawing (GraphView) and the canvas one (graph-canvas.js) share: the
 * role="grid" element labelled Board, the board's size, overlays and colours as drawn
 * last, the cells' accessible labels, and the keyboard's cell (UI state, not game state).
 */
export class GraphBoardView {
  /** `layout` = {coords, outline, edges, names}: how to draw the cells (graph-layout.js, the API's puzzle reply). */
  constructor(container, layout) {
    this.container = container;
    this.layout = layout;
    this.grid = document.createElement("div");
    this.grid.className = "graph-board";
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", t("board"));
    container.replaceChildren(this.grid);
    this.rows = 0;
    this.cols = 0;
    this.cellCount = 0;
    this.focusIndex = 0;
    this.cellLabelKey = "graphCell"; // a cell's accessible name: {name}, {state} (the 3D view's says where it is: solid-view.js)
    this.editing = false;
    this.palette = null;
    this.paletteKey = null; // what `palette` was made for: a preset's colours, k, or 0 (the stylesheet's)
    this.layers = null;
    this.frame = 0;
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    this.grid.remove();
  }

  /**
   * Take the size, overlays (`layers`) and colours (`coloured`, as draw takes them) of the
   * board to draw: "size" when its size changed (a new drawing), "all" when its overlays or
   * colours did (any cell may look different), null when neither did.
   */
  takeBoard(board, layers, coloured) {
    let change = null;
    if (board.rows !== this.rows || board.cols !== this.cols) {
      this.rows = board.rows;
      this.cols = board.cols;
      this.cellCount = board.cellCount;
      if (this.focusIndex >= this.cellCount) this.focusIndex = 0;
      change = "size";
    }
    if (layers !== this.layers) {
      this.layers = layers;
      change ??= "all"; // an overlay may touch any cell
    }
    const paletteKey = Array.isArray(coloured) ? coloured : coloured ? board.k : 0;
    if (paletteKey !== this.paletteKey) {
      this.paletteKey = paletteKey;
      this.palette = Array.isArray(coloured) ? coloured : coloured ? stateColours(board.k) : null;
      this.grid.classList.toggle("graph-board--states", this.palette !== null);
      change ??= "all";
    }
    return change;
  }

  label(index, state, marked, hole = false, dontCare = false) {
    const name = graphCellName(this.layout, index);
    if (hole) return t(this.cellLabelKey, { name, state: t("cellHole") });
    const parts = [this.palette ? (this.palette[state].name ?? t("cellState", { state })) : t(state ? "cellLit" : "cellDark")];
    if (dontCare) parts.push(t("cellDontCare"));
    if (marked) parts.push(marked === 1 ? t("cellMarked") : t("cellMarkedTimes", { count: marked }));
    return t(this.cellLabelKey, { name, state: parts.join(", ") });
  }

  /**
   * Set a cell element's attributes to what cell `index` shows: its state, press count and
   * overlays (render.js), data-hole and aria-disabled for a hole (not while the shape is
   * edited), and its accessible label.
   */
  describeCell(element, index, state, marked, flags) {
    setStateAttributes(element, state, marked);
    setFlagAttributes(element, flags);
    const hole = Boolean(flags & HOLE);
    if (hole) element.dataset.hole = "1";
    else delete element.dataset.hole;
    if (hole && !this.editing) element.setAttribute("aria-disabled", "true");
    else element.removeAttribute("aria-disabled");
    element.setAttribute("aria-label", this.label(index, state, marked, hole, Boolean(flags & DONT_CARE)));
  }

  /** True when the cell is a hole of the layers drawn last (its element may still wait for its frame). */
  isHole(row, col) {
    return Boolean(this.layers?.mask?.holes.get(row * this.cols + col));
  }

  /** Put the tab stop on the first cell that is not a hole, if it sits on one (not while the shape is edited). */
  moveFocusOffHole() {
    const holes = this.layers?.mask?.holes;
    if (this.editing || !holes?.get(this.focusIndex)) return;
    for (let index = 0; index < this.cellCount; index++) {
      if (holes.get(index)) continue;
      this.setFocusCell(Math.floor(index / this.cols), index % this.cols, false);
      return;
    }
  }

  /**
   * Put the keyboard's cell at (row, col), and the focus on it if `focus`; the SVG and the
   * canvas views each define it (here it only says so).
   * @param {number} row
   * @param {number} col
   * @param {boolean} focus
   */
  setFocusCell(row, col, focus) {
    throw new TypeError(`${this.constructor.name} does not define setFocusCell (${row}, ${col}, ${focus})`);
  }

  focusCell() {
    return { row: Math.floor(this.focusIndex / this.cols), col: this.focusIndex % this.cols };
  }
}

/** A board drawn as SVG, one element per cell (up to MAX_SVG_CELLS cells: above, graph-canvas.js). */
export class GraphView extends GraphBoardView {
  constructor(container, layout) {
    super(container, layout);
    this.cells = [];
    this.pending = []; // cell indices still to restyle (see draw)
  }

  /**
   * Start a drawing of the board: its frame and scale, from the layout's coordinates
   * (drawingOf); the cells and lines are made by applyChunk. Runs in the first frame after
   * the board is given (draw), not in the task that gave it.
   */
  build() {
    const { coords, size, left, top, width, height } = drawingOf(this.layout);
    this.layout = { ...this.layout, coords };
    this.built = true;
    const { outline, edges } = this.layout;
    const svg = svgElement("svg", { viewBox: `${left} ${top} ${width} ${height}`, class: "graph-svg", "aria-hidden": "false" });
    svg.setAttribute("role", "presentation");
    // Its size is the stylesheet's: as large as the play column's room allows, at this aspect.
    this.grid.dataset.outline = outline;
    svg.style.setProperty("--aspect", (width / height).toFixed(4));
    this.lines = null;
    this.edgesLeft = [];
    if (edges && outline === "circle") {
      this.lines = svgElement("g", { class: "gedges" });
      svg.append(this.lines);
      this.edgesLeft = [...edges];
    }
    this.svg = svg;
    this.size = size;
    this.named = this.layout.names && coords.length <= MAX_LABELLED_CELLS ? this.layout.names : null;
    // Cells are made by applyChunk, a frame's budget at a time: 4096 cells took ~120 ms at once.
    // The press mark and the "?" of a don't-care cell are made when a cell first needs them
    // (applyChunk): thousands of unused SVG elements made every restyle lay out slower
    // (4096 "?" texts: 25 ms instead of 6 after changing one cell).
    this.decorated = new Uint8Array(coords.length);
    this.grid.replaceChildren(svg);
    this.shownState = new Int16Array(coords.length).fill(NOT_DRAWN);
    this.shownMarked = new Int32Array(coords.length).fill(NOT_DRAWN);
    this.shownFlags = new Int32Array(coords.length).fill(NOT_DRAWN);
  }

  /** Make the element of cell `index` (its outline and, on a small board, its name). */
  makeCell(index) {
    const [x, y] = this.layout.coords[index];
    const { size } = this;
    const cell = svgElement("g", { class: "cell gcell", role: "gridcell", tabindex: index === this.focusIndex ? 0 : -1 });
    cell.dataset.row = Math.floor(index / this.cols);
    cell.dataset.col = index % this.cols;
    cell.dataset.index = index;
    cell.append(outlineElement(this.layout.outline, x, y, size));
    const name = this.named?.[index];
    if (name) { // a label (the cube's U1…B9, a user's names), below the mark
      const label = svgElement("text", { x, y: y + size * 0.36, "font-size": size * 0.22, "text-anchor": "middle", class: "glabel" });
      label.textContent = shortLabel(name, 6);
      cell.append(label);
    }
    this.svg.append(cell);
    this.cells[index] = cell;
  }

  /**
   * Show `board`, `marks` (press counts or null) and `layers` (overlays); `coloured` is
   * false (two states, the stylesheet's colours), true (palette.js) or an array of
   * {fill} per state (a preset's own colours, e.g. Lights Out 2000's red and green).
   * `changed` lists the cells that may differ since the last draw (a press's set), null
   * all. As the DOM grid does (render.js), only cells that differ are restyled, and no
   * more than a frame's budget at a time (applyChunk): a press on a dense graph changes
   * thousands of cells, and restyling 4096 at once held the main thread over 50 ms.
   */
  draw(board, marks, changed = null, layers = null, coloured = false) {
    const change = this.takeBoard(board, layers, coloured);
    if (change === "size") {
      this.built = false; // build() runs in the next frame
      this.cells = new Array(board.cellCount).fill(null);
      this.made = 0;
      this.pending = [];
    }
    if (change) changed = null;
    // Cells still waiting from an earlier chunked draw are among those that differ.
    const candidates = changed === null || this.pending.length > 0 ? null : changed;
    const count = candidates === null ? this.cells.length : candidates.length;
    const differ = [];
    if (!this.built) for (let i = 0; i < count; i++) differ.push(i);
    else for (let n = 0; n < count; n++) {
      const i = candidates === null ? n : candidates[n];
      const marked = marks ? marks.get(i) : 0;
      if (this.shownState[i] !== board.get(i) || this.shownMarked[i] !== marked || this.shownFlags[i] !== cellFlags(layers, i)) {
        differ.push(i);
      }
    }
    this.board = board;
    this.marks = marks;
    this.pending = differ;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (!this.built || this.made < this.cells.length) {
      // A new drawing is made from the next frame on, not in the task that asked for it
      // (reading a puzzle's reply already takes tens of milliseconds on a big graph).
      this.grid.setAttribute("aria-busy", "true");
      this.frame = requestAnimationFrame(() => this.applyChunk());
    } else {
      this.applyChunk();
    }
    this.moveFocusOffHole();
  }

  /**
   * Make the cells still to make, restyle the pending cells, then draw the lines still to
   * draw, for at most FRAME_BUDGET_MS; the rest waits for the next frame (aria-busy until then).
   */
  applyChunk() {
    if (!this.built) this.build();
    const { board, marks, palette } = this;
    const { coords } = this.layout;
    const started = performance.now();
    const spent = (done) => done % 64 === 63 && performance.now() - started > FRAME_BUDGET_MS;
    let done = 0;
    while (this.made < this.cells.length && !spent(done++)) this.makeCell(this.made++);
    while (this.made === this.cells.length && this.pending.length > 0 && !spent(done++)) {
      const i = this.pending.pop();
      const cell = this.cells[i];
      const state = board.get(i);
      const marked = marks ? marks.get(i) : 0;
      const flags = cellFlags(this.layers, i);
      this.shownState[i] = state;
      this.shownMarked[i] = marked;
      this.shownFlags[i] = flags;
      if (marked && !(this.decorated[i] & MARK)) this.decorate(i, MARK);
      if (flags & DONT_CARE && !(this.decorated[i] & UNKNOWN)) this.decorate(i, UNKNOWN);
      this.describeCell(cell, i, state, marked, flags);
      // A property of the element's own style: a presentation attribute (fill="…") loses to
      // the stylesheet's .goutline fill, and every k-state cell looked dark.
      const fill = palette && state ? palette[state].fill : null;
      const outline = cell.firstChild;
      if (fill) outline.style.setProperty("fill", fill);
      else outline.style.removeProperty("fill");
    }
    while (this.made === this.cells.length && this.pending.length === 0 && this.edgesLeft.length > 0 && !spent(done++)) {
      const [i, j] = this.edgesLeft.pop();
      this.lines.append(svgElement("line", { x1: coords[i][0], y1: coords[i][1], x2: coords[j][0], y2: coords[j][1] }));
    }
    if (this.made < this.cells.length || this.edgesLeft.length > 0 || this.pending.length > 0) {
      this.grid.setAttribute("aria-busy", "true");
      this.frame = requestAnimationFrame(() => this.applyChunk());
    } else {
      this.grid.removeAttribute("aria-busy");
      this.frame = 0;
    }
  }

  /** Add the press mark (MARK) or the "?" of a don't-care cell (UNKNOWN) to cell `index`; the stylesheet shows each when it applies. */
  decorate(index, part) {
    const [x, y] = this.layout.coords[index];
    const { size } = this;
    const cell = this.cells[index];
    this.decorated[index] |= part;
    if (part === MARK) {
      // Under the label, if any: the label stays readable on the mark.
      cell.insertBefore(svgElement("circle", { cx: x, cy: y, r: size * 0.16, class: "gmark" }), cell.firstChild.nextSibling);
      return;
    }
    const unknown = svgElement("text", { x, y: y + size * 0.13, "font-size": size * 0.4, "text-anchor": "middle", class: "gdontcare" });
    unknown.textContent = "?"; // shown for a don't-care cell (style.css), as on the grid
    cell.append(unknown);
  }

  /** While the shape is edited a hole can be clicked and focused (to make it a cell again). */
  setEditing(editing) {
    this.editing = editing;
    const holes = this.layers?.mask?.holes;
    this.cells.forEach((cell, i) => {
      if (holes?.get(i) && !editing) cell.setAttribute("aria-disabled", "true");
      else cell.removeAttribute("aria-disabled");
    });
    this.moveFocusOffHole();
  }

  /** The index of the cell an input event is on (its element), or null. */
  indexAt(event) {
    const element = event.target.closest?.("[role=gridcell]");
    return element && this.grid.contains(element) ? Number(element.dataset.index) : null;
  }

  cellAt(row, col) {
    return this.cells[row * this.cols + col];
  }

  setFocusCell(row, col, focus) {
    const index = row * this.cols + col;
    this.cells[this.focusIndex]?.setAttribute("tabindex", "-1");
    this.focusIndex = index;
    const cell = this.cells[index];
    if (!cell) return;
    cell.setAttribute("tabindex", "0");
    if (focus) cell.focus();
  }
}
