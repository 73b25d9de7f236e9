"""Issue #31 in the page: the play column's messages in a player's words, in English and 中文 —
an unsolvable board (no nullity), Lights Out 2000's Solve (no Z/3 structure), "why this press?"
on the classic 5×5's chase and first-row steps (in the step's own words), the solution list
opening at "Solution 1 of N", "an 8×8", the methods table's title. Screenshots on a desktop and a
phone (375×667) go to test-results/words/ (SHOTS_DIR moves test-results); 中文 is checked by its
text (the headless shell has no CJK font)."""

from __future__ import annotations

from conftest import CONTEXT_OPTIONS
from e2e_helpers import board, button, grid_text, load_text, restore_classic_game, shots_dir, status
from playwright.sync_api import Page, expect

from lightsout.model.puzzle import Puzzle, apply
from lightsout.solving.solver import solve

PLUS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


def pressed(rows: int, cols: int, presses) -> list[list[int]]:
    cells = [[0] * cols for _ in range(rows)]
    for row, col in presses:
        for dr, dc in PLUS:
            if 0 <= row + dr < rows and 0 <= col + dc < cols:
                cells[row + dr][col + dc] ^= 1
    return cells


def shoot(page: Page, name: str) -> None:
    page.mouse.move(0, 0)
    page.evaluate("() => { document.querySelector('aside.controls').scrollTop = 0; window.scrollTo(0, 0); }")
    page.screenshot(path=str(shots_dir("words") / name), full_page=False)


def in_chinese(page: Page, check) -> None:
    page.get_by_role("button", name="中文").click()
    try:
        check()
    finally:
        page.get_by_role("button", name="English").click()


def tied_board() -> tuple[list[list[int]], int]:
    """A 5×5 board whose two fewest solutions tie, where ordering by presses then by value (the
    page's list before issue #31) would not put the fewest-presses solve's answer first."""
    puzzle = Puzzle(5, 5)
    for seed in range(1, 400):
        presses = sum(1 << cell for cell in range(25) if (seed * 2654435761 >> cell) & 1)
        lights = apply(puzzle, 0, presses)
        result = solve(puzzle, lights, minimal=True)
        every = sorted(result.solutions(4), key=lambda value: (value.bit_count(), value))
        if every[0] != result.presses:
            return [[lights >> (r * 5 + c) & 1 for c in range(5)] for r in range(5)], result.press_total
    raise AssertionError("no tied board found")


def words(page: Page, suffix: str) -> None:
    message = status(page).locator(".message")
    # An unsolvable 5×5 set up by hand: the share that can be solved, the marked lights; no nullity.
    corner = [[0] * 5 for _ in range(5)]
    corner[0][0] = 1
    load_text(page, grid_text(corner))
    button(page, "Solve").click()
    expect(message).to_have_text("This board cannot be solved: 1 in 4 boards of this size can. The marked lights show why.")
    assert page.locator('[role="gridcell"][data-proof="1"]').count() > 0
    shoot(page, f"words-unsolvable-{suffix}.png")
    in_chinese(page, lambda: expect(message).to_have_text("这个棋盘无法解开：这种大小的棋盘每 4 个中只有 1 个可以解开。标出的灯说明了原因。"))

    # "Why this press?" on the classic 5×5: a chase step and a first-row step, in the step's words.
    load_text(page, grid_text(pressed(5, 5, [(0, 1), (2, 2), (3, 4)])))
    button(page, "Show how").click()
    expect(page.locator("#explain-nav")).to_be_visible()
    expect(message).to_contain_text("Next: row 1, column 1 is lit, so press row 2, column 1 below it.")
    board(page).locator('[data-row="1"][data-col="0"]').click()
    expect(message).to_have_text("Why row 2, column 1? The light just above it, row 1, column 1, was lit when the chase reached it, so this press clears it.")
    expect(page.locator('[role="gridcell"][data-formula="1"]')).to_have_count(1)
    shoot(page, f"words-why-chase-{suffix}.png")
    in_chinese(page, lambda: expect(message).to_have_text("为什么是第 2 行第 1 列？追灯到这里时，它正上方的第 1 行第 1 列亮着，按这里就能把它消掉。"))
    board(page).locator('[data-row="0"][data-col="1"]').click()
    expect(message).to_have_text("Why row 1, column 2? The last row must end dark, so the marked lights there decide this press: "
                                 "after the first chase 3 of the 3 were lit — an odd number, so it is pressed.")
    expect(page.locator('[role="gridcell"][data-formula="1"]')).to_have_count(3)
    shoot(page, f"words-why-first-row-{suffix}.png")
    in_chinese(page, lambda: expect(message).to_have_text(
        "为什么是第 1 行第 2 列？最后一行最后必须全暗，所以由那里标出的灯决定这一按：第一轮追灯后，这 3 盏中有 3 盏亮着——是奇数，所以要按。"))
    board(page).locator('[data-row="0"][data-col="3"]').click()
    expect(message).to_contain_text("It is a free choice: either way works, as this board has 4 solutions.")
    page.locator("#explain-methods").evaluate("(details) => { details.open = true; }")
    expect(page.locator("#explain-methods summary")).to_have_text("The five methods, measured")
    button(page, "Measure").click()
    expect(page.locator("#methods-table tbody tr")).to_have_count(5)
    in_chinese(page, lambda: expect(page.locator("#explain-methods summary")).to_have_text("五种方法的实测"))
    button(page, "Done").click()

    # Solutions fewest first, the one marked first: "Solution 1 of 4" on a board whose fewest two tie.
    cells, fewest = tied_board()
    load_text(page, grid_text(cells))
    button(page, "Solve").click()
    label = page.locator("#solution-label")
    expect(label).to_have_text(f"Solution 1 of 4 ({fewest} presses)")
    in_chinese(page, lambda: expect(label).to_have_text(f"第 1 个解，共 4 个（按 {fewest} 次）"))

    # English's article by the number's sound.
    load_text(page, grid_text([[0] * 8 for _ in range(8)]))
    expect(message).to_contain_text("Loaded an 8×8 board")
    in_chinese(page, lambda: expect(message).to_contain_text("已载入 8×8 棋盘"))

    # Lights Out 2000's Solve: how many solutions, not their Z/3 structure.
    select = page.locator("#game-select")
    expect(select).to_be_enabled()
    select.select_option("lights-out-2000")
    page.wait_for_function("window.lightsOut.statesSnapshot().puzzle?.preset === 'lights-out-2000'")
    button(page, "Solve").click()
    expect(message).to_contain_text("different solutions exist")
    expect(message).not_to_contain_text("Z/")
    expect(message).not_to_contain_text("structure")
    shoot(page, f"words-lo2000-solve-{suffix}.png")
    in_chinese(page, lambda: (expect(message).to_contain_text("种不同的解法"), expect(message).not_to_contain_text("结构")))


def test_the_play_column_speaks_a_players_words_desktop_and_phone(ready_page):
    page = ready_page
    try:
        for suffix, viewport in (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 375, "height": 667})):
            page.set_viewport_size(viewport)
            words(page, suffix)
            restore_classic_game(page)
    finally:
        page.set_viewport_size(CONTEXT_OPTIONS["viewport"])
