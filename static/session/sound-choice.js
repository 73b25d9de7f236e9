// @ts-check
// Sound and touch (issue 42): whether a press clicks (and, where the device has
// navigator.vibrate, buzzes briefly) and a win plays a small chord — the decision, headless;
// the sounds themselves are synthesised by views/sound-output.js (Web Audio, no files). One
// Sound switch, remembered; off under prefers-reduced-motion until the player chooses; never
// before the player's first touch or key (browsers start audio only after a user gesture,
// their autoplay rule), and only for a press that changed the board. No DOM, no words.

export const SOUND_KEY = "lightsout.sound"; // localStorage: "on" or "off" once the player chose

/** The Sound switch: on or off, remembered in `storage` (or not, when null or refused). */
export class SoundChoice {
  /** `reducedMotion()`: prefers-reduced-motion (the default is off there until a choice is made). */
  constructor(storage = null, reducedMotion = () => false) {
    this.storage = storage;
    this.reducedMotion = reducedMotion;
    /** @type {"on" | "off" | null} */
    this.choice = null; // the choice made on this page, for a storage that refuses
  }

  /** The player's choice, "on" or "off", or null before any. */
  get chosen() {
    let value = null;
    try {
      value = this.storage?.getItem(SOUND_KEY) ?? null;
    } catch {
      // blocked: this page's choice
    }
    return value === "on" || value === "off" ? value : this.choice;
  }

  /** True when sound (and touch feedback) is on: the choice made, else on unless less motion is asked for. */
  get on() {
    const chosen = this.chosen;
    return chosen === null ? !this.reducedMotion() : chosen === "on";
  }

  /** Turn sound on or off, and remember it. */
  choose(on) {
    this.choice = on ? "on" : "off";
    try {
      this.storage?.setItem(SOUND_KEY, this.choice);
    } catch {
      // not remembered; this page keeps it
    }
  }
}

/**
 * What the session's `change` (its change event, session.js) calls for: "win" (the goal just
 * reached by a press), "press" (the player's press changed lights), or null — always null while
 * sound is off (`on`) or before the player's first gesture (`touched`). `won` is session.won.
 */
export function feedbackFor(change, { on, touched, won }) {
  if (!on || !touched || !change.pressed) return null;
  if (change.won && won) return "win";
  return change.cells === null || change.cells.length > 0 ? "press" : null;
}
