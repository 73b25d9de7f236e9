// @ts-check
// The Board text group: the Board box (paste, Load), Open file, dropping a file on the
// page, text pasted anywhere on the page, Copy board; and copyText, which every Copy button
// uses (the box is its fallback).

import { t } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";
import { wordMessage } from "../page/words.js";
import { bindFileDrop, isImageFile, isTextField, isTextFile } from "../views/input.js";
import { BOX_TEXT_LIMIT, bytesLinesOver, linesOver, utf8BytesOver } from "../model/limits.js";
import { TextBox } from "./text-box.js";

const KEEP_TEXT_LIMIT = 64 * 1024; // bytes of an opened file kept to copy its format
const megabytes = (text) => (text.length / 1024 / 1024).toFixed(1); // for the notes of big text
// A line break as Python's str.splitlines knows it (LF, CR, VT, FF, the file, group and record
// separators, NEL, U+2028, U+2029; CRLF is one): Python's caret counts lines by them.
// eslint-disable-next-line no-control-regex -- U+001C..U+001E end lines for Python
const LINE_BREAK = /[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

export class TextPanel {
  /**
   * `onImage(file)` takes a picture dropped on the page (Scan); without it a picture is refused
   * like any non-text file.
   * @param {import("../session/api.js").SessionApi} session
   */
  constructor(session, { onImage = null } = {}) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.box = /** @type {HTMLTextAreaElement} */ ($("board-text"));
    this.error = $("board-error");
    this.fileInput = /** @type {HTMLInputElement} */ ($("file-input"));
    this.errorShown = null; // the Board box's error (a message), to word it again in another language
    // Text too slow to show in the box is kept aside for Load (text-box.js).
    this.textBox = new TextBox(this.box, {
      pasted: (text) => (text.length > BOX_TEXT_LIMIT ? t("bigTextHeld", { megabytes: megabytes(text) }) : t("rareTextHeld")),
      file: () => t("rareFileNotShown"),
    }, () => this.showError(null));
    $("load").addEventListener("click", () => this.loadText(this.textBox.text));
    $("open-file").addEventListener("click", () => this.fileInput.click());
    this.fileInput.addEventListener("change", () => {
      const file = this.fileInput.files?.[0];
      this.fileInput.value = ""; // opening the same file again must fire "change" again
      if (!file) return;
      if (isTextFile(file)) this.loadFile(file);
      else this.fail(messageOf("dropNotText"));
    });
    bindFileDrop(document.body, (file) => this.loadFile(file),
      (file) => (onImage && isImageFile(file) ? onImage(file) : this.fail(messageOf("dropNotText"))));
    // Text pasted over the page (not into a field, not over a dialog) is read as the Board box
    // reads it, shown in the box; a picture pasted is Scan's (scan-sources.js, which listens first).
    document.addEventListener("paste", (event) => {
      const data = event.clipboardData;
      if (event.defaultPrevented || !data || isTextField(event.target) || document.querySelector("dialog[open]")) return;
      if ([...data.items].some((item) => item.kind === "file")) return;
      const text = data.getData("text/plain");
      if (!text) return;
      event.preventDefault();
      this.textBox.show(text, "pasted");
      this.loadText(text);
    });
    $("copy-board").addEventListener("click", async () => {
      const text = await session.formatText(session.game.board);
      if (text !== null) await this.copyText(text);
    });
    // A pasted board set (POJ 1222 input): "Puzzle i of n" and Next while one of its puzzles is played.
    this.boardSet = $("board-set");
    this.boardSetPosition = $("board-set-position");
    this.boardSetNext = /** @type {HTMLButtonElement} */ ($("board-set-next"));
    this.boardSetNext.addEventListener("click", () => session.nextInSet());
    session.subscribe((change) => {
      if (change.reword) {
        this.textBox.reword();
        this.showError(this.errorShown);
      }
      if (change.boardError !== undefined) this.showError(change.boardError);
      if (change.caret && this.box.value === change.caret.text) this.placeCaret(change.caret);
      this.showBoardSet();
    });
  }

  /** Report a problem with the box's text or a file (a message): on the message line and at the box. */
  fail(message) {
    this.session.sayBoardError(message);
  }

  showBoardSet() {
    const position = this.session.boardSetPosition;
    this.boardSet.hidden = position === null;
    if (position === null) return;
    this.boardSetPosition.textContent = t("boardSetOf", position);
    this.boardSetNext.disabled = position.index >= position.count;
  }

  /** Show `message` (null: none) as the box's error, in the page's language. */
  showError(message) {
    this.errorShown = message;
    const text = wordMessage(message);
    this.error.textContent = text;
    if (text) this.box.setAttribute("aria-invalid", "true");
    else this.box.removeAttribute("aria-invalid");
  }

  /**
   * Select the character at Python's (line, column): lines end at every break Python's
   * str.splitlines knows (CRLF, CR, LF, U+2028, ...), columns count code points.
   */
  placeCaret({ text, line, column }) {
    const breaks = new RegExp(`\\r\\n|${LINE_BREAK.source}`, "g");
    let offset = 0;
    for (let i = 1; i < line; i++) {
      const found = breaks.exec(text);
      if (!found) break;
      offset = found.index + found[0].length;
    }
    // A column past the line's end (just after a row one light short) stays on the line: at its break.
    for (let i = 1; i < column && offset < text.length && !LINE_BREAK.test(text[offset]); i++) {
      offset += text.codePointAt(offset) > 0xffff ? 2 : 1;
    }
    this.box.focus();
    this.box.setSelectionRange(offset, Math.min(text.length, offset + 1));
  }

  loadText(text) {
    if (text.trim() === "") {
      this.fail(messageOf("pasteEmpty"));
      return Promise.resolve();
    }
    // What the solver would refuse (lightsout.text.text_input), refused before it is sent, its limit in the words:
    // the solver stays free, and a text past them is said to be too large rather than left to a deadline.
    const { max_text_bytes: most, max_text_lines: lines } = this.session.limits;
    if (utf8BytesOver(text, most)) {
      this.fail(messageOf("textTooLarge", { megabytes: most / 1024 / 1024 }));
      return Promise.resolve();
    }
    if (lines && linesOver(text, lines)) {
      this.fail(messageOf("textTooManyLines", { lines }));
      return Promise.resolve();
    }
    if (text.length > BOX_TEXT_LIMIT) this.textBox.hold(text, () => t("bigTextSent", { megabytes: megabytes(text) }));
    return this.session.loadText(text);
  }

  /** Load a dropped or opened file: its bytes go to Python as they are (it decodes UTF-8). */
  async loadFile(file) {
    const { max_text_bytes: most, max_text_lines: lines } = this.session.limits;
    if (file.size > most) {
      this.fail(messageOf("fileTooLarge", { megabytes: most / 1024 / 1024, size: Math.ceil(file.size / 1024 / 1024) }));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (lines && bytesLinesOver(bytes, lines)) {
      this.fail(messageOf("fileTooManyLines", { lines }));
      return;
    }
    // A small file's text also goes in the box (unless it is slow to show: text-box.js),
    // and copies then reuse its format.
    const text = bytes.length <= KEEP_TEXT_LIMIT ? new TextDecoder().decode(bytes) : null;
    if (text !== null) this.textBox.show(text, "file");
    await this.session.loadText(text, bytes);
  }

  /** Copy `text` to the clipboard; when the page may not, put it in the box, selected. */
  async copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.session.say(messageOf("copied"));
    } catch {
      this.box.closest("details")?.setAttribute("open", ""); // the box is in a collapsed section
      this.box.value = text;
      this.box.select();
      this.session.say(messageOf("copyFallback"));
    }
  }
}
