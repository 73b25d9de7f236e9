"""Every malformed grid gets a sentence about the grid (issue 41, point 2).

A grid with one row cut short, lengthened, or holding a stray symbol (a third one), in every symbol set the
Board box reads (lightsout.text.grid_text's pairs #/., */., 1/0, X/O, x/o, run together or
between spaces; lightsout.text.number_formats' states 0-9a-z and numbers between spaces): the
error names that row's line — and a ragged row by its number — and never a size line, even
when the first row is digits that could be one (``10010`` over a row one light short)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lightsout.errors import BoardFormatError
from lightsout.text.formats import SYMBOLS, read_board

# Each set: (k, the symbols a cell may hold, spaced, strays: symbols no cell of it may hold).
TWO_STATE_STRAYS = "?+@=%!&ab"
SETS = [
    *((2, pair, spaced, TWO_STATE_STRAYS) for pair in ("#.", "*.", "10", "XO", "xo") for spaced in (False, True)),
    (2, "10", False, "23456789"),  # a slip of the finger in a grid of 0/1: another digit
    *((k, SYMBOLS[:k], False, SYMBOLS[k:] + "?+@") for k in (3, 5, 10, 36)),
    (3, "012", True, "3456789?x"),
    (100, [str(value) for value in range(100)], True, ["100", "255", "?", "x"]),
]
SIZE_CODES = {"size_line_expected", "size_too_large", "size_below_one", "row_count", "column_count",
              "board_set_count_expected", "board_set_rows", "board_set_width"}


def reads_as_a_size_line(lines: list[str], spaced: bool) -> bool:
    """Whether the text is a good LibreOJ or POJ 1222 text: a number n, then n rows of n or 5n rows of 6
    (row 1 cut to "1" over five rows of six is one: no reader could call it a grid with a slip)."""
    if not lines[0].isdigit():
        return False
    count, widths = int(lines[0]), [len(line.split()) if spaced else len(line) for line in lines[1:]]
    return (len(widths) == count and set(widths) <= {count}) or (len(widths) == 5 * count and set(widths) <= {6})


@settings(max_examples=600)
@given(st.data())
def test_a_grid_with_one_bad_row_names_that_row_never_a_size_line(data):
    k, symbols, spaced, strays = data.draw(st.sampled_from(SETS))
    rows, cols = data.draw(st.integers(3, 8)), data.draw(st.integers(2, 9))
    grid = [[data.draw(st.sampled_from(symbols)) for _ in range(cols)] for _ in range(rows)]
    bad = data.draw(st.integers(0, rows - 1))
    kind = data.draw(st.sampled_from(["cut", "lengthened", "stray"]))
    row = grid[bad]
    if kind == "cut":  # a run of 1 to cols - 1 cells taken out
        length = data.draw(st.integers(1, cols - 1))
        start = data.draw(st.integers(0, cols - length))
        del row[start : start + length]
    elif kind == "lengthened":
        extra = data.draw(st.lists(st.sampled_from(symbols), min_size=1, max_size=3))
        at = data.draw(st.integers(0, cols))
        row[at:at] = extra
    else:
        stray = data.draw(st.sampled_from(strays))
        row[data.draw(st.integers(0, cols - 1))] = stray
        if k == 2 and not stray.isdigit():
            # Beside one known symbol alone, a symbol of no meaning is the grid's other one (issue 50:
            # "@.@" is a board): it is a stray only in a grid that holds both of its symbols.
            assume(all(any(cell.lower() == symbol.lower() for cells in grid for cell in cells) for symbol in symbols))
    lines = [(" " if spaced else "").join(cells) for cells in grid]
    assume(not reads_as_a_size_line(lines, spaced))
    text = "\n".join(lines)
    with pytest.raises(BoardFormatError) as caught:
        read_board(text, k=k)
    error = caught.value
    assert error.code not in SIZE_CODES, (text, str(error))
    assert error.line == bad + 1, (text, str(error))
    if kind == "stray":
        assert error.code in ("unknown_symbol", "unknown_grid_symbol", "bad_state"), (text, str(error))
    else:
        assert error.code == "ragged_rows", (text, str(error))
        assert error.params == {"row": bad + 1, "found": len(row), "expected": cols}, (text, str(error))


@pytest.mark.parametrize("text,line,column,params", [
    # the paste: row 2 one light short; the first row is digits, but nothing after it is 10,010 of anything
    ("10010\n0110\n00000\n11011\n00101", 2, 5, {"row": 2, "found": 4, "expected": 5}),
    ("100\n01\n000", 2, 3, {"row": 2, "found": 2, "expected": 3}),
    ("10010\n011010\n00000", 2, 6, {"row": 2, "found": 6, "expected": 5}),  # not a POJ 1222 count either
    # the first row is the odd one out when the rows after it agree with each other
    ("#.#.\n#.#.#\n.#.#.", 1, 5, {"row": 1, "found": 4, "expected": 5}),
    ("1 0 1 0 1 1\n0 1 0 1 0\n1 1 1 1 1", 1, 11, {"row": 1, "found": 6, "expected": 5}),
    ("0120\n01201\n22222", 1, 5, {"row": 1, "found": 4, "expected": 5}),  # three states
    # with a size line, the row is counted from the row after it
    ("5\n10010\n0110\n00000\n11011\n00101", 3, 5, {"row": 2, "found": 4, "expected": 5}),
])
def test_ragged_rows_name_the_row_and_the_others_width(text, line, column, params):
    k = 3 if "2" in text else 2
    with pytest.raises(BoardFormatError) as caught:
        read_board(text, k=k)
    error = caught.value
    assert (error.code, error.line, error.column, error.params) == ("ragged_rows", line, column, params)
    assert str(error) == f"line {line}, column {column}: row {params['row']} has {params['found']} lights; the others have {params['expected']}"


@pytest.mark.parametrize("text,rows,cols", [
    ("3\n100\n010\n001", 3, 3),  # a size line its rows match: LibreOJ
    ("10\n" + "\n".join(["1010101010"] * 10), 10, 10),
    ("1\n" + "\n".join(["1 0 1 0 1 0"] * 5), 5, 6),  # a count line its rows match: POJ 1222
    ("10\n01", 2, 2),  # a first row as wide as the next: a grid
    ("1\n0\n1", 3, 1),
])
def test_a_size_line_its_rows_match_is_still_one(text, rows, cols):
    board = read_board(text)
    assert (board.rows, board.cols) == (rows, cols)


@pytest.mark.parametrize("text,line,column", [
    ("100\n0x0\n001", 2, 2),  # issue 41: said "line 4" (a line the text has not got) of "the size line says 100 rows"
    ("3\n#..\n...", 1, 1),  # too few rows for a real size line: the size line, not the line after the text
])
def test_an_error_names_a_line_the_text_has(text, line, column):
    with pytest.raises(BoardFormatError) as caught:
        read_board(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.line <= len(text.split("\n"))
