// The win banner (#win): laid over the board, not above it, so the board never moves.
// It shows while session.won holds (the goal just reached by a press or by playback,
// until the board changes), says how the goal was reached — the player's own win
// ("Solved!"), a win after Solve, Hint or Play solution was used ("Solved, with help"),
// or Play solution's ("Solved by Play solution") — and offers Next puzzle, which deals a
// new puzzle of the same kind (the New puzzle group's size, lit cells and presses; the
// rule, surface, states and shape stay). The celebration on the board itself is
// board-panel.js's.

import { t } from "./i18n.js";

const TITLES = { player: "winOwn", helped: "winHelped", played: "winPlayed" };

/** Focus the board's tab stop (a grid cell, or the canvas). */
function focusBoard() {
  document.querySelector('#board [role="gridcell"][tabindex="0"], #board canvas[aria-label]')?.focus();
}

export class WinPanel {
  /** `nextPuzzle()` deals the next puzzle (the puzzle panel's New puzzle). */
  constructor(session, nextPuzzle) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.banner = $("win");
    this.title = $("win-title");
    this.detail = $("win-detail");
    this.dismissed = null; // the session.won the reader closed
    // The banner's buttons vanish with it: the keyboard goes back to the board.
    $("next-puzzle").addEventListener("click", async () => {
      await nextPuzzle();
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
    this.detail.textContent = won.moves === 1 ? t("winMovesOne") : t("winMoves", { count: won.moves });
  }
}
