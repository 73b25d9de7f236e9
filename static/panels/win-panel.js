// @ts-check
// The win banner (#win): laid over the board, not above it, so the board never moves.
// It shows while session.won holds (the goal just reached by a press or by playback,
// until the board changes), says how the goal was reached — the player's own win
// ("Solved!"), a win after Solve, Hint or Play solution was used ("Solved, with help"),
// or Play solution's ("Solved by Play solution") — and offers Next puzzle, which deals a
// new puzzle of the same kind (the New puzzle group's size, lit cells and presses; the
// rule, surface, states and shape stay). On a level (levels.js) it gives the moves against
// the fewest possible — stars for the player's own win, and how many moves over (so does the
// puzzle of the day) — and offers Next level instead (none after the last). The puzzle of the day offers Share result:
// its line (daily.js: the day's number, moves against the fewest, time, stars and the link of
// its start — never the solution) through the Web Share API where the device has it, else
// the clipboard. The celebration on the board itself is board-panel.js's.

import { currentLanguage, t, tCount } from "../page/i18n.js";
import { wordMessage } from "../page/words.js";
import { messageOf } from "../session/messages.js";
import { shareAddress } from "../model/share-link.js";

const TITLES = { player: "winOwn", helped: "winHelped", played: "winPlayed" };

/** Focus the board's tab stop (a grid cell, or the canvas). */
function focusBoard() {
  /** @type {HTMLElement | null} */
  const stop = document.querySelector('#board [role="gridcell"][tabindex="0"], #board canvas[aria-label]');
  stop?.focus();
}

export class WinPanel {
  /**
   * `nextPuzzle()` deals the next puzzle (the challenge panel's New puzzle); the session decides which Next it is.
   * `copyText(text)` copies a result where the Web Share API is missing (the text panel's).
   * @param {import("../session/api.js").SessionApi} session
   */
  constructor(session, nextPuzzle, copyText = null) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.banner = $("win");
    this.title = $("win-title");
    this.detail = $("win-detail");
    this.score = $("win-score");
    this.next = $("next-puzzle");
    this.shareButton = $("share-result");
    this.shareButton.addEventListener("click", () => this.shareResult(copyText));
    this.dismissed = null; // the session.won the reader closed
    // The banner's buttons vanish with it: the keyboard goes back to the board.
    this.next.addEventListener("click", async () => {
      await session.next(nextPuzzle);
      const lost = !document.activeElement || document.activeElement === document.body || this.banner.contains(document.activeElement);
      if (this.banner.hidden && lost) focusBoard();
    });
    $("win-close").addEventListener("click", () => {
      this.dismissed = session.won;
      this.update();
      focusBoard();
    });
    session.subscribe(() => this.update());
  }

  update() {
    const { won } = this.session;
    const show = won !== null && won !== this.dismissed;
    this.banner.hidden = !show;
    if (!show) return;
    this.banner.dataset.by = won.by;
    this.title.textContent = t(TITLES[won.by]);
    const level = this.session.level;
    const minimum = this.session.challenge?.minimum;
    const next = this.session.nextKind;
    this.next.hidden = next === "none";
    this.next.textContent = t(next === "level" ? "nextLevel" : "nextPuzzle");
    this.shareButton.hidden = !this.session.shareLine(shareAddress());
    // A level, and the puzzle of the day or a difficulty's once its fewest is known, are scored against the fewest.
    const scored = level || ((this.session.challenge?.day || this.session.difficulty) && minimum != null);
    this.score.hidden = !scored;
    if (!scored) {
      delete this.banner.dataset.stars;
      this.detail.textContent = won.moves === 1 ? t("winMovesOne") : t("winMoves", { count: won.moves });
      return;
    }
    const over = won.moves - minimum;
    const parts = [tCount("winLevelMoves", won.moves, { best: minimum }), over > 0 ? tCount("winLevelOver", over) : t("winLevelPerfect")];
    if (level && next === "none") parts.push(t("levelsAllDone", { game: level.game[currentLanguage()] ?? level.game.en }));
    this.detail.textContent = parts.join(" · ");
    // Stars for the player's own win only; with help there is no score to give.
    const stars = this.session.score?.stars ?? 0;
    if (stars) this.banner.dataset.stars = String(stars);
    else delete this.banner.dataset.stars;
    this.score.hidden = stars === 0;
    this.score.textContent = "★".repeat(stars) + "☆".repeat(3 - stars);
    this.score.setAttribute("aria-label", tCount("winStars", stars));
  }

  /** Share the puzzle of the day's result: the device's share sheet where there is one, else the clipboard. */
  async shareResult(copyText) {
    const line = this.session.shareLine(shareAddress());
    if (!line) return;
    const text = wordMessage(line);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text });
        this.session.say(messageOf("resultShared"));
        return;
      } catch (error) {
        if (error?.name === "AbortError") return; // the player closed the share sheet
      }
    }
    await copyText?.(text);
  }
}
