// @ts-check
// The Solve group: Solve, Hint, the solution navigator and Play solution (in the slot under
// the toolbar while marks are shown; the status panel shows Stop there while they play), and
// the explanation of an unsolvable board (the proof, the nearest solvable board, Make solvable).

import { t } from "../page/i18n.js";

export class SolvePanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.solveButton = $("solve");
    this.hintButton = $("hint");
    this.playButton = $("play-solution");
    this.nav = $("solution-nav");
    this.label = $("solution-label");
    this.previous = /** @type {HTMLButtonElement} */ ($("previous-solution"));
    this.next = /** @type {HTMLButtonElement} */ ($("next-solution"));
    this.explain = $("explain");
    this.proofLegend = $("proof-legend");
    this.nearestLegend = $("nearest-legend");
    this.makeSolvable = /** @type {HTMLButtonElement} */ ($("make-solvable"));
    this.solveButton.addEventListener("click", () => session.solve());
    this.hintButton.addEventListener("click", () => session.hint());
    this.playButton.addEventListener("click", () => session.playSolution());
    this.previous.addEventListener("click", () => session.chooseSolution(session.solutionList.index - 1));
    this.next.addEventListener("click", () => session.chooseSolution(session.solutionList.index + 1));
    this.makeSolvable.addEventListener("click", () => session.makeSolvable());
    session.subscribe(() => this.update());
  }

  update() {
    const { session } = this;
    const { proof, nearest } = session.overlay;
    // Nothing needed to follow marks is in a collapsed section; set-up mode has the slot for its tools.
    // A Hint's one press is no solution to play: it is pressed by hand (issue 41).
    this.playButton.hidden = !session.marks || session.marksAreHint || session.playbackRun !== null || session.settingUp;
    this.explain.hidden = !(proof || nearest);
    this.makeSolvable.disabled = !nearest || nearest.litCount === 0;
    if (proof || nearest) {
      this.proofLegend.textContent = t(session.game.target === "on" ? "proofLegendOn" : "proofLegendOff");
      const count = nearest?.litCount ?? 0;
      this.nearestLegend.textContent = nearest === null ? t("nearestUnknown")
        : t(count === 1 ? "nearestLegendOne" : "nearestLegend", { count });
    }
    const list = session.solutionList;
    this.nav.hidden = list === null || session.settingUp;
    if (!list) return;
    const { solutions, index } = list;
    const presses = solutions[index].litCount;
    const key = presses === 0 ? "solutionOfZero" : presses === 1 ? "solutionOfOne" : "solutionOf";
    this.label.textContent = t(key, { index: index + 1, total: solutions.length, presses });
    this.previous.disabled = index === 0;
    this.next.disabled = index === solutions.length - 1;
  }
}
