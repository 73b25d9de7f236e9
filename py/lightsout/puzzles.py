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
from .quiet import Analysis, analyze
from .rules import PLUS, Rule, row_mask
from .solve import solve

__all__ = ["random_solvable", "MAX_ATTEMPTS"]

MAX_ATTEMPTS = 2000
"""Draws tried before giving up on an exact lit-cell count."""


@lru_cache(maxsize=32)
def _analysis(rows: int, cols: int, rule: Rule) -> Analysis:
    return analyze(rows, cols, rule)


def random_solvable(rows: int, cols: int, rng: random.Random, lit: int | None = None, rule: Rule = PLUS) -> Board:
    """Return a random solvable R×C board (not dark unless R·C = 1 forces nothing else).

    With ``lit`` the board has exactly that many lit cells.  Raises
    ``ValueError`` when ``lit`` is outside 0..R·C or no solvable board with
    that count turned up in :data:`MAX_ATTEMPTS` draws.
    """
    if lit is None:
        mask = row_mask(cols)
        board = Board(rows, cols, (), rule)
        for _ in range(8):
            presses = Board(rows, cols, [rng.getrandbits(cols) & mask for _ in range(rows)], rule)
            board = Board(rows, cols, (), rule).apply(presses)
            if not board.is_dark:
                break
        return board
    cells = rows * cols
    if not 0 <= lit <= cells:
        raise ValueError(f"a {rows}x{cols} board has 0..{cells} cells to light, not {lit}")
    symmetric = all((-dr, -dc) in rule.stencil for dr, dc in rule.stencil)
    analysis = _analysis(rows, cols, rule) if symmetric else None
    for _ in range(MAX_ATTEMPTS):
        chosen = rng.sample(range(cells), lit)
        board = Board.from_cells(rows, cols, (divmod(i, cols) for i in chosen), rule)
        if analysis.is_solvable(board) if analysis is not None else solve(board).solvable:
            return board
    raise ValueError(f"found no solvable {rows}x{cols} board with exactly {lit} lit cells")
