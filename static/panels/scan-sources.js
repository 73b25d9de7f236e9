// @ts-check
// Where Scan's pictures come from: a file chosen with the picker, a picture pasted on the
// page, or a still taken from the camera (getUserMedia; the rear camera on a phone). Each
// becomes the pixels of the picture at most SAMPLE_SIDE a side, handed to the dialog
// (`usePicture(image)`). Nothing leaves the device: pictures are decoded with
// createImageBitmap and read from a canvas; the camera's stream goes to a <video> through
// srcObject (no URL, no request).

import { isImageFile, isTextField } from "../views/input.js";
import { SAMPLE_SIDE } from "../scan/scan.js";

/**
 * The pixels of a bitmap or a video frame, drawn at most SAMPLE_SIDE a side (the browser scales it).
 * @param {CanvasImageSource} source
 * @param {number} width
 * @param {number} height
 */
function pixelsOf(source, width, height) {
  const scale = Math.min(1, SAMPLE_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export class ScanSources {
  /**
   * @param {HTMLDialogElement} dialog the Scan dialog
   * @param {object} steps what the sources ask of the dialog
   * @param {(key: string) => void} steps.say say the message `key` (i18n) in the dialog
   * @param {(step: "source" | "camera" | "adjust") => void} steps.showStep show one step of the dialog
   * @param {() => void} steps.showSource back to choosing a source (the camera stopped)
   * @param {(file: File) => void} steps.open open the dialog with a picture (one pasted on the page)
   * @param {(image: ImageData) => void} steps.usePicture the picture to read
   */
  constructor(dialog, { say, showStep, showSource, open, usePicture }) {
    this.dialog = dialog;
    this.say = say;
    this.showStep = showStep;
    this.showSource = showSource;
    this.usePicture = usePicture;
    const $ = (id) => document.getElementById(id);
    this.fileInput = /** @type {HTMLInputElement} */ ($("scan-file"));
    this.video = /** @type {HTMLVideoElement} */ ($("scan-video"));
    /** @type {MediaStream | null} */
    this.stream = null;
    this.pending = 0; // the latest file being decoded (an older one's result is dropped)

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
    // A picture pasted anywhere but into a text field (or into the open dialog) is scanned.
    document.addEventListener("paste", (event) => {
      const items = [...(event.clipboardData?.items ?? [])];
      const file = items.find((item) => item.kind === "file" && item.type.startsWith("image/"))?.getAsFile();
      if (!file) return;
      if (isTextField(event.target) && !this.dialog.open) return;
      event.preventDefault();
      open(file);
    });
  }

  /** Read the picture in `file` (a file that is not a picture is said, and left). */
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
    this.usePicture(pixelsOf(bitmap, bitmap.width, bitmap.height));
    bitmap.close?.();
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
      const video = { facingMode: { ideal: "environment" } };
      this.stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
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
    this.showStep("camera");
    try {
      await this.video.play();
    } catch {
      // Autoplay refused: the frame still arrives; Take picture waits for it.
    }
    this.say("scanCameraHelp");
    document.getElementById("scan-capture").focus();
  }

  /** The camera did not start (`key` says why): back to the sources, the file picker focused. */
  cameraFailed(key) {
    this.showSource();
    this.say(key);
    document.getElementById("scan-file-button").focus();
  }

  /** Stop the camera (and with `backToSource`, go back to choosing a source). */
  stopCamera(backToSource) {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    this.video.srcObject = null;
    if (backToSource) this.showSource();
  }

  /** Take the camera's frame as the picture (said when no frame has come yet). */
  capture() {
    const { videoWidth, videoHeight } = this.video;
    if (!videoWidth || !videoHeight) {
      this.say("scanCameraNotReady");
      return;
    }
    const pixels = pixelsOf(this.video, videoWidth, videoHeight);
    this.stopCamera(false);
    this.usePicture(pixels);
  }
}
