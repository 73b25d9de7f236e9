// The session: the page's midend (as in Simon Tatham's puzzles). It owns the game
// (game.js) and its history, the marks (a hint or a solution shown on the board), the
// overlays (the proof and nearest solvable board of an unsolvable Solve, a quiet pattern
// from the gallery, the explanation's marks), the list of solutions, the one press path and
// the sequencing of every request to the solver. Its helpers beside it each own one part and
// change the game through its commands: new boards and games (dealer.js), Solve and Hint
// (solving.js), solution playback (playback.js), the puzzle being played (challenge.js),
// set-up mode (setup.js), boards as text and pasted board sets (board-text.js); requests
// are built in requests.js. No DOM, no worker, no words: the solver is injected as an object
// with request(message, {payload, timeoutMs}) — the page passes its SolverClient, tests a
// fake — and what the session says is data, {key, params, tone} (messages.js), worded by the views.
//
// Panels and views read the session's fields and call its commands; after each command
// the session emits ONE change event to every subscriber (see emit). Only the session and
// its helpers emit it, and only the session changes the version, the marks and the
// overlays (tests/js/boundaries.test.mjs). Requests are sequenced (sequencing.js): a reply
// to a superseded request is dropped, commands that ask about the board wait for a board on
// its way, and a player's command overtaken by the player's own change of the lights says so.
//
// "Would the player expect this to be restored on undo?" decides what is game state
// (the board, in game.js's history) and what is session state (marks, overlays).

import { countMessage, joinMessages, messageOf } from "./messages.js";
import { Playback } from "./playback.js";
import { ChallengeTracker } from "./challenge.js";
import { SetupMode } from "./setup.js";
import { Dealer } from "./dealer.js";
import { BoardText } from "./board-text.js";
import { GameSwap } from "./game-swap.js";
import { Solving } from "./solving.js";
import { Sequencer } from "./sequencing.js";
import { unsolvableMessage } from "./solve-messages.js";
import { stencilLabel, surfaceSuffix } from "./wording.js";
import { boardFromReference, boardWithStates } from "./board.js";
import { Game, PLUS_STENCIL, isMultiState, plainTarget, randomSolvableBoard } from "./game.js";

export class Session {
  /**
   * `solver`: the worker's client (or a fake), {request, ready}; `limits`: the API's limits op
   * (dist/limits.json) plus the page's gridLimit; `records`: best results (challenge.js), or null;
   * `random()`: [0, 1), for boards made here; `reducedMotion()`: prefers-reduced-motion;
   * `searchBudget`: extra solve fields ({seconds}) for the fewest-presses search; `wait(ms)`:
   * resolves after a delay (playback); `now()`: milliseconds (the puzzle timer, playback's pace).
   */
  constructor({
    solver, limits, records = null, random = Math.random, reducedMotion = () => false, searchBudget = {},
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = () => performance.now(),
  }) {
    Object.assign(this, { solver, limits, records, random, reducedMotion, searchBudget, wait, now });
    this.game = new Game(randomSolvableBoard(5, 5, { random }));
    this.marks = null; // a Board of press counts to show, or null; always presses that solve the board
    // Overlays (session state, not undone). proof and nearest explain the last unsolvable Solve and go when the
    // lights change; quiet (a quiet pattern from the gallery) stays until the size, rule or shape changes;
    // explain: the explanation's marks (explain.js): {next, clears, formula: Set | null}.
    this.overlay = { proof: null, nearest: null, quiet: null, explain: null };
    this.layers = null; // what a view draws over the lights; a new object whenever it changes
    this.solutionList = null; // {solutions: [Board], index} after Solve, while the board is unchanged
    this.solving = new Solving(this); // Solve, Hint, Search to the end: the questions to Python whose answers are shown here
    this.player = new Playback(this);
    this.challenges = new ChallengeTracker(this); // the puzzle being played; it ends when the board changes another way
    this.deal = new Dealer(this); // new boards and games: random boards, New puzzle, links' games, games on a graph
    this.setup = new SetupMode(this); // a click sets one light instead of pressing
    this.text = new BoardText(this); // boards read from text (and pasted board sets), boards written as text
    this.swap = new GameSwap(this); // the game a load or set-up's Clear or Fill replaced, for Undo
    this.statesReversed = false; // Lights Out 2000: its colours named the other way round (the order is undocumented)
    this.assisted = false; // the solver helped on this board since it was dealt (Solve, Hint, Play solution)
    // The goal just reached by a press or by playback, until the board changes:
    // {by: "player" | "helped" | "played", moves}, or null. The page celebrates "player".
    this.won = null;
    this.version = 0; // bumped on every change of board or goal: a reply for an older one is stale
    this.sequencer = new Sequencer(this); // request tickets, work that replaces the game, a link opening, the command asked
    this.listeners = new Set();
  }

  // -------------------------------------------------------------------------------
  // Reading

  /** The puzzle being played (ChallengeTracker.current): {kind, key, label, start, minimum, startedAt, done, assisted}, or null. */
  get challenge() {
    return this.challenges.current;
  }

  /** True for a k-state game (see isMultiState). */
  get multiState() {
    return isMultiState(this.game.k);
  }

  /** True in set-up mode (setup.js): a click sets a light instead of pressing. */
  get settingUp() {
    return this.setup.on;
  }

  /** True when a rows × cols board is drawn on the canvas rather than as a grid of buttons. */
  usesCanvas(rows = this.game.board.rows, cols = this.game.board.cols) {
    return rows > this.limits.gridLimit || cols > this.limits.gridLimit;
  }

  /** Undo has something to take back: a move, an edit, or the board a load replaced (game-swap.js). */
  get canUndo() {
    return this.game.canUndo || this.swap.canUndo;
  }

  get canRedo() {
    return this.game.canRedo || this.swap.canRedo;
  }

  /** The playback's progress {cancelled, done, total} (presses), or null when no solution is playing. */
  get playback() {
    return this.player.run;
  }

  /** Call `listener(change)` after every command; returns the function that unsubscribes. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The one change event, emitted by the session and its helpers only; a listener reads the
   * session for the rest. `change.cells`: the indices a press changed, or null when any
   * cell, mark or overlay may have changed; `message`: the new message (messages.js; null
   * empties the line, undefined keeps it); `boardError`: the Board box's error, a message
   * (undefined keeps it; the message line shows it too). Occasional hints: `reshaped` (a new
   * game: size, variant or shape), `puzzle` (the puzzle started, ended or got its minimum),
   * `pressed` ({row, col} of the player's press), `flash` (a cell just played back), `focus`
   * (put the cursor on the first cell), `caret` (a parse error's {text, line, column}),
   * `offer` (a message: the Search to the end button's), `boardSet` (a pasted set's puzzle
   * was loaded), `setup` (set-up mode turned on or off), `won` (the goal was just reached:
   * session.won says how), `reword` (the page's language changed: word again what is shown).
   */
  emit(change = {}) {
    const full = { cells: null, ...change };
    for (const listener of [...this.listeners]) listener(full);
  }

  /** Say `message` (messages.js) on the message line; nothing else changes. */
  say(message) {
    this.emit({ message });
  }

  /** Say `message` as the Board box's error (on the message line too); null clears it. */
  sayBoardError(message) {
    this.emit({ boardError: message });
  }

  /** The page's language changed: every view words again what it shows (the last message too). */
  reword() {
    this.emit({ reword: true });
  }

  /** Lights Out 2000's colours named the other way round (the Games choice), or not. */
  setStatesReversed(reversed) {
    this.statesReversed = reversed;
    this.emit();
  }

  // -------------------------------------------------------------------------------
  // Requests (built in requests.js)

  /** Send `message` to the solver, sequenced (sequencing.js: Sequencer.request); the reply, or null. */
  request(message, options) {
    return this.sequencer.request(message, options);
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

  /** True while a link Python must read is opening: the board shown is a stand-in (Sequencer.openLink). */
  get opening() {
    return this.sequencer.opening !== null;
  }

  // -------------------------------------------------------------------------------
  // Game changes

  /** Make `next` the game: marks, overlays and the solution list go (the quiet pattern stays when `keepQuiet`). */
  replaceGame(next, keepQuiet = false) {
    this.stopPlayback();
    this.sequencer.gameReplaced();
    this.game = next;
    this.won = null;
    this.assisted = false;
    this.marks = null;
    this.overlay = { proof: null, nearest: null, quiet: keepQuiet ? this.overlay.quiet : null, explain: null };
    this.solutionList = null;
    this.refreshLayers();
    this.version++;
  }

  /** The same board, rule, surface, shape and goal with no history (the game object is new; set-up mode). */
  restartHistory() {
    const old = this.game;
    this.game = new Game(old.board, old.options);
    this.won = null;
    this.assisted = false;
  }

  refreshLayers() {
    const mask = this.game.mask;
    const { proof, nearest, quiet, explain } = this.overlay;
    this.layers = mask || proof || nearest || quiet || explain ? { mask, proof, nearest, quiet, explain } : null;
  }

  /**
   * Show the explanation's marks over the board (explain.js): `explain` = {next: the cell the
   * next step presses, clears: the light it clears, formula: a Set of cells}, or null; with
   * `message` to say. `start`: an explanation begins — the board counts as helped (no best
   * result) and the solution marks go (the explanation shows its own).
   */
  setExplainOverlay(explain, { message, start = false } = {}) {
    if (start) {
      this.markAssisted();
      this.marks = null;
    }
    this.overlay = { ...this.overlay, explain };
    this.refreshLayers();
    this.emit({ message });
  }

  /** Drop the overlays that describe the lights (after any change of them); true if some went. */
  clearBoardOverlays() {
    this.solutionList = null;
    if (!this.overlay.proof && !this.overlay.nearest) return false;
    this.overlay = { ...this.overlay, proof: null, nearest: null };
    this.refreshLayers();
    return true;
  }

  /**
   * Start over with `board` (its k becomes the game's): history and marks go; goal, rule
   * and surface stay, and set-up mode. The shape is `mask` when given (null: none), else the
   * current one if the size is unchanged. Lights in holes are turned off: a hole has no light.
   * With `undoable`, Undo brings back the game replaced, history and all (game-swap.js).
   */
  setBoard(board, { message = null, mask = undefined, undoable = false } = {}) {
    const old = this.game;
    this.challenges.end();
    const sameSize = board.rows === old.board.rows && board.cols === old.board.cols;
    if (mask === undefined) mask = sameSize ? old.mask : null;
    if (mask && this.usesCanvas(board.rows, board.cols)) mask = null;
    if (mask) for (const index of mask.holes.indices()) board.set(index, 0);
    const keepQuiet = sameSize && mask === old.mask; // a quiet pattern depends on size, rule and shape only
    // A graph puzzle (a preset, a user's graph) keeps its graph on a board of its size only.
    const options = sameSize || !old.graph ? old.options : { ...old.options, graph: null, target: plainTarget(old.target) };
    this.replaceGame(new Game(board, { ...options, mask }), keepQuiet);
    if (undoable) this.swap.record(old);
    const note = this.setup.on ? this.setup.message() : this.game.isSolved() ? messageOf("solvedStart") : null;
    this.emit({ message: joinMessages(message, note), focus: true, reshaped: true });
  }

  /**
   * Play on with another variant: `k` states, `surface`, `rule`, `mask` (null: no shape).
   * The lights stay (each state modulo k), the history restarts (its presses were under
   * the old variant). The shape stays on every surface and for every k.
   */
  setVariant({ k = this.game.k, surface = this.game.surface, stencil = this.game.stencil, mask = this.game.mask } = {}) {
    const old = this.game;
    const { rows, cols } = old.board;
    if (this.deal.sizeRefused(rows, cols, k)) return false;
    const board = boardWithStates(old.board, k);
    const keepQuiet = k === old.k && surface === old.surface && stencil === old.stencil && mask === old.mask;
    this.replaceGame(new Game(board, { target: plainTarget(old.target), stencil, surface, mask }), keepQuiet);
    let message;
    if (k !== old.k || (isMultiState(k) && surface !== old.surface)) {
      message = messageOf("statesChanged", { k, surface: surfaceSuffix(surface) });
    } else {
      this.challenges.end(); // a new rule is a new puzzle
      message = messageOf("ruleChanged", { rule: stencilLabel(stencil), torus: surfaceSuffix(surface) });
    }
    this.emit({ message, reshaped: true });
    return true;
  }

  /** Use `mask` (null: no shape) on the current lights, which go out in holes. */
  setShape(mask, message) {
    this.setBoard(this.game.board.copy(), { message, mask: mask && !mask.isEmpty ? mask : null });
  }

  /** The standard game from now on (two states, plus, plane, no shape); a message saying so, or null. */
  useStandardGame() {
    const old = this.game;
    const changed = this.multiState || old.surface !== "plane" || old.stencil !== PLUS_STENCIL || old.mask !== null || old.graph !== null;
    this.replaceGame(new Game(boardWithStates(old.board, 2), { target: plainTarget(old.target) }));
    return changed ? messageOf("standardGameRestored") : null;
  }

  setTarget(target) {
    this.stopPlayback();
    this.won = null;
    this.game.target = target;
    this.marks = null;
    this.version++;
    this.say(joinMessages(this.game.isSolved() ? messageOf("solvedStart") : null, this.sequencer.dropAsked()));
  }

  // -------------------------------------------------------------------------------
  // The press path

  /**
   * The one path every press takes: clicks, keys, playback, the explainer's steps (undo and
   * redo settle the same way). Presses `presses[from..to)` (cell indices) and returns
   * {changed, message} without emitting: `changed` the cells one press changed, null when
   * many did or every mark must be redrawn. Pressing a marked cell takes one press off its
   * mark, which leaves the marks a solution (presses commute); any other press makes the
   * marks stale. Reaching the goal stops the puzzle's clock and says so.
   */
  applyMoves(presses, from = 0, to = presses.length) {
    const game = this.game;
    let changed = null;
    if (to - from === 1) {
      const { cols } = game.board;
      changed = game.play(Math.floor(presses[from] / cols), presses[from] % cols);
    } else {
      game.playMany(presses, from, to); // the packed fast path of a long playback's slice
    }
    this.challenges.startClock();
    return this.settle(presses, from, to, -1, changed);
  }

  /** Undo or redo one move (`direction` "undo" | "redo"), settled as the press path settles a press. */
  applyHistory(direction) {
    this.stopPlayback();
    const result = direction === "undo" ? this.game.undo() : this.game.redo();
    if (!result) {
      this.swap[direction](); // past the game's first (last) entry: the board a load replaced (game-swap.js)
      return;
    }
    const { move } = result; // null for an edit (set-up, Make solvable)
    const index = move === null ? -1 : move.row * this.game.board.cols + move.col;
    const { changed, message } = this.settle([index], 0, 1, direction === "undo" ? 1 : -1, result.changed);
    this.emit({ cells: changed, message });
  }

  undo() {
    this.applyHistory("undo");
  }

  redo() {
    this.applyHistory("redo");
  }

  /** After moves `presses[from..to)`: the version, overlays and marks (each mark moved by `step`), and what to say. */
  settle(presses, from, to, step, changed) {
    const game = this.game;
    this.won = null;
    this.version++;
    if (this.clearBoardOverlays()) changed = null;
    let message = null;
    for (let i = from; i < to && this.marks; i++) {
      const index = presses[i];
      if (index >= 0 && this.marks.get(index)) {
        this.marks.add(index, step);
        if (changed && !changed.includes(index)) changed = [...changed, index]; // its mark changed (an Orbix press leaves its own light)
      } else {
        this.marks = null;
        changed = null; // every mark goes: redraw them all
        message = messageOf("marksCleared");
      }
    }
    if (this.marks?.litCount === 0) this.marks = null;
    const dropped = this.sequencer.dropAsked();
    if (this.setup.on) return { changed, message: joinMessages(message ?? this.setup.message(), dropped) }; // undo of a set-up change
    if (game.isSolved()) message = this.challenges.finish() ?? countMessage("solved", game.moveCount);
    return { changed, message: joinMessages(message, dropped) };
  }

  /**
   * Add 1 to the lights at `indices` as one undoable edit, not a press (set-up mode's
   * light, Make solvable): marks and the overlays of the lights go. Emits `message`.
   */
  applyEdit(indices, message) {
    this.stopPlayback();
    let changed = this.game.edit(indices);
    this.version++;
    if (this.marks) changed = null; // every mark goes: redraw them all
    this.marks = null;
    if (this.clearBoardOverlays()) changed = null;
    this.emit({ cells: changed, message: joinMessages(message, this.sequencer.dropAsked()) });
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
    const index = row * this.game.board.cols + col;
    if (this.setup.on || this.game.holes?.get(index)) return;
    const { changed, message } = this.applyMoves([index]);
    const won = this.game.isSolved();
    if (won) this.won = { by: this.assisted ? "helped" : "player", moves: this.game.moveCount };
    this.emit({ cells: changed, message, pressed: { row, col }, won: won || undefined });
  }

  /** The end of a playback (playback.js): `ending` its last change; the goal reached is Play solution's win. */
  playbackEnded(ending) {
    const won = this.game.isSolved();
    if (won) this.won = { by: "played", moves: this.game.moveCount };
    this.emit({ ...ending, won: won || undefined });
  }

  /** Solve, Hint or Play solution helped on this board: no best result, no celebration. */
  markAssisted() {
    this.assisted = true;
    this.challenges.assist();
  }

  /** Add 1 to the nearest solvable board's lights as one undoable edit (not presses). */
  makeSolvable() {
    const nearest = this.overlay.nearest;
    if (!nearest) return;
    const indices = nearest.indices();
    this.applyEdit(indices, countMessage("madeSolvable", indices.length));
  }

  /** Show (or, when it is shown, hide) a quiet pattern over the board; null hides the one shown. */
  toggleQuiet(pattern) {
    const same = pattern === null || (this.overlay.quiet !== null && this.overlay.quiet.equals(pattern));
    this.overlay = { ...this.overlay, quiet: same ? null : pattern };
    this.refreshLayers();
    this.emit();
  }

  // -------------------------------------------------------------------------------
  // Solutions shown (asked for by solving.js)

  /** Show why the board cannot be solved (a solve reply): the proof's lights and the nearest solvable board. */
  showUnsolvable(reply) {
    this.marks = null;
    if (!this.multiState) {
      const onGrid = !this.usesCanvas();
      const read = (reference) => (onGrid && reference ? boardFromReference(reference, reply.payload) : null);
      this.overlay = { ...this.overlay, proof: read(reply.proof), nearest: read(reply.nearest) };
      this.refreshLayers();
    }
    this.say(unsolvableMessage(reply, this.game, this.multiState, !this.multiState && Boolean(this.overlay.proof)));
  }

  /** Mark `found` (a findSolution result) as the solution shown, the solver's help; `change` is emitted with its message. */
  showSolution(found, change = {}) {
    this.markAssisted();
    this.marks = found.solution;
    this.emit({ message: found.message, ...change });
  }

  /** Show the list of solutions (fewest presses first) in the navigator: `solutions` (Boards), `index` the one marked. */
  showSolutionList(solutions, index) {
    this.solutionList = { solutions, index };
    this.emit();
  }

  /** Show solution `index` of the list as the marks. */
  chooseSolution(index) {
    if (!this.solutionList) return;
    this.stopPlayback();
    const { solutions } = this.solutionList;
    this.solutionList.index = Math.min(solutions.length - 1, Math.max(0, index));
    this.marks = solutions[this.solutionList.index].copy(); // marks are edited by presses; the list is not
    this.emit();
  }

  /** End a playback without a word (the command that ends it says what it did). */
  stopPlayback() {
    this.player.cancel();
  }

  /** Stop the playback (the Stop button); the presses played stay, the marks show the rest (playback.js). */
  stop() {
    this.player.stop();
  }

  /** Play the marked solution (solving first when none is marked) through the press path (playback.js). */
  playSolution() {
    return this.player.play();
  }
}
