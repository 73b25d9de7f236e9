// @ts-check
// Scan: a board read from a picture (a photo, a screenshot, or a still from the camera)
// in a dialog. The reading is static/scan/scan.js (pure, the same code the benchmark runs);
// this panel is the dialog — its steps (a source, the camera, the picture adjusted), its
// message in the page's language, the sensitivity, and Use this board (the session's
// loadScanned) — over its parts, each a module:
//   - scan-sources.js: the pictures (file picker, paste, the camera);
//   - scan-reading.js: the picture, its corners, the lights as read and the corrections (no DOM);
//   - scan-handles.js: the four corner handles (pointer and arrow keys);
//   - scan-verdict.js: how sure the reading is ("Board found" only when sure; Python's check);
//   - scan-drawing.js: the lights drawn over the picture and on the preview, tapped to correct.

import { t } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";
import { boardFromCells } from "../model/board.js";
import { hueOfHex } from "../scan/scan.js";
import { ScanReading } from "./scan-reading.js";
import { ScanSources } from "./scan-sources.js";
import { ScanHandles } from "./scan-handles.js";
import { ScanVerdict } from "./scan-verdict.js";
import { ScanDrawing } from "./scan-drawing.js";

export class ScanPanel {
  /**
   * `colours()` gives the board's state colours as the board panel draws them (an array of
   * {fill}, or a boolean when the page's own lit/dark colours are used); `scannable()` is
   * false for a board not drawn as a plain grid (the cube, the Orbix, hexagons, users'
   * graphs, a canvas board), which Scan does not read.
   * @param {import("../session/api.js").SessionApi} session
   * @param {{colours: () => {fill: string}[] | boolean, scannable: () => boolean}} board
   */
  constructor(session, { colours, scannable }) {
    this.session = session;
    this.scannable = scannable;
    const $ = (id) => document.getElementById(id);
    this.dialog = /** @type {HTMLDialogElement} */ ($("scan-dialog"));
    this.forLine = $("scan-for");
    this.message = $("scan-message");
    this.steps = { source: $("scan-source"), camera: $("scan-live"), adjust: $("scan-adjust") };
    this.sensitivity = /** @type {HTMLInputElement} */ ($("scan-sensitivity"));
    this.returnTo = null; // what had the focus before the dialog opened
    /** @type {(() => string) | null} */
    this.wording = null; // the message shown, as a function of the language (to say it again in another)

    const board = () => ({ rows: session.game.board.rows, cols: session.game.board.cols, k: session.game.k });
    this.reading = new ScanReading(board);
    this.sources = new ScanSources(this.dialog, {
      say: (key) => this.say(key), showStep: (step) => this.showStep(step), showSource: () => this.showSource(),
      open: (file) => this.open(file), usePicture: (image) => this.setPicture(image),
    });
    this.handles = new ScanHandles(this.dialog, this.reading, () => this.readLights());
    this.drawing = new ScanDrawing(this.reading, session, colours, (index) => this.correct(index));
    this.verdict = new ScanVerdict(this.reading, {
      check: (board) => session.checkReading(board),
      open: () => this.dialog.open,
      tell: (verdict, wording) => {
        this.dialog.dataset.verdict = verdict;
        this.sayText(wording);
        this.draw();
      },
    });

    $("scan").addEventListener("click", () => this.open());
    $("scan-close").addEventListener("click", () => this.close());
    $("scan-again").addEventListener("click", () => this.showSource());
    $("scan-use").addEventListener("click", () => this.use());
    this.sensitivity.addEventListener("input", () => this.readLights());
    // Closed by Close, Esc or Use this board: the camera stops and the focus goes back.
    this.dialog.addEventListener("close", () => {
      this.sources.stopCamera(false);
      if (this.returnTo instanceof HTMLElement && this.returnTo.isConnected) this.returnTo.focus();
      this.returnTo = null;
    });
    session.subscribe((change) => { if (change.reword) this.reword(); });
  }

  /** Open the dialog (with `file`, a picture to read at once). A board Scan cannot read is said on the message line. */
  open(file = null) {
    if (!this.scannable()) {
      this.session.say(messageOf("scanUnsupported"));
      return;
    }
    if (!this.dialog.open) {
      this.returnTo = document.activeElement;
      this.dialog.showModal();
      this.showSource();
    }
    this.sayWhatIsRead();
    if (file) this.sources.loadFile(file);
    else document.getElementById("scan-camera").focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** The line that says what is read: the board's size, and its states when more than two. */
  sayWhatIsRead() {
    const { rows, cols } = this.session.game.board;
    const { k } = this.session.game;
    this.forLine.textContent = k === 2 ? t("scanFor", { rows, cols }) : t("scanForStates", { rows, cols, k });
  }

  /** Say the message `key` (i18n) with `params` in the dialog (null: none). */
  say(key, params = {}) {
    this.sayText(key ? () => t(key, params) : null);
  }

  /** Show the message `wording()` gives (null: none), and again in the new language when it changes. */
  sayText(wording) {
    this.wording = wording;
    this.message.textContent = wording ? wording() : "";
  }

  /** The page's language changed: the dialog's own lines in the new one. */
  reword() {
    if (this.wording) this.sayText(this.wording);
    if (this.dialog.open) {
      this.sayWhatIsRead();
      if (this.reading.image) this.drawing.drawPreview(this.verdict.unsure());
    }
  }

  /**
   * Show one step of the dialog (data-step): choosing a source, the camera's live view, or
   * the picture to adjust.
   * @param {"source" | "camera" | "adjust"} step
   */
  showStep(step) {
    for (const [name, element] of Object.entries(this.steps)) element.hidden = name !== step;
    this.dialog.dataset.step = step;
  }

  showSource() {
    this.sources.stopCamera(false);
    this.showStep("source");
    delete this.dialog.dataset.verdict;
    this.verdict.dropCheck(); // a check still on its way is for the last picture
    this.say(null);
  }

  /** Read `image`, the new picture (its pixels, at most SAMPLE_SIDE a side). */
  setPicture(image) {
    const found = this.reading.setPicture(image);
    this.sensitivity.value = "0"; // each picture starts from the automatic threshold
    this.drawing.setPicture(image);
    this.showStep("adjust");
    this.dialog.dataset.found = found ? "1" : "0";
    this.readLights();
    this.handles.focus();
  }

  /** The hues of the lit states (k > 2: the colours the board draws them in seed the reading's), or null. */
  hues() {
    if (this.session.game.k === 2) return null;
    return this.drawing.palette().slice(1).map((colour) => hueOfHex(colour.fill));
  }

  readLights() {
    if (!this.reading.image) return;
    this.reading.readLights(Number(this.sensitivity.value) / 100, this.hues());
    this.verdict.judge();
  }

  draw() {
    this.drawing.draw(this.verdict.unsure());
    this.handles.place();
  }

  /** Step light `index` to its next state (a tap on the preview or on the picture), and judge the reading again. */
  correct(index) {
    const next = this.reading.correct(index);
    const { cols } = this.session.game.board;
    const params = { row: Math.floor(index / cols) + 1, col: (index % cols) + 1, state: this.drawing.stateName(next) };
    this.verdict.judge({ key: "scanCorrected", params });
  }

  use() {
    if (!this.reading.image) return;
    const { rows, cols } = this.session.game.board;
    const board = boardFromCells(rows, cols, this.session.game.k, this.reading.states());
    this.close();
    this.session.loadScanned(board, messageOf("scanLoaded", { rows, cols }));
  }
}
