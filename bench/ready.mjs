// @ts-check
// On-demand benchmark: the solver's start in each browser engine (not run by the tests).
//
//   python3 build.py && node bench/ready.mjs [--runs 3] [--engines chromium,firefox,webkit] [--profiles none,slow] [--compare DIR]
//
// dist/ is served as GitHub Pages serves it, optionally throttled like a phone link, by
// bench/network.py --serve <profile> (none: loopback; fast: 9 Mbit/s, 60 ms a
// request; slow: 1.6 Mbit/s, 150 ms a request — one link shared by every connection). For
// each engine (browsers.mjs) and run, a new browser (a new profile) makes a cold visit and,
// once its service worker is ready, a repeat visit; printed: the time from asking for the
// page to a ready solver as the test sees it (navigation included), and the worker's own
// start (its script running → ready), medians of --runs, and how the first cold visit got the
// files that have a brotli copy (the worker's start record: "brotli, native", "brotli, script"
// or "original"). With --compare DIR, another built site (e.g. of main before a change) is
// served beside dist/ and each run visits both, alternating. Chromium's bytes and steps are in
// bench/network.py, which drives it through the DevTools protocol.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { loadavg } from "node:os";
import { PYTHON, ROOT } from "../tests/js/python.mjs";
import { ENGINES, WAIT_MS, launch } from "../tests/engines/browsers.mjs";

const args = Object.fromEntries(process.argv.slice(2).map((arg, i, all) => (arg.startsWith("--") ? [arg.slice(2), all[i + 1]] : null)).filter(Boolean));
const runs = Number(args.runs ?? 3);
const engines = (args.engines ?? ENGINES.join(",")).split(",");
const profiles = (args.profiles ?? "none,slow").split(",");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** bench/network.py's Pages-like server of `site` (a built site's folder) with `profile`: {url, stop()}. */
function serve(profile, site) {
  const server = spawn(PYTHON, [join(ROOT, "bench", "network.py"), "--serve", profile, "--site", site],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    server.once("exit", (code) => reject(new Error(`bench/network.py --serve exited (${code})`)));
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
  return { wallMs, workerMs: Math.round(start.ms), path: start.path, files: start.files ?? {} };
}

const seconds = (ms) => (ms === null ? "   —  " : `${(ms / 1000).toFixed(2).padStart(6)} s`);
console.log(`load average at start: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
const sites = { this: join(ROOT, "dist"), ...(args.compare ? { compare: args.compare } : {}) };
const table = [];
for (const profile of profiles) {
  const servers = Object.fromEntries(await Promise.all(Object.entries(sites).map(async ([name, folder]) => [name, await serve(profile, folder)])));
  const timeoutMs = profile === "none" ? WAIT_MS : 180_000;
  try {
    for (const engine of engines) {
      const cold = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
      const repeat = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
      for (let run = 0; run < runs; run++) {
        for (const [name, site] of Object.entries(servers)) {
          const browser = await launch(engine);
          try {
            const page = await browser.newPage();
            const first = await visit(page, site.url, timeoutMs);
            cold[name].push(first);
            if (!first.failed) {
              await page.waitFor(() => document.documentElement.dataset.serviceWorker === "registered", null, timeoutMs);
              await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
              repeat[name].push(await visit(page, site.url, timeoutMs));
            }
            const files = Object.entries(first.files ?? {}).map(([path, how]) => `${path.split("/").pop()}: ${how}`).join("; ");
            console.log(`  ${profile} ${engine} run ${run + 1} ${name}: cold ${first.failed ?? `${seconds(first.wallMs)} (${first.path})`},`
              + ` repeat ${repeat[name].at(-1) && !repeat[name].at(-1).failed ? `${seconds(repeat[name].at(-1).wallMs)} (${repeat[name].at(-1).path})` : "—"}`
              + (run === 0 && files ? `; ${files}` : ""));
          } finally {
            await browser.close();
          }
        }
      }
      const ok = (list) => list.filter((entry) => !entry.failed);
      for (const name of Object.keys(sites)) {
        table.push({
          profile, engine, site: name, failed: cold[name].filter((entry) => entry.failed).length,
          cold: median(ok(cold[name]).map((entry) => entry.wallMs)), coldWorker: median(ok(cold[name]).map((entry) => entry.workerMs)),
          repeat: median(ok(repeat[name]).map((entry) => entry.wallMs)), repeatWorker: median(ok(repeat[name]).map((entry) => entry.workerMs)),
        });
      }
    }
  } finally {
    for (const site of Object.values(servers)) site.stop();
  }
}
console.log(`\nmedians of ${runs} runs; load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
console.log(`${"profile".padEnd(8)} ${"engine".padEnd(9)} ${"site".padEnd(8)} ${"cold ready".padStart(11)} ${"(worker)".padStart(10)} ${"repeat ready".padStart(13)} ${"(worker)".padStart(10)}  failed`);
for (const row of table) {
  console.log(`${row.profile.padEnd(8)} ${row.engine.padEnd(9)} ${row.site.padEnd(8)} ${seconds(row.cold).padStart(11)} ${seconds(row.coldWorker).padStart(10)}`
    + ` ${seconds(row.repeat).padStart(13)} ${seconds(row.repeatWorker).padStart(10)}  ${row.failed}/${runs}`);
}
