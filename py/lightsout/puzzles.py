"""Random puzzles that are guaranteed to be solvable.

Pressing a uniformly random press pattern x gives the board A·x; since
x ↦ A·x is linear, the result is uniform over the solvable boards (the
column space of A) — the same argument Simon Tatham's "Flip" uses.  A board
with an exact number of lit cells (seed 002's demo) is drawn uniformly from
those boards and kept only if it is solvable (probability 2^-nullity).
"""

from __future__ import annotations

import random
from functools import lru_cache

from .board import Board
from .mask import Mask
from .quiet import Analysis, analyze
from .rules import PLUS, Rule
from .solve import solve

__all__ = ["random_solvable", "random_with_presses", "MAX_ATTEMPTS"]

MAX_ATTEMPTS = 2000
"""Draws tried before giving up on an exact lit-cell count."""


@lru_cache(maxsize=32)
def _analysis(rows: int, cols: int, rule: Rule) -> Analysis:
    return analyze(rows, cols, rule)


def random_solvable(
    rows: int, cols: int, rng: random.Random, lit: int | None = None, rule: Rule = PLUS, mask: Mask | None = None
) -> Board:
    """Return a random solvable R×C board (dark only when nothing else is reachable).

    With ``lit`` the board has exactly that many lit cells.  With a mask,
    holes stay dark and are never pressed.  Raises ``ValueError`` when
    ``lit`` is outside 0..cells or no solvable board with that count turned
    up in :data:`MAX_ATTEMPTS` draws.
    """
    holes = 0 if mask is None else mask.holes
    if lit is None:
        board = Board(rows, cols, (), rule)
        for _ in range(8):
            presses = Board.from_flat(rows, cols, rng.getrandbits(rows * cols) & ~holes, rule)
            board = Board(rows, cols, (), rule).apply(presses)
            if holes:
                board = Board.from_flat(rows, cols, board.flat & ~holes, rule)
            if not board.is_dark:
                break
        return board
    cells = [i for i in range(rows * cols) if not holes >> i & 1]
    if not 0 <= lit <= len(cells):
        raise ValueError(f"this {rows}x{cols} board has 0..{len(cells)} cells to light, not {lit}")
    analysis = _analysis(rows, cols, rule) if rule.is_symmetric and mask is None else None
    for _ in range(MAX_ATTEMPTS):
        chosen = rng.sample(cells, lit)
        board = Board.from_cells(rows, cols, (divmod(i, cols) for i in chosen), rule)
        if analysis.is_solvable(board) if analysis is not None else solve(board, mask=mask).solvable:
            return board
    raise ValueError(f"found no solvable {rows}x{cols} board with exactly {lit} lit cells")


def random_with_presses(rows: int, cols: int, rng: random.Random, presses: int, rule: Rule = PLUS) -> Board:
    """Return a random R×C board whose fewest-press solution has exactly ``presses`` presses.

    Draws ``presses`` distinct cells, presses them on a dark board, and keeps
    the board if no solution is shorter (proven by
    :func:`lightsout.quiet.fewest_presses`; a board whose minimum could not
    be proven is skipped).  Raises ``ValueError`` when ``presses`` is outside
    0..R·C or no such board turned up in :data:`MAX_ATTEMPTS` draws (above
    the worst case for the size there is none).
    """
    cells = rows * cols
    if not 0 <= presses <= cells:
        raise ValueError(f"a {rows}x{cols} board has 0..{cells} cells to press, not {presses}")
    for _ in range(MAX_ATTEMPTS):
        chosen = rng.sample(range(cells), presses)
        board = Board(rows, cols, (), rule).apply(Board.from_cells(rows, cols, (divmod(i, cols) for i in chosen), rule))
        result = solve(board, minimal=True)
        if result.minimal and result.press_count == presses:
            return board
    raise ValueError(f"found no {rows}x{cols} board needing exactly {presses} presses")
