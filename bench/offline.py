"""On-demand benchmark of start-up with the service worker (not collected by pytest):

    python3 build.py && python3 bench/offline.py [--runs 5] [--site DIR] [--compare DIR]

For each run, in a new browser context with service workers allowed, prints the time
from navigation to a ready solver (`[role=status][data-state=ready]`, performance.now()
in the page) for: the first visit (network, the worker installs meanwhile), a reload
served by the worker online, and a reload offline; then the medians. The service
worker checks every file's sha256 before it serves it (static/sw.js), so the last two
include that cost. With --compare, runs alternate between the two sites (e.g. a build
of an older commit), so a machine whose load drifts treats both alike.

Then, in the page, the cost of that check alone: reading every cached file, and reading
and hashing it (crypto.subtle.digest), medians of several rounds.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

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


# Runs in a controlled page: read every entry of the site's cache, with and without
# hashing it, as the service worker does before it answers.
HASH_COST = """
async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("lightsout-"));
  const cache = await caches.open(names[0]);
  const requests = await cache.keys();
  const round = async (hash) => {
    const started = performance.now();
    let bytes = 0;
    await Promise.all(requests.map(async (request) => {
      const body = await (await cache.match(request)).arrayBuffer();
      bytes += body.byteLength;
      if (hash) await crypto.subtle.digest("SHA-256", body);
    }));
    return [performance.now() - started, bytes];
  };
  const read = [], hashed = [];
  let bytes = 0;
  for (let i = 0; i < 7; i++) {
    read.push((await round(false))[0]);
    const [ms, total] = await round(true);
    hashed.push(ms);
    bytes = total;
  }
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
  return { files: requests.length, bytes, read: median(read), readAndHash: median(hashed) };
}
"""


def one_run(browser, url: str) -> tuple[float, float, float, dict]:
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
    hashing = page.evaluate(HASH_COST)
    context.close()
    return first, online, offline, hashing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DIST)
    parser.add_argument("--compare", type=Path, help="another built site to alternate with")
    args = parser.parse_args()
    sites = [args.site] + ([args.compare] if args.compare else [])
    rows: dict[Path, list] = {site: [] for site in sites}
    with sync_playwright() as playwright, contextlib.ExitStack() as servers:
        urls = {site: servers.enter_context(serve_site(site)) for site in sites}
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        for run in range(args.runs):
            for site in sites:
                first, online, offline, hashing = one_run(browser, urls[site])
                rows[site].append((first, online, offline, hashing["read"], hashing["readAndHash"]))
                print(f"{site} run {run + 1}: first visit {first:.0f} ms, reload (worker, online) {online:.0f} ms, "
                      f"reload offline {offline:.0f} ms; {hashing['files']} files, {hashing['bytes'] / 1e6:.1f} MB: "
                      f"read {hashing['read']:.0f} ms, read and hash {hashing['readAndHash']:.0f} ms", flush=True)
        browser.close()
    for site in sites:
        medians = [statistics.median(column) for column in zip(*rows[site])]
        print(f"{site} median: first visit {medians[0]:.0f} ms, reload (worker, online) {medians[1]:.0f} ms, "
              f"reload offline {medians[2]:.0f} ms; read cache {medians[3]:.0f} ms, read and hash {medians[4]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
