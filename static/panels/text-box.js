// @ts-check
// A textarea the page reads text from (the Board box, a puzzle's text). Text the browser
// would be slow to lay out (limits.js: over BOX_TEXT_LIMIT characters, or over
// BOX_RARE_RUN_LIMIT runs of characters no board uses) is held aside instead of shown,
// with a note in the box's placeholder, and read from there until the box is edited.

import { BOX_TEXT_LIMIT, rareRunsOver } from "../model/limits.js";

/** Whether `text` would hold up the page if a textarea showed it. */
function slowToShow(text) {
  return text.length > BOX_TEXT_LIMIT || rareRunsOver(text);
}

export class TextBox {
  /**
   * `box`: the textarea. `notes.pasted(text)` and `notes.file(text)`: the placeholder
   * shown when a paste or a file's text is held. `onChange()`: the box was pasted into
   * or edited (the panel clears its error).
   * @param {HTMLTextAreaElement} box
   * @param {{pasted: (text: string) => string, file: (text: string) => string}} notes
   * @param {() => void} onChange
   */
  constructor(box, notes, onChange = () => {}) {
    this.box = box;
    this.notes = notes;
    this.held = null;
    this.note = null; // () => the placeholder of the held text, said again in another language
    box.addEventListener("paste", (event) => {
      const text = event.clipboardData?.getData("text/plain") ?? "";
      if (!slowToShow(text)) return; // the browser pastes it as usual
      event.preventDefault();
      this.hold(text, () => this.notes.pasted(text));
      onChange();
    });
    box.addEventListener("input", () => {
      this.release();
      onChange();
    });
  }

  /** The text to read: the held text, else the box's. */
  get text() {
    return this.held ?? this.box.value;
  }

  /**
   * Show `text`, a file's (`from` "file") or a paste's ("pasted"), in the box, or hold it (the
   * box empty, its note saying why: notes[from]) if it is slow to show.
   */
  show(text, from) {
    if (slowToShow(text)) {
      this.hold(text, () => this.notes[from](text));
    } else {
      this.release();
      this.box.value = text;
    }
  }

  /** Empty the box and say `note()` there (a text in the page's language); `text` (or null) is what it holds. */
  hold(text, note) {
    this.held = text;
    this.note = note;
    this.box.value = "";
    this.box.placeholder = note();
  }

  /** Hold nothing: the box's own text is what is read. */
  release() {
    this.held = null;
    this.note = null;
    this.box.placeholder = "";
  }

  /** Say the box's note again, in the page's new language. */
  reword() {
    if (this.note) this.box.placeholder = this.note();
  }
}
