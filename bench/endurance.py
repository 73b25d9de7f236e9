#!/usr/bin/env python3
"""Endurance, run on demand (not part of the timed CI path):

    python3 build.py && python3 bench/endurance.py [--solves 10000] [--size 8]

Solves that many random boards in one worker, through the same request path as the
Solve button, and prints the page's JS heap (performance.memory) and the worker's wasm
memory (Pyodide's HEAP8 length, via the worker's "memory" debug request) before and
after. wasm memory never shrinks, so growth after warm-up means something leaks
(e.g. a PyProxy that was not destroyed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from conftest import CHROMIUM_FLAGS, DIST, chromium_path, serve_site  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

# Random boards are made in the page (the same packing as state.js) and sent as payloads.
RUN = """async ([count, size, batch]) => {
  const bytes = Math.ceil(size * size / 8);
  let solvable = 0;
  for (let done = 0; done < count; done += batch) {
    const replies = [];
    for (let i = done; i < Math.min(count, done + batch); i++) {
      const payload = new Uint8Array(bytes);
      crypto.getRandomValues(payload);
      if ((size * size) % 8) payload[bytes - 1] &= 0xff >> (8 - (size * size) % 8);
      replies.push(window.lightsOut.solvePayload(size, payload));
    }
    for (const reply of await Promise.all(replies)) if (reply.solvable) solvable++;
  }
  return solvable;
}"""


def memory(page: Page) -> dict:
    worker = page.evaluate("window.lightsOut.debug('memory')")
    page_heap = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : null")
    return {"wasm": worker["wasmBytes"], "worker_js": worker["jsHeapBytes"], "page_js": page_heap}


def megabytes(value: int | None) -> str:
    return "n/a" if value is None else f"{value / 1024 / 1024:.1f} MB"


def run(solves: int, size: int, warmup: int = 200) -> dict:
    with serve_site(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True),
                                             args=[*CHROMIUM_FLAGS, "--enable-precise-memory-info", "--js-flags=--expose-gc"])
        context = browser.new_context(bypass_csp=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.getElementById('status').dataset.state === 'ready'", timeout=60_000)
        page.evaluate(RUN, [warmup, size, 50])  # warm-up: first-call allocations are not leaks
        page.evaluate("window.gc && window.gc()")
        before = memory(page)
        started = time.monotonic()
        solvable = page.evaluate(RUN, [solves, size, 50])
        seconds = time.monotonic() - started
        page.evaluate("window.gc && window.gc()")
        after = memory(page)
        browser.close()
    return {"before": before, "after": after, "seconds": seconds, "solvable": solvable}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solves", type=int, default=10_000)
    parser.add_argument("--size", type=int, default=8)
    args = parser.parse_args()
    result = run(args.solves, args.size)
    before, after = result["before"], result["after"]
    print(f"{args.solves} solves of random {args.size}×{args.size} boards in one worker: "
          f"{result['seconds']:.1f} s ({1000 * result['seconds'] / args.solves:.2f} ms each), {result['solvable']} solvable")
    for key, label in (("wasm", "wasm memory (worker)"), ("worker_js", "JS heap (worker)"), ("page_js", "JS heap (page)")):
        growth = None if before[key] is None or after[key] is None else after[key] - before[key]
        print(f"  {label:22} before {megabytes(before[key]):>9}  after {megabytes(after[key]):>9}  "
              f"growth {'n/a' if growth is None else f'{growth / 1024:.0f} KB'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
