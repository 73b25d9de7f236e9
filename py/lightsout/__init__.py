"""Lights Out: boards, text formats, solvers and analysis, for any number of states on any surface.

The one model is :class:`~lightsout.puzzle.Puzzle` (cells with holes and
don't-care cells, a press rule on a surface — or a :class:`~lightsout.graph.Graph`
of explicit press sets — k states, a goal) and the one
entry point :func:`~lightsout.puzzle.solve`; boards are packed ints (see
:mod:`lightsout.codec`).  Two-state boards also exist as
:class:`~lightsout.board.Board` (rows of ints, bit c = column c) for the
GF(2) methods of :mod:`lightsout.methods`.  See py/README.md for the module
map.

>>> from lightsout import Puzzle, solve
>>> puzzle = Puzzle(3, 3)
>>> lights = 0b010_111_010  # the plus shape a press at the centre makes
>>> solve(puzzle, lights).presses == 1 << 4
True
"""

from .analysis import Analysis, analyze
from .board import Board
from .errors import BoardFormatError, TooLargeError
from .formats import ParsedBoard, format_board, format_solution, parse_board
from .graph import Graph
from .methods import METHODS, SolveResult, fewest_presses, solve_board
from .puzzle import Puzzle, Solution, solve
from .rules import PLUS, Rule

__all__ = [
    "Puzzle",
    "Graph",
    "Solution",
    "solve",
    "Board",
    "BoardFormatError",
    "TooLargeError",
    "ParsedBoard",
    "parse_board",
    "format_board",
    "format_solution",
    "Rule",
    "PLUS",
    "SolveResult",
    "METHODS",
    "solve_board",
    "fewest_presses",
    "Analysis",
    "analyze",
]

__version__ = "0.2.0"
