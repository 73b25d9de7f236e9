"""Linear algebra over Z/kZ for any modulus k ≥ 2, prime or not.

Elimination that divides by pivots is only valid over a field (k prime).
For composite k, Z/kZ splits by the Chinese remainder theorem into the rings
Z/p^eZ of its prime-power factors; each of those is a local ring, where an
element is a unit times a power of p, so a pivot of least p-valuation
divides every entry it has to clear.  :func:`_solve_prime_power` eliminates
by rows only, on packed rows: it brings A to T·A = D·S, with T invertible,
D = diag(p^v) and S unit upper triangular up to a column order (the Smith
normal form's D, with S standing in for its column operations), and then
solves D·z = T·b and S·x = z.  That reads off solvability, one solution and
the solution module's structure (⊕ Z/p^v over the pivots with v > 0 and
Z/p^e per unknown without a pivot).  The pieces are then glued back
together by CRT.

Vectors and matrices are lists of ints in 0..k−1; matrices are lists of rows.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ModularSolution", "solve_mod", "factorize", "apply_matrix", "invariant_factor_generators"]


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
    def elementary_divisors(self) -> list[int]:
        """Orders of the generators, ascending: prime powers, the kernel's elementary divisors (it is ≅ ⊕ Z/order).
        :func:`invariant_factor_generators` merges them into its invariant factors."""
        return sorted(order for _, order in self.generators)


def invariant_factor_generators(generators: Sequence[tuple[list[int], int]], k: int) -> list[tuple[list[int], int]]:
    """Generators of prime-power orders (a module's elementary divisors) merged into generators whose orders are its
    invariant factors d1 | d2 | … | dr, ascending: the same module, ≅ Z/d1 ⊕ … ⊕ Z/dr, with r as small as can be.

    Per prime p the orders p^a are lined up largest last; the i-th generator of the result is the sum (mod k) of the
    i-th of every prime, of order the product of theirs (the orders are coprime: Chinese remainder theorem), so each
    order divides the next.  E.g. (Z/2)⁴ ⊕ (Z/3)² (the 4×4 board with k = 6) is Z/2 ⊕ Z/2 ⊕ Z/6 ⊕ Z/6.  (The
    invariant factors and elementary divisors of a finitely generated abelian group: e.g. Dummit and Foote,
    *Abstract Algebra*, 3rd ed., §5.2.)  Vectors are lists of counts mod k.
    """
    by_prime: dict[int, list[tuple[list[int], int]]] = {}
    for vector, order in generators:
        prime = factorize(order)[0][0]
        by_prime.setdefault(prime, []).append((vector, order))
    width = max((len(members) for members in by_prime.values()), default=0)
    merged: list[tuple[list[int], int]] = []
    for slot in range(width):
        total: list[int] | None = None
        product = 1
        for members in by_prime.values():
            members.sort(key=lambda member: member[1])
            index = slot - (width - len(members))  # each prime's largest orders in the last slots
            if index < 0:
                continue
            vector, order = members[index]
            total = list(vector) if total is None else [(a + b) % k for a, b in zip(total, vector)]
            product *= order
        assert total is not None
        merged.append((total, product))
    return merged


class _Fields:
    """Rows of non-negative entries packed into one int: entry j in the ``bits``-bit field j.

    ``row + c·other`` then updates every entry with one big-int multiply and add instead of a
    Python step each, as long as no entry reaches 2^bits (the caller bounds the growth).
    """

    def __init__(self, bits: int, width: int) -> None:
        self.bits, self.width = bits, width
        self.mask = (1 << bits) - 1
        self.size = width * bits // 8
        # array packs 32- and 64-bit fields at C speed; wider fields (huge moduli) go through bytes.
        self.code = next((code for code in "ILQ" if array(code).itemsize * 8 == bits), None)

    def pack(self, values: Sequence[int]) -> int:
        """The row holding ``values`` (each 0 ≤ value < 2^bits), entry 0 in the lowest field."""
        if self.code is not None:
            return int.from_bytes(array(self.code, values).tobytes(), sys.byteorder)
        step = self.bits // 8
        return int.from_bytes(b"".join(value.to_bytes(step, "little") for value in values), "little")

    def unpack(self, row: int, modulus: int) -> list[int]:
        """The ``width`` entries of ``row``, each reduced mod ``modulus``."""
        if self.code is not None:
            fields = array(self.code)
            fields.frombytes(row.to_bytes(self.size, sys.byteorder))
            return [value % modulus for value in fields]
        data, step = row.to_bytes(self.size, "little"), self.bits // 8
        return [int.from_bytes(data[i : i + step], "little") % modulus for i in range(0, self.size, step)]


def _field_bits(q: int, additions: int) -> int:
    """Field width (a multiple of 32) that holds q − 1 plus ``additions`` products (q − 1)², never carrying into the next field."""
    bound = q + additions * (q - 1) ** 2
    return max(32, -(-bound.bit_length() // 32) * 32)


def _solve_prime_power(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, p: int, e: int) -> tuple[list[int] | None, list[tuple[list[int], int]]]:
    """Solve ``matrix · x ≡ rhs (mod p^e)``: (one solution or None, [(generator, order), ...]) as in :class:`ModularSolution`.

    Row operations only, on packed rows (:class:`_Fields`), in e rounds.  Round v takes as pivots
    entries of valuation exactly v: every entry left to clear has valuation ≥ v then (the rounds
    before took every entry of lower valuation and clearing keeps the rest divisible by p^v), so
    the pivot row, divided by the pivot's unit part, clears its column below it without division by
    a non-unit.  Then T·A = U, where pivot row i has p^(v_i) at its pivot column c_i, zeros at
    c_0..c_(i−1), and every entry divisible by p^(v_i): U = D·S with S's row i = row i / p^(v_i),
    holding 1 at c_i.  A·x ≡ b becomes D·z ≡ T·b with z = S·x: solvable iff every pivot row's
    right-hand side is divisible by its p^(v_i) and the rows without a pivot have 0.  Then
    Gauss–Jordan on S (unit pivots, clearing upwards) solves S·x = z for the particular z and for
    each generator of D's kernel at once: p^(e−v_i)·e_i (order p^(v_i)) for a pivot with v_i > 0,
    and e_j (order p^e) for a column without a pivot.  O(m·min(m, n)) packed row operations, the
    cost of Gauss–Jordan over Z/pZ (each round adds one scan of the columns still without a pivot).

    Entries are reduced mod p^e only where read: a pivot row when chosen, every other row grows
    by at most (p^e − 1)² a pivot, and :func:`_field_bits` makes the fields wide enough for that.
    """
    q = p**e
    m = len(matrix)
    fields = _Fields(_field_bits(q, min(m, columns)), columns + 1)
    mask, bits = fields.mask, fields.bits
    rows = [fields.pack([value % q for value in row] + [rhs[i] % q]) for i, row in enumerate(matrix)]
    pivot_columns: list[int] = []
    valuations: list[int] = []
    pivot_values: list[list[int]] = []  # each pivot row, reduced and scaled to p^v at its pivot
    open_columns = list(range(columns))
    rank = 0
    for valuation in range(e):
        power, finer = p**valuation, p ** (valuation + 1)
        still_open = []
        for column in open_columns:
            shift = column * bits
            pivot = rank
            while pivot < m and not (rows[pivot] >> shift & mask) % finer:
                pivot += 1
            if pivot == m:
                still_open.append(column)
                continue
            rows[rank], rows[pivot] = rows[pivot], rows[rank]
            reduced = fields.unpack(rows[rank], q)
            inverse = pow(reduced[column] // power, -1, q)
            values = [value * inverse % q for value in reduced]
            pivot_row = fields.pack(values)
            for i in range(rank + 1, m):
                factor = (rows[i] >> shift & mask) % q // power
                if factor:
                    rows[i] += (q - factor) * pivot_row
            rows[rank] = pivot_row
            pivot_columns.append(column)
            valuations.append(valuation)
            pivot_values.append(values)
            rank += 1
        open_columns = still_open
    solvable = not any((row >> columns * bits) % q for row in rows[rank:])  # the right-hand sides left: all 0

    # S (each pivot row over its p^v), then z, then one column per generator of a pivot with v > 0.
    raised = [i for i, valuation in enumerate(valuations) if valuation]
    back_fields = _Fields(_field_bits(q, rank), columns + 1 + len(raised))
    back = []
    for i, (values, valuation) in enumerate(zip(pivot_values, valuations)):
        power = p**valuation
        solvable = solvable and values[columns] % power == 0
        extra = [p ** (e - valuation) if j == i else 0 for j in raised]
        back.append(back_fields.pack([value // power for value in values] + extra))
    mask, bits = back_fields.mask, back_fields.bits
    solved: list[list[int]] = [[]] * rank
    for i in reversed(range(rank)):
        solved[i] = back_fields.unpack(back[i], q)
        pivot_row = back_fields.pack(solved[i])
        shift = pivot_columns[i] * bits
        for above in range(i):
            factor = (back[above] >> shift & mask) % q
            if factor:
                back[above] += (q - factor) * pivot_row
    particular: list[int] | None = None
    if solvable:
        particular = [0] * columns  # unknowns without a pivot: 0
        for values, column in zip(solved, pivot_columns):
            particular[column] = values[columns]
    generators: list[tuple[list[int], int]] = []
    for t, i in enumerate(raised):
        vector = [0] * columns
        for values, column in zip(solved, pivot_columns):
            vector[column] = values[columns + 1 + t]
        generators.append((vector, p ** valuations[i]))
    for free in open_columns:
        vector = [0] * columns
        vector[free] = 1
        for values, column in zip(solved, pivot_columns):
            vector[column] = -values[free] % q
        generators.append((vector, q))
    return particular, generators


def solve_mod(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, k: int) -> ModularSolution:
    """Solve ``matrix · x ≡ rhs (mod k)`` exactly, for any k ≥ 2.

    ``matrix`` has len(rhs) rows of ``columns`` entries.  Returns a
    :class:`ModularSolution`.  Cost: O(m·min(m, n)) operations on packed
    rows of n entries per prime-power factor p^e of k (plus e scans of the
    columns; :func:`_solve_prime_power`).  Raises ``ValueError`` for k < 2.
    """
    if k < 2:
        raise ValueError(f"the modulus must be at least 2, not {k}")
    parts = []
    for p, e in factorize(k):
        q = p**e
        # idempotent ≡ 1 (mod q), ≡ 0 (mod k/q): lifts a mod-q vector into Z/kZ.
        cofactor = k // q
        idempotent = cofactor * pow(cofactor, -1, q) % k if cofactor > 1 else 1
        parts.append((q, idempotent, _solve_prime_power(matrix, rhs, columns, p, e)))
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
