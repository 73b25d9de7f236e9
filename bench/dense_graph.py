"""On-demand benchmark of the densest graphs the limits allow (not collected by pytest):

    python3 build.py && python3 bench/dense_graph.py [--runs 5] [--compare DIR]

For each graph of test_dense_graph_page.worst_graphs(), opened from its link and pressed
on three cells as that test does, the longest main-thread task while it opens and while
each press is answered, two ways: wall time (the Long Tasks API, what the test asserts)
and CPU time (the same task's thread time in a Performance trace: `tdur` of the
renderer main thread's top-level tasks). On a machine shared with other work the wall
time of a task grows while its thread waits for a core; its CPU time does not, so the
two together tell a slow page from a busy machine. Prints medians over --runs runs (a
new page each run) and the load average before and after. With --compare DIR (another
build), runs alternate between the two sites, so a machine whose load drifts treats both alike.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from conftest import CHROMIUM_FLAGS, CONTEXT_OPTIONS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from test_dense_graph_page import CELL_CENTRE, link_of, wait_drawn, worst_graphs  # noqa: E402

# Long tasks and the gaps between animation frames from the moment it is installed (reset on each call).
PROBE = """() => {
  if (window.__dense) { window.__dense.reset(); return; }
  const probe = { gaps: [], tasks: [], last: performance.now(),
                  reset() { this.gaps = []; this.tasks = []; this.last = performance.now(); } };
  const tick = (now) => { probe.gaps.push(now - probe.last); probe.last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) probe.tasks.push(entry.duration); })
    .observe({ type: "longtask" });
  window.__dense = probe;
}"""

TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]


def longest_cpu_task_ms(trace: bytes) -> tuple[float, float]:
    """(wall, CPU) ms of the task with the most CPU time on the page's renderer main thread."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main_threads = {(e["pid"], e["tid"]) for e in events
                    if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    best = (0.0, 0.0)
    for event in events:
        if (event.get("pid"), event.get("tid")) not in main_threads or event.get("ph") != "X":
            continue
        if event.get("name") not in ("ThreadControllerImpl::RunTask", "RunTask"):
            continue
        cpu = event.get("tdur", 0) / 1000
        if cpu > best[1]:
            best = (event.get("dur", 0) / 1000, cpu)
    return best


def measured(page: Page, browser, action) -> tuple[float, float, float]:
    """Run `action` under the long-task probe and a trace: (longest long task ms, wall ms, CPU ms of the costliest task)."""
    page.evaluate(PROBE)
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    action()
    page.wait_for_timeout(300)
    trace = browser.stop_tracing()
    tasks = page.evaluate("() => window.__dense.tasks")
    wall, cpu = longest_cpu_task_ms(trace)
    return max(tasks, default=0), wall, cpu


def one_run(browser, url: str) -> dict[str, dict[str, list[tuple[float, float, float]]]]:
    context = browser.new_context(**CONTEXT_OPTIONS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.querySelector('[role=status]').dataset.state === 'ready'", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => document.getElementById('move-count')", polling=100)
    results: dict[str, dict[str, list[tuple[float, float, float]]]] = {}
    for name, presses in worst_graphs().items():
        cells = len(presses)
        link = link_of(presses, random.Random(cells).getrandbits(cells))
        page.evaluate("(text) => { window.__link = text; window.__drawing = document.querySelector('[role=grid][aria-label=Board]'); }", link)

        def open_link() -> None:
            page.evaluate("() => { location.hash = window.__link; }")
            wait_drawn(page, cells)

        result = {"open": [measured(page, browser, open_link)], "press": []}
        for number, index in enumerate((0, 5, cells - 1), start=1):
            def press() -> None:
                page.mouse.click(*page.evaluate(CELL_CENTRE, index))
                page.wait_for_function("(n) => document.getElementById('move-count').textContent === `Moves: ${n}`"
                                       " && !document.querySelector('#board [aria-busy=true]')", arg=number, polling=50)
            result["press"].append(measured(page, browser, press))
        results[name] = result
    context.close()
    return results


def report(runs: list[dict]) -> None:
    """Medians (and ranges) over runs; per press, the longest of a run's three presses."""
    for name in runs[0]:
        def values(kind: str, part: int) -> list[float]:
            return [max(step[part] for step in run[name][kind]) for run in runs]
        print(f"{name}:")
        for kind in ("open", "press"):
            print("  " + f"{kind:5}: " + ", ".join(
                f"{label} {statistics.median(values(kind, part)):4.0f} ms ({min(values(kind, part)):.0f}–{max(values(kind, part)):.0f})"
                for part, label in ((0, "long task"), (1, "trace wall"), (2, "CPU"))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DIST, help="the built site (default dist/)")
    parser.add_argument("--compare", type=Path, help="another build (e.g. of main): runs alternate between the two")
    arguments = parser.parse_args()
    sites = {"site": arguments.site, **({"compare": arguments.compare} if arguments.compare else {})}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    runs: dict[str, list[dict]] = {label: [] for label in sites}
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        urls = {label: stack.enter_context(serve_site(path)) for label, path in sites.items()}
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for run in range(arguments.runs):
            for label, url in urls.items():
                started = time.perf_counter()
                runs[label].append(one_run(browser, url))
                print(f"run {run + 1} ({label}): {time.perf_counter() - started:.0f} s, load {os.getloadavg()[0]:.2f}", flush=True)
        browser.close()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("medians over runs (min–max); long task = the Long Tasks API's longest (0 if none reached 50 ms);"
          " trace wall / CPU = the task with the most CPU time, its wall and CPU time")
    for label, path in sites.items():
        print(f"== {label}: {path}")
        report(runs[label])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
