// Benchmark of Scan (static/scan/scan.js) on the fixed set of generated pictures
// (tests/js/scan-pictures.mjs): the share of pictures with every cell read right, with the
// corners found automatically and with the true corners, the time per picture, and how many
// pictures of no board (noise, gradients: renderNoBoard) were taken for one. With automatic
// corners it also counts what the Scan dialog would say of each reading (scan-verdict.js):
// "not sure" when scan.js marks a light doubtful or Python (lightsout.api, the solver the
// page runs) finds the reading unsolvable in its game, else "Board found" — a wrong
// reading called "Board found" is the worst outcome. Times are wall-clock and, under a
// shared machine's load, the process's CPU time too; the load average is printed.
// Prints figures; asserts nothing.
//
//   node bench/scan.mjs [count=200] [--seed S (2026; 31 with --hard)] [--hard] [--large N (12-megapixel pictures timed, 3)] [--misses]
//   (PYTHON names the Python to ask, python3 by default)

import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { scanImage } from "../static/scan/scan.js";
import { NO_BOARD_KINDS, benchmarkSpecs, hardSpecs, renderNoBoard, renderPicture } from "../tests/js/scan-pictures.mjs";

const args = process.argv.slice(2);
const count = Number(args.find((arg, i) => /^\d+$/.test(arg) && !/^--(large|seed)$/.test(args[i - 1] ?? "")) ?? 200);
const largeAt = args.indexOf("--large");
const large = largeAt >= 0 ? Number(args[largeAt + 1]) : 3;
const showMisses = args.includes("--misses");
const seedAt = args.indexOf("--seed");
const hard = args.includes("--hard"); // the hard set (hardSpecs: clutter, a dim room, JPEG, 12 megapixels)
const setSeed = seedAt >= 0 ? Number(args[seedAt + 1]) : hard ? 31 : 2026; // another seed: a set the code was not tuned on

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const wrongCells = (states, truth) => (states ? truth.reduce((n, s, i) => n + (states[i] !== s ? 1 : 0), 0) : truth.length);

/** Wall-clock and CPU milliseconds of `run()`: {result, wall, cpu}. */
function timed(run) {
  const [start, cpuStart] = [performance.now(), process.cpuUsage()];
  const result = run();
  const cpu = process.cpuUsage(cpuStart);
  return { result, wall: performance.now() - start, cpu: (cpu.user + cpu.system) / 1000 };
}

/**
 * Python's answer (lightsout.api's solve, as the page asks it) to whether each reading
 * {rows, cols, k, preset, cells} is solvable in its game: booleans, in order.
 */
function solvable(readings) {
  if (!readings.length) return [];
  const script = [
    "import json, sys",
    "from lightsout import api",
    "from lightsout.model import codec",
    "for line in sys.stdin:",
    "    r = json.loads(line)",
    "    board = codec.format_packed(r['rows'], r['cols'], codec.pack(r['cells'], codec.bits_per_cell(r['k'])), r['k'])",
    "    fields = {'preset': r['preset']} if r['preset'] else {'k': r['k']}",
    "    print(json.dumps(json.loads(api.handle(json.dumps({'op': 'solve', 'board': board, 'minimal': False, **fields})))['solvable']))",
  ].join("\n");
  const root = fileURLToPath(new URL("..", import.meta.url));
  const run = spawnSync(process.env.PYTHON ?? "python3", ["-c", script], {
    cwd: root, input: readings.map((reading) => JSON.stringify(reading)).join("\n"), encoding: "utf8",
    env: { ...process.env, PYTHONPATH: `${root}py` },
  });
  if (run.status !== 0) throw new Error(`asking Python failed: ${run.stderr}`);
  return run.stdout.trim().split("\n").map((line) => JSON.parse(line));
}

const byStyle = {};
let autoRight = 0, trueRight = 0;
const times = [], cpuTimes = [];
const verdicts = []; // per picture read with automatic corners: {right, found, doubtful, reading}
for (const spec of (hard ? hardSpecs : benchmarkSpecs)(count, setSeed)) {
  const picture = renderPicture(spec);
  const options = { rows: picture.rows, cols: picture.cols, k: picture.k, hues: picture.hues };
  const { result: auto, wall, cpu } = timed(() => scanImage(picture.image, options));
  times.push(wall);
  cpuTimes.push(cpu);
  const exact = scanImage(picture.image, { ...options, corners: picture.corners });
  const autoWrong = wrongCells(auto.states, picture.states);
  const trueWrong = wrongCells(exact.states, picture.states);
  const key = `${picture.style} ${picture.rows}x${picture.cols}`;
  byStyle[key] ??= { pictures: 0, auto: 0, exact: 0 };
  byStyle[key].pictures++;
  if (!autoWrong) { autoRight++; byStyle[key].auto++; }
  verdicts.push({
    seed: spec.seed, right: !autoWrong, found: auto.states !== null, doubtful: auto.doubtful ? auto.doubtful.reduce((a, b) => a + b, 0) : 0,
    reading: auto.states && { rows: picture.rows, cols: picture.cols, k: picture.k, preset: picture.style === "lo2000" ? "lights-out-2000" : null, cells: [...auto.states] },
  });
  if (!trueWrong) { trueRight++; byStyle[key].exact++; }
  if (showMisses && (autoWrong || trueWrong)) {
    const error = auto.corners ? Math.max(...auto.corners.map(([x, y], i) => Math.hypot(x - picture.corners[i][0], y - picture.corners[i][1]))) : null;
    console.log(`miss seed ${spec.seed} ${key} ${spec.width}x${spec.height}: ${autoWrong} wrong (auto, corner error ${error?.toFixed(1)} px), ${trueWrong} wrong (true corners)`);
  }
}

const percent = (n) => `${((100 * n) / count).toFixed(1)} %`;
console.log(`Scan benchmark: ${count} generated pictures (seed ${setSeed}, tests/js/scan-pictures.mjs)`);
console.log(`  every cell right, corners found automatically: ${autoRight} / ${count} (${percent(autoRight)})`);
console.log(`  every cell right, true corners:                ${trueRight} / ${count} (${percent(trueRight)})`);
console.log(`  time per picture (automatic corners + reading), median ${median(times).toFixed(1)} ms wall, ${median(cpuTimes).toFixed(1)} ms CPU;`
  + ` max ${Math.max(...times).toFixed(1)} ms wall (load average ${loadavg()[0].toFixed(1)})`);
for (const [key, row] of Object.entries(byStyle)) console.log(`    ${key.padEnd(12)} ${row.auto}/${row.pictures} automatic, ${row.exact}/${row.pictures} true corners`);

// What the dialog would say of each reading with automatic corners.
const sure = verdicts.filter((verdict) => verdict.found && !verdict.doubtful);
solvable(sure.map((verdict) => verdict.reading)).forEach((answer, i) => { sure[i].unsolvable = !answer; });
const says = (verdict) => (!verdict.found ? "no board" : verdict.doubtful || verdict.unsolvable ? "not sure" : "found");
const tally = (right, said) => verdicts.filter((verdict) => verdict.right === right && says(verdict) === said).length;
console.log(`  what the dialog says (automatic corners): read right — "Board found" ${tally(true, "found")}, "Not sure" ${tally(true, "not sure")};`
  + ` read wrong — "Not sure" ${tally(false, "not sure")}, "No board found" ${tally(false, "no board")}, "Board found" ${tally(false, "found")}`);
if (showMisses) {
  for (const verdict of verdicts.filter((v) => !v.right || says(v) !== "found")) {
    console.log(`    seed ${verdict.seed}: read ${verdict.right ? "right" : "wrong"}, the dialog says ${says(verdict)}`
      + ` (${verdict.doubtful} doubtful lights${verdict.unsolvable ? ", unsolvable" : ""})`);
  }
}

// Pictures of no board, read as each board size of the set: a board found is a false one.
const noBoards = Math.ceil(count / 4);
let falseBoards = 0;
for (let i = 0; i < noBoards; i++) {
  const [width, height] = [[640, 480], [800, 600], [480, 640]][i % 3];
  const image = renderNoBoard({ seed: setSeed * 1000 + i, kind: NO_BOARD_KINDS[i % NO_BOARD_KINDS.length], width, height });
  const { rows, cols } = benchmarkSpecs(10, setSeed)[i % 10];
  if (scanImage(image, { rows, cols }).corners !== null) {
    falseBoards++;
    if (showMisses) console.log(`false board: seed ${setSeed * 1000 + i} ${NO_BOARD_KINDS[i % NO_BOARD_KINDS.length]} read as ${rows}x${cols}`);
  }
}
console.log(`  pictures of no board (noise, gradients) taken for a board: ${falseBoards} / ${noBoards}`);

// 12-megapixel photos (4000 × 3000): the whole scan, downscaling included, three runs each
// (the first run of each is also shown alone: the engine has not optimised the code yet).
const largeTimes = [], largeCpu = [], firstTimes = [];
for (let i = 0; i < large; i++) {
  const picture = renderPicture({ seed: 900 + i, rows: 5, cols: 5, style: ["glow", "lo2000", "flat"][i % 3], width: 4000, height: 3000 });
  for (let run = 0; run < 3; run++) {
    const { result, wall: elapsed, cpu } = timed(() => scanImage(picture.image, { rows: 5, cols: 5, k: picture.k, hues: picture.hues }));
    largeTimes.push(elapsed);
    largeCpu.push(cpu);
    if (run === 0) firstTimes.push(elapsed);
    if (showMisses && run === 0) console.log(`  12 MP picture ${i}: ${wrongCells(result.states, picture.states)} wrong cells`);
  }
}
if (large) {
  console.log(`  12-megapixel picture: median ${median(largeTimes).toFixed(1)} ms wall, ${median(largeCpu).toFixed(1)} ms CPU over ${largeTimes.length} runs`
    + ` (first runs: ${firstTimes.map((ms) => ms.toFixed(0)).join(", ")} ms; load average ${loadavg()[0].toFixed(1)})`);
}
