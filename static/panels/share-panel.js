// The share link: location.hash follows the game; opening a link (on arrival, or by
// editing the hash) plays it; Copy link copies it.

import { countMessage, messageOf, withTone } from "../session/messages.js";
import * as requests from "../session/requests.js";
import { SolverWait } from "../session/solver-wait.js";
import { HashWriter, arrivedAgain, currentHash, gameOfLink, isGraphLink, linkOf, pageAddress, shareAddress } from "../model/share-link.js";
import { boardFromId } from "../model/board.js";
import { challengeTokenOf } from "../session/challenge.js";
import { isCodedError } from "../session/common-messages.js";

/** What opening a link says: the reader's own game restored, or a shared game of `moveCount` moves opened. */
function openedMessage(restored, moveCount, { rows, cols, preset = null, title = null }) {
  if (restored) return messageOf("gameRestored");
  // A real game by its name (the Cube, not "6×9"), a user's graph by its title; else the size.
  const name = preset ? messageOf("nameInLanguage", { names: preset.game }) : title;
  if (name) return moveCount === 0 ? messageOf("linkOpenedNamedFresh", { name }) : countMessage("linkOpenedNamed", moveCount, { name });
  return moveCount === 0 ? messageOf("linkOpenedFresh", { rows, cols }) : countMessage("linkOpened", moveCount, { rows, cols });
}

export class SharePanel {
  constructor(session, copyText) {
    this.session = session;
    this.copyText = copyText;
    // The link carries the kind of puzzle being played, so that it opens with its minimum and timer.
    this.challengeKind = () => (session.challenge ? challengeTokenOf(session.challenge) : null);
    this.waiting = new SolverWait(session); // a link the failed solver could not read (solver-wait.js)
    this.hashWriter = new HashWriter(() => session.game, this.challengeKind, (game) => this.graphLink(game));
    document.getElementById("copy-link").addEventListener("click", () => this.copyLink());
    // The user edited the hash or followed a link to this page (replaceState fires no event).
    // The event's own URL is read, not location: a scheduled write of the game's hash may
    // have run between the edit and this event (CI saw the old game reopened that way).
    window.addEventListener("hashchange", (event) => {
      this.hashWriter.cancel();
      const { hash } = new URL(event.newURL);
      if (hash.length > 1) this.openLink(currentHash(hash));
    });
    // Only a change of the game is written: a message alone (a bad link's error among
    // them) must not replace the hash the reader just typed before its hashchange is seen.
    this.writtenVersion = -1;
    this.writtenGame = null;
    this.writtenKind = null;
    // A playback changes the game every frame: its link (up to a million moves) is written
    // once it ends or stops, not every WRITE_INTERVAL_MS while it plays.
    session.subscribe(() => {
      // Not while a link opens: the address holds that link until its game replaces the stand-in (a reload keeps it).
      if (session.playbackRun || session.opening) return;
      const kind = this.challengeKind();
      if (session.version === this.writtenVersion && session.game === this.writtenGame && kind === this.writtenKind) return;
      this.writtenVersion = session.version;
      this.writtenGame = session.game;
      this.writtenKind = kind;
      this.hashWriter.schedule();
    });
  }

  /**
   * Play the game a link's hash describes; a bad link is reported and the board kept.
   * The whole game is built (and every field checked) before the session's is replaced,
   * so a link opened on arrival, by an edited hash or by Back never leaves the page half
   * changed, and never throws into the page's start.
   */
  openLink(text, { restored = false } = {}) {
    if (isGraphLink(text, this.session.limits.presets ?? [])) {
      this.openGraphLink(text.replace(/^#/, ""), restored);
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
      this.session.say(withTone(message, "error"));
      return false;
    }
    const message = openedMessage(restored, opened.moveCount, opened.game.board);
    this.session.dealer.openGame(opened.game, message, opened.challengeKind);
    return true;
  }

  /**
   * Open the link the page was opened with, if any. A reload (or Back to the page) finds
   * the reader's own game in the hash, which is restored, not announced as shared.
   */
  openCurrent() {
    if (location.hash.length > 1) this.openLink(currentHash(), { restored: arrivedAgain() });
  }

  /**
   * The link of a preset or graph game (`base` + "#" + the worker's `share` text: the
   * grammar and its checks are Python's, lightsout.share.links), or null when the solver failed.
   */
  async graphLink(game, base = pageAddress()) {
    // Quiet: a failure leaves the message line alone (the link is then written later).
    const reply = await requests.shareLink(this.session, game, this.challengeKind(), this.session.challenge?.level?.number ?? null);
    return reply ? `${base}#${reply.text}` : null;
  }

  /**
   * Open a preset's or graph's link: Python reads it (the `share` op) into the puzzle, its board and moves.
   * Until then the board is a stand-in (session.openLink: commands given meanwhile answer for the link's game).
   */
  openGraphLink(text, restored) {
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
          this.waiting.hold(() => this.openGraphLink(text, restored));
          session.say(messageOf("linkWaitsForSolver"));
        }
        return null;
      }
    };
    this.hashWriter.cancel(); // the stand-in's link, scheduled by the page's first change, must not replace this one
    return session.openLink(read, async (reply) => {
      const message = openedMessage(restored, reply.moves?.length ?? 0, reply);
      await session.dealer.openGraphLink(reply, { board: boardFromId(reply.board, reply.k), moves: reply.moves ?? [], message });
    });
  }

  /**
   * The solver client's state: a link that could not be read because the solver failed is
   * opened once it is ready again (Retry), unless the player has played or chosen a game since.
   */
  solverChanged(state) {
    this.waiting.solverChanged(state);
  }

  async copyLink() {
    const { game } = this.session;
    if (game.graph) {
      const link = await this.graphLink(game, shareAddress());
      if (link) await this.copyText(link);
      return;
    }
    const link = linkOf(game, shareAddress(), this.challengeKind()); // without the query: the reader's settings are not the game's
    if (link === null) {
      this.session.say(messageOf("linkTooLarge", { rows: game.board.rows, cols: game.board.cols }));
      return;
    }
    this.hashWriter.flush();
    await this.copyText(link);
  }
}
