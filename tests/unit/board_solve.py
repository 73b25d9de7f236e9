"""The tests' bridge from :class:`lightsout.model.board.Board` (their reference type) to ``lightsout.solve``.

A Board carries its size and rule, so it names a two-state puzzle: :func:`solve_board` solves
it through the package's one entry point and hands back the one result type,
:class:`lightsout.solving.solver.Solution` (packed ints); :func:`presses_of` and :func:`quiet_of` read its
presses and quiet patterns back as Boards for the simulations of :mod:`reference`.
"""

from __future__ import annotations

from lightsout.model.board import Board
from lightsout.model.mask import Mask
from lightsout.model.puzzle import Puzzle
from lightsout.solving.solver import Solution, solve


def solve_board(board: Board, target: Board | str = "off", method: str = "auto", minimal: bool = False, mask: Mask | None = None) -> Solution:
    """``lightsout.solve`` on the two-state puzzle of the board's size and rule (with the mask's holes and don't-care cells)."""
    holes, dont_care = (0, 0) if mask is None else (mask.holes, mask.dont_care)
    goal = target if isinstance(target, str) else target.flat
    return solve(Puzzle(board.rows, board.cols, 2, board.rule, holes, dont_care, goal), board.flat, method, minimal)


def presses_of(result: Solution) -> Board:
    """The solution's presses as a Board of the puzzle's size and rule."""
    assert result.presses is not None
    puzzle = result.puzzle
    return Board.from_flat(puzzle.rows, puzzle.cols, result.presses, puzzle.rule)


def quiet_of(result: Solution) -> list[Board]:
    """The quiet-pattern basis as Boards."""
    puzzle = result.puzzle
    return [Board.from_flat(puzzle.rows, puzzle.cols, q, puzzle.rule) for q in result.quiet()]
