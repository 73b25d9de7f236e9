"""On-demand check of the play column's rectangles (not collected by pytest):

    python3 build.py && python3 bench/play_column_rects.py [--shots DIR]

At 1280×800 and 375×667, records the rectangles of the message line, the board area, the
moves line, the toolbar and the slot under it on arrival (5×5) and after each change of
play_column.CHANGES (board sizes, games, a canvas board, the language), prints them and
every part that moved; with --shots, a screenshot of the page after each change
(DIR/player-<viewport>-<n>.png). test_layout.py asserts that nothing moves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
from layout_shift import VIEWPORTS  # noqa: E402
from play_column import moves, walk  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shots", type=Path, default=None)
    arguments = parser.parse_args()
    with serve_site(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for name, viewport in VIEWPORTS.items():
            context = browser.new_context(viewport=viewport, service_workers="block", bypass_csp=True)
            page = context.new_page()
            page.goto(url)
            expect(page.get_by_role("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
            count = iter(range(100))

            def shot(change: str) -> None:
                if arguments.shots:
                    arguments.shots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(arguments.shots / f"player-{name}-{next(count)}.png"))

            seen = walk(page, shot)
            print(f"{name} {viewport['width']}×{viewport['height']}  [x, y, width, height] in CSS px")
            for change, rects in seen:
                print(f"  {change:>16}  " + "  ".join(f"{part} {rect}" for part, rect in rects.items()))
            moved = moves(seen)
            print("  nothing moved" if not moved else "  moved:\n    " + "\n    ".join(moved), flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
