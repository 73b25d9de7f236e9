// @ts-check
// Boards as text, the session's (session.js) helper: a board read from pasted text or a
// file by Python (the API's parse op: every format lightsout.text.formats reads), the text kept
// so that copies reuse its symbols, a pasted POJ 1222 set played one puzzle after another
// (Next), and boards written as text for Copy and Download. Errors are said as the Board
// box's (with a caret for a line and column); the board is never touched by a bad text,
// and a board loaded is one step Undo takes back (game-swap.js).

import { messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { isCodedError, requestErrorMessage } from "./common-messages.js";
import { MAX_SIZE, boardFromReference } from "../model/board.js";

const PAYLOAD_TEXT_LENGTH = 1 << 20; // characters of pasted text above which it is sent as bytes

export class BoardText {
  /** Boards as text for `session` (its game, limits, requests and change event). */
  constructor(session) {
    this.session = session;
    /** @type {string | null} */
    this.pasted = null; // the last text loaded, so copies reuse its symbols
    /** @type {{boards: import("../model/board.js").Board[], index: number, game: import("../model/game.js").Game} | null} */
    this.set = null; // a pasted POJ 1222 set: its boards, the one played, the Game its puzzle started
  }

  /**
   * Parse a board with Python: `text` from the box, or a file's raw bytes as `payload`.
   * The board is read with the game's k; on an error the board stays and the error is
   * emitted as boardError (with `caret` for a line and column in the box's text). Undo
   * brings back the game the loaded board replaced. Resolves true when the board was loaded.
   */
  load(text, payload = null) {
    return this.session.changing(() => this.read(text, payload)); // Solve pressed meanwhile solves the board loaded
  }

  async read(text, payload) {
    const { session } = this;
    session.say(null);
    const k = session.game.k;
    // A long text goes as its UTF-8 bytes, as a file's do: the solver then holds it once, not as a JSON
    // request and the string read from it.
    const bytes = payload ?? (text.length > PAYLOAD_TEXT_LENGTH ? new TextEncoder().encode(text) : null);
    let reply;
    try {
      reply = await requests.parse(session, text, bytes);
    } catch (error) {
      const { message, boardError, caret } = this.failure(error, text, payload);
      if (boardError) session.sayBoardError(boardError, caret);
      else session.say(message);
      return false;
    }
    const { rows, cols } = reply;
    if (rows > MAX_SIZE || cols > MAX_SIZE) {
      // Python reads boards of up to 10^8 cells in any shape; this page shows 10000 a side.
      session.sayBoardError(messageOf("loadedTooLarge", { rows, cols, max: MAX_SIZE }));
      return false;
    }
    if (session.multiState && (rows > session.limits.gridLimit || cols > session.limits.gridLimit)) {
      session.sayBoardError(messageOf("statesTooBig", { rows, cols }));
      return false;
    }
    this.pasted = text;
    const board = boardFromReference(reply.board, reply.payload, k);
    session.sayBoardError(null);
    const format = k > 2 ? messageOf("statesFormat", { k }) : messageOf("formatName", { format: reply.format });
    // A POJ 1222 set: the first puzzle is on the board, Next loads the others (nextInSet).
    const boards = reply.boards?.length > 1 ? reply.boards.map((reference) => boardFromReference(reference, reply.payload, k)) : null;
    session.setBoard(board, {
      message: messageOf("loaded", { rows, cols, format }), undoable: true,
      replaced: (game) => { this.set = boards ? { boards, index: 0, game } : null; },
    });
    return true;
  }

  /** The change that says why `text` (or the file's `payload`) was not read. */
  failure(error, text, payload) {
    if (error.name === "NotReadyError") return { boardError: messageOf("notReady") };
    if (isCodedError(error) || (error.line !== undefined && error.line !== null)) {
      const caret = payload || !error.line ? undefined : { text, line: error.line, column: error.column ?? 1 };
      return { boardError: messageOf("parseFailure", { error }), caret };
    }
    if (error.name === "AbortError" || error.timeoutKind || error.name === "WorkerError" || error.code) {
      return { message: requestErrorMessage(error) }; // the status line says why
    }
    if (error.name === "TooLargeError") return { boardError: messageOf("tooLarge", { message: error.message }) };
    return { boardError: error.message || messageOf("noReason") };
  }

  /** The pasted board set's position while its puzzle is being played: {index, count} (1-based), or null. */
  get setPosition() {
    const { set } = this;
    if (!set || this.session.game !== set.game) return null; // another game since (New puzzle, a link, a variant)
    return { index: set.index + 1, count: set.boards.length };
  }

  /** Load the next puzzle of the pasted set (POJ 1222 input); false when there is none. */
  nextInSet() {
    const { set, session } = this;
    if (!set || set.index + 1 >= set.boards.length) return false;
    set.index++;
    session.setBoard(set.boards[set.index].copy(), {
      message: messageOf("boardSetLoaded", { index: set.index + 1, count: set.boards.length }),
      replaced: (game) => { set.game = game; },
    });
    return true;
  }

  /**
   * Most cells the API's format op is asked to write (Copy board, Copy solution, Download
   * solution's pasted format): the API's own cap, max_format_cells (2^22 cells; formatting
   * 10^8 cells took Python 65 s and 2 GB before the cap). Bigger boards are written here
   * (Download) or not at all (a clipboard of 100 MB is of no use).
   */
  get maxFormatCells() {
    return this.session.limits.max_format_cells;
  }

  /**
   * `board` as text in the pasted text's format (a solution when `solution`); null on
   * failure, or (with a message naming the Download that writes it) above maxFormatCells.
   */
  async format(board, solution = false) {
    const { session } = this;
    const limit = this.maxFormatCells;
    if (board.cellCount > limit) {
      const { rows, cols, cellCount: cells } = board;
      const download = messageOf(solution ? "downloadSolution" : "downloadText");
      session.say(messageOf("copyTooLarge", { rows, cols, cells, limit, download }));
      return null;
    }
    const like = board.k > 2 || session.game.graph ? null : this.pasted;
    const reply = await requests.format(session, board, { like, solution });
    return reply ? reply.text : null;
  }
}
