// @ts-check
// What to play, first (issue 50): the puzzle of the day, with its number, and after today's win
// the time to the next one (a live countdown to local midnight); and a difficulty by name —
// Easy, Medium, Hard — dealt in one tap (difficulty.js: a size and a range of fewest presses the
// solver guarantees). Above the message line, so nothing under it moves: its height is fixed.

import { t } from "../page/i18n.js";

const SECOND_MS = 1000;

/** `ms` milliseconds as H:MM:SS (a countdown under a day). */
export function countdownText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / SECOND_MS));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

export class DealPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
    this.card = /** @type {HTMLButtonElement} */ ($("daily-card"));
    this.cardName = $("daily-card-name");
    this.cardShort = $("daily-card-short"); // a phone's: for sight only (the name stays for screen readers)
    this.cardState = $("daily-card-state");
    this.card.addEventListener("click", () => session.daily());
    /** @type {Map<string, HTMLButtonElement>} */
    this.choices = new Map();
    for (const { name } of session.difficulties) {
      const button = /** @type {HTMLButtonElement} */ ($(`difficulty-${name}`));
      button.addEventListener("click", () => session.dealDifficulty(name));
      this.choices.set(name, button);
    }
    /** @type {ReturnType<typeof setInterval> | 0} */
    this.countdown = 0;
    this.day = 0; // the day's number the card shows: a new day (midnight passed) draws it again
    session.subscribe(() => this.update());
    this.update();
  }

  update() {
    const status = this.session.dailyStatus();
    this.day = status.number;
    this.cardName.textContent = t("dailyCardName", { number: status.number });
    this.cardShort.textContent = t("dailyCardNameShort", { number: status.number });
    this.card.dataset.state = status.won ? "won" : status.playing ? "playing" : "new";
    this.card.setAttribute("aria-pressed", String(status.playing));
    this.showState(status);
    // The countdown runs while the day's puzzle is won: each second, and at midnight the next day's card.
    if (status.won && !this.countdown) this.countdown = setInterval(() => this.tick(), SECOND_MS);
    if (!status.won && this.countdown) {
      clearInterval(this.countdown);
      this.countdown = 0;
    }
    const chosen = this.session.difficulty?.name ?? null;
    for (const [name, button] of this.choices) button.setAttribute("aria-pressed", String(name === chosen));
  }

  /** @param {ReturnType<import("../session/api.js").SessionApi["dailyStatus"]>} status */
  showState(status) {
    this.cardState.textContent = status.won ? t("dailyCardWon", { time: countdownText(status.next) })
      : t(status.playing ? "dailyCardPlaying" : "dailyCardPlay");
  }

  tick() {
    const status = this.session.dailyStatus();
    if (status.number !== this.day || !status.won) this.update(); // midnight: the next day's puzzle is offered
    else this.showState(status);
  }
}
