// @ts-check
// The share link in the page's address: location.hash follows the game being played (the
// session makes its link: session/links.js), an edited hash or Back is handed to the session to
// open, and Copy link copies the game's link. What a link means is the session's; this is the
// address bar's side of it.

import { HashWriter, currentHash, shareAddress } from "../model/share-link.js";

export class SharePanel {
  /**
   * `copyText(text)` copies (the text panel's: the clipboard, else the Board box).
   * @param {import("../session/api.js").SessionApi} session
   */
  constructor(session, copyText) {
    this.session = session;
    this.copyText = copyText;
    this.hashWriter = new HashWriter(() => session.game, (base) => session.linkOf(base));
    document.getElementById("copy-link").addEventListener("click", () => this.copyLink());
    // The user edited the hash or followed a link to this page (replaceState fires no event).
    // The event's own URL is read, not location: a scheduled write of the game's hash may
    // have run between the edit and this event (CI saw the old game reopened that way).
    window.addEventListener("hashchange", (event) => {
      this.hashWriter.cancel();
      const { hash } = new URL(event.newURL);
      if (hash.length > 1) session.openLink(currentHash(hash));
    });
    // Only a change of the game is written: a message alone (a bad link's error among
    // them) must not replace the hash the reader just typed before its hashchange is seen.
    this.written = { version: -1, game: null, kind: null };
    // A playback changes the game every frame: its link (up to a million moves) is written
    // once it ends or stops, not every WRITE_INTERVAL_MS while it plays.
    session.subscribe(() => {
      // Not while a link opens: the address holds that link until its game replaces the stand-in
      // (a write scheduled before, of the stand-in, is dropped; a reload keeps the link).
      if (session.opening) {
        this.hashWriter.cancel();
        return;
      }
      if (session.playbackRun) return;
      const kind = session.challenge?.kind ?? null;
      const { version, game } = session;
      if (version === this.written.version && game === this.written.game && kind === this.written.kind) return;
      this.written = { version, game, kind };
      this.hashWriter.schedule();
    });
  }

  async copyLink() {
    // Without the query: the reader's settings are not the game's.
    const link = await this.session.copyLink(shareAddress());
    if (link === null) return;
    if (!this.session.game.graph) this.hashWriter.flush();
    await this.copyText(link);
  }
}
