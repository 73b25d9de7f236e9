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

from dataclasses import dataclass

from .errors import BoardFormatError

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


def parse_mask(text: str) -> Mask:
    """Parse rows of ``.`` / ``?`` / ``-`` into a :class:`Mask`.

    Raises :class:`~lightsout.formats.BoardFormatError` (line, column) for an
    unknown symbol, ragged rows or empty input.
    """
    lines = [(number, raw.rstrip()) for number, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise BoardFormatError("empty mask: expected rows of '.', '?' and '-'", 1, 1)
    width = len(lines[0][1])
    holes = dont_care = 0
    for r, (number, line) in enumerate(lines):
        if len(line) != width:
            raise BoardFormatError(f"ragged rows: this row has {len(line)} cells, expected {width}", number, min(len(line), width) + 1)
        for c, symbol in enumerate(line):
            bit = 1 << (r * width + c)
            if symbol == HOLE:
                holes |= bit
            elif symbol == DONT_CARE:
                dont_care |= bit
            elif symbol != CELL:
                raise BoardFormatError(f"unknown mask symbol {symbol!r}; expected '.' (cell), '?' (don't care) or '-' (hole)", number, c + 1)
    return Mask(len(lines), width, holes, dont_care)


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
