// The Statistics dialog (#stats-dialog), opened from the header: games played and won on the
// player's own, the daily streak, the efficiency (moves against the proven fewest) and the
// best times, read from the records (session/records.js, session/statistics.js); Export saves
// the records as a JSON file, Import reads one back (a new phone keeps its record), Reset
// forgets the statistics after asking.

import { formatNumber, t, tCount } from "../page/i18n.js";
import { wordMessage } from "../page/words.js";
import { messageOf } from "../session/messages.js";
import { summary } from "../session/statistics.js";
import { dailyNumber } from "../session/daily.js";
import { formatDuration } from "../session/challenge.js";
import { saveBlob } from "../views/export.js";

const FILE_NAME = "lights-out-records.json";

export class StatisticsPanel {
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.dialog = $("stats-dialog");
    this.figures = {
      played: $("stats-played"), won: $("stats-won"), streak: $("stats-streak"), longest: $("stats-longest"), efficiency: $("stats-efficiency"),
    };
    this.note = $("stats-efficiency-note");
    this.times = $("stats-times");
    this.timesNone = $("stats-times-none");
    this.message = $("stats-message");
    this.confirm = $("stats-reset-confirm");
    this.file = $("stats-file");
    this.said = null; // the dialog's last message, worded again in another language
    let returnTo = null;
    $("stats-open").addEventListener("click", () => {
      returnTo = document.activeElement;
      this.say(null);
      this.confirm.hidden = true;
      this.update();
      this.dialog.showModal();
      $("stats-close").focus();
    });
    this.dialog.addEventListener("close", () => returnTo?.isConnected && returnTo.focus());
    $("stats-close").addEventListener("click", () => this.dialog.close());
    $("stats-export").addEventListener("click", () => this.export());
    $("stats-import").addEventListener("click", () => this.file.click());
    this.file.addEventListener("change", () => this.import());
    $("stats-reset").addEventListener("click", () => {
      this.confirm.hidden = false;
      $("stats-reset-no").focus();
    });
    $("stats-reset-no").addEventListener("click", () => {
      this.confirm.hidden = true;
      $("stats-reset").focus();
    });
    $("stats-reset-yes").addEventListener("click", () => {
      session.records?.resetStatistics();
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

  async import() {
    const [file] = this.file.files;
    this.file.value = ""; // the same file chosen again is a change again
    if (!file || !this.session.records) return;
    const text = await file.text().catch(() => "");
    this.say(this.session.records.importText(text));
    this.update();
    this.session.redraw(); // the best results and level progress shown elsewhere are the file's now
  }

  /** A best time's key ("5x5", "level classic") as the player reads it. */
  timeLabel(key) {
    if (!key.startsWith("level ")) {
      const [rows, cols] = key.split("x").map(Number);
      return t("statsSize", { rows, cols });
    }
    const name = key.slice("level ".length);
    const set = this.session.levelPlay.set(name);
    return t("statsLevelSet", { game: set ? wordMessage(messageOf("nameInLanguage", { names: set.game })) : name });
  }

  update() {
    const statistics = this.session.records?.statistics;
    if (!statistics) return;
    const figures = summary(statistics, dailyNumber(this.session.today()));
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
