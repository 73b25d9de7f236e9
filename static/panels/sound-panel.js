// The Sound switch in the header (#sound, aria-pressed): a click for a press, a chord for a
// win, a tick of vibration; the choice and the decision are session/sound-choice.js's, the
// sounds views/sound-output.js's.

import { feedbackFor } from "../session/sound-choice.js";
import { SoundOutput } from "../views/sound-output.js";

export class SoundPanel {
  /** `choice`: the SoundChoice (remembered on or off); `output`: what plays (a SoundOutput). */
  constructor(session, choice, output = new SoundOutput()) {
    this.choice = choice;
    this.button = document.getElementById("sound");
    // Browsers start audio only after a user gesture: nothing is played before the first one.
    this.touched = false;
    const touched = () => { this.touched = true; };
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, touched, { capture: true, once: true });
    this.button.addEventListener("click", () => {
      choice.choose(!choice.on);
      this.update();
    });
    session.subscribe((change) => {
      const feedback = feedbackFor(change, { on: choice.on, touched: this.touched, won: session.won });
      if (feedback) output[feedback]();
    });
    this.update();
  }

  update() {
    this.button.setAttribute("aria-pressed", String(this.choice.on));
  }
}
