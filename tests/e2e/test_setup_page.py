"""Set-up mode and the win banner on the shared ready page.

Set up: a board known here (made by the Python package) is copied onto a cleared board
light by light with set-up mode on, the mode is left, Solve's marks are checked by
simulating their presses (lightsout.model.puzzle.apply) and then pressed on the page until it
reaches the goal — on the DOM grid, with 3 states, and on the canvas (80×80, clicked
by coordinates). The win: solving a board by pressing shows the #win banner over the
board (the board does not move) with Next puzzle; under prefers-reduced-motion no
animation runs.
"""

from __future__ import annotations

import json
import random

import pytest

from e2e_helpers import (
    board, button, cell, click_cells, grid_text, link_written, load_text, read_board, restore_classic_game, set_language, set_states,
    shots_dir, solve_and_press_marks, status,
)
from playwright.sync_api import Page, expect

from lightsout import Puzzle, api
from lightsout.model import codec
from lightsout.model.puzzle import apply, press



def shot(page: Page, name: str) -> None:
    page.locator(".play").screenshot(path=str(shots_dir("setup") / name))


def hash_of_board(page: Page, rows: int, cols: int, cells: list[int]) -> str:
    """The page's hash once it has written its link: a link to the two-state board `cells` with no moves (read by Python's share op)."""
    wanted = codec.format_packed(rows, cols, codec.pack(cells, 1), 2)
    text = link_written(page)
    reply = json.loads(api.handle(json.dumps({"op": "share", "text": text}))) if len(text) > 1 else {"ok": False}
    assert reply["ok"] and reply["board"] == wanted and reply["moves"] == [], f"the link is not the board as set: {text[:80]}"
    return text


def setup_button(page: Page):
    return button(page, "Set the lights by hand")


def snapshot(page: Page) -> dict:
    return page.evaluate("window.lightsOut.statesSnapshot()")


def known_lights(puzzle: Puzzle, presses: int, seed: int) -> int:
    """The lights of `presses` random presses from dark: a board the rule can solve."""
    rng = random.Random(seed)
    lights = 0
    for _ in range(presses):
        lights = press(puzzle, lights, rng.randrange(puzzle.rows), rng.randrange(puzzle.cols))
    return lights


def marks_solve(puzzle: Puzzle, lights: int, marks: list[int]) -> bool:
    """Simulate pressing each cell its marked number of times (Python): does it reach all off?"""
    return apply(puzzle, lights, puzzle.packed(marks)) == 0


def test_copy_a_board_cell_by_cell_on_the_grid_then_solve_it(ready_page: Page) -> None:
    page = ready_page
    restore_classic_game(page)
    rows, cols = 7, 7
    puzzle = Puzzle(rows, cols)
    lights = known_lights(puzzle, 9, seed=14)
    wanted = puzzle.states(lights)
    assert any(wanted)
    load_text(page, grid_text([[0] * cols for _ in range(rows)]))

    setup_button(page).click()
    expect(setup_button(page)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board")).to_have_attribute("data-mode", "setup")
    expect(status(page).locator(".message")).to_contain_text("a click turns one light on or off")
    click_cells(page, [divmod(index, cols) for index, state in enumerate(wanted) if state])
    assert read_board(page) == [wanted[r * cols:(r + 1) * cols] for r in range(rows)]  # only the clicked lights
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    shot(page, "setup-mode-grid.png")

    setup_button(page).click()
    expect(setup_button(page)).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board")).not_to_have_attribute("data-mode", "setup")
    expect(button(page, "Undo")).to_be_disabled()  # a fresh history: no way back into the set-up
    assert snapshot(page)["cells"] == wanted

    # The share link holds the board as set: open it again over another board.
    link = hash_of_board(page, rows, cols, wanted)  # written after a short delay: the board as set, not an older one
    button(page, "Clear").click()
    page.wait_for_function("(old) => location.hash !== old", arg=link)  # the cleared board's link
    page.evaluate("(hash) => { location.hash = hash; }", link)
    expect(status(page).locator(".message")).to_contain_text("Opened")
    assert snapshot(page)["cells"] == wanted

    presses = solve_and_press_marks(page)  # checks the marks by simulation, presses them, sees the goal
    assert presses


def test_set_up_with_three_states_by_keyboard_then_solve(ready_page: Page) -> None:
    page = ready_page
    restore_classic_game(page)
    set_states(page, 3)
    rows, cols = 4, 4
    load_text(page, "\n".join("0" * cols for _ in range(rows)) + "\n")
    puzzle = Puzzle(rows, cols, k=3)
    lights = known_lights(puzzle, 7, seed=3)
    wanted = puzzle.states(lights)
    assert 2 in wanted

    setup_button(page).focus()
    page.keyboard.press("Enter")  # the toggle is a button: the keyboard turns it on
    expect(setup_button(page)).to_have_attribute("aria-pressed", "true")
    expect(status(page).locator(".message")).to_contain_text("0 → 1 → … → 2 → 0")
    for index, state in enumerate(wanted):
        target = cell(page, index // cols, index % cols)
        for _ in range(state):
            target.focus()
            page.keyboard.press("Space")
    expect(cell(page, 0, 0)).to_have_attribute("data-state", str(wanted[0]))
    assert snapshot(page)["cells"] == wanted
    # One more Space steps the light on round to where it started: 2 → 0 → … only it changes.
    index = wanted.index(2)
    cell(page, index // cols, index % cols).focus()
    page.keyboard.press("Space")
    assert snapshot(page)["cells"] == [0 if i == index else s for i, s in enumerate(wanted)]
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    assert snapshot(page)["cells"] == wanted
    shot(page, "setup-mode-states.png")
    setup_button(page).click()
    expect(button(page, "Undo")).to_be_disabled()

    button(page, "Solve").click()
    page.wait_for_function("window.lightsOut.statesSnapshot().marks !== null")
    marks = snapshot(page)["marks"]
    assert marks_solve(puzzle, lights, marks)
    click_cells(page, [divmod(index, cols) for index, times in enumerate(marks) for _ in range(times)])
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert snapshot(page)["cells"] == [0] * (rows * cols)
    set_states(page, 2)


def test_copy_a_board_onto_the_canvas_by_coordinates_then_solve_it(ready_page: Page) -> None:
    page = ready_page
    restore_classic_game(page)
    rows = cols = 80
    canvas = page.locator('canvas[aria-label="Board"]')
    for label, value in (("Rows", rows), ("Columns", cols)):
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Tab")
    expect(canvas).to_have_attribute("data-rows", str(rows))
    expect(canvas).to_have_attribute("data-cols", str(cols))
    button(page, "Clear").click()
    expect(canvas).to_have_attribute("data-lit-count", "0")
    puzzle = Puzzle(rows, cols)
    lights = known_lights(puzzle, 3, seed=80)
    lit = [index for index, state in enumerate(puzzle.states(lights)) if state]

    setup_button(page).click()
    expect(page.locator("#board")).to_have_attribute("data-mode", "setup")
    for index in lit:
        point = page.evaluate("([r, c]) => window.lightsOut.clientOfCell(r, c)", [index // cols, index % cols])
        page.mouse.click(point["x"], point["y"])
    expect(canvas).to_have_attribute("data-lit-count", str(len(lit)))
    cells = snapshot(page)["cells"]
    assert [index for index, state in enumerate(cells) if state] == lit
    page.evaluate("window.lightsOut.flush()")
    shot(page, "setup-mode-canvas.png")
    setup_button(page).click()
    expect(page.locator("#board")).not_to_have_attribute("data-mode", "setup")

    button(page, "Solve").click()
    expect(canvas).not_to_have_attribute("data-press-count", "0")
    marks = snapshot(page)["marks"]
    assert marks_solve(puzzle, lights, marks)
    assert (page.evaluate("window.lightsOut.verifyShown()"))["solved"]
    button(page, "Play solution").click()  # presses every mark through the press path
    expect(canvas).to_have_attribute("data-lit-count", "0")
    expect(status(page)).to_have_attribute("data-solved", "1")
    restore_classic_game(page)


def test_set_up_and_edit_shape_exclude_each_other_and_holes_cannot_be_set(ready_page: Page) -> None:
    page = ready_page
    restore_classic_game(page)
    edit_shape = button(page, "Edit shape")
    edit_shape.click()
    button(page, "Hole").click()
    cell(page, 0, 0).click()
    expect(cell(page, 0, 0)).to_have_attribute("data-hole", "1")
    setup_button(page).click()
    expect(edit_shape).to_have_attribute("aria-pressed", "false")
    cell(page, 0, 0).click(force=True)  # a hole: nothing to set
    expect(cell(page, 0, 0)).to_have_attribute("data-hole", "1")
    assert sum(snapshot(page)["cells"]) == 0
    edit_shape.click()
    expect(setup_button(page)).to_have_attribute("aria-pressed", "false")
    button(page, "Cell").click()
    cell(page, 0, 0).click()  # back to a cell
    edit_shape.click()
    button(page, "Full board").click()
    restore_classic_game(page)


def win_by_pressing(page: Page) -> None:
    """A 5×5 board one press (the centre) from all off; press it."""
    restore_classic_game(page)
    lights = [[0] * 5 for _ in range(5)]
    for r, c in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3)):
        lights[r][c] = 1
    load_text(page, grid_text(lights))
    cell(page, 2, 2).click()


def test_a_win_is_celebrated_over_the_board_and_next_puzzle_deals_a_new_one(ready_page: Page) -> None:
    page = ready_page
    win_by_pressing(page)
    banner = page.locator("#win")
    expect(banner).to_be_visible()
    expect(page.locator("#win-title")).to_have_text("Solved!")
    expect(page.locator("#board")).to_have_class("board won celebrate")
    # Laid over the board, which did not move.
    grid_box = board(page).bounding_box()
    banner_box = banner.bounding_box()
    assert grid_box["y"] < banner_box["y"] + banner_box["height"] / 2 < grid_box["y"] + grid_box["height"]
    shot(page, "win-banner.png")
    button(page, "Next puzzle").click()
    expect(banner).to_be_hidden()
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_be_focused()  # the keyboard is back on the board
    expect(status(page)).to_have_attribute("data-solved", "0")
    assert any(any(row) for row in read_board(page))
    expect(page.locator("#board")).not_to_have_class("board won")

    # Play solution (beside the marks after Solve) reaches the goal too: a quieter banner, no celebration.
    button(page, "Solve").click()
    button(page, "Play solution").click()
    expect(banner).to_be_visible()
    expect(page.locator("#win-title")).to_have_text("Solved by Play solution")
    expect(page.locator("#board")).to_have_class("board won")
    button(page, "Close").click()
    expect(banner).to_be_hidden()
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_be_focused()


def test_reduced_motion_shows_the_win_without_animation(ready_page: Page) -> None:
    page = ready_page
    page.emulate_media(reduced_motion="reduce")
    try:
        win_by_pressing(page)
        expect(page.locator("#win")).to_be_visible()
        expect(page.locator("#board")).to_have_class("board won")  # a still glow, no `celebrate`
        animations = page.evaluate("""() => [document.querySelector('.grid'), ...document.querySelectorAll('.grid .row')]
            .map((element) => getComputedStyle(element).animationName)""")
        assert set(animations) == {"none"}
        shot(page, "win-banner-reduced-motion.png")
    finally:
        page.emulate_media(reduced_motion="no-preference")
        restore_classic_game(page)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_set_up_has_clear_and_fill_and_solve_ends_it_so_the_marks_are_pressed(ready_page: Page, language: str) -> None:
    """Issue #31, point 2: while set-up is on, Clear and Fill sit under the toolbar (one step
    Undo takes back each); Solve leaves set-up, so a click on a marked cell presses it (its
    mark goes, the others stay) and pressing the marks solves the board as set."""
    page = ready_page
    restore_classic_game(page)
    set_language(page, language)
    words = {"en": ("Clear", "Fill", "Every light on."), "zh": ("清空", "全亮", "所有灯都已点亮。")}[language]
    tools = page.locator("#setup-tools")
    expect(tools).to_be_hidden()
    page.locator("#setup-mode").click()
    expect(tools).to_be_visible()
    expect(page.locator("#setup-clear")).to_have_text(words[0])
    expect(page.locator("#setup-fill")).to_have_text(words[1])
    page.locator("#setup-fill").click()
    expect(status(page).locator(".message")).to_contain_text(words[2])
    assert snapshot(page)["cells"] == [1] * 25
    page.locator("#setup-clear").click()
    assert snapshot(page)["cells"] == [0] * 25
    page.locator("#undo").click()  # Clear taken back: every light on again
    assert snapshot(page)["cells"] == [1] * 25
    page.locator("#setup-clear").click()
    rows = cols = 5
    puzzle = Puzzle(rows, cols)
    lights = known_lights(puzzle, 6, seed=31)
    wanted = puzzle.states(lights)
    board_cells = page.locator("#board .cell")
    for index, state in enumerate(wanted):
        if state:
            board_cells.nth(index).click()
    assert snapshot(page)["cells"] == wanted

    page.locator("#solve").click()
    expect(page.locator("#setup-mode")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board")).not_to_have_attribute("data-mode", "setup")
    expect(tools).to_be_hidden()
    page.wait_for_function("window.lightsOut.statesSnapshot().marks !== null")
    marks = snapshot(page)["marks"]
    assert marks_solve(puzzle, lights, marks)
    first = next(index for index, count in enumerate(marks) if count)
    board_cells.nth(first).click()  # pressed, not set: the mark goes, the others stay
    after = snapshot(page)
    assert after["moves"] == 1
    assert after["marks"] == [0 if index == first else count for index, count in enumerate(marks)]
    for index, count in enumerate(after["marks"]):
        for _ in range(count):
            board_cells.nth(index).click()
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert snapshot(page)["cells"] == [0] * 25
    set_language(page, "en")
