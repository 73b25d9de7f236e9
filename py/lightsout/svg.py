"""``lightsout.svg``: a puzzle's board drawn as SVG, under the name python-chess's users know (``chess.svg``).

>>> import lightsout.svg
>>> from lightsout import Puzzle, solve
>>> puzzle = Puzzle(3, 3)
>>> solution = solve(puzzle, 0b010_111_010)
>>> picture = lightsout.svg.board(puzzle, solution.lights, solution.presses)  # write it to a .svg file
>>> picture.count('class="press"')
1

The drawing is :mod:`lightsout.draw.svg`'s; this module is the package's front door to it.
"""

from __future__ import annotations

from .draw.svg import MAX_DRAWN_CELLS, board, state_colours

__all__ = ["board", "state_colours", "MAX_DRAWN_CELLS"]
