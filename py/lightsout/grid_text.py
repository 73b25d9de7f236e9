"""Two-symbol grids as text: cleaning pasted text, reading rows of cells into row ints, writing them back.

The core that the grid, LOJ and POJ 1222 formats of :mod:`lightsout.formats`
share, on plain row ints (bit c = column c, :mod:`lightsout.rows`) and symbol
triples ``(on, off, separator)``: no :class:`~lightsout.board.Board`, no
dataclass, so the command line's LOJ path (``python -m lightsout solve
--format loj``) reads and writes through this module alone and starts
without loading the rest of the package.  :mod:`lightsout.formats` wraps
these as ``Board`` and ``GridStyle`` values and re-exports
:func:`clean_text` and :data:`NO_SOLUTION`.

Errors raise :class:`~lightsout.errors.BoardFormatError` with 1-based
``line`` and ``column`` (see :mod:`lightsout.formats`).
"""

from __future__ import annotations

import re

from . import codec
from .errors import BoardFormatError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    _T = TypeVar("_T")

__all__ = ["NO_SOLUTION", "Symbols", "SIZE_LINE", "content_lines", "grid_rows", "read_loj", "write_rows", "clean_text", "forgiving"]

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



def content_lines(text: str) -> list[tuple[int, int, str]]:
    """Return (line number, column offset, stripped text) of each non-blank line."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped:
            out.append((number, len(raw) - len(raw.lstrip()), stripped))
    return out


def grid_rows(lines: list[tuple[int, int, str]]) -> tuple[list[int], Symbols]:
    """Parse grid rows (non-blank, stripped, as :func:`content_lines` gives them) into row ints and their symbols.

    Returns the rows (bit c = column c) and ``(on, off, separator)``: the lit
    and dark symbols and ``" "`` when cells are spaced, else ``""``.  Raises
    :class:`BoardFormatError` for an unknown or mixed symbol or ragged rows.
    """
    spaced = any(" " in text or "\t" in text for _, _, text in lines)
    # Per line: number, offset, the cell symbols, and their columns when spaced
    # (unspaced symbol i sits at column offset + i + 1; no list kept for speed).
    parsed: list[tuple[int, int, str, list[int] | None]] = []
    for number, offset, text in lines:
        if not spaced:
            parsed.append((number, offset, text, None))
            continue
        token_columns: list[int] = []
        tokens: list[str] = []
        for match in re.finditer(r"\S+", text):
            column = offset + match.start() + 1
            if len(match.group()) != 1:
                raise BoardFormatError.of("cell_not_single", number, column, found=match.group()[:20])
            token_columns.append(column)
            tokens.append(match.group())
        parsed.append((number, offset, "".join(tokens), token_columns))

    def column_of(offset: int, columns: list[int] | None, index: int) -> int:
        return columns[index] if columns is not None else offset + index + 1

    on, off = _detect_pair(parsed, column_of)
    case_free = on in "Xx"
    allowed = {on, off} | ({"X", "x", "O", "o"} if case_free else set())
    # Every other ASCII character becomes 'x', which int(..., 2) rejects, so one
    # translate and one int() both check and convert a row at C speed.
    table = str.maketrans({chr(code): "x" for code in range(128)})
    table.update(str.maketrans({s: ("1" if s.upper() == on.upper() else "0") for s in allowed}))
    rows = []
    width = len(parsed[0][2])
    for number, offset, symbols, columns in parsed:
        try:
            if not symbols.isascii():
                raise ValueError
            row = int(symbols.translate(table)[::-1], 2)
        except ValueError:
            bad = next(i for i, s in enumerate(symbols) if s not in allowed)
            raise BoardFormatError.of("unknown_symbol", number, column_of(offset, columns, bad), symbol=symbols[bad], lit=on, dark=off) from None
        if len(symbols) != width:
            if len(symbols) > width:
                column = column_of(offset, columns, width)
            else:
                column = column_of(offset, columns, len(symbols) - 1) + 1
            raise BoardFormatError.of("ragged_rows", number, column, found=len(symbols), expected=width)
        rows.append(row)
    return rows, (on, off, " " if spaced else "")


def _detect_pair(parsed: list[tuple[int, int, str, list[int] | None]], column_of: Callable[[int, list[int] | None, int], int]) -> tuple[str, str]:
    """Return the (lit, dark) symbol pair from the first symbol that is not '.'."""
    for number, offset, symbols, columns in parsed:
        rest = symbols.lstrip(".")
        if not rest:
            continue
        if rest[0] in _PAIRS:
            return _PAIRS[rest[0]]
        index = len(symbols) - len(rest)
        raise BoardFormatError.of("unknown_grid_symbol", number, column_of(offset, columns, index), symbol=rest[0])
    return ("#", ".")


def write_rows(rows: list[int] | tuple[int, ...], cols: int, symbols: Symbols = ("#", ".", "")) -> str:
    """Return R rows of C cells (bit c = column c) as text: ``on``/``off`` per cell, ``separator`` between cells."""
    on, off, separator = symbols
    table = str.maketrans({"1": on, "0": off})
    lines = []
    for row in rows:
        cells = format(row, f"0{cols}b")[::-1].translate(table)
        lines.append(separator.join(cells) if separator else cells)
    return "\n".join(lines)


# -- LibreOJ 6243 -------------------------------------------------------


def read_loj(text: str) -> tuple[int, list[int], Symbols]:
    """Read LibreOJ #6243 input: ``n`` then n rows of n cells (``#`` lit, ``.`` dark).

    Returns ``(n, rows, symbols)``: the n row ints (bit c = column c) and
    ``(on, off, separator)`` as :func:`grid_rows` gives them.

    Raises :class:`BoardFormatError` for a missing or bad size line, a row
    count or width that disagrees with ``n``, or an unknown symbol.
    """
    lines = content_lines(text)
    if not lines:
        raise BoardFormatError.of("empty_input", 1, 1)
    number, offset, header = lines[0]
    if not SIZE_LINE.fullmatch(header):
        raise BoardFormatError.of("size_line_expected", number, offset + 1, found=header[:20])
    if len(header) > codec.MAX_SIZE_DIGITS:
        raise BoardFormatError.of("size_too_large", number, offset + 1, size=header[:12] + "…", most=codec.MAX_DECLARED_CELLS)
    size = int(header)
    if size < 1:
        raise BoardFormatError.of("size_below_one", number, offset + 1, size=f"{size}x{size}")
    body = lines[1:]
    if len(body) != size:
        if len(body) < size:  # the missing row would start on the line after the last one
            line, column = (body[-1][0] if body else number) + 1, 1
        else:  # the first row too many
            line, column = body[size][0], body[size][1] + 1
        raise BoardFormatError.of("row_count", line, column, expected=size, found=len(body))
    rows, symbols = grid_rows(body)
    width = len(body[0][2].split()) if symbols[2] else len(body[0][2])
    if width != size:
        raise BoardFormatError.of("column_count", body[0][0], body[0][1] + 1, expected=size, found=width)
    return size, rows, symbols


# -- forgiving input ---------------------------------------------------------

_SPACES = "\t\u00a0\u1680" + "".join(chr(code) for code in range(0x2000, 0x200B)) + "\u202f\u205f\u3000"
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
# In this order: CRLF before CR.  One str.replace per character present: str.translate or
# re.sub over a 100 MB text take 4-15 s in CPython, a replace about 0.1 s.
_ASCII_REPLACEMENTS = (("\r\n", "\n"), ("\r", "\n"), ("\v", "\n"), ("\f", "\n"), ("\x1c", "\n"), ("\x1d", "\n"), ("\x1e", "\n"), ("\t", " "))
_REPLACEMENTS = (
    *_ASCII_REPLACEMENTS,
    *(("\x85", "\n"), ("\u2028", "\n"), ("\u2029", "\n")),
    *((space, " ") for space in _SPACES[1:]),
    *((mark, "") for mark in _ZERO_WIDTH),
)
_UNUSUAL = re.compile("[" + "".join(re.escape(character) for character, _ in _REPLACEMENTS if len(character) == 1) + "]")


def clean_text(text: str) -> str:
    """``text`` as the parsers read it: every line break a ``\\n``, every space a plain space, no zero-width marks.

    Line breaks are those of :meth:`str.splitlines` (CRLF and CR, U+2028,
    U+2029, U+0085, ...); spaces are tabs, no-break spaces (U+00A0,
    U+202F), U+1680, U+2000–U+200A, U+205F and U+3000; U+200B–U+200D,
    U+2060 and U+FEFF (a byte-order mark, at the start or anywhere) are
    dropped.  Each space stays one character, so only dropped marks move
    columns.  Text with none of these is returned as it is.
    """
    if text.isascii():
        present = {character for character, _ in _ASCII_REPLACEMENTS if character in text}
    else:  # one scan for them all: 30 searches of a 100 MB text of 2-byte characters take 5 s
        present = set(_UNUSUAL.findall(text))
        if "\r" in present:
            present.add("\r\n")
    for character, replacement in _REPLACEMENTS:
        if character in present:
            text = text.replace(character, replacement)
    return text


def forgiving(text: str, read: Callable[[str], _T]) -> _T:
    """``read(clean_text(text))``; an error's column is moved back to the text as given."""
    clean = clean_text(text)
    try:
        return read(clean)
    except BoardFormatError as error:
        if clean is text or error.line is None or error.column is None or error.code in ("empty_input", "empty_states"):
            raise
        if not any(mark in text for mark in _ZERO_WIDTH):
            raise
        lines = text.splitlines()
        original = lines[error.line - 1] if error.line <= len(lines) else ""
        raise error.moved(error.line, _original_column(original, error.column)) from None


def _original_column(line: str, column: int) -> int:
    """The column in ``line`` (as given) of the ``column``-th character left once zero-width marks go."""
    kept = 0
    for index, character in enumerate(line):
        if character not in _ZERO_WIDTH:
            kept += 1
            if kept == column:
                return index + 1
    return len(line) + column - kept
