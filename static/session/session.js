// @ts-check
// The session: the page's midend (as in Simon Tatham's puzzles), reached only through its front
// door (api.js). Here is its kernel: the game (game.js) and its history, what changes the game (a
// board, a whole game, a variant, a shape, a goal), the one press path and the one place a win is
// decided and recorded (settle), and what a click on a cell means by the mode (play, set-up, shape
// editing, explaining); its commands say and tell through the one change event. Beside it, each in
// a module of its own: that change event's fields, listeners and notice (change-event.js); what is
// shown over the game — marks, overlays, the list of solutions, the marks' reroute (display.js);
// and its helpers, each owning one part and changing the game only through the commands a narrow
// view of the session gives it (wiring.js builds them all): new boards and games (dealer.js), Solve
// and Hint (solving.js), solution playback (playback.js), the puzzle being played (challenge.js)
// and the level sets (levels.js), set-up mode (setup.js), shape editing (shape-editing.js), boards
// as text and pasted board sets (board-text.js), the games Undo brings back (game-swap.js), the
// explainer (explain.js), the game kept in the browser (resume.js), links (links.js), the Analysis
// panel's questions (analysis.js), the Sound switch (sound-choice.js), and the solver as the
// session knows it (solver-state.js: its state, what waits for it, the lists it loads). The
// player's records (records.js) are given to it. Every request is built in requests.js and
// sequenced (sequencing.js: a reply to a superseded request is dropped, commands that ask about
// the board wait for a board on its way, and a player's command overtaken by the player's own
// change of the lights says so).
//
// No DOM, no worker, no words: the solver is injected as an object with request(message,
// {payload, timeoutMs}) — the page passes its SolverClient, tests a fake — and what the session
// says is data, {key, params, tone} (messages.js), worded by the views. Its state is private
// (#fields): read through getters, changed only by its commands; after each command it emits ONE
// change event to every subscriber, with the fields of CHANGE_FIELDS only (change-event.js: the
// session owns it privately, so nothing else emits).
//
// "Would the player expect this to be restored on undo?" decides what is game state (the board,
// in game.js's history) and what is session state (marks, overlays: display.js).

import { joinMessages, messageOf } from "./messages.js";
import { ChangeEvent } from "./change-event.js";
import { Display } from "./display.js";
import { wireHelpers } from "./wiring.js";
import { unsolvableMessage } from "./solve-messages.js";
import { cellName, shapeDoneMessage, solvedMessage, stencilLabel, surfaceSuffix } from "./common-messages.js";
import { boardFromReference, boardWithStates } from "../model/board.js";
import { Game, isMultiState, plainTarget } from "../model/game.js";
import { PLUS_STENCIL } from "../model/presses.js";
import { randomSolvableBoard } from "../model/random-board.js";

/** What a click does: one mode at a time (Session.mode). */
const MODES = ["play", "setup", "shape", "explain"];

/** @typedef {import("../model/board.js").Board} Board */
/** @typedef {import("../model/game.js").Target} Target */
/** @typedef {import("./messages.js").Message} Message */
/** @typedef {import("./solver-state.js").Solver} Solver */

/** The browser's storage as the session keeps things in it (localStorage, or a test's). @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} KeptStorage */

/**
 * The goal just reached by a press or a playback, until the board changes: `by` the player alone,
 * the player "helped" by the solver since the deal, or "played" (Play solution); in `moves` moves.
 * @typedef {{by: "player" | "helped" | "played", moves: number}} Won
 */

export class Session {
  // The kernel's state: private, read through the getters below, changed by the commands.
  /** @type {Game} */
  #game;
  #display = new Display();
  /** @type {Won | null} */
  #won = null; // the goal just reached by a press, until the board changes
  #assisted = false; // the solver helped on this board since it was dealt (Solve, Hint, Play solution, Explain)
  #version = 0; // bumped on every change of board or goal: a reply for an older one is stale
  #mode = "play"; // what a click does (mode)
  #changes = new ChangeEvent(); // the one change event: its listeners and the notice held (change-event.js)
  #statesReversed = false; // Lights Out 2000: its colours named the other way round (the order is undocumented)

  /**
   * `solver`: the worker's client (or a fake), {request, ready, busy, restart, cancel}; `limits`: the
   * API's limits op (dist/limits.json) plus the page's gridLimit; `records`: the player's records
   * (records.js), or null; `random()`: [0, 1), for boards made here; `reducedMotion()`:
   * prefers-reduced-motion; `searchBudget`: extra solve fields ({seconds}) for the fewest-presses
   * search; `wait(ms)`: resolves after a delay (playback); `now()`: milliseconds (the puzzle timer,
   * playback's pace); `today()`: the date (a Date: the puzzle of the day's, daily.js); `storage`:
   * where the game in progress is kept (localStorage, or null: not kept; resume.js).
   * @param {object} options
   * @param {Solver} options.solver
   * @param {import("../model/limits.js").Limits} options.limits
   * @param {import("./records.js").Records | null} [options.records]
   * @param {() => number} [options.random]
   * @param {() => boolean} [options.reducedMotion]
   * @param {{seconds?: number}} [options.searchBudget]
   * @param {(ms: number) => Promise<unknown>} [options.wait]
   * @param {() => number} [options.now]
   * @param {() => Date} [options.today]
   * @param {KeptStorage | null} [options.storage]
   */
  constructor({
    solver, limits, records = null, random = Math.random, reducedMotion = () => false, searchBudget = {},
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = () => performance.now(),
    today = () => new Date(), storage = null,
  }) {
    this.solver = solver;
    this.limits = limits;
    this.records = records;
    this.random = random;
    this.reducedMotion = reducedMotion;
    this.searchBudget = searchBudget;
    this.wait = wait;
    this.now = now;
    this.today = today;
    this.#game = new Game(randomSolvableBoard(5, 5, { random }));
    // The helpers, each on its narrow view of the session (wiring.js).
    const helpers = wireHelpers(this, storage);
    this.sequencer = helpers.sequencer;
    this.challengeTracker = helpers.challengeTracker;
    this.solving = helpers.solving;
    this.playback = helpers.playback;
    this.levelPlay = helpers.levelPlay;
    this.dealer = helpers.dealer;
    this.setupMode = helpers.setupMode;
    this.boardText = helpers.boardText;
    this.gameSwap = helpers.gameSwap;
    this.shapeEditing = helpers.shapeEditing;
    this.explainer = helpers.explainer;
    this.resume = helpers.resume;
    this.links = helpers.links;
    this.variantAnalysis = helpers.variantAnalysis;
    this.soundChoice = helpers.soundChoice;
    this.solverState = helpers.solverState;
  }

  // -------------------------------------------------------------------------------
  // Reading

  /** The game being played (game.js). */
  get game() { return this.#game; }
  /** The marks shown: a Board of press counts that solve the board, or null (display.js). */
  get marks() { return this.#display.marks; }
  /** The marks shown are a Hint's one press, not a solution: nothing to play. */
  get marksAreHint() { return this.#display.marksAreHint; }
  /** The overlays: {proof, nearest, quiet, explain} (display.js). */
  get overlay() { return this.#display.overlay; }
  /** What a view draws over the lights: {mask, proof, nearest, quiet, explain}, or null. */
  get layers() { return this.#display.layers; }
  /** {solutions: [Board], index} after Solve, while the board is unchanged; else null. */
  get solutionList() { return this.#display.solutionList; }
  /** The goal just reached by a press or a playback, until the board changes: {by, moves}, or null. */
  get won() { return this.#won; }
  /** The solver helped on this board since it was dealt. */
  get assisted() { return this.#assisted; }
  /** Bumped on every change of board or goal. */
  get version() { return this.#version; }
  /** Lights Out 2000's colours named the other way round. */
  get statesReversed() { return this.#statesReversed; }

  /**
   * What Next offers after a win: "level" (the next level of the set being played), "none"
   * (that set's last level was played), or "puzzle" (a new puzzle of the same kind).
   */
  get nextKind() {
    if (!this.levelPlay.current) return "puzzle";
    return this.levelPlay.next ? "level" : "none";
  }

  /** The puzzle being played (ChallengeTracker.current): {kind, key, label, start, minimum, startedAt, done, level, records}, or null. */
  get challenge() {
    return this.challengeTracker.current;
  }

  /** True for a k-state game (see isMultiState). */
  get multiState() {
    return isMultiState(this.#game.k);
  }

  /**
   * What a click on a cell does: "play" (a press), "setup" (a light set: setup.js), "shape" (a
   * cell's kind changed: shape-editing.js) or "explain" (the board explained: a click asks why
   * the cell is pressed, explain.js). One at a time: entering one leaves the one before (setMode).
   */
  get mode() {
    return this.#mode;
  }

  /** True in set-up mode (setup.js): a click sets a light instead of pressing. */
  get settingUp() {
    return this.#mode === "setup";
  }

  /** True when a rows × cols board is drawn on the canvas rather than as a grid of buttons. */
  usesCanvas(rows = this.#game.board.rows, cols = this.#game.board.cols) {
    return rows > this.limits.gridLimit || cols > this.limits.gridLimit;
  }

  /** Undo has something to take back: a move, an edit, or the board a load replaced (game-swap.js). */
  get canUndo() {
    return this.#game.canUndo || this.gameSwap.canUndo;
  }

  get canRedo() {
    return this.#game.canRedo || this.gameSwap.canRedo;
  }

  /** The playback's progress {cancelled, done, total} (presses), or null when no solution is playing. */
  get playbackRun() {
    return this.playback.run;
  }

  /** True while a link Python must read is opening: the board shown is a stand-in (Sequencer.openLink). */
  get opening() {
    return this.sequencer.opening !== null;
  }

  // -------------------------------------------------------------------------------
  // The mode

  /**
   * Enter `mode` ("play", "setup", "shape"; "explain" is entered by the explanation's start), leaving
   * the one before, and say so: the one place the modes' exclusions are decided. Set-up ends the
   * puzzle being played (its timer, minimum and best result describe a board about to change), and
   * entering or leaving it starts a fresh history, so that Undo walks the set-up's changes only;
   * leaving the explanation ends it. Shape editing is entered only where shapes are drawn (the grid).
   */
  setMode(mode) {
    const before = this.#mode;
    if (!MODES.includes(mode) || mode === "explain") throw new RangeError(`no mode ${mode} to set: ${MODES.join(", ")} (explain starts an explanation)`);
    if (mode === before || (mode === "shape" && !this.shapeEditing.available)) return;
    this.stopPlayback();
    if (before === "explain") this.explainer.stop(false);
    this.#mode = mode;
    if (mode === "setup") this.challengeTracker.end();
    if (mode === "setup" || before === "setup") this.#restartHistory();
    const said = mode === "setup" ? this.setupMode.message() : mode === "shape" ? messageOf("shapeEditing")
      : before === "setup" ? messageOf("setupDone") : before === "shape" ? shapeDoneMessage(this.#game.mask) : undefined;
    this.#changes.emit({ message: said, setup: true });
  }

  /**
   * Leave `mode` if it is the one, without a word: part of another command that tells its change
   * (a deal ends set-up mode; the explanation ending itself).
   */
  leaveMode(mode) {
    if (this.#mode === mode) this.#mode = "play";
  }

  /** The explanation began (explain.js): a click now asks why a cell is pressed; set-up and shape editing end. */
  enterExplaining() {
    this.#mode = "explain";
  }

  // -------------------------------------------------------------------------------
  // The change event (change-event.js): what each command tells

  /** Call `listener(change)` after every command; returns the function that unsubscribes. */
  subscribe(listener) { return this.#changes.subscribe(listener); }
  /** Say `notice` with the next message the session says (ChangeEvent.holdNotice). @param {import("./change-event.js").Notice} notice */
  holdNotice(notice) { this.#changes.holdNotice(notice); }
  /** Say the notice held (holdNotice) now, unless a link is opening: its own message will carry it. */
  sayNotice() { if (this.#changes.holdsNotice && !this.opening) this.say(null); }
  /** Say `message` (messages.js) on the message line; nothing else changes. */
  say(message) { this.#changes.emit({ message }); }
  /** Say `message` as the Board box's error (on the message line too); null clears it. `caret`: where in the box's text, {text, line, column}. */
  sayBoardError(message, caret = undefined) { this.#changes.emit({ boardError: message, ...(caret ? { caret } : {}) }); }
  /** Nothing changed that a view must know of, but a request came to nothing: views draw the session again (a size field goes back). */
  redraw() { this.#changes.emit(); }
  /** A step of a playback (playback.js): {cells, flash, message}, as a press would tell it. */
  showPlaybackStep(step) { this.#changes.emit(step); }
  /** The puzzle being played started, ended or got its fewest presses (challenge.js); `message`, if any, says why. @param {Message} [message] */
  challengeChanged(message = undefined) { this.#changes.emit({ challenge: true, message }); }
  /** The explanation changed (explain.js): its step, its "why", its asking. @param {Message} [message] */
  explanationChanged(message = undefined) { this.#changes.emit({ explain: true, message }); }
  /** The page's language changed: every view words again what it shows (the last message too). */
  reword() { this.#changes.emit({ reword: true }); }
  /** The solver's state or its being busy changed (solver-state.js): the views read session.solverState.status. */
  solverStatusChanged() { this.#changes.emit({ solver: true }); }
  /** What the page lists came from the solver (solver-state.js: the games, the level sets). */
  listsLoaded() { this.#changes.emit({ loaded: true }); }

  /** Lights Out 2000's colours named the other way round (the Games choice), or not. */
  setStatesReversed(reversed) {
    this.#statesReversed = reversed;
    this.#changes.emit();
  }

  // -------------------------------------------------------------------------------
  // Requests (built in requests.js)

  /** Send `message` to the solver, sequenced (sequencing.js: Sequencer.request); the reply, or null. */
  request(message, options) {
    return this.sequencer.request(message, options);
  }

  /** A new ticket of the request channel `channel`: a request on it still on its way is superseded. */
  nextTicket(channel) {
    return this.sequencer.nextTicket(channel);
  }

  /** Run `work()`, whose end replaces the game; board commands wait for it (Sequencer.changing). */
  changing(work) {
    return this.sequencer.changing(work);
  }

  /** Resolves once no work that replaces the game is under way: true, or false when a link failed meanwhile (Sequencer.settled). */
  settled() {
    return this.sequencer.settled();
  }

  /** Open a link Python must read: `read()` it, then `play(reply)` (Sequencer.openLink: the board is a stand-in meanwhile). */
  openLink(read, play) {
    return this.sequencer.openLink(read, play);
  }

  // -------------------------------------------------------------------------------
  // Game changes

  /** Make `next` the game: marks, overlays and the solution list go (the quiet pattern stays when `keepQuiet`). */
  #replaceGame(next, keepQuiet = false) {
    this.stopPlayback();
    this.sequencer.gameReplaced();
    this.#game = next;
    this.#won = null;
    this.#assisted = false;
    this.#display.reset(next.mask, keepQuiet);
    this.#version++;
  }

  /** The same board, rule, surface, shape and goal with no history (the game object is new; set-up mode). */
  #restartHistory() {
    const old = this.#game;
    this.#game = new Game(old.board, old.options);
    this.#won = null;
    this.#assisted = false;
  }

  /**
   * Show the explanation's marks over the board (explain.js): `explain` = {next: the cell the
   * next step presses, clears: the light it clears, formula: a Set of cells}, or null; with
   * `message` to say. `start`: an explanation begins — the board counts as helped (no best
   * result) and the solution marks go (the explanation shows its own).
   * @param {import("./display.js").ExplainMarks | null} explain
   * @param {{message?: Message, start?: boolean}} [options]
   */
  setExplainOverlay(explain, { message, start = false } = {}) {
    if (start) this.markAssisted();
    this.#display.setExplain(explain, this.#game.mask, start);
    this.#changes.emit({ message, explain: true });
  }

  /**
   * Start over with `board` (its k becomes the game's): history and marks go; goal, rule
   * and surface stay, and set-up mode. The shape is `mask` when given (null: none), else the
   * current one if the size is unchanged. Lights in holes are turned off: a hole has no light.
   * With `undoable`, Undo brings back the game replaced, history and all (game-swap.js).
   * `replaced(game)` runs with the new game in place, before the change is told (a puzzle it
   * starts, a board set it belongs to, is told with it).
   */
  setBoard(board, { message = null, mask = undefined, undoable = false, replaced = null } = {}) {
    const old = this.#game;
    this.challengeTracker.end();
    const sameSize = board.rows === old.board.rows && board.cols === old.board.cols;
    if (mask === undefined) mask = sameSize ? old.mask : null;
    if (mask && this.usesCanvas(board.rows, board.cols)) mask = null;
    if (mask) for (const index of mask.holes.indices()) board.set(index, 0);
    const keepQuiet = sameSize && mask === old.mask; // a quiet pattern depends on size, rule and shape only
    // A graph puzzle (a preset, a user's graph) keeps its graph on a board of its size only.
    const options = sameSize || !old.graph ? old.options : { ...old.options, graph: null, target: plainTarget(old.target) };
    this.#replaceGame(new Game(board, { ...options, mask }), keepQuiet);
    if (undoable) this.gameSwap.record(old);
    replaced?.(this.#game);
    const note = this.settingUp ? this.setupMode.message() : this.#game.isSolved() ? messageOf("solvedStart") : null;
    this.#changes.emit({ message: joinMessages(message, note), focus: true, reshaped: true });
  }

  /**
   * Play `game`, built whole elsewhere (a link's, a graph's, the one Undo brings back): its
   * marks, overlays and puzzle start afresh, and set-up mode ends unless `keepSetup` (a game
   * Undo brings back while setting up). `replaced(game)` runs with the new game in place,
   * before the change is told (a puzzle it starts is told with it); `message` is said, with
   * "already solved" when `sayIfSolved` and it is.
   */
  playGame(game, { message = null, keepQuiet = false, replaced = null, keepSetup = false, sayIfSolved = false } = {}) {
    this.challengeTracker.end();
    if (!keepSetup) this.leaveMode("setup");
    this.#replaceGame(game, keepQuiet);
    replaced?.(game);
    const solved = sayIfSolved && game.isSolved() ? messageOf("solvedStart") : null;
    this.#changes.emit({ message: joinMessages(message, solved), focus: true, reshaped: true, boardError: null });
  }

  /**
   * Play on with another variant: `k` states, `surface`, `rule`, `mask` (null: no shape).
   * The lights stay (each state modulo k), the history restarts (its presses were under
   * the old variant). The shape stays on every surface and for every k.
   */
  setVariant({ k = this.#game.k, surface = this.#game.surface, stencil = this.#game.stencil, mask = this.#game.mask } = {}) {
    const old = this.#game;
    const { rows, cols } = old.board;
    if (this.dealer.sizeRefused(rows, cols, k)) return false;
    const board = boardWithStates(old.board, k);
    const keepQuiet = k === old.k && surface === old.surface && stencil === old.stencil && mask === old.mask;
    const ended = this.#endChallenge(); // another variant is another puzzle
    this.#replaceGame(new Game(board, { target: plainTarget(old.target), stencil, surface, mask }), keepQuiet);
    const message = k !== old.k || (isMultiState(k) && surface !== old.surface)
      ? messageOf("statesChanged", { k, surface: surfaceSuffix(surface) })
      : messageOf("ruleChanged", { rule: stencilLabel(stencil), torus: surfaceSuffix(surface) });
    this.#changes.emit({ message: joinMessages(message, ended), reshaped: true, challenge: true });
    return true;
  }

  /** Use `mask` (null: no shape) on the current lights, which go out in holes. */
  setShape(mask, message) {
    const ended = this.#endChallenge();
    this.setBoard(this.#game.board.copy(), { message: joinMessages(message, ended), mask: mask && !mask.isEmpty ? mask : null });
  }

  /**
   * End the puzzle being played because the player changed what it is (its goal, rule, surface,
   * states or shape): what was dealt is no longer played, so nothing more is credited to it and
   * its link names no puzzle (no p=). What to say of it — a puzzle not yet won is played on as a
   * plain game —, or null when none was being played or it was already won.
   */
  #endChallenge() {
    const ended = this.challengeTracker.current;
    this.challengeTracker.end();
    return ended && !ended.done ? messageOf("plainGameNow") : null;
  }

  /**
   * The standard game from now on (two states, plus, plane, no shape, every light off the goal: the
   * puzzles dealt on it — the day's, a difficulty's, a sample — are that game's); a message saying so, or null.
   */
  useStandardGame() {
    const old = this.#game;
    const changed = this.multiState || old.surface !== "plane" || old.stencil !== PLUS_STENCIL || old.mask !== null || old.graph !== null
      || old.target !== "off";
    this.#replaceGame(new Game(boardWithStates(old.board, 2), { target: "off" }));
    return changed ? messageOf("standardGameRestored") : null;
  }

  /**
   * Play on towards another goal (`target`: "off", "on" or a Board of the game's size): the
   * lights and history stay, the marks go, and the puzzle being played ends (#endChallenge:
   * a goal of the player's choosing is not the puzzle dealt; nothing reached by it is credited).
   */
  setTarget(target) {
    this.stopPlayback();
    this.#won = null;
    const ended = this.#endChallenge();
    this.#game.target = target;
    this.#display.dropMarks();
    this.#version++;
    const solved = this.#game.isSolved() ? messageOf("solvedStart") : null;
    this.#changes.emit({ message: joinMessages(ended, solved, this.sequencer.dropAsked()), challenge: true });
  }

  // -------------------------------------------------------------------------------
  // The press path

  /**
   * The one path every press takes: clicks, keys, playback, the explainer's steps (undo and
   * redo settle the same way). Presses `presses[from..to)` (cell indices) and returns
   * {changed, message} without emitting: `changed` the cells one press changed, null when
   * many did or every mark must be redrawn. Pressing a marked cell takes one press off its
   * mark, which leaves the marks a solution (presses commute); any other press makes the
   * marks stale. Reaching the goal is a win `by` "player" (a click or a key, or the explainer's
   * step: "helped" when the solver helped) or "played" (Play solution), decided in settle.
   */
  applyMoves(presses, from = 0, to = presses.length, by = "played") {
    const game = this.#game;
    let changed = null;
    if (to - from === 1) {
      const { cols } = game.board;
      changed = game.play(Math.floor(presses[from] / cols), presses[from] % cols);
    } else {
      game.playMany(presses, from, to); // the packed fast path of a long playback's slice
    }
    this.challengeTracker.startClock();
    return this.#settle(presses, from, to, -1, changed, by);
  }

  /** Undo or redo one move (`direction` "undo" | "redo"), settled as the press path settles a press. */
  #applyHistory(direction) {
    this.stopPlayback();
    const result = direction === "undo" ? this.#game.undo() : this.#game.redo();
    if (!result) {
      this.gameSwap[direction](); // past the game's first (last) entry: the board a load replaced (game-swap.js)
      return;
    }
    const { move } = result; // null for an edit (set-up, Make solvable)
    const index = move === null ? -1 : move.row * this.#game.board.cols + move.col;
    const { changed, message } = this.#settle([index], 0, 1, direction === "undo" ? 1 : -1, result.changed, null);
    this.#changes.emit({ cells: changed, message });
  }

  undo() {
    this.#applyHistory("undo");
  }

  redo() {
    this.#applyHistory("redo");
  }

  /**
   * After moves `presses[from..to)`: the version, overlays and marks (display.js: the reroute, each
   * mark moved by `step`), the win, and what to say. The one place a win is decided and recorded:
   * the goal reached by presses (`by` "player" or "played") is a win — "helped" when the solver
   * helped since the deal — and the puzzle being played records it (challenge.js: finish, which
   * credits a time, a best result and the statistics only to the player's own win). An Undo or a
   * Redo (`by` null) that lands on the goal is no win: no banner, no time, no record.
   */
  #settle(presses, from, to, step, changed, by) {
    const game = this.#game;
    this.#won = null;
    this.#version++;
    if (this.#display.clearBoardOverlays(game.mask)) changed = null;
    const routed = this.#display.reroute(presses, from, to, step, changed, (index) => cellName(index, game));
    changed = routed.changed;
    let message = routed.message;
    const dropped = this.sequencer.dropAsked();
    if (this.settingUp) return { changed, message: joinMessages(message ?? this.setupMode.message(), dropped) }; // undo of a set-up change
    if (game.isSolved()) {
      if (by) {
        this.#won = { by: by === "player" && this.#assisted ? "helped" : by, moves: game.moveCount };
        message = this.challengeTracker.finish(this.#won) ?? solvedMessage(this.#won);
      } else {
        message = messageOf("goalByHistory");
      }
    }
    return { changed, message: joinMessages(message, dropped) };
  }

  /**
   * Add 1 to the lights at `indices` as one undoable edit, not a press (set-up mode's
   * light, Make solvable): marks and the overlays of the lights go. Emits `message`.
   */
  applyEdit(indices, message) {
    this.stopPlayback();
    let changed = this.#game.edit(indices);
    this.#version++;
    if (this.#display.marks) changed = null; // every mark goes: redraw them all
    this.#display.dropMarks();
    if (this.#display.clearBoardOverlays(this.#game.mask)) changed = null;
    this.#changes.emit({ cells: changed, message: joinMessages(message, this.sequencer.dropAsked()) });
  }

  /**
   * A click (a tap, Space or Enter) on cell (row, col): what it means is decided here, by the
   * mode — while the shape is edited it changes the cell's kind (shape-editing.js); while the
   * board is explained it asks why the cell is pressed (explain.js); in set-up mode it steps
   * the light (setup.js); else it presses. Returns what it did: "shape", "why", "set", "press",
   * or null (nothing: a hole, a link's stand-in).
   */
  click(row, col) {
    const index = row * this.#game.board.cols + col;
    if (this.shapeEditing.on) {
      this.shapeEditing.edit(row, col);
      return "shape";
    }
    if (this.#game.holes?.get(index)) return null;
    if (this.#mode === "explain") {
      this.explainer.why(index);
      return "why";
    }
    if (this.settingUp) return this.setupMode.setLight(row, col) ? "set" : null;
    const moves = this.#game.moveCount;
    this.press(row, col);
    return this.#game.moveCount !== moves ? "press" : null;
  }

  /**
   * A press by the player (a click or a key). Holes have no button; in set-up mode a
   * click sets a light (setup.js) and nothing is pressed. Reaching the goal is a win of
   * the player's own, or "helped" when Solve, Hint or Play solution was used on this board.
   */
  press(row, col) {
    if (this.opening) {
      this.say(messageOf("linkOpeningWait")); // the board is a stand-in until the link opens (openLink)
      return;
    }
    this.stopPlayback();
    const index = row * this.#game.board.cols + col;
    if (this.settingUp || this.#game.holes?.get(index)) return;
    const { changed, message } = this.applyMoves([index], 0, 1, "player");
    this.#changes.emit({ cells: changed, message, pressed: { row, col }, won: this.#won !== null || undefined });
  }

  /** The end of a playback (playback.js): `ending` its last change; the goal its last press reached is Play solution's win (settle). */
  playbackEnded(ending) {
    this.#changes.emit({ ...ending, won: this.#won !== null || undefined });
  }

  /**
   * The game kept in the browser just came back (resume.js): the `marks` shown when it was left
   * (a Board that solves it, or null) and whether the solver had `assisted`; its puzzle's clock is
   * the tracker's (challenge.js: resumeClock), told with it.
   */
  resumed({ marks, assisted }) {
    this.#display.restoreMarks(marks);
    this.#assisted = assisted;
    this.#changes.emit({ challenge: true });
  }

  /** Solve, Hint or Play solution helped on this board: no best result, no celebration. */
  markAssisted() {
    this.#assisted = true;
  }

  /** Add 1 to the nearest solvable board's lights as one undoable edit (not presses). */
  makeSolvable() {
    const edit = this.#display.nearestEdit();
    if (edit) this.applyEdit(edit.indices, edit.message);
  }

  /** Show (or, when it is shown, hide) a quiet pattern over the board; null hides the one shown. */
  toggleQuiet(pattern) {
    this.#display.toggleQuiet(pattern, this.#game.mask);
    this.#changes.emit();
  }

  // -------------------------------------------------------------------------------
  // Solutions shown (asked for by solving.js)

  /** Show why the board cannot be solved (a solve reply): the proof's lights and the nearest solvable board. */
  showUnsolvable(reply) {
    const onGrid = !this.multiState && !this.usesCanvas();
    const read = (reference) => (onGrid && reference ? boardFromReference(reference, reply.payload) : null);
    this.#display.showUnsolvable(read(reply.proof), read(reply.nearest), this.#game.mask);
    this.say(unsolvableMessage(reply, this.#game, this.multiState, !this.multiState && Boolean(this.#display.overlay.proof)));
  }

  /** Mark `found` (a findSolution result) as the solution shown, the solver's help; `change` is emitted with its message. */
  showSolution(found, change = {}) {
    this.markAssisted();
    this.#display.showSolution(found.solution, change.hint !== undefined);
    this.#changes.emit({ message: found.message, ...change });
  }

  /** Show the list of solutions (fewest presses first) in the navigator: `solutions` (Boards), `index` the one marked. */
  showSolutionList(solutions, index) {
    this.#display.showSolutionList(solutions, index);
    this.#changes.emit();
  }

  /** Show solution `index` of the list as the marks. */
  chooseSolution(index) {
    if (!this.#display.solutionList) return;
    this.stopPlayback();
    this.#display.chooseSolution(index);
    this.#changes.emit();
  }

  /** Next after a win (nextKind): the next level, or `dealNew()` (a new puzzle of the same kind, the New puzzle group's). */
  next(dealNew) {
    const kind = this.nextKind;
    if (kind === "level") return this.levelPlay.openNext();
    return kind === "puzzle" ? dealNew() : Promise.resolve(false);
  }

  /** End a playback without a word (the command that ends it says what it did). */
  stopPlayback() {
    this.playback.cancel();
  }

  /** Stop the playback (the Stop button); the presses played stay, the marks show the rest (playback.js). */
  stop() {
    this.playback.stop();
  }

  /** Play the marked solution (solving first when none is marked) through the press path (playback.js). */
  playSolution() {
    return this.playback.play();
  }
}
