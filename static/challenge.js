// The timed challenge: New puzzle, the puzzle of the day, a sample board (sample-boards.js)
// or a real game dealt from the Games choice, or a link to one of them. The tracker keeps the
// challenge being played for the session (session.js): the key its best results are filed
// under, its start, the proven fewest presses (asked of Python once), its clock (from the
// first press to the goal) and whether the solver helped; the session ends it when the board
// changes any other way. Here too: a challenge's kind as a link's p= token, the puzzle of the
// day's seed and the best results kept in localStorage (BestResults). No DOM: the tracker
// asks and announces through the session.

import { countMessage, joinMessages, messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { SAMPLE_BOARDS, sampleBoard } from "./sample-boards.js";

/**
 * `text` (a challenge kind, a link's p= token or a best result's key, which starts with the
 * kind) as this page writes it. Sample boards were kinds "preset <id>" (legacy p=preset-<id>) before
 * issue #30 named them: links and stored best results of then are read through here, the one
 * place that knows the old word.
 */
export function currentKind(text) {
  return text.replace(/^preset(?=[ -])/, "sample");
}

/**
 * A challenge kind as a share link's p= value: the session's kinds ("random", "daily",
 * "lit 3", "presses 5", "sample tv", "game orbix") with "-" for the space ("sample-tv").
 */
export function challengeToken(kind) {
  return kind.replace(" ", "-");
}

/**
 * The challenge a link's p= value names, for the game the link opens: {kind, labelKey} (the
 * label's string key, with {rows} and {cols} for New puzzle) or, for a real game dealt from
 * the Games choice ("game-orbix"), {kind, label} (its name by language: the API's
 * preset.game); null for a kind this page does not deal, or a sample board or game whose board
 * or variant the link does not have (so a link cannot file another board's result under it).
 * An old link's "sample-<id>" is the sample board's (currentKind).
 */
export function challengeOfToken(token, game) {
  const kind = currentKind(token).replace("-", " ");
  const realGame = game.graph?.preset;
  if (kind.startsWith("game ")) return realGame && kind === `game ${realGame.name}` ? { kind, label: realGame.game } : null;
  if (kind === "random" || /^(lit|presses) (0|[1-9][0-9]{0,8})$/.test(kind)) return { kind, labelKey: "newPuzzleSized" };
  if (kind === "daily") return { kind, labelKey: "dailyPuzzle" };
  const sample = SAMPLE_BOARDS.find((candidate) => kind === `sample ${candidate.id}`);
  const standard = game.k === 2 && game.stencil.name === "plus" && game.surface === "plane" && !game.mask;
  if (sample && standard && game.startBoard().equals(sampleBoard(sample))) return { kind, labelKey: sample.labelKey };
  return null;
}

/** The puzzle of the day's seed: the UTC date as the number YYYYMMDD. */
export function dailySeed(date = new Date()) {
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Minutes:seconds of `milliseconds`, e.g. "1:05". */
export function formatDuration(milliseconds) {
  const seconds = Math.floor(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const STORAGE_KEY = "lightsout-best";

const isResult = (entry) => Boolean(entry) && Number.isFinite(entry.moves) && Number.isFinite(entry.milliseconds);

/** The better of two results (either may be missing): the fewest moves and the shortest time, each on its own. */
function better(one, other) {
  if (!isResult(one)) return other;
  if (!isResult(other)) return one;
  return { moves: Math.min(one.moves, other.moves), milliseconds: Math.min(one.milliseconds, other.milliseconds) };
}

/**
 * A solve in `moves` presses and `milliseconds` against the best result `old` (or null): {best, improved},
 * improved when either record fell. BestResults and the levels' progress (levels.js) keep their records by it.
 */
export function improvedResult(old, moves, milliseconds) {
  const best = better(old, { moves, milliseconds });
  return { best, improved: !old || best.moves < old.moves || best.milliseconds < old.milliseconds };
}

/**
 * Best results per challenge kind and size ("random:5x5", "daily:5x5", "sample tv:8x8"…):
 * {moves, milliseconds}, each the best seen on its own (the fewest moves and the
 * shortest time need not come from the same game). Records stored under an old kind
 * (currentKind: "sample tv:8x8") move to the current key when read. Storage failures
 * (private modes, quota) only lose the record.
 */
export class BestResults {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
  }

  all() {
    let value;
    try {
      value = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? "{}");
    } catch {
      return {};
    }
    if (!value || typeof value !== "object") return {};
    const old = Object.keys(value).filter((key) => currentKind(key) !== key);
    for (const key of old) {
      value[currentKind(key)] = better(value[currentKind(key)], value[key]);
      delete value[key];
    }
    if (old.length) this.store(value);
    return value;
  }

  get(key) {
    const entry = this.all()[key];
    return isResult(entry) ? entry : null;
  }

  /** Record a solve; returns {best, improved} where improved says whether either record fell. */
  record(key, moves, milliseconds) {
    const all = this.all();
    const result = improvedResult(this.get(key), moves, milliseconds);
    all[key] = result.best;
    this.store(all);
    return result;
  }

  store(all) {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // not kept; the page still shows it this session
    }
  }
}

export class ChallengeTracker {
  /** `session`: the Session it tracks puzzles for (its game, solver, clock, records and change event). */
  constructor(session) {
    this.session = session;
    // {kind, key, label, start, minimum, startedAt, done, assisted, level, records}, or null: no challenge.
    this.current = null;
  }

  /** The key best results are kept under: kind, size, and the variant when not the standard one. */
  key(kind) {
    const { game } = this.session;
    const { rows, cols } = game.board;
    const surface = game.surface === "plane" ? "" : ` ${game.surface}`;
    const rule = game.stencil.name === "plus" && !surface ? "" : ` ${game.stencil.name}${surface}`;
    const states = game.k === 2 ? "" : ` k${game.k}`;
    if (game.graph) return `${kind}:${game.graph.preset?.name ?? "graph"} ${rows}x${cols}${states}${game.mask ? " shaped" : ""}`;
    return `${kind}:${rows}x${cols}${rule}${states}${game.mask ? " shaped" : ""}`;
  }

  /**
   * The game from `start` (a Board) is a challenge of `kind` (`label`: its name, a message): track it, and ask Python for its
   * fewest presses unless `minimum` is known. A level (levels.js) gives its `level` ({set, number, count}) and the
   * `records` its best result is kept in (else the session's).
   */
  start(kind, label, start, { minimum = null, level = null, records = null } = {}) {
    this.current = {
      key: this.key(kind), label, start: start.copy(), minimum, startedAt: 0, done: false, kind, assisted: false, level, records,
    };
    this.session.emit({ challenge: true });
    this.askMinimum();
  }

  /**
   * The puzzle a link's p= field (`token`, or null) names, if this page deals it for the
   * game's board (challenge.js: challengeOfToken): {kind, label: a message}, or null.
   */
  dealt(token) {
    const { game } = this.session;
    const dealt = token === null || token === undefined ? null : challengeOfToken(token, game);
    if (!dealt) return null;
    const { rows, cols } = game.board;
    return { kind: dealt.kind, label: dealt.label ? messageOf("nameInLanguage", { names: dealt.label }) : messageOf(dealt.labelKey, { rows, cols }) };
  }

  /** Ask once for the proven fewest presses of the puzzle (again when the solver becomes ready). */
  async askMinimum() {
    const { session } = this;
    const asked = this.current;
    if (!asked || asked.minimum !== null || asked.asking || !session.solver.ready || session.usesCanvas()) return;
    asked.asking = true;
    const reply = await requests.solve(session, asked.start, { minimal: true }, { board: false, quiet: true });
    asked.asking = false;
    if (reply?.solvable && reply.minimal) asked.minimum = reply.presses;
    if (this.current === asked) session.emit({ challenge: true });
  }

  /** Stop tracking the puzzle (the board changed some other way). */
  end() {
    const ended = this.current;
    this.current = null;
    if (ended) this.session.emit({ challenge: true });
  }

  /** The clock starts at the puzzle's first press. */
  startClock() {
    const challenge = this.current;
    if (challenge && !challenge.startedAt && !challenge.done) challenge.startedAt = this.session.now();
  }

  /** Solve, Hint, Explain or Play solution helped: no best result for this puzzle. */
  assist() {
    if (this.current) this.current.assisted = true;
  }

  /** The puzzle was just solved: stop the clock, record the result; the message (messages.js), or null. */
  finish() {
    const { session } = this;
    const challenge = this.current;
    if (!challenge || !challenge.startedAt || challenge.done) return null;
    challenge.done = true;
    challenge.milliseconds = session.now() - challenge.startedAt;
    const solved = countMessage("solvedPuzzle", session.game.moveCount, { time: formatDuration(challenge.milliseconds) });
    if (challenge.assisted) return joinMessages(solved, messageOf("assistedNoRecord"));
    const records = challenge.records ?? session.records;
    const improved = records ? records.record(challenge.key, session.game.moveCount, challenge.milliseconds).improved : false;
    return joinMessages(solved, improved ? messageOf("newRecord") : null);
  }
}
