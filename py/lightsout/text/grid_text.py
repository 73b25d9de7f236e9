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
    "NO_SOLUTION", "Symbols", "SIZE_LINE", "KNOWN_SYMBOLS", "LIT_SYMBOLS", "grid_symbols", "Limits", "LIMITS", "content_lines", "grid_rows", "check_rows", "wide_row", "ragged_row",
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

KNOWN_SYMBOLS = "#*1xo0-."
"""The symbols that tell a grid's lit symbol from its dark one (a letter in either case), the more lit
first: ``#``, ``*``, ``1``, ``x`` mean lit and ``o``, ``0``, ``-``, ``.`` dark when the other symbol is
one of no meaning (``@``, ``_``); of two of them the earlier is lit (``#``/``x``: ``#`` lit, ``x`` dark;
``o``/``.``: ``o`` lit).  See :func:`grid_symbols`."""

LIT_SYMBOLS = KNOWN_SYMBOLS[:4]
"""The known symbols that mean lit beside a symbol of no meaning (the others mean dark)."""

# The symbol written for the other state of a grid of one symbol only.
_PARTNER = {"#": ".", "*": ".", "1": "0", "0": "1", "x": "o", "X": "O", "o": "x", "O": "X", "-": "#", ".": "#"}
_KNOWN_CASES = "#*1xXoO0-."


Limits = tuple[int, int, int]
"""The most rows, columns and cells a reader takes: ``max_long_side`` twice and ``max_cells`` by default."""

LIMITS: Limits = (codec.MAX_LONG_SIDE, codec.MAX_LONG_SIDE, codec.MAX_DECLARED_CELLS)

_SPACED = re.compile(r"\S[^\S\n]+\S")  # two symbols with spaces between them on one line
_TWO_SYMBOLS = re.compile(r"\S\S")
_SYMBOL = re.compile(r"\S")


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
    symbols (:func:`grid_symbols`) and ``" "`` when cells are spaced, else ``""``.  Raises
    :class:`BoardFormatError` for a symbol of two characters between spaces (the first anywhere,
    ``cell_not_single``), two symbols of no meaning (``unknown_grid_symbol``), a third symbol or
    ragged rows, each at its line; and :class:`~lightsout.errors.TooLargeError` at the first row past ``limits`` (the most
    rows, columns, cells: ``rows_over``, ``columns_over``, ``cells_over``).  Whether cells are
    spaced, the symbol of two characters and the grid's two symbols are found by searches over the
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
    on, off = grid_symbols(text, region)
    allowed = {case for symbol in (on, off) for case in (symbol, symbol.lower(), symbol.upper()) if len(case) == 1}
    bad_symbol = re.compile("[^" + re.escape("".join(sorted(allowed | ({" "} if spaced else set())))) + "]")
    # Every other ASCII character becomes 'x', which int(..., 2) refuses, and a space goes: one translate and
    # one int() both check and convert a row at C speed (a character left outside ASCII is refused too).
    table: dict[int, str | None] = {code: "x" for code in range(128)}
    table.update({ord(character): ("1" if character.lower() == on.lower() else "0") for character in allowed})
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
        line = text[begin:end].translate(table)
        try:
            if not line.isascii():  # a symbol of no ASCII not the grid's: int() would read other scripts' digits
                raise ValueError
            append(int(line[::-1], 2))
        except ValueError:
            _check_symbols(text, begin, end, number, offset, spaced, bad_symbol, on, off)
            raise
    return rows, width, (on, off, " " if spaced else "")


def grid_symbols(text: str, start: int = 0) -> tuple[str, str]:
    """The lit and dark symbols of the grid a cleaned text[start:] holds, told by its first two symbols.

    A grid is written in two symbols (a letter in either case), at least one of them of
    :data:`KNOWN_SYMBOLS`: of two known symbols the earlier there is lit (``#``/``.``, ``1``/``0``,
    ``x``/``o``, and ``#``/``x``: ``#`` lit; ``o``/``.``: ``o`` lit); beside a symbol of no meaning
    (``@``, ``_``) ``#``, ``*``, ``1``, ``x`` are lit and ``o``, ``0``, ``-``, ``.`` dark (``X . X``:
    ``X`` lit).  A symbol of no meaning is a slip, not the grid's other symbol, when the grid holds
    another known symbol (``#.?``) or when it is a digit (2 to 9: a state of a board of more
    states); a grid of one symbol pairs it as :data:`_PARTNER` says.  A third symbol is refused by
    the reader of the rows (``unknown_symbol``, naming these two).  Raises :class:`BoardFormatError`
    ``unknown_grid_symbol`` at the first symbol when neither symbol is known.  Two searches of the
    text at C speed (a third when one symbol has no meaning), not a step a cell.
    """
    first = _SYMBOL.search(text, start)
    if first is None:
        return "#", "."
    symbol = first.group()
    other = _other_symbol(text, start, symbol)
    if other is None:
        if _rank(symbol) < 0:
            raise BoardFormatError.of("unknown_grid_symbol", *position_of(text, first.start()), symbol=symbol)
        return _roles(symbol, _PARTNER[symbol])
    second = other.group()
    if _rank(symbol) >= 0 and _rank(second) >= 0:
        return _roles(symbol, second)
    if _rank(symbol) < 0 and _rank(second) < 0:
        raise BoardFormatError.of("unknown_grid_symbol", *position_of(text, first.start()), symbol=symbol)
    known, unknown = (symbol, second) if _rank(symbol) >= 0 else (second, symbol)
    others = "".join(case for case in _KNOWN_CASES if case.lower() != known.lower())
    another = re.compile("[" + re.escape(others) + "]").search(text, start)
    if another is not None:  # the symbol of no meaning is a slip in a grid of two known ones
        return _roles(known, another.group())
    if unknown.isdigit():  # a state of a board of more states: refused as a slip
        return _roles(known, _PARTNER[known])
    return (known, unknown) if _rank(known) < len(LIT_SYMBOLS) else (unknown, known)


def _other_symbol(text: str, start: int, symbol: str) -> re.Match[str] | None:
    """The first symbol of text[start:] that is not ``symbol`` (in either case): looked for in the first
    64 KiB by a regular expression, then, when the rest holds one (str.count says so, at memory speed:
    a 100 MB grid of one symbol costs 0.3 s, not the search's 1.5 s), in the rest."""
    cases = {case for case in (symbol, symbol.lower(), symbol.upper()) if len(case) == 1}
    other = re.compile("[^\\s" + re.escape("".join(sorted(cases))) + "]")
    found = other.search(text, start, start + _WINDOW)
    if found is not None or start + _WINDOW >= len(text):
        return found
    rest = len(text) - start - _WINDOW
    if sum(text.count(case, start + _WINDOW) for case in cases | {" ", "\n"}) == rest:
        return None
    return other.search(text, start + _WINDOW)


_WINDOW = 1 << 16


def _rank(symbol: str) -> int:
    """Where ``symbol`` stands in :data:`KNOWN_SYMBOLS` (the more lit first), or -1: a symbol of no meaning."""
    return KNOWN_SYMBOLS.find(symbol.lower()) if len(symbol) == 1 else -1


def _roles(symbol: str, other: str) -> tuple[str, str]:
    """(lit, dark) of two known symbols: the earlier in :data:`KNOWN_SYMBOLS` is lit."""
    return (symbol, other) if _rank(symbol) < _rank(other) else (other, symbol)


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
