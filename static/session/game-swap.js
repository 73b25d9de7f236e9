// @ts-check
// Boards replaced by text (a paste anywhere on the page, the Board box's Load, a file) or by
// Clear and set-up's Fill, the session's (session.js) helper: each game replaced is kept
// whole — its board, shape and history — so that Undo, once the new game has nothing left to
// undo, brings it back as one step, and Redo the new one again. "Would the player expect
// this to be restored on undo?" Yes: a paste over the page must never lose the board. Any
// other new game (New puzzle, a link, set-up's fresh history) is not a replacement, so Undo
// stops at the start of its history.

import { messageOf } from "./messages.js";

const KEPT = 16; // replacements kept for Undo (a 10000×10000 board is 12.5 MB)

export class GameSwap {
  /** Replacements for `session` (its game, replaceGame and change event). */
  constructor(session) {
    this.session = session;
    this.back = []; // {before, after: Game}, the latest last: what Undo brings back
    this.forward = []; // {before, after, actions: before's action count when it came back}: what Redo brings back
  }

  /** The session's game just replaced `before` (session.setBoard with `undoable`). */
  record(before) {
    this.back.push({ before, after: this.session.game });
    if (this.back.length > KEPT) this.back.shift();
    this.forward = [];
  }

  /** Undo can bring back the game the current one replaced. */
  get canUndo() {
    return this.back.at(-1)?.after === this.session.game;
  }

  /** Redo can bring back the replacing game: the game it replaced is back, with no new move or edit since. */
  get canRedo() {
    const last = this.forward.at(-1);
    return last?.before === this.session.game && last.actions === this.session.game.actions;
  }

  /** Bring back the game the current one replaced; false when there is none. */
  undo() {
    if (!this.canUndo) return false;
    const swap = this.back.pop();
    this.forward.push({ ...swap, actions: swap.before.actions });
    this.show(swap.before, "boardBack");
    return true;
  }

  /** Bring back the replacing game; false when there is none. */
  redo() {
    if (!this.canRedo) return false;
    const swap = this.forward.pop();
    this.back.push(swap);
    this.show(swap.after, "boardAgain");
    return true;
  }

  show(game, key) {
    const { rows, cols } = game.board;
    this.session.playGame(game, { message: messageOf(key, { rows, cols }), keepSetup: true });
  }
}
