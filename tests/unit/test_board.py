import pytest
from hypothesis import given
from hypothesis import strategies as st
from lightsout.model.board import Board
from lightsout.model.rules import join_rows, split_rows
from reference import naive_press, to_cells


def test_press_toggles_cell_and_orthogonal_neighbours():
    board = Board(3, 4).press(1, 1)
    assert set(board.cells()) == {(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)}
    assert board.lit_count == 5


def test_press_at_corner_stays_on_board():
    assert set(Board(3, 3).press(0, 0).cells()) == {(0, 0), (0, 1), (1, 0)}
    assert set(Board(3, 3).press(2, 2).cells()) == {(2, 2), (2, 1), (1, 2)}


def test_one_by_one_board():
    assert Board(1, 1).press(0, 0).lights == (1,)


def test_pressing_twice_cancels():
    board = Board(4, 5, [3, 9, 0, 31])
    assert board.press(2, 3).press(2, 3) == board


@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_press_matches_naive_grid(rows, cols, data):
    flat = data.draw(st.integers(0, (1 << rows * cols) - 1))
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    board = Board.from_flat(rows, cols, flat)
    grid = to_cells(board)
    naive_press(grid, r, c)
    assert to_cells(board.press(r, c)) == grid


@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_apply_equals_pressing_one_by_one(rows, cols, data):
    board = Board.from_flat(rows, cols, data.draw(st.integers(0, (1 << rows * cols) - 1)))
    presses = Board.from_flat(rows, cols, data.draw(st.integers(0, (1 << rows * cols) - 1)))
    expected = board
    for r, c in presses.cells():
        expected = expected.press(r, c)
    assert board.apply(presses) == expected


def test_repr_round_trips():
    board = Board(3, 5, [0b10101, 0, 0b11111])
    assert eval(repr(board), {"Board": Board}) == board


def test_equality_and_hash_depend_on_shape_and_lights():
    assert Board(2, 3, [1, 2]) == Board(2, 3, [1, 2])
    assert Board(2, 3, [1, 2]) != Board(2, 3, [1, 3])
    assert Board(2, 3) != Board(3, 2)
    assert len({Board(2, 3, [1, 2]), Board(2, 3, [1, 2])}) == 1


def test_invalid_boards_are_rejected():
    with pytest.raises(ValueError):
        Board(0, 3)
    with pytest.raises(ValueError):
        Board(2, 2, [4, 0])
    with pytest.raises(ValueError):
        Board(2, 2, [0])
    with pytest.raises(IndexError):
        Board(2, 2).press(2, 0)


@given(st.integers(1, 40), st.integers(1, 40), st.randoms())
def test_flat_round_trips(rows, cols, rng):
    lights = [rng.getrandbits(cols) for _ in range(rows)]
    flat = join_rows(lights, cols)
    assert flat == sum(row << (r * cols) for r, row in enumerate(lights))
    assert split_rows(flat, rows, cols) == lights
    assert Board.from_flat(rows, cols, flat).lights == tuple(lights)


@given(st.integers(1, 40), st.integers(1, 40), st.randoms())
def test_flat_split_drops_stray_bits_and_join_shifts_wide_rows(rows, cols, rng):
    flat = rng.getrandbits(rows * cols)
    stray = flat | (rng.getrandbits(20) | 1) << (rows * cols)
    assert split_rows(stray, rows, cols) == split_rows(flat, rows, cols)
    wide = [rng.getrandbits(cols + 3) for _ in range(rows)]  # bits past column C-1 are ORed into the next rows
    expected = 0
    for r, row in enumerate(wide):
        expected |= row << (r * cols)
    assert join_rows(wide, cols) == expected


def test_all_on_and_str():
    assert str(Board.all_on(2, 3)) == "###\n###"
    assert Board.all_on(2, 3).lit_count == 6
