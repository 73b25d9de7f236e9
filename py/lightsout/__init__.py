"""Lights Out: boards, text formats, solvers and analysis, for any number of states on any surface.

The one model is :class:`~lightsout.model.puzzle.Puzzle` (cells with holes and
don't-care cells, a press rule on a surface — or a :class:`~lightsout.model.graph.Graph`
of explicit press sets — k states, a goal), the one entry point
:func:`~lightsout.solving.solver.solve` and its one result, :class:`~lightsout.solving.solver.Solution`;
boards are packed ints (see :mod:`lightsout.model.codec`); a board with its puzzle is a
:class:`~lightsout.draw.puzzle_board.PuzzleBoard`.  In Jupyter a board, a parsed board and a
``Solution`` show as their drawing; :mod:`lightsout.svg` writes one.  See py/README.md for the
module map.

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
    from . import svg
    from .analysis.figures import Analysis, analyze
    from .draw.puzzle_board import PuzzleBoard
    from .errors import BoardFormatError, TooLargeError
    from .model.graph import Graph
    from .model.puzzle import Puzzle
    from .model.rules import Rule
    from .solving.methods import METHODS
    from .solving.solver import Solution, solve
    from .text.formats import ParsedBoard, format_board, format_solution, parse_board

# One name per concept: the model, its press rule and graph, a board of it, solving and its
# result, the two-state methods by name, the analysis of a size, text formats, the two errors,
# and the drawing module.
__all__ = [
    "Puzzle",
    "PuzzleBoard",
    "Rule",
    "Graph",
    "solve",
    "Solution",
    "METHODS",
    "Analysis",
    "analyze",
    "parse_board",
    "ParsedBoard",
    "format_board",
    "format_solution",
    "BoardFormatError",
    "TooLargeError",
    "svg",
]

__version__ = "0.2.0"

# Where each name above lives.  They are imported on first use (PEP 562), so
# ``python -m lightsout`` loads only what its command needs (the LOJ path: the
# parser, the GF(2) solver and the writer; see lightsout.cli.commands).  No layer folder is
# named as a public name: importing a submodule binds its folder's name on the package
# (``lightsout.solving``, never ``solve``), which would hide the function ``solve``.
_HOMES = {
    "Analysis": "analysis.figures",
    "analyze": "analysis.figures",
    "BoardFormatError": "errors",
    "TooLargeError": "errors",
    "ParsedBoard": "text.formats",
    "format_board": "text.formats",
    "format_solution": "text.formats",
    "parse_board": "text.formats",
    "Graph": "model.graph",
    "METHODS": "solving.methods",
    "Puzzle": "model.puzzle",
    "PuzzleBoard": "draw.puzzle_board",
    "Rule": "model.rules",
    "Solution": "solving.solver",
    "solve": "solving.solver",
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
