"""On-demand benchmark of the built site (not collected by pytest):

    python3 build.py && python3 tests/e2e/bench_page.py [--size 64]

Prints, for a cold browser context: the time from navigation to a playable board, to
the solver being ready, and the longest main-thread stall (gap between animation
frames, and the longest long task) while a size×size board is solved in the worker.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=64, help="board side for the solve (default 64)")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("build the site first: python3 build.py")
    with serve_site(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1100, "height": 800}, bypass_csp=True)  # wait_for_function uses eval
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__bench.readyAt !== null", timeout=READY_TIMEOUT_MS)
        playable = page.evaluate("window.__bench.playableAt")
        ready = page.evaluate("window.__bench.readyAt")

        page.get_by_label("Rows").fill(str(args.size))
        page.get_by_label("Columns").fill(str(args.size))
        page.get_by_label("Columns").press("Tab")
        page.wait_for_function(f"document.querySelectorAll('[role=gridcell]').length === {args.size ** 2}")
        page.wait_for_timeout(300)
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
