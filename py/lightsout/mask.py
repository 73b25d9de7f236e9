"""Masks: holes (cells that do not exist) and don't-care cells (partial targets).

A *hole* has no light and no button: it cannot be pressed, and presses
around it change nothing there.  So boards of any shape (a ring, a cross, a
heart) are an R×C rectangle with holes.  A *don't-care* cell exists and can
be pressed, but its final state does not matter.

Bit order: both masks are flat ints, bit ``r·C + c`` = cell (r, c).

Text form: R rows of ``.`` (an ordinary cell), ``?`` (don't care) and ``-``
(a hole), e.g. a plus-shaped board::

    -.-
    ...
    -.-
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import BoardFormatError
from .grid_text import LIMITS, check_rows, wide_row
from .rows import join_rows
from .text_input import content_spans, forgiving

__all__ = ["Mask", "parse_mask", "format_mask"]

CELL, DONT_CARE, HOLE = ".", "?", "-"


@dataclass(frozen=True, slots=True)
class Mask:
    """Holes and don't-care cells of an R×C board, as flat ints (bit r·C + c)."""

    rows: int
    cols: int
    holes: int = 0
    dont_care: int = 0

    @property
    def is_empty(self) -> bool:
        return not (self.holes or self.dont_care)

    @property
    def relevant(self) -> int:
        """Cells whose final light matters: neither holes nor don't-care (flat int)."""
        return ((1 << self.rows * self.cols) - 1) & ~(self.holes | self.dont_care)

    @property
    def cells(self) -> int:
        """Number of cells that exist (R·C minus the holes)."""
        return self.rows * self.cols - self.holes.bit_count()

    def check_shape(self, rows: int, cols: int) -> None:
        """Raise ``ValueError`` unless the mask is R×C."""
        if (self.rows, self.cols) != (rows, cols):
            raise ValueError(f"mask is {self.rows}x{self.cols}, board is {rows}x{cols}")


_HOLES = str.maketrans({HOLE: "1", DONT_CARE: "0", CELL: "0"})
_DONT_CARE = str.maketrans({HOLE: "0", DONT_CARE: "1", CELL: "0"})
_NOT_MASK = re.compile(r"[^.?-]")


def parse_mask(text: str) -> Mask:
    """Parse rows of ``.`` / ``?`` / ``-`` into a :class:`Mask`.

    Raises :class:`~lightsout.formats.BoardFormatError` (line, column) for an
    unknown symbol, ragged rows or empty input, and
    :class:`~lightsout.errors.TooLargeError` at the first row past
    ``max_long_side`` rows or columns or ``max_cells`` cells.  The text is
    cleaned first (:func:`lightsout.text_input.forgiving`); each row is two
    translates and two ``int`` (the rows were once set a bit at a time:
    a 1000×1000 mask took minutes).
    """
    return forgiving(text, _mask)


def _mask(text: str) -> Mask:
    holes: list[int] = []
    dont_care: list[int] = []
    width = -1
    for number, offset, begin, end in content_spans(text):
        # The row as written from its line's start (spaces before it are cells, and unknown).
        start = begin - offset
        if width < 0:
            width = end - start
            wide_row(text[start:end], width, number, 0, False, LIMITS)
        check_rows(len(holes) + 1, 0, width, number, 1, LIMITS)
        if end - start != width:
            raise BoardFormatError(f"ragged rows: this row has {end - start} cells, expected {width}", number, min(end - start, width) + 1)
        bad = _NOT_MASK.search(text, start, end)
        if bad is not None:
            raise BoardFormatError(
                f"unknown mask symbol {bad.group()!r}; expected '.' (cell), '?' (don't care) or '-' (hole)", number, bad.start() - start + 1,
            )
        line = text[start:end]
        holes.append(int(line.translate(_HOLES)[::-1], 2))
        dont_care.append(int(line.translate(_DONT_CARE)[::-1], 2))
    if width < 0:
        raise BoardFormatError("empty mask: expected rows of '.', '?' and '-'", 1, 1)
    return Mask(len(holes), width, join_rows(holes, width), join_rows(dont_care, width))


def format_mask(mask: Mask) -> str:
    """Return the text form of ``mask`` (inverse of :func:`parse_mask`)."""
    lines = []
    for r in range(mask.rows):
        symbols = []
        for c in range(mask.cols):
            bit = 1 << (r * mask.cols + c)
            symbols.append(HOLE if mask.holes & bit else DONT_CARE if mask.dont_care & bit else CELL)
        lines.append("".join(symbols))
    return "\n".join(lines)
