// @ts-check
// The session's front door (as chessground's api.ts and Tatham's midend_* functions are): the one
// module of static/session/ that panels, views and app.js import, besides the message data
// (messages.js and the modules that build messages). It holds the session and hands out only
//
//   - commands: what a player can do (press, undo, deal, solve, open a link, …), each changing the
//     session through its own methods, which decide what a command means;
//   - read-only state: the game and what is shown over it, the puzzle being played, the solver's
//     state, the records — read, never written (the objects are the session's: a view that changed
//     one would change the game behind the session's back);
//   - one subscription: `subscribe(listener)`, the one change event (change-event.js: CHANGE_FIELDS),
//     which also carries the solver's state (`solver`) and the lists it loads (`loaded`).
//
// The session object itself never leaves this module (`#session`), so no alias of it can write
// its fields (tests/js/boundaries.test.mjs checks the imports).

import { Session } from "./session.js";
import { Records } from "./records.js";
import * as requests from "./requests.js";
import { withTone } from "./messages.js";
import { Game } from "../model/game.js";
import { emptyBoard } from "../model/board.js";
import { randomSolvableBoard } from "../model/random-board.js";
import { summary } from "./statistics.js";
import { dailyNumber } from "./daily.js";
import { DIFFICULTIES, difficultyOfKind } from "./difficulty.js";
import { feedbackFor } from "./sound-choice.js";
import { levelStars } from "./levels.js";

// The front door's types, written once: every panel, view and app.js reads the session through
// them (each panel takes the session as a SessionApi; tests/js/js-checks.test.mjs keeps that so).

/** @typedef {import("../model/board.js").Board} Board */
/** @typedef {import("./messages.js").Message} Message */
/** @typedef {import("./explain.js").Explainer} Explainer */
/** @typedef {import("./records.js").BestResult} BestResult */
/** @typedef {import("./session.js").Won} Won */
/** @typedef {import("./display.js").Layers} Layers */
/** @typedef {import("./display.js").Overlay} Overlay */
/** @typedef {import("./display.js").SolutionList} SolutionList */
/** @typedef {import("./challenge.js").PlayedLevel} PlayedLevel */
/** @typedef {import("./requests.js").LevelSet} LevelSet */
/** @typedef {import("./requests.js").PresetInfo} PresetInfo */
/** @typedef {import("./analysis.js").TwoStateAnalysis} TwoStateAnalysis */
/** @typedef {import("./analysis.js").StatesAnalysis} StatesAnalysis */

/**
 * The puzzle being played, as the front door gives it (a frozen copy of challenge.js's Challenge):
 * without the records it is filed in, with its `best` result (null: none yet); its time in
 * `milliseconds` once done.
 * @typedef {Readonly<Omit<import("./challenge.js").Challenge, "records"> & {records: undefined, best: BestResult | null}>} ChallengeView
 */
/** The win's score against the proven fewest presses: `over` the fewest, 1 to 3 `stars` (the player's own win; else 0). @typedef {{moves: number, minimum: number, over: number, stars: number}} Score */
/** The explanation as panels read it (explain.js's Explainer: the fields and methods named in SessionApi's constructor). @typedef {Readonly<Pick<Explainer, typeof EXPLANATION_FIELDS[number] | typeof EXPLANATION_METHODS[number]>>} Explanation */
/** The player's records as panels read them (records.js: the fields and methods named in SessionApi's constructor). @typedef {Readonly<Pick<Records, typeof RECORDS_FIELDS[number] | typeof RECORDS_METHODS[number]>>} RecordsView */

// What a panel reads of the explainer and of the records (readOnlyView): nothing else of them is reachable.
const EXPLANATION_FIELDS = /** @type {const} */ ([
  "active", "asking", "available", "canNext", "canPrevious", "playing", "index", "total", "phase", "reply", "steps",
  "firstChaseLength", "whyReply", "selected",
]);
const EXPLANATION_METHODS = /** @type {const} */ (["said", "ending", "whySentence"]);
const RECORDS_FIELDS = /** @type {const} */ (["statistics", "levels", "problem"]);
const RECORDS_METHODS = /** @type {const} */ (["get", "reached", "levelBest", "solvedCount", "hasOwn", "exportText"]);

/**
 * The change event: each field a fact about the command just done (change-event.js: CHANGE_FIELDS).
 * @typedef {object} Change
 * @property {number[] | null} cells the cells a press changed, or null when any may have changed
 * @property {Message} [message] the new message (messages.js; null empties the line)
 * @property {Message} [boardError] the Board box's error
 * @property {{text: string, line: number, column: number}} [caret] where in the box's text
 * @property {Message} [offer] the Search to the end button's message
 * @property {boolean} [reshaped] a new game
 * @property {boolean} [focus] put the cursor on the first cell
 * @property {{row: number, col: number}} [pressed] the player's press
 * @property {number} [flash] the cell a playback just pressed
 * @property {number} [hint] the cell a Hint just marked
 * @property {boolean} [won] the goal was just reached (won says how)
 * @property {boolean} [challenge] the puzzle being played started, ended or got its fewest presses
 * @property {boolean} [setup] the mode changed
 * @property {boolean} [explain] the explanation changed
 * @property {boolean} [reword] the page's language changed
 * @property {boolean} [solver] the solver's state or its being busy changed
 * @property {boolean} [loaded] the games or the level sets came from the solver
 */

/**
 * A view of `source` that reads its `fields` (getters, values) and calls its `methods`, and
 * nothing else: writing through it throws (the object is frozen), so a panel given the session's
 * explainer or records cannot change them behind the session's back.
 * @template {object} T
 * @template {keyof T} F
 * @template {keyof T} M
 * @param {T} source
 * @param {readonly F[]} fields
 * @param {readonly M[]} methods
 * @returns {Readonly<Pick<T, F | M>>}
 */
function readOnlyView(source, fields, methods) {
  // Made by name at run time: the view's type is the signature's, which names what it holds.
  /** @type {Record<PropertyKey, unknown>} */
  const view = {};
  const callable = /** @type {Record<PropertyKey, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (source));
  for (const name of fields) Object.defineProperty(view, name, { get: () => source[name], enumerable: true });
  for (const name of methods) view[name] = (...args) => callable[name](...args);
  return /** @type {Readonly<Pick<T, F | M>>} */ (Object.freeze(view));
}

export class SessionApi {
  /** @type {Session} */
  #session;
  /** @type {Explanation} */
  #explanation;
  /** @type {RecordsView | null} */
  #records;

  /**
   * The page's session: `solver` (the worker's client, or a fake: {request, ready, busy, restart,
   * cancel}), `limits`, `records`, `storage`, and the session's other options (session.js).
   * @param {ConstructorParameters<typeof Session>[0]} options
   */
  constructor(options) {
    // The records are kept where the game is (localStorage), or in memory only (a storage that refuses).
    this.#session = new Session({ ...options, records: options.records ?? new Records(options.storage ?? null) });
    this.#explanation = readOnlyView(this.#session.explainer, EXPLANATION_FIELDS, EXPLANATION_METHODS);
    const records = this.#session.records;
    this.#records = records && readOnlyView(records, RECORDS_FIELDS, RECORDS_METHODS);
  }

  // ---------------------------------------------------------------------------------
  // The one subscription

  /**
   * Call `listener(change)` after every command (see Change); returns the function that unsubscribes.
   * @param {(change: Change) => void} listener
   * @returns {() => void}
   */
  subscribe(listener) {
    return this.#session.subscribe(listener);
  }

  // ---------------------------------------------------------------------------------
  // Read-only state

  /** The game being played (game.js): its board, rule, surface, k, shape, goal, history. Read it; change it by commands. */
  get game() { return this.#session.game; }
  /** The marks shown (a Board of press counts that solve the board), or null. */
  get marks() { return this.#session.marks; }
  /** The marks shown are a Hint's one press (nothing to play). */
  get marksAreHint() { return this.#session.marksAreHint; }
  /** What a view draws over the lights: {mask, proof, nearest, quiet, explain}, or null. */
  get layers() { return this.#session.layers; }
  /** The overlays: {proof, nearest, quiet, explain}. */
  get overlay() { return this.#session.overlay; }
  /** The solutions listed after Solve: {solutions, index}, or null. */
  get solutionList() { return this.#session.solutionList; }
  /** The goal just reached by a press or a playback, until the board changes: {by, moves}, or null. */
  get won() { return this.#session.won; }
  /**
   * The win's score against the puzzle's proven fewest presses, once known: {moves, minimum, over,
   * stars} (stars, 1 to 3, for the player's own win only), or null.
   * @returns {Score | null}
   */
  get score() {
    const won = this.#session.won;
    const minimum = this.#session.challenge?.minimum ?? null;
    if (!won || minimum === null) return null;
    return { moves: won.moves, minimum, over: won.moves - minimum, stars: won.by === "player" ? levelStars(won.moves, minimum) : 0 };
  }
  /**
   * The puzzle being played: {kind, key, label, start, minimum, startedAt, done, level, day, best}, or null (a copy).
   * @returns {ChallengeView | null}
   */
  get challenge() {
    const challenge = this.#session.challenge;
    if (!challenge) return null;
    const records = challenge.records ?? this.#session.records;
    return Object.freeze({ ...challenge, records: undefined, best: records?.get(challenge.key) ?? null });
  }
  /** True when the puzzle's fewest presses may be shown: after the win, or once the player asked (revealFewest). */
  get fewestShown() { return this.#session.challengeTracker.fewestShown; }
  /** The difficulties offered, in order (difficulty.js): {name, rows, cols, fewest: [low, high]}. */
  get difficulties() { return DIFFICULTIES; }
  /** The difficulty the puzzle being played was dealt at (difficulty.js: {name, rows, cols, fewest}), or null. */
  get difficulty() { return difficultyOfKind(this.#session.challenge?.kind); }
  /**
   * The puzzle of the day as the page offers it, now: {number, playing (today's is the puzzle being
   * played), won (today's was won today: the statistics' streak, or the puzzle just won), next
   * (milliseconds to the next day's, at local midnight)}.
   */
  dailyStatus() {
    const session = this.#session;
    const today = session.today();
    const number = dailyNumber(today);
    const challenge = session.challenge;
    const playing = challenge?.kind === "daily" && challenge.day === number;
    const wonNow = playing && challenge.done && challenge.dayChecked && !session.assisted;
    const won = wonNow || session.records?.statistics?.daily?.last === number;
    const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    return { number, playing, won, next: Math.max(0, midnight.getTime() - today.getTime()) };
  }
  /**
   * The level being played, {set, number, count, game}, or null.
   * @returns {PlayedLevel | null}
   */
  get level() { return this.#session.levelPlay.current; }
  /** What Next offers after a win: "level", "none" or "puzzle". */
  get nextKind() { return this.#session.nextKind; }
  /** Bumped on every change of board or goal. */
  get version() { return this.#session.version; }
  /** True for a game with more than two states. */
  get multiState() { return this.#session.multiState; }
  /** What a click does: "play", "setup" (sets a light), "shape" (changes a cell's kind) or "explain" (asks why). */
  get mode() { return this.#session.mode; }
  /** True in set-up mode. */
  get settingUp() { return this.#session.mode === "setup"; }
  /** Shape editing: {on, available (the grid draws shapes), tool: "cell" | "hole" | "dontCare"}. */
  get shape() {
    const editing = this.#session.shapeEditing;
    return { on: editing.on, available: editing.available, tool: editing.tool };
  }
  /** True while a link Python must read is opening: the board shown is a stand-in. */
  get opening() { return this.#session.opening; }
  /** The playback's progress {cancelled, done, total}, or null. */
  get playbackRun() { return this.#session.playbackRun; }
  /** Undo (Redo) has something to take back (to do again). */
  get canUndo() { return this.#session.canUndo; }
  get canRedo() { return this.#session.canRedo; }
  /** Lights Out 2000's colours named the other way round. */
  get statesReversed() { return this.#session.statesReversed; }
  /** The limits the page runs with (the API's limits op and the page's own gridLimit). */
  get limits() { return this.#session.limits; }
  /** The solver: {state, detail, ready, busy}. */
  get solver() { return this.#session.solverState.status; }
  /** The real games (the presets reply's list), once the solver has answered; else null. */
  get presets() { return this.#session.solverState.presets; }
  /** The handhelds' level sets (the levels reply's), once loaded; else null. */
  get levelSets() { return this.#session.levelPlay.sets; }
  /**
   * Level set `name` of those loaded, or null.
   * @param {string} name
   */
  levelSet(name) { return this.#session.levelPlay.set(name); }
  /**
   * The player's records, read (records.js: get, reached, levelBest, solvedCount, hasOwn, exportText, statistics); null without storage.
   * @returns {RecordsView | null}
   */
  get records() { return this.#records; }
  /** The statistics as the dialog shows them (statistics.js: summary), for today; null without records. */
  statisticsSummary() {
    const statistics = this.#session.records?.statistics;
    return statistics ? summary(statistics, dailyNumber(this.#session.today())) : null;
  }
  /**
   * The explanation (explain.js) as the explain panel reads it: its reply, steps, index and words.
   * @returns {Explanation}
   */
  get explanation() { return this.#explanation; }
  /** The pasted board set's position {index, count} while one of its boards is played, else null. */
  get boardSetPosition() { return this.#session.boardText.setPosition; }
  /** The most cells Python writes as text (Copy board, Copy solution). */
  get maxFormatCells() { return this.#session.boardText.maxFormatCells; }
  /**
   * True when a rows × cols board is drawn on the canvas, not as a grid of buttons.
   * @param {number} [rows]
   * @param {number} [cols]
   * @returns {boolean}
   */
  usesCanvas(rows, cols) { return this.#session.usesCanvas(rows, cols); }
  /** Milliseconds on the session's clock (the puzzle's timer). */
  now() { return this.#session.now(); }
  /**
   * The result line of the puzzle of the day just won (daily.js), its link from `address`; or null.
   * @param {string} address
   */
  shareLine(address) { return this.#session.challengeTracker.shareLine(address); }
  /** The Sound switch: true when a press clicks and a win plays its chord (remembered; off under reduced motion until chosen). */
  get soundOn() { return this.#session.soundChoice.on; }
  /**
   * What `change` calls for from the speaker, once the player has `touched` the page: "win", "press" or null.
   * @param {Change} change
   * @param {boolean} touched
   */
  feedbackFor(change, touched) {
    return feedbackFor(change, { on: this.#session.soundChoice.on, touched, won: this.#session.won });
  }
  /**
   * True when `n` rows or columns are a board's.
   * @param {number} n
   */
  validSide(n) { return this.#session.dealer.validSide(n); }

  // ---------------------------------------------------------------------------------
  // Commands: the game

  /**
   * A click on cell (row, col): a press, a light set, a cell's kind changed or "why this press?" (by mode); what it did, or null.
   * @param {number} row
   * @param {number} col
   */
  click(row, col) { return this.#session.click(row, col); }
  undo() { this.#session.undo(); }
  redo() { this.#session.redo(); }
  /**
   * Set what a click does: "play", "setup" or "shape" (Explain starts by explain()); the mode's exclusions are the session's.
   * @param {"play" | "setup" | "shape"} mode
   */
  setMode(mode) { this.#session.setMode(mode); }
  /**
   * The shape tool a click applies: "cell" | "hole" | "dontCare".
   * @param {"cell" | "hole" | "dontCare"} tool
   */
  chooseShapeTool(tool) { this.#session.shapeEditing.choose(tool); }
  /**
   * A random board in the preset shape `name` ("ring", "cross", "heart"; "none").
   * @param {string} name
   * @returns {Promise<void>}
   */
  shapePreset(name) { return this.#session.shapeEditing.preset(name); }
  /**
   * Another variant: {k, surface, stencil, mask}; false when refused (said).
   * @param {{k?: number, surface?: string, stencil?: import("../model/presses.js").Stencil, mask?: import("../model/mask.js").Mask | null}} variant
   * @returns {boolean}
   */
  setVariant(variant) { return this.#session.setVariant(variant); }
  /**
   * The goal: "off", "on" (or a preset's board).
   * @param {import("../model/game.js").Target} target
   */
  setTarget(target) { this.#session.setTarget(target); }
  /**
   * Lights Out 2000's colours named the other way round, or not.
   * @param {boolean} reversed
   */
  setStatesReversed(reversed) { this.#session.setStatesReversed(reversed); }
  /**
   * Show (or hide) a quiet pattern over the board; null hides it.
   * @param {Board | null} pattern
   */
  toggleQuiet(pattern) { this.#session.toggleQuiet(pattern); }
  /** Add the nearest solvable board's lights as one undoable edit. */
  makeSolvable() { this.#session.makeSolvable(); }

  // Commands: deals

  /**
   * A new puzzle of {rows, cols, lit, presses}; resolves true once it is the game.
   * @param {{rows: number, cols: number, lit?: number | null, presses?: number | null}} spec
   * @returns {Promise<boolean>}
   */
  newPuzzle(spec) { return this.#session.dealer.newGame(spec); }
  /**
   * The size typed, checked: {rows, cols}, or null (and said why).
   * @param {number} rows
   * @param {number} cols
   * @returns {{rows: number, cols: number} | null}
   */
  checkSize(rows, cols) { return this.#session.dealer.checkSize(rows, cols); }
  /**
   * True (and said why) when the game cannot have a rows × cols board.
   * @param {number} rows
   * @param {number} cols
   * @returns {boolean}
   */
  sizeRefused(rows, cols) { return this.#session.dealer.sizeRefused(rows, cols); }
  /**
   * A random board of another size.
   * @param {number} rows
   * @param {number} cols
   * @returns {Promise<boolean>}
   */
  resize(rows, cols) { return this.#session.dealer.resize(rows, cols); }
  /**
   * The puzzle of the day.
   * @returns {Promise<boolean>}
   */
  daily() { return this.#session.dealer.daily(); }
  /** A puzzle of difficulty `name` ("easy", "medium", "hard": difficulty.js); resolves true once it is the game. */
  dealDifficulty(name) { return this.#session.dealer.difficulty(name); }
  /** Show the puzzle's fewest presses before the win (the player asked). */
  revealFewest() { this.#session.challengeTracker.reveal(); }
  /**
   * A sample board (sample-boards.js).
   * @param {(typeof import("../model/sample-boards.js").SAMPLE_BOARDS)[number]} sample
   */
  sample(sample) { this.#session.dealer.sample(sample); }
  /**
   * A new puzzle of the real game `name`.
   * @param {string} name
   * @returns {Promise<boolean>}
   */
  playPreset(name) { return this.#session.dealer.preset(name); }
  /**
   * Play the user's puzzle `text`: resolves with Python's refusal (code, params, line) or null once played.
   * @param {string} text
   * @returns {Promise<import("../solver/solver-client.js").SolverError | null>}
   */
  playPuzzleText(text) { return this.#session.dealer.playPuzzleText(text); }
  /** All lights out, one step Undo takes back. */
  clear() { this.#session.dealer.clear(); }
  /** Every light on (set-up's Fill), one step Undo takes back. */
  fill() { this.#session.setupMode.fill(); }
  /**
   * Play `board` read from a picture (Scan), saying `message`.
   * @param {Board} board
   * @param {import("./messages.js").Message} message
   */
  loadScanned(board, message) { this.#session.setupMode.loadScanned(board, message); }
  /**
   * Python's solve reply for a board read from a picture (solvable, proof), or null: Scan's check.
   * @param {Board} board
   */
  checkReading(board) { return this.#session.solverState.checkReading(board); }
  /**
   * Load a board from text (or a file's bytes): the Board box, a file, a paste.
   * @param {string} text
   * @param {Uint8Array | null} [payload]
   * @returns {Promise<boolean>}
   */
  loadText(text, payload = null) { return this.#session.boardText.load(text, payload); }
  /** The next board of a pasted set. */
  nextInSet() { this.#session.boardText.nextInSet(); }
  /**
   * `board` written as text by Python (a solution's when `solution`), or null (said why).
   * @param {Board} board
   * @param {boolean} [solution]
   */
  formatText(board, solution = false) { return this.#session.boardText.format(board, solution); }
  /**
   * Next after a win: the next level, or `dealNew()` (a new puzzle of the same kind).
   * @param {() => Promise<boolean>} dealNew
   * @returns {Promise<boolean>}
   */
  next(dealNew) { return this.#session.next(dealNew); }
  /**
   * Play level `number` of set `name`.
   * @param {string} name
   * @param {number} number
   * @returns {Promise<boolean>}
   */
  openLevel(name, number) { return this.#session.levelPlay.openLevel(name, number); }

  // Commands: the solver's help

  /**
   * Solve: mark a solution and list them (solving.js); `options` are findSolution's.
   * @param {{method?: string, minimal?: boolean, seconds?: number | null}} [options]
   */
  solve(options = {}) { return this.#session.solving.solve(options); }
  hint() { return this.#session.solving.hint(); }
  searchToEnd() { return this.#session.solving.searchToEnd(); }
  playSolution() { return this.#session.playSolution(); }
  /** Stop a playback (the presses so far stay). */
  stop() { this.#session.stop(); }
  /**
   * Show solution `index` of the list.
   * @param {number} index
   */
  chooseSolution(index) { this.#session.chooseSolution(index); }
  /** Cancel what the solver is doing (it restarts), saying so. */
  cancel() { this.#session.solverState.cancel(); }
  /** Start the solver again after it failed (Retry). */
  retrySolver() { this.#session.solver.restart(); }
  /**
   * The analysis of the variant (analysis.js): a two-state game's, or a k-state one's (its
   * `invariant_factors` tell it apart); null when the solver failed (said).
   * @returns {Promise<TwoStateAnalysis | StatesAnalysis | null>}
   */
  analyzeVariant() { return this.#session.variantAnalysis.analyze(); }
  /** The methods run and timed on the board (the API's methods op), or null. */
  measureMethods() { return this.#session.solverState.measureMethods(); }

  // Commands: the explanation

  explain() { return this.#session.explainer.start(); }
  stopExplaining() { this.#session.explainer.stop(); }
  nextStep() { this.#session.explainer.next(); }
  previousStep() { this.#session.explainer.previous(); }
  playExplanation() { return this.#session.explainer.play(); }
  pauseExplanation() { this.#session.explainer.pause(); }

  // Commands: links and the game kept

  /**
   * The page's first game: the kept one when it opened without a link (`linkText`: its hash without "#", or null),
   * else the link's. Stored records that could not be read (set aside) are said with whatever the opening says.
   * @param {string | null} linkText
   * @param {boolean} [reloaded]
   */
  arrive(linkText, reloaded = false) {
    const session = this.#session;
    const problem = session.records?.problem;
    if (problem) session.holdNotice(withTone(problem, "error"));
    session.links.arrive(linkText, reloaded);
    session.sayNotice();
  }
  /**
   * Open a link's text (a hash, "#" optional), as an edited hash or Back does; false when refused at once (said).
   * @param {string} text
   * @returns {boolean}
   */
  openLink(text) { return this.#session.links.open(text); }
  /**
   * The game's link from `base` (an address without hash): a string or null at once, or a promise of one (a graph game's).
   * @param {string} base
   * @returns {string | null | Promise<string | null>}
   */
  linkOf(base) { return this.#session.links.linkOf(base); }
  /**
   * Copy link's text from `base`, or null (said why).
   * @param {string} base
   * @returns {Promise<string | null>}
   */
  copyLink(base) { return this.#session.links.copyLink(base); }
  /** Keep the game in the browser now (the page is being hidden). */
  keepGame() { this.#session.resume.flush(); }

  // Commands: records

  /**
   * Replace the records by a file's (`read`: readRecordsFile's records); the message that says so.
   * @param {import("./records.js").RecordsRead} read
   */
  replaceRecords(read) {
    const message = this.#session.records.replaceWith(read);
    this.#session.redraw(); // best results and level progress shown elsewhere are the file's now
    return message;
  }
  /**
   * A records file's text read for today: {records} when they can be this player's, else {problem: a
   * message naming why not} (not a records file, a part unreadable, counts that do not add up, a streak
   * longer than the puzzle of the day has existed, more than a store holds).
   * @param {string} text
   */
  readRecordsFile(text) { return Records.readExport(text, dailyNumber(this.#session.today())); }
  resetStatistics() { this.#session.records?.resetStatistics(); }
  /** @param {string} name */
  resetLevels(name) {
    this.#session.records?.resetLevels(name);
    this.#session.redraw();
  }

  // Commands: words

  /**
   * Turn the sound on or off, and remember it.
   * @param {boolean} on
   */
  setSound(on) { this.#session.soundChoice.choose(on); }

  /**
   * Say `message` (messages.js) on the message line.
   * @param {import("./messages.js").Message} message
   */
  say(message) { this.#session.say(message); }
  /**
   * Say `message` as the Board box's error (`caret`: where in its text).
   * @param {import("./messages.js").Message} message
   * @param {{text: string, line: number, column: number}} [caret]
   */
  sayBoardError(message, caret = undefined) { this.#session.sayBoardError(message, caret); }
  /** The page's language changed: every view words again what it shows. */
  reword() { this.#session.reword(); }

  // ---------------------------------------------------------------------------------
  // Automation (static/test-hooks.js: the browser tests and benchmarks; the page never calls these)

  /** Python's check of the marks shown (none: no presses): {solved, lit, presses, timing}. */
  async verifyShown() {
    const session = this.#session;
    const { rows, cols } = session.game.board;
    const presses = session.marks ?? emptyBoard(rows, cols, session.game.k);
    const reply = await requests.verify(session, presses);
    return { solved: reply.solved, lit: reply.lit, presses: presses.total(), timing: reply.timing };
  }

  /**
   * The fewest-presses search's budget in ms (null: the solver's own); `ms` sets it first (undefined: leaves it).
   * @param {number | null} [ms]
   * @returns {number | null}
   */
  searchBudget(ms) {
    const session = this.#session;
    if (ms !== undefined) session.searchBudget = ms === null ? {} : { seconds: ms / 1000 };
    return session.searchBudget.seconds === undefined ? null : session.searchBudget.seconds * 1000;
  }

  /**
   * The session as a new visitor finds it, without loading the page again (the browser tests share
   * one page between modules): playback, the explanation and any mode end; the records read again
   * from the storage (which the caller has emptied); the standard game on a new random 5×5 board.
   */
  startOver() {
    const session = this.#session;
    session.stopPlayback();
    if (session.explainer.active) session.explainer.stop(false);
    session.setMode("play");
    session.records?.reload();
    session.setStatesReversed(false);
    session.playGame(new Game(randomSolvableBoard(5, 5)));
  }

  // ---------------------------------------------------------------------------------
  // Wiring (app.js): the solver client's reports

  /**
   * The solver client's state (`state`, `detail`).
   * @param {string} state
   * @param {import("../solver/solver-client.js").SolverDetail} [detail]
   */
  solverChanged(state, detail) { this.#session.solverState.changed(state, detail); }
  /** The solver client started or ended a request. */
  solverBusyChanged() { this.#session.solverState.busyChanged(); }
}
