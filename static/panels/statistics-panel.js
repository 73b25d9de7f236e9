// @ts-check
// The Statistics dialog (#stats-dialog), opened from the header: games played and won on the
// player's own, the win rate, the daily streak, the efficiency (moves against the proven fewest),
// the wins by moves over the fewest drawn as bars (the day's last win lit) and the best times,
// read from the records (session/records.js, session/statistics.js); Export saves
// the records as a JSON file, Import reads one back (a new phone keeps its record), Reset
// forgets the statistics after asking.

import { formatNumber, sentences, t, tCount } from "../page/i18n.js";
import { wordMessage } from "../page/words.js";
import { messageOf } from "../session/messages.js";
import { formatDuration } from "../session/common-messages.js";
import { saveBlob } from "../views/export.js";

const FILE_NAME = "lights-out-records.json";

/**
 * `fraction` (0..1) as a whole percentage that claims neither none nor all unless it is so:
 * 199 of 200 is 99%, 1 of 300 is 1%.
 */
export function wholePercent(fraction) {
  const percent = Math.round(fraction * 100);
  if (fraction > 0 && fraction < 1) return Math.min(99, Math.max(1, percent));
  return percent;
}

/** The chart's label of bucket `bucket` of `buckets` ("Fewest", "+1" … "+5 or more"). */
function bucketLabel(bucket, buckets) {
  if (bucket === 0) return t("statsChartFewest");
  return t(bucket === buckets - 1 ? "statsChartMore" : "statsChartOver", { over: bucket });
}

/**
 * The chart's rows (for #stats-chart, an <ol>): a bar per bucket of `chart` (statistics.js:
 * summary's chart), each as long as its count against the largest, the count inside it, the
 * bar of today's last win lit (data-today); what a screen reader reads is a sentence per row
 * ("+1: 3 wins"), the bar and its label hidden from it.
 */
export function chartRows(chart) {
  const most = Math.max(...chart.counts);
  return chart.counts.map((count, bucket) => {
    const label = bucketLabel(bucket, chart.counts.length);
    const today = chart.today === bucket;
    const row = document.createElement("li");
    row.dataset.bucket = String(bucket);
    row.dataset.count = String(count);
    if (today) row.dataset.today = "";
    const name = document.createElement("span");
    name.className = "stats-chart-label";
    name.textContent = label;
    const track = document.createElement("span");
    track.className = "stats-chart-track";
    const bar = document.createElement("span");
    bar.className = "stats-chart-bar";
    bar.textContent = formatNumber(count);
    bar.style.width = `${most > 0 ? (count / most) * 100 : 0}%`; // CSSOM: the page's style-src allows it, a style attribute not
    track.append(bar);
    for (const shown of [name, track]) shown.setAttribute("aria-hidden", "true");
    const said = document.createElement("span");
    said.className = "sr-only";
    said.textContent = tCount(today ? "statsChartBarToday" : "statsChartBar", count, { label });
    row.append(name, track, said);
    return row;
  });
}

/** What is said under the chart: none in it yet, wins of before it, which bar is today's. */
export function chartNote(chart) {
  const empty = chart.counts.every((count) => count === 0);
  return sentences(
    empty && chart.before === 0 ? t("statsChartNone") : "",
    chart.before > 0 ? tCount("statsChartBefore", chart.before) : "",
    chart.today !== null ? t("statsChartToday") : "",
  );
}
// A records file is never bigger: the most a store holds (records.js' bounds) exports to ≈ 0.4 MB;
// a bigger file is not read at all (JSON.parse of megabytes is a long task on a phone).
const MOST_IMPORT_BYTES = 2 ** 20;

export class StatisticsPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.dialog = /** @type {HTMLDialogElement} */ ($("stats-dialog"));
    this.figures = {
      played: $("stats-played"), won: $("stats-won"), winRate: $("stats-win-rate"), streak: $("stats-streak"), longest: $("stats-longest"),
      efficiency: $("stats-efficiency"),
    };
    this.note = $("stats-efficiency-note");
    this.chart = $("stats-chart");
    this.chartNote = $("stats-chart-note");
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
    this.figures.winRate.textContent = figures.winRate === null ? t("statsNone") : t("statsPercent", { percent: wholePercent(figures.winRate) });
    this.figures.streak.textContent = tCount("statsDays", figures.streak);
    this.figures.longest.textContent = tCount("statsDays", figures.longest);
    const rated = figures.efficiency !== null;
    this.figures.efficiency.textContent = rated ? t("statsPercent", { percent: wholePercent(figures.efficiency) }) : t("statsNone");
    this.note.textContent = rated ? t("statsEfficiencyNote", { over: figures.over.toFixed(1) }) : t("statsEfficiencyNone");
    this.chart.replaceChildren(...chartRows(figures.chart));
    this.chartNote.textContent = chartNote(figures.chart);
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
