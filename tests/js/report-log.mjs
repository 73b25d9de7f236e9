// @ts-check
// Reports collected as they come, and a wait for the one a test expects: a download's progress is
// reported at most every REPORT_EVERY_MS (static/solver/download-progress.js), so the last report
// comes later than the last byte. A test waits for it, not for a fixed time: on a busy machine a
// timer can fire before it, and a report that never comes fails the test at its time limit.

/**
 * `report` to pass where reports are sent; `reports` what came so far; `until(predicate)` resolves
 * with the first report that satisfies it, once one has come.
 */
export function reportLog() {
  /** @type {any[]} */
  const reports = [];
  /** @type {Set<() => void>} */
  const waiting = new Set();
  const report = (/** @type {any} */ figures) => {
    reports.push(figures);
    for (const check of [...waiting]) check();
  };
  const until = (/** @type {(report: any) => boolean} */ predicate) => new Promise((resolve) => {
    const check = () => {
      const found = reports.find(predicate);
      if (found === undefined) return;
      waiting.delete(check);
      resolve(found);
    };
    waiting.add(check);
    check();
  });
  return { reports, report, until };
}

/** A report of every byte received: {received, total} with the two equal. */
export const whole = (/** @type {any} */ report) => report?.total !== undefined && report.received === report.total;
