// @ts-check
// The Sound switch in the header (#sound, aria-pressed): a click for a press, a chord for a
// win, a tick of vibration; the choice and the decision are the session's (sound-choice.js,
// through its front door), the sounds views/sound-output.js's.

import { SoundOutput } from "../views/sound-output.js";

export class SoundPanel {
  /**
   * `output`: what plays (a SoundOutput).
   * @param {import("../session/api.js").SessionApi} session
   */
  constructor(session, output = new SoundOutput()) {
    this.session = session;
    this.button = document.getElementById("sound");
    // Browsers start audio only after a user gesture: nothing is played before the first one.
    this.touched = false;
    const touched = () => { this.touched = true; };
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, touched, { capture: true, once: true });
    this.button.addEventListener("click", () => {
      session.setSound(!session.soundOn);
      this.update();
    });
    session.subscribe((change) => {
      const feedback = session.feedbackFor(change, this.touched);
      if (feedback) output[feedback]();
    });
    this.update();
  }

  update() {
    this.button.setAttribute("aria-pressed", String(this.session.soundOn));
  }
}
