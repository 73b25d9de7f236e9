"""Quiet patterns (the null space of the press matrix) and what follows from them.

A quiet pattern is a press pattern that changes no light.  They form a
vector space over GF(2) of dimension *nullity*; two solutions of a board
always differ by a quiet pattern, so a solvable board has exactly
2^nullity solutions and the one with the fewest presses is found by
searching the coset ``solution + span(quiet)``.  For a symmetric rule
(plus, Moore, X on a plane or torus) the press matrix A is symmetric, so a
board is solvable iff it has an even overlap with every quiet pattern
(column space = orthogonal complement of the kernel).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .board import Board
from .rules import PLUS, Rule
from .solve import FEWEST_PRESSES_NULLITY_LIMIT, SolveResult, quiet_flats, solve

__all__ = ["Analysis", "analyze", "fewest_presses", "EXACT_SEARCH_BUDGET"]

EXACT_SEARCH_BUDGET = 1 << 26
"""Most (candidates × machine words) the exact fewest-presses search may spend."""


def fewest_presses(result: SolveResult) -> SolveResult:
    """Return ``result`` with ``presses`` replaced by a solution with the fewest presses.

    Exact — ``minimal=True`` — by visiting all 2^nullity solutions in
    Gray-code order (one XOR and one ``int.bit_count`` each) when the nullity
    is at most :data:`~lightsout.solve.FEWEST_PRESSES_NULLITY_LIMIT` and the
    work fits :data:`EXACT_SEARCH_BUDGET`.  Otherwise a greedy descent (add
    any basis pattern that lowers the count, until none does) gives the best
    found, with ``minimal=False``: not proven to be the fewest.
    Unsolvable results are returned unchanged.
    """
    if result.presses is None:
        return result
    presses = result.presses
    quiet = quiet_flats(result.quiet)
    best = presses.flat
    words = max(1, presses.rows * presses.cols // 64)
    exact = result.nullity <= FEWEST_PRESSES_NULLITY_LIMIT and (words << result.nullity) <= EXACT_SEARCH_BUDGET
    if exact:
        best_count = best.bit_count()
        current = best
        for step in range(1, 1 << len(quiet)):
            current ^= quiet[(step & -step).bit_length() - 1]
            count = current.bit_count()
            if count < best_count:
                best, best_count = current, count
    else:
        improved = True
        while improved:
            improved = False
            for q in quiet:
                candidate = best ^ q
                if candidate.bit_count() < best.bit_count():
                    best, improved = candidate, True
    minimal_board = Board.from_flat(presses.rows, presses.cols, best, presses.rule)
    return replace(result, presses=minimal_board, minimal=exact)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The press matrix of an R×C board under a rule: rank, nullity, quiet basis."""

    rows: int
    cols: int
    rule: Rule
    rank: int
    nullity: int
    quiet: Sequence[Board]
    quiet_flats: tuple[int, ...]
    """The quiet patterns as flat ints (bit r·C + c), for fast overlap tests."""

    @property
    def solutions_per_solvable_board(self) -> int:
        """2^nullity: every solvable board has this many solutions."""
        return 1 << self.nullity

    def is_solvable(self, board: Board) -> bool:
        """True when ``board`` can be switched off (symmetric rules: even overlap with every quiet pattern)."""
        flat = board.flat
        return all((flat & q).bit_count() % 2 == 0 for q in self.quiet_flats)


def analyze(rows: int, cols: int, rule: Rule = PLUS) -> Analysis:
    """Return rank, nullity and a quiet-pattern basis for R×C boards under ``rule``.

    Raises ``ValueError`` for a size below 1×1.
    """
    result = solve(Board(rows, cols, (), rule))
    return Analysis(rows, cols, rule, result.rank, result.nullity, result.quiet, tuple(quiet_flats(result.quiet)))
