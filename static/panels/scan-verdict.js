// @ts-check
// How sure Scan is of its reading (issue 31). "Board found" only when no light is doubtful
// (scan.js's doubtful lights, less the ones the reader has set by tapping) and Python finds
// the board solvable in the current game (the session's checkReading); otherwise the doubtful
// lights are marked and the dialog says it is not sure. A reading Python finds unsolvable may
// be an unsolvable board read right or a board misread, and the picture cannot tell which:
// it says both, and marks only the lights of Python's proof read less clearly than
// CHECK_MARGIN (none when every one was read clearly: marking right lights as misread
// misleads, issue 41).

import { sentences, t, tCount } from "../page/i18n.js";
import { boardFromCells, boardFromReference } from "../model/board.js";
import { CHECK_MARGIN } from "../scan/scan.js";

const UNSOLVABLE_MARKS = 3; // an unsolvable reading marks this many lights at most: the least sure its proof names
const CHECK_DELAY = 150; // ms of quiet (no corner moving, no slider) before Python is asked if the reading is solvable

/** @typedef {"none" | "unsure" | "checking" | "found" | "unsolvable"} Verdict  the dialog's data-verdict */
/** @typedef {{key: string, params?: object}} Said  a message of what the reader just did, said before the verdict */

export class ScanVerdict {
  /**
   * @param {import("./scan-reading.js").ScanReading} reading
   * @param {object} dialog what the verdict needs of the dialog
   * @param {(board: import("../model/board.js").Board) => ReturnType<import("../session/api.js").SessionApi["checkReading"]>} dialog.check
   *   Python's solve reply for a board read (solvable, proof), or null when the request failed
   * @param {() => boolean} dialog.open the dialog is open (a check answered after it closed is dropped)
   * @param {(verdict: Verdict, wording: () => string) => void} dialog.tell show the verdict and its
   *   words (a function of the page's language) and draw the lights it marks
   */
  constructor(reading, { check, open, tell }) {
    this.reading = reading;
    this.check = check;
    this.open = open;
    this.tell = tell;
    /** @type {Set<number> | null} the lights marked because Python found the reading unsolvable, or null */
    this.unsolvableMarks = null;
    this.checks = 0; // the latest solvability check (an older one's answer is dropped)
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.checkTimer = 0; // the check waiting for CHECK_DELAY of quiet
  }

  /** The lights marked as not sure: doubtful and not corrected by the reader, or named by an unsolvable reading. */
  unsure() {
    const { doubtful, fixed } = this.reading;
    const marked = new Set(this.unsolvableMarks ?? []);
    doubtful?.forEach((doubt, index) => { if (doubt && !fixed.has(index)) marked.add(index); });
    return marked;
  }

  /**
   * Say how sure the reading is (after `before`, what the reader just did): no board
   * found; not sure about the marked lights; or, when every light is sure, "checking" until
   * Python says whether the board is solvable in this game — then "Board found", or that
   * it cannot be solved as read (an unsolvable board, or lights misread), with the proof's
   * less clearly read lights marked.
   * @param {Said | null} before
   */
  judge(before = null) {
    this.dropCheck();
    const ticket = this.checks;
    this.unsolvableMarks = null;
    /** @type {(verdict: Verdict, wording: () => string) => void} */
    const tell = (verdict, wording) => {
      this.tell(verdict, () => sentences(before ? t(before.key, before.params) : "", wording()));
    };
    if (!this.reading.found) {
      tell("none", () => t("scanNotFound"));
      return;
    }
    const unsure = this.unsure().size;
    if (unsure) {
      tell("unsure", () => tCount("scanUnsure", unsure));
      return;
    }
    tell("checking", () => t("scanChecking"));
    const { rows, cols, k } = this.reading.board();
    const board = boardFromCells(rows, cols, k, this.reading.states());
    this.checkTimer = setTimeout(async () => {
      const reply = await this.check(board);
      if (ticket !== this.checks || !this.open()) return;
      if (reply && !reply.solvable) {
        const proof = reply.proof ? boardFromReference(reply.proof, reply.payload, k) : null;
        this.unsolvableMarks = leastSure(this.reading, proof);
        tell("unsolvable", () => t(this.unsolvableMarks.size ? "scanUnsolvable" : "scanUnsolvableClear"));
      } else {
        tell("found", () => t("scanFound")); // a failed check leaves the reading's own confidence
      }
    }, CHECK_DELAY);
  }

  /** Forget the check waiting or on its way: its answer is for a reading no longer shown. */
  dropCheck() {
    clearTimeout(this.checkTimer);
    this.checks++;
  }
}

/**
 * The lights to check on an unsolvable reading: the least sure (smallest margin) of the
 * lights the unsolvability proof weighs — changing one of them changes the sum the proof
 * shows cannot be reached — or of all lights without a proof, read less clearly than
 * CHECK_MARGIN; corrected ones left out. Empty when all were read clearly: the board may
 * well be one that cannot be solved, and marking right lights as misread misleads.
 * @param {import("./scan-reading.js").ScanReading} reading
 * @param {{get(index: number): number} | null} proof the proof's weights (a board), or null
 * @returns {Set<number>}
 */
export function leastSure(reading, proof) {
  const { read, fixed, margins } = reading;
  const unclear = (index) => !fixed.has(index) && (!proof || proof.get(index)) && margins[index] < CHECK_MARGIN;
  const cells = [...read.keys()].filter(unclear);
  return new Set(cells.sort((a, b) => margins[a] - margins[b]).slice(0, UNSOLVABLE_MARKS));
}
