"""The Levels mode in the page (issue #32 point 3): level 1 of the classic set played to the
goal by clicking its fewest-press solution (Python's, checked by simulating its presses); the
win banner's score and Next level; progress kept over a reload; a level's link opens that level;
the header's Levels button reaches the level sets from the first screen."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from conftest import wait_ready
from e2e_helpers import click_cells, reveal_fewest
from lightsout import api
from lightsout.model import codec
from lightsout.presets.presets import PRESETS
from lightsout.presets.levels import LEVEL_SETS

CLASSIC = LEVEL_SETS["classic"]
CELLS = PRESETS["classic"].puzzle.cells


def fewest_presses(number: int) -> list[tuple[int, int]]:
    """Python's fewest-press solution of classic level `number` as (row, col) cells, checked by pressing them."""
    level = CLASSIC.level(number)
    reply = json.loads(api.handle(json.dumps(
        {"op": "solve", "preset": "classic", "board": codec.format_packed(5, 5, level.board), "minimal": True})))
    presses = codec.parse_packed(reply["solution"])[2]
    cells = [index for index in range(CELLS) if presses >> index & 1]
    assert len(cells) == level.minimal_presses == reply["presses"]
    lights = level.board
    for index in cells:  # the plus rule on the 5×5: the cell and its four neighbours
        row, col = divmod(index, 5)
        for r, c in ((row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < 5 and 0 <= c < 5:
                lights ^= 1 << (5 * r + c)
    assert lights == 0
    return [divmod(index, 5) for index in cells]


def lit_cells(page: Page) -> int:
    return page.locator('#board [role="gridcell"][data-lit="1"]').count()


def open_level(page: Page, number: int) -> None:
    """Choose the classic set in the Games section and click level `number`'s button."""
    page.locator("#levels-open").click()  # the header's Levels button opens the Games section
    expect(page.locator("#games")).to_have_attribute("open", "")
    expect(page.locator("#level-set")).to_be_enabled()
    page.locator("#level-set").select_option("classic")
    page.locator(f'#level-list button[data-level="{number}"]').click()
    expect(page.locator("#level-label-text")).to_have_text(f"Level {number} of 50")  # the fewest hidden until asked
    reveal_fewest(page)
    expect(page.locator("#level-label-text")).to_have_text(
        f"Level {number} of 50 · fewest possible {CLASSIC.level(number).minimal_presses}")


def test_level_one_played_by_its_fewest_presses_then_next_level_and_reload(ready_page: Page) -> None:
    page = ready_page
    open_level(page, 1)
    expect(page.locator("#level-list button[aria-current=true]")).to_have_text("1")
    assert lit_cells(page) == bin(CLASSIC.level(1).board).count("1")
    presses = fewest_presses(1)
    click_cells(page, presses)
    banner = page.locator("#win")
    expect(banner).to_be_visible()
    expect(page.locator("#win-title")).to_have_text("Solved!")
    expect(page.locator("#win-detail")).to_have_text(f"{len(presses)} moves · best possible {len(presses)} · The fewest possible!")
    expect(page.locator("#win-score")).to_have_text("★★★")
    expect(page.locator("#win-score")).to_have_attribute("aria-label", "3 of 3 stars")
    expect(page.locator("#level-list button[data-level='1']")).to_have_attribute("data-perfect", "1")
    expect(page.locator("#level-progress")).to_have_text("Reached level 2 of 50; 1 solved on your own.")
    next_level = page.get_by_role("button", name="Next level")
    next_level.click()
    expect(page.locator("#level-label-text")).to_have_text("Level 2 of 50")  # a new puzzle: its fewest hidden again
    expect(banner).to_be_hidden()
    assert lit_cells(page) == bin(CLASSIC.level(2).board).count("1")
    # The link is level 2's; a reload restores it, and the progress is still there.
    page.wait_for_function("() => location.hash.includes(';p=level-classic;l=2')")
    page.reload()
    wait_ready(page)
    reveal_fewest(page)
    expect(page.locator("#level-label-text")).to_have_text(f"Level 2 of 50 · fewest possible {CLASSIC.level(2).minimal_presses}")
    expect(page.locator("#level-progress")).to_have_text("Reached level 2 of 50; 1 solved on your own.")
    expect(page.locator("#level-list button[data-level='1']")).to_have_attribute("data-best", str(len(presses)))
    expect(page.get_by_role("button", name="Play level 2")).to_be_visible()
    # Reset forgets it.
    page.get_by_role("button", name="Reset progress").click()
    expect(page.locator("#level-progress")).to_have_text("Reached level 1 of 50; 0 solved on your own.")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('lightsout-records')).levels.classic") is None


def test_a_level_link_opens_that_level(ready_page: Page) -> None:
    page = ready_page
    level = CLASSIC.level(12)
    page.evaluate("(link) => { location.hash = link; }", f"classic:{codec.encode(level.board, CELLS)};p=level-classic;l=12")
    reveal_fewest(page)
    expect(page.locator("#level-label-text")).to_have_text(f"Level 12 of 50 · fewest possible {level.minimal_presses}")
    assert lit_cells(page) == bin(level.board).count("1")
    expect(page.locator("#level-set")).to_have_value("classic")
    expect(page.locator("#level-list button[aria-current=true]")).to_have_text("12")
    # Hint helps: the win is "with help", no stars, no best result.
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#board [data-press]")).not_to_have_count(0)
    click_cells(page, fewest_presses(12))
    expect(page.locator("#win-title")).to_have_text("Solved, with help")
    expect(page.locator("#win-score")).to_be_hidden()
    expect(page.locator("#level-list button[data-level='12']")).not_to_have_attribute("data-best", str(level.minimal_presses))


def test_a_bad_level_link_is_refused_with_its_reason(ready_page: Page) -> None:
    page = ready_page
    page.evaluate("() => { location.hash = '5x5:AAAAAA'; }")  # a plain game first: no level being played
    expect(page.locator("#message")).to_contain_text("Opened a shared 5×5")
    page.evaluate("(link) => { location.hash = link; }", f"classic:{codec.encode(CLASSIC.level(1).board, CELLS)};p=level-classic;l=2")
    expect(page.locator("#message")).to_have_text(
        "This link cannot be opened — column 9 (board): the board is not level 2 of the classic levels. The board was kept.")
    expect(page.locator("#level-label")).to_be_hidden()
