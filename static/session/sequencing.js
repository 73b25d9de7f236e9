// @ts-check
// The session's request sequencing (session.js): what makes an answer of the solver land on
// the board it was asked about, whatever order the replies come in and however long the
// solver takes to start (half a minute on a slow phone link, while the board is playable).
//
// - Every request carries the game's version (the session bumps it on every change of board
//   or goal) and a ticket of its channel: a reply to a superseded request — a solve of an
//   older board, a random board asked before the last one — is dropped, so what is shown is
//   always what was asked last.
// - Work whose end replaces the game (a deal asked of the solver, a link or a level being
//   read: `changing`) holds back the commands that ask about the board (`settled`): Solve
//   pressed after New puzzle, or while a shared link opens, answers for the board the player
//   is about to see, not for the one it replaces.
// - The player's command whose answer is on its way (`asked`: Solve, Hint, Explain) is for
//   the lights as they were: the player changing them first drops it, and the message line
//   says so (`dropAsked`); it is never lost in silence.
//
// No DOM and no words: failures and drops are said through the session, as messages.

import { messageOf } from "./messages.js";
import { requestErrorMessage } from "./common-messages.js";

/**
 * How a request is sent and sequenced (Sequencer.request): the packed boards its fields point
 * into (`payload`), its deadline (`timeoutMs`; the client's own by default), the `channel` whose
 * later request supersedes it, whether a change of the `board` or goal does, whether a failure is
 * said (`quiet`: not) or thrown (`rethrow`), and the player's `command` it answers.
 * @typedef {object} RequestOptions
 * @property {Uint8Array | null} [payload]
 * @property {number} [timeoutMs]
 * @property {string | null} [channel]
 * @property {boolean} [board]
 * @property {boolean} [quiet]
 * @property {boolean} [rethrow]
 * @property {"solve" | "hint" | "explain" | null} [command]
 */

export class Sequencer {
  /** Sequences the requests of `session` (its solver, version and message line). */
  constructor(session) {
    this.session = session;
    this.tickets = new Map(); // channel -> the latest request's ticket
    this.changes = new Set(); // promises of the work under way whose end replaces the game
    // The player's command whose answer is on its way, {command: "solve" | "hint" | "explain"}, or null.
    this.asked = null;
    this.opening = null; // while a link Python must read is opening: {} (openLink), else null
    this.linkFailures = 0; // links that could not be read (settled)
  }

  /**
   * Send `message` to the solver. Resolves with the reply, or null when it failed (the
   * reason is emitted as the message — a deadline, a crash or a restart is explained on the
   * status line (errors.js), the message line only says the request stopped, so that no busy
   * message such as "Solving…" outlives its request; with `rethrow` the error is thrown instead, for a
   * caller that answers some errors itself) or was superseded: by a change of the board
   * or goal when `board` is true, by a later request on the same `channel` when one is given.
   * `command` names the player's command the reply answers ("solve", "hint", "explain"): the
   * player changing the lights before it comes is told that it was dropped (dropAsked).
   */
  /** @param {object} message @param {RequestOptions} [options] */
  async request(message, {
    payload = null, timeoutMs, channel = null, board = true, quiet = false, rethrow = false, command = null,
  } = {}) {
    const { session } = this;
    const version = session.version;
    const ticket = this.nextTicket(channel);
    const current = () => channel === null || this.tickets.get(channel) === ticket;
    const asked = command === null ? null : (this.asked = { command });
    let reply;
    try {
      reply = await session.solver.request(message, { payload, ...(timeoutMs ? { timeoutMs } : {}) });
    } catch (error) {
      if (rethrow && current() && (!board || version === session.version)) throw error;
      if (!quiet && current() && !rethrow) session.say(requestErrorMessage(error));
      return null;
    } finally {
      if (asked && this.asked === asked) this.asked = null;
    }
    if (board && version !== session.version) return null;
    return current() ? reply : null;
  }

  /** A new ticket of `channel` (null: none): an older request on the channel is superseded. */
  nextTicket(channel) {
    const ticket = (this.tickets.get(channel) ?? 0) + 1;
    if (channel !== null) this.tickets.set(channel, ticket);
    return ticket;
  }

  /**
   * Run `work()` (async), whose end replaces the game: a whole deal, from the request to the
   * new game (a random board asked of the solver, a real game, a level, a link, a pasted board).
   * Resolves as `work()` does. Only the whole flow counts: a flow's request alone would let a
   * waiting command run between its reply and the game it makes.
   */
  async changing(work) {
    const change = work();
    this.changes.add(change);
    try {
      return await change;
    } finally {
      this.changes.delete(change);
    }
  }

  /**
   * Resolves once no work that replaces the game is under way (changing); at once when none is.
   * Resolves false when a link opened meanwhile could not be read: the command waiting was
   * meant for the link's game, which never came, so it is not answered for the stand-in
   * instead, and the message line keeps saying why the link failed. Else true.
   */
  async settled() {
    const failures = this.linkFailures;
    while (this.changes.size > 0) await Promise.allSettled([...this.changes]);
    return this.linkFailures === failures;
  }

  /**
   * Open a link that Python must read (a real game's, a level's, a user's graph): `read()` resolves with
   * what to play, or null; `play(reply)` makes it the game. Until the link is read the board shown is a
   * stand-in (`opening`): the session refuses a press on it with a word, the share link is not written
   * over it (share-panel.js), and the board's commands wait (changing). A game the player chooses
   * meanwhile (New puzzle, a size, a paste…: the session's replaceGame, gameReplaced) ends the stand-in,
   * and the link, read later, is dropped.
   */
  openLink(read, play) {
    const { session } = this;
    const opening = {};
    this.opening = opening;
    session.say(messageOf("linkOpening"));
    return this.changing(async () => {
      let found;
      try {
        found = await read();
      } finally {
        if (this.opening === opening) {
          this.opening = null;
          if (!found) {
            this.linkFailures++;
            session.redraw(); // refused or failed: the stand-in is the board now
          }
        } else {
          found = null; // the player chose another game meanwhile
        }
      }
      if (found) await play(found);
    });
  }

  /**
   * The session's game was replaced: a link opening is over (the player's choice wins over it), and
   * an answer on its way was for the game replaced (the new game says what it is).
   */
  gameReplaced() {
    this.opening = null;
    this.asked = null;
  }

  /**
   * The player just changed the lights: an answer on its way (this.asked) is for the board
   * before, and is dropped when it comes (its version is old). What to say of it, or null.
   */
  dropAsked() {
    const asked = this.asked;
    this.asked = null;
    return asked ? messageOf(`${asked.command}Overtaken`) : null;
  }
}
