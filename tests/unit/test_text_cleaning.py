"""Cleaning a text a piece at a time (issue 49: 100 MiB of zero-width marks took 8 s to refuse) gives what
cleaning it whole, one character after another, gives: every piece boundary (a CR and its LF, a
character's UTF-8, a mark between a CR and a LF), strings and bytes alike; a big text's first foreign
character is refused at its line and column, however it came (a file's bytes or a request's string).
The pieces are made tiny here so that texts of a few hundred characters cross many boundaries; what
cleaning costs is measured by bench/limits.py (the "text: zero-width" rows), not asserted here."""

from __future__ import annotations

import json
import random

import pytest

from lightsout.api import call
from lightsout.errors import BoardFormatError
from lightsout.text import text_input
from lightsout.text.text_input import ZERO_WIDTH, clean_text, decode_text

BREAKS = ["\r\n", "\r", "\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
SPACES = ["\t", "\x1f", "\u00a0", "\u1680", *map(chr, range(0x2000, 0x200B)), "\u202f", "\u205f", "\u3000", " "]
CLEANED = [*BREAKS, *SPACES, *ZERO_WIDTH]
BOARD = list("#.01 ")
FOREIGN = ["😀", "é", "\u200e", "中"]


def reference(text: str) -> str:
    """Cleaning as the docstring says it, one character after another (CRLF first)."""
    text = text.replace("\r\n", "\n")
    out = []
    for character in text:
        if character in BREAKS:
            out.append("\n")
        elif character in SPACES:
            out.append(" ")
        elif character not in ZERO_WIDTH:
            out.append(character)
    return "".join(out)


def random_text(rng: random.Random, size: int, foreign: bool = False) -> str:
    alphabet = BOARD * 4 + CLEANED + (FOREIGN if foreign else [])
    return "".join(rng.choice(alphabet) for _ in range(size))


@pytest.fixture
def tiny_pieces(monkeypatch):
    monkeypatch.setattr(text_input, "PIECE", 5)
    monkeypatch.setattr(text_input, "WIDE_TEXT_BYTES", 8)  # every text not ASCII is cleaned as bytes


@pytest.mark.parametrize("seed", range(40))
def test_a_string_cleaned_in_pieces_is_the_string_cleaned_whole(tiny_pieces, seed):
    rng = random.Random(seed)
    text = random_text(rng, rng.randrange(1, 300), foreign=seed % 2 == 1)
    assert clean_text(text) == reference(text)


@pytest.mark.parametrize("seed", range(40))
def test_bytes_cleaned_in_pieces_are_the_text_cleaned_whole(tiny_pieces, seed):
    rng = random.Random(seed)
    text = random_text(rng, rng.randrange(10, 300)) + "\u200b"  # not ASCII: cleaned as bytes
    cleaned, original = decode_text(text.encode())
    assert cleaned == reference(text) and original is not None
    lines = text.replace("\r\n", "\n")
    for number in (1, 2):  # line n as given, for an error's column
        assert original(number) == (lines.splitlines() + ["", ""])[number - 1]


def test_a_mark_between_a_cr_and_a_lf_leaves_two_breaks_at_every_boundary(tiny_pieces):
    for shift in range(6):
        text = "#" * shift + "\r\u200b\n#\r\n\u200b#\u3000\r"
        assert clean_text(text) == decode_text(text.encode())[0] == reference(text) == "#" * shift + "\n\n#\n# \n"


def test_a_string_with_nothing_to_clean_is_returned_as_it_is(tiny_pieces):
    text = "#.#\n中.#\n"
    assert clean_text(text) is text


@pytest.mark.parametrize("seed", range(20))
def test_the_first_foreign_character_of_big_bytes_is_refused_at_its_line_and_column(tiny_pieces, seed):
    rng = random.Random(seed)
    text = random_text(rng, rng.randrange(10, 200)) + rng.choice(FOREIGN) + random_text(rng, 20, foreign=True)
    with pytest.raises(BoardFormatError) as refused:
        decode_text(text.encode())
    first = min(text.index(character) for character in FOREIGN if character in text)
    before = text[:first]
    line = reference(before).count("\n") + 1
    line_start = max(before.rfind(mark) + len(mark) if before.rfind(mark) >= 0 else 0 for mark in BREAKS)
    assert refused.value.code == "foreign_character" and refused.value.params == {"symbol": text[first]}
    assert (refused.value.line, refused.value.column) == (line, first - line_start + 1)


def test_a_big_string_in_a_request_is_read_as_a_files_bytes_are(tiny_pieces):
    """The API's text field, above WIDE_TEXT_BYTES and not ASCII: cleaned as bytes, so a foreign character is
    refused where it stands (as in a file), and a board padded with marks is read."""
    text = "#.\u200b#\n.#\u200b.\n" * 4 + "#.😀\n"
    reply = json.loads(call(json.dumps({"op": "parse", "text": text}))[0])
    assert reply["error"]["code"] == "foreign_character" and (reply["error"]["line"], reply["error"]["column"]) == (9, 3), reply
    reply = json.loads(call(json.dumps({"op": "parse", "text": "#.\u200b#\n.#\u200b.\n" * 4}))[0])
    assert reply["ok"] and (reply["rows"], reply["cols"]) == (8, 3), reply
