"""Masks: holes (cells that do not exist) and don't-care cells (partial targets).

A *hole* has no light and no button: it cannot be pressed, and presses
around it change nothing there.  So boards of any shape (a ring, a cross, a
heart) are an R×C rectangle with holes.  A *don't-care* cell exists and can
be pressed, but its final state does not matter.

Bit order: both masks are flat ints, bit ``r·C + c`` = cell (r, c).

The text form (rows of ``.``, ``?`` and ``-``) is :mod:`lightsout.text.mask_text`'s: the model
reads no text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mask"]


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
