"""The public board value: a puzzle and its lights, which a notebook draws.

>>> from lightsout import Puzzle, PuzzleBoard
>>> value = PuzzleBoard(Puzzle(2, 2), 0b1001)
>>> value._repr_svg_().count('fill="#ffd54a"')  # the two lit cells, in the page's yellow
2
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.puzzle import Puzzle
from .svg import drawing_or_none

__all__ = ["PuzzleBoard"]


@dataclass(frozen=True)
class PuzzleBoard:
    """A board of a puzzle: ``puzzle`` and ``lights``, a packed board (see :mod:`lightsout.model.codec`:
    bit_length(k − 1) bits a cell; for k = 2 the flat int, bit r·C + c = cell (r, c)).

    In Jupyter it shows as its drawing (:func:`lightsout.svg.board`); ``lightsout.solve(value.puzzle,
    value.lights)`` solves it.  Raises ``ValueError`` for lights that are not a board of the puzzle
    (bits beyond its cells, a state of k or more).
    """

    puzzle: Puzzle
    lights: int = 0

    def __post_init__(self) -> None:
        self.puzzle.check_board(self.lights)

    def _repr_svg_(self) -> str | None:
        """The drawing, for IPython's rich display (its only rich form: two would be drawn twice)."""
        return drawing_or_none(self.puzzle, self.lights)
