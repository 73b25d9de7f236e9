"""Playing on the shared ready page: presses, undo/redo, keyboard, goals, solving,
pasting, and the JS press logic against the Python package."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import open_sections
from e2e_helpers import (
    board, button, cell, grid_text, load_text, marked_cells, read_board, set_goal, set_language, simulate_press,
    solve_and_press_marks, status,
)
from playwright.sync_api import expect

from lightsout.model.board import Board

DATA = Path(__file__).resolve().parents[1] / "data"


def dark(rows: int, cols: int) -> list[list[int]]:
    return [[0] * cols for _ in range(rows)]


def test_click_toggles_exactly_the_cell_and_its_neighbours(ready_page):
    page = ready_page
    set_goal(page, "off")
    for rows, cols, row, col in [(5, 5, 2, 2), (5, 5, 0, 0), (5, 5, 4, 2), (3, 7, 1, 6), (1, 1, 0, 0), (1, 4, 0, 1)]:
        load_text(page, grid_text(dark(rows, cols)))
        cell(page, row, col).click()
        shown = read_board(page)
        assert shown == simulate_press(dark(rows, cols), row, col)
        lit = {(r, c) for r in range(rows) for c in range(cols) if shown[r][c]}
        expected = {(r, c) for r, c in [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
                    if 0 <= r < rows and 0 <= c < cols}
        assert lit == expected
        for r, c in expected:
            expect(cell(page, r, c)).to_have_attribute("aria-pressed", "true")


def test_new_puzzle_solve_and_press_every_mark(ready_page):
    page = ready_page
    set_goal(page, "off")
    page.get_by_label("Rows").fill("6")
    page.get_by_label("Columns").fill("7")
    page.get_by_label("Lit cells").fill("")
    button(page, "New puzzle").click()
    expect(board(page).get_by_role("gridcell")).to_have_count(42)
    expect(status(page)).to_contain_text("New 6×7 puzzle")
    if all(v == 0 for row in read_board(page) for v in row):
        pytest.fail("a random puzzle came out already solved")
    presses = solve_and_press_marks(page)
    expect(status(page)).to_contain_text(f"Solved, with help, in {len(presses)} moves")  # Solve's marks pressed: with help, as the banner says


def test_new_puzzle_with_a_given_number_of_lit_cells(ready_page):
    page = ready_page
    page.get_by_label("Rows").fill("5")
    page.get_by_label("Columns").fill("5")
    page.get_by_label("Lit cells").fill("4")
    button(page, "New puzzle").click()
    # Leaving the size fields dealt a 5×5 board already, with the same message: wait for
    # the board with 4 lit cells.
    expect(page.locator('#board .cell[data-lit="1"]')).to_have_count(4)
    expect(status(page)).to_contain_text("New 5×5 puzzle")
    assert sum(map(sum, read_board(page))) == 4
    solve_and_press_marks(page)
    page.get_by_label("Lit cells").fill("")


def test_solve_states_the_proven_fewest_presses(ready_page):
    page = ready_page
    set_goal(page, "off")
    load_text(page, "5x5:" + Board.from_cells(5, 5, [(2, 2)]).to_id().split(":")[1])
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("proven fewest")


def test_paste_tv_show_board_solve_and_press_marks(ready_page):
    page = ready_page
    set_goal(page, "off")
    text = (DATA / "tv-show-8x8.txt").read_text()
    load_text(page, text)
    expect(board(page).get_by_role("gridcell")).to_have_count(64)
    expected = [[1 if ch == "#" else 0 for ch in line] for line in text.split()]
    assert read_board(page) == expected
    solve_and_press_marks(page)


def test_paste_loj_board_solve_and_press_marks(ready_page):
    page = ready_page
    set_goal(page, "off")
    solvable = Board(4, 4)
    rng = random.Random(6243)
    for r in range(4):
        for c in range(4):
            if rng.random() < 0.5:
                solvable = solvable.press(r, c)
    rows = ["".join("#" if solvable.is_lit(r, c) else "." for c in range(4)) for r in range(4)]
    load_text(page, "4\n" + "\n".join(rows) + "\n")
    expect(status(page)).to_contain_text("(LibreOJ)")
    assert read_board(page) == [[1 if ch == "#" else 0 for ch in row] for row in rows]
    assert any(map(any, read_board(page))), "seeded to give a board with lit cells"
    solve_and_press_marks(page)


def test_bad_paste_shows_line_and_column_and_keeps_the_board(ready_page):
    page = ready_page
    load_text(page, "#.#\n.#.\n#.#\n")
    before = read_board(page)
    box = page.get_by_role("textbox", name="Board")
    box.fill("#.#\n.#.\n#x#\n")
    button(page, "Load").click()
    error = page.get_by_role("alert")
    expect(error).to_contain_text("Line 3, column 2")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert read_board(page) == before
    # Editing the text clears the error.
    box.fill("#.#\n.#.\n###\n")
    expect(error).to_be_hidden()


def test_undo_and_redo(ready_page):
    page = ready_page
    load_text(page, grid_text(dark(4, 4)))
    moves = page.locator("#move-count")
    expect(moves).to_have_text("Moves: 0")  # a fresh history (Undo would bring back the board the load replaced)
    states = [read_board(page)]
    for row, col in [(0, 0), (1, 2), (3, 3)]:
        cell(page, row, col).click()
        states.append(read_board(page))
    expect(moves).to_have_text("Moves: 3")
    button(page, "Undo").click()
    assert read_board(page) == states[2]
    button(page, "Undo").click()
    assert read_board(page) == states[1]
    expect(moves).to_have_text("Moves: 1")
    button(page, "Redo").click()
    assert read_board(page) == states[2]
    # A new press after undo drops the redo stack.
    button(page, "Undo").click()
    cell(page, 2, 2).click()
    expect(button(page, "Redo")).to_be_disabled()
    assert read_board(page) == simulate_press(states[1], 2, 2)
    # Ctrl+Z also undoes (focus on the grid).
    page.keyboard.press("Control+z")
    assert read_board(page) == states[1]


def test_keyboard_reaches_the_grid_and_arrows_move(ready_page):
    page = ready_page
    load_text(page, grid_text(dark(3, 3)))
    # One tab stop for the whole grid.
    assert page.evaluate("document.querySelectorAll('[role=gridcell][tabindex=\"0\"]').length") == 1
    # Clicking the heading sets the focus starting point; Tab reaches the grid after the
    # page tools in the header (language, contrast, help), and the grid is one stop.
    page.get_by_role("heading", name="Lights Out").click()
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") != "gridcell"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    focused = lambda: page.evaluate(  # noqa: E731
        "[document.activeElement.dataset.row, document.activeElement.dataset.col].map(Number)")
    assert focused() == [0, 0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused() == [1, 1]
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert focused() == [1, 2]  # stops at the edge
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused() == [0, 2]
    page.keyboard.press("Space")
    assert read_board(page) == simulate_press(dark(3, 3), 0, 2)
    page.keyboard.press("Enter")
    assert read_board(page) == dark(3, 3)
    page.keyboard.press("Home")
    assert focused() == [0, 0]
    assert page.evaluate("document.querySelectorAll('[role=gridcell][tabindex=\"0\"]').length") == 1


def test_play_solution_ends_solved_and_lands_in_history(ready_page):
    page = ready_page
    set_goal(page, "off")
    load_text(page, (DATA / "tv-show-8x8.txt").read_text())
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    presses = len(marked_cells(page))
    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1", timeout=presses * 1000 + 5000)
    expect(page.locator("#move-count")).to_have_text(f"Moves: {presses}")
    assert marked_cells(page) == []
    button(page, "Undo").click()
    expect(status(page)).to_have_attribute("data-solved", "0")


def test_all_on_goal(ready_page):
    page = ready_page
    load_text(page, grid_text(dark(5, 5)))
    set_goal(page, "on")
    expect(status(page)).to_have_attribute("data-solved", "0")
    solve_and_press_marks(page, goal="on")
    assert read_board(page) == [[1] * 5 for _ in range(5)]
    set_goal(page, "off")
    expect(status(page)).to_have_attribute("data-solved", "0")


def test_unsolvable_board_says_so_in_a_players_words(ready_page):
    """Issue #31: no "nullity 2" on the message line; the share that can be solved, and the marked lights."""
    page = ready_page
    set_goal(page, "off")
    load_text(page, "#....\n.....\n.....\n.....\n.....\n")
    button(page, "Solve").click()
    expect(status(page).locator(".message")).to_have_text(
        "This board cannot be solved: 1 in 4 boards of this size can. The marked lights show why.")
    assert page.locator('[role="gridcell"][data-proof="1"]').count() > 0
    assert marked_cells(page) == []


def test_hint_marks_one_press_and_pressing_it_clears_it(ready_page):
    page = ready_page
    set_goal(page, "off")
    load_text(page, (DATA / "tv-show-8x8.txt").read_text())
    button(page, "Hint").click()
    expect(board(page).locator('[data-press="1"]')).to_have_count(1)
    (row, col), = marked_cells(page)
    cell(page, row, col).click()
    assert marked_cells(page) == []


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_press_off_the_marks_reroutes_them_and_undo_brings_the_marks_back(ready_page, language):
    """Issue #41: a slip keeps a solution on screen — the stray press joins the marks, which still
    solve the board as it now is — says so in the player's words, and Undo restores the marks shown
    before the press (before: every mark was cleared, and Undo left the line blank)."""
    page = ready_page
    set_goal(page, "off")
    load_text(page, (DATA / "tv-show-8x8.txt").read_text())
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    marks = set(marked_cells(page))
    row, col = next((r, c) for r in range(8) for c in range(8) if (r, c) not in marks)
    set_language(page, language)
    try:
        page.locator(f'#board [role="gridcell"][data-row="{row}"][data-col="{col}"]').click()  # named in either language
        expect(status(page).locator(".message")).to_have_text(
            {"en": "Off the route: the marks now include that light.", "zh": "偏离了路线：标记已把这一格算进去。"}[language])
    finally:
        set_language(page, "en")
    rerouted = set(marked_cells(page))
    assert rerouted == marks | {(row, col)}
    simulated = read_board(page)  # the rerouted marks, pressed on the board as it now is, clear it
    for r, c in rerouted:
        simulated = simulate_press(simulated, r, c)
    assert all(light == 0 for line in simulated for light in line)
    page.locator("#undo").click()
    expect(board(page).locator(f'[data-row="{row}"][data-col="{col}"]')).not_to_have_attribute("data-press", "1")
    assert set(marked_cells(page)) == marks


def test_dropping_a_text_file_loads_it(ready_page):
    page = ready_page
    text = (DATA / "tv-show-8x8.txt").read_text()
    page.evaluate(
        """(text) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], "board.txt", { type: "text/plain" }));
          document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""",
        text,
    )
    expect(status(page)).to_contain_text("Loaded an 8×8 board")  # issue #31: "a 8×8" before
    assert read_board(page) == [[1 if ch == "#" else 0 for ch in line] for line in text.split()]


def test_copy_board_and_solution_use_the_pasted_format(ready_page):
    page = ready_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    set_goal(page, "off")
    load_text(page, "3\n#.#\n.#.\n#.#\n")
    button(page, "Copy board").click()
    expect(status(page)).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()").splitlines() == ["3", "#.#", ".#.", "#.#"]
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    presses = set(marked_cells(page))
    page.evaluate("navigator.clipboard.writeText('')")
    button(page, "Copy solution").click()
    expect(status(page)).to_contain_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()").split()
    assert {(r, c) for r, line in enumerate(copied) for c, ch in enumerate(line) if ch == "#"} == presses


# The press logic of game.js (every rule, surface and k) and its game IDs are checked
# against Python headless: tests/js/agreement.test.mjs and tests/js/codec.test.mjs.


def test_screenshot_of_a_solved_hint(ready_page):
    """Saves test-results/lightsout.png (the README's docs/screenshot.png is a copy)."""
    page = ready_page
    set_goal(page, "off")
    load_text(page, (DATA / "tv-show-8x8.txt").read_text())
    page.get_by_role("textbox", name="Board").fill("")
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    cell(page, 0, 0).focus()
    page.mouse.move(0, 0)
    Path("test-results").mkdir(exist_ok=True)
    # As a reader first sees the page: the sections beside the board closed.
    page.evaluate("() => { for (const section of document.querySelectorAll('details.section')) section.open = false; }")
    page.screenshot(path="test-results/lightsout.png")
    open_sections(page)
    assert Path("test-results/lightsout.png").stat().st_size > 10_000


def test_rows_and_columns_make_a_new_board_and_bad_sizes_keep_it(ready_page):
    page = ready_page
    page.get_by_label("Rows").fill("3")
    page.get_by_label("Rows").press("Tab")
    page.get_by_label("Columns").fill("9")
    page.get_by_label("Columns").press("Tab")
    expect(board(page).get_by_role("gridcell")).to_have_count(27)
    expect(board(page).get_by_role("row")).to_have_count(3)
    before = read_board(page)
    page.get_by_label("Rows").fill("10001")
    page.get_by_label("Rows").press("Tab")
    expect(status(page)).to_contain_text("from 1 to 10000")
    assert read_board(page) == before
