// Draws a board from its cells' coordinates as SVG: hexagonal boards, the presets of the
// real games that are not a plain grid (the cube's unfolded net, the Orbix's icosahedron
// with its edges as lines) and users' graphs. The same contract as render.js's DOM grid:
// a role="grid" element labelled Board, each cell a role="gridcell" element (an SVG <g>)
// with data-row, data-col, data-state, data-lit, aria-pressed, data-press while marked and
// the overlay flags (data-dont-care, data-proof, data-nearest, data-quiet); a hole (the
// shape's, e.g. on a hex board) keeps its place with data-hole="1" and aria-disabled, drawn
// as an empty outline, pressable only while the shape is edited. Colours are
// set with setAttribute on SVG presentation attributes or by the stylesheet's classes
// (no inline style strings: the page's CSP).

import { t } from "./i18n.js";
import { stateColours } from "./palette.js";
import { minimumSpacing } from "./graph-layout.js";
import { graphCellName, shortLabel } from "./wording.js";

const SVG = "http://www.w3.org/2000/svg";
const FLAGS = [["dontCare", (layers, i) => layers.mask?.dontCare.get(i)], ["proof", (layers, i) => layers.proof?.get(i)],
  ["nearest", (layers, i) => layers.nearest?.get(i)], ["quiet", (layers, i) => layers.quiet?.get(i)],
  ["next", (layers, i) => layers.explain?.next === i], ["clears", (layers, i) => layers.explain?.clears === i],
  ["formula", (layers, i) => layers.explain?.formula?.has(i)], ["selected", (layers, i) => layers.explain?.selected === i]];

function svgElement(name, attributes = {}) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** The outline of a cell of `shape` ("square" | "hex" | "circle") of size `size` at (x, y). */
function shapeElement(shape, x, y, size) {
  if (shape === "circle") return svgElement("circle", { cx: x, cy: y, r: size / 2, class: "gshape" });
  if (shape === "hex") {
    const radius = size / Math.sqrt(3); // pointy-top: width √3·radius = size
    const points = [];
    for (let k = 0; k < 6; k++) {
      const angle = Math.PI / 6 + (k * Math.PI) / 3;
      points.push(`${(x + radius * Math.cos(angle)).toFixed(4)},${(y + radius * Math.sin(angle)).toFixed(4)}`);
    }
    return svgElement("polygon", { points: points.join(" "), class: "gshape" });
  }
  return svgElement("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.16, class: "gshape" });
}

export class GraphView {
  /** `layout` = {coords, shape, edges, names}: how to draw the cells (graph-layout.js, the API's puzzle reply). */
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
    this.cells = [];
    this.focusIndex = 0;
    this.editing = false;
    this.palette = null;
  }

  destroy() {
    this.grid.remove();
  }

  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    const { coords, shape, edges } = this.layout;
    const spacing = minimumSpacing(coords);
    const size = (shape === "circle" ? 0.72 : 0.92) * Math.min(1, spacing);
    const xs = coords.map((p) => p[0]);
    const ys = coords.map((p) => p[1]);
    const margin = size * 0.7;
    const left = Math.min(...xs) - margin;
    const top = Math.min(...ys) - margin;
    const width = Math.max(...xs) - Math.min(...xs) + 2 * margin;
    const height = Math.max(...ys) - Math.min(...ys) + 2 * margin;
    const svg = svgElement("svg", { viewBox: `${left} ${top} ${width} ${height}`, class: "graph-svg", "aria-hidden": "false" });
    svg.setAttribute("role", "presentation");
    // Its size is the stylesheet's: as large as the play column's room allows, at this aspect.
    this.grid.dataset.shape = shape;
    svg.style.setProperty("--aspect", (width / height).toFixed(4));
    if (edges && shape === "circle") {
      const lines = svgElement("g", { class: "gedges" });
      for (const [i, j] of edges) {
        lines.append(svgElement("line", { x1: coords[i][0], y1: coords[i][1], x2: coords[j][0], y2: coords[j][1] }));
      }
      svg.append(lines);
    }
    this.cells = coords.map(([x, y], index) => {
      const cell = svgElement("g", { class: "cell gcell", role: "gridcell", tabindex: -1 });
      cell.dataset.row = Math.floor(index / cols);
      cell.dataset.col = index % cols;
      cell.dataset.index = index;
      cell.append(shapeElement(shape, x, y, size));
      cell.append(svgElement("circle", { cx: x, cy: y, r: size * 0.16, class: "gmark" }));
      const unknown = svgElement("text", { x, y: y + size * 0.13, "font-size": size * 0.4, "text-anchor": "middle", class: "gdontcare" });
      unknown.textContent = "?"; // shown for a don't-care cell (style.css), as on the grid
      cell.append(unknown);
      const name = this.layout.names?.[index];
      if (name) { // a label (the cube's U1…B9, a user's names), below the mark
        const label = svgElement("text", { x, y: y + size * 0.36, "font-size": size * 0.22, "text-anchor": "middle", class: "glabel" });
        label.textContent = shortLabel(name, 6);
        cell.append(label);
      }
      svg.append(cell);
      return cell;
    });
    this.grid.replaceChildren(svg);
    this.shown = new Int16Array(coords.length).fill(-1);
    if (this.focusIndex >= this.cells.length) this.focusIndex = 0;
    this.cells[this.focusIndex].setAttribute("tabindex", "0");
  }

  /**
   * Show `board`, `marks` (press counts or null) and `layers` (overlays); `coloured` is
   * false (two states, the stylesheet's colours), true (palette.js) or an array of
   * {fill} per state (a preset's own colours, e.g. Lights Out 2000's red and green).
   */
  draw(board, marks, changed = null, layers = null, coloured = false) {
    if (board.rows !== this.rows || board.cols !== this.cols) this.build(board.rows, board.cols);
    const palette = Array.isArray(coloured) ? coloured : coloured ? stateColours(board.k) : null;
    this.grid.classList.toggle("graph-board--states", palette !== null);
    this.palette = palette;
    this.cells.forEach((cell, i) => {
      const state = board.get(i);
      const marked = marks ? marks.get(i) : 0;
      cell.dataset.state = state;
      cell.dataset.lit = state ? "1" : "0";
      cell.setAttribute("aria-pressed", state ? "true" : "false");
      if (marked) cell.dataset.press = marked;
      else delete cell.dataset.press;
      for (const [name, test] of FLAGS) {
        if (layers && test(layers, i)) cell.dataset[name] = "1";
        else delete cell.dataset[name];
      }
      const hole = Boolean(layers?.mask?.holes.get(i));
      if (hole) cell.dataset.hole = "1";
      else delete cell.dataset.hole;
      if (hole && !this.editing) cell.setAttribute("aria-disabled", "true");
      else cell.removeAttribute("aria-disabled");
      const fill = palette && state ? palette[state].fill : null;
      const outline = cell.firstChild;
      if (fill) outline.setAttribute("fill", fill);
      else outline.removeAttribute("fill");
      cell.setAttribute("aria-label", this.label(i, state, marked, hole, cell.dataset.dontCare === "1"));
    });
    this.moveFocusOffHole();
  }

  label(index, state, marked, hole = false, dontCare = false) {
    const name = graphCellName(this.layout, index);
    if (hole) return t("graphCell", { name, state: t("cellHole") });
    const parts = [this.palette ? (this.palette[state].name ?? t("cellState", { state })) : t(state ? "cellLit" : "cellDark")];
    if (dontCare) parts.push(t("cellDontCare"));
    if (marked) parts.push(marked === 1 ? t("cellMarked") : t("cellMarkedTimes", { count: marked }));
    return t("graphCell", { name, state: parts.join(", ") });
  }

  isHole(row, col) {
    return this.cells[row * this.cols + col]?.dataset.hole === "1";
  }

  /** Put the tab stop on the first cell that is not a hole, if it sits on one (not while the shape is edited). */
  moveFocusOffHole() {
    if (this.editing || this.cells[this.focusIndex]?.dataset.hole !== "1") return;
    const index = this.cells.findIndex((cell) => cell.dataset.hole !== "1");
    if (index >= 0) this.setFocusCell(Math.floor(index / this.cols), index % this.cols, false);
  }

  /** While the shape is edited a hole can be clicked and focused (to make it a cell again). */
  setEditing(editing) {
    this.editing = editing;
    for (const cell of this.cells) {
      if (cell.dataset.hole === "1" && !editing) cell.setAttribute("aria-disabled", "true");
      else cell.removeAttribute("aria-disabled");
    }
    this.moveFocusOffHole();
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

  focusCell() {
    return { row: Math.floor(this.focusIndex / this.cols), col: this.focusIndex % this.cols };
  }
}
