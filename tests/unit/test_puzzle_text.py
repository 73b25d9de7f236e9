"""The user puzzle format's labels and numbers (lightsout.text.puzzle_text): a cell's name and the
puzzle's title read back equal through the text form (format_puzzle → parse_puzzle) whatever
they hold, or are refused the same way by the JSON and the text reader; a title that would act
on a terminal (ESC, BEL, NUL, bidi overrides) is refused and never reaches the CLI's output; a
number out of range is said with its range, not as "not a whole number"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from lightsout.errors import BoardFormatError, TooLargeError
from lightsout.model.graph import MAX_NAME_LENGTH
from lightsout.text.puzzle_text import MAX_TITLE_LENGTH, format_puzzle, parse_puzzle, puzzle_json

PY = Path(__file__).resolve().parents[2] / "py"

# Characters that break a line-based format or act on a terminal, mixed with plain ones.
AWKWARD = "#\"\\ \t:,;%abC0é中😀\u00a0\u2028\u2029\u0085\x00\x07\x1b\x7f\u202e\u2066\ud83d\x1c"
LABELS = st.text(alphabet=st.sampled_from(AWKWARD), max_size=12) | st.text(max_size=12)


def acts(text: str) -> bool:
    """True when ``text`` holds a character that acts instead of being shown (by Unicode's categories)."""
    bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    return any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in bidi for ch in text)


def read_both(names: list[str], title: str) -> object:
    """The puzzle with these names and title through the JSON reader, or its error's code."""
    try:
        return parse_puzzle(json.dumps({"cells": len(names), "names": names, "title": title, "edges": [[0, len(names) - 1]]}))
    except BoardFormatError as error:
        return error.code


@given(st.lists(LABELS, min_size=1, max_size=3), LABELS)
@example(["C#", "x"], "")
@example([" lead", "trail "], " spaced title ")
@example(["a\u2028b"], "t")
@example(["a\x85b"], "t")
@example(['"quoted"', "a\\b"], '"C#" # not a comment')
@example(["", ""], "")
def test_names_and_titles_read_back_equal_through_the_text_form_or_are_refused(names, title):
    read = read_both(names, title)
    shown = not any(acts(name) for name in names)
    clean_title = not acts(title)
    if isinstance(read, str):  # refused: for a name or the title holding a character that is not shown
        assert read in ("name_invalid", "title_invalid")
        assert not shown if read == "name_invalid" else not clean_title
        return
    assert shown and clean_title
    text = format_puzzle(read)
    assert parse_puzzle(text) == read, text
    assert parse_puzzle(json.dumps(puzzle_json(read.puzzle, read.name, read.start))) == read
    names_read = read.puzzle.graph.names
    assert names_read is None if not any(names) else list(names_read) == names
    assert read.name == (title or None)


@pytest.mark.parametrize("bad", ["\x1b[31mred", "bell\x07", "nul\x00", "\u202eevil", "a\u2028b", "a\x85b", "x" * (MAX_TITLE_LENGTH + 1)])
def test_a_title_that_is_not_shown_as_it_is_is_refused_in_json_and_text(bad):
    with pytest.raises(BoardFormatError) as caught:
        parse_puzzle(json.dumps({"cells": 2, "title": bad}))
    assert (caught.value.code, caught.value.params) == ("title_invalid", {"most": MAX_TITLE_LENGTH})
    with pytest.raises(BoardFormatError) as caught:
        parse_puzzle(f"cells 2\ntitle {bad}\n")
    assert (caught.value.code, caught.value.line, caught.value.column) == ("title_invalid", 2, 7)


@pytest.mark.parametrize("bad", ["\x1b[2J", "\u202e", "\x85", "\u2028"])
def test_a_name_that_is_not_shown_as_it_is_is_refused_in_json_and_text(bad):
    for text in (json.dumps({"cells": 2, "names": ["a", "b" + bad + "c"]}), f"cells 2\nname 1 b{bad}c\n"):
        with pytest.raises(BoardFormatError) as caught:
            parse_puzzle(text)
        assert (caught.value.code, caught.value.params) == ("name_invalid", {"cell": 1, "most": MAX_NAME_LENGTH})


def test_the_cli_writes_no_control_character_of_a_puzzle_file(tmp_path):
    path = tmp_path / "evil.txt"
    path.write_text("title \x1b]0;owned\x07\x1b[31mred\u202e\ncells 2\nedge 0 1\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(PY))
    done = subprocess.run([sys.executable, "-m", "lightsout", "analyze", "--puzzle", str(path)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert "line 1, column 7: the title is longer than 200 characters or holds a control character" in done.stderr
    for ch in "\x1b\x07\u202e":
        assert ch not in done.stdout + done.stderr
    # An error quoting a token of the file shows its control characters as U+XXXX (lightsout.errors.worded).
    path.write_text("cells 2\nk 3\x1b[2J\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "lightsout", "analyze", "--puzzle", str(path)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and "\x1b" not in done.stderr and "U+001B" in done.stderr, done.stderr
    # So does a file name of the command line.
    done = subprocess.run([sys.executable, "-m", "lightsout", "solve", "no\x1b[31msuch\u202e.txt"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stderr == "lightsout: cannot read no\\x1b[31msuch\\u202e.txt: No such file or directory\n"


@pytest.mark.parametrize(
    "text, code, params, place",
    [
        ("cells 3\nk 999999\n", "states_range", {"least": 2, "most": 255, "found": 999999}, (2, 3)),
        ("cells 3\nk 1\n", "states_range", {"least": 2, "most": 255, "found": 1}, (2, 3)),
        ("cells 3\nk 10000000000000000000000000000000000000000\n", "states_range", {"least": 2, "most": 255, "found": "1.00000e40"}, (2, 3)),
    ],
)
def test_a_number_out_of_range_is_said_with_its_range(text, code, params, place):
    with pytest.raises(BoardFormatError) as caught:
        parse_puzzle(text)
    assert (caught.value.code, caught.value.params, (caught.value.line, caught.value.column)) == (code, params, place)
    assert "whole number" not in str(caught.value)


def test_a_cell_count_out_of_range_is_said_with_the_limit():
    for cells, found in ((999999, 999999), (10**39, "1.00000e39")):
        with pytest.raises(TooLargeError) as caught:
            parse_puzzle(f"cells {cells}\n")
        assert caught.value.params == {"most": 4096, "found": found}
