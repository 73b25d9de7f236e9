"""On-demand benchmark of the built site (not collected by pytest):

    python3 build.py && python3 bench/page.py --startup [--runs 5] [--compare DIR]
    python3 build.py && python3 bench/page.py [--size 64]
    python3 build.py && python3 bench/page.py --big [--huge]

With --startup: the site served as `build.py serve` serves it (gzip for text and wasm),
medians of --runs runs, each in a new browser profile (a temporary user data folder): for the cold visit and a repeat visit (a new page in the same profile, its service
worker active), navigation → first playable grid (a gridcell exists), navigation → solver
ready (`#status[data-state=ready]`), and the first Solve on the board the page deals (click
→ marks shown); which start the solver took (`data-solver-start`); and the bytes the server
sent (bodies, as sent: compressed where it compresses) for the cold visit until the solver
was ready and until the service worker had cached the site, and for the repeat visit. With
--compare DIR (another build, e.g. of main before a change), runs alternate between the
two sites, so a machine whose load drifts treats both alike.

Prints, for a cold browser context: the time from navigation to a playable board, to
the solver being ready, and the longest main-thread stall (gap between animation
frames, and the longest long task) while a size×size board is solved in the worker.

With --fewest: the fewest-presses search inside Pyodide, searched to the end, on random
solvable boards of nullity 16, 20 and 30 (19×19, 30×30, 47×47; the last takes minutes).

With --big: for 1000×1000 and 4000×4000 boards (and 10000×10000 with --huge), the
time inside Pyodide (measured in the worker around lightsout.api.call) to generate a
random board, solve it and verify the solution by simulation, and the transfer cost
(round trip seen by the page minus the Python call); then the longest main-thread
stall while the page itself makes, solves and draws a big board.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import build  # noqa: E402

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, open_sections, serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PROBE = """
(() => {
  const marks = (window.__bench = { playableAt: null, readyAt: null, longTasks: [], frames: [] });
  const tick = () => {
    if (marks.playableAt === null && document.querySelector('[role=gridcell]')) marks.playableAt = performance.now();
    const status = document.querySelector('[role=status]');
    if (marks.readyAt === null && status && status.dataset.state === 'ready') marks.readyAt = performance.now();
    marks.frames.push(performance.now());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();
"""


# Starts the page's own SolverClient (a second worker) and waits until it is ready.
START_CLIENT = """
  const { SolverClient } = await import(new URL("static/solver/solver-client.js", document.baseURI).href);
  const client = new SolverClient(new URL("static/worker.js", document.baseURI), () => {});
  client.start();
  while (!client.ready) await new Promise((resolve) => setTimeout(resolve, 50));
"""


# Runs in the page: its own SolverClient (a second worker), then random → solve → verify
# with packed payloads, timing each round trip and the Python call inside it.
WORKER_BENCH = """
async (side) => {"""+START_CLIENT+"""  const timed = async (request, payload) => {
    const started = performance.now();
    const reply = await client.request(request, { payload, timeoutMs: 600000 });
    const roundTrip = performance.now() - started;
    return { reply, roundTrip, python: reply.timing.python, convert: reply.timing.convert };
  };
  const made = await timed({ op: "random", rows: side, cols: side, lit: null, seed: 1, binary: true });
  const board = made.reply.payload;
  const solved = await timed({ op: "solve", board: `${side}x${side}@0`, target: "off", minimal: false, binary: true }, board);
  const presses = solved.reply.payload;
  const both = new Uint8Array(board.length + presses.length);
  both.set(board);
  both.set(presses, board.length);
  const verified = await timed(
    { op: "verify", board: `${side}x${side}@0`, presses: `${side}x${side}@${board.length}`, target: "off" }, both);
  client.stop();
  const row = (step) => ({ python: step.python, transfer: step.roundTrip - step.python, roundTrip: step.roundTrip });
  return { generate: row(made), solve: row(solved), verify: row(verified),
           solved: verified.reply.solved, presses: solved.reply.presses, bytes: board.length };
}
"""


# Runs in the page: the fewest-presses search to the end on a random solvable board.
FEWEST_BENCH = """
async (side) => {"""+START_CLIENT+"""  const made = await client.request({ op: "random", rows: side, cols: side, lit: null, seed: 3, binary: true });
  const reply = await client.request(
    { op: "solve", board: `${side}x${side}@0`, target: "off", minimal: true, seconds: 3600, binary: true },
    { payload: made.payload, timeoutMs: 3600000 });
  client.stop();
  return { python: reply.timing.python, nullity: reply.nullity, presses: reply.presses, minimal: reply.minimal,
           minimal_count: reply.minimal_count };
}
"""


STARTUP_PROBE = """
(() => {
  const marks = (window.__start = { playableAt: null, readyAt: null, failedAt: null, failure: null, solveAt: null, solvedAt: null, said: [] });
  const tick = () => {
    if (marks.playableAt === null && document.querySelector('[role=gridcell]')) marks.playableAt = performance.now();
    const status = document.getElementById('status');
    if (marks.readyAt === null && status?.dataset.state === 'ready') marks.readyAt = performance.now();
    if (marks.failedAt === null && status?.dataset.state === 'error') {
      marks.failedAt = performance.now();
      marks.failure = document.getElementById('solver-status')?.textContent ?? '';
      marks.solvedAt = marks.failedAt;  // no Solve to wait for
    }
    const said = document.getElementById('solver-status')?.textContent;
    if (said && marks.said.at(-1)?.[1] !== said) marks.said.push([Math.round(performance.now()), said]);
    if (marks.solveAt !== null && marks.solvedAt === null
        && (document.querySelector('[data-press]') || /cannot|Nothing/.test(document.getElementById('message').textContent))) {
      marks.solvedAt = performance.now();
    }
    if (marks.solvedAt === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


@contextlib.contextmanager
def served(site: Path) -> Iterator[tuple[str, list[tuple[str, int, int]]]]:
    """Serve ``site`` with build.py's server (gzip, the CSP header); yields its URL and the
    list of responses it sends (path, status, body bytes)."""
    sent: list[tuple[str, int, int]] = []
    server = build.make_server(0, site, sent)  # with `sent`, it logs nothing
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    # Compress every file once now, so no run pays for the server's first compression.
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.name.endswith(build.COMPRESSIBLE_SUFFIXES):
            request = urllib.request.Request(url + path.relative_to(site).as_posix(), headers={"Accept-Encoding": "gzip"})
            urllib.request.urlopen(request).read()
    sent.clear()
    try:
        yield url, sent
    finally:
        server.shutdown()
        server.server_close()


def visit(context, url: str, timeout_ms: int = READY_TIMEOUT_MS) -> dict:
    """One visit in a new page of ``context``: its marks (ms since navigation) and the start
    taken. A start that fails has "ready" None, "failed" (ms) and "failure" (the status text)."""
    page = context.new_page()
    page.goto(url, timeout=timeout_ms)
    page.wait_for_function("(window.__start.readyAt !== null || window.__start.failedAt !== null) && window.__start.playableAt !== null",
                           timeout=timeout_ms, polling=20)
    if page.evaluate("window.__start.failedAt") is not None:
        marks = page.evaluate("window.__start")
        return {"page": page, "grid": marks["playableAt"], "ready": None, "failed": marks["failedAt"], "failure": marks["failure"],
                "solve": None, "path": "failed", "ready_mark": marks["failedAt"], "steps": {}, "said": marks["said"]}
    ready_bytes_mark = page.evaluate("window.__start.readyAt")
    page.evaluate("() => { window.__start.solveAt = performance.now(); document.getElementById('solve').click(); }")
    page.wait_for_function("window.__start.solvedAt !== null", timeout=60_000, polling=20)
    marks = page.evaluate("window.__start")
    start = page.evaluate("window.lightsOut.solverInfo().start ?? null")
    # The worker's steps on the page's clock (ms since navigation), and when the page made it.
    shift = page.evaluate("(origin) => origin - performance.timeOrigin", (start or {}).get("origin") or 0)
    steps = {name: ms + shift for name, ms in ((start or {}).get("steps") or {}).items()} if start and start.get("origin") else {}
    steps["workerMade"] = page.evaluate("performance.getEntriesByName('lightsout:solver-start')[0]?.startTime ?? 0")
    if start and start.get("origin"):
        steps["workerBegan"] = shift
        # When the big files had arrived (the runtime's wasm and module, the Python zip).
        arrived = {".wasm": "wasmArrived", ".asm.mjs": "asmModuleArrived", ".zip": "pythonZipArrived"}
        for name, (_, end) in (start.get("fetches") or {}).items():
            for suffix, key in arrived.items():
                if name.endswith(suffix):
                    steps[key] = end + shift
    return {"page": page, "grid": marks["playableAt"], "ready": marks["readyAt"], "solve": marks["solvedAt"] - marks["solveAt"],
            "path": (start or {}).get("path") or "install (no snapshot)", "ready_mark": ready_bytes_mark,
            "steps": steps, "said": marks["said"]}


def startup_run(playwright, url: str, sent: list, timeout_ms: int = READY_TIMEOUT_MS) -> dict:
    """A cold visit in a new browser profile, then a repeat visit once its service worker is
    active. A real profile (on disk), not an incognito context: Chromium keeps an incognito
    context's HTTP cache in memory, where an entry as big as the snapshot is not kept, so
    the service worker's install would download it again."""
    profile = tempfile.mkdtemp(prefix="lightsout-bench-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS,
        viewport={"width": 1100, "height": 800}, bypass_csp=True)  # wait_for_function uses eval
    context.add_init_script(STARTUP_PROBE)
    try:
        sent.clear()
        cold = visit(context, url, timeout_ms)
        cold_ready_bytes = sum(size for _, _, size in sent)
        if cold["ready"] is None:  # a failed start registers no service worker: no repeat visit to measure
            return {"cold": cold, "repeat": None, "cold_ready_bytes": cold_ready_bytes, "cold_bytes": cold_ready_bytes,
                    "repeat_bytes": None, "controlled": False}
        cold["page"].evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: the site is cached
        cold["page"].wait_for_timeout(300)
        cold_bytes = sum(size for _, _, size in sent)
        cold["page"].close()
        sent.clear()
        repeat = visit(context, url, timeout_ms)
        controlled = repeat["page"].evaluate("navigator.serviceWorker.controller !== null")
        repeat_bytes = sum(size for _, _, size in sent)
        return {"cold": cold, "repeat": repeat, "cold_ready_bytes": cold_ready_bytes, "cold_bytes": cold_bytes,
                "repeat_bytes": repeat_bytes, "controlled": controlled}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def startup_benchmark(sites: dict[str, Path], runs: int) -> None:
    results: dict[str, list[dict]] = {name: [] for name in sites}
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        servers = {name: stack.enter_context(served(site)) for name, site in sites.items()}
        for run in range(runs):
            for name, (url, sent) in servers.items():
                result = startup_run(playwright, url, sent)
                results[name].append(result)
                print(f"  run {run + 1} {name}: cold grid {result['cold']['grid']:.0f} ready {result['cold']['ready']:.0f}"
                      f" solve {result['cold']['solve']:.0f} ({result['cold']['path']});"
                      f" repeat grid {result['repeat']['grid']:.0f} ready {result['repeat']['ready']:.0f}"
                      f" solve {result['repeat']['solve']:.0f} ({result['repeat']['path']},"
                      f" {'controlled' if result['controlled'] else 'NOT controlled'})", flush=True)
    median = statistics.median
    print(f"\nmedians of {runs} runs (ms since navigation; Solve: click → marks shown; bytes: bodies sent by the server)")
    print(f"{'site':>10} {'visit':>7} {'grid':>6} {'ready':>6} {'solve':>6}  start")
    for name, rows in results.items():
        for visit_name in ("cold", "repeat"):
            paths = sorted({row[visit_name]["path"] for row in rows})
            print(f"{name:>10} {visit_name:>7} {median(row[visit_name]['grid'] for row in rows):>6.0f}"
                  f" {median(row[visit_name]['ready'] for row in rows):>6.0f} {median(row[visit_name]['solve'] for row in rows):>6.0f}"
                  f"  {', '.join(paths)}")
    for name, rows in results.items():
        for visit_name in ("cold", "repeat"):
            steps = sorted({key for row in rows for key in row[visit_name]["steps"]},
                           key=lambda key: median(row[visit_name]["steps"].get(key, 0) for row in rows))
            if steps:
                print(f"{name:>10} {visit_name:>7} steps (ms since navigation): "
                      + ", ".join(f"{key} {median(row[visit_name]['steps'].get(key, 0) for row in rows):.0f}" for key in steps))
    for name, rows in results.items():
        print(f"{name:>10} bytes: cold until ready {median(row['cold_ready_bytes'] for row in rows) / 1e6:.2f} MB,"
              f" cold with the service worker's cache filled {median(row['cold_bytes'] for row in rows) / 1e6:.2f} MB,"
              f" repeat {median(row['repeat_bytes'] for row in rows) / 1e6:.3f} MB")


def fewest_benchmark(url: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.goto(url)
        print(f"{'board':>8} {'nullity':>7} {'seconds':>8} {'ns/solution':>11} {'presses':>7}  proven")
        for side in (19, 30, 47):
            result = page.evaluate(FEWEST_BENCH, side)
            seconds = result["python"] / 1000
            rate = seconds / 2 ** result["nullity"] * 1e9
            print(f"{side:>3}×{side:<4} {result['nullity']:>7} {seconds:>8.2f} {rate:>11.0f} {result['presses']:>7}  {result['minimal']}",
                  flush=True)
        browser.close()


def big_benchmark(url: str, sides: list[int], stall_sides: list[int]) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1100, "height": 800}, bypass_csp=True)  # wait_for_function uses eval
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__bench.readyAt !== null", timeout=READY_TIMEOUT_MS)
        open_sections(page)  # the size fields sit in a collapsed section
        print("in-worker times (ms; python = inside lightsout.api.call, transfer = round trip − python)")
        print(f"{'board':>12} {'generate':>9} {'solve':>9} {'verify':>9} {'transfer (gen/solve/verify)':>30} {'round trips':>22}")
        for side in sides:
            result = page.evaluate(WORKER_BENCH, side)
            assert result["solved"], result
            steps = [result[name] for name in ("generate", "solve", "verify")]
            transfers = "/".join(f"{step['transfer']:.0f}" for step in steps)
            trips = "/".join(f"{step['roundTrip']:.0f}" for step in steps)
            print(f"{side:>5}×{side:<6} {steps[0]['python']:>9.0f} {steps[1]['python']:>9.0f} {steps[2]['python']:>9.0f}"
                  f" {transfers:>30} {trips:>22}")
        print("main-thread stalls while the page makes, solves and draws a board (New puzzle, Solve):")
        for side in stall_sides:
            for label in ("Rows", "Columns"):
                page.get_by_label(label).fill(str(side))
                page.get_by_label(label).press("Tab")
            page.wait_for_function(f"document.querySelector('canvas[aria-label=Board]')?.dataset.cols === '{side}'"
                                   f" && document.querySelector('canvas[aria-label=Board]')?.dataset.rows === '{side}'",
                                   timeout=600_000)
            page.wait_for_timeout(300)
            # The size change already said "New R×C puzzle": clear it to see New puzzle's own.
            page.evaluate("document.querySelector('#message').textContent = ''")
            start = page.evaluate("performance.now()")
            page.get_by_role("button", name="New puzzle", exact=True).click()
            page.wait_for_function(f"/New {side}×{side}/.test(document.querySelector('#message').textContent)",
                                   timeout=600_000)
            page.get_by_role("button", name="Solve", exact=True).click()
            page.wait_for_function("document.querySelector('canvas[aria-label=Board]').dataset.pressCount !== '0'",
                                   timeout=600_000, polling=50)
            page.wait_for_timeout(200)
            end = page.evaluate("performance.now()")
            frames = page.evaluate(f"window.__bench.frames.filter(t => t >= {start} && t <= {end})")
            long_tasks = page.evaluate(f"window.__bench.longTasks.filter(([t]) => t >= {start} && t <= {end})")
            gaps = [b - a for a, b in zip(frames, frames[1:])]
            print(f"  {side}×{side}: {end - start:.0f} ms in all, longest frame gap {max(gaps, default=0):.0f} ms,"
                  f" longest long task {max((d for _, d in long_tasks), default=0):.0f} ms ({len(long_tasks)} long tasks)")
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=64, help="board side for the solve (default 64)")
    parser.add_argument("--big", action="store_true", help="time 1000×1000 and 4000×4000 boards in the worker")
    parser.add_argument("--huge", action="store_true", help="with --big, also 10000×10000")
    parser.add_argument("--fewest", action="store_true", help="time the fewest-presses search in the worker")
    parser.add_argument("--startup", action="store_true", help="cold and repeat visits: grid, solver ready, first Solve, bytes")
    parser.add_argument("--runs", type=int, default=5, help="with --startup, runs per site (default 5)")
    parser.add_argument("--compare", type=Path, default=None, help="with --startup, another built site to alternate with")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("build the site first: python3 build.py")
    if args.startup:
        sites = {"this": DIST} | ({"compare": args.compare.resolve()} if args.compare else {})
        startup_benchmark(sites, args.runs)
        return 0
    if args.fewest:
        with serve_site(DIST) as url:
            fewest_benchmark(url)
        return 0
    if args.big or args.huge:
        with serve_site(DIST) as url:
            sides = [1000, 4000] + ([10000] if args.huge else [])
            big_benchmark(url, sides, [1000, 4000] + ([10000] if args.huge else []))
        return 0
    with serve_site(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1100, "height": 800}, bypass_csp=True)  # wait_for_function uses eval
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__bench.readyAt !== null", timeout=READY_TIMEOUT_MS)
        open_sections(page)  # the size fields sit in a collapsed section
        playable = page.evaluate("window.__bench.playableAt")
        ready = page.evaluate("window.__bench.readyAt")

        page.get_by_label("Rows").fill(str(args.size))
        page.get_by_label("Columns").fill(str(args.size))
        page.get_by_label("Columns").press("Tab")
        page.wait_for_function(f"document.querySelectorAll('[role=gridcell]').length === {args.size ** 2}"
                               " && !document.querySelector('[role=grid][aria-busy=true]')")
        # Building 4096 buttons is a one-off ~150 ms task on a size change: not the solve's.
        page.wait_for_timeout(1000)
        start = page.evaluate("performance.now()")
        wall = time.perf_counter()
        page.get_by_role("button", name="Solve", exact=True).click()
        page.wait_for_function(
            "document.querySelector('[data-press=\"1\"]') || /cannot|Nothing/.test(document.querySelector('#message').textContent)",
            timeout=120_000, polling=50,
        )
        solve_seconds = time.perf_counter() - wall
        end = page.evaluate("performance.now()")
        frames = page.evaluate(f"window.__bench.frames.filter(t => t >= {start} && t <= {end})")
        long_tasks = page.evaluate(f"window.__bench.longTasks.filter(([t]) => t >= {start} && t <= {end})")
        gaps = [b - a for a, b in zip(frames, frames[1:])]
        browser.close()
    print(f"navigation -> playable board: {playable:.0f} ms")
    print(f"navigation -> solver ready (cold context): {ready:.0f} ms")
    print(f"solve {args.size}x{args.size} round trip: {solve_seconds * 1000:.0f} ms")
    print(f"longest gap between frames during the solve: {max(gaps, default=0):.0f} ms over {len(frames)} frames")
    print(f"longest long task during the solve: {max((d for _, d in long_tasks), default=0):.0f} ms"
          f" ({len(long_tasks)} long tasks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
