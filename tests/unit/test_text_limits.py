"""Every text reader checks its limits as it reads and refuses at the first line past one (issue #39).

The API's parse (text and a file's bytes), the command line (files and streams) and a preset's board
text: a text past max_text_bytes, max_text_lines, max_long_side rows or columns, max_state_cells (k > 2)
or max_text_numbers is refused with a TooLargeError naming the limit, its code and params (the page's
words) and the line and column where it went past it; a MemoryError is a typed reply too.  What they
cost is measured by bench/limits.py (the "text:" rows), not asserted here."""

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from lightsout.api import operations as api  # read_board is replaced in the module that calls it
from lightsout.api import call
from lightsout.cli.commands import main
from lightsout.model.codec import MAX_LONG_SIDE, MAX_STATE_CELLS
from lightsout.errors import TooLargeError
from lightsout.text.formats import MAX_TEXT_NUMBERS, read_board
from lightsout.text.mask_text import parse_mask
from lightsout.text.text_input import MAX_TEXT_BYTES, MAX_TEXT_LINES, decode_text

PACKAGE = Path(__file__).resolve().parents[2] / "py"


def parse(text=None, payload=None, **fields):
    request = {"op": "parse", "text": "@" if payload is not None else text, "format": "auto", "k": 2, **fields}
    reply, _ = call(json.dumps(request), payload)
    return json.loads(reply)


def refusal(reply):
    assert not reply["ok"], str(reply)[:200]
    error = reply["error"]
    return error["name"], error.get("limit"), error.get("code"), error.get("line"), error.get("column")


@pytest.mark.parametrize("as_bytes", [False, True], ids=["pasted", "file"])
def test_one_cell_rows_past_the_most_lines_are_refused_before_a_row_is_read(as_bytes):
    text = "#\n" * (MAX_TEXT_LINES + 1)  # the shape: 100 MB of it once cost 10 GB
    reply = parse(payload=text.encode()) if as_bytes else parse(text)
    assert refusal(reply) == ("TooLargeError", "max_text_lines", "lines_over", MAX_TEXT_LINES + 1, 1)
    assert reply["error"]["params"] == {"most": MAX_TEXT_LINES}


def test_the_row_past_max_long_side_is_refused_at_its_line():
    reply = parse(payload=b"\n  #" * (MAX_LONG_SIDE + 1))  # a blank first line: row n on line n + 1, at column 3
    assert refusal(reply) == ("TooLargeError", "max_long_side", "rows_over", MAX_LONG_SIDE + 2, 3)
    assert reply["error"]["params"] == {"most": MAX_LONG_SIDE, "found": MAX_LONG_SIDE + 1}


@pytest.mark.parametrize("row, column", [("#" * (MAX_LONG_SIDE + 5), MAX_LONG_SIDE + 1), ("# " * (MAX_LONG_SIDE + 5), 2 * MAX_LONG_SIDE + 1)],
                         ids=["one symbol a cell", "spaced"])
def test_a_row_past_max_long_side_is_refused_at_its_first_cell_too_many(row, column):
    reply = parse(payload=("  " + row).encode())
    assert refusal(reply) == ("TooLargeError", "max_long_side", "columns_over", 1, column + 2)


def test_a_k_state_text_past_max_state_cells_is_refused():
    # The issue: a 10 MB text of 3 states was read as a board of 10^7 cells, ten times the most a k-state board has.
    rows = MAX_STATE_CELLS // 1000 + 1
    reply = parse(payload=("012" * 333 + "0\n").encode() * (rows + 5), k=3)
    assert refusal(reply) == ("TooLargeError", "max_state_cells", "state_cells_over", rows, 1)
    assert reply["error"]["params"] == {"k": 3, "most": MAX_STATE_CELLS, "found": rows * 1000}


def test_a_text_past_max_text_bytes_is_refused_unread():
    reply = parse(payload=b"#" * (MAX_TEXT_BYTES + 1))
    assert refusal(reply) == ("TooLargeError", "max_text_bytes", "text_bytes_over", None, None)
    assert reply["error"]["params"] == {"most": MAX_TEXT_BYTES, "found": MAX_TEXT_BYTES + 1}


def test_a_list_past_max_text_numbers_is_refused_at_the_number_too_many():
    text = "1000x1000:" + " 7" * (MAX_TEXT_NUMBERS + 3)
    reply = parse(text)
    assert refusal(reply) == ("TooLargeError", "max_text_numbers", "numbers_over", 1, 11 + 2 * MAX_TEXT_NUMBERS + 1)


def test_a_preset_board_text_of_only_blank_lines_is_refused_at_the_line_limit():
    reply = parse(payload=b"\n" * (MAX_TEXT_LINES + 1), preset="cube")
    assert refusal(reply) == ("TooLargeError", "max_text_lines", "lines_over", MAX_TEXT_LINES + 1, 1)


def test_a_big_file_with_a_character_no_board_holds_stays_one_byte_a_character():
    # Decoded whole, one emoji would make Python hold every character in 4 bytes: refused where it stands.
    data = b"#.\n" * 400_000 + "\u00a0#\u200b\u2603".encode()
    text, original = decode_text(data[:-3])  # what it would read without the snowman: the marks cleaned as bytes
    assert text.isascii() and original is not None and original(400_001) == "\u00a0#\u200b"
    reply = parse(payload=data)
    assert refusal(reply) == ("BoardFormatError", None, "foreign_character", 400_001, 4)
    assert reply["error"]["params"] == {"symbol": "\u2603"}


def test_an_error_in_a_big_cleaned_file_is_at_its_column_as_given():
    data = b"#.\n" * 400_000 + "\u200b\u200b#?".encode()
    assert refusal(parse(payload=data))[2:] == ("unknown_symbol", 400_001, 4)


def test_out_of_memory_is_a_typed_reply_with_a_sentence(monkeypatch):
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(api, "read_board", exhausted)
    reply = parse("#.#")
    assert refusal(reply)[:3] == ("TooLargeError", None, "out_of_memory")
    assert reply["error"]["message"] and reply["error"]["params"] == {}


def test_the_cli_refuses_an_endless_stream_having_read_one_byte_past_the_limit(tmp_path):
    # The issue: `lightsout solve /dev/zero` took 7.6 GB, then said "lightsout: MemoryError".  Here under a 1 GiB cap.
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run([sys.executable, "-m", "lightsout", "solve", "/dev/zero"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(PACKAGE)), preexec_fn=cap)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == f"lightsout: /dev/zero is larger than max_text_bytes ({MAX_TEXT_BYTES} bytes, 100 MiB): not read"


def test_the_cli_refuses_a_file_of_too_many_lines_at_its_line(tmp_path, capsys):
    path = tmp_path / "rows.txt"
    path.write_bytes(b"#\n" * (MAX_TEXT_LINES + 1))
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"lightsout: {path}: line {MAX_TEXT_LINES + 1}, column 1: the text has more than {MAX_TEXT_LINES} lines, the most the solver reads (max_text_lines)"


def test_a_mask_is_read_a_row_at_a_time_and_refused_past_a_limit():
    mask = parse_mask(("?-." * 500 + "\n") * 1000)  # 1.5 million cells: set a bit at a time, this took minutes
    assert (mask.rows, mask.cols) == (1000, 1500) and mask.holes.bit_count() == mask.dont_care.bit_count() == 500_000
    assert mask.holes >> 1 & 1 and mask.dont_care & 1 and not (mask.holes | mask.dont_care) >> 2 & 1
    with pytest.raises(TooLargeError) as caught:
        parse_mask("." * (MAX_LONG_SIDE + 1))
    assert (caught.value.code, caught.value.line, caught.value.column) == ("columns_over", 1, MAX_LONG_SIDE + 1)


def test_a_board_of_the_most_rows_is_still_read():
    board = read_board("#\n" * MAX_LONG_SIDE)
    assert (board.rows, board.cols) == (MAX_LONG_SIDE, 1) and board.packed == (1 << MAX_LONG_SIDE) - 1


def test_a_puzzle_text_past_the_most_lines_is_refused_before_a_line_is_read():
    # A user-defined puzzle's text form (the puzzle op's graph field, the CLI's --puzzle): 20 million blank
    # lines took 3 s and a list of 20 million strings.
    reply = json.loads(api.handle(json.dumps({"op": "puzzle", "graph": "cells 3\n" + "\n" * MAX_TEXT_LINES})))
    assert refusal(reply) == ("TooLargeError", "max_text_lines", "lines_over", MAX_TEXT_LINES + 1, 1)
    reply = json.loads(api.handle(json.dumps({"op": "puzzle", "graph": "cells 3\n" + "\n" * (MAX_TEXT_LINES - 2) + "edge 0 1"})))
    assert reply["ok"] and reply["edges"] == [[0, 1]]
