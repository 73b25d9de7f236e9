// Scan: a board read from a picture (a photo, a screenshot, or a still from the camera)
// in a dialog. The reading is static/scan/scan.js (pure, the same code the benchmark runs);
// this panel owns the inputs (file picker, drop, paste, getUserMedia), the four corner
// handles (pointer and arrow keys), the lights shown over the picture and on a preview,
// corrections by tapping, the sensitivity, and Use this board (setup.js: loadScanned).
// It says how sure the reading is: "Board found" only when no light is doubtful (scan.js's
// doubtful lights) and Python finds the board solvable in the current game; otherwise it
// marks the doubtful lights and says it is not sure. A reading Python finds unsolvable may
// be an unsolvable board read right or a board misread, and the picture cannot tell which:
// it says both, and marks only the lights of Python's proof read less clearly than
// CHECK_MARGIN (none when every one was read clearly).
// Nothing leaves the device: pictures are decoded with createImageBitmap and read from a
// canvas; the camera's stream goes to a <video> through srcObject (no URL, no request).

import { sentences, t, tCount } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";
import { boardFromCells, boardFromReference } from "../model/board.js";
import { isImageFile, isTextField } from "../views/input.js";
import { stateColours } from "../views/palette.js";
import { CHECK_MARGIN, SAMPLE_SIDE, detectCorners, homography, hueOfHex, project, scanImage } from "../scan/scan.js";

const CORNER_KEYS = ["scanCornerTopLeft", "scanCornerTopRight", "scanCornerBottomRight", "scanCornerBottomLeft"];
const KEY_STEP = 0.005; // an arrow key moves a corner by this share of the picture's longer side (×5 with Shift)
const LIT_OUTLINE = "#ffd54a"; // the page's --cell-on: a lit light's mark over the picture (k = 2)
const DOUBT_MARK = "#ff3b30"; // the ring around a light the reading is not sure of (picture and preview)
const UNSOLVABLE_MARKS = 3; // an unsolvable reading marks this many lights at most: the least sure its proof names
const CHECK_DELAY = 150; // ms of quiet (no corner moving, no slider) before Python is asked whether the reading is solvable

export class ScanPanel {
  /**
   * `colours()` gives the board's state colours as the board panel draws them (an array of
   * {fill}, or a boolean when the page's own lit/dark colours are used); `scannable()` is
   * false for a board not drawn as a plain grid (the cube, the Orbix, hexagons, users'
   * graphs, a canvas board), which Scan does not read.
   */
  constructor(session, { colours, scannable }) {
    this.session = session;
    this.colours = colours;
    this.scannable = scannable;
    const $ = (id) => document.getElementById(id);
    this.dialog = $("scan-dialog");
    this.forLine = $("scan-for");
    this.message = $("scan-message");
    this.source = $("scan-source");
    this.live = $("scan-live");
    this.video = $("scan-video");
    this.adjust = $("scan-adjust");
    this.stage = $("scan-stage");
    this.canvas = $("scan-picture");
    this.preview = $("scan-preview");
    this.sensitivity = $("scan-sensitivity");
    this.fileInput = $("scan-file");
    this.handles = [...this.dialog.querySelectorAll(".scan-handle")];
    this.image = null; // the picture, at most SAMPLE_SIDE a side: {width, height, data}
    this.corners = null; // [x, y] ×4 in the picture's pixels: top-left, top-right, bottom-right, bottom-left
    this.read = null; // Uint8Array of states as read
    this.doubtful = null; // Uint8Array, 1 for a light read without confidence (scan.js scanImage)
    this.margins = null; // Float32Array: how sure each light's reading is (scan.js classify)
    this.unsolvableMarks = null; // the lights marked because Python found the reading unsolvable (a Set), or null
    this.found = false; // corners were found automatically (or the reader has moved them since)
    this.checks = 0; // the latest solvability check (an older one's answer is dropped)
    this.checkTimer = 0;
    this.fixed = new Map(); // cell index → state the reader set by tapping (checked by them, whatever it is)
    this.stream = null;
    this.returnTo = null; // what had the focus before the dialog opened
    this.wording = null; // the message shown, as a function of the language (to say it again in another)
    this.pending = 0; // the latest file being decoded (an older one's result is dropped)
    this.frame = 0; // a pending re-read after a corner moved

    $("scan").addEventListener("click", () => this.open());
    $("scan-close").addEventListener("click", () => this.close());
    $("scan-file-button").addEventListener("click", () => this.fileInput.click());
    this.fileInput.addEventListener("change", () => {
      const file = this.fileInput.files?.[0];
      this.fileInput.value = ""; // the same file again must fire "change" again
      if (file) this.loadFile(file);
    });
    $("scan-camera").addEventListener("click", () => this.startCamera());
    $("scan-capture").addEventListener("click", () => this.capture());
    this.video.addEventListener("click", () => this.capture()); // a tap on the live view takes the still too
    $("scan-camera-stop").addEventListener("click", () => this.stopCamera(true));
    $("scan-again").addEventListener("click", () => this.showSource());
    $("scan-use").addEventListener("click", () => this.use());
    this.sensitivity.addEventListener("input", () => this.readLights());
    // Closed by Close, Esc or Use this board: the camera stops and the focus goes back.
    this.dialog.addEventListener("close", () => {
      this.stopCamera(false);
      if (this.returnTo instanceof HTMLElement && this.returnTo.isConnected) this.returnTo.focus();
      this.returnTo = null;
    });
    this.canvas.addEventListener("click", (event) => this.tapPicture(event));
    session.subscribe((change) => { if (change.reword) this.reword(); });
    this.handles.forEach((handle, corner) => this.bindHandle(handle, corner));
    // A picture pasted anywhere but into a text field (or into the open dialog) is scanned.
    document.addEventListener("paste", (event) => {
      const file = [...(event.clipboardData?.items ?? [])].find((item) => item.kind === "file" && item.type.startsWith("image/"))?.getAsFile();
      if (!file) return;
      if (isTextField(event.target) && !this.dialog.open) return;
      event.preventDefault();
      this.open(file);
    });
  }

  get rows() { return this.session.game.board.rows; }
  get cols() { return this.session.game.board.cols; }
  get k() { return this.session.game.k; }

  /** Open the dialog (with `file`, a picture to read at once). A board Scan cannot read is said on the message line instead. */
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
    this.forLine.textContent = this.k === 2
      ? t("scanFor", { rows: this.rows, cols: this.cols })
      : t("scanForStates", { rows: this.rows, cols: this.cols, k: this.k });
    if (file) this.loadFile(file);
    else document.getElementById("scan-camera").focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

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
      this.forLine.textContent = this.k === 2
        ? t("scanFor", { rows: this.rows, cols: this.cols })
        : t("scanForStates", { rows: this.rows, cols: this.cols, k: this.k });
      if (this.image) this.drawPreview();
    }
  }

  showSource() {
    this.stopCamera(false);
    this.source.hidden = false;
    this.live.hidden = true;
    this.adjust.hidden = true;
    this.dialog.dataset.step = "source";
    delete this.dialog.dataset.verdict;
    clearTimeout(this.checkTimer);
    this.checks++; // a check still on its way is for the last picture
    this.say(null);
  }

  // -------------------------------------------------------------------------------
  // Inputs

  async loadFile(file) {
    if (!isImageFile(file)) {
      this.say("scanNotImage");
      return;
    }
    const ticket = ++this.pending;
    this.say("scanReading");
    let bitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      if (ticket === this.pending) this.say("scanUnreadable");
      return;
    }
    if (ticket !== this.pending) return;
    this.setPicture(this.pixelsOf(bitmap, bitmap.width, bitmap.height));
    bitmap.close?.();
  }

  /** The pixels of a bitmap or a video frame, drawn at most SAMPLE_SIDE a side (the browser scales it). */
  pixelsOf(source, width, height) {
    const scale = Math.min(1, SAMPLE_SIDE / Math.max(width, height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    return context.getImageData(0, 0, canvas.width, canvas.height);
  }

  async startCamera() {
    this.stopCamera(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      this.cameraFailed("scanNoCamera");
      return;
    }
    this.say("scanCameraStarting");
    try {
      // The rear camera on a phone; any camera elsewhere.
      this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
    } catch (error) {
      const denied = error?.name === "NotAllowedError" || error?.name === "SecurityError";
      const missing = error?.name === "NotFoundError" || error?.name === "OverconstrainedError";
      this.cameraFailed(denied ? "scanCameraDenied" : missing ? "scanNoCamera" : "scanCameraFailed");
      return;
    }
    if (!this.dialog.open) {
      this.stopCamera(false);
      return;
    }
    this.video.srcObject = this.stream;
    this.source.hidden = true;
    this.adjust.hidden = true;
    this.live.hidden = false;
    this.dialog.dataset.step = "camera";
    try {
      await this.video.play();
    } catch {
      // Autoplay refused: the frame still arrives; Take picture waits for it.
    }
    this.say("scanCameraHelp");
    document.getElementById("scan-capture").focus();
  }

  cameraFailed(key) {
    this.showSource();
    this.say(key);
    document.getElementById("scan-file-button").focus();
  }

  stopCamera(backToSource) {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    this.video.srcObject = null;
    if (backToSource) this.showSource();
  }

  capture() {
    const { videoWidth, videoHeight } = this.video;
    if (!videoWidth || !videoHeight) {
      this.say("scanCameraNotReady");
      return;
    }
    const pixels = this.pixelsOf(this.video, videoWidth, videoHeight);
    this.stopCamera(false);
    this.setPicture(pixels);
  }

  // -------------------------------------------------------------------------------
  // The picture, its corners and the lights

  setPicture(image) {
    this.image = image;
    this.fixed.clear();
    this.sensitivity.value = "0"; // each picture starts from the automatic threshold
    const found = detectCorners(image, { rows: this.rows, cols: this.cols });
    const { width, height } = image;
    // Without a board found, the corners start a little inside the picture's.
    this.corners = found ?? [[0.1 * width, 0.1 * height], [0.9 * width, 0.1 * height], [0.9 * width, 0.9 * height], [0.1 * width, 0.9 * height]];
    this.canvas.width = width;
    this.canvas.height = height;
    this.stage.style.setProperty("--aspect", (width / height).toFixed(4));
    this.source.hidden = true;
    this.live.hidden = true;
    this.adjust.hidden = false;
    this.dialog.dataset.step = "adjust";
    this.dialog.dataset.found = found ? "1" : "0";
    this.found = Boolean(found);
    this.readLights();
    this.handles[0].focus();
  }

  hues() {
    if (this.k === 2) return null;
    const palette = this.colours();
    const fills = Array.isArray(palette) ? palette : stateColours(this.k);
    return fills.slice(1).map((colour) => hueOfHex(colour.fill));
  }

  readLights() {
    if (!this.image) return;
    const { states, doubtful, margins } = scanImage(this.image, {
      rows: this.rows, cols: this.cols, k: this.k, corners: this.corners,
      sensitivity: Number(this.sensitivity.value) / 100, hues: this.hues(),
    });
    this.read = states;
    this.doubtful = doubtful;
    this.margins = margins;
    this.judge();
  }

  /** The lights marked as not sure: doubtful and not corrected by the reader, or named by an unsolvable reading. */
  unsure() {
    const marked = new Set(this.unsolvableMarks ?? []);
    this.doubtful?.forEach((doubt, index) => { if (doubt && !this.fixed.has(index)) marked.add(index); });
    return marked;
  }

  /**
   * Say how sure the reading is (after `before`, a message of what the reader just did):
   * no board found; not sure about the marked lights; or, when every light is sure,
   * "checking" until Python says whether the board is solvable in this game — then "Board
   * found", or that it cannot be solved as read (an unsolvable board, or lights misread),
   * with the proof's less clearly read lights marked.
   */
  judge(before = null) {
    clearTimeout(this.checkTimer);
    const ticket = ++this.checks;
    this.unsolvableMarks = null;
    const tell = (verdict, wording) => {
      this.dialog.dataset.verdict = verdict;
      this.sayText(() => sentences(before ? t(before.key, before.params) : "", wording()));
      this.draw();
    };
    if (!this.found) {
      tell("none", () => t("scanNotFound"));
      return;
    }
    const unsure = this.unsure().size;
    if (unsure) {
      tell("unsure", () => tCount("scanUnsure", unsure));
      return;
    }
    tell("checking", () => t("scanChecking"));
    const states = this.states();
    this.checkTimer = setTimeout(async () => {
      const reply = await this.askSolvable(boardFromCells(this.rows, this.cols, this.k, states));
      if (ticket !== this.checks || !this.dialog.open) return;
      if (reply && !reply.solvable) {
        this.unsolvableMarks = this.leastSure(reply);
        tell("unsolvable", () => t(this.unsolvableMarks.size ? "scanUnsolvable" : "scanUnsolvableClear"));
      } else {
        tell("found", () => t("scanFound")); // a failed check leaves the reading's own confidence
      }
    }, CHECK_DELAY);
  }

  /** Python's solve reply for `board` in the current game (solvable, proof), or null when the request failed. */
  askSolvable(board) {
    return this.session.checkReading(board);
  }

  /**
   * The lights to check on an unsolvable reading: the least sure (smallest margin) of the
   * lights the unsolvability proof weighs — changing one of them changes the sum the
   * proof shows cannot be reached — or of all lights without a proof, read less clearly
   * than CHECK_MARGIN; corrected ones left out. Empty when all were read clearly: the board
   * may well be one that cannot be solved, and marking right lights as misread misleads.
   */
  leastSure(reply) {
    const proof = reply.proof ? boardFromReference(reply.proof, reply.payload, this.k) : null;
    const cells = [...this.read.keys()].filter((index) => !this.fixed.has(index) && (!proof || proof.get(index))
      && this.margins[index] < CHECK_MARGIN);
    return new Set(cells.sort((a, b) => this.margins[a] - this.margins[b]).slice(0, UNSOLVABLE_MARKS));
  }

  /** The states as read, with the reader's corrections. */
  states() {
    const states = Uint8Array.from(this.read);
    for (const [index, state] of this.fixed) states[index] = state;
    return states;
  }

  stateFill(state) {
    if (state === 0) return null;
    if (this.k === 2) return LIT_OUTLINE;
    const palette = this.colours();
    return (Array.isArray(palette) ? palette : stateColours(this.k))[state].fill;
  }

  draw() {
    const context = this.canvas.getContext("2d");
    context.putImageData(this.image, 0, 0);
    const h = homography([[0, 0], [1, 0], [1, 1], [0, 1]], this.corners);
    const { rows, cols } = this;
    const line = Math.max(1.5, Math.max(this.image.width, this.image.height) / 400);
    context.lineWidth = line;
    context.strokeStyle = "rgba(0, 200, 255, 0.9)";
    context.beginPath();
    const path = (u0, v0, u1, v1) => {
      context.moveTo(...project(h, u0, v0));
      context.lineTo(...project(h, u1, v1));
    };
    for (let c = 0; c <= cols; c++) path(c / cols, 0, c / cols, 1);
    for (let r = 0; r <= rows; r++) path(0, r / rows, 1, r / rows);
    context.stroke();
    const states = this.states();
    const unsure = this.unsure();
    const size = Math.hypot(this.corners[1][0] - this.corners[0][0], this.corners[1][1] - this.corners[0][1]) / cols;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const [x, y] = project(h, (c + 0.5) / cols, (r + 0.5) / rows);
        const state = states[r * cols + c];
        context.beginPath();
        context.arc(x, y, Math.max(3, size * 0.14), 0, 2 * Math.PI);
        context.fillStyle = this.stateFill(state) ?? "rgba(20, 20, 20, 0.85)";
        context.fill();
        context.lineWidth = line;
        context.strokeStyle = this.fixed.has(r * cols + c) ? "#ff00ff" : "#ffffff";
        context.stroke();
        if (unsure.has(r * cols + c)) {
          // A dashed ring around a light the reading is not sure of.
          context.beginPath();
          context.arc(x, y, Math.max(6, size * 0.3), 0, 2 * Math.PI);
          context.setLineDash([2 * line, 1.5 * line]);
          context.lineWidth = 1.5 * line;
          context.strokeStyle = DOUBT_MARK;
          context.stroke();
          context.setLineDash([]);
        }
      }
    }
    this.handles.forEach((handle, corner) => {
      handle.style.left = `${(100 * this.corners[corner][0]) / this.image.width}%`;
      handle.style.top = `${(100 * this.corners[corner][1]) / this.image.height}%`;
    });
    this.drawPreview();
  }

  drawPreview() {
    const { rows, cols } = this;
    const states = this.states();
    const unsure = this.unsure();
    if (this.preview.childElementCount !== rows * cols) {
      this.preview.replaceChildren();
      this.preview.style.setProperty("--cols", cols);
      for (let index = 0; index < rows * cols; index++) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "scan-cell";
        cell.dataset.row = String(Math.floor(index / cols));
        cell.dataset.col = String(index % cols);
        cell.addEventListener("click", () => this.correct(index));
        this.preview.append(cell);
      }
    }
    [...this.preview.children].forEach((cell, index) => {
      const state = states[index];
      cell.dataset.state = String(state);
      cell.dataset.fixed = this.fixed.has(index) ? "1" : "0";
      cell.dataset.doubtful = unsure.has(index) ? "1" : "0";
      const fill = this.stateFill(state);
      cell.style.background = fill ?? "";
      cell.style.outline = unsure.has(index) ? `3px dashed ${DOUBT_MARK}` : "";
      cell.style.outlineOffset = unsure.has(index) ? "1px" : "";
      cell.setAttribute("aria-label", t(unsure.has(index) ? "scanCellDoubtful" : "scanCell", {
        row: Math.floor(index / cols) + 1, col: (index % cols) + 1, state: this.stateName(state),
      }));
    });
  }

  stateName(state) {
    if (this.k === 2) return state ? t("scanLit") : t("scanDark");
    const names = this.session.game.graph?.preset?.states;
    if (names) {
      const ordered = [names[0], ...(this.session.statesReversed ? names.slice(1).reverse() : names.slice(1))];
      const name = ordered[state];
      if (name) return name[document.documentElement.lang.startsWith("zh") ? "zh" : "en"] ?? name.en;
    }
    return t("scanState", { state });
  }

  /**
   * Step one light to its next state (a tap on the preview or on the picture). A light
   * tapped is the reader's: no longer in doubt, even when it is stepped round to what was
   * read (a doubtful light read right is checked by tapping it round).
   */
  correct(index) {
    const states = this.states();
    const next = (states[index] + 1) % this.k;
    this.fixed.set(index, next);
    this.judge({ key: "scanCorrected", params: { row: Math.floor(index / this.cols) + 1, col: (index % this.cols) + 1, state: this.stateName(next) } });
  }

  /** The picture's pixel under a pointer event. */
  pictureOf(event) {
    const box = this.canvas.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * this.image.width, ((event.clientY - box.top) / box.height) * this.image.height];
  }

  tapPicture(event) {
    if (!this.image) return;
    const [x, y] = this.pictureOf(event);
    let u, v;
    try {
      [u, v] = project(homography(this.corners, [[0, 0], [1, 0], [1, 1], [0, 1]]), x, y);
    } catch {
      return;
    }
    if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return;
    this.correct(Math.floor(v * this.rows) * this.cols + Math.floor(u * this.cols));
  }

  moveCorner(corner, x, y) {
    const { width, height } = this.image;
    this.corners[corner] = [Math.min(width, Math.max(0, x)), Math.min(height, Math.max(0, y))];
    this.fixed.clear(); // the cells moved under the corrections
    this.found = true; // the reader has placed the grid: its reading is judged like a found one
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.readLights();
      });
    }
  }

  bindHandle(handle, corner) {
    handle.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      handle.setPointerCapture(event.pointerId);
      handle.focus();
    });
    handle.addEventListener("pointermove", (event) => {
      if (!handle.hasPointerCapture(event.pointerId) || !this.image) return;
      this.moveCorner(corner, ...this.pictureOf(event));
    });
    handle.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
      if (!step || !this.image) return;
      event.preventDefault();
      const distance = KEY_STEP * Math.max(this.image.width, this.image.height) * (event.shiftKey ? 5 : 1);
      const [x, y] = this.corners[corner];
      this.moveCorner(corner, x + step[0] * distance, y + step[1] * distance);
    });
  }

  use() {
    if (!this.image) return;
    const board = boardFromCells(this.rows, this.cols, this.k, this.states());
    this.close();
    this.session.loadScanned(board, messageOf("scanLoaded", { rows: this.rows, cols: this.cols }));
  }
}
