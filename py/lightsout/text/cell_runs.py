"""A puzzle's board as a run of symbols, one per cell in cell order: what graph puzzles and presets read and write.

Whitespace is ignored.  Two states: ``#``, ``1``, ``*``, ``x``, ``X`` are on
(1), ``.``, ``0``, ``o``, ``O`` off (0); more states: ``0``–``9`` then
``a``–``z`` (either case; ``.`` is 0), or, above 36 states, numbers
separated by whitespace.  A grid puzzle also reads every board text format of
:mod:`lightsout.text.formats` of its size.  Boards are packed ints
(:mod:`lightsout.model.codec`), cell i = bit group i.
"""

from __future__ import annotations

import re

from ..model import codec
from ..errors import BoardFormatError, TooLargeError, clipped
from .formats import SYMBOLS, read_board
from ..model.puzzle import Puzzle
from .text_input import forgiving, position_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["read_cells", "format_cells", "ON_SYMBOLS", "OFF_SYMBOLS", "RUN_LINE"]

ON_SYMBOLS = "#1*xX"
"""Symbols of a lit cell in a two-state run."""

OFF_SYMBOLS = ".0oO"
"""Symbols of a dark cell in a two-state run."""

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
    read no further than the puzzle's cells and one more.
    """
    try:
        return forgiving(text, lambda clean: _read_run(puzzle, clean, what), original)
    except BoardFormatError as error:
        if puzzle.graph is not None:
            raise
        try:
            read = read_board(text, "auto", puzzle.k, original=original)
        except (BoardFormatError, TooLargeError):
            raise error from None
        if (read.rows, read.cols) != (puzzle.rows, puzzle.cols):
            raise error from None
        return read.packed


def _read_run(puzzle: Puzzle, text: str, what: str) -> int:
    """The run of a cleaned ``text``: its symbols (a word each above 36 states), found by one search each,
    stopping at the one past the puzzle's cells (a graph has at most 4096)."""
    k, n = puzzle.k, puzzle.cells
    states: list[int] = []
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
    if len(states) != n:
        last = text[:-1] if text.endswith("\n") else text  # the last line's end, as str.splitlines counts lines
        raise BoardFormatError.of("run_count", last.count("\n") + 1, len(last) - last.rfind("\n"), field=what, found=len(states), cells=n)
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
