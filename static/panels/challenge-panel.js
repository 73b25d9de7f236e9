// @ts-check
// The New puzzle group: size, lit cells, fewest presses, New puzzle, Clear, the puzzle of
// the day and the sample boards; the puzzle's timer, minimum and best result.

import { t, tCount } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";
import { wordMessage } from "../page/words.js";
import { formatDuration } from "../session/common-messages.js";
import { SAMPLE_BOARDS } from "../model/sample-boards.js";

export class ChallengePanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.rows = /** @type {HTMLInputElement} */ ($("rows"));
    this.cols = /** @type {HTMLInputElement} */ ($("cols"));
    this.lit = /** @type {HTMLInputElement} */ ($("lit"));
    this.presses = /** @type {HTMLInputElement} */ ($("presses"));
    this.statesNote = $("states-puzzle-note");
    this.timer = $("timer");
    this.bestResult = $("best-result");
    this.minimum = $("minimum");
    this.showFewest = $("show-fewest");
    this.showFewest.addEventListener("click", () => session.revealFewest());
    this.newPuzzleButton = $("new-puzzle");
    /** @type {ReturnType<typeof setInterval> | 0} */
    this.timerInterval = 0;
    /** The puzzle (its serial) whose time and best result are shown: another one (a new game of any kind) is drawn from zero. */
    this.shown = null;
    this.newPuzzleButton.addEventListener("click", () => this.newPuzzle());
    $("clear").addEventListener("click", () => session.clear());
    for (const sample of SAMPLE_BOARDS) $(`sample-${sample.id}`).addEventListener("click", () => session.sample(sample));
    // A size is dealt when the player commits it, never while typing Rows then Columns:
    // Enter or a spinner step (a change while the field keeps the focus), or the focus
    // leaving the pair. A change made by tabbing from Rows to Columns waits for Columns
    // (it fires during the blur, focus nowhere; the focus lands on Columns just after).
    /** @type {EventTarget[]} */
    this.sizeFields = [this.rows, this.cols];
    this.dealing = null; // "RxC" while that size's board is on its way
    for (const input of [this.rows, this.cols]) {
      input.addEventListener("change", () => {
        if (document.activeElement === input) this.commitSize();
        else {
          setTimeout(() => {
            if (!this.sizeFields.includes(document.activeElement)) this.commitSize();
            else if (!session.validSide(Number(input.value))) session.say(messageOf("sizeInvalid")); // said at once
          });
        }
      });
      input.addEventListener("focusout", (event) => {
        if (!this.sizeFields.includes(event.relatedTarget)) this.commitSize();
      });
    }
    session.subscribe((change) => this.update(change));
  }

  /** Deal a board of the size in Rows and Columns, if it is a new one (a bad one is refused with a message). */
  async commitSize() {
    const { session } = this;
    const { board } = session.game;
    const rows = Number(this.rows.value);
    const cols = Number(this.cols.value);
    if (rows === board.rows && cols === board.cols) return;
    if (this.dealing === `${rows}x${cols}`) return; // committed already (Enter, then leaving the field)
    const size = session.checkSize(rows, cols);
    if (!size) return;
    if (session.sizeRefused(size.rows, size.cols)) {
      this.rows.value = String(board.rows);
      this.cols.value = String(board.cols);
      return;
    }
    this.dealing = `${rows}x${cols}`;
    try {
      await session.resize(size.rows, size.cols);
    } finally {
      if (this.dealing === `${rows}x${cols}`) this.dealing = null;
    }
  }

  /**
   * A number field: null when empty, NaN-free integer ≥ 0, or undefined (and a message) when not.
   * @param {HTMLInputElement} input
   */
  readCount(input) {
    const text = this.session.multiState ? "" : input.value.trim(); // k states: any solvable board
    if (text === "") return null;
    const value = Number(text);
    if (Number.isInteger(value) && value >= 0) return value;
    this.session.say(messageOf("impossibleLit", { message: text }));
    return undefined;
  }

  /**
   * New puzzle (the button, N, a win's Next puzzle): of the size and counts in the fields; the
   * difficulty being played again when the fields ask for nothing else (its size, no counts).
   */
  async newPuzzle() {
    const size = this.session.checkSize(Number(this.rows.value), Number(this.cols.value));
    if (!size) return;
    const lit = this.readCount(this.lit);
    if (lit === undefined) return;
    const presses = this.readCount(this.presses);
    if (presses === undefined) return;
    const { difficulty } = this.session;
    if (difficulty && lit === null && presses === null && size.rows === difficulty.rows && size.cols === difficulty.cols) {
      await this.session.dealDifficulty(difficulty.name);
      return;
    }
    await this.session.newPuzzle({ ...size, lit, presses });
  }

  update(change = {}) {
    const { session } = this;
    const { game } = session;
    const challenge = session.challenge;
    // k-state puzzles are any solvable board: Lit cells and Presses say nothing there.
    this.lit.disabled = session.multiState;
    this.presses.disabled = session.multiState;
    this.statesNote.hidden = !session.multiState;
    if (!this.sizeFields.includes(document.activeElement)) { // not while the player types a size
      this.rows.value = String(game.board.rows);
      this.cols.value = String(game.board.cols);
    }
    // The fewest presses, hidden until the win or the player's tap (Fewest?); a level says it in its own label (levels-panel.js).
    const known = challenge?.minimum != null;
    this.minimum.textContent = known && session.fewestShown && !challenge.level ? t("bestPossible", { best: challenge.minimum }) : "";
    this.showFewest.hidden = !known || session.fewestShown;
    const serial = challenge?.serial ?? null;
    const another = serial !== this.shown;
    this.shown = serial;
    if (!another && !change.challenge && !change.reword && !(challenge && (challenge.startedAt || challenge.done))) return;
    if (another) { // a new game starts from zero: the last one's clock stops here
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
    }
    if (!challenge) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.hidden = true;
      this.bestResult.hidden = true;
      return;
    }
    this.timer.hidden = false;
    if (challenge.done) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.textContent = t("timer", { time: formatDuration(challenge.milliseconds) });
    } else if (challenge.startedAt && !this.timerInterval) {
      this.timerInterval = setInterval(() => this.tick(), 250);
    } else if (!challenge.startedAt) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.textContent = t("timer", { time: formatDuration(0) });
    }
    this.showBestResult();
  }

  tick() {
    const challenge = this.session.challenge;
    if (challenge?.startedAt && !challenge.done) {
      this.timer.textContent = t("timer", { time: formatDuration(this.session.now() - challenge.startedAt) });
    }
  }

  showBestResult() {
    const challenge = this.session.challenge;
    const best = challenge?.best;
    this.bestResult.hidden = !best;
    // The record is kept per challenge.key (kind, size and variant); the line names the
    // puzzle as its button does.
    if (best) {
      this.bestResult.textContent = tCount("bestResult", best.moves, { kind: wordMessage(challenge.label), time: formatDuration(best.milliseconds) });
    }
  }
}
