// @ts-check
// The canvas board's zoom and pan (canvas-viewport.js) and its pixels (canvas-paint.js),
// headless: the viewport's arithmetic against the points it must keep in place, and a
// paint read back pixel by pixel against the board it was given.
import test from "node:test";
import assert from "node:assert/strict";
import { MAX_CELL_PIXELS, Viewport } from "../../static/views/canvas-viewport.js";
import { DETAIL_PIXELS, mix, paint } from "../../static/views/canvas-paint.js";
import { cellAt, cellBox, hexAt } from "../../static/views/canvas-layout.js";
import { seeded } from "./seeded.mjs";

/** A viewport on a `rows` × `cols` board (squares) in a canvas `width` × `height` device pixels. */
function viewport(rows, cols, width = 800, height = 600) {
  const view = new Viewport();
  view.setCanvas(width, height);
  view.setBoard({ rows, cols, hex: false });
  return view;
}

const close = (a, b, message) => assert.ok(Math.abs(a - b) < 1e-9, `${message}: ${a} ≠ ${b}`);

test("Fit shows the whole board, centred, no bigger than MAX_CELL_PIXELS a cell", () => {
  const big = viewport(1000, 2000);
  close(big.scale, 0.4, "2000 columns in 800 pixels");
  assert.ok(big.fitted && big.wholeBoardVisible());
  close(big.originX, 0, "fills the width");
  close(big.originY + big.visible().height / 2, 500, "centred in height");
  const small = viewport(2, 3);
  assert.equal(small.scale, MAX_CELL_PIXELS);
  close(small.originX + small.visible().width / 2, 1.5, "centred");
});

test("a zoom keeps the board point under the pointer in place, within its bounds", () => {
  const view = viewport(1000, 1000);
  view.zoomAtPixel(400, 300, 10); // the view well inside the board: zooming further in never clamps
  assert.equal(view.fitted, false);
  const random = seeded(3);
  for (let i = 0; i < 200; i++) {
    const [x, y] = [random() * 800, random() * 600];
    const before = view.pixelToBoard(x, y);
    const factor = 1 + random() * 0.3;
    const wanted = Math.min(MAX_CELL_PIXELS, view.scale * factor);
    view.zoomAtPixel(x, y, factor);
    assert.equal(view.scale, wanted);
    const after = view.pixelToBoard(x, y);
    close(after.x, before.x, "x");
    close(after.y, before.y, "y");
  }
  view.zoomAtPixel(0, 0, 1e-9);
  close(view.scale, view.fitScale() / 2, "zoomed out to half the fitting scale at most");
});

test("pans are clamped: at least half the canvas stays over the board", () => {
  const view = viewport(100, 100);
  view.zoomAtPixel(400, 300, 8);
  view.panByPixels(1e6, 1e6);
  const visible = view.visible();
  close(visible.x, -visible.width / 2, "left");
  close(visible.y, -visible.height / 2, "top");
  view.panByPixels(-1e7, -1e7);
  close(view.visible().x, 100 - view.visible().width / 2, "right");
});

test("reveal scrolls just enough to show a cell, and only when it is out of view", () => {
  const view = viewport(1000, 1000);
  view.zoomAtPixel(0, 0, 100); // 40 pixels a cell, the top left corner in view
  const visible = view.visible();
  assert.equal(view.reveal(cellBox({ rows: 1000, cols: 1000, hex: false }, 1, 1)), false);
  assert.equal(view.reveal({ x: 500, y: 700, width: 1, height: 1 }), true);
  close(view.visible().x, 501 - visible.width, "the cell at the right edge");
  close(view.visible().y, 701 - visible.height, "the cell at the bottom edge");
});

test("a resize keeps a fitted board fitted, else the board point at the centre", () => {
  const view = viewport(50, 50);
  view.setCanvas(400, 1000);
  assert.ok(view.fitted);
  close(view.scale, 8, "refitted to the narrower canvas");
  view.zoomAtPixel(100, 100, 3);
  const centre = view.pixelToBoard(200, 500);
  view.setCanvas(300, 300);
  const after = view.pixelToBoard(150, 150);
  close(after.x, centre.x, "x");
  close(after.y, centre.y, "y");
});

test("a cell's pixel rectangle covers every pixel painted for it, and nothing off the canvas", () => {
  const view = viewport(10, 10, 100, 100);
  view.zoomAtPixel(37, 61, 2.7);
  const layout = { rows: 10, cols: 10, hex: false };
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 10; col++) {
      const rectangle = view.pixelRectangle(cellBox(layout, row, col));
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 100; x++) {
          const point = view.pixelToBoard(x + 0.5, y + 0.5);
          const cell = cellAt(layout, point.x, point.y);
          if (cell?.row !== row || cell.col !== col) continue;
          assert.ok(rectangle && x >= rectangle.x0 && x < rectangle.x1 && y >= rectangle.y0 && y < rectangle.y1, `${row},${col}: ${x},${y}`);
        }
      }
    }
  }
  assert.equal(view.pixelRectangle({ x: -50, y: 0, width: 1, height: 1 }), null);
});

const COLOURS = { background: 1, off: 2, on: 3, mark: 4, focus: 5, markedOff: 6, markedOn: 7 };

/** Paint a `rows` × `cols` board with `lit` and `marked` cells (indices) at `scale` pixels a cell, from the corner. */
function painted({ rows, cols, hex = false, scale, lit = [], marked = null, cursorIndex = -1, width = 60, height = 60 }) {
  const pack = (indices) => {
    const bits = new Uint8Array(Math.ceil((rows * cols) / 8));
    for (const i of indices) bits[i >> 3] |= 1 << (i & 7);
    return bits;
  };
  const pixels = new Uint32Array(width * height);
  const frame = {
    rows, cols, scale, originX: 0, originY: 0, pixels, width, bits: pack(lit),
    markBits: marked && pack(marked), colours: COLOURS, cursorIndex,
  };
  paint(frame, hex, 0, 0, width, height);
  return (x, y) => pixels[Math.floor(y) * width + Math.floor(x)];
}

test("squares: each cell's colour at its centre, gaps between cells, rings on marks, the cursor's outline", () => {
  const at = painted({ rows: 3, cols: 3, scale: 20, lit: [0, 4], marked: [4, 5], cursorIndex: 8 });
  assert.equal(at(10, 10), COLOURS.on);
  assert.equal(at(30, 10), COLOURS.off);
  assert.equal(at(30, 30), COLOURS.on); // marked, but the ring is round the centre
  assert.equal(at(30 + 0.23 * 20, 30), COLOURS.mark);
  assert.equal(at(50 + 0.23 * 20, 30), COLOURS.mark);
  assert.equal(at(20, 10), COLOURS.background); // the gap between two cells
  assert.equal(at(41, 50), COLOURS.focus); // the cursor's outline, inside its cell's edge
  assert.equal(at(50, 50), COLOURS.off);
  assert.equal(at(59, 10), COLOURS.background); // off the board
});

test("squares too small for detail: marks are tints, no gaps", () => {
  assert.ok(2 < DETAIL_PIXELS);
  const at = painted({ rows: 30, cols: 30, scale: 2, lit: [0], marked: [0, 1] });
  assert.equal(at(0, 0), COLOURS.markedOn);
  assert.equal(at(2, 0), COLOURS.markedOff);
  assert.equal(at(4, 1), COLOURS.off);
});

test("hexagons: every pixel is its hexagon's colour, gap or ring", () => {
  const lit = [0, 2, 4, 7, 11];
  const at = painted({ rows: 4, cols: 4, hex: true, scale: 10, lit, marked: [7] });
  for (let y = 0; y < 60; y++) {
    for (let x = 0; x < 60; x++) {
      const { row, col } = hexAt((x + 0.5) / 10, (y + 0.5) / 10);
      const colour = at(x, y);
      if (row < 0 || col < 0 || row >= 4 || col >= 4) assert.equal(colour, COLOURS.background);
      else if (index(row, col) !== 7) assert.ok([COLOURS.background, lit.includes(index(row, col)) ? COLOURS.on : COLOURS.off].includes(colour));
      else assert.ok([COLOURS.background, COLOURS.on, COLOURS.mark].includes(colour));
    }
  }
  function index(row, col) {
    return row * 4 + col;
  }
});

test("mix blends each channel", () => {
  assert.equal(mix(0x00000000, 0xff804020, 0.5), 0x80402010);
  assert.equal(mix(0x11223344, 0x55667788, 0), 0x11223344);
});
