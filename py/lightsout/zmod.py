"""Linear algebra over Z/kZ for any modulus k ≥ 2, prime or not.

Elimination that divides by pivots is only valid over a field (k prime).
For composite k, Z/kZ splits by the Chinese remainder theorem into the rings
Z/p^eZ of its prime-power factors; each of those is a local ring, where an
element is a unit times a power of p.  There a Smith normal form exists:
pivoting on an entry of least p-valuation in the whole remaining block,
every other entry of its row and column is a multiple of the pivot, so row
and column operations clear them without division by a non-unit.  With
D = U·A·V diagonal (entries p^v), A·x = b becomes D·y = U·b, x = V·y, which
reads off solvability, one solution, and the solution module's structure.
The pieces are then glued back together by CRT.

Vectors and matrices are lists of ints in 0..k−1; matrices are lists of rows.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ModularSolution", "solve_mod", "factorize", "apply_matrix"]


def factorize(k: int) -> list[tuple[int, int]]:
    """Return the prime factorisation of k ≥ 2 as [(p, e), ...] (trial division)."""
    factors = []
    p = 2
    while p * p <= k:
        if k % p == 0:
            e = 0
            while k % p == 0:
                k //= p
                e += 1
            factors.append((p, e))
        p += 1
    if k > 1:
        factors.append((k, 1))
    return factors


@dataclass(frozen=True, slots=True)
class ModularSolution:
    """The solutions of A·x ≡ b (mod k).

    ``particular`` is one solution or None; ``generators`` are (vector,
    order) pairs: the solution set is particular + Σ t_i·g_i with
    0 ≤ t_i < order_i, every combination distinct, so it has ∏ order_i
    elements; the kernel is ≅ ⊕ Z/order_i.
    """

    modulus: int
    particular: list[int] | None
    generators: list[tuple[list[int], int]]

    @property
    def solvable(self) -> bool:
        return self.particular is not None

    @property
    def kernel_size(self) -> int:
        size = 1
        for _, order in self.generators:
            size *= order
        return size

    @property
    def solution_count(self) -> int:
        return self.kernel_size if self.solvable else 0

    @property
    def invariant_factors(self) -> list[int]:
        """Orders of the cyclic factors of the kernel, ascending (the module ≅ ⊕ Z/order)."""
        return sorted(order for _, order in self.generators)


def _valuation(value: int, p: int, e: int) -> int:
    """p-adic valuation of a nonzero residue mod p^e (e for zero)."""
    if value == 0:
        return e
    v = 0
    while value % p == 0:
        value //= p
        v += 1
    return v


def _solve_prime_power(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, p: int, e: int) -> tuple[list[int] | None, list[tuple[list[int], int]]]:
    q = p**e
    a = [[value % q for value in row] for row in matrix]
    b = [value % q for value in rhs]
    m = len(a)
    # V starts as the identity; column operations on A are mirrored on V (x = V·y).
    v = [[1 if i == j else 0 for j in range(columns)] for i in range(columns)]
    pivots: list[int] = []  # valuation of each diagonal pivot
    rank = 0
    while rank < min(m, columns):
        best = None
        best_valuation = e
        for i in range(rank, m):
            row = a[i]
            for j in range(rank, columns):
                if row[j]:
                    valuation = _valuation(row[j], p, e)
                    if valuation < best_valuation:
                        best, best_valuation = (i, j), valuation
                        if valuation == 0:
                            break
            if best_valuation == 0:
                break
        if best is None:
            break
        i, j = best
        a[rank], a[i] = a[i], a[rank]
        b[rank], b[i] = b[i], b[rank]
        if j != rank:
            for row in a:
                row[rank], row[j] = row[j], row[rank]
            for row in v:
                row[rank], row[j] = row[j], row[rank]
        # Normalise the pivot to p^valuation: divide its row by the unit part.
        pivot = a[rank][rank]
        unit = pivot // p**best_valuation
        inverse = pow(unit, -1, q)
        a[rank] = [value * inverse % q for value in a[rank]]
        b[rank] = b[rank] * inverse % q
        power = p**best_valuation
        pivot_row = a[rank]
        # Every entry below and to the right has valuation ≥ the pivot's: exact quotients.
        for i2 in range(m):
            if i2 != rank and a[i2][rank]:
                factor = a[i2][rank] // power
                a[i2] = [(x - factor * y) % q for x, y in zip(a[i2], pivot_row)]
                b[i2] = (b[i2] - factor * b[rank]) % q
        for j2 in range(rank + 1, columns):
            if pivot_row[j2]:
                factor = pivot_row[j2] // power
                for row in v:
                    row[j2] = (row[j2] - factor * row[rank]) % q
                pivot_row[j2] = 0
        pivots.append(best_valuation)
        rank += 1
    # Now D·y = b with D = diag(p^pivots) on the first `rank` rows, zero rows below.
    particular: list[int] | None = None
    if not any(b[i] for i in range(rank, m)):
        y = [0] * columns
        particular = []
        for i, valuation in enumerate(pivots):
            if b[i] % p**valuation:
                particular = None
                break
            y[i] = b[i] // p**valuation
        if particular is not None:
            particular = [sum(v[r][c] * y[c] for c in range(columns)) % q for r in range(columns)]
    generators: list[tuple[list[int], int]] = []
    for i in range(columns):
        valuation = pivots[i] if i < rank else e
        if valuation == 0:
            continue
        step = p ** (e - valuation)  # y_i may move by multiples of p^(e−v): order p^v
        generators.append(([row[i] * step % q for row in v], p**valuation))
    return particular, generators


_FIELD_BITS = 32
"""Bits of one entry in a packed row of :func:`_solve_prime`."""


def _solve_prime(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, p: int) -> tuple[list[int] | None, list[tuple[list[int], int]]] | None:
    """:func:`_solve_prime_power` for e = 1 (Z/pZ is a field): Gauss–Jordan elimination on packed rows.

    A row is one int of :data:`_FIELD_BITS`-bit fields, entry j in field j and the right-hand side
    in field ``columns``, so ``row += c·pivot_row`` updates every entry with one big-int multiply
    and add instead of a Python step each (a dense 400 × 400 system mod 3: 3 → 0.3 s).  Entries
    are reduced mod p only where read: a pivot row is reduced when chosen, every other row only
    grows by at most (p − 1)² a pivot, and the bound p + pivots·(p − 1)² < 2^32 keeps the fields
    apart.  Returns None when the system is too large for that bound (then the Smith form runs).
    The solution: free unknowns 0; a generator of order p per free column.
    """
    m = len(matrix)
    if p + min(m, columns) * (p - 1) ** 2 >= 1 << _FIELD_BITS:
        return None
    code = next(code for code in "IL" if array(code).itemsize * 8 == _FIELD_BITS)
    size = (columns + 1) * _FIELD_BITS // 8
    mask = (1 << _FIELD_BITS) - 1

    def pack(values: Sequence[int]) -> int:
        return int.from_bytes(array(code, values).tobytes(), sys.byteorder)

    def unpack(row: int) -> list[int]:
        fields = array(code)
        fields.frombytes(row.to_bytes(size, sys.byteorder))
        return [value % p for value in fields]

    rows = [pack([value % p for value in row] + [rhs[i] % p]) for i, row in enumerate(matrix)]
    pivots: list[int] = []
    rank = 0
    for column in range(columns):
        if rank == m:
            break
        shift = column * _FIELD_BITS
        pivot = rank
        while pivot < m and not (rows[pivot] >> shift & mask) % p:
            pivot += 1
        if pivot == m:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        reduced = unpack(rows[rank])
        inverse = pow(reduced[column], -1, p)
        pivot_row = pack([value * inverse % p for value in reduced])
        for i, row in enumerate(rows):
            factor = (row >> shift & mask) % p
            if factor and i != rank:
                rows[i] = row + (p - factor) * pivot_row
        rows[rank] = pivot_row
        pivots.append(column)
        rank += 1
    reduced_rows = [unpack(row) for row in rows[:rank]]
    particular: list[int] | None = None
    if not any((row >> columns * _FIELD_BITS) % p for row in rows[rank:]):  # the right-hand sides left: all 0
        particular = [0] * columns
        for values, column in zip(reduced_rows, pivots):
            particular[column] = values[columns]
    pivot_set = set(pivots)
    generators: list[tuple[list[int], int]] = []
    for free in range(columns):
        if free in pivot_set:
            continue
        vector = [0] * columns
        vector[free] = 1
        for values, column in zip(reduced_rows, pivots):
            vector[column] = -values[free] % p
        generators.append((vector, p))
    return particular, generators


def solve_mod(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, k: int) -> ModularSolution:
    """Solve ``matrix · x ≡ rhs (mod k)`` exactly, for any k ≥ 2.

    ``matrix`` has len(rhs) rows of ``columns`` entries.  Returns a
    :class:`ModularSolution`.  Cost: O(m·n·min(m, n)) ring operations per
    prime-power factor of k.  Raises ``ValueError`` for k < 2.
    """
    if k < 2:
        raise ValueError(f"the modulus must be at least 2, not {k}")
    parts = []
    for p, e in factorize(k):
        q = p**e
        # idempotent ≡ 1 (mod q), ≡ 0 (mod k/q): lifts a mod-q vector into Z/kZ.
        cofactor = k // q
        idempotent = cofactor * pow(cofactor, -1, q) % k if cofactor > 1 else 1
        found = _solve_prime(matrix, rhs, columns, p) if e == 1 else None
        parts.append((q, idempotent, found if found is not None else _solve_prime_power(matrix, rhs, columns, p, e)))
    if any(particular is None for _, _, (particular, _) in parts):
        particular_total = None
    else:
        particular_total = [0] * columns
        for _, idempotent, (particular, _) in parts:
            assert particular is not None
            particular_total = [(x + idempotent * y) % k for x, y in zip(particular_total, particular)]
    generators = []
    for _, idempotent, (_, local) in parts:
        for vector, order in local:
            generators.append(([idempotent * value % k for value in vector], order))
    return ModularSolution(k, particular_total, generators)


def apply_matrix(matrix: Sequence[Sequence[int]], vector: Sequence[int], k: int) -> list[int]:
    """Return matrix · vector mod k."""
    return [sum(a * x for a, x in zip(row, vector)) % k for row in matrix]
