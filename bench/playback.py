"""On-demand benchmark of Play solution on a big board (not collected by pytest):

    python3 build.py && python3 bench/playback.py [--size 1000] [--runs 2] [--dist DIR]

Makes a random solvable size×size puzzle in the built site (Rows, Columns, New puzzle),
solves it (Solve), then clicks Play solution and prints, per run:

- the presses played and the time from the click to the board reaching the goal
  (#status[data-solved="1"], seen by a MutationObserver in the page);
- the longest main-thread task from the click to 1.5 s after the end (PerformanceObserver
  "longtask" entries: tasks over 50 ms) and how many there were;
- the longest gap between animation frames in the same span (a requestAnimationFrame
  loop), which also catches work split over several tasks that keeps frames from being drawn;
- how many different progress texts ("… 123 456 / 500 000") the page showed while playing
  (sampled every frame).

The board is checked at the end (lit count 0, the move counter = the presses), so a
playback that skipped presses does not pass for a fast one. --dist benchmarks another
build (e.g. the main branch's, built in a copy of it) for a before/after figure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, open_sections, serve_site  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

# Installed before the page's scripts: long tasks, frame times and the progress texts
# seen, all with performance.now() times, plus the moment the board is solved.
PROBE = """
(() => {
  const probe = (window.__bench = { longTasks: [], frames: [], texts: new Set(), solvedAt: null, recording: false });
  const progressText = () => {
    const node = document.querySelector('#playback') || null;
    const shown = node && !node.hidden ? node.textContent : '';
    return shown + '|' + (document.querySelector('#message')?.textContent ?? '');
  };
  const tick = (now) => {
    if (probe.recording) {
      probe.frames.push(now);
      probe.texts.add(progressText());
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const watch = () => {
    const status = document.querySelector('#status');
    if (!status) return setTimeout(watch, 50);
    new MutationObserver(() => {
      if (probe.recording && status.dataset.solved === '1' && probe.solvedAt === null) probe.solvedAt = performance.now();
    }).observe(status, { attributes: true, attributeFilter: ['data-solved'] });
  };
  watch();
})();
"""

CANVAS = "canvas[aria-label=Board]"
SETTLE_MS = 1500  # long tasks and frame gaps are counted until this long after the goal is reached


def make_puzzle(page: Page, side: int) -> int:
    """A new side×side puzzle, solved: returns the number of marked presses."""
    for label in ("Rows", "Columns"):
        page.get_by_label(label, exact=True).fill(str(side))
        page.get_by_label(label, exact=True).press("Tab")
    page.wait_for_function(f"document.querySelector('{CANVAS}')?.dataset.rows === '{side}'"
                           f" && document.querySelector('{CANVAS}')?.dataset.cols === '{side}'", timeout=120_000)
    page.evaluate("document.querySelector('#message').textContent = ''")
    page.get_by_role("button", name="New puzzle", exact=True).click()
    page.wait_for_function(f"/{side}×{side}/.test(document.querySelector('#message').textContent)", timeout=120_000)
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.pressCount !== '0'", timeout=120_000, polling=50)
    return int(page.evaluate(f"document.querySelector('{CANVAS}').dataset.pressCount"))


def play(page: Page, timeout_ms: int) -> dict:
    """Click Play solution; wait for the goal; return the figures of that span."""
    page.wait_for_timeout(500)  # let the solve's own drawing settle
    start = page.evaluate("""() => {
      const probe = window.__bench;
      probe.longTasks.length = 0; probe.frames.length = 0; probe.texts.clear(); probe.solvedAt = null;
      probe.recording = true;
      const start = performance.now();
      document.getElementById('play-solution').click();
      return start;
    }""")
    page.wait_for_function("window.__bench.solvedAt !== null", timeout=timeout_ms, polling=100)
    page.wait_for_timeout(SETTLE_MS)  # work right after the end (the share link's write) counts too
    return page.evaluate("""(start) => {
      const probe = window.__bench;
      probe.recording = false;
      const end = probe.solvedAt;
      const settled = performance.now();
      const frames = probe.frames.filter((t) => t >= start && t <= settled);
      let gap = frames.length ? frames[0] - start : end - start;
      for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
      const tasks = probe.longTasks.filter(([t, d]) => t + d >= start && t <= settled);
      const canvas = document.querySelector('canvas[aria-label=Board]');
      return {
        seconds: (end - start) / 1000, frames: frames.length, longestGap: gap,
        longestTask: Math.max(0, ...tasks.map(([, d]) => d)), longTasks: tasks.length,
        taskTimes: tasks.map(([t, d]) => [Math.round(t - start), Math.round(d)]), endAt: Math.round(end - start),
        texts: [...probe.texts].filter((text) => /\\d\\s*\\/\\s*\\d/.test(text)).length,
        lit: Number(canvas.dataset.litCount), moves: document.querySelector('#move-count').textContent,
      };
    }""", start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="board side (default 1000)")
    parser.add_argument("--runs", type=int, default=2, help="puzzles played (default 2)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to benchmark (default dist/)")
    args = parser.parse_args()
    if not (args.dist / "index.html").is_file():
        sys.exit(f"build the site first: python3 build.py (no {args.dist / 'index.html'})")
    with serve_site(args.dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True,  # wait_for_function uses eval
                                      service_workers="block")
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("[role=status][data-state=ready]", timeout=READY_TIMEOUT_MS)
        open_sections(page)  # the goal radios sit in a collapsed section
        page.get_by_role("radio", name="All off").check()
        print(f"Play solution on {args.size}×{args.size} ({args.dist}):")
        for run in range(1, args.runs + 1):
            presses = make_puzzle(page, args.size)
            result = play(page, timeout_ms=max(120_000, presses // 5))
            digits = "".join(ch for ch in result["moves"] if ch.isdigit())
            checked = result["lit"] == 0 and digits == str(presses)
            print(f"  run {run}: {presses:,} presses in {result['seconds']:.2f} s;"
                  f" longest task {result['longestTask']:.0f} ms ({result['longTasks']} tasks over 50 ms);"
                  f" longest frame gap {result['longestGap']:.0f} ms over {result['frames']} frames;"
                  f" {result['texts']} progress texts; board {'checked' if checked else 'WRONG'}"
                  f" (lit {result['lit']}, {result['moves']})", flush=True)
            if result["taskTimes"]:
                where = ", ".join(f"{duration} ms at +{at} ms" for at, duration in result["taskTimes"])
                print(f"         long tasks (the goal reached at +{result['endAt']} ms): {where}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
