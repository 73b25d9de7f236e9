// @ts-check
// The Statistics dialog (#stats-dialog), opened from the header: games played and won on the
// player's own, the daily streak, the efficiency (moves against the proven fewest) and the
// best times, read from the records (session/records.js, session/statistics.js); Export saves
// the records as a JSON file, Import reads one back (a new phone keeps its record), Reset
// forgets the statistics after asking.

import { formatNumber, t, tCount } from "../page/i18n.js";
import { wordMessage } from "../page/words.js";
import { messageOf } from "../session/messages.js";
import { formatDuration } from "../session/common-messages.js";
import { saveBlob } from "../views/export.js";

const FILE_NAME = "lights-out-records.json";
const MOST_IMPORT_BYTES = 5 * 2 ** 20; // what localStorage holds for an origin: a records file is never bigger

export class StatisticsPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.dialog = /** @type {HTMLDialogElement} */ ($("stats-dialog"));
    this.figures = {
      played: $("stats-played"), won: $("stats-won"), streak: $("stats-streak"), longest: $("stats-longest"), efficiency: $("stats-efficiency"),
    };
    this.note = $("stats-efficiency-note");
    this.times = /** @type {HTMLTableElement} */ ($("stats-times"));
    this.timesNone = $("stats-times-none");
    this.message = $("stats-message");
    this.confirm = $("stats-reset-confirm");
    this.importConfirm = $("stats-import-confirm");
    this.importAsk = $("stats-import-ask");
    this.importing = null; // the records of a file read, waiting for the player's Replace
    this.file = /** @type {HTMLInputElement} */ ($("stats-file"));
    this.said = null; // the dialog's last message, worded again in another language
    let returnTo = null;
    $("stats-open").addEventListener("click", () => {
      returnTo = document.activeElement;
      this.say(null);
      this.confirm.hidden = true;
      this.importConfirm.hidden = true;
      this.importing = null;
      this.update();
      this.dialog.showModal();
      $("stats-close").focus();
    });
    this.dialog.addEventListener("close", () => returnTo?.isConnected && returnTo.focus());
    $("stats-close").addEventListener("click", () => this.dialog.close());
    $("stats-export").addEventListener("click", () => this.export());
    $("stats-import").addEventListener("click", () => this.file.click());
    this.file.addEventListener("change", () => this.import());
    $("stats-import-yes").addEventListener("click", () => {
      if (this.importing) this.replaceWith(this.importing);
      $("stats-import").focus();
    });
    $("stats-import-no").addEventListener("click", () => {
      this.importing = null;
      this.importConfirm.hidden = true;
      this.say(messageOf("recordsImportCancelled"));
      $("stats-import").focus();
    });
    $("stats-reset").addEventListener("click", () => {
      this.importConfirm.hidden = true;
      this.importing = null;
      this.confirm.hidden = false;
      $("stats-reset-no").focus();
    });
    $("stats-reset-no").addEventListener("click", () => {
      this.confirm.hidden = true;
      $("stats-reset").focus();
    });
    $("stats-reset-yes").addEventListener("click", () => {
      session.resetStatistics();
      this.confirm.hidden = true;
      this.say(messageOf("statsResetDone"));
      $("stats-reset").focus();
    });
    session.subscribe((change) => {
      if (this.dialog.open || change.reword) this.update();
    });
  }

  say(message) {
    this.said = message;
    this.message.textContent = wordMessage(message);
  }

  export() {
    const { records } = this.session;
    if (!records) return;
    saveBlob(new Blob([records.exportText()], { type: "application/json" }), FILE_NAME);
    this.say(messageOf("recordsExported", { name: FILE_NAME }));
  }

  /**
   * Read the chosen file; replace this device's records by it at once when it has none of its
   * own, else after asking (a file chosen by mistake must not wipe a record): Replace or Cancel.
   */
  async import() {
    const [file] = this.file.files;
    this.file.value = ""; // the same file chosen again is a change again
    const { records } = this.session;
    if (!file || !records) return;
    // Records are a few kilobytes; a bigger file is not read (a film chosen by mistake must not fill the memory).
    /** @type {ReturnType<import("../session/api.js").SessionApi["readRecordsFile"]>} */
    const read = file.size <= MOST_IMPORT_BYTES ? this.session.readRecordsFile(await file.text().catch(() => ""))
      : { problem: messageOf("recordsImportFailed") };
    this.confirm.hidden = true;
    if (read.problem) {
      this.say(read.problem);
    } else if (!records.hasOwn()) {
      this.replaceWith(read.records);
    } else {
      this.importing = read.records;
      this.say(null);
      this.update();
      this.importConfirm.hidden = false;
      document.getElementById("stats-import-no").focus();
    }
  }

  replaceWith(read) {
    this.importing = null;
    this.importConfirm.hidden = true;
    this.say(this.session.replaceRecords(read)); // the best results and level progress shown elsewhere are the file's now
    this.update();
  }

  /** A best time's key ("5x5", "level classic") as the player reads it. */
  timeLabel(key) {
    if (!key.startsWith("level ")) {
      const [rows, cols] = key.split("x").map(Number);
      return t("statsSize", { rows, cols });
    }
    const name = key.slice("level ".length);
    const set = this.session.levelSet(name);
    return t("statsLevelSet", { game: set ? wordMessage(messageOf("nameInLanguage", { names: set.game })) : name });
  }

  update() {
    const statistics = this.session.records?.statistics;
    const figures = this.session.statisticsSummary();
    if (!statistics || !figures) return;
    if (this.importing) {
      const theirs = this.importing.statistics;
      this.importAsk.textContent = t("statsImportAsk", {
        mine: formatNumber(statistics.played), mineWon: formatNumber(statistics.won),
        theirs: formatNumber(theirs.played), theirsWon: formatNumber(theirs.won),
      });
    }
    this.figures.played.textContent = formatNumber(figures.played);
    this.figures.won.textContent = formatNumber(figures.won);
    this.figures.streak.textContent = tCount("statsDays", figures.streak);
    this.figures.longest.textContent = tCount("statsDays", figures.longest);
    const rated = figures.efficiency !== null;
    this.figures.efficiency.textContent = rated ? t("statsPercent", { percent: Math.round(figures.efficiency * 100) }) : t("statsNone");
    this.note.textContent = rated ? t("statsEfficiencyNote", { over: figures.over.toFixed(1) }) : t("statsEfficiencyNone");
    this.timesNone.hidden = figures.times.length > 0;
    this.times.hidden = figures.times.length === 0;
    const body = this.times.tBodies[0];
    body.replaceChildren(...figures.times.map(([key, milliseconds]) => {
      const row = document.createElement("tr");
      row.dataset.key = key;
      for (const text of [this.timeLabel(key), formatDuration(milliseconds)]) row.insertCell().textContent = text;
      return row;
    }));
    if (this.said) this.message.textContent = wordMessage(this.said);
  }
}
