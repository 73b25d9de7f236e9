// @ts-check
// Set-up mode, the session's (session.js) helper: copy a board from a physical game (or
// another program) light by light. While the session's mode is "setup", a click sets one
// light (setLight) instead of pressing; the session says `message()` after each change. The board's changes go through the session's commands (applyEdit,
// restartHistory, setBoard), the one place that touches version and marks.

import { messageOf } from "./messages.js";
import { filledBoard } from "../model/board.js";

export class SetupMode {
  /** Set-up mode for `session` (its game, mode and commands). */
  constructor(session) {
    this.session = session;
  }

  /** True while a click sets a light instead of pressing (the session's mode). */
  get on() {
    return this.session.mode === "setup";
  }

  /** What a click does in set-up mode, for the message line (a message). */
  message() {
    const { k } = this.session.game;
    return k === 2 ? messageOf("setupOn") : messageOf("setupOnStates", { last: k - 1 });
  }

  /**
   * Turn set-up mode on or off (the session's setMode: entering ends the puzzle being played and
   * starts a fresh history, so that undo walks the set-up changes only; leaving keeps the board as
   * set and starts a fresh history again, and the share link then holds the board as set). Marks,
   * overlays and solutions shown for the board stay: they describe the same lights. Solve, Hint and
   * Play solution leave set-up mode (solving.js, playback.js): their marks are followed by pressing.
   */
  set(on) {
    if (on !== this.on) this.session.setMode(on ? "setup" : "play");
  }

  /**
   * In set-up mode, step the light at (row, col) to its next state, 0 → 1 → … → k−1 → 0,
   * and nothing else: one undoable edit, not a press (the move count stays 0). Returns
   * false (changing nothing) outside set-up mode, on a hole, which has no light, and on a
   * link's stand-in (it says why).
   */
  setLight(row, col) {
    const { session } = this;
    if (!this.on) return false;
    if (session.opening) {
      session.say(messageOf("linkOpeningWait")); // the board is a stand-in until the link opens (sequencing.js: openLink)
      return false;
    }
    const index = row * session.game.board.cols + col;
    if (session.game.holes?.get(index)) {
      session.say(messageOf("setupHole"));
      return false;
    }
    session.applyEdit([index], this.message());
    return true;
  }

  /**
   * Fill: every light on (state k − 1, the goal "All on"; holes stay dark), as one step Undo
   * takes back (game-swap.js). Set-up's Clear is the dealer's (dealer.js: clear).
   */
  fill() {
    const { rows, cols, k } = this.session.game.board;
    this.session.setBoard(filledBoard(rows, cols, k, k - 1), { message: messageOf("filled"), undoable: true });
  }

  /**
   * Play `board`, read from a picture (Scan, scan-panel.js), in set-up mode's terms: the
   * lights as read, a fresh history (move count 0), set-up mode off, the game's rule, surface,
   * shape, goal and preset unchanged; Solve answers for it at once. Like any board loaded, one
   * step Undo takes back (the game before comes back whole: game-swap.js).
   */
  loadScanned(board, message) {
    this.session.leaveMode("setup");
    this.session.setBoard(board, { message, undoable: true });
  }
}
