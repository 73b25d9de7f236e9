"""The two board formats written in numbers: lists of lit cells (``indices``) and boards of k states (``states``).

``indices``
    The lit cells numbered 1..R·C row by row, after the size: ``5x5: 1 7 13``
    (commas, semicolons and ``[ ]`` allowed; ``n:`` means n×n), or without
    it — ``1 7 13 19 25``, ``1,7,13`` — on a given size (the page's board)
    or the smallest square that holds the largest number.
``states``
    A board of k states per light (any k from 2 to 255): rows of one symbol
    per cell, ``0``–``9`` then ``a``–``z``, or of space-separated numbers
    (which :func:`format_states` writes above 36 states).

Both are read at a bounded cost (issue #39): a list a megabyte of numbers at a time, at most
:data:`MAX_TEXT_NUMBERS` of them; states a row at a time, refused at the first row past
``max_long_side`` rows or columns or the cells a board of k states may have.  :mod:`lightsout.text.formats`
reads and writes them with the other formats (and re-exports these names).  Errors:
:class:`~lightsout.errors.BoardFormatError` with 1-based ``line`` and ``column``, a ``code`` and
``params`` (:data:`lightsout.errors.PARSE_ERRORS`); :class:`~lightsout.errors.TooLargeError` past a limit.
"""

from __future__ import annotations

import itertools
import math
import re
from array import array
from collections.abc import Sequence

from ..model import codec
from ..model.board import Board
from ..model.codec import MAX_DECLARED_CELLS, MAX_STATE_CELLS
from ..errors import BoardFormatError, TooLargeError
from .grid_text import LIMITS, check_rows, ragged_row
from ..model.rules import PLUS, Rule
from .text_input import content_spans, forgiving, nth_word, position_of

__all__ = [
    "parse_indices", "format_indices", "indices_of", "size_prefix", "MAX_TEXT_NUMBERS",
    "parse_states", "format_states", "states_of", "SYMBOLS",
]


# -- lit-cell indices ----------------------------------------------------

_INDICES = re.compile(r"\s*(\d+)\s*(?:[x×X]\s*(\d+)\s*)?(?::|(?<=\d)\s*\n)")


def size_prefix(text: str, start: int = 0) -> re.Match[str] | None:
    """The ``RxC:`` / ``n:`` / ``RxC``-then-newline header of an indices text, or None; ``start``: the
    text's first symbol when known (the pattern's leading spaces then match nothing, not a long run of them)."""
    match = _INDICES.match(text, start)
    if match and (match.group(2) is not None or match.group(0).rstrip().endswith(":")):
        return match
    return None


MAX_TEXT_NUMBERS = 1 << 22
"""Most numbers a list of lit cells holds (the API's ``max_text_numbers``): as many as the indices text of
the largest board :data:`MAX_FORMAT_CELLS` lets ``format`` write, every light on.  Each number is a
Python step (about 0.1 µs read, 0.1 µs placed): 2^22 take about a second."""

_NOT_INDEX = re.compile(r"[^0-9\s,;\[\]]")
_TO_SPACES = str.maketrans(",;[]", "    ")
_SEPARATOR = re.compile(r"[\s,;\[\]]")
_SYMBOL = re.compile(r"\S")
_DIGITS = re.compile(r"[0-9]+")  # a number, once the text is known to hold only numbers and separators


def parse_indices(text: str, rule: Rule = PLUS, size: tuple[int, int] | None = None) -> Board:
    """Parse a list of lit cells numbered 1..R·C row by row: ``RxC: i j k`` (``n:`` = n×n), or the bare list.

    Numbers are separated by spaces, line breaks, commas or semicolons (``[ ]``
    allowed).  Without a size prefix the board is ``size`` (rows, cols) when
    given — the page passes the current board's — else the smallest square
    that holds the largest number (``1 7 13 19 25`` is 5×5).

    Raises :class:`BoardFormatError` for a token that is not a number, a
    number out of range, or a size that is too large, and
    :class:`~lightsout.errors.TooLargeError` (``numbers_over``) at the number
    past :data:`MAX_TEXT_NUMBERS`.  The text is cleaned first.
    """
    return forgiving(text, lambda clean: indices_of(clean, rule, size))


def indices_of(text: str, rule: Rule, size: tuple[int, int] | None) -> Board:
    first = _SYMBOL.search(text)
    match = size_prefix(text, 0 if first is None else first.start())
    body = match.end() if match else 0
    bad = _NOT_INDEX.search(text, body)
    if bad is not None:  # the word it is in: from the separator before it (none of its characters is one)
        start = max(body, *(text.rfind(separator, body, bad.start()) + 1 for separator in " \n,;[]"))
        found = _SEPARATOR.split(text[start : start + 21], maxsplit=1)[0][:20]
        raise BoardFormatError.of("not_a_number", *position_of(text, start), found=found)
    values = _numbers(text, body)
    if match:
        rows, cols = codec.declared_size(match.group(1), match.group(2) or match.group(1), 1, 1)
    elif size is not None:
        rows, cols = size
    else:
        largest = max(values, default=1)
        side = math.isqrt(largest - 1) + 1 if largest >= 1 else 1
        if side * side > MAX_DECLARED_CELLS:
            at = _number_position(text, body, values.index(largest))
            raise BoardFormatError.of("size_too_large", *at, size=f"{side}x{side}", most=MAX_DECLARED_CELLS)
        rows = cols = side
    cells = rows * cols
    if values and (min(values) < 1 or max(values) > cells):
        number = next(i for i, value in enumerate(values) if not 1 <= value <= cells)
        at = _number_position(text, body, number)
        raise BoardFormatError.of("index_out_of_range", *at, index=values[number], most=cells, rows=rows, cols=cols)
    flat = bytearray((cells + 7) // 8)  # the lit cells placed as bits, one Python step a number
    for value in values:
        flat[(value - 1) >> 3] |= 1 << ((value - 1) & 7)
    return Board.from_flat(rows, cols, int.from_bytes(flat, "little"), rule)


def _numbers(text: str, body: int) -> array[int]:
    """The numbers of a list of lit cells (digits and separators only, from ``body``), read a megabyte at a
    time; a number of more than 18 digits is 0 (out of range).  Refuses the number past :data:`MAX_TEXT_NUMBERS`."""
    values: array[int] = array("q")
    start, length = body, len(text)
    while start < length:
        end = start + (1 << 20)
        if end >= length:
            end = length
        else:  # to the end of the number the megabyte stops in
            cut = _SEPARATOR.search(text, end)
            end = length if cut is None else cut.start()
        words = text[start:end].translate(_TO_SPACES).split()
        if len(values) + len(words) > MAX_TEXT_NUMBERS:
            at = _number_position(text, body, MAX_TEXT_NUMBERS)
            raise TooLargeError.of("numbers_over", "max_text_numbers", *at, most=MAX_TEXT_NUMBERS)
        if words and max(map(len, words)) > 18:
            values.extend(int(word) if len(word) <= 18 else 0 for word in words)
        else:
            values.extend(map(int, words))
        start = end
    return values


def _number_position(text: str, body: int, index: int) -> tuple[int, int]:
    """The (line, column) of number ``index`` (0-based) of the list from ``body`` (:func:`lightsout.text.text_input.nth_word`)."""
    return position_of(text, nth_word(text, body, len(text), index, _DIGITS))


_DIGITS_TO_FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def format_indices(board: Board) -> str:
    """Return ``RxC: i j k`` listing the lit cells, numbered 1..R·C row by row.

    Each row's lit cells are picked by ``itertools.compress`` over its bits
    (C speed): about 0.17 µs a lit cell, 4 times faster than a loop over them.
    """
    cols = board.cols
    parts = []
    for r, row in enumerate(board.lights):
        if row:
            flags = format(row, f"0{cols}b")[::-1].encode().translate(_DIGITS_TO_FLAGS)
            parts.append(" ".join(map(str, itertools.compress(range(r * cols + 1, (r + 1) * cols + 1), flags))))
    return f"{board.rows}x{board.cols}: {' '.join(parts)}".rstrip()


# -- k states per light ----------------------------------------------------

SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""The symbols of states 0..35 in the ``states`` format (numbers above 36 states)."""



def parse_states(text: str, k: int, most: int | None = None) -> tuple[int, int, list[int]]:
    """Parse a k-state board: rows of one symbol per cell (0–9 then a–z) or of space-separated numbers.

    Returns (rows, cols, cells).  Raises :class:`BoardFormatError` with the
    line and column of a symbol outside 0..k−1, ragged rows or empty input,
    and :class:`~lightsout.errors.TooLargeError` at the first row past
    ``max_long_side`` rows or columns or ``most`` cells (default:
    ``max_state_cells`` with k > 2, ``max_cells`` with 2).  The text is cleaned first.
    """
    return forgiving(text, lambda clean: states_of(clean, k, most))


_SPACED_TEXT = re.compile(r"\S[^\S\n]+\S")


def states_of(text: str, k: int, most: int | None) -> tuple[int, int, list[int]]:
    limits = (LIMITS[0], LIMITS[1], most or (MAX_STATE_CELLS if k > 2 else LIMITS[2]))
    spaced = _SPACED_TEXT.search(text) is not None
    symbols = SYMBOLS[: min(k, len(SYMBOLS))]
    bad_symbol = re.compile("[^ 0-9]" if spaced else "[^" + symbols + symbols.upper() + "]")
    as_bytes = str.maketrans({s: chr(v) for v, s in enumerate(symbols)} | {s.upper(): chr(v) for v, s in enumerate(symbols)})
    cells: array[int] = array("B")
    width = -1
    rows = 0
    spans = content_spans(text)
    first = None
    for number, offset, begin, end in spans:
        first = first or (number, offset, begin, end)
        count = _words_up_to(text, begin, end, limits[1] + 1) if spaced else end - begin
        if width < 0:
            width = count
            if count > limits[1]:
                column = _state_column(text[begin:end], offset, limits[1], spaced)
                raise TooLargeError.of("columns_over", "max_long_side", number, column, most=limits[1])
        rows += 1
        check_rows(rows, 0, width, number, offset + 1, limits, k)
        bad = bad_symbol.search(text, begin, end)
        line = text[begin:end]
        words = line.split() if spaced else []
        if spaced:  # numbers of at most 3 digits, each below k
            values = [int(word) if len(word) <= 3 and word.isascii() and word.isdigit() else -1 for word in words]
            wrong = next((i for i, value in enumerate(values) if not 0 <= value < k), None)
        else:  # one symbol a cell, all of them from 0..k-1's: one translate
            values = list(line.translate(as_bytes).encode("latin-1")) if bad is None else []
            wrong = None if bad is None else bad.start() - begin
        if wrong is not None:
            found = (words[wrong] if spaced else line[wrong])[:10]
            raise BoardFormatError.of("bad_state", number, _state_column(line, offset, wrong, spaced), most=k - 1, found=found)
        if count != width:
            if rows == 2:  # the second row: when the third agrees with it, the first is the odd one
                third = next(spans, None)
                if third is not None and (_words_up_to(text, third[2], third[3], count + 1) if spaced else third[3] - third[2]) == count:
                    number, offset, begin, end = first
                    line, count, width = text[begin:end], width, count
                    words = line.split() if spaced else []
                    rows = 1
            index = width if count > width else count - 1
            column = _state_column(line, offset, index, spaced) + (0 if count > width else len(words[-1]) if spaced else 1)
            raise ragged_row(rows, count, width, number, column)
        cells.extend(values)
    if width < 0:
        raise BoardFormatError.of("empty_states", 1, 1, most=k - 1)
    return rows, width, cells.tolist()


def _words_up_to(text: str, begin: int, end: int, most: int) -> int:
    """The words between spaces of text[begin:end], counted up to ``most`` (at C speed, no list of them past it)."""
    if text.count(" ", begin, end) + 1 < most:
        return len(text[begin:end].split())
    return most if nth_word(text, begin, end, most - 1) < end else len(text[begin:end].split())


def _state_column(line: str, offset: int, index: int, spaced: bool) -> int:
    """The column of cell ``index`` of a stripped line of states whose first symbol is at ``offset``."""
    if not spaced:
        return offset + index + 1
    return offset + nth_word(line, 0, len(line), index) + 1


def format_states(rows: int, cols: int, cells: Sequence[int], k: int) -> str:
    """Return a k-state board as text: one symbol per cell up to 36 states, else numbers."""
    lines = []
    for r in range(rows):
        row = cells[r * cols : (r + 1) * cols]
        if k <= len(SYMBOLS):
            lines.append("".join(SYMBOLS[value] for value in row))
        else:
            lines.append(" ".join(f"{value:>3}" for value in row).rstrip())
    return "\n".join(lines)
