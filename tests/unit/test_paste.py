"""Forgiving paste (issue #14): text as people really paste it — a byte-order mark, no-break
and other Unicode spaces, zero-width marks, any line break, lit-cell lists without a size,
POJ 1222 board sets — and every error the parse op can give, as a code with params
(tests/data/bad-pastes.json, also pasted in the page by tests/e2e/test_paste_page.py)."""

from __future__ import annotations

import base64
import json
import re

import pytest
from lightsout.model.board import Board
from lightsout.api import call, handle
from lightsout.cli.commands import main
from lightsout.errors import PARSE_ERRORS, SINGULAR, BoardFormatError, TooLargeError, worded
from lightsout.text.formats import detect_format, read_board
from lightsout.model.puzzle import check_size
from reference import DATA, simulate

BAD_PASTES = json.loads((DATA / "bad-pastes.json").read_text(encoding="utf-8"))["cases"]
POJ_SAMPLE = DATA / "poj-1222.txt"


def case_text(case: dict) -> tuple[str, bytes | None]:
    if "bytes" in case:
        return "@", base64.b64decode(case["bytes"])
    if "repeat" in case:
        unit, count = case["repeat"]
        text = case.get("before", "") + unit * count + case.get("then", "")
        return ("@", text.encode()) if case.get("as_bytes") else (text, None)
    return case["text"], None


def api_error(case: dict) -> dict:
    """The error of the case as the page gets it (the parse op), or from read_board for formats the API refuses."""
    text, payload = case_text(case)
    if case.get("via") == "read_board":
        with pytest.raises(BoardFormatError) as caught:
            read_board(text, case.get("format", "auto"), case.get("k", 2))
        error = caught.value
        return {"code": error.code, "params": error.params, "message": str(error), "line": error.line, "column": error.column}
    request = {"op": "parse", "text": text, "format": case.get("format", "auto"), "k": case.get("k", 2)}
    if case.get("size"):
        request["rows"], request["cols"] = case["size"]
    reply, _ = call(json.dumps(request), payload)
    answer = json.loads(reply)
    assert answer["ok"] is False, case["name"]
    return answer["error"]


@pytest.mark.parametrize("case", BAD_PASTES, ids=[case["name"] for case in BAD_PASTES])
def test_every_bad_paste_gives_its_code_params_and_position(case):
    error = api_error(case)
    assert error["code"] == case["code"]
    assert (error.get("line"), error.get("column")) == (case.get("line"), case.get("column"))
    assert all(isinstance(value, (str, int)) for value in error["params"].values())
    if case["code"] in PARSE_ERRORS:
        # The English message (the CLI's) is the code's template written from the params.
        reason = re.sub(r"^line \d+(, column \d+)?: ", "", error["message"])
        params = error["params"]
        template = SINGULAR[case["code"]] if params.get("found") == 1 and case["code"] in SINGULAR else PARSE_ERRORS[case["code"]]
        limit = f" ({error['limit']})" if error.get("name") == "TooLargeError" else ""  # TooLargeError.of names the limit
        assert reason == worded(template, {**params, "part": _part(reason)}) + limit


def _part(reason: str) -> str:
    """The English name of the text in a codec message ("the board ..."), which params leave out."""
    return reason.split(" needs ")[0].split(" is not ")[0].split(" sets ")[0].split(" has ")[0]


def test_every_code_is_covered_by_a_bad_paste():
    covered = {case["code"] for case in BAD_PASTES}
    # bad_base64 is a share link's move list only (lightsout.share.links): a game ID's characters are checked first.
    # cells_over needs 10^8 cells and more (100 MB of text) and out_of_memory a machine without memory: both below.
    assert (set(PARSE_ERRORS) - {"bad_base64", "cells_over", "out_of_memory"}) | {"max_boards"} <= covered
    # max_cells needs a grid of 10^8 cells (100 MB of text); its reply is checked here directly.
    with pytest.raises(TooLargeError) as caught:
        check_size(10_001, 10_000, "text")
    assert caught.value.limit == "max_cells" and caught.value.params == {"most": 10**8, "rows": 10_001, "cols": 10_000, "found": 100_010_000}


def test_the_cli_says_a_bad_paste_in_english_on_one_line(capsys, tmp_path):
    for case in BAD_PASTES:
        if case.get("via") or "bytes" in case or "repeat" in case or case.get("size") or case.get("k", 2) > 2:
            continue
        if case["code"] == "max_boards":
            continue  # the CLI reads every puzzle of a set: no cap
        text = case["text"]
        path = tmp_path / "bad-paste.txt"
        path.write_text(text, encoding="utf-8", newline="")
        args = ["solve", str(path)] + (["--format", case["format"]] if case.get("format") else [])
        assert main(args) == 2, case["name"]
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        if case.get("line"):
            assert f"line {case['line']}, column {case['column']}:" in err, (case["name"], err)


# -- forgiving input -------------------------------------------------------------

PLAIN = "#.#\n.#.\n#.#"
PLAIN_BOARD = read_board(PLAIN).parsed.board  # type: ignore[union-attr]

SPACES = ["\u00a0", "\u1680", *map(chr, range(0x2000, 0x200B)), "\u202f", "\u205f", "\u3000", "\t"]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
BREAKS = ["\r\n", "\r", "\u2028", "\u2029", "\x85"]


def board_of(text: str, size: tuple[int, int] | None = None) -> Board:
    read = read_board(text, size=size)
    assert read.parsed is not None
    return read.parsed.board


def test_a_byte_order_mark_is_ignored_also_in_a_file():
    assert board_of("\ufeff" + PLAIN) == PLAIN_BOARD
    reply, payload = call(json.dumps({"op": "parse", "text": "@", "binary": False}), ("\ufeff" + PLAIN).encode("utf-8"))
    assert json.loads(reply)["board"] == PLAIN_BOARD.to_id()


@pytest.mark.parametrize("space", SPACES, ids=[f"U+{ord(s):04X}" for s in SPACES])
def test_unicode_spaces_are_spaces(space):
    assert board_of(space + "1 0 1\n0 1 0\n1 0 1".replace(" ", space) + space) == PLAIN_BOARD
    assert board_of(f"5x5:{space}1{space}7") == board_of("5x5: 1 7")


@pytest.mark.parametrize("mark", ZERO_WIDTH, ids=[f"U+{ord(m):04X}" for m in ZERO_WIDTH])
def test_zero_width_marks_are_dropped(mark):
    assert board_of(mark + "#." + mark + "#\n.#.\n#.#" + mark) == PLAIN_BOARD
    assert board_of(f"1{mark} 7") == board_of("1 7")


@pytest.mark.parametrize("line_break", BREAKS, ids=[f"U+{ord(b[-1]):04X}" for b in BREAKS])
def test_every_line_break_ends_a_line(line_break):
    assert board_of(PLAIN.replace("\n", line_break)) == PLAIN_BOARD
    assert board_of("3" + line_break + PLAIN.replace("\n", line_break)) == PLAIN_BOARD  # LibreOJ
    assert board_of("3x3" + line_break + "1 3 5 7 9") == PLAIN_BOARD


def test_an_error_after_zero_width_marks_names_the_column_in_the_text_as_given():
    with pytest.raises(BoardFormatError) as caught:
        read_board("\u200b#\u200b.#\n.\u2060?.")
    assert (caught.value.line, caught.value.column, caught.value.params["symbol"]) == (2, 3, "?")


# -- lit-cell lists without a size -------------------------------------------------

LISTS = ["1 7 13 19 25", "1, 7, 13, 19, 25", "1,7,13,19,25", "1;7;13;19;25", "1; 7; 13; 19; 25", "[1, 7, 13, 19, 25]", "1\n7\n13\n19\n25", " 25 19 13 7 1 "]


@pytest.mark.parametrize("text", LISTS)
def test_a_list_without_a_size_is_the_smallest_square_or_the_given_size(text):
    diagonal = Board.from_cells(5, 5, [(i, i) for i in range(5)])
    assert detect_format(text) == "indices"
    assert board_of(text) == diagonal
    assert board_of(text, (5, 6)) == Board.from_cells(5, 6, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    reply = json.loads(handle(json.dumps({"op": "parse", "text": text, "rows": 7, "cols": 4})))
    assert (reply["rows"], reply["cols"], reply["format"]) == (7, 4, "indices")
    assert Board.from_id(reply["board"]) == Board.from_cells(7, 4, [(0, 0), (1, 2), (3, 0), (4, 2), (6, 0)])


@pytest.mark.parametrize(("text", "format"), [
    ("1 0 1", "grid"),  # a row of cells, not cells 1, 0 and 1 (no list holds cell 0)
    ("1", "grid"), ("10", "grid"), ("1 1", "grid"), ("0110\n1001", "grid"), ("1 0 1\n0110", "grid"),
    ("1, 10", "indices"), ("1 10", "indices"), ("25", "indices"), ("2\n", "indices"), ("1 2", "indices"),
    ("2\n10\n01", "loj"), ("1 2 3 x", "indices"), ("1, 2, x", "indices"), ("100000\n#.", "loj"), ("1 0 x", "grid"), ("3\n#.#\n1 2\n", "loj"), ("101\n010", "grid"), ("5x5: 1 7", "indices"), ("5x5:AAAAAA", "id"),
])
def test_lists_do_not_make_other_formats_ambiguous(text, format):
    assert detect_format(text) == format


def test_an_explicit_size_prefix_wins_over_the_given_size():
    assert board_of("3x3: 1 5 9", (5, 5)) == Board.from_cells(3, 3, [(0, 0), (1, 1), (2, 2)])


# -- POJ 1222 ----------------------------------------------------------------------

def poj_text(boards: list[Board]) -> str:
    return f"{len(boards)}\n" + "\n".join("\n".join(" ".join(str(b.is_lit(r, c) * 1) for c in range(6)) for r in range(5)) for b in boards)


ONE = Board.from_cells(5, 6, [(0, 1), (0, 2), (1, 0), (2, 5), (3, 3), (4, 4)])
TWO = Board.from_cells(5, 6, [(0, 0), (4, 5), (2, 2), (2, 3)])


@pytest.mark.parametrize("boards", [[ONE], [ONE, TWO]], ids=["one puzzle", "two puzzles"])
def test_poj_input_is_read_as_a_puzzle_set(boards):
    text = poj_text(boards)
    assert detect_format(text) == "poj"
    read = read_board(text)
    assert read.format == "poj" and (read.rows, read.cols) == (5, 6)
    assert read.boards == tuple(board.flat for board in boards) and read.packed == boards[0].flat
    # The page gets every puzzle; with spaces widened and CRLF line ends too.
    reply = json.loads(handle(json.dumps({"op": "parse", "text": text.replace(" ", "   ").replace("\n", "\r\n")})))
    assert reply["format"] == "poj" and [Board.from_id(ref) for ref in reply["boards"]] == boards


def test_the_cli_answers_every_poj_puzzle_in_poj_format(capsys):
    text = POJ_SAMPLE.read_text(encoding="utf-8")
    puzzles = read_board(text).parsed.boards  # type: ignore[union-attr]
    assert len(puzzles) == 3
    for args in (["solve", str(POJ_SAMPLE)], ["solve", "--format", "poj", str(POJ_SAMPLE)]):
        assert main(args) == 0
        out = capsys.readouterr().out
        blocks = re.split(r"^PUZZLE #(\d+)\n", out, flags=re.MULTILINE)
        assert blocks[0] == "" and [int(n) for n in blocks[1::2]] == [1, 2, 3]
        for puzzle, answer in zip(puzzles, blocks[2::2], strict=True):
            rows = answer.strip("\n").split("\n")
            assert len(rows) == 5 and all(re.fullmatch(r"[01]( [01]){5}", row) for row in rows), answer
            presses = Board(5, 6, [int(row.replace(" ", "")[::-1], 2) for row in rows])
            assert simulate(puzzle, presses) == [[0] * 6 for _ in range(5)]


def test_the_cli_reads_a_list_without_a_size_as_the_smallest_square(capsys, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("\ufeff1,\u00a07, 13; 19 25\r\n", encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    answer = capsys.readouterr().out.strip()
    assert answer.startswith("5x5: ")
    presses = board_of(answer)
    assert simulate(board_of("1 7 13 19 25"), presses) == [[0] * 5 for _ in range(5)]


def test_copies_of_a_poj_set_keep_its_format_where_it_fits():
    like = poj_text([ONE, TWO])
    board = json.loads(handle(json.dumps({"op": "format", "board": TWO.to_id(), "like": like})))["text"]
    assert board == poj_text([TWO]) and read_board(board).parsed.board == TWO  # type: ignore[union-attr]
    answer = json.loads(handle(json.dumps({"op": "solve", "board": TWO.to_id()})))["solution"]
    copied = json.loads(handle(json.dumps({"op": "format", "board": answer, "like": like, "solution": True})))["text"]
    presses = Board(5, 6, [int(row.replace(" ", "")[::-1], 2) for row in copied.split("\n")])
    assert simulate(TWO, presses) == [[0] * 6 for _ in range(5)]
    other = Board.from_cells(3, 3, [(1, 1)])
    assert json.loads(handle(json.dumps({"op": "format", "board": other.to_id(), "like": like})))["text"] == "0 0 0\n0 1 0\n0 0 0"


def test_the_cli_json_report_of_a_poj_set_lists_every_puzzle(capsys):
    puzzles = read_board(POJ_SAMPLE.read_text(encoding="utf-8")).parsed.boards  # type: ignore[union-attr]
    assert main(["solve", "--json", str(POJ_SAMPLE)]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert [report["format"] for report in reports] == ["poj"] * 3
    for puzzle, report in zip(puzzles, reports, strict=True):
        assert simulate(puzzle, Board.from_id(report["solution_id"])) == [[0] * 6 for _ in range(5)]


# -- issue 50, point 4: pastes as a player writes them ------------------------------------------

CHECKER = [[1, 0, 1, 0, 1], [0, 1, 0, 1, 0]]  # the rows the symbols below are written in


def _rows(lit: str, dark: str, separator: str) -> str:
    return "\n".join(separator.join(lit if cell else dark for cell in row) for row in CHECKER)


# Two symbols, one known (# * 1 x lit, o 0 - . dark, letters in either case): each (lit, dark) refused before.
NEW_PAIRS = [
    ("X", "."),  # the X . X . X
    ("x", "."),
    ("*", "-"),
    ("x", "-"),
    ("1", "."),
    ("X", "0"),
    ("#", "o"),
    ("#", "-"),
    ("@", "."),  # a symbol of no meaning beside a known dark one is lit
    ("_", "O"),
    ("●", "."),
    ("#", "_"),  # ... and beside a known lit one dark
]


@pytest.mark.parametrize("lit,dark", NEW_PAIRS)
@pytest.mark.parametrize("separator", [" ", ""])
def test_a_grid_of_two_symbols_one_of_them_known_reads_as_a_board(lit, dark, separator):
    text = _rows(lit, dark, separator)
    read = read_board(text)
    assert (read.format, read.rows, read.cols) == ("grid", 2, 5)
    assert read.packed == Board(2, 5, [0b10101, 0b01010]).flat
    style = read.parsed.style
    assert (style.on, style.off, style.separator) == (lit, dark, separator)
    # What the page sends (the parse op), and Copy board writes it back in the same symbols.
    reply = json.loads(call(json.dumps({"op": "parse", "text": text, "format": "auto", "k": 2}))[0])
    assert reply["ok"] and reply["format"] == "grid" and (reply["rows"], reply["cols"]) == (2, 5)
    written = json.loads(call(json.dumps({"op": "format", "board": reply["board"], "k": 2, "like": text}))[0])
    assert written["text"] == text


@pytest.mark.parametrize("first,second,lit", [
    ("#", "x", "#"),  # two lit symbols: the earlier of # * 1 x o 0 - . is lit (a nonogram's # and x)
    ("x", "#", "#"),
    ("*", "x", "*"),
    ("x", "1", "1"),
    ("o", ".", "o"),  # two dark symbols: o, a lamp, over .
    (".", "o", "o"),
    ("0", "-", "0"),
    ("-", ".", "-"),
])
def test_two_known_symbols_of_one_kind_the_earlier_of_the_list_is_lit(first, second, lit):
    text = f"{first} {second} {first}\n{second} {first} {second}"
    read = read_board(text)
    assert read.parsed.style.on == lit
    expected = [0b101, 0b010] if lit == first else [0b010, 0b101]
    assert read.packed == Board(2, 3, expected).flat


@pytest.mark.parametrize("text,line,column,params,words", [
    # A third symbol: named with the two the grid is in (it said "expected “X” (lit) or “O” (dark)" of the ".").
    ("X . X\n. o .", 2, 3, {"symbol": "o", "lit": "X", "dark": "."}, "unknown symbol “o”; expected “X” (lit) or “.” (dark)"),
    # A symbol of no meaning in a grid of two known ones is a slip, not the grid's symbol.
    ("#.#\n.?.\n#.#", 2, 2, {"symbol": "?", "lit": "#", "dark": "."}, "unknown symbol “?”"),
    # A digit 2 to 9 is a state, never a symbol of two: the slip is named in a grid of 0s.
    ("000\n020\n000", 2, 2, {"symbol": "2", "lit": "1", "dark": "0"}, "unknown symbol “2”"),
    ("@ . @\n. 2 .", 2, 3, {"symbol": "2", "lit": "@", "dark": "."}, "unknown symbol “2”"),
    # Two symbols of no meaning: the first is named, with the symbols a grid is told by.
    ("@!@\n!@!", 1, 1, {"symbol": "@"}, "unknown symbol “@”; expected a grid of two symbols, one of them # * 1 x (lit) or o 0 - . (dark)"),
])
def test_a_grid_that_is_not_two_symbols_one_known_says_which_and_where(text, line, column, params, words):
    with pytest.raises(BoardFormatError) as caught:
        read_board(text)
    error = caught.value
    assert (error.line, error.column, error.params) == (line, column, params)
    assert words in str(error)


def _preset_paste(preset: str, text: str, k: int = 2) -> dict:
    answer = json.loads(call(json.dumps({"op": "parse", "text": text, "k": k, "preset": preset}))[0])
    assert answer["ok"] is False, answer
    return answer["error"]


def _symbol_at(text: str, line: int, column: int) -> str:
    return text.splitlines()[line - 1][column - 1]


@pytest.mark.parametrize("preset,text,code,line,column,params,words", [
    # The issue's 14 lights on a level's 5×5 (said "line 3, column 6: the board has 14 cells, but the
    # puzzle has 25", past the text's end): the row that is short, at its last light.
    ("classic", "....\n.....\n.....", "run_row", 1, 4, {"row": 1, "found": 4, "expected": 5}, "row 1 has 4 lights, but the puzzle's rows have 5"),
    ("classic", ".....\n.....\n....", "run_row", 3, 4, {"row": 3, "found": 4, "expected": 5}, "row 3 has 4 lights"),
    ("classic", ".....\n#\n.....", "run_row", 2, 1, {"row": 2, "found": 1, "expected": 5}, "row 2 has 1 light, but"),
    ("classic", "......\n.....\n.....\n.....\n.....", "run_row", 1, 6, {"row": 1, "found": 6, "expected": 5}, "row 1 has 6 lights"),
    # Rows as wide as the puzzle's, too few or too many of them: at the last row's last light, or the first row too many.
    ("classic", "X . X . X\n. X . X .\nX . X . X", "run_rows", 3, 9, {"found": 3, "expected": 5}, "the board has 3 rows, but the puzzle has 5"),
    ("mini", "#.#.\n.#.#\n#.#.\n.#.#\n#.#.\n.#.#", "run_rows", 5, 1, {"found": 6, "expected": 4}, "the board has 6 rows, but the puzzle has 4"),
    # Symbols the run does not know, in a grid of another size: its rows named all the same.
    ("classic", "@.@.@\n.@.@.\n@.@.@", "run_rows", 3, 5, {"found": 3, "expected": 5}, "the board has 3 rows"),
    ("classic", "@.@.@\n.@.@\n@.@.@\n.@.@.\n@.@.@", "run_row", 2, 4, {"row": 2, "found": 4, "expected": 5}, "row 2 has 4 lights"),
    # Three states: a digit a light.
    ("lights-out-2000", "012\n12012\n01201\n12012\n01201", "run_row", 1, 3, {"row": 1, "found": 3, "expected": 5}, "row 1 has 3 lights"),
    # One line is a run, not a row, and a graph's text is no rows: the count, at the last symbol.
    ("classic", "#.#.#.#.#.#.#.", "run_count", 1, 14, {"field": "board", "found": 14, "cells": 25}, "the board has 14 cells, but the puzzle has 25"),
    ("merlin", "#.#\n.#", "run_count", 2, 2, {"field": "board", "found": 5, "cells": 9}, "the board has 5 cells, but the puzzle has 9"),
])
def test_a_paste_that_does_not_fit_a_presets_board_names_its_row_at_a_symbol(preset, text, code, line, column, params, words):
    error = _preset_paste(preset, text, 3 if preset == "lights-out-2000" else 2)
    assert (error["code"], error["line"], error["column"], error["params"]) == (code, line, column, params)
    assert words in error["message"]
    assert _symbol_at(text, line, column).strip()  # a symbol of the text, not past a line's end


def test_a_preset_paste_position_is_in_the_text_as_given():
    # zero-width marks before the short row's last light: the column counts them, as the Board box does
    text = ".\u200b.\u200b...\n.....\n..\u200b.."
    error = _preset_paste("classic", text)
    assert (error["code"], error["line"], error["column"]) == ("run_row", 3, 5)
    assert _symbol_at(text, 3, 5) == "."
