"""The text form of a :class:`~lightsout.model.mask.Mask`: R rows of ``.`` (an ordinary cell), ``?``
(don't care) and ``-`` (a hole), e.g. a plus-shaped board::

    -.-
    ...
    -.-

Bit order: as the mask's, bit ``r·C + c`` = cell (r, c).  Read by the CLI's ``--mask FILE``.
"""

from __future__ import annotations

import re

from ..errors import BoardFormatError
from .grid_text import LIMITS, check_rows, wide_row
from ..model.mask import Mask
from ..model.rows import join_rows
from .text_input import content_spans, forgiving

__all__ = ["parse_mask", "format_mask"]

CELL, DONT_CARE, HOLE = ".", "?", "-"

_HOLES = str.maketrans({HOLE: "1", DONT_CARE: "0", CELL: "0"})
_DONT_CARE = str.maketrans({HOLE: "0", DONT_CARE: "1", CELL: "0"})
_NOT_MASK = re.compile(r"[^.?-]")


def parse_mask(text: str) -> Mask:
    """Parse rows of ``.`` / ``?`` / ``-`` into a :class:`Mask`.

    Raises :class:`~lightsout.text.formats.BoardFormatError` (line, column) for an
    unknown symbol, ragged rows or empty input, and
    :class:`~lightsout.errors.TooLargeError` at the first row past
    ``max_long_side`` rows or columns or ``max_cells`` cells.  The text is
    cleaned first (:func:`lightsout.text.text_input.forgiving`); each row is two
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
