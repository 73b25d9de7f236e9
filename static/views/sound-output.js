// @ts-check
// The sounds of a press and of a win, synthesised with the Web Audio API — no audio file to
// download, precache or allow in the CSP — and a short vibration where the device has
// navigator.vibrate. When they are wanted is session/sound-choice.js's decision; the
// AudioContext is made at the first sound, which follows the player's first press (a user
// gesture: browsers let audio start only then).

const PRESS_VIBRATION_MS = 12; // felt as a tick, not a buzz (Android's own key feedback is 10–20 ms)

export class SoundOutput {
  /**
   * `host`: where AudioContext and navigator are found (the window; a test's stand-in).
   * @param {{AudioContext?: typeof AudioContext, webkitAudioContext?: typeof AudioContext, navigator?: {vibrate?: (ms: number) => unknown}}} [host]
   */
  constructor(host = globalThis) {
    this.host = host;
    /** @type {AudioContext | null} */
    this.context = null;
  }

  /** The AudioContext, made once; null where the browser has none (or refuses one). */
  audio() {
    if (this.context) return this.context;
    const AudioContext = this.host.AudioContext ?? this.host.webkitAudioContext;
    if (!AudioContext) return null;
    try {
      this.context = new AudioContext();
    } catch {
      return null;
    }
    return this.context;
  }

  /** A press: a click (a 1.2 kHz triangle wave dying away in 50 ms) and a tick of vibration. */
  press() {
    this.vibrate();
    this.sound([1200], 0.05, 0.15, "triangle");
  }

  /** A win: a small chord (C5, E5, G5: a major triad) fading over 0.7 s, and a tick of vibration. */
  win() {
    this.vibrate();
    this.sound([523.25, 659.25, 783.99], 0.7, 0.08, "sine");
  }

  vibrate() {
    try {
      this.host.navigator?.vibrate?.(PRESS_VIBRATION_MS);
    } catch {
      // no vibration here
    }
  }

  /** Oscillators at `frequencies` (Hz) of `type`, together at `volume` (0..1), fading out over `seconds`. */
  sound(frequencies, seconds, volume, type) {
    const context = this.audio();
    if (!context) return;
    if (context.state === "suspended") context.resume?.().catch?.(() => {});
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(volume, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds); // an exponential fade has no click at its end
    gain.connect(context.destination);
    for (const frequency of frequencies) {
      const oscillator = context.createOscillator();
      oscillator.type = type;
      oscillator.frequency.setValueAtTime(frequency, start);
      oscillator.connect(gain);
      oscillator.start(start);
      oscillator.stop(start + seconds);
    }
  }
}
