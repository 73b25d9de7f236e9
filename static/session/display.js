// @ts-check
// What is shown over the game, the session's (session.js) part that is not the game itself:
// the marks (a hint, a solution: presses that solve the board, rerouted as the player presses),
// the overlays (the proof and nearest solvable board of an unsolvable Solve, a quiet pattern
// from the gallery, the explanation's marks), the layers a view draws, and the list of
// solutions after Solve. "Would the player expect this to be restored on undo?" No: this is
// session state, not game state, so it lives here and not in the game's history. The session
// changes it through these methods and tells the change; nothing here emits.

import { countMessage, messageOf } from "./messages.js";

/** @typedef {import("../model/board.js").Board} Board */
/** @typedef {import("../model/mask.js").Mask} Mask */

/**
 * The explanation's marks (explain.js: showOverlay): the cell the `next` step presses and the
 * light it `clears` (or null), the lights of a `formula` (a "why", or an unsolvable board's proof),
 * and the cell whose "why" is shown (`selected`).
 * @typedef {{next: number | null, clears: number | null, formula: Set<number> | null, selected: number | null}} ExplainMarks
 */
/**
 * The overlays: `proof` and `nearest` (Boards) explain the last unsolvable Solve and go when the
 * lights change; `quiet` (a quiet pattern from the gallery) stays until the size, rule or shape
 * changes; `explain`: the explanation's marks.
 * @typedef {Readonly<{proof: Board | null, nearest: Board | null, quiet: Board | null, explain: ExplainMarks | null}>} Overlay
 */
/** What a view draws over the lights: the game's shape (`mask`) and the overlays. @typedef {Readonly<{mask: Mask | null} & Overlay>} Layers */
/** The solutions listed after Solve (Boards of presses, fewest first) and the one marked. @typedef {{solutions: Board[], index: number}} SolutionList */

export class Display {
  /** @type {Board | null} */
  #marks = null; // press counts to show, or null; always presses that solve the board
  #marksAreHint = false; // the marks shown are a Hint's one press, not a solution: nothing to play
  /** @type {Overlay} */
  #overlay = Object.freeze({ proof: null, nearest: null, quiet: null, explain: null });
  /** @type {Layers | null} */
  #layers = null; // what a view draws over the lights; a new object whenever it changes
  /** @type {SolutionList | null} */
  #solutionList = null; // after Solve, while the board is unchanged

  get marks() { return this.#marks; }
  get marksAreHint() { return this.#marksAreHint; }
  get overlay() { return this.#overlay; }
  get layers() { return this.#layers; }
  get solutionList() { return this.#solutionList; }

  /** A new game (its `mask`): marks, overlays and the list go; the quiet pattern stays when `keepQuiet`. */
  reset(mask, keepQuiet = false) {
    this.#marks = null;
    this.#solutionList = null;
    this.#overlay = Object.freeze({ proof: null, nearest: null, quiet: keepQuiet ? this.#overlay.quiet : null, explain: null });
    this.refresh(mask);
  }

  /** The layers over a game of shape `mask` (null: none), made again from the overlays. */
  refresh(mask) {
    const { proof, nearest, quiet, explain } = this.#overlay;
    this.#layers = mask || proof || nearest || quiet || explain ? Object.freeze({ mask, proof, nearest, quiet, explain }) : null;
  }

  #setOverlay(changes, mask) {
    this.#overlay = Object.freeze({ ...this.#overlay, ...changes });
    this.refresh(mask);
  }

  /** The marks no longer solve the board (an edit, a goal changed): they go. */
  dropMarks() {
    this.#marks = null;
  }

  /** Drop the overlays that describe the lights (after any change of them); true if some went. */
  clearBoardOverlays(mask) {
    this.#solutionList = null;
    if (!this.#overlay.proof && !this.#overlay.nearest) return false;
    this.#setOverlay({ proof: null, nearest: null }, mask);
    return true;
  }

  /**
   * After presses `presses[from..to)` (cell indices; −1 an edit): the marks reroute, each moved by
   * `step` (−1 a press, +1 an Undo). Returns {changed: the cells to draw again (null: all), message
   * (a press off the marks, the Undo of one, or the marks gone), or null}; `nameOf(index)` names a
   * cell in a message (common-messages.js: cellName).
   *
   * The marks reroute: marks m solve board b (b + A·m is the goal); after a press of cell i the
   * board is b + A·eᵢ, and m − eᵢ (mod k) solves it — the press joins the route, or takes a press
   * off it; an Undo adds eᵢ back, so the marks shown before come back. Linear over Z/kZ, so the
   * same for every k, surface, rule, shape and graph. A press off the marks (mᵢ was 0) left
   * mᵢ = k − 1; its Undo brings mᵢ back to 0, and only then (a press on the route is undone to
   * mᵢ ≥ 1): said, where the line went blank before.
   */
  reroute(presses, from, to, step, changed, nameOf = null) {
    let message = null;
    for (let i = from; i < to && this.#marks; i++) {
      const index = presses[i];
      if (index < 0) { // an edit (set-up, Make solvable) is no press: the marks no longer solve
        this.#marks = null;
        return { changed: null, message: messageOf("marksCleared") };
      }
      const offRoute = step < 0 && !this.#marks.get(index);
      this.#marks.add(index, step);
      if (offRoute && to - from === 1) message = messageOf("offRoute");
      else if (step > 0 && to - from === 1 && !this.#marks.get(index) && nameOf) message = messageOf("offRouteUndone", { cell: nameOf(index) });
      if (changed && !changed.includes(index)) changed = [...changed, index]; // its mark changed (an Orbix press leaves its own light)
    }
    if (this.#marks?.litCount === 0) this.#marks = null;
    return { changed, message };
  }

  /** Show `solution` (a Board of presses) as the marks; a Hint's one press when `hint`. */
  showSolution(solution, hint = false) {
    this.#marks = solution;
    this.#marksAreHint = hint;
  }

  /** The marks kept with a game brought back (resume.js): presses that solve it, or null. */
  restoreMarks(marks) {
    this.#marks = marks;
    this.#marksAreHint = false;
  }

  /** Show why the board cannot be solved: the proof's lights and the nearest solvable board (Boards, or null). */
  showUnsolvable(proof, nearest, mask) {
    this.#marks = null;
    this.#setOverlay({ proof, nearest }, mask);
  }

  /** The list of solutions (fewest presses first) in the navigator: `solutions` (Boards), `index` the one marked. */
  showSolutionList(solutions, index) {
    this.#solutionList = { solutions, index };
  }

  /** Show solution `index` of the list as the marks (a copy: marks are edited by presses, the list is not); false without a list. */
  chooseSolution(index) {
    if (!this.#solutionList) return false;
    const { solutions } = this.#solutionList;
    this.#solutionList = { solutions, index: Math.min(solutions.length - 1, Math.max(0, index)) };
    this.#marks = solutions[this.#solutionList.index].copy();
    this.#marksAreHint = false;
    return true;
  }

  /** Show (or, when it is shown, hide) a quiet pattern over the board; null hides the one shown. */
  toggleQuiet(pattern, mask) {
    const quiet = this.#overlay.quiet;
    const same = pattern === null || (quiet !== null && quiet.equals(pattern));
    this.#setOverlay({ quiet: same ? null : pattern }, mask);
  }

  /**
   * The explanation's marks over the board (explain.js), or null; `start`: an explanation begins and
   * the solution marks go (it shows its own).
   */
  setExplain(explain, mask, start = false) {
    if (start) this.#marks = null;
    this.#setOverlay({ explain }, mask);
  }

  /** The nearest solvable board's lights, to add as one edit (Make solvable): cell indices, and what to say; null without one. */
  nearestEdit() {
    const nearest = this.#overlay.nearest;
    if (!nearest) return null;
    const indices = nearest.indices();
    return { indices, message: countMessage("madeSolvable", indices.length) };
  }
}
