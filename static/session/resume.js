// @ts-check
// The game in progress kept in the browser (issue 42), the session's (session.js) helper:
// close the tab, open the page again without a link (or the installed app, whose start URL
// has none) and the game comes back — its board, the history Undo and Redo step through,
// the marks shown, the puzzle it belongs to (a level, the puzzle of the day…) with its clock,
// and whether the solver helped. A link always wins, a reload's too (its address holds the
// game's moves); New puzzle, like any new game, is kept in its place. A kept real game or
// graph that the solver could not read because it failed to start waits for it (SolverWait).
//
// What is kept, under GAME_KEY, as JSON: {version: 1, link, graph, undo, redo, marks, assisted,
// clock, minimum} (older records have a `hash` too, no longer read). `link` is the game's
// first board as a link with no moves (the share grammar, share.js, and the puzzle's p=; Python's link for a real game or a graph,
// read back by the `share` op) and `undo`/`redo` its history (game.js: historyEntries), so
// that even the edits before the last press (set-up, Make solvable) come back. Written a
// moment after each change (SAVE_DELAY_MS) and when the page is hidden (flush); not while a
// solution plays or a link opens. Data that cannot be read is set aside under its own key
// with a message, never a broken page; a storage that refuses (private modes, a full
// quota) only loses the kept game, never the game being played. No DOM and no words.

import { messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { isCodedError } from "./common-messages.js";
import { SolverWait } from "./solver-wait.js";
import { challengeTokenOf } from "./challenge.js";
import { boardFromId } from "../model/board.js";
import { Game } from "../model/game.js";
import { gameOfLink, shareTextOf } from "../model/share-link.js";

export const GAME_KEY = "lightsout-game";
/** Where a kept game the reader could not read is set aside (the last such text). */
export const GAME_SET_ASIDE_KEY = "lightsout-game-unreadable";
// The longest text kept (characters): localStorage holds about 5 million characters an origin
// in Chromium and Firefox, shared with the records; a 1000×1000 board's link is ≈ 170 000.
// A bigger game is not kept (its place is emptied, so an older one never comes back instead).
export const MOST_CHARACTERS = 1_000_000;
const SAVE_DELAY_MS = 250; // changes coalesced: a press is kept within a quarter second

const isIndex = (value) => Number.isInteger(value) && value >= 0;
const isEntry = (entry) => isIndex(entry) || (Array.isArray(entry) && entry.every(isIndex));

/** A kept game as stored, checked: the record, or throws a TypeError. */
function readRecord(stored) {
  const ok = stored && typeof stored === "object" && stored.version === 1 && typeof stored.link === "string"
    && typeof stored.graph === "boolean" && Array.isArray(stored.undo) && stored.undo.every(isEntry)
    && Array.isArray(stored.redo) && stored.redo.every(isEntry) && typeof stored.assisted === "boolean"
    && (stored.marks === null || typeof stored.marks === "string")
    && (stored.minimum === null || isIndex(stored.minimum))
    && (stored.clock === null || (stored.clock && Number.isFinite(stored.clock.elapsed) && stored.clock.elapsed >= 0 && typeof stored.clock.done === "boolean"));
  if (!ok) throw new TypeError("not a kept game");
  return stored;
}

/** True when pressing each cell of `marks` its count of times on `game`'s board reaches the goal. */
function marksSolve(game, marks) {
  const { rows, cols } = game.board;
  if (marks.rows !== rows || marks.cols !== cols || marks.k !== game.k) return false;
  const trial = new Game(game.board.copy(), game.options);
  for (const index of marks.indices()) trial.pressInPlace(Math.floor(index / cols), index % cols, marks.get(index));
  return trial.isSolved();
}

export class Resume {
  /** Keeps `session`'s game in `storage` (localStorage, or null: nothing kept). */
  constructor(session, storage = null) {
    this.session = session;
    this.storage = storage;
    this.keeping = false;
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.timer = 0;
    this.problem = null; // a message when a kept game could not be read (and was set aside)
    this.waiting = new SolverWait(session); // a kept game the failed solver could not read
    this.firstLinks = new WeakMap(); // Game -> {token, level, link, answer}: its first board's link (the same all its life)
    this.arrival = null; // the kept record read when the page opened with a link (continueClock)
  }

  /** The kept record, or null (none, or set aside: `problem` says so). */
  read() {
    let text;
    try {
      text = this.storage?.getItem(GAME_KEY) ?? null;
    } catch {
      return null;
    }
    if (text === null) return null;
    try {
      return readRecord(JSON.parse(text));
    } catch {
      this.setAside(text);
      return null;
    }
  }

  /** Keep `text` (unreadable) under GAME_SET_ASIDE_KEY and say so; the game's own place is emptied. */
  setAside(text) {
    this.problem = messageOf("gameSetAside");
    try {
      this.storage?.setItem(GAME_SET_ASIDE_KEY, text);
      this.storage?.removeItem(GAME_KEY);
    } catch {
      // not kept aside; the page still runs
    }
  }

  /**
   * Decide the page's first game: the kept one when the page opened without a link
   * (`linkText`, its hash without "#", or null); a link always wins, a reload's too (its
   * address holds the game's moves; preferring the kept copy on a reload of its own address
   * once showed another board after an offline reload in the engine flows). Keeping starts
   * here either way. Returns true when the kept game is coming back (the caller opens the
   * link otherwise); a kept game that cannot be played is set aside and said.
   */
  restore(linkText = null) {
    const record = this.read();
    this.keep();
    this.arrival = linkText !== null ? record : null;
    if (!record || linkText !== null) {
      if (this.problem) this.session.say(this.problem);
      return false;
    }
    const message = messageOf("gameResumed");
    if (record.graph) return this.restoreGraph(record, message);
    try {
      const { game, challengeKind } = gameOfLink(record.link);
      game.restoreHistory(record.undo, record.redo);
      this.session.dealer.openGame(game, message, challengeKind);
    } catch {
      this.setAside(JSON.stringify(record));
      this.session.say(this.problem);
      return false;
    }
    this.resumed(record);
    return true;
  }

  /** Bring back a real game's or a graph's kept game: Python reads its link (the page shows a stand-in meanwhile). */
  restoreGraph(record, message) {
    const { session } = this;
    const failed = () => {
      this.setAside(JSON.stringify(record));
      session.say(this.problem);
    };
    const read = async () => {
      try {
        return await requests.openShareLink(session, record.link);
      } catch (error) {
        if (isCodedError(error)) {
          failed(); // Python could not read the kept link: set aside
        } else {
          // The solver failed (its status line says why), not the kept game: it stays kept, and
          // comes back once the solver runs again (solverChanged) unless another game is played first.
          this.waiting.hold(() => this.restoreGraph(record, message));
          session.say(messageOf("gameWaitsForSolver"));
        }
        return null;
      }
    };
    session.openLink(read, async (reply) => {
      try {
        const board = boardFromId(reply.board, reply.k);
        if (await session.dealer.openGraphLink(reply, { board, message, history: record })) this.resumed(record);
      } catch {
        failed();
      }
    });
    return true;
  }

  /** The solver client's state: a kept game it could not read comes back once it is ready (SolverWait). */
  solverChanged(state) {
    this.waiting.solverChanged(state);
  }

  /** The kept game is the session's again: its clock, fewest presses, marks (if they still solve it) and help. */
  resumed(record) {
    const { session } = this;
    session.challengeTracker.resumeClock(record.clock, record.minimum);
    let marks;
    try {
      marks = record.marks ? boardFromId(record.marks, session.game.k) : null;
    } catch {
      marks = null;
    }
    session.resumed({ marks: marks && marksSolve(session.game, marks) ? marks : null, assisted: record.assisted });
  }

  /**
   * A reload of the page's own address opened its link (links.js: arrive): when the game is the
   * one kept at arrival — the same first board, variant and puzzle (its first link, p= and l=
   * with it) — its puzzle goes on with the kept clock, so the time away is not counted, the time
   * before is, and it is not counted played again (challenge.js: resumeClock); the solver's help
   * kept with it stays. Resolves when decided.
   */
  async continueClock() {
    const { session } = this;
    const record = this.arrival;
    this.arrival = null;
    const { game, challenge } = session;
    if (!record || !challenge || record.graph !== Boolean(game.graph)) return;
    const link = await this.firstLinkEntry(game).answer;
    if (link !== record.link || session.game !== game || session.challenge !== challenge) return;
    this.resumed(record); // its clock, fewest presses, marks and the solver's help (a Hint before the reload stays a help)
  }

  /** Keep the game from now on, a moment after each change. */
  keep() {
    if (this.keeping || !this.storage) return;
    this.keeping = true;
    this.session.subscribe(() => this.schedule());
  }

  schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.save();
    }, SAVE_DELAY_MS);
  }

  /** Keep the game now (the page is being hidden or closed). */
  flush() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.save();
  }

  /** Write the record of the session's game; a game too big, or a storage that refuses, empties the place. */
  save() {
    const { session } = this;
    if (!this.keeping || session.playbackRun || session.opening) return; // written when the playback ends, or the link has opened
    if (this.waiting.holds()) return; // the stand-in is not kept over the game that waits for the solver
    // A game played to its goal is over: it is not brought back as "the game you left".
    const over = session.game.moveCount > 0 && session.game.isSolved();
    const link = over ? null : this.firstLink(session.game);
    if (link === undefined) return; // asked of Python: saved when it answers
    const text = link === null ? null : JSON.stringify(this.record(session.game, link));
    try {
      if (text === null || text.length > MOST_CHARACTERS) this.storage.removeItem(GAME_KEY);
      else this.storage.setItem(GAME_KEY, text);
    } catch {
      try {
        this.storage.removeItem(GAME_KEY); // a full quota: an older game must not come back instead
      } catch {
        // blocked: nothing is kept, the game goes on
      }
    }
  }

  /** The record of `game` whose first board's link is `link`. */
  record(game, link) {
    const { session } = this;
    const { undo, redo } = game.historyEntries();
    const challenge = session.challenge;
    return {
      version: 1, link, graph: Boolean(game.graph), undo, redo,
      marks: session.marks ? session.marks.toId() : null, assisted: session.assisted,
      clock: session.challengeTracker.clock, minimum: challenge?.minimum ?? null,
    };
  }

  /**
   * The link of `game`'s first board with no moves, with the puzzle's p= (and a level's l=):
   * a string, null when too long to keep, or undefined while Python writes it (a real game's or
   * a graph's: the save is made again when it answers).
   */
  firstLink(game) {
    return this.firstLinkEntry(game).link;
  }

  /** firstLink's entry for `game`: {token, level, link (undefined while Python writes it), answer: a promise of the link}. */
  firstLinkEntry(game) {
    const { session } = this;
    const challenge = session.challenge;
    const token = challenge ? challengeTokenOf(challenge) : null;
    const level = challenge?.level?.number ?? null;
    const known = this.firstLinks.get(game);
    if (known && known.token === token && known.level === level) return known;
    const first = new Game(game.firstBoard(), game.options);
    if (!game.graph) {
      const link = shareTextOf(first, MOST_CHARACTERS, token);
      const entry = { token, level, link, answer: Promise.resolve(link) };
      this.firstLinks.set(game, entry);
      return entry;
    }
    const entry = { token, level, link: undefined, answer: Promise.resolve(null) };
    this.firstLinks.set(game, entry);
    const answered = (reply) => {
      entry.link = reply?.text ?? null;
      if (!reply) this.firstLinks.delete(game); // the solver failed: asked again at the next change
      else if (session.game === game) this.save();
      return entry.link;
    };
    entry.answer = requests.shareLink(session, first, token, level).then(answered, () => answered(null));
    return entry;
  }
}
