"""Lights Out over GF(2): boards, text formats, solvers, analysis.

Bit order everywhere: a board row is an ``int`` whose bit ``c`` is column
``c``; a press pattern has the same shape.  See :mod:`lightsout.board`.

>>> from lightsout import Board, solve
>>> board = Board(3, 3).press(1, 1)
>>> result = solve(board)
>>> board.apply(result.presses).is_dark
True
"""

from .board import Board
from .formats import BoardFormatError, ParsedBoard, format_board, format_solution, parse_board
from .quiet import Analysis, analyze, fewest_presses
from .rules import PLUS, Rule
from .solve import METHODS, SolveResult, TooLargeError, solve

__all__ = [
    "Board",
    "BoardFormatError",
    "ParsedBoard",
    "parse_board",
    "format_board",
    "format_solution",
    "Rule",
    "PLUS",
    "SolveResult",
    "TooLargeError",
    "METHODS",
    "solve",
    "Analysis",
    "analyze",
    "fewest_presses",
]

__version__ = "0.1.0"
