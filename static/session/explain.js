// @ts-check
// The explanation of how the board on screen is solved, step by step: a headless
// controller (no DOM) over the session. Python computes the explanation (the API's
// `explain` op: lightsout.analysis.explain); this walks its steps, each ONE press through the
// session's press command — the path a click takes, so Undo, the move counter and the share
// link follow — and Previous step takes one back with the session's undo. Play / Pause
// walks on by itself, as Play solution does (playback.js). While it runs, the session's
// explain overlay marks the cell the next step presses (data-next), the light it clears
// and a formula's lights; `why(cell)` asks Python for a cell's per-cell formula.
//
// The explanation describes one board: any change the explainer did not make itself (a
// click, a new puzzle, a variant) ends it, with a word on the message line. What it says is
// data (messages.js): the message line and the explain panel word it in the page's language.

import { countFigure, countMessage, joinMessages, messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { cellName } from "./common-messages.js";

const STEP_MS = 600; // between steps while playing
const STEP_REDUCED_MS = 250; // the same under prefers-reduced-motion (no flash to watch)

/** @typedef {import("./requests.js").ExplainReply} ExplainReply */
/** @typedef {import("./requests.js").WhyReply} WhyReply */

export class Explainer {
  /** `session`: the session's narrow view for the explainer (wiring.js): its game, press, undo, overlay and requests. */
  constructor(session) {
    this.session = session;
    /** @type {ExplainReply | null} */
    this.reply = null; // the explain reply while explaining, else null
    this.index = 0; // steps pressed so far
    /** @type {import("../model/game.js").Game | null} */
    this.game = null; // the game explained (another game ends the explanation)
    this.startMoves = 0; // its move count when the explanation began
    this.pressing = false; // our own press or undo is under way (its change event is ours)
    this.playing = false;
    this.asking = false;
    /** @type {import("../model/board.js").Board | null} */
    this.startBoard = null; // the board explained, as it was before the first step
    /** @type {number | null} */
    this.selected = null; // the cell whose "why" is shown
    /** @type {WhyReply | null} */
    this.whyReply = null;
    session.subscribe(() => this.sessionChanged());
  }

  /**
   * The explanation changed without a change of its marks: the session tells it (its change's `explain`), saying `message`.
   * @param {import("./messages.js").Message} [message]
   */
  changed(message = undefined) {
    this.session.explanationChanged(message);
  }

  get active() {
    return this.reply !== null;
  }

  get steps() {
    return this.reply?.steps ?? [];
  }

  get total() {
    return this.steps.length;
  }

  get canNext() {
    return this.active && this.index < this.total && !this.asking;
  }

  get canPrevious() {
    return this.active && this.index > 0 && !this.asking;
  }

  /** How many of the steps belong to the first chase (before the first-row system). */
  get firstChaseLength() {
    const steps = this.steps;
    let n = 0;
    while (n < steps.length && steps[n].kind === "chase") n++;
    return n;
  }

  /** "chase", "system", "first-row", "chase-again" or "done"/"unsolvable": the phase the walk is in. */
  get phase() {
    if (!this.active) return null;
    if (this.index < this.total) return this.steps[this.index].kind;
    return this.reply.solvable ? "done" : "unsolvable";
  }

  /** Whether the explanation can run on this game: the DOM grid or a graph board, no set-up mode. */
  get available() {
    const { session } = this;
    return !session.usesCanvas() && !session.settingUp;
  }

  /** Start (or restart) explaining the board on screen. */
  async start() {
    const { session } = this;
    this.stop(false);
    if (!this.available) return;
    session.stopPlayback();
    this.asking = true;
    this.changed(messageOf("explainAsking"));
    // A board on its way (New puzzle, a link, a level) is the one to explain (none if a link failed meanwhile).
    const settled = await session.settled();
    const game = session.game;
    const reply = settled && this.available ? await requests.explain(session) : null;
    this.asking = false;
    if (!reply || session.game !== game) {
      this.changed();
      return;
    }
    if (reply.mode === "none") {
      this.changed(messageOf(reply.refusal === "states" ? "explainRefusedStates" : "explainRefusedSize", { cells: session.limits.explain_cells ?? 64 }));
      return;
    }
    this.reply = reply;
    session.enterExplaining(); // a click now asks why a cell is pressed; set-up and shape editing end
    this.game = game;
    this.startBoard = game.board.copy(); // "why?" is asked about the board the walk starts from
    this.startMoves = game.moveCount;
    this.index = 0;
    // An explained board is a solved one (no best result); its marks are the explanation's.
    this.showOverlay({ message: this.introduction(), start: true });
  }

  /** End the explanation (Done, or the board changed: then `say` what happened). */
  stop(say = true, message = messageOf("explainEnded")) {
    this.playing = false;
    if (!this.active) return;
    this.reply = null;
    this.selected = null;
    this.whyReply = null;
    this.session.leaveMode("explain");
    this.session.setExplainOverlay(null, { message: say ? message : undefined });
  }

  /** Anything the explainer did not do itself ends it: another game, another press, an undo. */
  sessionChanged() {
    if (!this.active || this.pressing) return;
    const game = this.session.game;
    if (game !== this.game || game.moveCount !== this.startMoves + this.index) this.stop(true, messageOf("explainBoardChanged"));
  }

  /** Press the next step's cell (one press, as a click). */
  next() {
    if (!this.canNext) return false;
    const step = this.steps[this.index];
    const { cols } = this.session.game.board;
    this.pressing = true;
    try {
      this.session.press(Math.floor(step.cell / cols), step.cell % cols);
    } finally {
      this.pressing = false;
    }
    this.index++;
    this.selected = null;
    this.whyReply = null;
    this.showOverlay({ message: this.sentence() });
    return true;
  }

  /** Take the last step back (the session's undo: one press). */
  previous() {
    if (!this.canPrevious) return false;
    this.playing = false;
    this.pressing = true;
    try {
      this.session.undo();
    } finally {
      this.pressing = false;
    }
    this.index--;
    this.selected = null;
    this.whyReply = null;
    this.showOverlay({ message: this.said() });
    return true;
  }

  /** Walk on by itself, a step every STEP_MS, until the end or Pause. */
  async play() {
    if (this.playing || !this.canNext) return;
    this.playing = true;
    this.changed();
    const { session } = this;
    const delay = session.reducedMotion() ? STEP_REDUCED_MS : STEP_MS;
    while (this.playing && this.canNext) {
      this.next();
      if (!this.canNext) break;
      await session.wait(delay);
    }
    this.playing = false;
    this.changed();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.changed();
  }

  /** What the message line says where the walk is: the answer to "why?" if one is shown, else the introduction or the last step's sentence. */
  said() {
    if (this.whyReply) return this.whySentence();
    return this.index === 0 ? this.introduction() : this.sentence();
  }

  /** The overlay: the next step's cell and the light it clears, or a formula's lights (`options`: setExplainOverlay's). */
  showOverlay(options = {}) {
    const step = this.index < this.total ? this.steps[this.index] : null;
    let formula = null;
    if (this.whyReply) {
      formula = new Set(this.whyReply.lights); // what decides the press, as Python names it
    } else if (!step && this.reply && !this.reply.solvable) {
      formula = new Set(this.reply.proof); // the lights whose parity no first row can change
    }
    this.session.setExplainOverlay({
      next: step ? step.cell : null, clears: step ? step.clears : null, formula, selected: this.selected,
    }, options);
  }

  /** The message before the first step: how many steps, and the first. */
  introduction() {
    const { reply } = this;
    if (this.total === 0) {
      if (reply.solvable) return messageOf("explainNothing");
      return reply.mode === "system" ? messageOf("explainCannotSolve") : countMessage("explainUnsolvableShort", reply.proof.length);
    }
    return joinMessages(countMessage("explainStart", this.total), this.nextWords());
  }

  /** What the next step will press (a message). */
  nextWords() {
    const step = this.steps[this.index];
    const { game } = this.session;
    if (step.kind === "chase" || step.kind === "chase-again") {
      return messageOf("explainNextChase", { cell: cellName(step.cell, game), light: cellName(step.clears, game) });
    }
    return messageOf("explainNextPress", { cell: cellName(step.cell, game) });
  }

  /**
   * The message after step `index` (short: the message line holds two lines; the panel beside
   * the board tells the whole story): what was pressed and why, then what comes next, or the end.
   */
  sentence() {
    const { reply } = this;
    const { game } = this.session;
    const done = this.steps[this.index - 1];
    if (this.index === this.total) {
      const position = messageOf("explainStepDone", { index: this.index, total: this.total });
      return joinMessages(position, reply.solvable ? this.ending() : countMessage("explainUnsolvableShort", reply.proof.length));
    }
    const position = messageOf("explainStepOf", { index: this.index, total: this.total });
    let what;
    if (done.kind === "chase" || done.kind === "chase-again") {
      what = messageOf(done.kind === "chase" ? "explainDidChase" : "explainDidChaseAgain", { cell: cellName(done.cell, game), light: cellName(done.clears, game) });
    } else if (done.kind === "first-row") {
      what = messageOf("explainDidFirstRow", { cell: cellName(done.cell, game) });
    } else {
      what = messageOf("explainDidSystem", { cell: cellName(done.cell, game) });
    }
    const parts = [position, what];
    if (this.index === this.firstChaseLength && reply.mode === "chase") parts.push(messageOf("explainChaseDone"));
    parts.push(this.nextWords());
    return joinMessages(...parts);
  }

  /** The last sentence: at the goal, with the presses against the fewest. */
  ending() {
    const { reply } = this;
    const fewest = reply.minimal_presses === null ? "" : messageOf(reply.minimal_proven ? "explainFewest" : "explainFewestFound", { fewest: reply.minimal_presses });
    const target = this.session.game.target;
    const goal = messageOf(target === "on" ? "explainGoalOn" : target === "off" ? "explainGoalOff" : "explainGoalReached");
    return joinMessages(messageOf("explainEnd", { goal, presses: this.total, net: reply.net }), fewest);
  }

  /** Ask Python why `cell` is pressed (its per-cell formula), and mark the formula's lights. */
  async why(cell) {
    if (!this.active) return;
    const { session } = this;
    this.selected = cell;
    this.whyReply = null;
    this.showOverlay();
    const reply = await requests.why(session, cell, this.startBoard);
    if (!reply || !this.active || this.selected !== cell) return;
    this.whyReply = reply;
    this.showOverlay({ message: this.whySentence() });
  }

  /** A press decided by one light (two states): it is pressed exactly when that light is lit (off the goal). */
  oneLight(pressed, off) {
    const word = messageOf(pressed ? (off ? "whyLit" : "whyWrong") : (off ? "whyDark" : "whyRight"));
    return { word, verdict: messageOf(pressed ? "whyPressedOne" : "whyUnpressedOne") };
  }

  /**
   * The answer to "why this press?" in the words of the walk (a message): Python's reason
   * (lightsout.analysis.explain.why) for the cell — the light above a chase press, the last-row lights
   * that decide a first-row press, a free choice with the number of solutions — worded here.
   */
  whySentence() {
    const reply = this.whyReply;
    const { game } = this.session;
    const cell = cellName(reply.cell, game);
    const off = game.target === "off";
    const lit = messageOf(off ? "whyLit" : "whyWrong"); // a light that differs from the goal
    const verdict = messageOf(reply.pressed ? "whyOdd" : "whyEven");
    switch (reply.reason) {
      case "chase": {
        // The step pressing it that comes next, else the last one taken (a cell may be pressed in both chases).
        const step = reply.steps.find((candidate) => candidate.index >= this.index) ?? reply.steps.at(-1);
        return messageOf(step.kind === "chase-again" ? "whyChaseAgain" : "whyChase", { cell, light: cellName(step.clears, game), word: lit });
      }
      case "dark":
        return messageOf("whyDarkAbove", { cell, light: cellName(reply.lights[0], game), word: messageOf(off ? "whyDark" : "whyRight") });
      case "first-row": {
        const words = {
          cell, rest: messageOf(this.reply.system.kind === "first-rows" ? "whyRestTorus" : "whyRestPlane"),
          end: messageOf(off ? "whyEndDark" : "whyEndGoal"), lights: reply.lights.length, lit: reply.lit, word: lit, verdict,
        };
        if (reply.given.length === 0 && reply.lights.length === 1) return messageOf("whyDecidedOne", { ...words, ...this.oneLight(reply.pressed, off) });
        if (reply.given.length === 0) return messageOf("whyDecided", words);
        return messageOf("whyDecidedGiven", { ...words, given: reply.given.length, total: reply.lit + reply.given.length });
      }
      case "free":
        return joinMessages(messageOf(reply.pressed ? "whyFreePressed" : "whyFreeUnpressed", { cell, solutions: countFigure(reply.solutions) }),
          reply.lights.length ? messageOf("whyFreeMarked") : null);
      case "unsolvable":
        return messageOf(reply.lights.length ? "whyNoFirstRow" : "whyUnsolvable", { cell });
      default: // "formula": the full system's
        if (game.k === 2 && reply.lights.length === 1) return messageOf("whyFormulaOne", { cell, ...this.oneLight(reply.pressed, off) });
        if (game.k === 2) return messageOf("whyFormula", { cell, lights: reply.lights.length, lit: reply.wrong, word: lit, verdict });
        return messageOf("whyStates", { cell, lights: reply.lights.length, value: reply.value });
    }
  }
}
