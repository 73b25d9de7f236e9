"""A phone's thumb (issue 50, point 5), on the shared touch phone (375×667), in English and 中文:

- every header control (Levels, Statistics, EN, 中文, High contrast, Sound, Help), the day's card
  and the difficulties over the board, and every toolbar control (New puzzle, Undo, Redo, Hint,
  Solve, Show how; Set up moved to Your own board) is a target of 44×44
  CSS px at least, or spaced so that a 44 px circle round its centre touches no other control
  (WCAG 2.5.5, with 2.5.8's spacing rule at 44 px): Statistics and High contrast were 25 px wide,
  the others 25–53 × 36 px, Undo and Redo 30 × 44;
- the Sound icon is drawn inside its button with room on every side (its waves were cut at the
  button's right edge);
- a Solve result is read whole on the message line, without a tap: the line's two lines hold it
  (it ended "…有 2 …", the rest a tap away).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from e2e_helpers import set_language, status

TARGET = 44  # CSS px: WCAG 2.5.5's target size
HEADER = ["#levels-open", "#stats-open", "#language-switch [data-language='en']", "#language-switch [data-language='zh']",
          "#high-contrast", "#sound", "#help"]
TOOLBAR = ["#new-puzzle", "#undo", "#redo", "#hint", "#solve", "#explain-toggle"]
DEAL = ["#daily-card", "#difficulty-easy", "#difficulty-medium", "#difficulty-hard"]
# Two 5×5 boards whose Solve says the most: 4 solutions, the marked one the only one that short (6
# presses), and 4 solutions of which 2 share the fewest (11 presses).
BOARDS = ["5x5:M5GpAQ", "5x5:3VaXAQ"]

RECTS = """(selectors) => selectors.map((selector) => {
  const element = document.querySelector(selector);
  const { x, y, width, height } = element.getBoundingClientRect();
  return { selector, x, y, width, height, shown: element.checkVisibility() };
})"""


@pytest.fixture
def phone(phone_page: Page) -> Iterator[Page]:
    """The shared touch phone, scrolled to the top with every section closed, as a visitor finds it."""
    phone_page.evaluate("() => { for (const section of document.querySelectorAll('details')) section.open = false; window.scrollTo(0, 0); }")
    yield phone_page
    set_language(phone_page, "en")


def too_small(rects: list[dict]) -> list[str]:
    """The controls that are neither 44×44 px nor spaced as if they were: for one smaller, a 44 px
    circle round its centre must not reach another control, nor (if that one is small too) its circle."""
    def centre(rect: dict) -> tuple[float, float]:
        return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2

    def distance_to_rect(point: tuple[float, float], rect: dict) -> float:
        dx = max(rect["x"] - point[0], 0, point[0] - (rect["x"] + rect["width"]))
        dy = max(rect["y"] - point[1], 0, point[1] - (rect["y"] + rect["height"]))
        return (dx * dx + dy * dy) ** 0.5

    def big(rect: dict) -> bool:
        return rect["width"] >= TARGET - 0.01 and rect["height"] >= TARGET - 0.01

    failed = []
    for rect in rects:
        if big(rect):
            continue
        for other in rects:
            if other is rect:
                continue
            if big(other):
                crowded = distance_to_rect(centre(rect), other) < TARGET / 2
            else:
                (x1, y1), (x2, y2) = centre(rect), centre(other)
                crowded = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 < TARGET
            if crowded:
                failed.append(f"{rect['selector']} {rect['width']:.1f}×{rect['height']:.1f} beside {other['selector']}")
                break
    return failed


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_header_and_toolbar_control_is_a_thumbs_target(phone: Page, language: str) -> None:
    page = phone
    set_language(page, language)
    for group in (HEADER, DEAL, TOOLBAR):
        rects = page.evaluate(RECTS, group)
        assert all(rect["shown"] for rect in rects), rects
        assert too_small(rects) == [], [f"{r['selector']}: {r['width']:.1f}×{r['height']:.1f}" for r in rects]
        # Each on the screen, none over another (EN and 中文 share their 1 px border).
        for rect in rects:
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= 375 + 0.5, rect
        ordered = sorted(rects, key=lambda rect: (round(rect["y"]), rect["x"]))
        for left, right in zip(ordered, ordered[1:]):
            assert round(left["y"]) != round(right["y"]) or left["x"] + left["width"] <= right["x"] + 1.5, (left, right)
    # The toolbar is still one row, under the board, every label whole (New puzzle may take two lines
    # of its height), in high contrast too (its 2 px borders cut "Solve" and "How?").
    contrast = page.locator("#high-contrast")
    for _ in range(2):
        rows = {round(rect["y"]) for rect in page.evaluate(RECTS, TOOLBAR)}
        assert len(rows) == 1, rows
        cut = page.locator("#toolbar button").evaluate_all("(all) => all.filter((b) => b.scrollWidth > b.clientWidth + 1"
                                                           " || b.scrollHeight > b.clientHeight + 1).map((b) => b.id)")
        assert cut == [], (contrast.get_attribute("aria-pressed"), cut)
        assert too_small(page.evaluate(RECTS, TOOLBAR + HEADER)) == []
        contrast.click()
    expect(contrast).to_have_attribute("aria-pressed", "false")
    # The slot under the toolbar is still in view on arrival.
    slot = page.locator(".board-slot").bounding_box()
    assert slot["y"] + slot["height"] <= 667 + 0.5, slot


def test_the_sound_icon_is_drawn_inside_its_button(phone: Page) -> None:
    page = phone
    for _ in range(2):  # on (waves) and off (a cross)
        room = page.locator("#sound").evaluate("""(button) => {
          const outer = button.getBoundingClientRect(), icon = button.querySelector('.icon--sound').getBoundingClientRect();
          return { left: icon.left - outer.left, right: outer.right - icon.right, top: icon.top - outer.top, bottom: outer.bottom - icon.bottom };
        }""")
        assert min(room.values()) >= 4, room  # the icon's box, its waves inside it, well inside the button
        after = page.locator("#sound .icon--sound").evaluate("(icon) => getComputedStyle(icon, '::after').right")
        assert float(after.removesuffix("px")) >= 0, after  # the waves (or the cross) end inside the icon's box
        page.locator("#sound").click()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_solve_result_is_read_whole_without_a_tap(phone: Page, language: str) -> None:
    page = phone
    set_language(page, language)
    message = status(page).locator(".message")
    for link in BOARDS:
        page.evaluate("(link) => { location.hash = ''; location.hash = link; }", link)  # opened even if it was the last
        expect(message).to_contain_text("打开" if language == "zh" else "Opened")
        page.locator("#solve").click()
        expect(page.locator("#board [data-press]").first).to_be_attached()
        expect(message).to_contain_text("最少" if language == "zh" else "fewest")
        said = message.text_content()
        fits = message.evaluate("(line) => ({ scroll: line.scrollHeight, client: line.clientHeight, width: line.clientWidth })")
        assert fits["scroll"] <= fits["client"], (link, said, fits)
        expect(status(page)).not_to_have_attribute("data-truncated", "")
        # The whole result: how many presses, that they are the fewest, and how many solutions.
        assert ("4 种不同的解法" if language == "zh" else "4 solutions") in said, said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_320_px_phone_keeps_every_control_whole_and_on_the_screen(phone: Page, language: str) -> None:
    """Below 368 px seven 44 px tools do not fit a row: there each is 40 px wide at least (and 44
    tall), every word whole, in high contrast too, and nothing wider than the screen."""
    page = phone
    page.set_viewport_size({"width": 320, "height": 568})
    try:
        set_language(page, language)
        contrast = page.locator("#high-contrast")
        for _ in range(2):
            for group in (HEADER, DEAL, TOOLBAR):
                rects = page.evaluate(RECTS, group)
                assert all(rect["width"] >= 40 - 0.01 and rect["height"] >= TARGET - 0.01 for rect in rects), rects
                assert all(rect["x"] >= 0 and rect["x"] + rect["width"] <= 320 + 0.5 for rect in rects), rects
                assert len({round(rect["y"]) for rect in rects}) == 1, rects
            cut = page.locator("#toolbar button, .page-tools button").evaluate_all(
                "(all) => all.filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map((b) => b.id)")
            assert cut == [], (contrast.get_attribute("aria-pressed"), cut)
            assert page.evaluate("document.documentElement.scrollWidth") <= 320
            contrast.click()
        expect(contrast).to_have_attribute("aria-pressed", "false")
    finally:
        page.set_viewport_size({"width": 375, "height": 667})
