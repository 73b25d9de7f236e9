"""Linear algebra over GF(2) with Python ints as bit vectors.

A matrix is a list of ints, one per row; bit ``j`` of a row is the
coefficient of variable ``j``.  Addition is XOR, so Gaussian elimination
needs only XOR and bit tests, and a row of n bits costs O(n / w) word
operations (w = the machine word).  Elimination of an m × n matrix is
therefore O(m · n · min(m, n) / w), O(n³/w) for a square system.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["LinearSolution", "solve_linear", "rank", "null_space", "reduce_against"]


@dataclass(frozen=True, slots=True)
class LinearSolution:
    """The solution set of ``M · x = rhs`` over GF(2).

    ``particular`` is one solution (bit j = variable j), or ``None`` when the
    system is inconsistent; ``null_basis`` spans the kernel of M, so the
    solutions are ``particular`` XOR any combination of the basis.
    """

    particular: int | None
    rank: int
    null_basis: tuple[int, ...]

    @property
    def nullity(self) -> int:
        return len(self.null_basis)


def _row_echelon(augmented: list[int], columns: int) -> tuple[list[int], list[int]]:
    """Reduce ``augmented`` in place to reduced row echelon form.

    Only bits 0..columns-1 are pivot candidates (higher bits ride along, e.g.
    a right-hand side).  Returns the rows and the pivot column of each of the
    first ``rank`` rows.
    """
    rows = augmented
    pivots: list[int] = []
    rank = 0
    count = len(rows)
    for column in range(columns):
        bit = 1 << column
        pivot = rank
        while pivot < count and not rows[pivot] & bit:
            pivot += 1
        if pivot == count:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        pivot_row = rows[rank]
        # A comprehension runs the O(m) sweep about twice as fast as a loop.
        rows[:] = [row ^ pivot_row if row & bit else row for row in rows]
        rows[rank] = pivot_row
        pivots.append(column)
        rank += 1
        if rank == count:
            break
    return rows, pivots


def solve_linear(matrix: Sequence[int], rhs: int, columns: int, want_null_basis: bool = True) -> LinearSolution:
    """Solve ``matrix · x = rhs`` over GF(2) by Gauss–Jordan elimination.

    ``matrix`` has m rows of ``columns`` bits; bit i of ``rhs`` is the
    right-hand side of row i.  Returns a :class:`LinearSolution`; its null
    basis is left empty when ``want_null_basis`` is false (the nullity is
    still ``columns - rank``, see :attr:`LinearSolution.nullity` only when
    the basis is built).
    """
    rhs_bit = 1 << columns
    augmented = [row | (rhs_bit if rhs >> i & 1 else 0) for i, row in enumerate(matrix)]
    rows, pivots = _row_echelon(augmented, columns)
    rank = len(pivots)
    consistent = not any(row & rhs_bit for row in rows[rank:])
    particular: int | None = None
    if consistent:
        particular = 0
        for row, column in zip(rows, pivots):
            if row & rhs_bit:
                particular |= 1 << column
    basis: tuple[int, ...] = ()
    if want_null_basis:
        basis = _kernel(rows[:rank], pivots, columns)
    return LinearSolution(particular, rank, basis)


def _kernel(reduced: list[int], pivots: list[int], columns: int) -> tuple[int, ...]:
    pivot_set = set(pivots)
    basis = []
    for free in range(columns):
        if free in pivot_set:
            continue
        vector = 1 << free
        for row, column in zip(reduced, pivots):
            if row >> free & 1:
                vector |= 1 << column
        basis.append(vector)
    return tuple(basis)


def rank(matrix: Sequence[int], columns: int) -> int:
    """Return the rank over GF(2) of ``matrix`` (rows of ``columns`` bits)."""
    return len(_row_echelon(list(matrix), columns)[1])


def null_space(matrix: Sequence[int], columns: int) -> tuple[int, ...]:
    """Return a basis of the kernel ``{x : matrix · x = 0}`` (ints of ``columns`` bits)."""
    rows, pivots = _row_echelon(list(matrix), columns)
    return _kernel(rows[: len(pivots)], pivots, columns)


def reduce_against(vectors: Sequence[int]) -> list[int]:
    """Return a basis of the span of ``vectors`` (an echelon form; zero vectors dropped)."""
    # Kept sorted by decreasing top bit, each top bit unique: reducing in that
    # order clears every basis top bit, so a vector reduces to 0 iff it is in
    # the span.
    basis: list[int] = []
    for vector in vectors:
        for b in basis:
            vector = min(vector, vector ^ b)
        if vector:
            basis.append(vector)
            basis.sort(reverse=True)
    return basis
