// Draws boards too big for the DOM grid (above 64×64, up to 10000×10000) on a canvas,
// with zoom, pan, a Fit button and a minimap of the whole board with the viewport. The
// tools and the minimap sit in a bar under the canvas, never over it, so no cell that
// can be pressed is hidden; the minimap shows only while part of the board is out of
// view (at Fit it would be a copy of the board), and the bar keeps its height either way.
//
// The picture is computed per device pixel from the packed bits (game.js), not from
// a cached image: a 10000×10000 board at one pixel a cell would be a 400 MB bitmap.
// Each pixel samples the cell under its centre, so a full redraw costs one bit lookup
// per screen pixel (≈ 10 ms for 1000×700) whatever the board's size, and a press
// redraws only the screen rectangle of the cells it toggled. Solution marks are a
// second bit set composited over the lights: a ring per cell when cells are big enough
// to hold one, a tint when they are not. Redraws are batched with requestAnimationFrame.
//
// Hex boards are drawn as hexagons (setShape("hex")): the board is a rhombus, every pixel
// finds its hexagon by rounding axial coordinates (Red Blob Games, "Hexagonal Grids",
// https://www.redblobgames.com/grids/hexagons/#pixel-to-hex).
//
// Contract (see README): <canvas aria-label="Board" data-rows data-cols data-outline data-lit-count
// data-press-count>; the counts are updated as soon as the state changes, not at the
// next frame, so tests can read them right after an action.

import { t } from "../page/i18n.js";

const MAX_CELL_PIXELS = 96; // most zoomed in, in device pixels per cell
const DETAIL_PIXELS = 5; // from this cell size (device pixels) cells get gaps and rings
const MINIMAP_PIXELS = 72; // the minimap's longer side, in CSS pixels (the bar's height: style.css)
// Hex boards (the hex rule, graph-layout.js's axial layout): pointy-top hexagons 1 cell wide,
// rows HEX_ROW apart, each row half a cell right of the one above; HEX_RADIUS is centre to corner.
const HEX_ROW = Math.sqrt(3) / 2;
const HEX_RADIUS = 1 / Math.sqrt(3);

/** Read a CSS colour as a little-endian RGBA uint32 (the byte order of ImageData). */
function colourOf(context, css) {
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = css;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

function mix(first, second, amount) {
  let out = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    const a = (first >>> shift) & 0xff;
    const b = (second >>> shift) & 0xff;
    out |= Math.round(a + (b - a) * amount) << shift;
  }
  return out >>> 0;
}

export class CanvasView {
  constructor(container) {
    this.container = container;
    this.root = document.createElement("div");
    this.root.className = "canvas-board";

    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", t("board"));
    this.canvas.tabIndex = 0;

    this.minimap = document.createElement("canvas");
    this.minimap.className = "minimap";
    this.minimap.setAttribute("aria-hidden", "true");
    this.minimap.hidden = true; // until part of the board is out of view

    const tools = document.createElement("div");
    tools.className = "canvas-tools";
    this.fitButton = this.toolButton("fit", () => this.fit());
    this.zoomInButton = this.toolButton("zoomIn", () => this.zoomBy(1.5));
    this.zoomOutButton = this.toolButton("zoomOut", () => this.zoomBy(1 / 1.5));
    tools.append(this.zoomOutButton, this.zoomInButton, this.fitButton);

    const bar = document.createElement("div");
    bar.className = "canvas-bar";
    bar.append(tools, this.minimap);
    this.root.append(this.canvas, bar);
    container.replaceChildren(this.root);

    this.context = this.canvas.getContext("2d", { alpha: false });
    this.minimapContext = this.minimap.getContext("2d");
    this.readColours();

    this.board = null;
    this.marks = null;
    this.rows = 0;
    this.cols = 0;
    this.hex = false; // hexagons (setShape) or squares
    this.width = 0; // the board's extent in cell widths: cols for squares, more for the hex rhombus
    this.height = 0; // in cell widths too: rows for squares
    this.scale = 1; // device pixels per cell width
    this.originX = 0; // board x (cell widths, fractional) at the canvas's left edge
    this.originY = 0; // board y at the canvas's top edge
    this.cursor = { row: 0, col: 0 }; // the keyboard's cell (UI state, not game state)
    this.showCursor = false;
    this.image = null;
    this.dirty = null; // {x0, y0, x1, y1} in device pixels, or "all"
    this.frame = 0;
    this.fitted = true; // refit on resize until the user zooms or pans

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.canvas);
    this.resize();
  }

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

  readColours() {
    const style = getComputedStyle(document.documentElement);
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const read = (name) => colourOf(probe, style.getPropertyValue(name).trim() || "#000");
    this.colours = {
      background: read("--board-bg"),
      off: read("--cell-off"),
      on: read("--cell-on"),
      mark: read("--mark"),
      focus: read("--focus"),
    };
    // Below DETAIL_PIXELS a mark cannot be a ring: tint the cell instead.
    this.colours.markedOff = mix(this.colours.off, this.colours.mark, 0.75);
    this.colours.markedOn = mix(this.colours.on, this.colours.mark, 0.6);
  }

  // -------------------------------------------------------------------------------
  // State in

  /**
   * Show `board` and `marks` (a Board of presses, or null). `changed` lists the cell
   * indices that may differ since the last draw; null means anything may have.
   */
  /** Draw squares ("square") or the hex rule's hexagons ("hex"); a change redraws and refits at the next draw. */
  setShape(shape) {
    const hex = shape === "hex";
    if (hex === this.hex) return;
    this.hex = hex;
    this.rows = 0; // the next draw lays the board out again
  }

  draw(board, marks, changed = null) {
    const newSize = board.rows !== this.rows || board.cols !== this.cols;
    this.board = board;
    this.marks = marks;
    if (newSize) {
      this.rows = board.rows;
      this.cols = board.cols;
      this.width = this.hex ? board.cols + (board.rows - 1) / 2 : board.cols;
      this.height = this.hex ? (board.rows - 1) * HEX_ROW + 2 * HEX_RADIUS : board.rows;
      this.canvas.dataset.rows = board.rows;
      this.canvas.dataset.cols = board.cols;
      this.canvas.dataset.outline = this.hex ? "hex" : "square";
      this.cursor = { row: 0, col: 0 };
      this.sizeMinimap();
      this.fit();
    }
    this.canvas.dataset.litCount = board.litCount;
    this.canvas.dataset.pressCount = marks ? marks.litCount : 0;
    if (changed === null || newSize) this.invalidate();
    else for (const index of changed) this.invalidateCell(Math.floor(index / this.cols), index % this.cols);
  }

  /** The keyboard cell: shown as an outline while the canvas has focus. */
  setFocusCell(row, col, focus) {
    this.invalidateCell(this.cursor.row, this.cursor.col);
    this.cursor = { row, col };
    this.invalidateCell(row, col);
    if (focus) this.canvas.focus();
  }

  focusCell() {
    return { ...this.cursor };
  }

  setCursorVisible(visible) {
    this.showCursor = visible;
    this.invalidateCell(this.cursor.row, this.cursor.col);
  }

  // -------------------------------------------------------------------------------
  // Geometry: board cell (col, row) ↔ device pixel (x, y) is x = (col - originX)·scale.

  resize() {
    const ratio = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
    if (width === this.canvas.width && height === this.canvas.height && this.image) return;
    const centre = this.image ? this.pixelToCell(this.canvas.width / 2, this.canvas.height / 2) : null;
    this.canvas.width = width;
    this.canvas.height = height;
    this.image = this.context.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    if (this.fitted || !centre) this.fit();
    else this.centreOn(centre.x, centre.y);
    this.sizeMinimap();
    this.invalidate();
  }

  sizeMinimap() {
    if (!this.rows) return;
    const ratio = window.devicePixelRatio || 1;
    const longest = Math.max(this.width, this.height);
    const cssWidth = Math.max(16, Math.round((MINIMAP_PIXELS * this.width) / longest));
    const cssHeight = Math.max(16, Math.round((MINIMAP_PIXELS * this.height) / longest));
    this.minimap.style.width = `${cssWidth}px`;
    this.minimap.style.height = `${cssHeight}px`;
    this.minimap.width = Math.round(cssWidth * ratio);
    this.minimap.height = Math.round(cssHeight * ratio);
    this.minimapImage = this.minimapContext.createImageData(this.minimap.width, this.minimap.height);
  }

  pixelToCell(x, y) {
    return { x: this.originX + x / this.scale, y: this.originY + y / this.scale };
  }

  clientToPixel(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    return {
      x: ((clientX - box.left) * this.canvas.width) / box.width,
      y: ((clientY - box.top) * this.canvas.height) / box.height,
    };
  }

  /** The cell under a client (CSS) point, or null off the board. */
  cellAtClient(clientX, clientY) {
    const pixel = this.clientToPixel(clientX, clientY);
    const point = this.pixelToCell(pixel.x, pixel.y);
    return this.cellAt(point.x, point.y);
  }

  /** The cell {row, col} at board point (x, y), or null off the board. */
  cellAt(x, y) {
    const { row, col } = this.hex ? hexAt(x, y) : { row: Math.floor(y), col: Math.floor(x) };
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return null;
    return { row, col };
  }

  /** A cell's box {x, y, width, height} in board units (a hexagon's bounding box). */
  cellBox(row, col) {
    if (!this.hex) return { x: col, y: row, width: 1, height: 1 };
    return { x: col + row / 2, y: row * HEX_ROW, width: 1, height: 2 * HEX_RADIUS };
  }

  /** The client (CSS) point at the centre of a cell (used by tests and the keyboard). */
  clientOfCell(row, col) {
    const box = this.canvas.getBoundingClientRect();
    const cell = this.cellBox(row, col);
    const x = (cell.x + cell.width / 2 - this.originX) * this.scale;
    const y = (cell.y + cell.height / 2 - this.originY) * this.scale;
    return { x: box.left + (x * box.width) / this.canvas.width, y: box.top + (y * box.height) / this.canvas.height };
  }

  fitScale() {
    return Math.min(this.canvas.width / this.width, this.canvas.height / this.height);
  }

  /** Zoom so the whole board fits, centred. */
  fit() {
    if (!this.rows) return;
    this.scale = Math.min(MAX_CELL_PIXELS, this.fitScale());
    this.centreOn(this.width / 2, this.height / 2);
    this.fitted = true;
  }

  centreOn(cellX, cellY) {
    this.originX = cellX - this.canvas.width / 2 / this.scale;
    this.originY = cellY - this.canvas.height / 2 / this.scale;
    this.clampView();
    this.invalidate();
  }

  /** Multiply the zoom by `factor`, keeping the cell under device pixel (x, y) in place. */
  zoomAtPixel(x, y, factor) {
    if (!this.rows) return;
    const before = this.pixelToCell(x, y);
    const smallest = Math.min(1, this.fitScale()) / 2;
    this.scale = Math.min(MAX_CELL_PIXELS, Math.max(smallest, this.scale * factor));
    this.originX = before.x - x / this.scale;
    this.originY = before.y - y / this.scale;
    this.fitted = false;
    this.clampView();
    this.invalidate();
  }

  zoomAtClient(clientX, clientY, factor) {
    const pixel = this.clientToPixel(clientX, clientY);
    this.zoomAtPixel(pixel.x, pixel.y, factor);
  }

  zoomBy(factor) {
    this.zoomAtPixel(this.canvas.width / 2, this.canvas.height / 2, factor);
  }

  /** Move the picture by (dx, dy) CSS pixels. */
  panByClient(dx, dy) {
    const box = this.canvas.getBoundingClientRect();
    this.originX -= (dx * this.canvas.width) / box.width / this.scale;
    this.originY -= (dy * this.canvas.height) / box.height / this.scale;
    this.fitted = false;
    this.clampView();
    this.invalidate();
  }

  /** Keep at least half the viewport (or the whole board, if smaller) over the board. */
  clampView() {
    const viewCols = this.canvas.width / this.scale;
    const viewRows = this.canvas.height / this.scale;
    const clamp = (origin, view, size) => {
      const slack = Math.max(view / 2, view - size);
      return Math.min(size - view + slack, Math.max(-slack, origin));
    };
    this.originX = clamp(this.originX, viewCols, this.width);
    this.originY = clamp(this.originY, viewRows, this.height);
  }

  /** Scroll just enough to bring a cell into view (keyboard moves). */
  revealCell(row, col) {
    const viewCols = this.canvas.width / this.scale;
    const viewRows = this.canvas.height / this.scale;
    const cell = this.cellBox(row, col);
    let moved = false;
    if (cell.x < this.originX) { this.originX = cell.x; moved = true; }
    if (cell.x + cell.width > this.originX + viewCols) { this.originX = cell.x + cell.width - viewCols; moved = true; }
    if (cell.y < this.originY) { this.originY = cell.y; moved = true; }
    if (cell.y + cell.height > this.originY + viewRows) { this.originY = cell.y + cell.height - viewRows; moved = true; }
    if (moved) {
      this.fitted = false;
      this.invalidate();
    }
  }

  // -------------------------------------------------------------------------------
  // Drawing

  invalidate() {
    this.dirty = "all";
    this.schedule();
  }

  /** Mark the screen rectangle of one cell for redrawing. */
  invalidateCell(row, col) {
    if (this.dirty === "all" || !this.rows) return;
    const cell = this.cellBox(row, col);
    const x0 = Math.max(0, Math.floor((cell.x - this.originX) * this.scale) - 1);
    const y0 = Math.max(0, Math.floor((cell.y - this.originY) * this.scale) - 1);
    const x1 = Math.min(this.canvas.width, Math.ceil((cell.x + cell.width - this.originX) * this.scale) + 1);
    const y1 = Math.min(this.canvas.height, Math.ceil((cell.y + cell.height - this.originY) * this.scale) + 1);
    if (x1 <= x0 || y1 <= y0) return; // off screen: the main picture does not change
    const d = this.dirty;
    this.dirty = d === null ? { x0, y0, x1, y1 }
      : { x0: Math.min(d.x0, x0), y0: Math.min(d.y0, y0), x1: Math.max(d.x1, x1), y1: Math.max(d.y1, y1) };
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
      this.paint(dirty.x0, dirty.y0, dirty.x1, dirty.y1);
      this.context.putImageData(this.image, 0, 0, dirty.x0, dirty.y0, dirty.x1 - dirty.x0, dirty.y1 - dirty.y0);
      this.lastPaint = { x: dirty.x0, y: dirty.y0, width: dirty.x1 - dirty.x0, height: dirty.y1 - dirty.y0 };
    }
    this.drawMinimap();
  }

  /** What a paint reads: the view, the board's and marks' bits, the colours, and whether cells show detail. */
  paintInputs() {
    const { rows, cols, scale, originX, originY, pixels, colours } = this;
    return {
      rows, cols, scale, originX, originY, pixels, colours, width: this.canvas.width, bits: this.board.bits,
      markBits: this.marks ? this.marks.bits : null, detailed: scale >= DETAIL_PIXELS,
    };
  }

  /** Compute the pixels of the device-pixel rectangle [x0, x1) × [y0, y1). */
  paint(x0, y0, x1, y1) {
    const frame = this.paintInputs();
    if (this.hex) {
      this.paintHexagons(frame, x0, y0, x1, y1);
      return;
    }
    const { rows, cols, scale, originX, originY, pixels, width, bits, markBits, colours, detailed } = frame;
    const gap = detailed ? Math.max(0.5 / scale, 0.06) : 0; // cell fraction left dark at each edge
    const ringInner = 0.17 * 0.17;
    const ringOuter = 0.3 * 0.3;
    const showCursor = this.showCursor;
    const cursorIndex = this.cursor.row * cols + this.cursor.col;
    const cursorEdge = Math.max(2 / scale, 0.1);

    // Per column: the cell column under the pixel centre and where in the cell it falls.
    const columnOf = new Int32Array(x1 - x0);
    const fractionX = new Float32Array(x1 - x0);
    for (let x = x0; x < x1; x++) {
      const cellX = originX + (x + 0.5) / scale;
      const col = Math.floor(cellX);
      columnOf[x - x0] = col >= 0 && col < cols ? col : -1;
      fractionX[x - x0] = cellX - col;
    }

    for (let y = y0; y < y1; y++) {
      const cellY = originY + (y + 0.5) / scale;
      const row = Math.floor(cellY);
      const fy = cellY - row;
      let offset = y * width + x0;
      if (row < 0 || row >= rows) {
        pixels.fill(colours.background, offset, offset + (x1 - x0));
        continue;
      }
      const rowStart = row * cols;
      const edgeY = fy < gap || fy > 1 - gap;
      const dy = fy - 0.5;
      for (let k = 0; k < x1 - x0; k++, offset++) {
        const col = columnOf[k];
        if (col < 0) { pixels[offset] = colours.background; continue; }
        const index = rowStart + col;
        const lit = (bits[index >> 3] >> (index & 7)) & 1;
        const marked = markBits !== null && ((markBits[index >> 3] >> (index & 7)) & 1) === 1;
        let colour = lit ? colours.on : colours.off;
        if (detailed) {
          const fx = fractionX[k];
          if (edgeY || fx < gap || fx > 1 - gap) {
            colour = colours.background;
          } else if (marked) {
            const dx = fx - 0.5;
            const distance = dx * dx + dy * dy;
            if (distance >= ringInner && distance <= ringOuter) colour = colours.mark;
          }
          if (showCursor && index === cursorIndex &&
              (fx < cursorEdge || fx > 1 - cursorEdge || fy < cursorEdge || fy > 1 - cursorEdge)) {
            colour = colours.focus;
          }
        } else if (marked) {
          colour = lit ? colours.markedOn : colours.markedOff;
        } else if (showCursor && index === cursorIndex) {
          colour = colours.focus;
        }
        pixels[offset] = colour;
      }
    }
  }

  /**
   * paint() for hexagons: each pixel's hexagon by axial rounding; gaps, rings and the cursor
   * outline by the hexagon distance from its centre (0 at the centre, ½ on an edge's middle).
   */
  paintHexagons(frame, x0, y0, x1, y1) {
    const { rows, cols, scale, originX, originY, pixels, width, bits, markBits, colours, detailed } = frame;
    const edge = 0.5 - (detailed ? Math.max(0.5 / scale, 0.06) : 0); // beyond it, the gap between hexagons
    const cursorEdge = 0.5 - Math.max(2 / scale, 0.1);
    const cursorIndex = this.showCursor ? this.cursor.row * cols + this.cursor.col : -1;
    for (let y = y0; y < y1; y++) {
      const boardY = originY + (y + 0.5) / scale;
      let offset = y * width + x0;
      for (let x = x0; x < x1; x++, offset++) {
        const { row, col, dx, dy } = hexAt(originX + (x + 0.5) / scale, boardY);
        if (row < 0 || col < 0 || row >= rows || col >= cols) { pixels[offset] = colours.background; continue; }
        const index = row * cols + col;
        const lit = (bits[index >> 3] >> (index & 7)) & 1;
        const marked = markBits !== null && ((markBits[index >> 3] >> (index & 7)) & 1) === 1;
        const distance = hexDistance(dx, dy);
        let colour = lit ? colours.on : colours.off;
        if (!detailed) {
          if (marked) colour = lit ? colours.markedOn : colours.markedOff;
          else if (index === cursorIndex) colour = colours.focus;
        } else if (distance > edge) {
          colour = colours.background;
        } else if (index === cursorIndex && distance > cursorEdge) {
          colour = colours.focus;
        } else if (marked) {
          const round = dx * dx + dy * dy;
          if (round >= 0.17 * 0.17 && round <= 0.3 * 0.3) colour = colours.mark;
        }
        pixels[offset] = colour;
      }
    }
  }

  /** True when every cell is inside the canvas (at Fit, or zoomed out further). */
  wholeBoardVisible() {
    const viewCols = this.canvas.width / this.scale;
    const viewRows = this.canvas.height / this.scale;
    const slack = 1e-6; // a fitted board fills the canvas to the last pixel, give or take rounding
    return this.originX <= slack && this.originY <= slack &&
      this.originX + viewCols >= this.width - slack && this.originY + viewRows >= this.height - slack;
  }

  /** The whole board, one sample per minimap pixel, and the viewport as a rectangle; hidden when all is in view. */
  drawMinimap() {
    const hidden = this.wholeBoardVisible();
    if (this.minimap.hidden !== hidden) this.minimap.hidden = hidden;
    if (hidden) return;
    if (!this.minimapImage) this.sizeMinimap();
    const image = this.minimapImage;
    if (!image) return;
    const { width, height } = image;
    const pixels = new Uint32Array(image.data.buffer);
    const bits = this.board.bits;
    // Dimmed towards the background, so the viewport rectangle stands out on any board.
    const on = mix(this.colours.on, this.colours.background, 0.45);
    const off = mix(this.colours.off, this.colours.background, 0.45);
    const background = this.colours.background;
    for (let y = 0; y < height; y++) {
      const boardY = ((y + 0.5) * this.height) / height;
      for (let x = 0; x < width; x++) {
        const cell = this.cellAt(((x + 0.5) * this.width) / width, boardY); // null: outside the hex rhombus
        const index = cell ? cell.row * this.cols + cell.col : -1;
        pixels[y * width + x] = index < 0 ? background : (bits[index >> 3] >> (index & 7)) & 1 ? on : off;
      }
    }
    const context = this.minimapContext;
    context.putImageData(image, 0, 0);
    const sx = width / this.width;
    const sy = height / this.height;
    const viewCols = this.canvas.width / this.scale;
    const viewRows = this.canvas.height / this.scale;
    const ratio = window.devicePixelRatio || 1;
    const rectangle = [this.originX * sx, this.originY * sy, Math.max(3, viewCols * sx), Math.max(3, viewRows * sy)];
    context.lineWidth = 3 * ratio;
    context.strokeStyle = "rgba(0, 0, 0, 0.8)";
    context.strokeRect(...rectangle);
    context.lineWidth = 1.5 * ratio;
    context.strokeStyle = "#ffffff";
    context.strokeRect(...rectangle);
  }

  /** Centre the main view on the board point under a client point of the minimap. */
  centreOnMinimap(clientX, clientY) {
    const box = this.minimap.getBoundingClientRect();
    this.fitted = false;
    this.centreOn(((clientX - box.left) / box.width) * this.width, ((clientY - box.top) / box.height) * this.height);
  }
}

/**
 * The hexagon {row, col} of a hex board (the layout of CanvasView's hex shape) at board point
 * (x, y), and the point's offset {dx, dy} from its centre in cell widths: axial coordinates
 * rounded through cube coordinates (https://www.redblobgames.com/grids/hexagons/#rounding).
 * Rows and columns may be out of range (off the board).
 */
export function hexAt(x, y) {
  const r = (y - HEX_RADIUS) / HEX_ROW;
  const q = x - 0.5 - r / 2;
  let row = Math.round(r);
  let col = Math.round(q);
  const s = -r - q;
  const roundedS = Math.round(s);
  const errorRow = Math.abs(row - r);
  const errorCol = Math.abs(col - q);
  const errorS = Math.abs(roundedS - s);
  if (errorCol > errorRow && errorCol > errorS) col = -row - roundedS;
  else if (errorRow > errorS) row = -col - roundedS;
  return { row, col, dx: x - (col + row / 2 + 0.5), dy: y - (row * HEX_ROW + HEX_RADIUS) };
}

/** How far (dx, dy) is from a pointy-top hexagon's centre: ½ on its edges, in cell widths. */
export function hexDistance(dx, dy) {
  const ax = Math.abs(dx);
  return Math.max(ax, ax / 2 + Math.abs(dy) * HEX_ROW);
}
