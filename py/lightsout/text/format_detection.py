"""Which text format a pasted board is in: :func:`detect_format`, for :mod:`lightsout.text.formats`' ``auto``.

A text is told apart by a few searches over the whole cleaned text at C speed and a look at its
first lines: a game ID, a lit-cell list with a size, and, for text of whole numbers only, a LibreOJ
size line or a POJ 1222 count line (:func:`_size_line_taken` weighs the rows after it), a grid of
0/1 or a list of lit cells.  Nothing here reads a board: the reader of the format chosen does, and
its error names the place (which is why an ambiguous text goes to the reader whose error says most).
"""

from __future__ import annotations

import itertools
import re

from ..model import codec
from ..errors import BoardFormatError
from .grid_text import POJ_COLS, POJ_ROWS, SIZE_LINE, size_value
from .number_formats import size_prefix
from .text_input import clean_text, content_spans

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .text_input import Span

__all__ = ["detect_format"]

_LIST_START = re.compile(r"[\s\[]*(\d+)(?:[ \t]*([,;])[ \t]*|[ \t]+)(\d+)")
_ZERO_NUMBER = re.compile(r"(?<!\d)0+(?!\d)")  # cell 0: no list holds it


def detect_format(text: str) -> str:
    """Return the name of the format ``text`` appears to be in (one of :data:`lightsout.names.FORMATS`).

    Order: a single-token game ID; ``RxC:`` / ``n:`` + numbers (indices);
    then, for text of whole numbers only (between spaces, line breaks,
    commas, semicolons, brackets):

    - a count line n followed by rows of 0/1 (another digit on one line at
      most) is LOJ (n rows of n) or POJ 1222 (n puzzles of 5 rows of 6): POJ
      when the first row has 6 cells and either n ≠ 6 or there are not 6
      rows, else LOJ — unless n could be the grid's first row and the rows
      after it do not match the count (:func:`_size_line_taken`: then the
      text is a grid, and a row of another width is named as such);
    - a grid when it has no comma, semicolon or bracket, only the digits 0
      and 1, and either single digits between spaces (``1 0 1``), one run
      of digits a line (``0110``) or a lone 0 (lit cells are numbered from 1),
      or when it has another digit on one line only and a first line of at
      least two cells (a slip in a grid of 0/1: its error names the digit);
    - otherwise a list of lit cells without a size (``1 7 13``, ``1,7,13``):
      a comma makes any list one (``1, 10``).

    Other text: a list (so that its error names the word at fault) when it
    starts with two numbers that could not start a 0/1 row (``1 2 x``,
    ``1, x``); a size line followed by rows (LOJ), unless it could be the
    first row of a grid of 0/1 whose rows do not match it; otherwise a plain grid.
    """
    text = clean_text(text)
    spans = content_spans(text)
    first = next(spans, None)
    if first is None:
        return "grid"  # nothing in it: the grid reader says so
    begin = first[2]  # the patterns below start here, not with spaces a long text may begin with
    if _GAME_ID_TEXT.fullmatch(text, begin):
        try:
            codec.parse_packed(text[begin:].rstrip())
            return "id"
        except BoardFormatError:
            pass
    if size_prefix(text, begin):
        return "indices"
    second = next(spans, None)
    if _NOT_NUMBER_TEXT.search(text) is None and any(digit in text for digit in "0123456789"):
        return _detect_numbers(text, first, second, spans)
    start = _LIST_START.match(text, begin)
    if start and (start.group(2) or not {start.group(1), start.group(3)} <= {"0", "1"}):
        return "indices"  # a list with a mistake in it: its error names the word, not "unknown symbol '2'"
    if second is not None and SIZE_LINE.fullmatch(text, first[2], first[3]):
        if _size_line_taken(text, first, second, spans, "loj"):
            return "loj"
    return "grid"


_GAME_ID_TEXT = re.compile(r"[0-9]+x[0-9]+:[A-Za-z0-9_-]*\s*")
_NOT_NUMBER_TEXT = re.compile(r"[^0-9,;\[\] \n]")  # after cleaning, every space is " " and every break "\n"
_NOT_BINARY = re.compile(r"[^01 \n]")
_MIXED_ROW = re.compile(r"[01]{2} +[01]|[01] +[01]{2}")  # a line neither one run of 0/1 nor single digits between spaces


def _detect_numbers(text: str, first: Span | None, second: Span | None, rest: Iterator[Span]) -> str:
    """The format of cleaned text of whole numbers only (see :func:`detect_format`): its first two non-blank
    lines, the ones after them (looked at only to count six), and searches of the text at C speed."""
    if first is not None and second is not None and SIZE_LINE.fullmatch(text, first[2], first[3]):
        body = first[3]
        if _binary_but_one_line(text, body) and _MIXED_ROW.search(text, body) is None:  # every row 0/1 (one may slip)
            header, row = text[first[2] : first[3]], text[second[2] : second[3]]
            width = len(row.split()) if " " in row else len(row)
            count = size_value(header)
            following = list(itertools.islice(rest, POJ_COLS))  # up to 6 more: whether there are 6 rows
            rows = 1 + len(following)
            format = "poj" if width == POJ_COLS and (count != POJ_COLS or rows != POJ_COLS) else "loj"
            if _size_line_taken(text, first, second, itertools.chain(following, rest), format):
                return format
    # str searches, not regular expressions: a 100 MB grid of 0/1 is detected in 0.3 s, not 14 s.
    one_run_a_line = " " not in text
    single_digits = not any(pair in text for pair in ("00", "01", "10", "11"))
    if not any(character in text for character in ",;[]23456789"):
        if one_run_a_line or single_digits or not re.search(r"\d +\d", text) or _ZERO_NUMBER.search(text):
            return "grid"
    elif first is not None and second is not None and not any(character in text for character in ",;[]"):
        # Rows of 0/1 with another digit on one line: a grid with a slip (its error names the symbol), unless
        # the first line is a single number (1\n7: a list of lit cells, one a line).
        wide = first[3] - first[2] >= 2 and (one_run_a_line or single_digits)
        if wide and _binary_but_one_line(text, first[2]) and _MIXED_ROW.search(text) is None:
            return "grid"
    return "indices"


def _binary_but_one_line(text: str, start: int) -> bool:
    """Whether text[start:] (numbers only) holds nothing but 0s and 1s, spaces and breaks, but on one line
    at most (digits 2 to 9 there: a slip of the finger in a grid of 0/1), found by two searches."""
    stray = _NOT_BINARY.search(text, start)
    if stray is None:
        return True
    end = text.find("\n", stray.start())
    return end < 0 or _NOT_BINARY.search(text, end) is None


def _size_line_taken(text: str, first: Span, second: Span, rest: Iterator[Span], format: str) -> bool:
    """Whether the first line of a cleaned ``text``, a number, is the size line of ``format`` (``loj``: n
    rows of n; ``poj``: n puzzles, 5n rows of 6) rather than the first row of a grid of 0s and 1s.

    A size line is taken when the lines that follow match it better than they match its own width:
    a grid whose first row happens to be digits (``10010`` over a row one light short) is read as a
    grid, so that its error names the row at fault, not "the size line says 10,010 rows".  A line
    that cannot be a row of the grid (``3``, ``12``; a number over rows of ``#``/``.``; several
    digits over cells between spaces) is always a size line; a number above ``max_long_side`` (more
    rows or puzzles than a text holds) never is.  Each reading's faults are counted over the rows
    that follow, at most the rows the size line asks for and two more (at most 10 002:
    each row past them is one fault more for the size line, and at most one for the grid): for the
    size line, every row too many or too few and every row not as wide as it says; for the grid,
    every row not as wide as most rows are, and a digit of the first line other than 0 or 1 (one
    is a slip; a first line of one such digit, ``3``, is a size line).  A tie is a grid's; a number
    over one row not as wide is a size line (no rows agree to say which of the two is odd).
    """
    header = text[first[2] : first[3]]
    slips = len(header) - header.count("0") - header.count("1")  # other digits: symbols the grid would refuse
    symbol = _FIRST_ROW_SYMBOL.search(text, second[2])
    if slips > (len(header) > 1) or symbol is None or symbol.group() not in "01":
        return True
    # As lightsout.text.grid_text.grid_rows tells (a search of a long text without spaces costs one find).
    spaced = text.find(" ", second[2]) >= 0 and _SPACED_ROWS.search(text, second[2]) is not None
    if spaced and len(header) > 1:
        return True
    number = size_value(header)
    if number > codec.MAX_LONG_SIDE:  # more rows, or puzzles, than a text may hold: a row of a grid
        return False
    expected_rows, expected_width = (number, number) if format == "loj" else (POJ_ROWS * number, POJ_COLS)
    window = min(expected_rows, _SCANNED_ROWS) + 2
    widths = [len(header)]
    for _, _, begin, end in itertools.islice(itertools.chain((second,), rest), window):
        widths.append(end - begin - (text.count(" ", begin, end) if spaced else 0))
    rows = len(widths) - 1
    missing = 0 if rows == window else max(0, expected_rows - rows)  # rows past the window are not counted
    size_faults = max(0, rows - expected_rows) + missing + sum(width != expected_width for width in widths[1:])
    grid_faults = len(widths) - max(widths.count(width) for width in set(widths)) + slips
    if len(widths) == 2:  # two lines: no rows that agree to tell which is odd, so a number over a row is a size line
        return grid_faults > 0
    return size_faults < grid_faults


_SCANNED_ROWS = 10_000
"""Most rows :func:`_size_line_taken` looks at (and two more): the rows of the largest LibreOJ board (``max_cells`` is 10 000²)."""
_SPACED_ROWS = re.compile(r"\S[^\S\n]+\S")
_FIRST_ROW_SYMBOL = re.compile(r"[01#*XxOo]")  # the first symbol past any slip and dots: 0/1 rows or a grid of other symbols
