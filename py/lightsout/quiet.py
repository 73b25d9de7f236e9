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

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .board import Board
from .rules import PLUS, Rule
from .solve import SolveResult, quiet_flats, solve

__all__ = ["Analysis", "analyze", "fewest_presses", "minimum_in_coset", "EXACT_SEARCH_BUDGET", "SEARCH_SECONDS"]

EXACT_SEARCH_BUDGET = 1 << 26
"""Most (candidates × machine words) the Gray-code search may spend."""

SEARCH_SECONDS = 2.0
"""Default time budget of the branch-and-bound search, in seconds."""

_GROUPED_LEVELS = 6
"""Bottom levels of the search tree that use the grouped lower bound."""


class _OutOfTime(Exception):
    pass


def minimum_in_coset(start: int, basis: Sequence[int], seconds: float = SEARCH_SECONDS) -> tuple[int, int | None, bool]:
    """Find a vector of least weight in ``start + span(basis)`` over GF(2).

    Returns ``(best, optimal_count, exact)``: the lightest vector found, the
    number of vectors of that weight in the coset (None unless exact), and
    whether ``best`` is proven lightest.

    Small cases visit all 2^k vectors in Gray-code order.  Larger ones run a
    depth-first branch and bound over the k coefficients, started from a
    greedy descent's result; at depth d the cells untouched by basis[d:] are
    fixed, and in the last levels the remaining cells fall into groups that
    flip together, each costing at least min(lit, unlit) — a lower bound that
    prunes whole subtrees.  Stops after ``seconds`` with exact=False.
    """
    k = len(basis)
    words = max(1, max((v.bit_length() for v in (start, *basis)), default=1) // 64)
    if (words << k) <= EXACT_SEARCH_BUDGET:
        best, best_weight, count = start, start.bit_count(), 1
        current = start
        for step in range(1, 1 << k):
            current ^= basis[(step & -step).bit_length() - 1]
            weight = current.bit_count()
            if weight < best_weight:
                best, best_weight, count = current, weight, 1
            elif weight == best_weight:
                count += 1
        return best, count, True

    incumbent = _greedy(start, basis)
    suffix = [0] * (k + 1)
    for d in range(k - 1, -1, -1):
        suffix[d] = suffix[d + 1] | basis[d]
    groups: dict[int, list[tuple[int, int]]] = {}
    for d in range(max(0, k - _GROUPED_LEVELS), k):
        patterns: dict[int, int] = {}
        remaining = suffix[d]
        while remaining:
            low = remaining & -remaining
            pattern = sum(1 << i for i in range(d, k) if basis[i] & low)
            patterns[pattern] = patterns.get(pattern, 0) | low
            remaining ^= low
        groups[d] = [(mask, mask.bit_count()) for mask in patterns.values()]
    state = {"best": incumbent, "weight": incumbent.bit_count(), "count": 0}
    deadline = time.monotonic() + seconds

    def visit(depth: int, vector: int) -> None:
        if depth == k:
            weight = vector.bit_count()
            if weight < state["weight"]:
                state.update(best=vector, weight=weight, count=1)
            elif weight == state["weight"]:
                state["count"] += 1
            return
        bound = (vector & ~suffix[depth]).bit_count()
        for mask, size in groups.get(depth, ()):
            lit = (vector & mask).bit_count()
            bound += min(lit, size - lit)
        if bound > state["weight"]:
            return
        if time.monotonic() > deadline:  # ~50 ns, small next to a node's bit counts
            raise _OutOfTime
        visit(depth + 1, vector)
        visit(depth + 1, vector ^ basis[depth])

    try:
        visit(0, start)
    except _OutOfTime:
        return state["best"], None, False
    return state["best"], state["count"], True


def _greedy(vector: int, basis: Sequence[int]) -> int:
    """Add any basis vector that lowers the weight, until none does."""
    improved = True
    while improved:
        improved = False
        for b in basis:
            candidate = vector ^ b
            if candidate.bit_count() < vector.bit_count():
                vector, improved = candidate, True
    return vector


def fewest_presses(result: SolveResult, seconds: float = SEARCH_SECONDS) -> SolveResult:
    """Return ``result`` with ``presses`` replaced by a solution with the fewest presses.

    The solutions are ``presses`` + the span of the quiet patterns; see
    :func:`minimum_in_coset` for the search.  ``minimal`` is True only when
    the result is proven fewest, and then ``optimal_count`` says how many
    solutions share that count.  Unsolvable results are returned unchanged.
    """
    if result.presses is None:
        return result
    presses = result.presses
    best, count, exact = minimum_in_coset(presses.flat, quiet_flats(result.quiet), seconds)
    minimal_board = Board.from_flat(presses.rows, presses.cols, best, presses.rule)
    return replace(result, presses=minimal_board, minimal=exact, optimal_count=count)


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
