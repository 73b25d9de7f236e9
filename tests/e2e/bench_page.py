"""On-demand benchmark of the built site (not collected by pytest):

    python3 build.py && python3 tests/e2e/bench_page.py [--size 64]
    python3 build.py && python3 tests/e2e/bench_page.py --big [--huge]

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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

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
  const { SolverClient } = await import(new URL("static/solver-client.js", document.baseURI).href);
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
           optimal: reply.optimal_count };
}
"""


def fewest_benchmark(url: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
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
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
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
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("build the site first: python3 build.py")
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
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
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
