"""Two-symbol grids as text: cleaning pasted text, reading rows of cells into row ints, writing them back.

The core that the grid, LOJ and POJ 1222 formats of :mod:`lightsout.text.formats`
share, on plain row ints (bit c = column c, :mod:`lightsout.model.rows`) and symbol
triples ``(on, off, separator)``: no :class:`~lightsout.model.board.Board`, no
dataclass, so the command line's LOJ path (``python -m lightsout solve
--format loj``) reads and writes through this module alone and starts
without loading the rest of the package.  :mod:`lightsout.text.formats` wraps
these as ``Board`` and ``GridStyle`` values and re-exports
:func:`clean_text` and :data:`NO_SOLUTION`.

Errors raise :class:`~lightsout.errors.BoardFormatError` with 1-based
``line`` and ``column`` (see :mod:`lightsout.text.formats`), and
:class:`~lightsout.errors.TooLargeError` at the first row past a limit (rows,
columns, cells): the text is walked a line at a time
(:mod:`lightsout.text.text_input`), never split whole.
"""

from __future__ import annotations

import re

import itertools

from ..model import codec
from ..errors import BoardFormatError, TooLargeError
from .text_input import Span, clean_text, content_spans, forgiving, nth_word, position_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

__all__ = [
    "NO_SOLUTION", "Symbols", "SIZE_LINE", "Limits", "LIMITS", "content_lines", "grid_rows", "check_rows", "wide_row", "ragged_row",
    "count_spans", "read_size_line", "size_value", "POJ_ROWS", "POJ_COLS",
    "read_loj", "write_rows", "clean_text", "forgiving",
]

NO_SOLUTION = "No solution"
"""The answer to an unsolvable board, in every format."""

Symbols = tuple[str, str, str]
"""How a grid is written: the lit symbol, the dark symbol and the cell separator (``" "`` or ``""``)."""

SIZE_LINE = re.compile(r"[0-9]+")
"""A size (or count) line of the LOJ and POJ 1222 formats: ASCII digits only (``\\d`` would take
other scripts' digits, such as U+0660 '٠', which ``int`` reads as 0)."""

# Symbol pairs a grid may use, keyed by a symbol that identifies the pair.
# '.' alone is ambiguous between '#' and '*': it resolves to '#'.
_PAIRS = {
    "#": ("#", "."),
    "*": ("*", "."),
    "1": ("1", "0"),
    "0": ("1", "0"),
    "X": ("X", "O"),
    "O": ("X", "O"),
    "x": ("x", "o"),
    "o": ("x", "o"),
    ".": ("#", "."),
}



Limits = tuple[int, int, int]
"""The most rows, columns and cells a reader takes: ``max_long_side`` twice and ``max_cells`` by default."""

LIMITS: Limits = (codec.MAX_LONG_SIDE, codec.MAX_LONG_SIDE, codec.MAX_DECLARED_CELLS)

_SPACED = re.compile(r"\S[^\S\n]+\S")  # two symbols with spaces between them on one line
_TWO_SYMBOLS = re.compile(r"\S\S")
_FIRST_SYMBOL = re.compile(r"[^\s.]")


def content_lines(text: str, start: int = 0, number: int = 1) -> Iterator[tuple[int, int, str]]:
    """(line number, column offset, stripped text) of each non-blank line of a cleaned ``text``, lazily
    (:func:`lightsout.text.text_input.content_spans`, with the line's text)."""
    for line, offset, begin, end in content_spans(text, start, number):
        yield line, offset, text[begin:end]


def check_rows(count: int, row: int, cols: int, number: int, column: int, limits: Limits, states: int = 2) -> None:
    """Refuse the ``count``-th row (line ``number``, its first symbol at ``column``) of a board ``cols`` wide
    when it passes a limit: rows (``rows_over``), cells (``cells_over``, or ``state_cells_over`` with more
    than two states: the most is then ``max_state_cells``).  ``row`` is unused: the width was checked."""
    most_rows, _, most_cells = limits
    if count > most_rows:
        raise TooLargeError.of("rows_over", "max_long_side", number, column, most=most_rows, found=count)
    if count * cols > most_cells:
        if states > 2:
            raise TooLargeError.of("state_cells_over", "max_state_cells", number, column, k=states, most=most_cells, found=count * cols)
        raise TooLargeError.of("cells_over", "max_cells", number, column, most=most_cells, found=count * cols)


def wide_row(line: str, width: int, number: int, offset: int, spaced: bool, limits: Limits) -> None:
    """Refuse a row of ``width`` cells past ``max_long_side`` (``columns_over``), at its first cell too many."""
    most = limits[1]
    if width <= most:
        return
    if not spaced:
        column = offset + most + 1
    else:  # the first cell past the most, counted a piece of the line at a time (no list of the cells)
        column = offset + nth_word(line, 0, len(line), most) + 1
    raise TooLargeError.of("columns_over", "max_long_side", number, column, most=most)


def grid_rows(text: str, lines: Iterable[Span], limits: Limits = LIMITS) -> tuple[list[int], int, Symbols]:
    """Parse grid rows (the non-blank lines of a cleaned ``text``, as :func:`~lightsout.text.text_input.content_spans` gives
    them, the last lines of the text) into row ints, their width and their symbols.

    Returns the rows (bit c = column c), the width and ``(on, off, separator)``: the lit and dark
    symbols and ``" "`` when cells are spaced, else ``""``.  Raises :class:`BoardFormatError` for a
    symbol of two characters between spaces (the first anywhere, ``cell_not_single``), an unknown
    first symbol (``unknown_grid_symbol``), an unknown or mixed symbol or ragged rows, each at its
    line; and :class:`~lightsout.errors.TooLargeError` at the first row past ``limits`` (the most
    rows, columns, cells: ``rows_over``, ``columns_over``, ``cells_over``).  Whether cells are
    spaced, the symbol of two characters and the first symbol are found by searches over the
    text at C speed; then each line costs a translate and an ``int`` (no cell is a Python step).
    """
    lines = iter(lines)
    first = next(lines, None)
    if first is None:
        return [], 0, ("#", ".", "")
    region = first[2]
    spaced = text.find(" ", region) >= 0 and _SPACED.search(text, region) is not None
    if spaced:
        double = _TWO_SYMBOLS.search(text, region)
        if double is not None:  # the leftmost two symbols side by side start the first cell of two symbols
            found = text[double.start() : double.start() + 20].split()[0]
            raise BoardFormatError.of("cell_not_single", *position_of(text, double.start()), found=found)
    symbol = _FIRST_SYMBOL.search(text, region)
    if symbol is not None and symbol.group() not in _PAIRS:
        raise BoardFormatError.of("unknown_grid_symbol", *position_of(text, symbol.start()), symbol=symbol.group())
    on, off = _PAIRS[symbol.group()] if symbol is not None else ("#", ".")
    allowed = {on, off} | ({"X", "x", "O", "o"} if on in "Xx" else set())
    bad_symbol = re.compile("[^" + re.escape("".join(sorted(allowed | ({" "} if spaced else set())))) + "]")
    # Every other ASCII character becomes 'x', which int(..., 2) refuses, and a space goes: one translate and
    # one int() both check and convert a row at C speed.
    table: dict[int, str | None] = {code: "x" for code in range(128)}
    table.update({ord(character): ("1" if character.upper() == on.upper() else "0") for character in allowed})
    if spaced:
        table[ord(" ")] = None
    most_rows, most_cols, most_cells = limits
    rows: list[int] = []
    append = rows.append
    width = -1
    count = text.count
    for number, offset, begin, end in _chained(first, lines):
        cells = end - begin - (count(" ", begin, end) if spaced else 0)
        if width < 0:
            width = cells
            if width > most_cols:
                wide_row(text[begin:end] if spaced else "", width, number, offset, spaced, limits)
        if len(rows) >= most_rows or (len(rows) + 1) * width > most_cells:
            check_rows(len(rows) + 1, 0, width, number, offset + 1, limits)
        if cells != width:  # the row's symbols are checked before its width (a line far too wide is never converted)
            _check_symbols(text, begin, end, number, offset, spaced, bad_symbol, on, off)
            if len(rows) == 1:  # the second row: when the third agrees with it, the first is the odd one
                third = next(lines, None)
                if third is not None and third[3] - third[2] - (count(" ", third[2], third[3]) if spaced else 0) == cells:
                    begin, end = first[2], first[3]
                    raise ragged_row(1, width, cells, first[0], _cell_column(text, begin, end, first[1], min(width, cells) - (width < cells), spaced) + (width < cells))
            column = _cell_column(text, begin, end, offset, min(width, cells) - (cells < width), spaced) + (cells < width)
            raise ragged_row(len(rows) + 1, cells, width, number, column)
        line = text[begin:end]
        try:
            if not line.isascii():  # int() would read other scripts' digits
                raise ValueError
            append(int(line.translate(table)[::-1], 2))
        except ValueError:
            _check_symbols(text, begin, end, number, offset, spaced, bad_symbol, on, off)
            raise
    return rows, width, (on, off, " " if spaced else "")


def ragged_row(row: int, found: int, others: int, line: int, column: int) -> BoardFormatError:
    """``ragged_rows``: row ``row`` (1-based, of the board) has ``found`` cells, the other rows ``others``;
    at ``line`` and ``column``: its first cell too many, or just after its last one when it is short."""
    return BoardFormatError.of("ragged_rows", line, column, row=row, found=found, expected=others)


def _check_symbols(text: str, begin: int, end: int, number: int, offset: int, spaced: bool, bad_symbol: re.Pattern[str], on: str, off: str) -> None:
    """Refuse the first symbol of text[begin:end] (a row, at line ``number``) that is not the grid's (``unknown_symbol``)."""
    bad = bad_symbol.search(text, begin, end)
    if bad is not None:
        index = bad.start() - begin - (text.count(" ", begin, bad.start()) if spaced else 0)
        column = _cell_column(text, begin, end, offset, index, spaced)
        raise BoardFormatError.of("unknown_symbol", number, column, symbol=bad.group(), lit=on, dark=off)


def _chained(first: Span, rest: Iterator[Span]) -> Iterator[Span]:
    yield first
    yield from rest


def _cell_column(text: str, begin: int, end: int, offset: int, index: int, spaced: bool) -> int:
    """The column of cell ``index`` of the row text[begin:end] (stripped, its first symbol at ``offset``)."""
    if not spaced:
        return offset + index + 1
    return offset + nth_word(text, begin, end, index) - begin + 1


def count_spans(spans: Iterable[Span]) -> int:
    """How many lines ``spans`` has left (a count for an error's ``found``: bounded by the text's lines)."""
    return sum(1 for _ in spans)


def write_rows(rows: list[int] | tuple[int, ...], cols: int, symbols: Symbols = ("#", ".", "")) -> str:
    """Return R rows of C cells (bit c = column c) as text: ``on``/``off`` per cell, ``separator`` between cells."""
    on, off, separator = symbols
    table = str.maketrans({"1": on, "0": off})
    lines = []
    for row in rows:
        cells = format(row, f"0{cols}b")[::-1].translate(table)
        lines.append(separator.join(cells) if separator else cells)
    return "\n".join(lines)


# -- size lines (LibreOJ 6243, POJ 1222) ---------------------------------------

POJ_ROWS, POJ_COLS = 5, 6
"""The size of every puzzle of POJ 1222 (http://poj.org/problem?id=1222), whose count line :func:`read_size_line` reads."""


def size_value(digits: str) -> int:
    """The number a size or count line of ASCII digits says, or 10^9 (more than any limit lets through)
    when it has more than 9 digits: a number of a million digits is never converted."""
    return int(digits) if len(digits) <= codec.MAX_SIZE_DIGITS else 10**codec.MAX_SIZE_DIGITS


def read_size_line(text: str, spans: Iterator[Span], code: str, positive: bool = False) -> tuple[Span, str, int]:
    """Read the first non-blank line of a cleaned ``text`` (the next of ``spans``) as a size or count line:
    its span, its digits and the number they say (:func:`size_value`).

    The one reader of the LibreOJ format's size line and POJ 1222's count line.  Raises
    :class:`BoardFormatError` ``empty_input`` when there is no line, and ``code`` (``found``: the line's
    first 20 characters) at the line when it is not ASCII digits (:data:`SIZE_LINE`), or is all zeros
    when it must be ``positive`` (a count of puzzles).
    """
    head = next(spans, None)
    if head is None:
        raise BoardFormatError.of("empty_input", 1, 1)
    number, offset, begin, end = head
    header = text[begin:end]
    if not SIZE_LINE.fullmatch(header) or (positive and not header.strip("0")):
        raise BoardFormatError.of(code, number, offset + 1, found=header[:20])
    return head, header, size_value(header)


# -- LibreOJ 6243 -------------------------------------------------------


def read_loj(text: str) -> tuple[int, list[int], Symbols]:
    """Read LibreOJ #6243 input (cleaned, :func:`~lightsout.text.text_input.forgiving`): ``n`` then n rows of n cells (``#`` lit, ``.`` dark).

    Returns ``(n, rows, symbols)``: the n row ints (bit c = column c) and
    ``(on, off, separator)`` as :func:`grid_rows` gives them.

    Raises :class:`BoardFormatError` for a missing or bad size line (n·n at most ``max_cells``), a row
    count or width that disagrees with ``n``, or an unknown symbol (see :func:`grid_rows`).
    """
    spans = content_spans(text)
    (number, offset, _, _), header, size = read_size_line(text, spans, "size_line_expected")
    if size**2 > codec.MAX_DECLARED_CELLS:
        raise BoardFormatError.of("size_too_large", number, offset + 1, size=header[:12] + ("…" if len(header) > 12 else ""), most=codec.MAX_DECLARED_CELLS)
    if size < 1:
        raise BoardFormatError.of("size_below_one", number, offset + 1, size=f"{size}x{size}")
    body = list(itertools.islice(spans, size + 1))  # positions only: at most n + 1 lines, n ≤ 10 000
    if len(body) != size:
        if len(body) < size:  # the size line, which says more rows than follow (a line past the text is no line to show)
            line, column, found = number, offset + 1, len(body)
        else:  # the first row too many
            line, column, found = body[size][0], body[size][1] + 1, size + 1 + count_spans(spans)
        raise BoardFormatError.of("row_count", line, column, expected=size, found=found)
    rows, width, symbols = grid_rows(text, body)
    if width != size:
        raise BoardFormatError.of("column_count", body[0][0], body[0][1] + 1, expected=size, found=width)
    return size, rows, symbols
