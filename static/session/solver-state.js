// @ts-check
// The solver as the session knows it, the session's (session.js) helper: the state its client
// last reported and its being busy; what waits for it to be ready — the puzzle's fewest presses
// and the day's check (challenge.js), a link or a kept game it could not read (links.js,
// resume.js), the lists the page shows (the real games, the level sets: levels.js); and what a
// panel asks of it as it is (Scan's check of a reading, the methods timed, Cancel). The views
// hear of it in the session's change event (`solver`, `loaded`).
//
// No DOM and no words: what it says is a message (messages.js), said through the session.

import * as requests from "./requests.js";
import { messageOf } from "./messages.js";

/** @typedef {import("../solver/solver-client.js").SolverDetail} SolverDetail */

/**
 * The solver as the session uses it: the worker's client (solver-client.js: SolverClient), or a
 * test's fake (which has `request` and `ready`, and may leave out what its test never asks).
 * `request(message, {payload, timeoutMs})` resolves with the op's reply, JSON from the worker
 * whose fields are the op's (docs/api.md): the transport cannot name them, so its own type is
 * `any`, and requests.js names each op's reply (SolveReply, ExplainReply, …).
 * @typedef {object} Solver
 * @property {(message: object, options?: {payload?: Uint8Array | null, timeoutMs?: number}) => Promise<any>} request
 * @property {boolean} [ready]
 * @property {boolean} [busy]  working on a request
 * @property {() => void} [restart]
 * @property {() => void} [cancel]  end what it is doing (the worker is stopped and started again)
 */

/**
 * The solver as the session knows it (SolverState.status): its `state` as the client last reported
 * it, with `detail` (its start, progress or error: solver-client.js), `ready`, and `busy` (working on a request).
 * @typedef {{state: string, detail: SolverDetail | null, ready: boolean, busy: boolean}} SolverStatus
 */

export class SolverState {
  /** @type {{state: string, detail: SolverDetail | null}} */
  #reported = { state: "loading", detail: null }; // the solver as the client last reported it
  /** @type {import("./requests.js").PresetInfo[] | null} */
  #presets = null; // the real games (the API's presets reply), once the solver has answered
  #loadingPresets = false;

  /**
   * The solver for `session`: its narrow view (wiring.js) with the solver, the game, its requests,
   * what it says and tells, and the helpers that wait for the solver (links, resume,
   * challengeTracker, levelPlay).
   */
  constructor(session) {
    this.session = session;
  }

  /**
   * {state: "loading" | "installing" | "ready" | "error", detail (the client's report: its start,
   * progress, error), ready, busy (working on a request)}.
   * @returns {SolverStatus}
   */
  get status() {
    const { state, detail } = this.#reported;
    const { solver } = this.session;
    return { state, detail, ready: Boolean(solver.ready), busy: Boolean(solver.busy) };
  }

  /** The real games (the presets reply's list), once the solver has answered; else null. */
  get presets() {
    return this.#presets;
  }

  /**
   * The solver client reported `state` (with `detail`): what waited for it goes on — the puzzle's
   * fewest presses, a link or a kept game it could not read, the lists the page shows — and the
   * views hear of it in the change event (`solver`).
   * @param {string} state
   * @param {SolverDetail | null} [detail]
   */
  changed(state, detail = null) {
    const { session } = this;
    this.#reported = { state, detail };
    session.links.solverChanged(state);
    session.resume.solverChanged(state);
    if (state === "ready") {
      session.challengeTracker.askMinimum();
      session.challengeTracker.checkDay();
      this.loadLists();
    }
    session.solverStatusChanged();
  }

  /** The solver started or ended a request ("Working…" and Cancel follow it). */
  busyChanged() {
    this.session.solverStatusChanged();
  }

  /** The games and the level sets the page lists, asked of the solver once it is ready; told by a `loaded` change. */
  async loadLists() {
    const { session } = this;
    if (!this.#presets && !this.#loadingPresets) {
      this.#loadingPresets = true;
      const reply = await requests.presets(session);
      this.#loadingPresets = false;
      if (reply) this.#presets = reply.presets;
    }
    const hadSets = Boolean(session.levelPlay.sets);
    await session.levelPlay.load();
    if (this.#presets || (session.levelPlay.sets && !hadSets)) session.listsLoaded();
  }

  /** Python's solve reply for `board`, read from a picture (Scan), in the current game: solvable, proof; null when the request failed. */
  checkReading(board) {
    return requests.solve(this.session, board, { minimal: false }, { channel: "scan", board: false, quiet: true });
  }

  /** The methods run and timed on the board (the API's methods op), or null when the solver failed (said). */
  measureMethods() {
    return requests.methods(this.session);
  }

  /** Cancel what the solver is working on (the worker is stopped and started again), and say so. */
  cancel() {
    const { session } = this;
    session.stopPlayback();
    session.solver.cancel();
    session.say(messageOf("cancelled"));
  }
}
