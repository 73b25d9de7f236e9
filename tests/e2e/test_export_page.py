"""Export: Download image gives a PNG of the board, Download text gives "#"/"." text that
lightsout.parse_board reads back to the board (and, when shown, the solution after it)."""

from __future__ import annotations

from e2e_helpers import board, button, grid_text, load_text, marked_cells, read_board

from lightsout import parse_board

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def cells_of(text: str) -> list[list[int]]:
    parsed = parse_board(text).board
    return [[int(parsed.is_lit(r, c)) for c in range(parsed.cols)] for r in range(parsed.rows)]


def test_download_image_and_text(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    start = [[1, 0, 0, 1, 0], [0, 1, 1, 0, 0], [0, 0, 1, 0, 1], [1, 0, 0, 0, 1], [0, 1, 0, 1, 1], [1, 1, 0, 0, 0]]
    load_text(page, grid_text(start))
    assert read_board(page) == start

    with page.expect_download() as info:
        button(page, "Download text").click()
    text = open(info.value.path(), encoding="utf-8").read()
    assert info.value.suggested_filename == "lights-out-6x5.txt"
    assert cells_of(text) == start

    with page.expect_download() as info:
        button(page, "Download image").click()
    data = open(info.value.path(), "rb").read()
    assert data.startswith(PNG_SIGNATURE)
    assert info.value.suggested_filename == "lights-out-6x5.png"

    # With a solution shown, the text carries it after a blank line.
    button(page, "Solve").click()
    board(page).locator('[data-press="1"]').first.wait_for()
    presses = set(marked_cells(page))
    with page.expect_download() as info:
        button(page, "Download text").click()
    board_part, solution_part = open(info.value.path(), encoding="utf-8").read().split("\n\n")
    assert cells_of(board_part) == start
    assert {(r, c) for r, row in enumerate(cells_of(solution_part)) for c, v in enumerate(row) if v} == presses
    with page.expect_download() as info:
        button(page, "Download image").click()
    assert open(info.value.path(), "rb").read().startswith(PNG_SIGNATURE)
