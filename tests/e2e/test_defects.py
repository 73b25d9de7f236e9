"""Issue #14, item 7: the smaller defects, each checked the way a player meets it — the
tagline follows the goal, the unsolvable message describes the board solved, counts agree
in number, Presses above the maximum say the maximum, a reload restores quietly, a shared
puzzle keeps its minimum and timer, and typing a size deals one board."""

from __future__ import annotations

import json
import re

from conftest import without_solver
from e2e_helpers import button, cell, reveal_fewest, grid_text, load_text, quiet, read_board, set_goal, settled, status
from lightsout.model import codec
from lightsout.api import handle
from playwright.sync_api import Page, expect


def message(page: Page):
    return status(page).locator(".message")


def api(**request):
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def pack(rows: int, cols: int, cells: list[int]) -> str:
    """0/1 cells (index r·C + c) as the API's RxC: string."""
    return codec.format_packed(rows, cols, codec.pack(cells, 1))


def switch_language(page: Page, code: str) -> None:
    page.locator(f'[data-language="{code}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if code == "zh" else "en")


def test_the_tagline_names_the_chosen_goal_in_both_languages(ready_page: Page):
    page = ready_page
    tagline = page.locator(".tagline")
    try:
        set_goal(page, "on")
        expect(tagline).to_have_text("Press a light to toggle it and its neighbours. Turn them all on.")
        switch_language(page, "zh")
        expect(tagline).to_have_text("按下一盏灯会切换它和相邻的灯。把所有灯都点亮。")
        page.get_by_role("radio", name="全部熄灭").check()
        expect(tagline).to_have_text("按下一盏灯会切换它和相邻的灯。把所有灯都关掉。")
        switch_language(page, "en")
        expect(tagline).to_have_text("Press a light to toggle it and its neighbours. Turn them all off.")
    finally:
        switch_language(page, "en")
        set_goal(page, "off")


def page_holes(page: Page, rows: int, cols: int) -> list[int]:
    settled(page)
    flags = page.evaluate("""() => [...document.querySelectorAll('[role="grid"][aria-label="Board"] [role="gridcell"]')]
        .map(cell => cell.dataset.hole === '1' ? 1 : 0)""")
    assert len(flags) == rows * cols
    return flags


def test_an_unsolvable_shaped_board_is_described_with_its_own_figures_from_python(ready_page: Page):
    page = ready_page
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))
    button(page, "Heart").click()
    expect(message(page)).to_contain_text("Heart shape on a 5×5 board")
    holes = page_holes(page, 5, 5)
    assert 0 < sum(holes) < 25
    shape = dict(holes=pack(5, 5, holes))
    figures = api(op="analyze", rows=5, cols=5, **shape)
    full = api(op="analyze", rows=5, cols=5)
    assert figures["solvable_fraction"] != full["solvable_fraction"]  # else this test could not tell them apart
    # A single light the shape cannot switch off, found by Python.
    lit = next(i for i in range(25) if not holes[i]
               and not api(op="solve", board=pack(5, 5, [int(j == i) for j in range(25)]), **shape)["solvable"])
    try:
        load_text(page, grid_text([[int(r * 5 + c == lit) for c in range(5)] for r in range(5)]))
        assert page_holes(page, 5, 5) == holes  # pasting a board of the same size keeps the shape
        button(page, "Solve").click()
        fraction = 2 ** int(figures["solvable_fraction"].split("^")[1])
        expect(message(page)).to_have_text(
            f"This board cannot be solved: 1 in {fraction} boards of this shape can. The marked lights show why.")
        page.locator("#analysis > summary").click()
        expect(page.locator("#analysis-fraction")).to_have_text(f"1 in {fraction}")
        expect(page.locator("#analysis-nullity")).to_have_text(str(figures["nullity"]))
        # The full board says so of its size.
        button(page, "Full board").click()
        expect(page.locator("#analysis-fraction")).to_have_text(f"1 in {2 ** int(full['solvable_fraction'].split('^')[1])}")
        load_text(page, grid_text([[int(r * 5 + c == 0) for c in range(5)] for r in range(5)]))
        button(page, "Solve").click()
        expect(message(page)).to_contain_text("1 in 4 boards of this size can")
    finally:
        page.locator("#analysis").evaluate("(details) => { details.open = false; }")
        button(page, "Full board").click()
        load_text(page, grid_text([[0] * 5 for _ in range(5)]))


def test_presses_above_the_maximum_say_the_maximum_from_python(ready_page: Page):
    page = ready_page
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))
    worst = api(op="analyze", rows=5, cols=5)["worst_case"]
    before = read_board(page)
    presses = page.get_by_label("Presses", exact=True)
    try:
        presses.fill("24")
        button(page, "New puzzle").click()
        expect(message(page)).to_have_text(
            f"No 5×5 board needs more than {worst} presses (the most any needs): choose Presses from 0 to {worst}.")
        assert read_board(page) == before
        presses.fill(str(worst))  # the maximum itself is dealt
        button(page, "New puzzle").click()
        expect(message(page)).to_contain_text(f"exactly {worst} presses")
    finally:
        presses.fill("")
        load_text(page, grid_text([[0] * 5 for _ in range(5)]))


def test_a_reload_restores_the_game_quietly_and_a_fresh_shared_puzzle_reads_naturally(fresh_page, site_url):
    """Grid games, kept and restored by the page alone: each load's solver is left out (without_solver)."""
    page, _ = fresh_page
    without_solver(page)
    page.goto(site_url + "#3x3:ogA")  # a shared 3×3 puzzle with no moves yet
    expect(message(page)).to_have_text("Opened a shared 3×3 puzzle.")
    cell(page, 1, 1).click()
    page.wait_for_function("() => location.hash.includes(';m=')")
    before = (read_board(page), page.locator("#move-count").text_content())
    page.reload()
    expect(message(page)).to_have_text("Restored your game.")
    assert (read_board(page), page.locator("#move-count").text_content()) == before
    # A page opened without a link brings back the game left (issue 42) and writes it into the hash;
    # a new puzzle's hash too: a reload restores it.
    page.goto(site_url)
    expect(message(page)).to_have_text("Welcome back: here is the game you left.")
    assert (read_board(page), page.locator("#move-count").text_content()) == before
    button(page, "New puzzle").click()
    page.wait_for_function("(link) => location.hash.length > 1 && !location.hash.startsWith(link)", arg="#3x3:ogA")
    board_before = read_board(page)
    page.reload()
    expect(message(page)).to_have_text("Restored your game.")
    assert read_board(page) == board_before
    # The same link opened by another reader (a new navigation) is announced as shared.
    switch_language(page, "zh")
    try:
        page.evaluate("(link) => { location.hash = link; }", "3x3:ogA;m=BA")
        expect(message(page)).to_have_text("已打开分享的 3×3 游戏，共 1 步。")
        page.goto(site_url + "#2x2:AA")
        expect(message(page)).to_have_text("已打开分享的 2×2 谜题。")
    finally:
        switch_language(page, "en")


def test_a_shared_preset_or_daily_puzzle_opens_with_its_minimum_and_timer(ready_page: Page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    # The puzzle of the day's p= carries its number (issue 42): daily-N.
    for name, token in (("TV show 8×8", "sample-tv"), ("Puzzle of the day", "daily-[1-9][0-9]*")):
        load_text(page, grid_text([[0] * 5 for _ in range(5)]))  # no puzzle: no minimum shown, no p= in the hash
        expect(page.locator("#minimum")).to_have_text("")
        (page.locator("#daily-card") if name == "Puzzle of the day" else button(page, name)).click()
        page.wait_for_function("(token) => new RegExp(';p=' + token + '($|;)').test(location.hash)", arg=token)
        reveal_fewest(page)
        expect(page.locator("#minimum")).to_have_text(re.compile(r"^\(best possible: \d+\)$"))
        minimum = page.locator("#minimum").text_content()
        cell(page, 0, 0).click()  # a move, so that the link also carries moves
        page.wait_for_function("(token) => new RegExp(';p=' + token + ';m=').test(location.hash)", arg=token)
        link = page.evaluate("location.hash")
        # Opened again as a reader opens it (the page's own hash left first): read afresh, with its minimum.
        page.evaluate("() => { location.hash = '5x5:AAAAAA'; }")
        expect(message(page)).to_contain_text("Opened a shared 5×5")
        page.evaluate("(link) => { location.hash = link; }", link)
        day = r" Puzzle of the day #\d+ \(\d{4}-\d\d-\d\d\)\." if token.startswith("daily") else ""
        expect(message(page)).to_have_text(re.compile(rf"^Opened a shared \d+×\d+ game with 1 move\.{day}$"))
        reveal_fewest(page)
        expect(page.locator("#minimum")).to_have_text(minimum)
        expect(page.locator("#timer")).to_have_text("Time: 0:00")
        cell(page, 0, 0).click()  # the timer starts on the reader's first press
        expect(page.locator("#timer")).to_be_visible()
        # The reader's own link names the puzzle too.
        page.wait_for_function("(token) => new RegExp(';p=' + token).test(location.hash)", arg=token)


RECORD_SIZES = """() => {
  // Every board size the page shows, once per change (a new grid sets aria-rowcount and aria-colcount together).
  window.dealtSizes = [];
  const record = () => {
    const grid = document.querySelector('#board [role="grid"]');
    const size = grid ? `${grid.getAttribute('aria-rowcount')}x${grid.getAttribute('aria-colcount')}` : 'canvas';
    if (window.dealtSizes.at(-1) !== size) window.dealtSizes.push(size);
  };
  window.sizeObserver?.disconnect();
  window.sizeObserver = new MutationObserver(record);
  window.sizeObserver.observe(document.getElementById('board'),
    { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-rowcount', 'aria-colcount'] });
}"""


def test_typing_rows_then_columns_deals_only_the_final_size(ready_page: Page):
    page = ready_page
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))
    page.evaluate(RECORD_SIZES)
    rows, cols = page.get_by_label("Rows", exact=True), page.get_by_label("Columns", exact=True)
    try:
        rows.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("12", delay=50)  # "1", then "12": neither is dealt while typing
        page.keyboard.press("Tab")  # on to Columns: 12×5 is not dealt either
        expect(cols).to_be_focused()
        page.keyboard.press("Control+A")
        page.keyboard.type("9", delay=50)
        quiet(page)
        assert page.evaluate("window.dealtSizes") == []
        page.keyboard.press("Tab")  # leaving the pair commits 12×9
        expect(message(page)).to_have_text("New 12×9 puzzle.")
        expect(page.locator('#board [role="grid"]')).to_have_attribute("aria-rowcount", "12")
        # Enter commits at once, the focus staying in the field; so does a spinner step.
        rows.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("7")
        page.keyboard.press("Enter")
        expect(message(page)).to_have_text("New 7×9 puzzle.")
        expect(rows).to_be_focused()
        page.keyboard.press("ArrowUp")
        expect(message(page)).to_have_text("New 8×9 puzzle.")
        page.keyboard.press("Tab")  # leaving after a commit deals nothing more
        page.keyboard.press("Tab")
        quiet(page)
        assert page.evaluate("window.dealtSizes") == ["12x9", "7x9", "8x9"]
    finally:
        page.evaluate("window.sizeObserver.disconnect()")
        load_text(page, grid_text([[0] * 5 for _ in range(5)]))
