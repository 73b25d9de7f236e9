"""A puzzle's board as a run of symbols, one per cell in cell order: what graph puzzles and presets read and write.

Whitespace is ignored.  Two states: ``#``, ``*``, ``1``, ``x``, ``X`` are on
(1), ``.``, ``-``, ``0``, ``o``, ``O`` off (0) (a grid's known symbols,
:data:`lightsout.text.grid_text.KNOWN_SYMBOLS`); more states: ``0``–``9`` then
``a``–``z`` (either case; ``.`` is 0), or, above 36 states, numbers
separated by whitespace.  A grid puzzle also reads every board text format of
:mod:`lightsout.text.formats` of its size, and a text in rows that do not fit
it is named by its row: a row of another width (``run_row``) or another
number of rows (``run_rows``).  Every position is a symbol of the text: a run
too short is named at its last symbol.  Boards are packed ints
(:mod:`lightsout.model.codec`), cell i = bit group i.
"""

from __future__ import annotations

import itertools
import re

from ..model import codec
from ..errors import BoardFormatError, TooLargeError, clipped
from .formats import SYMBOLS, detect_format, read_board
from .grid_text import KNOWN_SYMBOLS, LIT_SYMBOLS, count_spans
from ..model.puzzle import Puzzle
from .text_input import content_spans, forgiving, nth_word, position_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["read_cells", "format_cells", "ON_SYMBOLS", "OFF_SYMBOLS", "RUN_LINE"]

ON_SYMBOLS = LIT_SYMBOLS + "X"
"""Symbols of a lit cell in a two-state run: ``#*1xX``."""

OFF_SYMBOLS = KNOWN_SYMBOLS[len(LIT_SYMBOLS) :] + "O"
"""Symbols of a dark cell in a two-state run: ``o0-.O``."""

RUN_LINE = 64
"""Symbols a line when a graph puzzle's board is written without a layout of its own."""


def read_cells(puzzle: Puzzle, text: str, what: str = "board", original: Callable[[int], str] | None = None) -> int:
    """Read a board of ``puzzle`` as one symbol per cell in cell order (whitespace ignored); return it packed.

    A grid puzzle (no graph) also takes any text format of
    :func:`lightsout.text.formats.read_board` of its R×C size.  Raises
    :class:`BoardFormatError` (line, column) for an unknown symbol, a state
    of k or more, or the wrong number of cells, and
    :class:`~lightsout.errors.TooLargeError` for a text of more than
    ``max_text_lines`` lines; the text is cleaned first
    (:func:`lightsout.text.text_input.forgiving`; ``original`` as there) and
    read no further than the puzzle's cells and one more.  A grid puzzle's text of
    several lines whose symbols read (as a run, or as a grid of another size) but whose
    rows do not fit the puzzle is refused at its first row that does not (:func:`_rows_fault`).
    """
    try:
        return forgiving(text, lambda clean: _read_run(puzzle, clean, what), original)
    except BoardFormatError as error:
        if puzzle.graph is not None:
            raise
        rows_apart = error.code in ("run_count", "run_too_long")  # every symbol read: only the count is wrong
        try:
            read = read_board(text, "auto", puzzle.k, original=original)
        except (BoardFormatError, TooLargeError) as other:
            if rows_apart or (other.code == "ragged_rows" and detect_format(text) == "grid"):  # a grid of its symbols
                forgiving(text, lambda clean: _rows_fault(puzzle, clean), original)
            raise error from None
        if (read.rows, read.cols) != (puzzle.rows, puzzle.cols):
            if rows_apart or read.format == "grid":
                forgiving(text, lambda clean: _rows_fault(puzzle, clean), original)
            raise error from None
        return read.packed


def _rows_fault(puzzle: Puzzle, text: str) -> None:
    """Refuse a cleaned ``text`` of two lines or more, read as rows of a grid ``puzzle`` (one symbol a cell,
    or a word above 36 states), at its first row that does not fit: a row of another width
    (``run_row``: at its last cell when short, its first cell too many when long), or, every row
    as wide as the puzzle's, too few rows (``run_rows``: at the last row's last cell) or too many
    (at the first row too many).  A text of one line is a run, not a row: nothing is raised.
    Reads the puzzle's rows and one more line, then counts the lines left (bounded by
    ``max_text_lines``)."""
    if puzzle.rows < 2:
        return
    words = puzzle.k > len(SYMBOLS)
    cell = _WORD if words else _CELL
    spans = content_spans(text)
    lines = list(itertools.islice(spans, puzzle.rows + 1))
    if len(lines) < 2:
        return
    for row, (number, offset, begin, end) in enumerate(lines[: puzzle.rows], 1):
        width = len(text[begin:end].split()) if words else end - begin - text.count(" ", begin, end)
        if width != puzzle.cols:
            index = width - 1 if width < puzzle.cols else puzzle.cols  # the last cell, or the first one too many
            column = offset + nth_word(text, begin, end, index, cell) - begin + 1
            raise BoardFormatError.of("run_row", number, column, row=row, found=width, expected=puzzle.cols)
    if len(lines) > puzzle.rows:
        number, offset, _, _ = lines[puzzle.rows]
        found = len(lines) + count_spans(spans)
        raise BoardFormatError.of("run_rows", number, offset + 1, found=found, expected=puzzle.rows)
    if len(lines) < puzzle.rows:
        number, offset, begin, end = lines[-1]
        column = offset + nth_word(text, begin, end, puzzle.cols - 1, cell) - begin + 1
        raise BoardFormatError.of("run_rows", number, column, found=len(lines), expected=puzzle.rows)


_CELL = re.compile(r"\S")
_WORD = re.compile(r"\S+")


def _read_run(puzzle: Puzzle, text: str, what: str) -> int:
    """The run of a cleaned ``text``: its symbols (a word each above 36 states), found by one search each,
    stopping at the one past the puzzle's cells (a graph has at most 4096)."""
    k, n = puzzle.k, puzzle.cells
    states: list[int] = []
    last = 0  # where the last symbol read starts
    for match in re.finditer(r"\S+" if k > len(SYMBOLS) else r"\S", text):
        token = match.group()
        if k == 2:
            value = 1 if token in ON_SYMBOLS else 0 if token in OFF_SYMBOLS else -1
        elif k > len(SYMBOLS):
            value = int(token) if token.isascii() and token.isdigit() and len(token) <= 3 else -1
        else:
            value = 0 if token == "." else SYMBOLS.find(token.lower()) if token.isascii() else -1
        if not 0 <= value < k:
            line, column = position_of(text, match.start())
            if k == 2:
                raise BoardFormatError.of("run_symbol", line, column, field=what, found=clipped(token))
            raise BoardFormatError.of("run_state", line, column, field=what, most=k - 1, found=clipped(token))
        if len(states) == n:
            raise BoardFormatError.of("run_too_long", *position_of(text, match.start()), field=what, cells=n)
        states.append(value)
        last = match.start()
    if len(states) != n:  # at the last symbol (a text of none: its start)
        raise BoardFormatError.of("run_count", *position_of(text, last), field=what, found=len(states), cells=n)
    return codec.pack(states, codec.bits_per_cell(k))


def format_cells(puzzle: Puzzle, value: int) -> str:
    """A packed board of ``puzzle`` as text that :func:`read_cells` reads back.

    Symbols ``#``/``.`` for two states, ``0``–``9``/``a``–``z`` up to 36,
    else numbers; lines of the graph's ``text_width`` symbols (the puzzle's
    columns for a grid, :data:`RUN_LINE` for a graph without one), a blank
    line after every ``text_group`` lines.
    """
    states = puzzle.states(value)
    if puzzle.k == 2:
        symbols = ["#" if s else "." for s in states]
        joiner = ""
    elif puzzle.k <= len(SYMBOLS):
        symbols, joiner = [SYMBOLS[s] for s in states], ""
    else:
        symbols, joiner = [str(s) for s in states], " "
    graph = puzzle.graph
    width = puzzle.cols if graph is None or puzzle.rows > 1 and not graph.text_width else graph.text_width or RUN_LINE
    group = 0 if graph is None else graph.text_group
    lines = [joiner.join(symbols[i : i + width]) for i in range(0, len(symbols), width)]
    if group:
        return "\n\n".join("\n".join(lines[i : i + group]) for i in range(0, len(lines), group))
    return "\n".join(lines)
