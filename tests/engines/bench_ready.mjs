// @ts-check
// On-demand benchmark: the solver's start in each browser engine (not run by the tests).
//
//   python3 build.py && node tests/engines/bench_ready.mjs [--runs 3] [--engines chromium,firefox,webkit] [--profiles none,slow]
//
// dist/ is served as GitHub Pages serves it, optionally throttled like a phone link, by
// tests/e2e/bench_network.py --serve <profile> (none: loopback; fast: 9 Mbit/s, 60 ms a
// request; slow: 1.6 Mbit/s, 150 ms a request — one link shared by every connection). For
// each engine (browsers.mjs) and run, a new browser (a new profile) makes a cold visit and,
// once its service worker is ready, a repeat visit; printed: the time from asking for the
// page to a ready solver as the test sees it (navigation included), and the worker's own
// start (its script running → ready), medians of --runs. Chromium's bytes and steps are in
// tests/e2e/bench_network.py, which drives it through the DevTools protocol.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { loadavg } from "node:os";
import { PYTHON, ROOT } from "../js/python.mjs";
import { ENGINES, WAIT_MS, launch } from "./browsers.mjs";

const args = Object.fromEntries(process.argv.slice(2).map((arg, i, all) => (arg.startsWith("--") ? [arg.slice(2), all[i + 1]] : null)).filter(Boolean));
const runs = Number(args.runs ?? 3);
const engines = (args.engines ?? ENGINES.join(",")).split(",");
const profiles = (args.profiles ?? "none,slow").split(",");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** bench_network.py's Pages-like server with `profile`: {url, stop()}. */
function serve(profile) {
  const server = spawn(PYTHON, [join(ROOT, "tests", "e2e", "bench_network.py"), "--serve", profile], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    server.once("exit", (code) => reject(new Error(`bench_network.py --serve exited (${code})`)));
    server.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (found) resolve({ url: found[1], stop: () => server.kill() });
    });
  });
}

/** Open `url` and wait for the solver: {wallMs, workerMs, path}, or {failed} with what the status says. */
async function visit(page, url, timeoutMs) {
  const started = Date.now();
  await page.open(url);
  await page.waitFor(() => document.getElementById("status")?.dataset.state !== "loading", null, timeoutMs);
  const wallMs = Date.now() - started;
  const state = await page.evaluate(() => document.getElementById("status").dataset.state);
  if (state !== "ready") return { failed: await page.evaluate(() => document.getElementById("solver-status").textContent) };
  const start = await page.evaluate(() => window.lightsOut.solverInfo().start);
  return { wallMs, workerMs: Math.round(start.ms), path: start.path };
}

const seconds = (ms) => (ms === null ? "   —  " : `${(ms / 1000).toFixed(2).padStart(6)} s`);
console.log(`load average at start: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
const table = [];
for (const profile of profiles) {
  const site = await serve(profile);
  const timeoutMs = profile === "none" ? WAIT_MS : 180_000;
  try {
    for (const engine of engines) {
      const cold = [];
      const repeat = [];
      for (let run = 0; run < runs; run++) {
        const browser = await launch(engine);
        try {
          const page = await browser.newPage();
          const first = await visit(page, site.url, timeoutMs);
          cold.push(first);
          if (!first.failed) {
            await page.waitFor(() => document.documentElement.dataset.serviceWorker === "registered", null, timeoutMs);
            await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
            repeat.push(await visit(page, site.url, timeoutMs));
          }
          console.log(`  ${profile} ${engine} run ${run + 1}: cold ${first.failed ?? `${seconds(first.wallMs)} (${first.path})`},`
            + ` repeat ${repeat.at(-1) && !repeat.at(-1).failed ? `${seconds(repeat.at(-1).wallMs)} (${repeat.at(-1).path})` : "—"}`);
        } finally {
          await browser.close();
        }
      }
      const ok = (list) => list.filter((entry) => !entry.failed);
      table.push({
        profile, engine, failed: cold.filter((entry) => entry.failed).length,
        cold: median(ok(cold).map((entry) => entry.wallMs)), coldWorker: median(ok(cold).map((entry) => entry.workerMs)),
        repeat: median(ok(repeat).map((entry) => entry.wallMs)), repeatWorker: median(ok(repeat).map((entry) => entry.workerMs)),
      });
    }
  } finally {
    site.stop();
  }
}
console.log(`\nmedians of ${runs} runs; load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
console.log(`${"profile".padEnd(8)} ${"engine".padEnd(9)} ${"cold ready".padStart(11)} ${"(worker)".padStart(10)} ${"repeat ready".padStart(13)} ${"(worker)".padStart(10)}  failed`);
for (const row of table) {
  console.log(`${row.profile.padEnd(8)} ${row.engine.padEnd(9)} ${seconds(row.cold).padStart(11)} ${seconds(row.coldWorker).padStart(10)}`
    + ` ${seconds(row.repeat).padStart(13)} ${seconds(row.repeatWorker).padStart(10)}  ${row.failed}/${runs}`);
}
