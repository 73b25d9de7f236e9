"""Hostile input: every parser ends in a board or BoardFormatError, quickly.

Counts: each @given test runs `max_examples` cases (printed by pytest -s in
the hypothesis statistics), and every parser reads every case (one generated
text for all seven parsers: the generation, not the parsing, was most of the
time when each parser had its own 400); the fixed cases below add the
extreme sizes.
"""

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lightsout import BoardFormatError, parse_board
from lightsout.model.board import Board
from lightsout.text.formats import FORMATS, parse_game_id, parse_grid, parse_indices, parse_loj, parse_poj
from lightsout.text.mask_text import parse_mask
from lightsout.errors import TooLargeError
from lightsout.model.codec import MAX_LONG_SIDE

PARSERS = {
    "auto": lambda text: parse_board(text),
    "loj": parse_loj,
    "grid": parse_grid,
    "indices": parse_indices,
    "id": parse_game_id,
    "poj": parse_poj,
    "mask": parse_mask,
}

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

symbols = st.sampled_from(list("#.01xXoO* \t\n\r,:[]-_?=\x00") + ["x", "5", "12", "\u00a0", "\u0661", "\u2028", "é"])
boardish = st.lists(symbols, max_size=200).map("".join)
sizes = st.tuples(st.integers(0, 12), st.integers(0, 12))


def parse_or_error(name, text):
    try:
        result = PARSERS[name](text)
    except (BoardFormatError, TooLargeError) as error:  # a text past a limit is refused where it goes past it
        assert str(error), name
        assert error.line is not None and error.column is not None, (name, error)  # the page shows both
        return None
    return result


def every_parser(text):
    for name in PARSERS:
        parse_or_error(name, text)


@FUZZ
@given(st.text(max_size=300))
def test_random_unicode(text):
    every_parser(text)


@FUZZ
@given(boardish)
def test_board_like_noise(text):
    every_parser(text)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_decoded_leniently(data):
    every_parser(data.decode("utf-8", errors="replace"))
    every_parser(data.decode("latin-1"))


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
        "\u0660",  # an Arabic-Indic zero: POJ 1222 read it as a count of 0 and failed with IndexError
        "\u0661\n#",
    ],
    ids=lambda text: repr(text[:24]),
)
def test_extreme_sizes_and_numbers(text):
    for name in PARSERS:
        start = time.perf_counter()
        parse_or_error(name, text)
        # A hang guard, not a speed target (that is bench/hostile.py): a quadratic parse takes minutes.
        assert time.perf_counter() - start < 20.0, name


@pytest.mark.parametrize("name", FORMATS)
def test_ten_million_character_line(name):
    text = "#." * 5_000_000
    start = time.perf_counter()
    result = parse_or_error(name if name != "id" else "auto", text)
    assert time.perf_counter() - start < 60.0  # hang guard (quadratic: hours); speed is bench/hostile.py's
    if name in ("grid",):  # 10^7 columns: refused at the first past max_long_side, as it is read (issue #39)
        assert result is None
        with pytest.raises(TooLargeError) as caught:
            parse_grid(text)
        assert (caught.value.code, caught.value.line, caught.value.column) == ("columns_over", 1, MAX_LONG_SIDE + 1)


def test_a_line_of_nearly_a_million_cells_with_a_bad_symbol_at_the_end():
    text = "#." * (MAX_LONG_SIDE // 2 - 1) + "?"
    with pytest.raises(BoardFormatError) as caught:
        parse_grid(text)
    assert (caught.value.line, caught.value.column) == (1, MAX_LONG_SIDE - 1)


def test_million_line_input():
    text = "#\n" * 1_000_000
    start = time.perf_counter()
    board = parse_board(text).board
    assert (board.rows, board.cols) == (1_000_000, 1) and board.lit_count == 1_000_000
    assert time.perf_counter() - start < 60.0  # hang guard (quadratic: hours); speed is bench/hostile.py's
    with pytest.raises(TooLargeError) as caught:  # row 10^6 + 1: past max_long_side, refused at its line
        parse_board(text + "##\n")
    assert (caught.value.code, caught.value.line, caught.value.limit) == ("rows_over", 1_000_001, "max_long_side")


def test_board_too_large_for_the_model_is_refused():
    with pytest.raises(BoardFormatError, match="too large"):
        parse_indices("20000x20000: 1")
    with pytest.raises(BoardFormatError, match="too large"):
        parse_game_id("20000x20000:" + "A" * 10)
    assert parse_indices("100x100: 1").lit_count == 1
    assert Board.from_id(Board(3, 3).to_id()) == Board(3, 3)


# -- costs (issue #13): every size a user can type ends in an answer or a typed refusal --------------
#
# bench/hostile.py prints the time and peak memory of these cases against the budget
# (about 10 s and 1 GB); the tests here check the outcome: a typed error naming the limit (API),
# exit 2 with one line naming it (CLI), or a right answer, verified by pressing it out by hand.

import json
import os
import subprocess
import sys
from pathlib import Path

from lightsout.model import codec
from lightsout.api import call as call_binary
from lightsout.api import handle
from lightsout.solving.solver import MAX_LISTED_SOLUTIONS
from reference import naive_apply, simulate, unpack

PY = Path(__file__).resolve().parents[2] / "py"


def api(payload=None, **request):
    if payload is None:
        return json.loads(handle(json.dumps(request)))
    reply, _ = call_binary(json.dumps(request), payload)
    return json.loads(reply)


def cli(*args, stdin=""):
    env = dict(os.environ, PYTHONPATH=str(PY))
    return subprocess.run([sys.executable, "-m", "lightsout", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


def refused(reply, limit, field=None):
    assert not reply["ok"], reply
    error = reply["error"]
    assert error["name"] == "TooLargeError" and error["limit"] == limit and limit in error["message"], error
    if field is not None:
        assert error["field"] == field, error


def one_line_exit_2(done, *words):
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def row_bits(value, cols):
    """Bit c of ``value`` for c < C, in one pass (``value >> c`` per bit would take O(C²): 70 s at 10⁶)."""
    return [int(digit) for digit in format(value, f"0{cols}b")[::-1][:cols]]


def check_row_solution(lights, presses, cols):
    """A 1×C plus-rule board pressed by hand: light c is changed by presses c − 1, c and c + 1."""
    for c in range(cols):
        total = lights[c] + presses[c] + (presses[c - 1] if c else 0) + (presses[c + 1] if c + 1 < cols else 0)
        assert total % 2 == 0, c


@pytest.mark.parametrize(
    "args,words",
    [
        (["analyze", "99999x99999"], ["max_cells"]),
        (["analyze", "1x100000000"], ["max_long_side"]),
        (["analyze", "10000x10001"], ["max_cells"]),
        (["analyze", "9999999999x1"], ["expected a size"]),
        (["analyze", "65x65", "--rule", "moore"], ["4096"]),
        (["analyze", "10000x10000", "--states", "3"], ["max_state_cells"]),
        (["analyze", "300x300", "--states", "3"], ["chase_work_limit"]),
    ],
)
def test_cli_refuses_what_it_cannot_afford_in_one_line(args, words):
    one_line_exit_2(cli(*args), *words)


def test_api_and_cli_share_the_size_limits():
    refused(api(op="analyze", rows=99999, cols=99999), "max_cells", "rows")
    refused(api(op="analyze", rows=1, cols=100_000_000), "max_long_side", "cols")
    refused(api(op="analyze", rows=10_000, cols=10_001), "max_cells")
    refused(api(op="random", rows=1_000_001, cols=1), "max_long_side", "rows")
    refused(api(op="solve", board="1x1000001@0", payload=bytes(125_001)), "max_long_side", "board")
    refused(api(op="parse", text="#." * 500_001), "max_long_side", "text")
    reply = api(op="analyze", rows=65, cols=65, rule="moore")
    assert not reply["ok"] and reply["error"]["name"] == "TooLargeError"


def test_one_row_of_a_million_cells_is_solved_on_its_transpose():
    cols = 1_000_000
    lights = random.Random(13).getrandbits(cols)
    reply = api(op="solve", board=codec.format_packed(1, cols, lights))
    assert reply["ok"] and reply["method"] == "chebyshev", reply
    rows, width, presses = codec.parse_packed(reply["solution"])
    assert (rows, width) == (1, cols)
    check_row_solution(row_bits(lights, cols), row_bits(presses, cols), cols)
    figures = api(op="analyze", rows=1, cols=cols)
    assert figures["ok"] and figures["rank"] + figures["nullity"] == cols and figures["nullity"] == 0


def test_cli_solves_a_row_of_300000_cells():
    cols = 300_000
    text = "".join(random.Random(5).choice("#.") for _ in range(cols))
    done = cli("solve", stdin=text + "\n")
    assert done.returncode == 0, done.stderr
    answer = done.stdout.strip()
    if answer != "No solution":
        check_row_solution([int(ch == "#") for ch in text], [int(ch == "#") for ch in answer], cols)
    else:  # 1×C has nullity 1 when C ≡ 2 (mod 3): not this C
        raise AssertionError("a 1x300000 board is always solvable")


def test_k_states_on_one_long_row_is_chased_down_the_column():
    cols = 20_000
    states = [(i * 7 + i // 3) % 3 for i in range(cols)]
    text = "".join(str(v) for v in states)
    done = cli("solve", "--states", "3", stdin=text + "\n")
    assert done.returncode == 0, done.stderr
    answer = done.stdout.strip()
    if answer != "No solution":
        presses = [int(ch) for ch in answer]
        assert naive_apply(1, cols, 3, "plus", "plane", states, presses) == [0] * cols
    reply = api(op="solve", k=3, board=codec.format_packed(1, 100_000, codec.pack([(i * 5) % 3 for i in range(100_000)], 2), 3))
    assert reply["ok"], reply
    if reply["solvable"]:
        _, _, presses = unpack(reply["solution"], 3)
        assert naive_apply(1, 100_000, 3, "plus", "plane", [(i * 5) % 3 for i in range(100_000)], presses) == [0] * 100_000
    wide = [(i * 11) % 5 for i in range(7 * 300)]
    reply = api(op="solve", k=5, surface="torus", board=codec.format_packed(7, 300, codec.pack(wide, 3), 5))
    assert reply["ok"], reply
    if reply["solvable"]:
        assert naive_apply(7, 300, 5, "plus", "torus", wide, unpack(reply["solution"], 5)[2]) == [0] * 2100


def test_forced_methods_refuse_above_their_cost():
    refused(api(op="solve", method="first-row-enumeration", board="3000x20@0", payload=bytes(7500)), "first_row_enumeration_columns")
    refused(api(op="solve", method="first-row-enumeration", board="33x18@0", payload=bytes(75)), "first_row_enumeration_work")  # 33·2^18 > 2^23
    refused(api(op="solve", method="first-row-system", board="5000x5000@0", payload=bytes(5000 * 5000 // 8)), "first_row_system_columns")
    # A board wider than tall is chased on its transpose: the refusal must not name it columns × rows.
    for method, board, cells, limit in (("first-row-enumeration", "20x3000", 60_000, "first_row_enumeration_columns"),
                                        ("first-row-enumeration", "18x33", 18 * 33, "first_row_enumeration_work"),
                                        ("first-row-system", "3001x3002", 3001 * 3002, "first_row_system_columns")):
        reply = api(op="solve", method=method, board=f"{board}@0", payload=bytes((cells + 7) // 8))
        refused(reply, limit)
        rows, cols = board.split("x")
        assert f"{cols}x{rows}" not in reply["error"]["message"], reply
    lights = random.Random(2).getrandbits(20_000)
    reply = api(op="solve", method="first-row-system", board=codec.format_packed(1, 20_000, lights))
    assert reply["ok"] and reply["method"] == "first-row-system", reply
    if reply["solvable"]:
        check_row_solution(row_bits(lights, 20_000), row_bits(codec.parse_packed(reply["solution"])[2], 20_000), 20_000)
    board = Board(20, 14, [random.Random(r).getrandbits(14) for r in range(20)])
    reply = api(op="solve", method="first-row-enumeration", board=board.transposed().to_id())  # 14x20: enumerated as 20x14
    assert reply["ok"], reply
    if reply["solvable"]:
        assert board.transposed().apply(Board.from_id(reply["solution"])).is_dark


def test_random_with_an_unreachable_press_count_is_a_typed_error(monkeypatch):
    from lightsout.analysis import random_boards

    # The draw gives up after random_search_seconds (5 s); the same give-up path in 0.5 s.
    monkeypatch.setattr(random_boards, "SEARCH_SECONDS", 0.5)
    reply = api(op="random", rows=47, cols=47, presses=200, seed=1)
    assert not reply["ok"] and reply["error"]["field"] == "presses", reply
    refused(api(op="random", rows=10_000, cols=10_000, lit=50_000_000, seed=1), "random_lit_cells", "lit")
    refused(api(op="random", rows=10_000, cols=10_000, presses=5_000_000, seed=1), "random_lit_cells", "presses")
    # More lit than dark: the dark cells are drawn, and the count still holds
    reply = api(op="random", rows=40, cols=50, lit=1990, seed=3)
    assert reply["ok"] and Board.from_id(reply["board"]).lit_count == 1990
    holes = Board.from_cells(40, 50, [(0, 0), (3, 7)])
    reply = api(op="random", rows=40, cols=50, lit=1990, seed=3, holes=holes.to_id())
    lit = Board.from_id(reply["board"])
    assert reply["ok"] and lit.lit_count == 1990 and not (lit.flat & holes.flat)


def test_format_refuses_text_above_its_cell_limit():
    payload = bytes([0b10110101]) * (10_000 * 10_000 // 8)
    for request in (dict(solution=True, like="10000x10000: 1"), dict(format="grid"), dict(format="indices"), dict(solution=True)):
        refused(api(op="format", board="10000x10000@0", payload=payload, **request), "max_format_cells", "board")
    reply = api(op="format", board="10000x10000@0", payload=payload, format="id")
    assert reply["ok"] and codec.parse_packed(reply["text"])[2] == int.from_bytes(payload, "little")
    limits = api(op="limits")
    side = 2048
    assert side * side <= limits["max_format_cells"]
    board = Board.all_on(side, side)
    text = api(op="format", board=board.to_id(), format="indices")["text"]
    assert text.startswith("2048x2048: 1 2 3 ") and text.endswith(f" {side * side}")


def test_cli_refuses_an_indices_answer_above_the_format_limit():
    one_line_exit_2(cli("solve", stdin="5000x5000: 1\n"), "max_format_cells")


@pytest.mark.parametrize(
    "request_fields,field",
    [
        (dict(op="solutions", limit=-5), "limit"),
        (dict(op="solve", minimal=True, seconds=True), "seconds"),
        (dict(op="solve", minimal=True, seconds=10**400), "seconds"),
        (dict(op="solve", minimal=True, seconds=-1), "seconds"),
        (dict(op="solutions", limit=True), "limit"),
        (dict(op="solutions", limit=10**30), "limit"),
        (dict(op="press", row=10**400, col=0), "row"),
        (dict(op="press", row=False, col=0), "row"),
        (dict(op="solve", k=10**400), "k"),
        (dict(op="solve", k=True), "k"),
    ],
)
def test_absurd_numbers_are_typed_errors(request_fields, field):
    reply = api(board=Board(3, 3).to_id(), **request_fields)
    assert not reply["ok"] and reply["error"]["name"] == "RequestError" and reply["error"]["field"] == field, reply
    for absurd in (True, 10**400, -(10**400)):
        reply = api(op="random", rows=absurd, cols=3)
        assert not reply["ok"] and reply["error"]["field"] == "rows", reply
    nan = json.loads(handle('{"op": "solve", "board": "%s", "minimal": true, "seconds": NaN}' % Board(1, 1).to_id()))
    assert not nan["ok"] and nan["error"]["field"] == "seconds"


@pytest.mark.parametrize("limit", ["0", "-5", "1025", "99999999999999999999"])
def test_cli_limit_outside_one_to_the_listed_maximum_exits_2(limit):
    one_line_exit_2(cli("solve", "--all", "--limit", limit, stdin="#.#\n...\n#.#\n"), str(MAX_LISTED_SOLUTIONS))


def test_a_bare_number_then_a_row_names_line_and_column():
    reply = api(op="parse", text="10000\n#.")  # LibreOJ: 10 000 rows said, one given: at the size line that says so
    assert not reply["ok"] and (reply["error"]["line"], reply["error"]["column"]) == (1, 1), reply
    reply = api(op="parse", text="100000\n#.")  # 10^10 cells: refused at the size line, before any row is looked for
    assert not reply["ok"] and (reply["error"]["code"], reply["error"]["line"], reply["error"]["column"]) == ("size_too_large", 1, 1), reply
    for text in ("100000\n#.", "3\n#..\n...\n...\n...\n", "", "  \n", "\u200b\n"):
        with pytest.raises(BoardFormatError) as caught:
            parse_board(text)
        assert caught.value.line is not None and caught.value.column is not None, text
    # A lone number is a list of one lit cell (issue #14), not an error: "2" lights cell 2 of a 2x2 board.
    assert parse_board("2\n").board == Board(2, 2, [0b10, 0])


def test_first_row_enumeration_takes_as_many_columns_as_it_publishes():
    # The columns are the shorter side, so C columns cost at least C·2^C row steps: a columns limit
    # the work limit never lets through (20, when at most 18 fit 2²³ steps) promised what was refused.
    limits = api(op="limits")
    columns, work = limits["first_row_enumeration_columns"], limits["first_row_enumeration_work"]
    assert columns << columns <= work < (columns + 1) << (columns + 1)
    lights = random.Random(columns).getrandbits(columns * columns)
    board = Board.from_flat(columns, columns, lights)
    reply = api(op="solve", method="first-row-enumeration", board=board.to_id())
    assert reply["ok"] and reply["method"] == "first-row-enumeration", reply
    if reply["solvable"]:
        assert simulate(board, Board.from_id(reply["solution"])) == [[0] * columns for _ in range(columns)]
    wider = columns + 1
    refused(api(op="solve", method="first-row-enumeration", board=f"{wider}x{wider}@0", payload=bytes((wider * wider + 7) // 8)),
            "first_row_enumeration_columns")
