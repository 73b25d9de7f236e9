"""Share links carry the click rule, the torus and the shape (holes, don't care):
a game played under them opens in a new page as it was, and the page's link text is
the one lightsout.share.links.format_share writes for that state."""

from __future__ import annotations

from conftest import without_solver
from e2e_helpers import button, cell, click_cells, load_text, read_board, restore_classic_game, status
from lightsout.model.rules import MOORE
from lightsout.share.links import ShareState, format_share, parse_share
from playwright.sync_api import expect


def press_moore_torus(cells: list[list[int]], row: int, col: int, holes: set[tuple[int, int]]) -> None:
    rows, cols = len(cells), len(cells[0])
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = (row + dr) % rows, (col + dc) % cols
            if (r, c) not in holes:
                cells[r][c] ^= 1


def _moves_text(moves: tuple[int, ...]) -> str:
    """The m= value Python writes for `moves`."""
    return format_share(ShareState(1, 64, 0, moves=moves)).split(";m=")[1]


def lights(page) -> list[list[int]]:
    """read_board with holes (no data-lit, read as NaN) as 0."""
    return [[value if value in (0, 1) else 0 for value in row] for row in read_board(page)]


def holes_of(page) -> set[tuple[int, int]]:
    return {tuple(pair) for pair in page.evaluate(
        """() => [...document.querySelectorAll('[role="gridcell"][data-hole="1"]')]
                  .map(cell => [Number(cell.dataset.row), Number(cell.dataset.col)])""")}


def test_moore_torus_holes_and_moves_round_trip_in_a_new_page(ready_page):
    page = ready_page  # the shared page; the classic game again afterwards
    try:
        round_trip(page)
    finally:
        restore_classic_game(page)


def round_trip(page) -> None:
    start = [[1, 0, 0, 1, 0, 1], [0, 1, 1, 0, 0, 0], [0, 0, 1, 0, 1, 1], [1, 0, 0, 0, 0, 1], [0, 1, 0, 1, 1, 0]]
    load_text(page, "\n".join("".join("#" if v else "." for v in row) for row in start))
    page.get_by_label("Rule").select_option("moore")
    page.get_by_label("Surface", exact=True).select_option("torus")
    button(page, "Edit shape").click()
    button(page, "Hole").click()
    holes = {(1, 1), (3, 4)}
    click_cells(page, holes)
    button(page, "Edit shape").click()
    assert holes_of(page) == holes
    for row, col in holes:
        start[row][col] = 0
    presses = [(0, 0), (2, 3), (4, 5), (2, 3), (0, 2)]
    expected = [row[:] for row in start]
    for row, col in presses:
        cell(page, row, col).click()
        press_moore_torus(expected, row, col, holes)
    shown = lights(page)
    assert shown == expected
    expect(page.locator("#move-count")).to_have_text("Moves: 5")

    want_moves = tuple(r * 6 + c for r, c in presses)
    page.wait_for_function(
        "(want) => location.hash.includes(';m=' + want)",
        arg=_moves_text(want_moves))
    text = page.evaluate("location.hash").lstrip("#")
    state = parse_share(text)
    assert (state.rows, state.cols) == (5, 6)
    assert state.stencil == MOORE.stencil and state.surface == "torus"
    assert state.holes == sum(1 << (r * 6 + c) for r, c in holes) and state.dont_care == 0
    assert state.moves == tuple(r * 6 + c for r, c in presses)
    assert state.cells == sum(1 << (r * 6 + c) for r in range(5) for c in range(6) if start[r][c])
    assert format_share(state) == text  # the page writes exactly Python's string

    other = page.context.new_page()
    without_solver(other)  # it opens the link and plays without Python
    try:
        other.goto(page.evaluate("location.href"))
        expect(status(other)).to_contain_text("Opened a shared 5×6 game with 5 moves")
        assert lights(other) == shown
        assert holes_of(other) == holes
        expect(other.get_by_label("Rule")).to_have_value("moore")
        expect(other.get_by_label("Surface", exact=True)).to_have_value("torus")
        expect(other.locator("#move-count")).to_have_text("Moves: 5")
        other.wait_for_function("(want) => location.hash === '#' + want", arg=text)
        undone = [row[:] for row in expected]
        for row, col in reversed(presses[-2:]):
            button(other, "Undo").click()
            press_moore_torus(undone, row, col, holes)
            assert lights(other) == undone
        expect(other.locator("#move-count")).to_have_text("Moves: 3")
    finally:
        other.close()
