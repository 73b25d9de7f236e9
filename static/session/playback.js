// @ts-check
// Solution playback, the session's (session.js) helper: plays the marked solution through
// the press path (session.applyMoves), so every press is a move in the history as if
// clicked, and the session alone moves the version, the marks and the overlays. A short solution
// plays press by press, each drawn and flashed; a long one in slices, one a frame, none
// taking more than PLAY_SLICE_MS of the main thread (bench/playback.py: 500 000 presses on
// 1000×1000 in about 3 s while the page keeps drawing). The run's progress is read by the
// status panel as session.playbackRun; Stop or any other command ends it.

import { messageOf } from "./messages.js";

const PLAY_STEP_MS = 150; // delay between presses when playing a short solution
const PLAY_STEP_REDUCED_MS = 40; // the same under prefers-reduced-motion: no press animation to watch
const PLAY_SECONDS = 3; // a solution plays in about this long (a short one press by press, a long one in slices)
const PLAY_ONE_BY_ONE = PLAY_SECONDS * 60; // up to this many presses play one at a time, each drawn and flashed
const PLAY_SLICE_MS = 10; // most main-thread time one slice of a long playback takes (a "long task" is 50 ms)
const PLAY_FRAME_MS = 16; // between slices: a frame, in which the page draws the slice
const PLAY_CHUNK = 4096; // presses between two looks at the clock within a slice (≈ 0.1 ms of pressing)
const PLAY_LIMIT = 1_000_000; // more presses than this are not played one by one

export class Playback {
  /** Plays for `session` (its game, marks, wait, now, reducedMotion and press path). */
  constructor(session) {
    this.session = session;
    /** @type {{cancelled: boolean, done: number, total: number} | null} */
    this.run = null; // presses done of the total while a solution is being played
  }

  /** End the run without a word (the command that ends it says what it did). */
  cancel() {
    if (this.run) this.run.cancelled = true;
    this.run = null;
  }

  /**
   * Stop the run (the Stop button). The presses played so far stay, each a move in the
   * history like a click (Undo takes back the last one); the marks show the presses not
   * played yet, so Play solution carries on from there.
   */
  stop() {
    const run = this.run;
    if (!run) return;
    this.cancel();
    this.session.say(messageOf("playbackStopped", { done: run.done, total: run.total }));
  }

  /** The message line while `run` plays: "Playing 123 456 / 500 000". */
  message(run) {
    return messageOf("playingProgress", { done: run.done, total: run.total });
  }

  /**
   * Play the marked solution (solving first when none is marked). Up to PLAY_ONE_BY_ONE
   * presses play one at a time, each drawn and flashed (a player watching a 5×5 board
   * wants to see each press); longer solutions play in slices paced to end in about
   * PLAY_SECONDS.
   */
  async play() {
    const session = this.session;
    if (this.run) return;
    // New puzzle, then Play solution: the marks shown are the old board's; play the new one's (none if a link failed).
    if (!(await session.settled()) || this.run) return;
    if (session.settingUp) session.setMode("play"); // play from the board as set
    if (!session.marks) {
      const found = await session.findSolution();
      if (!found || this.run) return;
      session.showSolution(found);
    }
    const pressTotal = session.marks.total();
    if (pressTotal > PLAY_LIMIT) {
      session.say(messageOf("tooManyToPlay", { count: pressTotal }));
      return;
    }
    const presses = session.marks.pressList(); // each cell as many times as it is marked, in reading order
    const run = { cancelled: false, done: 0, total: presses.length };
    this.run = run;
    session.say(this.message(run));
    const ending = presses.length <= PLAY_ONE_BY_ONE
      ? await this.playOneByOne(run, presses)
      : await this.playInSlices(run, presses);
    if (ending === null || this.run !== run) return; // stopped
    this.run = null;
    session.playbackEnded(ending);
  }

  /**
   * Play `presses` a press a step, each drawn and flashed. Returns the last step's change
   * (emitted once the playback is over), or null when stopped.
   */
  async playOneByOne(run, presses) {
    const session = this.session;
    const stepMs = session.reducedMotion() ? PLAY_STEP_REDUCED_MS : PLAY_STEP_MS;
    const delay = Math.min(stepMs, (PLAY_SECONDS * 1000) / presses.length);
    for (let i = 0; i < presses.length; i++) {
      await session.wait(delay);
      if (run.cancelled) return null;
      const { changed, message } = session.applyMoves(presses, i, i + 1);
      run.done++;
      const step = { cells: changed, flash: presses[i] };
      if (run.done === run.total) return { ...step, message }; // "Solved in …" (the press path's word)
      session.showPlaybackStep({ ...step, message: this.message(run) });
    }
    return {};
  }

  /**
   * Play `presses` in slices, one a frame: each plays the presses due by now at the pace
   * of PLAY_SECONDS for the whole, but stops after PLAY_SLICE_MS (a slow machine takes
   * longer rather than freezing), then emits one change (the views redraw once). Each
   * chunk of presses is one call of the press path (session.applyMoves: Game.playMany and
   * the marks). Returns the last change (emitted once the playback is over), or null when stopped.
   */
  async playInSlices(run, presses) {
    const session = this.session;
    const duration = PLAY_SECONDS * 1000;
    const started = session.now();
    while (run.done < run.total) {
      await session.wait(PLAY_FRAME_MS);
      if (run.cancelled) return null;
      const paced = Math.ceil((run.total * (session.now() - started)) / duration);
      const due = Math.min(run.total, Math.max(run.done + 1, paced));
      const deadline = session.now() + PLAY_SLICE_MS;
      let said = null;
      while (run.done < due) {
        const end = Math.min(due, run.done + PLAY_CHUNK);
        ({ message: said } = session.applyMoves(presses, run.done, end)); // the marks played: a press of one takes it off
        run.done = end;
        if (session.now() >= deadline) break;
      }
      if (run.done < run.total) session.say(this.message(run));
      else return { message: said }; // "Solved in …" (the press path's word), or nothing
    }
    return {};
  }
}
