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

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
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

# Where each name above lives.  They are imported on first use (PEP 562), so
# ``python -m lightsout`` loads only what its command needs (the LOJ path: the
# parser, the GF(2) solver and the writer; see lightsout.cli).
_HOMES = {
    "Analysis": "analysis",
    "analyze": "analysis",
    "Board": "board",
    "BoardFormatError": "errors",
    "TooLargeError": "errors",
    "ParsedBoard": "formats",
    "format_board": "formats",
    "format_solution": "formats",
    "parse_board": "formats",
    "Graph": "graph",
    "METHODS": "methods",
    "SolveResult": "methods",
    "fewest_presses": "methods",
    "solve_board": "methods",
    "Puzzle": "puzzle",
    "Solution": "puzzle",
    "solve": "puzzle",
    "PLUS": "rules",
    "Rule": "rules",
}


def __getattr__(name: str) -> object:
    """A name of ``__all__`` from its module, or a submodule (``lightsout.api``), imported on first use."""
    home = _HOMES.get(name)
    if home is not None:
        value: object = getattr(importlib.import_module(f".{home}", __name__), name)
    else:
        try:
            value = importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
