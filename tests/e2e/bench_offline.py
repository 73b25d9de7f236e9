"""On-demand benchmark of start-up with the service worker (not collected by pytest):

    python3 build.py && python3 tests/e2e/bench_offline.py [--runs 5] [--site DIR]

For each run, in a new browser context with service workers allowed, prints the time
from navigation to a ready solver (`[role=status][data-state=ready]`, performance.now()
in the page) for: the first visit (network, the worker installs meanwhile), a reload
served by the worker online, and a reload offline; then the medians. The service
worker checks every file's sha256 before it serves it (static/sw.js), so the last two
include that cost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PROBE = """
(() => {
  const tick = () => {
    const status = document.querySelector('[role=status]');
    if (status && status.dataset.state === 'ready') { window.__readyAt = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def ready_ms(page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    return page.evaluate("window.__readyAt")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DIST)
    args = parser.parse_args()
    rows = []
    with sync_playwright() as playwright, serve_site(args.site) as url:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for run in range(args.runs):
            context = browser.new_context(service_workers="allow", bypass_csp=True)
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            first = ready_ms(page)
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.reload()
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
            ready_ms(page)
            page.reload()  # controlled from the start, online
            online = ready_ms(page)
            context.set_offline(True)
            page.reload()
            offline = ready_ms(page)
            rows.append((first, online, offline))
            print(f"run {run + 1}: first visit {first:.0f} ms, reload (worker, online) {online:.0f} ms, "
                  f"reload offline {offline:.0f} ms", flush=True)
            context.close()
        browser.close()
    medians = [statistics.median(column) for column in zip(*rows)]
    print(f"median: first visit {medians[0]:.0f} ms, reload (worker, online) {medians[1]:.0f} ms, "
          f"reload offline {medians[2]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
