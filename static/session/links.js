// @ts-check
// Share links, the session's (session.js) helper: what a link means and what the page's address
// holds. Opening a link — on arrival, by an edited hash, by Back — decides between a grid game the
// page reads itself (share.js, through share-link.js: gameOfLink) and a real game's, a level's or
// a graph's link, which Python reads (the `share` op) while a stand-in board is shown; on arrival
// it also decides between the link and the game kept in the browser (resume.js). A link the
// solver could not read because it failed to start waits for it (SolverWait). The link of the game
// being played — its start, moves and the puzzle it was dealt as (p=) — is made here too, for the
// address and for Copy link. No DOM: the share panel listens for hashchange and writes the address.

import { countMessage, messageOf, withTone } from "./messages.js";
import * as requests from "./requests.js";
import { SolverWait } from "./solver-wait.js";
import { challengeTokenOf } from "./challenge.js";
import { isCodedError } from "./common-messages.js";
import { boardFromId } from "../model/board.js";
import { gameOfLink, isGraphLink, linkOf } from "../model/share-link.js";

/** What opening a link says: the reader's own game restored, or a shared game of `moveCount` moves opened. */
function openedMessage(restored, moveCount, { rows, cols, preset = null, title = null }) {
  if (restored) return messageOf("gameRestored");
  // A real game by its name (the Cube, not "6×9"), a user's graph by its title; else the size.
  const name = preset ? messageOf("nameInLanguage", { names: preset.game }) : title;
  if (name) return moveCount === 0 ? messageOf("linkOpenedNamedFresh", { name }) : countMessage("linkOpenedNamed", moveCount, { name });
  return moveCount === 0 ? messageOf("linkOpenedFresh", { rows, cols }) : countMessage("linkOpened", moveCount, { rows, cols });
}

export class Links {
  /**
   * Links for `session` (its game, limits, puzzle, dealer, sequencing and message line); `resume`
   * is the game kept in the browser, which a page opened without a link brings back.
   */
  constructor(session, resume) {
    this.session = session;
    this.resume = resume;
    this.waiting = new SolverWait(session); // a link the failed solver could not read
  }

  /** The p= token of the puzzle being played (its link opens with its minimum and timer), or null. */
  challengeKind() {
    const { challenge } = this.session;
    return challenge ? challengeTokenOf(challenge) : null;
  }

  /**
   * The page's first game: the kept one when the page opened without a link (`linkText`, its
   * hash without "#", or null), else the link's (a reload's link is the reader's own game, said
   * "restored" when `reloaded`, whose puzzle goes on with the kept clock: resume.js, continueClock).
   * A link always wins (resume.js says why).
   */
  arrive(linkText, reloaded = false) {
    if (this.resume.restore(linkText) || linkText === null) return;
    this.open(`#${linkText}`, { restored: reloaded, continued: reloaded }); // a column counts the "#"
  }

  /**
   * Play the game a link's text (a hash, "#" optional) describes; a bad link is said and the board
   * kept. The whole game is built (every field checked) before the session's is replaced, so a
   * link opened on arrival, by an edited hash or by Back never leaves the page half changed.
   * Returns false when the link was refused at once. `continued`: a reload's link, whose game may
   * be the one kept at arrival (resume.js: continueClock).
   */
  open(text, { restored = false, continued = false } = {}) {
    const { session } = this;
    if (isGraphLink(text, session.limits.presets ?? [])) {
      this.openGraphLink(text.replace(/^#/, ""), restored, continued);
      return true;
    }
    let opened;
    try {
      opened = gameOfLink(text);
    } catch (error) {
      let message;
      if (error.name === "ShareError") {
        message = messageOf("linkFailure", { error });
      } else {
        console.error("lightsout: could not open the link:", error); // a bug: the one logged line
        message = messageOf("linkBroken", { message: error.message || messageOf("noReason") });
      }
      session.say(withTone(message, "error"));
      return false;
    }
    const message = openedMessage(restored, opened.moveCount, opened.game.board);
    session.dealer.openGame(opened.game, message, opened.challengeKind);
    if (continued) this.resume.continueClock();
    return true;
  }

  /**
   * Open a preset's or graph's link: Python reads it (the `share` op) into the puzzle, its board and moves.
   * Until then the board is a stand-in (the session's openLink: commands given meanwhile answer for the link's game).
   */
  openGraphLink(text, restored, continued = false) {
    const { session } = this;
    this.waiting.clear();
    const read = async () => {
      try {
        return await requests.openShareLink(session, text);
      } catch (error) {
        if (isCodedError(error)) {
          // Python's code, params (the link's part at fault) and column, said in the page's language.
          session.sayBoardError(messageOf("linkFailure", { error }));
        } else {
          // The solver failed (its status line says why), not the link: opened once it runs again (solverChanged).
          this.waiting.hold(() => this.openGraphLink(text, restored, continued));
          session.say(messageOf("linkWaitsForSolver"));
        }
        return null;
      }
    };
    return session.openLink(read, async (reply) => {
      const message = openedMessage(restored, reply.moves?.length ?? 0, reply);
      await session.dealer.openGraphLink(reply, { board: boardFromId(reply.board, reply.k), moves: reply.moves ?? [], message });
      if (continued) await this.resume.continueClock();
    });
  }

  /** The solver's state: a link it could not read because it failed is opened once it is ready again. */
  solverChanged(state) {
    this.waiting.solverChanged(state);
  }

  /**
   * The link of the game being played from `base` (an address without its hash): a grid game's
   * at once (a string, or null when too long for an address), a preset's or graph's from Python
   * (a promise of the link, or of null when the solver failed).
   */
  linkOf(base) {
    const { session } = this;
    const { game } = session;
    if (!game.graph) return linkOf(game, base, this.challengeKind());
    return requests.shareLink(session, game, this.challengeKind(), session.challenge?.level?.number ?? null)
      .then((reply) => (reply ? `${base}#${reply.text}` : null));
  }

  /** Copy link: the game's link from `base`, or null after saying why there is none (a board too large for an address). */
  async copyLink(base) {
    const { session } = this;
    const { rows, cols } = session.game.board;
    const link = await this.linkOf(base);
    if (link === null && !session.game.graph) session.say(messageOf("linkTooLarge", { rows, cols }));
    return link;
  }
}
