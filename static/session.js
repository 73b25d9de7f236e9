// The session: the page's midend (as in Simon Tatham's puzzles). It owns the game
// (game.js) and its history, the marks (a hint or a solution shown on the board), the
// overlays (the proof and nearest solvable board of an unsolvable Solve, a quiet pattern
// from the gallery), the list of solutions, solution playback (playback.js), the puzzle being played
// (puzzle-tracker.js: optimum, timer, best result) and every request to the solver. No DOM and no worker:
// the solver is injected as an object with request(message, {payload, timeoutMs}) — the
// page passes its SolverClient, tests a fake — so all of this runs under Node.
//
// Panels and views read the session's fields and call its commands; after each command
// the session emits ONE change event to every subscriber: {cells, message, ...} (see
// emit). Requests are sequenced: every request carries the game's version (bumped on
// every change of board or goal) and a ticket of its channel; a reply to a superseded
// request — a solve of an older board, a random board asked before the last one — is
// dropped, so what is shown is always what was asked last.
//
// "Would the player expect this to be restored on undo?" decides what is game state
// (the board, in game.js's history) and what is session state (marks, overlays).

import { sentences, t, tCount } from "./i18n.js";
import { Playback } from "./playback.js";
import { packPayload } from "./codec.js";
import { PuzzleTracker } from "./puzzle-tracker.js";
import { formatName, isCodedError, parseErrorMessage } from "./paste-errors.js";
import { countText, fractionText, powerOfTwo, pressCountMessage, requestErrorMessage, ruleLabel, structureText, surfaceSuffix } from "./wording.js";
import { MAX_SIZE, MIN_SIZE, boardFromId, boardFromReference, boardWithStates, emptyBoard } from "./board.js";
import { Game, Mask, PLUS_RULE, graphOfPuzzle, randomSolvableBoard } from "./game.js";


const SEARCH_NS_PER_SOLUTION = 100; // the fewest-presses search in Chromium: 91–126 ns per solution (bench_page.py --fewest)

/** A goal the variant controls know: a preset's own goal board (Merlin's ring) becomes "off". */
export function plainTarget(target) {
  return typeof target === "string" ? target : "off";
}

/** The board of `game`'s goal: its target board, or every light off / at k − 1. */
export function goalBoard(game) {
  const { rows, cols } = game.board;
  if (typeof game.target !== "string") return game.target.copy();
  const board = emptyBoard(rows, cols, game.k);
  if (game.target === "on") for (let i = 0; i < rows * cols; i++) board.set(i, game.k - 1);
  return board;
}

/**
 * True when the game is a "k-state" one: more than two states. Every k is solved on every
 * surface, with holes and don't-care cells, and the solver alone says when a board costs
 * too much (limits.json); what differs for k > 2 is what is shown: press totals and the
 * group of quiet patterns instead of rank and nullity, no proof or nearest board, no
 * Lit cells or Presses for New puzzle (the API's random takes them for k = 2 only), and
 * boards of at most GRID_LIMIT a side, because the canvas (canvas-render.js) draws two
 * colours only.
 */
export function isGeneral(k) {
  return k !== 2;
}

export class Session {
  /**
   * @param {object} options
   * @param {{request: Function, ready?: boolean}} options.solver  the worker's client (or a fake)
   * @param {object} options.limits  the API's limits op (dist/limits.json) plus the page's gridLimit
   * @param {object} [options.records]  best results (puzzles.js BestResults), or null
   * @param {Function} [options.wait]  resolves after a delay in ms (playback); setTimeout by default
   * @param {Function} [options.now]  milliseconds, for the puzzle timer and the pace of playback
   * @param {Function} [options.reducedMotion]  true under prefers-reduced-motion
   * @param {Function} [options.random]  [0, 1), for boards made here
   * @param {object} [options.searchBudget]  extra solve fields ({seconds}) for the fewest-presses search
   */
  constructor({
    solver, limits, records = null, random = Math.random, reducedMotion = () => false, searchBudget = {},
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = () => performance.now(),
  }) {
    this.solver = solver;
    this.limits = limits;
    this.records = records;
    this.random = random;
    this.reducedMotion = reducedMotion;
    this.searchBudget = searchBudget;
    this.wait = wait;
    this.now = now;
    this.game = new Game(randomSolvableBoard(5, 5, { random }));
    this.marks = null; // a Board of press counts to show, or null; always presses that solve the board
    // Overlays (session state, not undone). proof and nearest explain the last unsolvable
    // Solve and go when the lights change; quiet is a quiet pattern from the gallery and
    // stays until the size, rule or shape changes (it does not depend on the lights).
    // explain: the explanation's marks (explain.js): {next, clears, formula: Set | null}.
    this.overlay = { proof: null, nearest: null, quiet: null, explain: null };
    this.layers = null; // what a view draws over the lights; a new object whenever it changes
    this.solutionList = null; // {solutions: [Board], index} after Solve, while the board is unchanged
    this.player = new Playback(this); // solution playback (playback.js)
    // The puzzle being played (New puzzle, the puzzle of the day, a preset or a game, or a
    // link to one): its optimum, clock and best result (puzzle-tracker.js); it ends when
    // the board changes another way.
    this.puzzles = new PuzzleTracker(this);
    this.pastedText = null; // the last text loaded, so copies reuse its symbols
    this.puzzleSet = null; // a pasted POJ 1222 set: {boards, index, game: the Game its puzzle started}
    // Set-up mode (setSetup): a click sets one light (setLight) instead of pressing.
    this.settingUp = false;
    this.statesReversed = false; // Lights Out 2000: its colours named the other way round (the order is undocumented)
    // The solver helped on this board since it was dealt (Solve, Hint, Play solution).
    this.assisted = false;
    // The goal just reached by a press or by playback, until the board changes:
    // {by: "player" | "helped" | "played", moves}, or null. The page celebrates "player".
    this.won = null;
    this.version = 0; // bumped on every change of board or goal: a reply for an older one is stale
    this.tickets = new Map(); // channel -> the latest request's ticket
    this.listeners = new Set();
  }

  // -------------------------------------------------------------------------------
  // Reading

  /** The puzzle being played (PuzzleTracker.current): {kind, key, label, start, optimum, startedAt, done, assisted}, or null. */
  get puzzle() {
    return this.puzzles.current;
  }

  /** True for a k-state game (see isGeneral). */
  get general() {
    return isGeneral(this.game.k);
  }

  /** True when a rows × cols board is drawn on the canvas rather than as a grid of buttons. */
  usesCanvas(rows = this.game.board.rows, cols = this.game.board.cols) {
    return rows > this.limits.gridLimit || cols > this.limits.gridLimit;
  }

  get playing() {
    return this.player.run !== null;
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
   * The one change event; a listener reads the session for the rest. `change.cells`: the
   * indices a press changed, or null when any cell, mark or overlay may have changed;
   * `message`: the new message (undefined keeps the old one), with `tone` "error" when it
   * reports a failure; `boardError`: the Board box's error (undefined keeps it; the
   * message line shows it too). Occasional hints: `reshaped` (a new game: size,
   * variant or shape), `puzzle` (the puzzle started, ended or got its optimum), `pressed`
   * ({row, col} of the player's press), `flash` (a cell just played back), `focus` (put
   * the cursor on the first cell), `caret` (a parse error's {text, line, column}),
   * `offer` (the text of a Search to the end button), `puzzleSet` (a pasted set's puzzle
   * was loaded: see puzzleSetPosition), `setup` (set-up mode turned on or
   * off), `won` (the goal was just reached: session.won says how).
   */
  emit(change = {}) {
    const full = { cells: null, ...change };
    for (const listener of [...this.listeners]) listener(full);
  }

  // -------------------------------------------------------------------------------
  // Requests

  /**
   * Send `message` to the solver. Resolves with the reply, or null when it failed (the
   * reason is emitted as the message; with `rethrow` the error is thrown instead, for a
   * caller that answers some errors itself) or was superseded: by a change of the board
   * or goal when `board` is true, by a later request on the same `channel` when one is given.
   */
  async request(message, { payload = null, timeoutMs, channel = null, board = true, quiet = false, rethrow = false } = {}) {
    const version = this.version;
    const ticket = (this.tickets.get(channel) ?? 0) + 1;
    if (channel !== null) this.tickets.set(channel, ticket);
    let reply;
    try {
      reply = await this.solver.request(message, { payload, ...(timeoutMs ? { timeoutMs } : {}) });
    } catch (error) {
      const current = channel === null || this.tickets.get(channel) === ticket;
      if (rethrow && current && (!board || version === this.version)) throw error;
      if (!quiet && current && !rethrow) this.reportError(error);
      return null;
    }
    if (board && version !== this.version) return null;
    if (channel !== null && this.tickets.get(channel) !== ticket) return null;
    return reply;
  }

  /**
   * Emit a failed request's error as the message. A deadline, a crash or a restart is
   * explained on the status line (errors.js); the message line then only says the request
   * stopped, so that no busy message ("Solving…") outlives its request.
   */
  reportError(error) {
    this.emit({ message: requestErrorMessage(error) });
  }

  /**
   * The API's puzzle fields (docs/api.md) for the current game, with `boards` packed
   * first in the payload: {fields, payload, references}. `mask` and `rule` default to the
   * game's.
   */
  puzzleRequest(boards = [], { mask = this.game.mask, rule = this.game.rule, k = this.game.k } = {}) {
    const shape = mask && !mask.isEmpty ? mask : null;
    const { graph, target } = this.game;
    // The goal shown is always sent: a goal board (a preset's own, or another a link's g= gave) as well.
    const goalBoard = typeof target === "string" ? null : target;
    const packed = [...boards, ...(shape ? [shape.holes, shape.dontCare] : []), ...(goalBoard ? [goalBoard] : [])]
      .map((board) => ({ rows: board.rows, cols: board.cols, bytes: board.packed() }));
    const { payload, references } = packPayload(packed);
    const fields = {
      k, ...(graph ? graph.fields : { rule: rule.name, surface: this.game.surface }),
      target: goalBoard ? references.at(-1) : target,
      holes: shape ? references[boards.length] : null,
      dont_care: shape ? references[boards.length + 1] : null,
    };
    return { fields, payload, references };
  }

  // -------------------------------------------------------------------------------
  // Game changes

  /** Make `next` the game: marks, overlays and the solution list go (the quiet pattern stays when `keepQuiet`). */
  replaceGame(next, keepQuiet = false) {
    this.stopPlayback();
    this.game = next;
    this.won = null;
    this.assisted = false;
    this.marks = null;
    this.overlay = { proof: null, nearest: null, quiet: keepQuiet ? this.overlay.quiet : null, explain: null };
    this.solutionList = null;
    this.refreshLayers();
    this.version++;
  }

  refreshLayers() {
    const mask = this.game.mask;
    const { proof, nearest, quiet, explain } = this.overlay;
    this.layers = mask || proof || nearest || quiet || explain ? { mask, proof, nearest, quiet, explain } : null;
  }

  /**
   * Show the explanation's marks over the board (explain.js): `explain` = {next: the cell the
   * next step presses, clears: the light it clears, formula: a Set of cells}, or null.
   */
  setExplainOverlay(explain) {
    this.overlay = { ...this.overlay, explain };
    this.refreshLayers();
    this.emit();
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
   * and surface stay. The shape is `mask` when given (null: none), else the current one
   * if the size is unchanged. Lights in holes are turned off: a hole has no light.
   */
  setBoard(board, { message = "", mask = undefined } = {}) {
    const old = this.game;
    this.puzzles.end();
    const sameSize = board.rows === old.board.rows && board.cols === old.board.cols;
    if (mask === undefined) mask = sameSize ? old.mask : null;
    if (mask && this.usesCanvas(board.rows, board.cols)) mask = null;
    if (mask) for (const index of mask.holes.indices()) board.set(index, 0);
    const keepQuiet = sameSize && mask === old.mask; // a quiet pattern depends on size, rule and shape only
    // A graph puzzle (a preset, a user's graph) keeps its graph on a board of its size only.
    const options = sameSize || !old.graph ? old.options : { ...old.options, graph: null, target: plainTarget(old.target) };
    this.replaceGame(new Game(board, { ...options, mask }), keepQuiet);
    const solved = this.game.isSolved();
    const note = this.settingUp ? this.setupMessage() : solved ? t("solvedStart") : ""; // set-up mode stays on
    this.emit({ message: sentences(message, note), focus: true, reshaped: true });
  }

  /** True (and says why) when a k-state game cannot have a rows × cols board: the canvas draws two states only. */
  sizeRefused(rows, cols, k = this.game.k) {
    const side = this.limits.gridLimit;
    if (!isGeneral(k) || (rows <= side && cols <= side)) return false;
    this.emit({ message: t("statesTooBig", { rows, cols }) });
    return true;
  }

  /** True when `n` rows or columns are a board's. */
  validSide(n) {
    return Number.isInteger(n) && n >= MIN_SIZE && n <= Math.min(MAX_SIZE, this.limits.max_side);
  }

  /** Check a size typed by the player; null (and a message) when it is not one. */
  checkSize(rows, cols) {
    if (this.validSide(rows) && this.validSide(cols)) return { rows, cols };
    this.emit({ message: t("sizeInvalid") });
    return null;
  }

  /**
   * Play on with another variant: `k` states, `surface`, `rule`, `mask` (null: no shape).
   * The lights stay (each state modulo k), the history restarts (its presses were under
   * the old variant). The shape stays on every surface and for every k.
   */
  setVariant({ k = this.game.k, surface = this.game.surface, rule = this.game.rule, mask = this.game.mask } = {}) {
    const old = this.game;
    const { rows, cols } = old.board;
    if (this.sizeRefused(rows, cols, k)) return false;
    const board = boardWithStates(old.board, k);
    const keepQuiet = k === old.k && surface === old.surface && rule === old.rule && mask === old.mask;
    this.replaceGame(new Game(board, { target: plainTarget(old.target), rule, surface, mask }), keepQuiet);
    let message;
    if (k !== old.k || (isGeneral(k) && surface !== old.surface)) {
      message = t("statesChanged", { k, surface: surfaceSuffix(surface) });
    } else {
      this.puzzles.end(); // a new rule is a new puzzle
      message = t("ruleChanged", { rule: ruleLabel(rule), torus: surfaceSuffix(surface) });
    }
    this.emit({ message, reshaped: true });
    return true;
  }

  /** Use `mask` (null: no shape) on the current lights, which go out in holes. */
  setShape(mask, message) {
    this.setBoard(this.game.board.copy(), { message, mask: mask && !mask.isEmpty ? mask : null });
  }

  /** The standard game from now on (two states, plus, plane, no shape); a sentence saying so, or "". */
  useStandardGame() {
    const old = this.game;
    const changed = this.general || old.surface !== "plane" || old.rule !== PLUS_RULE || old.mask !== null || old.graph !== null;
    this.replaceGame(new Game(boardWithStates(old.board, 2), { target: plainTarget(old.target) }));
    return changed ? t("standardGameRestored") : "";
  }

  setTarget(target) {
    this.stopPlayback();
    this.won = null;
    this.game.target = target;
    this.marks = null;
    this.version++;
    this.emit({ message: this.game.isSolved() ? t("solvedStart") : "" });
  }

  /**
   * The one path every press takes: clicks, keys, undo, redo, playback and links.
   * Pressing a marked cell takes one press off its mark, which leaves the marks a
   * solution (presses commute); any other press makes the marks stale. Returns
   * {changed, message} without emitting.
   */
  applyMove(kind, row, col) {
    const game = this.game;
    let move = { row, col };
    let changed;
    this.won = null;
    if (kind === "play") {
      changed = game.play(row, col);
      this.puzzles.startClock();
    } else {
      const result = kind === "undo" ? game.undo() : game.redo();
      if (!result) return null;
      ({ move, changed } = result);
    }
    this.version++;
    if (this.clearBoardOverlays()) changed = null;
    let message = "";
    if (this.marks) {
      const index = move === null ? -1 : move.row * game.board.cols + move.col;
      if (index >= 0 && this.marks.get(index)) {
        this.marks.add(index, kind === "undo" ? 1 : -1);
        if (this.marks.litCount === 0) this.marks = null;
      } else {
        this.marks = null;
        changed = null; // every mark goes: redraw them all
        message = t("marksCleared");
      }
    }
    if (this.settingUp) return { changed, message: message || this.setupMessage() }; // undo of a set-up change
    if (game.isSolved()) message = this.puzzles.finish() ?? tCount("solved", game.moveCount);
    return { changed, message };
  }

  /**
   * A press by the player (a click or a key). Holes have no button; in set-up mode a
   * click sets a light (setLight) and nothing is pressed. Reaching the goal is a win of
   * the player's own, or "helped" when Solve, Hint or Play solution was used on this board.
   */
  press(row, col) {
    this.stopPlayback();
    if (this.settingUp || this.game.holes?.get(row * this.game.board.cols + col)) return;
    const { changed, message } = this.applyMove("play", row, col);
    const won = this.game.isSolved();
    if (won) this.won = { by: this.assisted ? "helped" : "player", moves: this.game.moveCount };
    this.emit({ cells: changed, message, pressed: { row, col }, won: won || undefined });
  }

  /** Solve, Hint or Play solution helped on this board: no best result, no celebration. */
  markAssisted() {
    this.assisted = true;
    this.puzzles.assist();
  }

  // -------------------------------------------------------------------------------
  // Set-up mode: copy a board from a physical game (or another program) light by light

  /** What a click does in set-up mode, for the message line. */
  setupMessage() {
    return this.game.k === 2 ? t("setupOn") : t("setupOnStates", { last: this.game.k - 1 });
  }

  /**
   * Turn set-up mode on or off. While it is on a click sets a light (setLight) instead of
   * pressing. Entering ends the puzzle being played (its timer, optimum and best result
   * describe a board about to change) and starts a fresh history, so that undo walks the
   * set-up changes only; leaving keeps the board as set and starts a fresh history again
   * (undo cannot go back into the set-up; the move count is 0), and the share link then
   * holds the board as set. Marks, overlays and solutions shown for the board stay: they
   * describe the same lights. Solve, Hint and Analysis answer for the board as set.
   */
  setSetup(on) {
    if (on === this.settingUp) return;
    this.stopPlayback();
    this.settingUp = on;
    this.won = null;
    if (on) this.puzzles.end();
    this.freshHistory();
    this.emit({ message: on ? this.setupMessage() : t("setupDone"), setup: true });
  }

  /**
   * Play `board`, read from a picture (Scan, scan-panel.js), in set-up mode's terms: the
   * lights as read, a fresh history (move count 0, nothing to undo), set-up mode off, the
   * game's rule, surface, shape, goal and preset unchanged; Solve answers for it at once.
   */
  loadScanned(board, message) {
    this.settingUp = false;
    this.setBoard(board, { message });
  }

  /** The same board, rule, surface, shape and goal with no history (the game object is new). */
  freshHistory() {
    const old = this.game;
    this.game = new Game(old.board, old.options);
    this.assisted = false;
  }

  /**
   * In set-up mode, step the light at (row, col) to its next state, 0 → 1 → … → k−1 → 0,
   * and nothing else: one undoable edit, not a press (the move count stays 0). Returns
   * false (changing nothing) outside set-up mode and on a hole, which has no light.
   */
  setLight(row, col) {
    if (!this.settingUp) return false;
    const game = this.game;
    const index = row * game.board.cols + col;
    if (game.holes?.get(index)) {
      this.emit({ message: t("setupHole") });
      return false;
    }
    let changed = game.edit([index]);
    this.version++;
    if (this.marks) changed = null; // every mark goes: redraw them all
    this.marks = null;
    if (this.clearBoardOverlays()) changed = null;
    this.emit({ cells: changed, message: this.setupMessage() });
    return true;
  }

  undo() {
    this.stopPlayback();
    const result = this.applyMove("undo");
    if (result) this.emit({ cells: result.changed, message: result.message });
  }

  redo() {
    this.stopPlayback();
    const result = this.applyMove("redo");
    if (result) this.emit({ cells: result.changed, message: result.message });
  }

  /** Add 1 to the nearest solvable board's lights as one undoable edit (not presses). */
  makeSolvable() {
    const nearest = this.overlay.nearest;
    if (!nearest) return;
    this.stopPlayback();
    const indices = nearest.indices();
    const changed = this.game.edit(indices);
    this.marks = null;
    this.version++;
    this.clearBoardOverlays();
    this.emit({ cells: changed, message: tCount("madeSolvable", indices.length) });
  }

  /** Show (or, when it is shown, hide) a quiet pattern over the board. */
  toggleQuiet(pattern) {
    const same = this.overlay.quiet !== null && this.overlay.quiet.equals(pattern);
    this.overlay = { ...this.overlay, quiet: same ? null : pattern };
    this.refreshLayers();
    this.emit();
  }

  hideQuiet() {
    this.overlay = { ...this.overlay, quiet: null };
    this.refreshLayers();
    this.emit();
  }

  /**
   * Play `game`, a share link's game built whole with its moves already played
   * (share-link.js: gameOfLink), so that nothing here can fail half way. A link of a puzzle
   * (`puzzleKind`, its p= field) is that puzzle again: its optimum, timer and best results.
   */
  openGame(game, message, puzzleKind = null) {
    this.puzzles.end();
    this.settingUp = false; // a link is a game to play
    this.replaceGame(game);
    this.emit({ message, focus: true, reshaped: true, boardError: "" });
    this.resumePuzzle(puzzleKind);
  }

  /**
   * The game a link just opened is the puzzle its p= field (`token`, or null) names, if this
   * page deals it for that board (puzzles.js: puzzleOfToken): its optimum, timer and best results.
   */
  resumePuzzle(token) {
    const dealt = this.puzzles.dealt(token);
    if (dealt) this.startPuzzle(dealt.kind, dealt.label, this.game.startBoard());
  }

  /**
   * Play a puzzle on a graph: a preset of the real games or a user's graph, as the API's
   * `puzzle` (or `share`) reply describes it (docs/api.md). `board` (a Board of its R×C) is
   * the lights to start from; without it a random solvable board is dealt (by the worker
   * when it is ready). `moves` (cell indices, a link's) are replayed onto the board. A `share`
   * reply's `holes` and `dont_care` (a link's h= and d=) are the game's shape; its holes go dark.
   * Returns false when no board came.
   */
  async playGraph(reply, { board = null, moves = [], message = "" } = {}) {
    const graph = graphOfPuzzle(reply);
    const { rows, cols, k } = reply;
    const target = typeof reply.target === "string" && !reply.target.includes(":") ? reply.target : boardFromId(reply.target, k);
    const flags = (id) => (id ? boardFromId(id) : null);
    const mask = reply.holes || reply.dont_care ? new Mask(rows, cols, flags(reply.holes), flags(reply.dont_care)) : null;
    if (mask && board) for (const index of mask.holes.indices()) board.set(index, 0);
    const old = this.game;
    this.stopPlayback();
    this.puzzles.end();
    this.settingUp = false;
    if (board === null) {
      // Deal on the new game (its graph and goal), so the random board is the puzzle's.
      this.game = new Game(emptyBoard(rows, cols, k), { target, graph, mask });
      board = await this.randomBoard(rows, cols, { mask });
      if (!board) {
        this.game = old;
        this.emit();
        return false;
      }
    }
    const game = new Game(board, { target, graph, mask });
    if (moves.length > 0) game.playMany(moves);
    this.replaceGame(game);
    const solved = game.isSolved();
    this.emit({ message: sentences(message, solved ? t("solvedStart") : ""), focus: true, reshaped: true, boardError: "" });
    return true;
  }

  // -------------------------------------------------------------------------------
  // New boards

  /**
   * A random solvable board (or null, with the reason as the message). Made here when the
   * worker is not needed or not ready (and always for a k-state game), else by the worker.
   * Sequenced: only the board asked for last arrives.
   */
  async randomBoard(rows, cols, { lit = null, presses = null, mask = null } = {}) {
    const game = this.game;
    const ticket = (this.tickets.get("random") ?? 0) + 1;
    this.tickets.set("random", ticket);
    const graph = game.graph && rows === game.board.rows && cols === game.board.cols ? game.graph : null;
    const here = () => (this.tickets.get("random") === ticket ? randomSolvableBoard(rows, cols, {
      k: game.k, rule: game.rule, surface: game.surface, mask, random: this.random, graph, start: graph ? goalBoard(game) : null,
    }) : null);
    if (this.general || (graph && !this.solver.ready)) return here();
    if (presses !== null && !this.solver.ready) {
      this.emit({ message: t("pressesNeedSolver") });
      return null;
    }
    if (lit === null && presses === null && !this.solver.ready && !this.usesCanvas(rows, cols)) return here();
    if (!this.solver.ready && this.usesCanvas(rows, cols)) {
      this.emit({ message: t("bigNeedsSolver") });
      return null;
    }
    const { fields, payload } = this.puzzleRequest([], { mask });
    let reply;
    try {
      const size = graph ? {} : { rows, cols }; // a preset or graph has its own size
      reply = await this.solver.request(
        { op: "random", ...size, lit, presses, seed: null, binary: true, ...fields }, { payload });
    } catch (error) {
      if (this.tickets.get("random") !== ticket) return null;
      if (error.name === "PressCountError") {
        this.emit({ message: pressCountMessage(error, { rows, cols, presses }) });
        return null;
      }
      const stopped = ["AbortError", "TimeoutError", "WorkerError", "TooLargeError", "NotReadyError"].includes(error.name);
      this.emit({ message: stopped || error.code ? requestErrorMessage(error) : t("impossibleLit", { message: error.message }) });
      return null;
    }
    if (this.tickets.get("random") !== ticket) return null; // a later board was asked for
    return boardFromReference(reply.board, reply.payload, game.k);
  }

  /**
   * A new puzzle from a spec: {rows, cols, lit, presses} (lit and presses null: any
   * solvable board). The shape stays when the size does.
   */
  async newGame({ rows, cols, lit = null, presses = null }) {
    if (this.sizeRefused(rows, cols)) return false;
    const sameSize = rows === this.game.board.rows && cols === this.game.board.cols;
    const mask = sameSize ? this.game.mask : null;
    const board = await this.randomBoard(rows, cols, { lit, presses, mask });
    if (!board) return false;
    const size = { rows, cols };
    this.setBoard(board, { message: presses === null ? t("newBoard", size) : tCount("puzzlePresses", presses, size), mask });
    const kind = presses !== null ? `presses ${presses}` : lit !== null ? `lit ${lit}` : "random";
    this.startPuzzle(kind, t("newPuzzleSized", size));
    return true;
  }

  /** A random board of another size (the size fields changed). */
  async resize(rows, cols) {
    if (this.sizeRefused(rows, cols)) return false;
    const board = await this.randomBoard(rows, cols);
    if (board) this.setBoard(board, { message: t("newBoard", { rows, cols }) });
    else this.emit();
    return Boolean(board);
  }

  /** All lights out (a board to set up by hand). */
  clear() {
    const { rows, cols } = this.game.board;
    this.setBoard(emptyBoard(rows, cols, this.game.k), { message: t("cleared") });
  }

  // -------------------------------------------------------------------------------
  // Puzzles (puzzle-tracker.js: the optimum, the timer and best results)

  /** The game from `start` is a puzzle of `kind` to play (set-up mode ends): track it, and ask Python for its fewest presses. */
  startPuzzle(kind, label, start = this.game.board) {
    this.settingUp = false;
    this.puzzles.start(kind, label, start);
  }

  // -------------------------------------------------------------------------------
  // Solving

  /** Ask Python for a solution of the current board; {solution: Board, message, reply}, or null. */
  async findSolution({ method = "auto", minimal = !this.usesCanvas(), seconds = null } = {}) {
    const game = this.game;
    this.emit({ message: t(seconds === null ? "solving" : "searchingToEnd") });
    const { fields, payload, references } = this.puzzleRequest([game.board]);
    // The fewest-presses search grows with 2^nullity and with the board: it runs for the
    // grid's sizes only. (With nullity 0 the one solution is the fewest anyway.)
    const request = { op: "solve", board: references[0], minimal, binary: true, ...fields };
    if (game.k === 2) request.method = method;
    if (seconds !== null) request.seconds = seconds;
    else Object.assign(request, this.searchBudget);
    const timeoutMs = seconds !== null ? (seconds + 60) * 1000 : undefined;
    const reply = await this.request(request, { payload, timeoutMs, channel: "solve" });
    if (!reply) return null; // failed, or the board changed meanwhile
    if (!reply.solvable) {
      this.marks = null;
      this.showUnsolvable(reply);
      return null;
    }
    if (reply.presses === 0) {
      this.emit({ message: t("alreadySolved") });
      return null;
    }
    const solution = boardFromReference(reply.solution, reply.payload, game.k);
    return { solution, message: this.solutionMessage(reply, solution), reply };
  }

  /** The message for a solvable board's solve reply: presses, proven or not, how many solutions. */
  solutionMessage(reply, solution) {
    if (this.general) {
      const total = reply.presses;
      const badge = total > solution.litCount ? t("statesBadge") : ""; // some cell is pressed twice or more
      const key = reply.minimal ? "statesSolutionMinimal" : "statesSolution";
      const cells = solution.litCount;
      let text = cells === 1 ? tCount(`${key}OneCell`, total, { badge }) : t(key, { total, cells, badge });
      if (!reply.minimal) text = sentences(text, t("statesNotProven"));
      if (reply.solutions !== "1") {
        text = sentences(text, t("statesSolutionCount", { solutions: countText(reply.solutions), structure: structureText(reply.structure) }));
      }
      return text;
    }
    const count = reply.presses;
    let text = reply.minimal
      ? t(count === 1 ? "solutionMinimalOne" : "solutionMinimal", { count })
      : sentences(t(count === 1 ? "solutionOne" : "solution", { count }), t("notProven"));
    if (reply.solutions !== "1" && reply.solutions !== "0") {
      text = sentences(text, t("solutionCount", { solutions: countText(reply.solutions) }));
      if (reply.minimal && reply.optimal_count !== null && reply.optimal_count !== undefined) {
        text = sentences(text, reply.optimal_count === 1 ? t("optimalOne") : t("optimalCount", { count: reply.optimal_count }));
      }
    }
    return text;
  }

  /** Show why the board cannot be solved: the proof's lights and the nearest solvable board. */
  showUnsolvable(reply) {
    const game = this.game;
    // The figures are the puzzle's own (its size, rule, surface and shape), from Python.
    const fraction = fractionText(reply.solvable_fraction);
    if (this.general) {
      this.emit({ message: t("statesUnsolvable", { fraction }) });
      return;
    }
    const onGrid = !this.usesCanvas();
    const read = (reference) => (onGrid && reference ? boardFromReference(reference, reply.payload) : null);
    this.overlay = { ...this.overlay, proof: read(reply.proof), nearest: read(reply.nearest) };
    this.refreshLayers();
    const { rows, cols } = game.board;
    this.emit({
      message: fraction === "1" ? t("unsolvableNullityZero")
        : t(game.mask ? "unsolvableShaped" : "unsolvable", { rows, cols, nullity: reply.nullity, fraction }),
    });
  }

  /**
   * Offer to search all 2^nullity solutions when the quick search did not prove its answer
   * and the whole search is affordable (nullity ≤ limits.exact_nullity).
   */
  searchOffer(reply) {
    if (this.general || reply.minimal || reply.nullity > this.limits.exact_nullity || this.usesCanvas()) return undefined;
    const seconds = Math.max(1, Math.round(2 ** reply.nullity * SEARCH_NS_PER_SOLUTION / 1e9));
    const time = seconds < 90 ? t("aboutSeconds", { seconds }) : t("aboutMinutes", { minutes: Math.round(seconds / 60) });
    return t("searchToEnd", { solutions: powerOfTwo(reply.nullity), time });
  }

  /** Solve: mark a solution (fewest presses on the grid), and list them all when there are few. */
  async solve(options = {}) {
    this.stopPlayback(); // the marks being played are about to be replaced
    const found = await this.findSolution(options);
    if (!found) return;
    this.markAssisted();
    this.marks = found.solution;
    this.emit({ message: found.message, offer: this.searchOffer(found.reply) });
    const total = Number(found.reply.solutions);
    if (total > 1 && total <= this.limits.max_listed_solutions && !this.usesCanvas() && !this.general) {
      await this.listSolutions(found.solution);
    }
  }

  /** Search every solution for the fewest presses (Cancel stops it); show the proven answer. */
  async searchToEnd() {
    const found = await this.findSolution({ minimal: true, seconds: this.limits.max_search_seconds });
    if (!found) return;
    this.marks = found.solution;
    this.emit({ message: found.message });
  }

  /** Fetch every solution (fewest presses first) for the navigator; `shown` is the one marked. */
  async listSolutions(shown) {
    const { fields, payload, references } = this.puzzleRequest([this.game.board]);
    const reply = await this.request(
      { op: "solutions", board: references[0], limit: this.limits.max_listed_solutions, binary: true, ...fields },
      { payload, channel: "solutions" });
    if (!reply) return;
    const solutions = reply.solutions.map((reference) => boardFromReference(reference, reply.payload, this.game.k));
    const index = Math.max(0, solutions.findIndex((solution) => solution.equals(shown)));
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

  /** Mark one press of a solution: any press of a solution is a correct next step (the first in reading order). */
  async hint() {
    this.stopPlayback();
    const found = await this.findSolution();
    if (!found) return;
    const [index] = found.solution.indices(1);
    this.markAssisted();
    const { rows, cols } = this.game.board;
    this.marks = emptyBoard(rows, cols, this.game.k);
    this.marks.set(index, 1);
    this.emit({ message: t("hintShown") });
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

  // -------------------------------------------------------------------------------
  // Text

  /**
   * Parse a board with Python: `text` from the box, or a file's raw bytes as `payload`.
   * The board is read with the game's k; on an error the board stays and the error is
   * emitted as boardError (with `caret` for a line and column in the box's text).
   */
  async loadText(text, payload = null) {
    this.emit({ message: "" });
    const k = this.game.k;
    const { rows: currentRows, cols: currentCols } = this.game.board; // the board of a list of lit cells without a size
    let reply;
    try {
      reply = await this.solver.request(
        // A preset or graph reads its own text form (one symbol per cell in its cell order) at its own size.
        { op: "parse", text: payload ? "@" : text, format: "auto", k, binary: true,
          ...(this.game.graph ? this.game.graph.fields : { rows: currentRows, cols: currentCols }) },
        { payload });
    } catch (error) {
      if (error.name === "NotReadyError") this.emit({ boardError: t("notReady") });
      else if (isCodedError(error) || (error.line !== undefined && error.line !== null)) {
        this.emit({
          boardError: parseErrorMessage(error),
          parseError: error, // to say it again in another language
          caret: payload || !error.line ? undefined : { text, line: error.line, column: error.column ?? 1 },
        });
      } else if (error.name === "AbortError" || error.timeoutKind || error.name === "WorkerError" || error.code) {
        this.emit({ message: requestErrorMessage(error) }); // the status line says why
      } else if (error.name === "TooLargeError") {
        this.emit({ boardError: t("tooLarge", { message: error.message }) });
      } else {
        this.emit({ boardError: error.message || t("noReason") });
      }
      return false;
    }
    const { rows, cols } = reply;
    if (rows > MAX_SIZE || cols > MAX_SIZE) {
      // Python reads boards of up to 10^8 cells in any shape; this page shows 10000 a side.
      this.emit({ boardError: t("loadedTooLarge", { rows, cols, max: MAX_SIZE }) });
      return false;
    }
    if (this.general && (rows > this.limits.gridLimit || cols > this.limits.gridLimit)) {
      this.emit({ boardError: t("statesTooBig", { rows, cols }) });
      return false;
    }
    this.pastedText = text;
    const board = boardFromReference(reply.board, reply.payload, k);
    this.emit({ boardError: "" });
    this.setBoard(board, {
      message: t("loaded", { rows, cols, format: k > 2 ? t("statesFormat", { k }) : formatName(reply.format) }),
    });
    if (reply.puzzles?.length > 1) {
      // A POJ 1222 set: the first puzzle is on the board, Next loads the others (nextInSet).
      this.puzzleSet = { boards: reply.puzzles.map((reference) => boardFromReference(reference, reply.payload, k)), index: 0, game: this.game };
      this.emit({ puzzleSet: true });
    } else {
      this.puzzleSet = null;
    }
    return true;
  }

  /** The pasted puzzle set's position while its puzzle is being played: {index, count} (1-based), or null. */
  get puzzleSetPosition() {
    const set = this.puzzleSet;
    if (!set || this.game !== set.game) return null; // another game since (New puzzle, a link, a variant)
    return { index: set.index + 1, count: set.boards.length };
  }

  /** Load the next puzzle of the pasted set (POJ 1222 input); false when there is none. */
  nextInSet() {
    const set = this.puzzleSet;
    if (!set || set.index + 1 >= set.boards.length) return false;
    set.index++;
    this.setBoard(set.boards[set.index].copy(), { message: t("puzzleSetLoaded", { index: set.index + 1, count: set.boards.length }) });
    set.game = this.game;
    this.emit({ puzzleSet: true });
    return true;
  }

  /**
   * Most cells the API's format op is asked to write (Copy board, Copy solution, Download
   * solution's pasted format): the API's own cap, max_format_cells (2^22 cells; formatting
   * 10^8 cells took Python 65 s and 2 GB before the cap). Bigger boards are written here
   * (Download) or not at all (a clipboard of 100 MB is of no use).
   */
  get maxFormatCells() {
    return this.limits.max_format_cells;
  }

  /**
   * `board` as text in the pasted text's format (a solution when `solution`); null on
   * failure, or (with a message naming the Download that writes it) above maxFormatCells.
   */
  async formatBoard(board, solution = false) {
    const limit = this.maxFormatCells;
    if (board.cellCount > limit) {
      const { rows, cols, cellCount: cells } = board;
      const download = t(solution ? "downloadSolution" : "downloadText");
      this.emit({ message: t("copyTooLarge", { rows, cols, cells, limit, download }) });
      return null;
    }
    const { fields, payload, references } = this.puzzleRequest([board], { mask: null });
    const reply = await this.request(
      { op: "format", board: references[0], like: board.k > 2 || this.game.graph ? null : this.pastedText, solution, k: fields.k,
        ...(this.game.graph && board.rows === this.game.board.rows && board.cols === this.game.board.cols ? this.game.graph.fields : {}) },
      { payload, board: false });
    return reply ? reply.text : null;
  }

  /** Check the shown marks in Python: are they presses that take this board to the goal? */
  async verifyShown() {
    const { rows, cols } = this.game.board;
    const presses = this.marks ?? emptyBoard(rows, cols, this.game.k);
    const { fields, payload, references } = this.puzzleRequest([this.game.board, presses]);
    const reply = await this.solver.request(
      { op: "verify", board: references[0], presses: references[1], ...fields }, { payload });
    return { solved: reply.solved, lit: reply.lit, presses: presses.total(), timing: reply.timing };
  }
}

