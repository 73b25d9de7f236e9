"""k states per light and the four surfaces, on the shared ready page: the States and
Surface controls, k-state boards loaded, copied, solved and played, press counts in
solutions, clicks that wrap across the edges, and the analysis. Every solution the page
marks is checked by applying its press counts with the package's one model
(states_reference.py, through lightsout.api); the press logic itself is checked
headless on every k, rule and surface (tests/js/agreement.test.mjs)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import (
    reveal_fewest,
    board,
    button,
    cell,
    click_cells,
    full_page_screenshot,
    load_text,
    restore_classic_game,
    set_goal,
    set_states,
    settled,
    status,
)
from playwright.sync_api import Page, expect

from states_reference import Game, format_states, parse_states, solve_states
from lightsout.model.rules import parse_rule

LIGHTS_OUT_2000 = "01200\n12010\n20102\n01021\n00210"  # a 3-state board, as in "Lights Out 2000"


@pytest.fixture
def page(ready_page: Page) -> Iterator[Page]:
    """The shared page, put back to two states, the plus rule on a plane and a plain
    5×5 board afterwards (the other tests expect the classic game)."""
    yield ready_page
    page = ready_page
    page.evaluate("document.getElementById('analysis').open = false")
    restore_classic_game(page)




def set_variant(page: Page, k: int, surface: str = "plane", rule: str = "plus") -> None:
    page.get_by_label("Rule", exact=True).select_option(rule)
    page.get_by_label("Surface", exact=True).select_option(surface)
    set_states(page, k)


def snapshot(page: Page) -> dict[str, Any]:
    """The page's game as data (window.lightsOut.statesSnapshot) after pending draws."""
    settled(page)
    return page.evaluate("window.lightsOut.statesSnapshot()")


def shown(page: Page) -> list[dict[str, Any]]:
    """Every cell's contract attributes, in reading order."""
    settled(page)
    return page.evaluate(
        """() => [...document.querySelectorAll('[role="grid"][aria-label="Board"] [role="gridcell"]')].map(e => ({
             row: Number(e.dataset.row), col: Number(e.dataset.col), state: Number(e.dataset.state),
             lit: e.dataset.lit, press: e.dataset.press === undefined ? 0 : Number(e.dataset.press) }))"""
    )


def states_shown(page: Page) -> list[int]:
    cells = shown(page)
    for item in cells:
        assert item["lit"] == ("1" if item["state"] else "0"), item
    return [item["state"] for item in cells]


def presses_shown(page: Page) -> list[int]:
    return [item["press"] for item in shown(page)]


def python_game(page: Page) -> Game:
    data = snapshot(page)
    return Game(data["rows"], data["cols"], data["k"], parse_rule(data["rule"]).stencil, data["surface"])


def solve_and_check(page: Page) -> list[int]:
    """Solve; check the marked press counts take the board to the goal (states_reference.py);
    returns them."""
    button(page, "Solve").click()
    expect(board(page).locator("[data-press]").first).to_be_visible()
    data = snapshot(page)
    game = python_game(page)
    cells, presses = states_shown(page), presses_shown(page)
    assert cells == data["cells"] and presses == data["marks"]
    goal = 0 if data["target"] == "off" else game.k - 1
    assert game.apply(cells, presses) == [goal] * game.cells, "the marked press counts do not solve the board"
    return presses




# ---------------------------------------------------------------------------------
# Loading, copying, solving and playing


def test_three_state_board_round_trips_solves_and_plays(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    expect(status(page)).to_contain_text("3 states")
    want = [int(symbol) for symbol in LIGHTS_OUT_2000 if symbol != "\n"]
    assert states_shown(page) == want

    button(page, "Copy board").click()
    expect(status(page)).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == LIGHTS_OUT_2000

    presses = solve_and_check(page)
    message = status(page).locator(".message")
    expect(message).to_contain_text("the proven fewest")
    expect(message).to_contain_text("27 different solutions exist.")
    expect(message).not_to_contain_text("Z/3")  # issue #31: the structure is Analysis's figure
    assert Game(5, 5, 3).apply(want, presses) == [0] * 25
    assert max(presses) == 2
    expect(board(page).locator('[data-press="2"]').first).to_be_visible()

    page.evaluate("navigator.clipboard.writeText('')")
    button(page, "Copy solution").click()
    expect(status(page)).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == format_states(5, 5, presses, 3)

    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert states_shown(page) == [0] * 25
    assert board(page).locator("[data-press]").count() == 0
    expect(page.locator("#move-count")).to_have_text(f"Moves: {sum(presses)}")
    # The played presses are in the history: Undo takes the last one back (2 more presses).
    last = max(i for i, count in enumerate(presses) if count)
    button(page, "Undo").click()
    assert states_shown(page) == Game(5, 5, 3).press([0] * 25, *divmod(last, 5), 2)
    expect(status(page)).to_have_attribute("data-solved", "0")
    button(page, "Redo").click()
    expect(status(page)).to_have_attribute("data-solved", "1")


@pytest.mark.parametrize(("k", "surface", "rule", "size", "goal"), [
    (4, "plane", "plus", (6, 5), "off"),
    (6, "torus", "moore", (4, 5), "off"),
    (6, "projective", "plus", (5, 4), "on"),
    (4, "klein", "x", (4, 4), "on"),
])
def test_composite_k_boards_are_solved_and_marked_cells_count_down(page, k, surface, rule, size, goal):
    """Z/kZ for composite k is not a field: the page must still mark a true solution."""
    set_variant(page, k, surface, rule)
    rows, cols = size
    load_text(page, "\n".join("0" * cols for _ in range(rows)))
    set_goal(page, goal)
    # Random boards are solvable from all 0; for these variants all k−1 is solvable too.
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text(f"New {rows}×{cols} puzzle")
    presses = solve_and_check(page)
    # Pressing a marked cell takes one off its count; the rest still solve the board.
    index = next(i for i, count in enumerate(presses) if count)
    row, col = divmod(index, cols)
    cell(page, row, col).click()
    assert presses_shown(page)[index] == presses[index] - 1
    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1")
    target = 0 if goal == "off" else k - 1
    assert states_shown(page) == [target] * (rows * cols)


def test_an_unproven_k_state_solution_offers_no_two_state_search(page):
    """255 states on 5×5 have 195075 solutions, more than solve_states searches: the
    answer is not proven the fewest, and "Search all … solutions" (a two-state search of
    2^nullity solutions) is not offered for it."""
    set_states(page, 255)
    load_text(page, "\n".join(" ".join(["0"] * 5) for _ in range(5)))
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 5×5 puzzle")
    solve_and_check(page)
    message = status(page).locator(".message")
    expect(message).to_contain_text("Not proven the fewest")
    expect(message).to_contain_text("195,075 different solutions")
    expect(page.locator("#search-to-end")).to_be_hidden()


def test_undo_and_redo_take_k_state_presses_back(page):
    set_variant(page, 5, "klein")
    load_text(page, "012\n340\n000\n111")
    start = states_shown(page)
    game = Game(4, 3, 5, surface="klein")
    cell(page, 0, 1).click()
    cell(page, 0, 1).click()
    cell(page, 3, 2).click()
    after = game.press(game.press(start, 0, 1, 2), 3, 2)
    assert states_shown(page) == after
    button(page, "Undo").click()
    assert states_shown(page) == game.press(start, 0, 1, 2)
    button(page, "Undo").click()
    button(page, "Undo").click()
    assert states_shown(page) == start
    button(page, "Redo").click()
    assert states_shown(page) == game.press(start, 0, 1)
    expect(page.locator("#move-count")).to_have_text("Moves: 1")


def test_hint_keyboard_and_shortcuts_play_a_k_state_board(page):
    set_variant(page, 4, "torus")
    rng = random.Random(4)
    game = Game(4, 4, 4, surface="torus")
    start = [0] * 16
    for index in range(16):
        start = game.press(start, *divmod(index, 4), rng.randrange(4))
    load_text(page, "\n".join("".join(str(v) for v in start[r * 4:(r + 1) * 4]) for r in range(4)))
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("h")  # H: a hint, one marked press
    expect(board(page).locator("[data-press]")).to_have_count(1)
    expect(status(page).locator(".message")).to_contain_text("Hint")
    index = presses_shown(page).index(1)
    row, col = divmod(index, 4)
    # Arrow keys to the hinted cell, Space presses it: the mark is used up.
    cell(page, 0, 0).focus()
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("#announcer")).to_contain_text(f"Pressed row {row + 1}, column {col + 1}.")
    assert states_shown(page) == game.press(start, row, col)
    assert board(page).locator("[data-press]").count() == 0
    page.keyboard.press("u")  # U undoes: the press is taken back (k − 1 more presses)
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    assert states_shown(page) == start
    page.keyboard.press("s")  # S solves
    expect(board(page).locator("[data-press]").first).to_be_visible()
    data = snapshot(page)
    assert game.apply(data["cells"], data["marks"]) == [0] * 16


def test_k_state_new_puzzle_has_its_minimum_timer_and_best_result(page):
    page.evaluate("localStorage.removeItem('lightsout-records')")
    page.get_by_label("Presses").fill("3")
    try:
        set_states(page, 3)
        load_text(page, "\n".join("0" * 4 for _ in range(4)))
        # Lit cells and Presses say nothing about a k-state puzzle: disabled, and why.
        expect(page.get_by_label("Presses")).to_be_disabled()
        expect(page.get_by_label("Lit cells")).to_be_disabled()
        expect(page.locator("#states-puzzle-note")).to_be_visible()
        expect(page.locator("#states-puzzle-note")).to_contain_text("Lit cells and Presses are not used")
        button(page, "New puzzle").click()
        expect(status(page)).to_contain_text("New 4×4 puzzle")
        start = snapshot(page)["cells"]
        fewest = solve_states(Game(4, 4, 3), start, "zero", minimal=True)
        assert fewest.minimal and fewest.presses is not None
        reveal_fewest(page)
        expect(page.locator("#minimum")).to_have_text(f"(best possible: {fewest.total_presses})")
        expect(page.locator("#timer")).to_have_text("Time: 0:00")
        click_cells(page, [divmod(index, 4) for index, count in enumerate(fewest.presses) for _ in range(count)])
        if fewest.total_presses:
            expect(status(page)).to_contain_text(f"Solved in {fewest.total_presses} moves and 0:")
            expect(status(page)).to_contain_text("A new best!")
            best = page.evaluate("JSON.parse(localStorage.getItem('lightsout-records')).best")
            assert list(best) == ["random:4x4 k3"]
            assert best["random:4x4 k3"]["moves"] == fewest.total_presses
            expect(page.locator("#best-result")).to_have_text(
                re.compile(rf"^Best for New puzzle 4×4: {fewest.total_presses} moves, 0:\d\d\.$"))
    finally:
        set_states(page, 2)
        page.get_by_label("Presses").fill("")
    expect(page.locator("#states-puzzle-note")).to_be_hidden()
    expect(page.get_by_label("Presses")).to_be_enabled()


def test_puzzle_of_the_day_and_presets_go_back_to_the_classic_game(page):
    set_variant(page, 5, "klein")
    page.locator("#daily-card").click()
    expect(status(page)).to_contain_text("Puzzle of the day")
    expect(status(page)).to_contain_text("Puzzles use the classic game")
    expect(page.get_by_label("States", exact=True)).to_have_value("2")
    expect(page.get_by_label("Surface", exact=True)).to_have_value("plane")
    assert snapshot(page)["k"] == 2
    reveal_fewest(page)
    expect(page.locator("#minimum")).to_contain_text("best possible")
    set_variant(page, 4, "projective", "moore")
    button(page, "Classic 5×5").click()
    expect(page.get_by_label("Rule", exact=True)).to_have_value("plus")
    data = snapshot(page)
    assert (data["k"], data["surface"], data["rule"]) == (2, "plane", "plus")
    assert data["cells"][:5] == [1, 0, 1, 0, 1]


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def download(page: Page, name: str) -> tuple[str, bytes]:
    with page.expect_download() as info:
        button(page, name).click()
    return info.value.suggested_filename, open(info.value.path(), "rb").read()


@pytest.mark.parametrize(("k", "rows", "cols"), [(3, 5, 5), (40, 3, 4)])
def test_export_writes_k_states_and_press_counts(page, k, rows, cols):
    set_states(page, k)
    rng = random.Random(k)
    game = Game(rows, cols, k)
    start = [0] * (rows * cols)
    for index in range(rows * cols):
        start = game.press(start, *divmod(index, cols), rng.randrange(k))
    text = LIGHTS_OUT_2000 if k == 3 else format_states(rows, cols, start, k)
    load_text(page, text)
    start = snapshot(page)["cells"]
    name, data = download(page, "Download text")
    assert name == f"lights-out-{rows}x{cols}.txt"
    assert data.decode() == format_states(rows, cols, start, k) + "\n"
    assert parse_states(data.decode(), k) == (rows, cols, start)
    name, data = download(page, "Download image")
    assert name == f"lights-out-{rows}x{cols}.png" and data.startswith(PNG_SIGNATURE)

    presses = solve_and_check(page)
    board_part, solution_part = download(page, "Download text")[1].decode().split("\n\n")
    assert parse_states(board_part, k) == (rows, cols, start)
    assert parse_states(solution_part, k) == (rows, cols, presses)
    assert download(page, "Download image")[1].startswith(PNG_SIGNATURE)


def test_exported_image_draws_the_state_colours(page):
    """The image's cells have palette.js's colours (state 0 the export's dark grey)."""
    pixels = page.evaluate("""async () => {
      const base = document.baseURI;
      const { boardImage } = await import(new URL("static/views/export.js", base).href);
      const { boardFromCells } = await import(new URL("static/model/board.js", base).href);
      const { stateColours } = await import(new URL("static/views/palette.js", base).href);
      const board = boardFromCells(1, 5, 5, [0, 1, 2, 3, 4]);
      const bitmap = await createImageBitmap(await boardImage(board));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      context.drawImage(bitmap, 0, 0);
      const size = bitmap.height; // one row of square cells
      const hex = (x) => "#" + [...context.getImageData(x, size / 2, 1, 1).data.slice(0, 3)]
        .map((v) => v.toString(16).padStart(2, "0")).join("");
      return { got: [0, 1, 2, 3, 4].map((c) => hex(c * size + size / 4)),
               want: stateColours(5).map((colour) => colour.fill ?? "#3a4150") };
    }""")
    assert pixels["got"] == pixels["want"]


# ---------------------------------------------------------------------------------
# The press logic of game.js is checked against Python headless, on every k, rule and
# surface (tests/js/agreement.test.mjs); here a click on the page wraps as Python does.


@pytest.mark.parametrize(("surface", "row", "col"), [
    ("klein", 0, 1), ("klein", 3, 4), ("klein", 2, 0), ("projective", 0, 0), ("projective", 3, 1),
])
def test_edge_press_wraps_on_klein_bottle_and_projective_plane_as_python(page, surface, row, col):
    set_variant(page, 3, surface)
    load_text(page, "\n".join("0" * 5 for _ in range(4)))
    cell(page, row, col).click()
    want = Game(4, 5, 3, surface=surface).press([0] * 20, row, col)
    assert states_shown(page) == want
    # The wrap really crosses the edge: a plain torus would light other cells.
    if (surface, row, col) != ("klein", 2, 0):
        assert want != Game(4, 5, 3, surface="torus").press([0] * 20, row, col)


# ---------------------------------------------------------------------------------
# Errors and limits


def test_bad_k_state_paste_shows_line_and_column_and_keeps_the_board(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    before = states_shown(page)
    box = page.get_by_role("textbox", name="Board")
    box.fill("012\n031\n")
    button(page, "Load").click()
    alert = page.locator("#board-error")
    expect(alert).to_contain_text("Line 2, column 2")
    expect(alert).to_contain_text("expected a state 0 to 2, found “3”")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert states_shown(page) == before


def test_k_state_boards_stay_within_64_by_64_and_the_solver_says_what_is_too_large(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    rows = page.get_by_label("Rows")
    rows.fill("65")
    rows.dispatch_event("change")
    # The limit is the drawing's (the canvas shows two states), not the solver's.
    expect(status(page)).to_contain_text("at most 64×64")
    expect(status(page)).to_contain_text("canvas")
    expect(rows).to_have_value("5")
    assert len(states_shown(page)) == 25
    # Moore on 21×20 = 420 cells: the page asks, and the API's own limit is shown.
    page.get_by_label("Rule", exact=True).select_option("moore")
    load_text(page, "\n".join("0" * 20 for _ in range(20)) + "\n" + "0" * 19 + "1")
    assert (snapshot(page)["rule"], snapshot(page)["rows"]) == ("moore", 21)
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("Too large for this solver")
    expect(status(page)).to_contain_text(str(page.evaluate("window.lightsOut.limits().full_system_cells")))


def test_two_state_klein_bottle_of_100_by_100_plays_and_solves_on_the_canvas(page):
    """Two states on a Klein bottle are the two-state game: no 64×64 cap."""
    set_variant(page, 2, "klein")
    expect(page.get_by_label("Lit cells")).to_be_enabled()
    expect(page.locator("#states-puzzle-note")).to_be_hidden()
    page.get_by_label("Lit cells").fill("")
    for label in ("Rows", "Columns"):
        page.get_by_label(label).fill("100")
        page.get_by_label(label).press("Tab")
    canvas = page.locator('canvas[aria-label="Board"]')
    expect(canvas).to_have_attribute("data-rows", "100")
    expect(canvas).to_have_attribute("data-cols", "100")
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 100×100 puzzle")
    assert int(canvas.get_attribute("data-lit-count")) > 0
    button(page, "Solve").click()
    expect(canvas).not_to_have_attribute("data-press-count", "0", timeout=60_000)
    presses = int(canvas.get_attribute("data-press-count"))
    # Python applies the marked presses to the board (lightsout.api "verify").
    verdict = page.evaluate("window.lightsOut.verifyShown()")
    assert verdict["solved"] is True and verdict["lit"] == 0 and verdict["presses"] == presses
    page.screenshot(path="/tmp/klein-100-solution.png")
    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1", timeout=60_000)
    expect(canvas).to_have_attribute("data-lit-count", "0")
    verdict = page.evaluate("window.lightsOut.verifyShown()")  # no marks left: the board itself is solved
    assert verdict["solved"] is True and verdict["lit"] == 0 and verdict["presses"] == 0
    assert page.evaluate("window.lightsOut.statesSnapshot().surface") == "klein"


def plus_on_plane_with_holes(rows: int, cols: int, k: int, cells: list[int], presses: list[int],
                             holes: set[int]) -> list[int]:
    """The board after pressing each cell presses[i] times: plus rule, plane, holes skipped
    (a hole has no light and no button). Independent of the page and of the package."""
    out = list(cells)
    for index, times in enumerate(presses):
        if not times:
            continue
        assert index not in holes, "a hole was pressed"
        row, col = divmod(index, cols)
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < rows and 0 <= c < cols and r * cols + c not in holes:
                out[r * cols + c] = (out[r * cols + c] + times) % k
    return out


def test_three_states_with_a_hole_and_a_dont_care_cell_solve_and_play_to_the_goal(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    button(page, "Edit shape").click()
    expect(button(page, "Edit shape")).to_have_attribute("aria-pressed", "true")
    button(page, "Hole").click()
    cell(page, 2, 2).click()
    button(page, "Don't care").click()
    cell(page, 0, 4).click()
    button(page, "Edit shape").click()
    expect(board(page).locator("[data-hole]")).to_have_count(1)
    try:
        button(page, "New puzzle").click()
        expect(status(page)).to_contain_text("New 5×5 puzzle")
        data = snapshot(page)
        assert data["k"] == 3
        hole, dont_care = 2 * 5 + 2, 0 * 5 + 4
        assert data["cells"][hole] == 0
        button(page, "Solve").click()
        expect(board(page).locator("[data-press]").first).to_be_visible()
        data = snapshot(page)
        after = plus_on_plane_with_holes(5, 5, 3, data["cells"], data["marks"], {hole})
        assert all(state == 0 for index, state in enumerate(after) if index not in (hole, dont_care)), after
        verdict = page.evaluate("window.lightsOut.verifyShown()")
        assert verdict["solved"] is True
        button(page, "Play solution").click()
        expect(status(page)).to_have_attribute("data-solved", "1")
        final = snapshot(page)["cells"]
        assert final == after
    finally:
        button(page, "Full board").click()
        expect(board(page).locator("[data-hole]")).to_have_count(0)


def test_back_to_two_states_on_a_plane_plays_the_classic_game(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    # Shapes work with any number of states; only Lit cells and Presses wait for k = 2.
    expect(button(page, "Edit shape")).to_be_enabled()
    expect(button(page, "Ring")).to_be_enabled()
    expect(page.get_by_label("Lit cells")).to_be_disabled()
    set_states(page, 2)
    # The lights are kept modulo 2; cells still say data-state 0/1.
    assert states_shown(page) == [int(symbol) % 2 for symbol in LIGHTS_OUT_2000 if symbol != "\n"]
    assert page.evaluate("window.lightsOut.statesSnapshot().k") == 2
    expect(button(page, "Edit shape")).to_be_enabled()
    expect(page.get_by_label("Lit cells")).to_be_enabled()


# ---------------------------------------------------------------------------------
# Analysis


def test_analysis_panel_for_k_states_shows_solutions_and_structure(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    page.locator("#analysis > summary").click()
    expect(page.locator("#analysis-solutions")).to_have_text("27")
    expect(page.locator("#analysis-invariant-factors")).to_have_text("Z/3 × Z/3 × Z/3")
    expect(page.locator("#analysis-fraction")).to_have_text("1 in 27")
    expect(page.locator("#analysis-for")).to_contain_text("3 states")
    expect(page.locator("#quiet-note")).to_contain_text("not available for more than 2 states")
    expect(page.locator("#analysis-rank")).to_be_hidden()
    # A composite k on a projective plane: the structure mixes orders.
    set_variant(page, 4, "projective")
    load_text(page, "\n".join("0" * 5 for _ in range(5)))
    result = solve_states(Game(5, 5, 4, surface="projective"), [0] * 25)
    expect(page.locator("#analysis-solutions")).to_have_text(str(result.solution_count))
    expect(page.locator("#analysis-invariant-factors")).to_have_text(invariant_factors_text(result.invariant_factors))
    assert len(set(result.invariant_factors)) > 1, "expected a mixed structure such as Z/2 × Z/4"


def invariant_factors_text(orders: list[int]) -> str:
    """The page's way of writing a structure: equal factors run together, more than
    three of them as a power with superscript digits."""
    parts = []
    for order in sorted(set(orders), key=orders.index):
        power = orders.count(order)
        if power > 3:
            parts.append(f"(Z/{order})" + str(power).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")))
        else:
            parts.append(" × ".join([f"Z/{order}"] * power))
    return " × ".join(parts)


# ---------------------------------------------------------------------------------
# 中文


def chinese_words_check(page: Page) -> list[str]:
    """English words (3+ letters) in the visible controls and texts of the k-state parts."""
    texts = page.evaluate(
        """() => [...document.querySelectorAll(
                    'button, label, legend, summary, h1, h2, option, [role=status], .help, #analysis dt, #analysis-for')]
                  .filter(e => e.offsetParent !== null || e.tagName === 'OPTION')
                  .map(e => e.innerText ?? e.textContent)"""
    )
    # The judges' names (LibreOJ, POJ 1222 text in the paste help); the real games' own names, as on the box;
    # the puzzle-file keywords a user types (the Games section's help shows the syntax).
    allowed = {"English", "LOJ", "POJ", "Merlin", "Orbix", "cells", "press", "edge", "JSON"}
    return [word for text in texts for word in re.findall(r"[A-Za-z]{3,}", text) if word not in allowed]


def test_chinese_switch_translates_the_k_state_controls_analysis_and_cells(page):
    set_variant(page, 7, "klein")
    load_text(page, "\n".join("0" * 5 for _ in range(5)))
    button(page, "New puzzle").click()
    page.locator("#analysis > summary").click()
    expect(page.locator("#analysis-invariant-factors")).not_to_be_empty()
    solve_and_check(page)
    marked = presses_shown(page)
    try:
        page.get_by_role("button", name="中文").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        expect(page.get_by_label("状态数", exact=True)).to_have_value("7")
        expect(page.get_by_label("曲面", exact=True)).to_have_value("klein")
        assert page.locator("#surface option:checked").inner_text() == "克莱因瓶"
        assert page.locator("#surface").inner_text().split() == ["平面", "环面", "克莱因瓶", "射影平面", "游戏自身的棋盘"]
        expect(page.locator("#states-puzzle-note")).to_contain_text("“新谜题”生成任意可解的棋盘")
        # The analysis panel is written again in Chinese.
        expect(page.locator("#analysis-for")).to_contain_text("7 种状态")
        expect(page.locator("#analysis-for")).to_contain_text("克莱因瓶")
        expect(page.locator("#quiet-note")).to_contain_text("静默图案")
        # Cells are relabelled; the solution marks stay.
        expect(page.get_by_role("grid", name="棋盘")).to_be_visible()
        index = next(i for i, count in enumerate(marked) if count)
        row, col = divmod(index, 5)
        label = page.locator(f'#board [role="gridcell"][data-row="{row}"][data-col="{col}"]').get_attribute("aria-label")
        assert label.startswith(f"第 {row + 1} 行") and "状态" in label and "按" in label, label
        assert page.evaluate("window.lightsOut.statesSnapshot().marks") == marked
        assert chinese_words_check(page) == []
        states = page.get_by_label("状态数", exact=True)
        states.fill("3")
        states.dispatch_event("change")
        expect(status(page)).to_contain_text("3 种状态（克莱因瓶）")
    finally:
        page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#analysis-for")).to_contain_text("3 states")


# ---------------------------------------------------------------------------------
# A phone


def test_a_k_state_puzzle_with_numbers_and_its_minimum_fits_a_375px_phone(phone_page):
    phone = phone_page
    try:
        set_states(phone, 20)
        load_text(phone, "\n".join(" ".join(["0"] * 7) for _ in range(7)))
        button(phone, "New puzzle").click()
        reveal_fewest(phone)
        expect(phone.locator("#minimum")).to_contain_text("best possible")
        solve_and_check(phone)
        expect(board(phone)).to_have_class(re.compile(r"\bgrid--numbers\b"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= 375
        for locator in (cell(phone, 6, 6), phone.locator("#move-count"), button(phone, "Redo"), phone.locator("#timer")):
            box = locator.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        cell(phone, 3, 3).tap()
        expect(phone.locator("#move-count")).to_have_text("Moves: 1")
    finally:
        set_states(phone, 2)


# ---------------------------------------------------------------------------------
# Screenshots (test-results/, copied to /tmp)


def test_screenshots_of_k_state_boards(page):
    set_states(page, 3)
    load_text(page, LIGHTS_OUT_2000)
    solve_and_check(page)
    full_page_screenshot(page, "states-k3.png")

    set_states(page, 6)
    load_text(page, "\n".join("0" * 6 for _ in range(6)))
    button(page, "New puzzle").click()
    solve_and_check(page)
    full_page_screenshot(page, "states-k6.png")

    set_states(page, 40)
    load_text(page, "\n".join(" ".join(["0"] * 7) for _ in range(7)))
    button(page, "New puzzle").click()
    solve_and_check(page)
    expect(board(page)).to_have_class(re.compile(r"\bgrid--numbers\b"))
    full_page_screenshot(page, "states-k40.png")

    set_variant(page, 2, "klein")
    load_text(page, "\n".join("." * 6 for _ in range(6)))
    button(page, "New puzzle").click()
    solve_and_check(page)
    page.locator("#analysis > summary").click()
    # Two states on a Klein bottle get the two-state analysis: rank, nullity, quiet patterns.
    expect(page.locator("#analysis-nullity")).to_have_text("6")
    expect(page.locator("#analysis-for")).to_contain_text("Klein bottle")
    full_page_screenshot(page, "states-klein.png")
