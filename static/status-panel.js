// The status line (the solver's state, Retry), "Working…" with Cancel for slow requests,
// the progress of a playback with Stop, and the message line with its occasional Search
// to the end button.

import { t } from "./i18n.js";
import { describeSolverFailure } from "./errors.js";

const WORKING_DELAY_MS = 300; // a request running longer shows "Working…" and Cancel

export class StatusPanel {
  constructor(session, solver) {
    this.session = session;
    this.solver = solver;
    const $ = (id) => document.getElementById(id);
    this.status = $("status");
    this.solverStatus = $("solver-status");
    this.retry = $("retry");
    this.progress = $("progress");
    this.message = $("message");
    this.searchToEnd = $("search-to-end");
    this.playback = $("playback");
    this.playbackBar = $("playback-bar");
    $("stop-playback").addEventListener("click", () => session.stop());
    this.solverState = { state: "loading", detail: null }; // the last report, to redraw it in another language
    this.workingTimer = 0;
    this.retry.addEventListener("click", () => solver.restart());
    $("cancel").addEventListener("click", () => {
      session.stopPlayback();
      this.showPlayback();
      solver.cancel();
      this.say(t("cancelled"));
    });
    this.searchToEnd.addEventListener("click", () => session.searchToEnd());
    // Quick requests do not flash "Working…" and Cancel.
    solver.onBusy = (busy) => {
      clearTimeout(this.workingTimer);
      if (busy) this.workingTimer = setTimeout(() => { this.progress.hidden = false; }, WORKING_DELAY_MS);
      else this.progress.hidden = true;
    };
    session.subscribe((change) => {
      this.showPlayback();
      if (change.message !== undefined) this.say(change.message);
      if (change.offer) {
        this.searchToEnd.textContent = change.offer;
        this.searchToEnd.hidden = false;
      }
    });
  }

  /** The playback's bar (presses played of all) and Stop, while a solution plays. */
  showPlayback() {
    const run = this.session.playback;
    if (this.playback.hidden !== (run === null)) this.playback.hidden = run === null;
    if (!run) return;
    this.playbackBar.max = run.total;
    this.playbackBar.value = run.done;
  }

  /** Show `text` as the message; an offer belongs to the message that made it. */
  say(text) {
    this.message.textContent = text;
    this.searchToEnd.hidden = true;
  }

  /** The solver client reported `state` ("loading" | "installing" | "ready" | "error"). */
  solverChanged(state, detail) {
    this.solverState = { state, detail };
    this.showSolverState();
    if (state === "ready") this.session.askOptimum();
  }

  showSolverState() {
    const { state, detail } = this.solverState;
    this.status.dataset.state = state === "ready" || state === "error" ? state : "loading";
    this.retry.hidden = state !== "error";
    if (state === "loading") this.solverStatus.textContent = t("loadingPython");
    else if (state === "installing") this.solverStatus.textContent = t("installingSolver");
    else if (state === "ready") this.solverStatus.textContent = t("ready");
    else if (state === "error") this.solverStatus.textContent = describeSolverFailure(detail.error);
  }

  retranslate() {
    this.showSolverState();
    const { game } = this.session;
    this.say(this.session.settingUp ? this.session.setupMessage() : game.isSolved() ? t("solvedStart") : t("playing"));
  }
}
