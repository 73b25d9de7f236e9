// @ts-check
// New boards and games, the session's (session.js) helper: random solvable boards (made
// here or by the worker), New puzzle, another size, Clear, the puzzles it deals (handed to
// challenge.js), a share link's game, and games on a graph (a real game's preset or a
// user's puzzle). It decides the board; the session's commands (setBoard, replaceGame)
// make it the game, so the version, marks and overlays change in the session alone.

import { countMessage, joinMessages, messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { pressCountMessage, requestErrorMessage } from "./common-messages.js";
import { MAX_SIZE, MIN_SIZE, boardFromId, boardFromReference, emptyBoard } from "../model/board.js";
import { challengeOfToken } from "./challenge.js";
import { dailyNumber, dailyNumberOfToken, dailyOpenedMessage, dailySeed } from "./daily.js";
import { sampleBoard } from "../model/sample-boards.js";
import { difficultyKind, difficultyNamed, fewestToAsk } from "./difficulty.js";
import { Game, isMultiState } from "../model/game.js";
import { Mask } from "../model/mask.js";
import { graphOfPuzzle } from "../model/graph.js";
import { randomSolvableBoard } from "../model/random-board.js";

/** The board of `game`'s goal: its target board, or every light off / at k − 1. */
export function goalBoard(game) {
  const { rows, cols } = game.board;
  if (typeof game.target !== "string") return game.target.copy();
  const board = emptyBoard(rows, cols, game.k);
  if (game.target === "on") for (let i = 0; i < rows * cols; i++) board.set(i, game.k - 1);
  return board;
}

export class Dealer {
  /** Deals for `session` (its game, solver, limits, random source and commands). */
  constructor(session) {
    this.session = session;
  }

  /** True (and says why) when a k-state game cannot have a rows × cols board: the canvas draws two states only. */
  sizeRefused(rows, cols, k = this.session.game.k) {
    const side = this.session.limits.gridLimit;
    if (!isMultiState(k) || (rows <= side && cols <= side)) return false;
    this.session.say(messageOf("statesTooBig", { rows, cols }));
    return true;
  }

  /** True when `n` rows or columns are a board's. */
  validSide(n) {
    return Number.isInteger(n) && n >= MIN_SIZE && n <= Math.min(MAX_SIZE, this.session.limits.max_side);
  }

  /** Check a size typed by the player; null (and a message) when it is not one. */
  checkSize(rows, cols) {
    if (this.validSide(rows) && this.validSide(cols)) return { rows, cols };
    this.session.say(messageOf("sizeInvalid"));
    return null;
  }

  /**
   * A random solvable rows × cols board of `game`'s variant (the session's by default), or
   * null with the reason as the message. Made here when the worker is not needed or not
   * ready (and always for a k-state game), else by the worker. Sequenced: only the board
   * asked for last arrives.
   */
  async randomBoard(rows, cols, { lit = null, presses = null, mask = null, game = this.session.game } = {}) {
    const { session } = this;
    const graph = game.graph && rows === game.board.rows && cols === game.board.cols ? game.graph : null;
    const ready = session.solver.ready;
    const canvas = session.usesCanvas(rows, cols);
    if (isMultiState(game.k) || (graph && !ready) || (lit === null && presses === null && !ready && !canvas)) {
      session.nextTicket("random"); // a board the worker is still making is not wanted any more
      return randomSolvableBoard(rows, cols, {
        k: game.k, stencil: game.stencil, surface: game.surface, mask, random: session.random, graph, start: graph ? goalBoard(game) : null,
      });
    }
    if (!ready && (presses !== null || canvas)) {
      session.say(messageOf(presses !== null ? "pressesNeedSolver" : "bigNeedsSolver"));
      return null;
    }
    let reply;
    try {
      reply = await requests.random(session, { rows, cols, lit, presses, mask, game });
    } catch (error) {
      const stopped = ["AbortError", "TimeoutError", "WorkerError", "TooLargeError", "NotReadyError"].includes(error.name);
      session.say(error.name === "PressCountError" ? pressCountMessage(error, { rows, cols, presses })
        : stopped || error.code ? requestErrorMessage(error) : messageOf("impossibleLit", { message: error.message }));
      return null;
    }
    return reply ? boardFromReference(reply.board, reply.payload, game.k) : null; // null: a later board was asked for
  }

  /**
   * A new puzzle from a spec: {rows, cols, lit, presses} (lit and presses null: any
   * solvable board). The shape stays when the size does.
   */
  newGame({ rows, cols, lit = null, presses = null }) {
    const { session } = this;
    return session.changing(async () => {
      if (this.sizeRefused(rows, cols)) return false;
      const sameSize = rows === session.game.board.rows && cols === session.game.board.cols;
      const mask = sameSize ? session.game.mask : null;
      const board = await this.randomBoard(rows, cols, { lit, presses, mask });
      if (!board) return false;
      const size = { rows, cols };
      const kind = presses !== null ? `presses ${presses}` : lit !== null ? `lit ${lit}` : "random";
      session.setBoard(board, {
        message: presses === null ? messageOf("newBoard", size) : countMessage("puzzlePresses", presses, size), mask,
        replaced: () => this.startChallenge(kind, messageOf("newPuzzleSized", size)),
      });
      return true;
    });
  }

  /**
   * The puzzle of the day, the standard 5×5 game's board for the player's local date (daily.js;
   * asked of the solver: while it starts, the request waits for it), with the day's number.
   */
  daily() {
    const { session } = this;
    if (!session.solver.ready) session.say(messageOf("dailyWaits"));
    return session.changing(async () => {
      const today = session.today();
      const day = dailyNumber(today);
      const reply = await requests.daily(session, dailySeed(today));
      if (!reply) return false;
      const restored = session.useStandardGame();
      session.setBoard(boardFromReference(reply.board, reply.payload), {
        message: joinMessages(dailyOpenedMessage(day, day), restored), mask: null,
        replaced: () => this.startChallenge("daily", messageOf("dailyPuzzle"), session.game.board, { day }), // Python's deal: the day's
      });
      return true;
    });
  }

  /**
   * A puzzle of difficulty `name` (difficulty.js): a board of the classic game at its size whose
   * fewest presses, drawn from its range, Python's search guarantees (asked of the solver: while
   * it starts, the request waits for it). Its fewest presses are known from the deal.
   */
  difficulty(name) {
    const { session } = this;
    const difficulty = difficultyNamed(name);
    if (!difficulty) return Promise.resolve(false);
    const label = messageOf(`difficulty_${name}`);
    if (!session.solver.ready) session.say(messageOf("difficultyWaits", { difficulty: label }));
    return session.changing(async () => {
      const presses = fewestToAsk(difficulty, session.random);
      const reply = await requests.difficulty(session, difficulty, presses);
      if (!reply) return false;
      const restored = session.useStandardGame();
      const { rows, cols } = difficulty;
      session.setBoard(boardFromReference(reply.board, reply.payload), {
        message: joinMessages(messageOf("difficultyDealt", { difficulty: label, rows, cols }), restored), mask: null,
        replaced: () => this.startChallenge(difficultyKind(name), label, session.game.board, { minimum: presses }),
      });
      return true;
    });
  }

  /** A sample board (sample-boards.js) of the standard game, played as a puzzle. */
  sample(sample) {
    const { session } = this;
    const restored = session.useStandardGame();
    session.setBoard(sampleBoard(sample), {
      message: joinMessages(messageOf("sampleLoaded", { name: messageOf(sample.labelKey) }), restored), mask: null,
      replaced: () => this.startChallenge(`sample ${sample.id}`, messageOf(sample.labelKey)),
    });
  }

  /** A new puzzle of the real game `name` (a preset of the API's), played as a puzzle of that game. */
  preset(name) {
    const { session } = this;
    return session.changing(async () => {
      const reply = await requests.presetPuzzle(session, name);
      if (!reply) return false;
      const game = messageOf("nameInLanguage", { names: reply.preset.game });
      return this.playGraph(reply, { message: messageOf("gameDealt", { game }), replaced: () => this.startChallenge(`game ${name}`, game) });
    });
  }

  /**
   * Play the user's puzzle in `text` (plain or JSON, lightsout.text.puzzle_text). Resolves with
   * Python's refusal (an error with its code, params, line and column) when the text is not a
   * puzzle — the board kept —, else null (played, or the solver failed: said on the message line).
   */
  playPuzzleText(text) {
    const { session } = this;
    let refusal = null;
    return session.changing(async () => {
      let reply;
      try {
        reply = await requests.graphPuzzle(session, text);
      } catch (error) {
        refusal = error;
        return;
      }
      if (!reply) return;
      const board = reply.start ? boardFromId(reply.start, reply.k) : null;
      await this.playGraph(reply, {
        board, message: messageOf("graphDealt", { title: reply.title ?? messageOf("graphUntitled"), cells: reply.cells }),
      });
    }).then(() => refusal);
  }

  /** A random board of another size (the size fields changed). */
  resize(rows, cols) {
    const { session } = this;
    return session.changing(async () => {
      if (this.sizeRefused(rows, cols)) return false;
      const board = await this.randomBoard(rows, cols);
      if (board) session.setBoard(board, { message: messageOf("newBoard", { rows, cols }) });
      else session.redraw();
      return Boolean(board);
    });
  }

  /** All lights out (a board to set up by hand), as one step Undo takes back (game-swap.js). */
  clear() {
    const { game } = this.session;
    const { rows, cols } = game.board;
    this.session.setBoard(emptyBoard(rows, cols, game.k), { message: messageOf("cleared"), undoable: true });
  }

  /**
   * The game from `start` is a puzzle of `kind` (`label`: its name, a message) to play
   * (set-up mode ends): track it, and ask Python for its fewest presses (challenge.js; `details`: its start's).
   */
  startChallenge(kind, label, start = this.session.game.board, details = {}) {
    this.session.leaveMode("setup");
    this.session.challengeTracker.start(kind, label, start, details);
  }

  /**
   * Play `game`, a share link's game built whole with its moves already played
   * (share-link.js: gameOfLink), so that nothing here can fail half way. A link of a puzzle
   * (`challengeKind`, its p= field) is that puzzle again: its minimum, timer and best results.
   */
  openGame(game, message, challengeKind = null) {
    // A numbered day's puzzle says which day it is, and whether it is today's (daily.js).
    const day = dailyNumberOfToken(challengeKind);
    const note = day !== null && challengeOfToken(challengeKind, game) ? dailyOpenedMessage(day, dailyNumber(this.session.today())) : null;
    this.session.playGame(game, { message: joinMessages(message, note), replaced: () => this.resumeChallenge(challengeKind) });
  }

  /**
   * Play the game of a link Python read (the `share` reply, docs/api.md: a preset's or a graph's;
   * `board` its lights, `moves` its presses, `message` what to say): a level's link (p=level-<SET>,
   * l=N) is that level again (levels.js), another puzzle's is that puzzle (resumeChallenge).
   * `history` (resume.js: a kept game's {undo, redo}) is replayed on the board instead of moves.
   * Resolves false when no board came.
   */
  async openGraphLink(reply, { board, moves = [], message, history = null }) {
    if (!(await this.playGraph(reply, { board, moves, message, history }))) return false;
    const named = reply.challenge_kind ? challengeOfToken(reply.challenge_kind, this.session.game) : null;
    if (named?.levelSet && reply.level) await this.session.resumeLevel(named.levelSet, reply.level);
    else this.resumeChallenge(reply.challenge_kind);
    return true;
  }

  /**
   * The game a link just opened is the puzzle its p= field (`token`, or null) names, if this
   * page deals it for that board (challenge.js: challengeOfToken): its minimum, timer and best results.
   */
  resumeChallenge(token) {
    const dealt = this.session.challengeTracker.dealt(token);
    if (!dealt) return;
    // A day's board from a link is checked against Python's deal of that day (challenge.js: checkDay).
    this.startChallenge(dealt.kind, dealt.label, this.session.game.startBoard(), { day: dealt.day, dayChecked: false });
  }

  /**
   * Play a puzzle on a graph: a preset of the real games or a user's graph, as the API's
   * `puzzle` (or `share`) reply describes it (docs/api.md). `board` (a Board of its R×C) is
   * the lights to start from; without it a random solvable board is dealt (by the worker
   * when it is ready). `moves` (cell indices, a link's) are replayed onto the board. A `share`
   * reply's `holes` and `dont_care` (a link's h= and d=) are the game's shape; its holes go dark.
   * `history` (a kept game's, resume.js) is replayed as game.js's restoreHistory does.
   * Returns false when no board came. The caller runs the whole deal (its request of the puzzle too)
   * as the session's `changing` work, so that commands given meanwhile wait for this game.
   */
  async playGraph(reply, { board = null, moves = [], message = null, replaced = null, history = null } = {}) {
    const { session } = this;
    const graph = graphOfPuzzle(reply);
    const { rows, cols, k } = reply;
    const target = typeof reply.target === "string" && !reply.target.includes(":") ? reply.target : boardFromId(reply.target, k);
    const flags = (id) => (id ? boardFromId(id) : null);
    const mask = reply.holes || reply.dont_care ? new Mask(rows, cols, flags(reply.holes), flags(reply.dont_care)) : null;
    if (mask && board) for (const index of mask.holes.indices()) board.set(index, 0);
    if (board === null) {
      // Dealt for the new game (its graph and goal), so the random board is the puzzle's.
      board = await this.randomBoard(rows, cols, { mask, game: new Game(emptyBoard(rows, cols, k), { target, graph, mask }) });
      if (!board) {
        session.redraw();
        return false;
      }
    }
    const game = new Game(board, { target, graph, mask });
    if (moves.length > 0) game.playMany(moves);
    if (history) game.restoreHistory(history.undo, history.redo); // throws before the game is played
    session.playGame(game, { message, replaced, sayIfSolved: true });
    return true;
  }
}
