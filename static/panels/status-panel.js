// @ts-check
// The status line (the solver's state, Retry), "Working…" with Cancel for slow requests,
// the progress of a playback with Stop, and the message line with its occasional Search
// to the end button. The solver's state comes in the session's change event (`solver`). The message line is where what the session says (messages.js: data)
// becomes words: the last message and its offer are kept, and worded again when the
// page's language changes (the session's `reword` change).

import { t } from "../page/i18n.js";
import { describeSolverFailure } from "../page/errors.js";
import { withTone } from "../session/messages.js";
import { wordMessage } from "../page/words.js";

const WORKING_DELAY_MS = 300; // a request running longer shows "Working…" and Cancel

export class StatusPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.status = $("status");
    this.solverStatus = $("solver-status");
    this.retry = $("retry");
    this.progress = $("progress");
    this.message = $("message");
    this.searchToEnd = $("search-to-end");
    this.playback = $("playback");
    this.playbackBar = /** @type {HTMLProgressElement} */ ($("playback-bar"));
    $("stop-playback").addEventListener("click", () => session.stop());
    // A message cut at two lines opens whole on a click, a tap, Enter or Space.
    this.message.addEventListener("click", () => this.toggleWhole());
    this.message.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      this.toggleWhole();
    });
    this.measuring = 0;
    this.shown = null; // the message on the line (messages.js), to word it again in another language
    this.offer = null; // the Search to the end button's message while it shows
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.workingTimer = 0;
    this.retry.addEventListener("click", () => session.retrySolver());
    $("cancel").addEventListener("click", () => session.cancel());
    this.searchToEnd.addEventListener("click", () => session.searchToEnd());
    // Every message lands here, the Board box's errors too (the box is marked as well).
    session.subscribe((change) => {
      this.showPlayback();
      if (change.solver) this.solverChanged();
      if (change.reword) {
        this.showSolverState();
        this.say(this.shown, this.offer);
        return;
      }
      if (change.boardError) this.say(withTone(change.boardError, "error"));
      else if (change.message !== undefined) this.say(change.message, change.offer ?? null);
      if (change.message || change.boardError) this.reveal(Boolean(change.boardError));
    });
    this.showSolverState();
  }

  /**
   * "Working…" and Cancel, WORKING_DELAY_MS after the ready solver was given work, until it is idle.
   * Quick requests do not flash them; nor do requests waiting for the solver to start: nothing runs
   * yet (the badge shows the start), and Cancel would only start the solver again.
   */
  showWorking() {
    clearTimeout(this.workingTimer);
    const { busy, ready } = this.session.solver;
    if (busy && ready) {
      this.workingTimer = setTimeout(() => { this.progress.hidden = false; }, WORKING_DELAY_MS);
    } else {
      this.progress.hidden = true;
    }
  }

  /** The playback's bar (presses played of all) and Stop, while a solution plays. */
  showPlayback() {
    const run = this.session.playbackRun;
    if (this.playback.hidden !== (run === null)) this.playback.hidden = run === null;
    if (!run) return;
    this.playbackBar.max = run.total;
    this.playbackBar.value = run.done;
  }

  /**
   * Show `message` (messages.js; its `tone` "error" colours it) in the page's language, with
   * `offer` (a message, or null) as the Search to the end button: an offer belongs to the
   * message that made it. The line holds two lines of text at most, so the whole text is
   * also its title (a tooltip).
   */
  say(message, offer = null) {
    const text = wordMessage(message);
    this.shown = message;
    this.offer = offer;
    this.message.textContent = text;
    this.message.title = text;
    this.status.removeAttribute("data-expanded");
    cancelAnimationFrame(this.measuring);
    this.measuring = requestAnimationFrame(() => this.markTruncated());
    const tone = message?.tone;
    if (tone) this.status.dataset.tone = tone;
    else delete this.status.dataset.tone;
    this.searchToEnd.hidden = offer === null;
    if (offer !== null) this.searchToEnd.textContent = wordMessage(offer);
  }

  /** Whether the message is cut at its two lines: then it can be opened whole (toggleWhole). */
  markTruncated() {
    const cut = this.message.scrollHeight > this.message.clientHeight + 1;
    this.status.toggleAttribute("data-truncated", cut);
    if (cut) this.message.tabIndex = 0;
    else this.message.removeAttribute("tabindex");
  }

  /** Open a cut message whole over the board, or close it again. */
  toggleWhole() {
    if (!this.status.hasAttribute("data-truncated") && !this.status.hasAttribute("data-expanded")) return;
    this.status.toggleAttribute("data-expanded");
  }

  /**
   * On a narrow screen the sections lie under the board: when one of them changes the
   * board or reports something, the message line may be scrolled away. Bring the board
   * and its message back into view, unless the reader is typing in the Board box (its
   * errors are shown there too).
   */
  reveal(boxError) {
    const box = this.status.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    if (boxError && document.activeElement?.id === "board-text") return;
    const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    this.status.closest(".play").scrollIntoView({ block: "start", behavior });
  }

  /** The solver's state ("loading" | "installing" | "ready" | "error") or its being busy changed. */
  solverChanged() {
    const { state, detail } = this.session.solver;
    // How the solver started (automation contract): "snapshot" or "install".
    if (state === "ready" && detail?.start?.path) this.status.dataset.solverStart = detail.start.path;
    else if (state === "loading") delete this.status.dataset.solverStart;
    this.showSolverState();
    this.showWorking(); // requests sent during the start run from now on
  }

  showSolverState() {
    const { state, detail } = this.session.solver;
    this.status.dataset.state = state === "ready" || state === "error" ? state : "loading";
    this.retry.hidden = state !== "error";
    const progress = detail?.progress;
    // Tenths of a megabyte: the figure moves every ≈ 0.5 s on a 1.6 Mbit/s link.
    const mb = (bytes) => (bytes / 1e6).toFixed(1);
    const total = progress ? mb(progress.total) : "8.8"; // the badge's widest text while loading (style.css)
    this.solverStatus.dataset.widest = t("loadingSolver", { received: total, total });
    if (state === "loading" && progress) {
      this.solverStatus.textContent = t("loadingSolver", { received: mb(progress.received), total: mb(progress.total) });
    } else if (state === "loading") this.solverStatus.textContent = t("solverStarting");
    else if (state === "installing") this.solverStatus.textContent = t("installingSolver");
    else if (state === "ready") this.solverStatus.textContent = t("ready");
    else if (state === "error") this.solverStatus.textContent = describeSolverFailure(detail.error);
  }
}
