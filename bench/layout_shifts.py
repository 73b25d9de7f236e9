"""On-demand benchmark of the page's layout shift (not collected by pytest):

    python3 build.py && python3 bench/layout_shifts.py [--runs 3] [--verbose]

Plays the scripted session of issue #14 (new puzzle, press, hint, solve, play solution,
paste, bad paste, bad link; tests/e2e/layout_shift.py) at 1280×800 and 375×667 and
prints the layout shift summed over every entry from page load on, including shifts
right after input (which the standard CLS metric leaves out). --verbose lists the
entries and the elements that moved.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
from layout_shift import BOUND, SHIFT_PROBE, VIEWPORTS, play_session, total_shift  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402


def measure(url: str, viewport: dict, verbose: bool) -> float:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport=viewport, service_workers="block", bypass_csp=True)
        context.add_init_script(SHIFT_PROBE)
        page = context.new_page()
        page.goto(url)
        expect(page.get_by_role("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        play_session(page)
        total, shifts = total_shift(page)
        if verbose:
            for entry in shifts:
                print(f"    {entry['at']:8.0f} ms  {entry['value']:.4f}  {'input ' if entry['recent'] else '       '}"
                      f" {' '.join(entry['sources'])}")
        browser.close()
        return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    with serve_site(DIST) as url:
        print(f"layout shift over the scripted session (every entry, bound {BOUND})")
        for name, viewport in VIEWPORTS.items():
            figures = [measure(url, viewport, arguments.verbose) for _ in range(arguments.runs)]
            shown = " ".join(f"{figure:.3f}" for figure in figures)
            print(f"{name:>8} {viewport['width']}×{viewport['height']}: {shown}  (max {max(figures):.3f})", flush=True)


if __name__ == "__main__":
    main()
