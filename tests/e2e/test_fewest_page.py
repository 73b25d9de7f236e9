"""Fewest presses in the page beyond the quick search: when the 0.5 s search cannot prove its
answer and the nullity is at most 30, the page offers to search all 2^nullity solutions, and
the proven answer it then marks is checked by simulating its presses."""

from __future__ import annotations

import re
from pathlib import Path

from collections.abc import Iterator

import pytest
from e2e_helpers import button, marked_cells, read_board, simulate_press, status
from playwright.sync_api import Page, expect

SHOTS = Path("test-results")


@pytest.fixture
def page(ready_page: Page) -> Iterator[Page]:
    """The shared page with a 20 ms quick search (as ?search-budget=20: it cannot prove
    nullity 22); afterwards its own budget and a 5×5 board again."""
    before = ready_page.evaluate("window.lightsOut.searchBudget()")
    ready_page.evaluate("window.lightsOut.searchBudget(20)")
    try:
        yield ready_page
    finally:
        ready_page.evaluate("(ms) => window.lightsOut.searchBudget(ms)", before)
        set_size(ready_page, 5, 5)


def set_size(page: Page, rows: int, cols: int) -> None:
    for label, value in (("Rows", rows), ("Columns", cols)):
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Tab")
    grid = page.get_by_role("grid", name="Board")
    expect(grid.locator('[role="row"]')).to_have_count(rows)
    expect(grid.locator('[role="row"]').first.locator('[role="gridcell"]')).to_have_count(cols)


def solved_by_marks(page: Page) -> int:
    cells = read_board(page)
    marks = marked_cells(page)
    for row, col in marks:
        cells = simulate_press(cells, row, col)
    assert not any(map(any, cells)), "the marked presses leave lights on"
    return len(marks)


def test_search_to_the_end_proves_the_fewest_presses(page):
    message = status(page).locator(".message")
    set_size(page, 23, 47)  # nullity 22: 4 194 304 solutions
    button(page, "Solve").click()
    expect(message).to_contain_text("Not proven the fewest")
    quick = solved_by_marks(page)
    offer = page.locator("#search-to-end")
    expect(offer).to_be_visible()
    expect(offer).to_have_text(re.compile(r"^Search all 4,194,304 solutions \(about \d+ s\)$"))
    SHOTS.mkdir(exist_ok=True)
    page.locator(".play").screenshot(path=SHOTS / "fewest-offer.png")
    offer.click()
    expect(offer).to_be_hidden()
    expect(message).to_contain_text("the proven fewest", timeout=120_000)
    proven = solved_by_marks(page)
    assert proven <= quick
    assert f"Press the {proven} marked cells" in message.text_content()
    page.locator(".play").screenshot(path=SHOTS / "fewest-search-to-end.png")


def test_no_offer_above_nullity_30_and_a_new_message_withdraws_it(page):
    message = status(page).locator(".message")
    offer = page.locator("#search-to-end")
    set_size(page, 39, 39)  # nullity 32: about seven minutes, not offered
    button(page, "Solve").click()
    expect(message).to_contain_text("Not proven the fewest")
    expect(offer).to_be_hidden()
    set_size(page, 23, 47)
    button(page, "Solve").click()
    expect(offer).to_be_visible()
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(message).to_contain_text("hint", ignore_case=True)
    expect(offer).to_be_hidden()
