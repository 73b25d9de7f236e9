// @ts-check
// The session's one change event (session.js): its fixed list of fields, its listeners, and the
// notice said with the next message. The session owns one ChangeEvent privately and is the only
// module that emits on it (tests/js/boundaries.test.mjs): a helper tells what happened through the
// session's commands (say, redraw, challengeChanged, …), a view or a panel only subscribes.
//
// No DOM and no words: a change carries messages as data (messages.js), worded by the views.

import { joinMessages, withTone } from "./messages.js";

/** @typedef {import("./messages.js").KeyMessage | import("./messages.js").PartsMessage} Notice */

/**
 * The fields of the session's change event (emit), each a fact about the command just done:
 * - `cells`: the indices a press changed, or null when any cell, mark or overlay may have changed;
 * - `message`: the new message (messages.js; null empties the line, undefined keeps it);
 * - `boardError`: the Board box's error, a message (the message line shows it too; null clears it,
 *   undefined keeps it), and `caret`: where in the box's text, {text, line, column};
 * - `offer`: the Search to the end button's message, with a solution's message;
 * - `reshaped`: a new game (size, variant, shape or graph); `focus`: put the cursor on the first cell;
 * - `pressed`: {row, col} of the player's press; `flash`: the cell a playback just pressed;
 * - `hint`: the index of the cell a Hint just marked (a view may turn it into sight);
 * - `won`: the goal was just reached (session.won says how);
 * - `challenge`: the puzzle being played started, ended or got its fewest presses;
 * - `setup`: the mode changed (set-up, shape editing); `explain`: the explanation changed;
 * - `reword`: the page's language changed (word again what is shown);
 * - `solver`: the solver's state or its being busy changed (session.solverState.status says how);
 * - `loaded`: what the page lists came from the solver (the games, the level sets).
 */
export const CHANGE_FIELDS = Object.freeze([
  "cells", "message", "boardError", "caret", "offer", "reshaped", "focus", "pressed", "flash", "hint", "won",
  "challenge", "setup", "explain", "reword", "solver", "loaded",
]);

export class ChangeEvent {
  #listeners = new Set();
  /** @type {Notice | null} */
  #notice = null; // a message said with the next one (holdNotice)

  /** Call `listener(change)` after every command; returns the function that unsubscribes. */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Tell every listener `change`, whose fields are CHANGE_FIELDS (another is an error); `cells`
   * is null unless given, and a notice held is carried by its message. A listener reads the
   * session for the rest.
   */
  emit(change = {}) {
    for (const field of Object.keys(change)) {
      if (!CHANGE_FIELDS.includes(field)) throw new TypeError(`no change field ${field}: the fields are CHANGE_FIELDS (change-event.js)`);
    }
    const full = { cells: null, ...change };
    if (this.#notice) this.#carryNotice(full);
    for (const listener of [...this.#listeners]) listener(full);
  }

  /**
   * Say `notice` (a message) with the next message the session says, so that what the page's
   * opening says — a link opened, the game kept brought back — does not replace it (stored records
   * set aside: api.js, arrive). The session says it alone when nothing else was said (sayNotice).
   * @param {Notice} notice
   */
  holdNotice(notice) {
    this.#notice = notice;
  }

  /** A notice is held, not yet said. */
  get holdsNotice() {
    return this.#notice !== null;
  }

  /** Join the notice held into `change`'s message (or its Board box error), in the notice's tone; a link's "Opening…" waits for the next. */
  #carryNotice(change) {
    const field = change.boardError ? "boardError" : change.message !== undefined && change.message?.key !== "linkOpening" ? "message" : null;
    if (!field) return;
    const notice = this.#notice;
    this.#notice = null;
    const joined = joinMessages(change[field], notice);
    change[field] = notice.tone ? withTone(joined, notice.tone) : joined;
  }
}
