"""The scripted session whose layout shift issue #14 bounds (used by test_layout.py and
bench_layout_shift.py; not collected by pytest).

Every `layout-shift` entry is summed, also those with hadRecentInput: the standard
Cumulative Layout Shift drops shifts within 500 ms of a click or key, but a board that
moves under the player's finger right after a click is exactly what the layout must not
do. The observer is installed before the page's own scripts (an init script) and reads
the buffered entries, so shifts while the page loads count too.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
BOUND = 0.05  # issue #14: cumulative layout shift over the session

SHIFT_PROBE = """
(() => {
  const shifts = (window.__shifts = []);
  const record = (entries) => {
    for (const entry of entries) {
      shifts.push({ value: entry.value, recent: entry.hadRecentInput, at: entry.startTime,
        sources: (entry.sources || []).map((source) => {
          const node = source.node;
          const name = !node ? '?' : node.id ? '#' + node.id : node.nodeName.toLowerCase() +
            (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '');
          return name;
        }) });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // The shifts laid out but not yet delivered to the observer (its callback runs later).
  window.__takeShifts = () => record(observer.takeRecords());
})();
"""

GOOD_PASTE = "#.#.#\n.#.#.\n#...#\n.#.#.\n#.#.#\n"
BAD_PASTE = "#.#.#\n.#.#\n#...#\n"  # ragged rows
BAD_LINK = "7x7:AAAAAA"  # too short for 49 cells


def reveal(page: Page, selector: str) -> None:
    """Open the collapsed section (if any) that holds `selector`, as a reader would, by its summary."""
    closed = page.locator(f"details:not([open]):has({selector}) > summary")
    for index in range(closed.count()):
        closed.nth(index).click()


def click(page: Page, selector: str) -> None:
    reveal(page, selector)
    page.locator(selector).click()


def message(page: Page):
    return page.get_by_role("status").locator(".message")


def play_session(page: Page) -> None:
    """New puzzle, press, hint, solve, play solution, paste, bad paste, bad link."""
    click(page, "#new-puzzle")
    expect(message(page)).to_contain_text("New 5×5 puzzle")
    page.locator('.cell[data-row="2"][data-col="2"]').click()
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    click(page, "#hint")
    expect(page.locator('.cell[data-press="1"]')).to_have_count(1)
    click(page, "#solve")
    expect(page.locator(".cell[data-press]").first).to_be_visible()
    click(page, "#play-solution")
    expect(page.get_by_role("status")).to_have_attribute("data-solved", "1")
    reveal(page, "#board-text")
    page.locator("#board-text").fill(GOOD_PASTE)
    click(page, "#load")
    expect(message(page)).to_contain_text("Loaded")
    page.locator("#board-text").fill(BAD_PASTE)
    click(page, "#load")
    expect(page.locator("#board-text")).to_have_attribute("aria-invalid", "true")
    page.evaluate("(text) => { location.hash = text; }", BAD_LINK)
    expect(page.get_by_text("This link cannot be opened").first).to_be_attached()
    settle_layout(page)


# Until no transition or other finite animation runs, then two frames: a late shift (a
# transition's end, a redraw) has then been laid out; the entries not yet delivered are taken.
# A wait on the page's own state, not a fixed time (an infinite animation, a spinner, is not waited for).
SETTLE_LAYOUT = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const running = () => document.getAnimations().some((animation) =>
    animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
  while (running()) await frame();
  await frame();
  await frame();
  window.__takeShifts();
}"""


def settle_layout(page: Page) -> None:
    """Wait until the page's layout is still (SETTLE_LAYOUT), its last shifts recorded."""
    page.evaluate(SETTLE_LAYOUT)


def total_shift(page: Page) -> tuple[float, list[dict]]:
    """The sum of every layout-shift entry so far, and the entries."""
    shifts = page.evaluate("window.__shifts")
    return sum(entry["value"] for entry in shifts), shifts
