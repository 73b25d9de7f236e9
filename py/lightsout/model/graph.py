"""Puzzles on any graph: n cells, each press adding 1 (mod k) to an explicit set of cells.

A :class:`Graph` is the press rule of a puzzle that is not a stencil on a
grid: ``presses[i]`` is an int whose bit j is set when a press of cell i
adds 1 to light j.  The set need not contain i (the Orbix presses only its
five neighbours), and sets need not be symmetric (j may be in i's set while
i is not in j's).  :class:`lightsout.model.puzzle.Puzzle` holds a Graph in place
of its grid rule (``Puzzle(rows, cols, ..., graph=g)`` with rows·cols = n
cells, flat index i = r·C + c), so holes, don't-care cells, k states, goals,
solving, the fewest presses and the analysis are the grid's own code: the
Z/kZ elimination, :func:`~lightsout.model.puzzle.apply` and
:func:`~lightsout.model.puzzle.press` reach the cells through
:meth:`Puzzle.covered <lightsout.model.puzzle.Puzzle.covered>`, and for k = 2
:func:`lightsout.solving.methods.full_system` eliminates the n × n press matrix
(rows :attr:`Graph.reached_by`), reported as ``graph-system``.

Optional drawing data: ``coords`` (one (x, y) per cell, any unit, y down)
and ``names`` (one label per cell); ``outline`` says how the page draws a
cell (``circle``, ``square`` or ``hex``).  ``text_width`` / ``text_group``
say how a board is written as text: that many symbols a line, a blank line
after every ``text_group`` lines (0: the puzzle's columns / no blank lines).

Bit order: flat ints, bit i = cell i, as everywhere in the package.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property

from ..errors import BoardFormatError, TooLargeError
from ..names import HIDDEN_CHARACTERS

__all__ = [
    "Graph",
    "OUTLINES",
    "MAX_GRAPH_CELLS",
    "MAX_GRAPH_ENTRIES",
    "MAX_NAME_LENGTH",
    "MAX_COORDINATE",
    "is_coordinate",
    "bits_of",
    "int_of",
    "circle_layout",
    "hex_centre",
    "is_shown_text",
    "check_name",
]

MAX_GRAPH_CELLS = 4096
"""Most cells of a graph puzzle (the grid's ``gf2_full_system_cells``): the k = 2 elimination of its
n × n press matrix takes ≈ 0.7 s at 4096, a dense 4 096-cell graph of 2²⁰ entries (above today's max_graph_entries) ≈ 2.2 s;
with k > 2 the Z/kZ elimination takes at most ``full_system_cells`` (400) cells, and a bigger
graph can be played but not solved."""

MAX_GRAPH_ENTRIES = 1 << 16
"""Most (press, light) pairs of all press sets together: the work a graph may cost, whatever its
text or link's length (a complete graph on 256 cells, or 4096 cells pressing 16 each). The page
receives every pair in the ``puzzle`` reply and sends them back with each request; at 2²⁰ (a link of
1.4 million characters) opening one froze the page for seconds and each press for ~100 ms, at 2¹⁶
opening and pressing hold it under 50 ms (docs/limits.md)."""

MAX_NAME_LENGTH = 40
"""Most characters of a cell's name."""

MAX_COORDINATE = 1e9
"""Largest size |x|, |y| of a cell's coordinate (any unit).  Every reader of a graph (JSON, text,
a link) and :class:`Graph` itself refuse more, so a puzzle that opens is one the API reads back."""

_HIDDEN = re.compile(HIDDEN_CHARACTERS)


def is_shown_text(text: str) -> bool:
    """True when ``text`` holds none of :data:`lightsout.names.HIDDEN_CHARACTERS` (controls such as
    NUL, ESC, BEL and U+0085, line separators, bidirectional overrides, lone surrogates): what a cell's
    name or a puzzle's title must be, since the page and the CLI show them as they are."""
    return _HIDDEN.search(text) is None


def check_name(cell: int, name: str, line: int | None = None, column: int | None = None) -> None:
    """Raise :class:`~lightsout.errors.BoardFormatError` ``name_invalid`` (at line, column) when ``name``,
    cell ``cell``'s, is longer than :data:`MAX_NAME_LENGTH` or is not :func:`is_shown_text`."""
    if len(name) > MAX_NAME_LENGTH or not is_shown_text(name):
        raise BoardFormatError.of("name_invalid", line, column, cell=cell, most=MAX_NAME_LENGTH)


OUTLINES = ("circle", "square", "hex")
"""How the page draws a cell of a graph puzzle."""


_SET_BIT = re.compile("1")

_FEW_BITS = 16
"""Below this many set bits :func:`bits_of` takes the lowest bit off one at a time; from it on it reads
the binary digits (each step above costs O(size): 85 → 31 µs for 256 of 4 096 bits)."""


def is_coordinate(value: float) -> bool:
    """True for a finite number of size at most :data:`MAX_COORDINATE` (NaN and infinities are not)."""
    return math.isfinite(value) and abs(value) <= MAX_COORDINATE


def bits_of(value: int) -> list[int]:
    """The indices of the set bits of ``value`` (≥ 0), lowest first."""
    if value.bit_count() >= _FEW_BITS:
        return [digit.start() for digit in _SET_BIT.finditer(bin(value)[:1:-1])]
    out = []
    while value:
        low = value & -value
        out.append(low.bit_length() - 1)
        value ^= low
    return out


def int_of(indices: Collection[int]) -> int:
    """The int whose set bits are ``indices`` (each ≥ 0; repeats count once): the inverse of :func:`bits_of`."""
    if len(indices) < _FEW_BITS:
        value = 0
        for i in indices:
            value |= 1 << i
        return value
    # Binary digits, one byte each: O(top index + len) instead of O(len · size).
    digits = bytearray(b"0") * (max(indices) + 1)
    for i in indices:
        digits[i] = 49  # "1"
    digits.reverse()
    return int(digits, 2)


@dataclass(frozen=True)
class Graph:
    """The press rule of a puzzle on any graph: ``presses[i]`` = the lights (bits) a press of cell i adds 1 to.

    Raises ``ValueError`` for no cells, more than :data:`MAX_GRAPH_CELLS`
    (a :class:`~lightsout.errors.TooLargeError`), a press set reaching a
    cell that does not exist, coordinates or names not one per cell, a
    coordinate that is not a finite number, a name longer than
    :data:`MAX_NAME_LENGTH` or holding a control character (:func:`is_shown_text`), or an unknown
    outline (a :class:`~lightsout.errors.BoardFormatError` with a code of
    :data:`lightsout.errors.PUZZLE_ERRORS`, no line or column).
    """

    presses: tuple[int, ...]
    coords: tuple[tuple[float, float], ...] | None = None
    names: tuple[str, ...] | None = None
    outline: str = "circle"
    text_width: int = 0
    text_group: int = 0

    def __post_init__(self) -> None:
        n = len(self.presses)
        if n < 1:
            raise BoardFormatError.of("graph_empty")
        if n > MAX_GRAPH_CELLS:
            raise TooLargeError(
                f"a graph puzzle has at most max_graph_cells ({MAX_GRAPH_CELLS}) cells, not {n}", "max_graph_cells", params={"most": MAX_GRAPH_CELLS, "found": n}
            )
        for i, reach in enumerate(self.presses):
            if reach < 0 or reach.bit_length() > n:
                raise BoardFormatError.of("press_set_beyond", cell=i, cells=n)
        entries = sum(reach.bit_count() for reach in self.presses)
        if entries > MAX_GRAPH_ENTRIES:
            raise TooLargeError(
                f"a graph puzzle's press sets hold at most max_graph_entries ({MAX_GRAPH_ENTRIES}) cells in all, not {entries}",
                "max_graph_entries", params={"most": MAX_GRAPH_ENTRIES, "found": entries},
            )
        if self.coords is not None:
            if len(self.coords) != n:
                raise BoardFormatError.of("coords_count", cells=n, found=len(self.coords))
            for i, point in enumerate(self.coords):
                if len(point) != 2 or not all(isinstance(v, float) and is_coordinate(v) for v in point):
                    raise BoardFormatError.of("coord_invalid", cell=i)
        if self.names is not None:
            if len(self.names) != n:
                raise BoardFormatError.of("names_count", cells=n, found=len(self.names))
            for i, name in enumerate(self.names):
                check_name(i, name)
        if self.outline not in OUTLINES:
            raise BoardFormatError.of("unknown_shape", found=self.outline[:20], choices=", ".join(OUTLINES))
        if self.text_width < 0 or self.text_group < 0:
            raise ValueError("text_width and text_group are at least 0")

    @property
    def cells(self) -> int:
        """n, the number of cells."""
        return len(self.presses)

    @cached_property
    def reached_by(self) -> tuple[int, ...]:
        """The transpose: ``reached_by[j]`` has bit i set when a press of cell i adds 1 to light j (the rows of A)."""
        rows = [0] * self.cells
        for i, reach in enumerate(self.presses):
            for j in bits_of(reach):
                rows[j] |= 1 << i
        return tuple(rows)

    def press_lists(self) -> list[list[int]]:
        """Each cell's press set as a sorted list of cell indices."""
        return [bits_of(reach) for reach in self.presses]

    def edges(self) -> list[tuple[int, int]]:
        """The pairs i < j where a press of one reaches the other (for drawing lines between cells)."""
        return sorted({(min(i, j), max(i, j)) for i, reach in enumerate(self.presses) for j in bits_of(reach) if j != i})

    @property
    def is_symmetric(self) -> bool:
        """True when j in i's set implies i in j's (then the press matrix is symmetric)."""
        return self.presses == self.reached_by

    def layout(self) -> list[tuple[float, float]]:
        """The coordinates to draw: ``coords``, or the cells evenly on a circle (cell 0 at the top, clockwise)."""
        if self.coords is not None:
            return list(self.coords)
        return circle_layout(self.cells)

    def effect(self, presses: int) -> int:
        """The lights (flat int) an even/odd number of presses changes: XOR of the press sets of the set bits (k = 2)."""
        out = 0
        for i in bits_of(presses):
            out ^= self.presses[i]
        return out


def circle_layout(n: int) -> list[tuple[float, float]]:
    """n points evenly on a circle of radius n / (2π) (neighbours about 1 apart), cell 0 at the top, clockwise."""
    radius = max(1.0, n / (2 * math.pi))
    return [(radius * math.sin(2 * math.pi * i / n), -radius * math.cos(2 * math.pi * i / n)) for i in range(n)]


def hex_centre(row: int, col: int) -> tuple[float, float]:
    """The centre of cell (row, col) of a hex board in axial layout, pointy-top hexagons of side 1/√3 (neighbours 1 apart).

    Column = axial q, row = axial r: x = c + r/2, y = r·√3/2 (y down), so
    each row sits half a cell right of the row above and the R×C board is
    a rhombus.  The six neighbours of (r, c) are (r, c ± 1), (r ± 1, c),
    (r − 1, c + 1) and (r + 1, c − 1): the ``hex`` stencil of
    :mod:`lightsout.model.rules`.
    """
    return (col + row / 2, row * math.sqrt(3) / 2)
