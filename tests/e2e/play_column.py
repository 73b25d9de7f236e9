"""The play column's parts and the changes that must not move them (issue #31, point 6;
used by test_layout.py and bench_play_column.py; not collected by pytest).

The message line, the board area, the moves line, the toolbar and the slot under it keep
their rectangles when the board's size, the game or the language changes: the board
scales inside the area. The toolbar and the slot are as wide as the toolbar's buttons
(issue 41: the solution row lines up with them), whose words are the language's: those two
keep their centre, top, width within the language and height. Rectangles are in page
coordinates (the viewport's plus the scroll), so a phone that scrolled to a section and
back measures the same place.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

PARTS = {"message line": ".status-bar", "board area": ".board-stage", "moves line": ".history",
         "toolbar": "#toolbar", "slot": ".board-slot"}

BUTTON_WIDE = ("toolbar", "slot")  # as wide as the toolbar's buttons: [centre x, y, width, height], the width per language

RECTANGLES = """([parts, buttonWide]) => Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const x = buttonWide.includes(name) ? box.left + box.width / 2 : box.left;
  return [name, [x + scrollX, box.top + scrollY, box.width, box.height].map((v) => Math.round(v * 10) / 10)];
}))"""


def rectangles(page: Page) -> dict[str, list[float]]:
    """Each part's [x, y, width, height] in CSS pixels, page coordinates."""
    return page.evaluate(RECTANGLES, [PARTS, list(BUTTON_WIDE)])


def open_section(page: Page, section: str) -> None:
    if page.locator(section).get_attribute("open") is None:
        page.locator(f"{section} > summary").click()


def board_size(rows: int, cols: int) -> Callable[[Page], None]:
    """Rows and Columns typed in Puzzles, as a player does: a new board of that size."""
    def change(page: Page) -> None:
        open_section(page, "#section-puzzles")
        for field, value in (("#rows", rows), ("#cols", cols)):
            page.locator(field).fill(str(value))
            page.locator(field).press("Tab")
        page.wait_for_function("([rows, cols]) => { const game = window.lightsOut.statesSnapshot();"
                               " return game.rows === rows && game.cols === cols; }", arg=[rows, cols])
    return change


def game(name: str) -> Callable[[Page], None]:
    """A game of the Games list, as a player chooses it."""
    def change(page: Page) -> None:
        open_section(page, "#games")
        expect(page.locator("#game-select")).to_be_enabled()
        page.locator("#game-select").select_option(name)
        page.wait_for_function("(name) => window.lightsOut.statesSnapshot().puzzle?.preset === name",
                               arg=name)
    return change


def language(code: str) -> Callable[[Page], None]:
    def change(page: Page) -> None:
        page.locator(f"[data-language={code}]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if code == "zh" else "en")
    return change


def classic(page: Page) -> None:
    """Puzzles' Classic 5×5: the standard game again (from a game of the Games list too)."""
    open_section(page, "#section-puzzles")
    page.locator("#sample-classic").click()
    page.wait_for_function("() => { const game = window.lightsOut.statesSnapshot();"
                           " return game.rows === 5 && game.cols === 5 && game.puzzle === null; }")


# From the arrival's 5×5 in English: what issue #31 names (a bigger board, a preset game,
# the language) and the extremes around them (a wide board, a canvas board, a graph drawn
# in a circle), then back to the classic board in Chinese.
CHANGES: list[tuple[str, Callable[[Page], None]]] = [
    ("8×8", board_size(8, 8)),
    ("3×12", board_size(3, 12)),
    ("80×100 (canvas)", board_size(80, 100)),
    ("game: Merlin", game("merlin")),
    ("game: Orbix", game("orbix")),
    ("中文", language("zh")),
    ("classic 5×5 in 中文", classic),
    ("English", language("en")),
]


def settle(page: Page) -> None:
    """Scroll back to the top and let a frame pass (a redraw after the change)."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def walk(page: Page, shot: Callable[[str], None] | None = None) -> list[tuple[str, dict[str, list[float]]]]:
    """The rectangles on arrival and after each change of CHANGES, in order; `shot(name)` after each."""
    settle(page)
    seen = [("5×5", rectangles(page))]
    if shot:
        shot("5×5")
    for name, change in CHANGES:
        change(page)
        settle(page)
        seen.append((name, rectangles(page)))
        if shot:
            shot(name)
    return seen


def moves(seen: list[tuple[str, dict[str, list[float]]]], tolerance: float = 0.5) -> list[str]:
    """Each part that moved or changed size from the first rectangles, as "part at change: before → after"."""
    first = seen[0][1]
    def compared(part: str, name: str, rect: list[float]) -> list[tuple[float, float]]:
        pairs = list(zip(first[part], rect))
        return pairs[:2] + pairs[3:] if part in BUTTON_WIDE and ("中文" in name) else pairs
    return [f"{part} at {name}: {first[part]} → {rect}" for name, rects in seen[1:] for part, rect in rects.items()
            if any(abs(a - b) > tolerance for a, b in compared(part, name, rect))]
