"""Hostile input: every parser ends in a board or BoardFormatError, quickly.

Counts: each @given test runs `max_examples` cases (printed by pytest -s in
the hypothesis statistics); the fixed cases below add the extreme sizes.
"""

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lightsout import Board, BoardFormatError, parse_board
from lightsout.formats import FORMATS, parse_game_id, parse_grid, parse_indices, parse_loj
from lightsout.mask import parse_mask

PARSERS = {
    "auto": lambda text: parse_board(text),
    "loj": parse_loj,
    "grid": parse_grid,
    "indices": parse_indices,
    "id": parse_game_id,
    "mask": parse_mask,
}

FUZZ = settings(max_examples=400, deadline=1000, suppress_health_check=[HealthCheck.too_slow])

symbols = st.sampled_from(list("#.01xXoO* \t\n\r,:[]-_?=\x00") + ["x", "5", "12", "\u00a0", "\u0661", "\u2028", "é"])
boardish = st.lists(symbols, max_size=200).map("".join)
sizes = st.tuples(st.integers(0, 12), st.integers(0, 12))


def parse_or_error(name, text):
    try:
        result = PARSERS[name](text)
    except BoardFormatError as error:
        assert str(error)
        return None
    return result


@pytest.mark.parametrize("name", PARSERS)
@FUZZ
@given(st.text(max_size=300))
def test_random_unicode(name, text):
    parse_or_error(name, text)


@pytest.mark.parametrize("name", PARSERS)
@FUZZ
@given(boardish)
def test_board_like_noise(name, text):
    parse_or_error(name, text)


@pytest.mark.parametrize("name", PARSERS)
@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_decoded_leniently(name, data):
    parse_or_error(name, data.decode("utf-8", errors="replace"))
    parse_or_error(name, data.decode("latin-1"))


@FUZZ
@given(st.integers(-5, 10**12), st.lists(st.text(alphabet="#.", min_size=0, max_size=8), max_size=10))
def test_every_wrong_loj_header(size, rows):
    text = f"{size}\n" + "\n".join(rows)
    board = parse_or_error("loj", text)
    if board is not None:
        parsed, _ = board
        assert parsed.rows == parsed.cols == size == len([r for r in rows if r])


@FUZZ
@given(sizes, st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ .", max_size=40))
def test_game_ids_with_bad_lengths_and_characters(size, payload):
    rows, cols = size
    board = parse_or_error("id", f"{rows}x{cols}:{payload}")
    if board is not None:
        assert (board.rows, board.cols) == (rows, cols)
        assert board.to_id() == f"{rows}x{cols}:{payload}".strip()


@FUZZ
@given(sizes, st.lists(st.integers(-3, 200), max_size=30))
def test_indices_out_of_range(size, numbers):
    rows, cols = size
    board = parse_or_error("indices", f"{rows}x{cols}: " + " ".join(map(str, numbers)))
    if board is not None:
        assert all(1 <= n <= rows * cols for n in numbers)


HUGE_DIGITS = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        HUGE_DIGITS + "\n#",
        f"{HUGE_DIGITS}x{HUGE_DIGITS}:",
        f"{HUGE_DIGITS}x2:AA",
        f"2x2: {HUGE_DIGITS}",
        "99999999999x99999999999: 1",
        "999999999x999999999:" + "A" * 10,
        "100000x100000:",
        "1000000000\n#",
        "\x00" * 1000,
        "#\x00#\n###",
        "\ufeff#.#\n...",
        "0x0:",
        "0\n",
    ],
    ids=lambda text: repr(text[:24]),
)
def test_extreme_sizes_and_numbers(text):
    for name in PARSERS:
        start = time.perf_counter()
        parse_or_error(name, text)
        assert time.perf_counter() - start < 2.0, name


@pytest.mark.parametrize("name", FORMATS)
def test_ten_million_character_line(name):
    text = "#." * 5_000_000
    start = time.perf_counter()
    result = parse_or_error(name if name != "id" else "auto", text)
    assert time.perf_counter() - start < 10.0
    if name in ("grid",):
        board, _ = result
        assert (board.rows, board.cols) == (1, 10_000_000)


def test_ten_million_character_line_with_a_bad_symbol_at_the_end():
    text = "#." * 5_000_000 + "?"
    with pytest.raises(BoardFormatError) as caught:
        parse_grid(text)
    assert (caught.value.line, caught.value.column) == (1, 10_000_001)


def test_million_line_input():
    text = "#\n" * 1_000_000
    start = time.perf_counter()
    board = parse_board(text).board
    assert (board.rows, board.cols) == (1_000_000, 1) and board.lit_count == 1_000_000
    assert time.perf_counter() - start < 10.0
    with pytest.raises(BoardFormatError) as caught:
        parse_board(text + "##\n")
    assert caught.value.line == 1_000_001


def test_board_too_large_for_the_model_is_refused():
    with pytest.raises(BoardFormatError, match="too large"):
        parse_indices("20000x20000: 1")
    with pytest.raises(BoardFormatError, match="too large"):
        parse_game_id("20000x20000:" + "A" * 10)
    assert parse_indices("100x100: 1").lit_count == 1
    assert Board.from_id(Board(3, 3).to_id()) == Board(3, 3)
