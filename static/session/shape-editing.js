// @ts-check
// Shape editing, the session's (session.js) helper: while it is on, a click on a cell
// changes the cell's kind — a cell, a hole (no light, no button) or a don't-care cell (its
// light does not count) — with the chosen tool, instead of pressing; the shape presets
// (ring, cross, heart) deal a random board in that shape. The shape is part of the puzzle:
// every change of it goes through the session's setShape or setBoard (a new history), the
// one place that touches version and marks. Shape editing is one of the session's modes
// (session.setMode: it and set-up mode exclude each other); the canvas draws no shapes.

import { messageOf } from "./messages.js";
import { shapeDoneMessage } from "./common-messages.js";
import { CELL, HOLE, Mask, presetMask } from "../model/mask.js";

const PRESET_NAMES = { ring: "presetRing", cross: "presetCross", heart: "presetHeart", none: "presetNone" };

export class ShapeEditing {
  /** Shape editing for `session` (its game, set-up mode, dealer and commands). */
  constructor(session) {
    this.session = session;
    /** @type {"cell" | "hole" | "dontCare"} */
    this.tool = "cell"; // what a click makes a cell
  }

  /** Shapes are drawn on the grid (any k, any surface); the canvas does not draw them. */
  get available() {
    return !this.session.usesCanvas();
  }

  /** True while a click edits the shape: the session's mode "shape", where shapes are drawn. */
  get on() {
    return this.session.mode === "shape" && this.available;
  }

  /** The tool a click applies: "cell" | "hole" | "dontCare" (the panel's choice). */
  choose(tool) {
    this.tool = tool;
    this.session.redraw();
  }

  /** Give cell (row, col) the tool's kind (the cell's own kind again: back to a cell); a new history. */
  edit(row, col) {
    const { game } = this.session;
    const index = row * game.board.cols + col;
    const mask = game.mask ? game.mask.copy() : new Mask(game.board.rows, game.board.cols);
    const wanted = this.tool === "hole" ? HOLE : this.tool === "dontCare" ? "dontCare" : CELL;
    mask.setKind(index, mask.kind(index) === wanted ? CELL : wanted);
    this.session.setShape(mask, shapeDoneMessage(mask));
  }

  /** A random board in the preset shape `name` ("ring", "cross", "heart"; "none": no shape) of the board's size. */
  async preset(name) {
    const { session } = this;
    const { rows, cols } = session.game.board;
    if (!this.available) {
      session.say(messageOf("shapeTooBig"));
      return;
    }
    const label = messageOf(PRESET_NAMES[name]);
    if (name !== "none" && (rows < 3 || cols < 3)) {
      session.say(messageOf("presetTooSmall", { name: label }));
      return;
    }
    const mask = name === "none" ? null : presetMask(name, rows, cols);
    await session.changing(async () => {
      const board = await session.randomBoard(rows, cols, { mask });
      if (board) session.setBoard(board, { message: messageOf("presetApplied", { name: label, rows, cols }), mask });
    });
  }
}
