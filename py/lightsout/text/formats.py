"""Text formats for boards and solutions: parse, format, auto-detect.

Six formats, each a parse/format pair that round-trips:

``loj``
    LibreOJ #6243's judge format: a line ``n``, then n rows of ``#`` (lit)
    and ``.`` (dark).  The answer is n rows with ``#`` = press, or the single
    line ``No solution``.  (Rows in another symbol pair are accepted too.)
``grid``
    Rows of cells in two symbols, at least one of them known — ``#``, ``*``,
    ``1``, ``x`` lit, ``o``, ``0``, ``-``, ``.`` dark, letters in either case:
    ``#``/``.``, ``1``/``0``, ``X . X``, ``@``/``.`` (of two known symbols the
    one earlier in ``# * 1 x o 0 - .`` is lit:
    :func:`lightsout.text.grid_text.grid_symbols`) — with or without single
    spaces between cells (``0 1 1 0``).  Blank lines and surrounding spaces
    are ignored.
``indices``
    The lit cells numbered 1..R·C row by row, after the size: ``5x5: 1 7 13``
    (commas, semicolons and ``[ ]`` allowed; ``n:`` means n×n), or without
    it — ``1 7 13 19 25``, ``1,7,13`` — on a given size (the page's board)
    or the smallest square that holds the largest number.
``poj``
    POJ 1222 ("EXTENDED LIGHTS OUT", http://poj.org/problem?id=1222): a line
    n, then n puzzles of 5 rows of six ``0``/``1`` separated by spaces; read
    as a set of boards (:attr:`ParsedBoard.boards`).  Each answer is the 5
    rows of presses; the CLI writes ``PUZZLE #m`` before it, as the judge does.
``states``
    A board of k states per light (any k from 2 to 255): rows of one symbol
    per cell, ``0``–``9`` then ``a``–``z``, or of space-separated numbers
    (which :func:`format_states` writes above 36 states).  Read with the
    puzzle's k (:func:`parse_states`), so it is not auto-detected.
``id``
    The game ID ``RxC:`` + base64url (no padding) of the packed bits: cell
    (r, c) is bit ``i & 7`` of byte ``i >> 3`` with ``i = r·C + c``; unused
    bits of the last byte are 0, so every board has exactly one ID.

Text is read as people paste it (:func:`read_board`, :func:`parse_board`:
:func:`clean_text`): a byte-order mark, no-break and other Unicode spaces,
zero-width marks and every line break do not matter.  ``auto`` asks
:func:`lightsout.text.format_detection.detect_format` (re-exported here), whose docstring
says how numbers-only text is told apart (a list, a grid of 0/1, LOJ, POJ).

Errors raise :class:`BoardFormatError` (a ``ValueError``) with 1-based
``line`` and ``column`` where they apply (in the text as given), a ``code``
and ``params`` (:data:`lightsout.errors.PARSE_ERRORS`).  A text is read at a
bounded cost (issue #39): a line at a time (:mod:`lightsout.text.text_input`),
refused by a :class:`~lightsout.errors.TooLargeError` (its code, line and
column) at the first line past a limit — ``max_text_lines`` lines,
``max_long_side`` rows or columns, ``max_cells`` cells (``max_state_cells``
with k > 2), :data:`MAX_TEXT_NUMBERS` numbers — having paid for the lines
before it only.  The indices and states formats live in
:mod:`lightsout.text.number_formats`, the grid rows, LOJ size line and POJ count line in
:mod:`lightsout.text.grid_text`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import codec
from ..model.board import Board
from ..errors import BoardFormatError, TooLargeError
from .format_detection import detect_format
from .grid_text import LIMITS, NO_SOLUTION, POJ_COLS, POJ_ROWS, Limits, count_spans, grid_rows, read_loj, read_size_line, write_rows
from .number_formats import (
    MAX_TEXT_NUMBERS,
    SYMBOLS,
    format_indices,
    format_states,
    indices_of,
    parse_indices,
    parse_states,
    states_of,
)
from .text_input import clean_text, content_spans, forgiving
from ..names import FORMATS, STATES
from ..model.puzzle import Puzzle
from ..model.rules import PLUS, Rule

__all__ = [
    "BoardFormatError",
    "GridStyle",
    "ParsedBoard",
    "FORMATS",
    "parse_board",
    "detect_format",
    "format_board",
    "format_solution",
    "parse_loj",
    "format_loj",
    "parse_grid",
    "format_grid",
    "parse_indices",
    "format_indices",
    "parse_game_id",
    "format_game_id",
    "NO_SOLUTION",
    "SYMBOLS",
    "STATES",
    "parse_states",
    "format_states",
    "ReadBoard",
    "read_board",
    "clean_text",
    "parse_poj",
    "POJ_ROWS",
    "POJ_COLS",
    "MAX_FORMAT_CELLS",
    "MAX_TEXT_NUMBERS",
]

MAX_FORMAT_CELLS = 1 << 22
"""Most cells of a board written as text by the API's ``format`` op (grid, LOJ, indices, states;
the ``id`` format has no such limit) and of an indices answer of the CLI: the indices text of a
2048×2048 board with every light on takes 0.7 s and 32 MB in CPython here (a grid: 0.02 s)."""

MAX_DECLARED_CELLS = codec.MAX_DECLARED_CELLS


@dataclass(frozen=True, slots=True)
class GridStyle:
    """How a grid is written: the lit and dark symbols and the cell separator."""

    on: str = "#"
    off: str = "."
    separator: str = ""


DEFAULT_STYLE = GridStyle()


@dataclass(frozen=True, slots=True)
class ParsedBoard:
    """A parsed board with the format and grid style it was written in."""

    board: Board
    format: str
    style: GridStyle = DEFAULT_STYLE
    boards: tuple[Board, ...] = ()
    """Every board of a board set (POJ 1222 input), ``board`` first; empty for one board."""

    @property
    def puzzle(self) -> Puzzle:
        """The two-state R×C puzzle of ``board`` (its rule; no holes, the target all off): what public code
        solves with :attr:`lights` (``board`` is the text formats' own row-int board)."""
        return self.board.puzzle

    @property
    def lights(self) -> int:
        """``board``'s lights as a packed board (the flat int: bit r·C + c = cell (r, c))."""
        return self.board.flat

    def _repr_svg_(self) -> str | None:
        """The drawing of ``board`` (a board set's first), for IPython's rich display."""
        from ..draw.svg import drawing_or_none  # only a notebook draws: reading text does not load the drawing

        return drawing_or_none(self.puzzle, self.lights)


# -- grid ---------------------------------------------------------------


def _grid(text: str, rule: Rule, limits: Limits = LIMITS) -> tuple[Board, GridStyle]:
    """A grid from a cleaned text (:func:`lightsout.text.grid_text.grid_rows`, which checks ``limits`` row by row)."""
    rows, width, symbols = grid_rows(text, content_spans(text), limits)
    if not rows:
        raise BoardFormatError.of("empty_input", 1, 1)
    return Board(len(rows), width, rows, rule), GridStyle(*symbols)


def parse_grid(text: str, rule: Rule = PLUS) -> tuple[Board, GridStyle]:
    """Parse a plain grid; return the board and the style it was written in.

    Raises :class:`BoardFormatError` for empty input, an unknown or mixed
    symbol, or ragged rows, and :class:`~lightsout.errors.TooLargeError` at
    the first row past ``max_long_side`` rows or columns or ``max_cells``
    cells (the text is cleaned first, as :func:`read_board` does).
    """
    return forgiving(text, lambda clean: _grid(clean, rule))


def format_grid(board: Board, style: GridStyle = DEFAULT_STYLE) -> str:
    """Return ``board`` as rows of ``style.on``/``style.off`` joined by ``style.separator``."""
    return write_rows(board.lights, board.cols, (style.on, style.off, style.separator))


# -- LibreOJ 6243 -------------------------------------------------------


def parse_loj(text: str, rule: Rule = PLUS) -> tuple[Board, GridStyle]:
    """Parse LibreOJ #6243 input: ``n`` then n rows of n cells (``#`` lit, ``.`` dark).

    Raises :class:`BoardFormatError` for a missing or bad size line, a row
    count or width that disagrees with ``n``, or an unknown symbol (see
    :func:`lightsout.text.grid_text.read_loj`).
    """
    size, rows, symbols = forgiving(text, read_loj)
    return Board(size, size, rows, rule), GridStyle(*symbols)


def format_loj(board: Board) -> str:
    """Return an n×n board in LibreOJ #6243 input form.  Raises ``ValueError`` if not square."""
    if board.rows != board.cols:
        raise ValueError(f"the LOJ format holds square boards only, not {board.rows}x{board.cols}")
    return f"{board.rows}\n{format_grid(board)}"


# -- game ID ------------------------------------------------------------


def format_game_id(board: Board) -> str:
    """Return ``RxC:`` + base64url of the packed cells (see :mod:`lightsout.model.codec`)."""
    return board.to_id()


def parse_game_id(text: str, rule: Rule = PLUS) -> Board:
    """Parse a game ID made by :func:`format_game_id`.

    Raises :class:`BoardFormatError` for a malformed ID, a payload whose
    length does not fit the size, or set bits beyond the last cell.
    """
    return Board.from_id(text, rule)


# -- POJ 1222 ("EXTENDED LIGHTS OUT") ---------------------------------------

POJ_STYLE = GridStyle("1", "0", " ")
"""How POJ 1222 writes a board and its answer: ``0``/``1`` with one space between cells."""


def parse_poj(text: str, rule: Rule = PLUS, most: int | None = None) -> tuple[list[Board], GridStyle]:
    """Parse POJ 1222 input: a line n (the number of puzzles), then n puzzles of 5 rows × 6 cells.

    The problem (http://poj.org/problem?id=1222, "EXTENDED LIGHTS OUT") writes
    cells as ``0``/``1`` separated by one or more spaces; any grid symbol pair
    is read here.  Returns the n boards (5×6 each) and the style they use.
    Raises :class:`BoardFormatError` for a missing count line, a row count
    other than 5n, ragged rows or rows not 6 wide, and
    :class:`~lightsout.errors.TooLargeError` (limit ``max_boards``) for
    more than ``most`` puzzles.
    """
    return forgiving(text, lambda clean: _poj(clean, rule, most))


def _poj(text: str, rule: Rule, most: int | None) -> tuple[list[Board], GridStyle]:
    spans = content_spans(text)
    (number, offset, _, end), header, count = read_size_line(text, spans, "board_set_count_expected", positive=True)
    if most is not None and count > most:
        raise TooLargeError(f"at most {most} puzzles are read at once, not {header[:12]}", "max_boards", "text", {"most": most, "found": count})
    expected = POJ_ROWS * count
    counted, first = 0, None  # the rows counted before any is read (none kept)
    for span in spans:
        counted += 1
        first = first or span
        if counted > expected:  # the first row too many
            found = counted + count_spans(spans)
            raise BoardFormatError.of("board_set_rows", span[0], span[1] + 1, boards=count, expected=expected, found=found)
    if counted < expected:  # the count line, which says more rows than follow (a line past the text is no line to show)
        raise BoardFormatError.of("board_set_rows", number, offset + 1, boards=count, expected=expected, found=counted)
    assert first is not None
    rows, width, symbols = grid_rows(text, content_spans(text, end, number))
    if width != POJ_COLS:
        raise BoardFormatError.of("board_set_width", first[0], first[1] + 1, found=width)
    style = GridStyle(*symbols)
    return [Board(POJ_ROWS, POJ_COLS, rows[i : i + POJ_ROWS], rule) for i in range(0, len(rows), POJ_ROWS)], style


# -- forgiving input ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ReadBoard:
    """A board read with k states: its size, packed cells (see :mod:`lightsout.model.codec`), format and,
    for a two-state text format, the :class:`ParsedBoard` (its symbols, for answers in kind).
    ``boards``: every board of a board set (POJ 1222 input), packed; the first is ``packed``."""

    rows: int
    cols: int
    packed: int
    format: str
    parsed: ParsedBoard | None = None
    boards: tuple[int, ...] = ()


def read_board(
    text: str, format: str = "auto", k: int = 2, size: tuple[int, int] | None = None, most_boards: int | None = None,
    original: Callable[[int], str] | None = None,
) -> ReadBoard:
    """Read a board of k states in ``format`` (``auto``, :data:`FORMATS` or ``states``).

    The text is forgiven first (:func:`clean_text`: a byte-order mark,
    no-break and other Unicode spaces, zero-width marks, any line break);
    errors name the line and column in the text as given.

    ``auto`` detects the two-state formats for k = 2 (:func:`detect_format`)
    and reads ``states`` for k > 2; ``id`` reads an ``RxC:`` board packed
    with k states; the other formats hold two-state boards only.  ``size``
    (rows, cols) is the board of a lit-cell list without a size prefix
    (default: the smallest square that holds its largest number);
    ``most_boards`` caps a POJ 1222 board set.  Raises
    :class:`BoardFormatError` (with ``code`` and ``params``) for text that is
    not such a board or a format that cannot hold k states, and
    :class:`~lightsout.errors.TooLargeError` (its ``code``, ``line`` and
    ``column``) for a text past a limit, at the first line past it: more than
    ``max_text_lines`` lines, ``max_long_side`` rows or columns, ``max_cells``
    cells (``max_state_cells`` with k > 2) or :data:`MAX_TEXT_NUMBERS`
    numbers.  ``original``: line n of the text as given, when ``text`` was
    cleaned from bytes (:func:`lightsout.text.text_input.decode_text`).
    """
    return forgiving(text, lambda clean: _read_clean(clean, format, k, size, most_boards), original)


def _read_clean(text: str, format: str, k: int, size: tuple[int, int] | None, most_boards: int | None) -> ReadBoard:
    if format == STATES or (format == "auto" and k > 2):
        rows, cols, cells = states_of(text, k, None)
        return ReadBoard(rows, cols, codec.pack(cells, codec.bits_per_cell(k)), STATES)
    if format == "id" and k > 2:
        rows, cols, value = codec.parse_packed(text.strip(), k)
        return ReadBoard(rows, cols, value, "id")
    if k > 2:
        raise BoardFormatError.of("two_state_format", format=format, k=k)
    parsed = _parse_clean(text, format, PLUS, size, most_boards)
    board = parsed.board
    return ReadBoard(board.rows, board.cols, board.flat, parsed.format, parsed, tuple(puzzle.flat for puzzle in parsed.boards))


# -- dispatch ----------------------------------------------------------


def parse_board(text: str, format: str = "auto", rule: Rule = PLUS, size: tuple[int, int] | None = None) -> ParsedBoard:
    """Parse ``text`` in ``format`` (``"auto"`` detects it); return a :class:`ParsedBoard`.

    The text is forgiven as by :func:`read_board`; ``size`` is the board of a
    lit-cell list without a size prefix.  A POJ 1222 board set gives its
    first board, every board in ``boards``.  Raises
    :class:`BoardFormatError` for text that is not a board in that format,
    or an unknown format name.
    """
    return forgiving(text, lambda clean: _parse_clean(clean, format, rule, size, None))


def _parse_clean(text: str, format: str, rule: Rule, size: tuple[int, int] | None, most_boards: int | None) -> ParsedBoard:
    if format == "auto":
        format = detect_format(text)
    if format == "loj":
        size_read, rows, symbols = read_loj(text)
        return ParsedBoard(Board(size_read, size_read, rows, rule), "loj", GridStyle(*symbols))
    if format == "grid":
        board, style = _grid(text, rule)
        return ParsedBoard(board, "grid", style)
    if format == "indices":
        return ParsedBoard(indices_of(text, rule, size), "indices")
    if format == "id":
        return ParsedBoard(parse_game_id(text, rule), "id")
    if format == "poj":
        boards, style = _poj(text, rule, most_boards)
        return ParsedBoard(boards[0], "poj", style, tuple(boards))
    raise BoardFormatError.of("unknown_format", format=format, choices=", ".join(FORMATS))


def format_board(board: Board, format: str = "grid", style: GridStyle = DEFAULT_STYLE) -> str:
    """Return ``board`` as text in ``format`` (grid text in ``style``).

    Raises ``ValueError`` for an unknown format or a non-square LOJ board.
    """
    if format == "loj":
        if board.rows != board.cols:
            raise ValueError(f"the LOJ format holds square boards only, not {board.rows}x{board.cols}")
        return f"{board.rows}\n{format_grid(board, style)}"
    if format == "grid":
        return format_grid(board, style)
    if format == "indices":
        return format_indices(board)
    if format == "id":
        return format_game_id(board)
    if format == "poj":
        if (board.rows, board.cols) != (POJ_ROWS, POJ_COLS):
            raise ValueError(f"the POJ 1222 format holds 5x6 boards only, not {board.rows}x{board.cols}")
        return f"1\n{format_grid(board, style)}"
    raise ValueError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")


def format_solution(presses: Board | None, parsed: ParsedBoard) -> str:
    """Return a solution (a press pattern) in the format and symbols of the board it answers.

    LOJ answers are the bare rows (``#`` = press) without the size line, as
    the judge expects, and so are POJ 1222 ones (the CLI writes the
    ``PUZZLE #m`` line before each); ``None`` gives ``No solution`` in every format.
    """
    if presses is None:
        return NO_SOLUTION
    if parsed.format in ("loj", "poj"):
        return format_grid(presses, parsed.style)
    return format_board(presses, parsed.format, parsed.style)
