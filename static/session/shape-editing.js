// Shape editing, the session's (session.js) helper: while it is on, a click on a cell
// changes the cell's kind — a cell, a hole (no light, no button) or a don't-care cell (its
// light does not count) — with the chosen tool, instead of pressing; the shape presets
// (ring, cross, heart) deal a random board in that shape. The shape is part of the puzzle:
// every change of it goes through the session's setShape or setBoard (a new history), the
// one place that touches version and marks. Set-up mode and shape editing exclude each
// other; the canvas (boards above the grid's limit) draws no shapes.

import { messageOf } from "./messages.js";
import { shapeDoneMessage } from "./common-messages.js";
import { CELL, HOLE, Mask, presetMask } from "../model/mask.js";

const PRESET_NAMES = { ring: "presetRing", cross: "presetCross", heart: "presetHeart", none: "presetNone" };

export class ShapeEditing {
  #chosen = false; // the player turned shape editing on (it is on while shapes can be drawn and set-up is off)

  /** Shape editing for `session` (its game, set-up mode, dealer and commands). */
  constructor(session) {
    this.session = session;
    this.tool = "cell"; // what a click makes a cell: "cell" | "hole" | "dontCare"
  }

  /** Shapes are drawn on the grid (any k, any surface); the canvas does not draw them. */
  get available() {
    return !this.session.usesCanvas();
  }

  /** True while a click edits the shape. */
  get on() {
    return this.#chosen && this.available && !this.session.settingUp;
  }

  /** Edit the shape (`on`) or play; entering leaves set-up mode. Says which. */
  set(on) {
    const { session } = this;
    session.stopPlayback();
    if (on && session.settingUp) session.setupMode.set(false);
    this.#chosen = on;
    session.say(this.on ? messageOf("shapeEditing") : shapeDoneMessage(session.game.mask));
  }

  /** Leave shape editing as part of another command (set-up mode entered), which tells the change. */
  end() {
    this.#chosen = false;
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
      const board = await session.dealer.randomBoard(rows, cols, { mask });
      if (board) session.setBoard(board, { message: messageOf("presetApplied", { name: label, rows, cols }), mask });
    });
  }
}
