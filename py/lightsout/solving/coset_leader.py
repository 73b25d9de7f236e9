"""The coset-leader search: the fewest presses among all solutions of a two-state board.

The solutions of a solvable board over GF(2) are the coset x + Q of the
space Q of quiet patterns (press patterns that change no light), so the
solution with the fewest presses is a *coset leader*: a vector of least
weight in x + Q.  Finding one is the coset-leader (minimum-distance
decoding) problem of coding theory, NP-hard in general (Berlekamp, McEliece
and van Tilborg, "On the inherent intractability of certain coding
problems", IEEE Trans. Inform. Theory 24(3), 1978), so the exact searches
here all visit the 2^nullity vectors, only faster than one at a time.

Vectors are ints, bit i = cell i.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Sequence

from ..names import EXACT_NULLITY, SEARCH_SECONDS

__all__ = [
    "minimum_in_coset",
    "EXACT_NULLITY",
    "SEARCH_SECONDS",
]

GRAY_NULLITY = 10
"""Up to this nullity the 2^k solutions are simply visited in Gray-code order."""

DIRECT_NULLITY = 20
"""Up to this nullity the Walsh search runs at once (≈ 0.1 s); above it the
branch and bound gets the first :data:`BRANCH_SHARE` of the time budget."""

BRANCH_SHARE = 0.25
"""Share of the budget the branch and bound gets before the Walsh search ..."""

BRANCH_SECONDS = 1.0
"""... and at most this many seconds of it (the budget may be infinite)."""

WALSH_LOW_BITS = 14
"""Coefficients the Walsh search handles per butterfly (2^14 solutions at a time)."""

_GROUPED_LEVELS = 6
"""Bottom levels of the branch-and-bound tree that use the grouped lower bound."""


def minimum_in_coset(start: int, basis: Sequence[int], seconds: float = SEARCH_SECONDS) -> tuple[int, int | None, bool]:
    """Find a vector of least weight in ``start + span(basis)`` over GF(2).

    ``start`` and the k vectors of ``basis`` are ints, bit i = cell i; the
    basis must be linearly independent.  Returns ``(best, minimal_count,
    exact)``: the lightest vector found, the number of vectors of that weight
    in the coset (None unless exact), and whether ``best`` is proven lightest.
    ``seconds`` bounds the search for k > :data:`GRAY_NULLITY`.

    The problem is the coset-leader problem of coding theory (NP-hard in
    general), so every exact method here visits the 2^k vectors, only faster
    than one at a time:

    - k ≤ :data:`GRAY_NULLITY`: Gray-code order, one XOR and one bit count each;
    - a depth-first branch and bound (:func:`_branch_and_bound`), which proves
      small optima (a puzzle made by a few presses) at once;
    - the Walsh search (:func:`_walsh_search`): for each setting of the other
      coefficients, a fast Walsh–Hadamard-style butterfly gives the weights of
      all 2^14 settings of the first 14 in one pass over packed integers,
      about 50–60 ns per vector in CPython against 195 ns for Gray code.

    Up to :data:`DIRECT_NULLITY` the Walsh search runs alone; above it the
    branch and bound gets :data:`BRANCH_SHARE` of the budget (at most
    :data:`BRANCH_SECONDS`) first and the Walsh search, started from its
    best, the rest.  ``seconds`` may be ``math.inf``.
    """
    k = len(basis)
    if k <= GRAY_NULLITY:
        best, every = _gray_search(start, basis)
        return best, every, True
    deadline = time.monotonic() + seconds
    incumbent = _greedy(start, basis)
    if k > DIRECT_NULLITY:
        branch_deadline = time.monotonic() + min(seconds * BRANCH_SHARE, BRANCH_SECONDS)
        incumbent, count, exact = _branch_and_bound(start, basis, incumbent, branch_deadline)
        if exact:
            return incumbent, count, True
    return _walsh_search(start, basis, incumbent, deadline)


def _gray_search(start: int, basis: Sequence[int]) -> tuple[int, int]:
    """Visit all of ``start + span(basis)`` in Gray-code order; return (lightest, how many)."""
    best, best_weight, count = start, start.bit_count(), 1
    current = start
    for step in range(1, 1 << len(basis)):
        current ^= basis[(step & -step).bit_length() - 1]
        weight = current.bit_count()
        if weight < best_weight:
            best, best_weight, count = current, weight, 1
        elif weight == best_weight:
            count += 1
    return best, count


def _branch_and_bound(start: int, basis: Sequence[int], incumbent: int, deadline: float) -> tuple[int, int | None, bool]:
    """Depth-first branch and bound over the coefficients of ``basis``.

    At depth d the cells untouched by basis[d:] are fixed; in the last
    :data:`_GROUPED_LEVELS` levels the remaining cells fall into groups that
    flip together, each costing at least min(lit, unlit).  A subtree whose
    bound exceeds the incumbent's weight is cut.  Strong when the minimum is
    small; hopeless for a random board of large nullity, whose quiet patterns
    each cover a quarter of it (the bound only bites in the last levels).
    Returns ``(best, count, exact)``; exact is False when ``deadline``
    (time.monotonic()) passed first.
    """
    k = len(basis)
    suffix = [0] * (k + 1)
    for d in range(k - 1, -1, -1):
        suffix[d] = suffix[d + 1] | basis[d]
    groups: dict[int, list[tuple[int, int]]] = {}
    for d in range(max(0, k - _GROUPED_LEVELS), k):
        groups[d] = [(mask, mask.bit_count()) for mask in _cell_groups(basis[d:], suffix[d]).values()]
    # An explicit stack, not recursion: the depth is the nullity, which reaches the
    # thousands (a 40×40 board with 1 000 don't-care cells; a graph whose presses
    # all light one cell), far past Python's recursion limit.  It holds at most one
    # pending sibling per level, k + 1 entries.
    full = (1 << max(v.bit_length() for v in (start, incumbent, *basis))) - 1
    fixed = suffix  # in place (k + 1 board-sized ints): the cells no coefficient from depth d on changes
    for d, cells in enumerate(suffix):
        fixed[d] = full & ~cells
    grouped = [groups.get(d, ()) for d in range(k)]
    best, best_weight, count = incumbent, incumbent.bit_count(), 0
    stack = [(0, start)]
    pop, push, now = stack.pop, stack.append, time.monotonic
    while stack:
        depth, vector = pop()
        while depth < k:  # down the branch that leaves coefficient `depth` at 0; the other waits on the stack
            bound = (vector & fixed[depth]).bit_count()
            for mask, size in grouped[depth]:
                lit = (vector & mask).bit_count()
                bound += min(lit, size - lit)
            if bound > best_weight:
                break
            if now() > deadline:  # ~50 ns, small next to a node's bit counts
                return best, None, False
            push((depth + 1, vector ^ basis[depth]))
            depth += 1
        else:
            weight = vector.bit_count()
            if weight < best_weight:
                best, best_weight, count = vector, weight, 1
            elif weight == best_weight:
                count += 1
    return best, count, True


def _cell_groups(vectors: Sequence[int], cells: int) -> dict[int, int]:
    """Split ``cells`` (a bit set) by signature: bit i of a cell's signature = its bit in vectors[i].

    Returns {signature: cells with it}; signatures absent from ``cells`` are left out.
    """
    groups = {0: cells} if cells else {}
    for i, vector in enumerate(vectors):
        split: dict[int, int] = {}
        for signature, members in groups.items():
            inside = members & vector
            if inside:
                split[signature | 1 << i] = inside
            if inside != members:
                split[signature] = members ^ inside
        groups = split
    return groups


def _walsh_search(start: int, basis: Sequence[int], incumbent: int, deadline: float) -> tuple[int, int | None, bool]:
    """Visit all of ``start + span(basis)``, 2^m vectors per butterfly.

    Split the coefficients into the first m = min(k, :data:`WALSH_LOW_BITS`)
    ("low", a) and the others ("high", b).  For each b, in Gray-code order,
    y = start + Σ b_j·basis[m + j]; the cells fall into groups by their
    signature u (bit i = the cell's bit in basis[i], i < m), and adding
    Σ a_i·basis[i] flips exactly the groups with an odd a·u.  So the weight
    of y + Σ a_i·basis[i] is Σ_u (lit_u if a·u is even else size_u − lit_u),
    which a butterfly over the m bits of u — the fast Walsh–Hadamard
    transform (Yates's method) in its 0/1 form — gives for all 2^m values of
    a at once: level i pairs the sums of u with bit i clear (lo) and set (hi)
    into lo + hi (a_i = 0) and lo + size_hi − hi (a_i = 1).  The 2^m sums
    live in one int as 16-bit fields (32-bit past 32767 cells), so a level is
    eight big-int operations.  A final add against a packed threshold tells,
    without unpacking, whether any sum is at most the best so far.

    Returns ``(best, count, exact)`` as :func:`minimum_in_coset`; exact is
    False when ``deadline`` (time.monotonic()) passed first.
    """
    k = len(basis)
    m = min(k, WALSH_LOW_BITS)
    low, high = basis[:m], basis[m:]
    width = max(v.bit_length() for v in (start, incumbent, *basis))
    groups = list(_cell_groups(low, (1 << width) - 1).items())
    bits = 16 if width < 1 << 15 else 32
    code = next(code for code in "HIL" if array(code).itemsize == bits // 8)
    fields = 1 << m

    def pack(values: Sequence[int]) -> int:
        return int.from_bytes(array(code, values).tobytes(), sys.byteorder)

    sizes = [0] * fields
    for signature, members in groups:
        sizes[signature] = members.bit_count()
    levels: list[tuple[int, int, int]] = []  # (shift, mask of the lo fields, partner sizes)
    packed_sizes = pack(sizes)
    for i in range(m):
        shift = bits << i
        lo_mask = (1 << shift) - 1
        span = 2 * shift
        while span < fields * bits:
            lo_mask |= lo_mask << span
            span *= 2
        lo, hi = packed_sizes & lo_mask, (packed_sizes >> shift) & lo_mask
        levels.append((shift, lo_mask, hi))
        packed_sizes = (lo + hi) | ((lo + hi) << shift)
    ones = pack([1] * fields)
    top = ones << (bits - 1)

    best, best_weight, count = incumbent, incumbent.bit_count(), 0
    lit = array(code, bytes(fields * bits // 8))
    vector = start
    for step in range(1 << (k - m)):
        if step:
            vector ^= high[(step & -step).bit_length() - 1]
            if time.monotonic() > deadline:
                return best, None, False
        for signature, members in groups:
            lit[signature] = (vector & members).bit_count()
        weights = int.from_bytes(lit.tobytes(), sys.byteorder)
        for shift, lo_mask, partner_sizes in levels:
            lo = weights & lo_mask
            hi = (weights >> shift) & lo_mask
            weights = (lo + hi) | ((lo + partner_sizes - hi) << shift)
        # A field f ≤ best_weight leaves the top bit of f + 2^(bits-1) - best_weight - 1 clear.
        if (weights + top - (best_weight + 1) * ones) & top == top:
            continue
        unpacked = array(code)
        unpacked.frombytes(weights.to_bytes(fields * bits // 8, sys.byteorder))
        lightest = min(unpacked)
        if lightest < best_weight:
            best_weight, count = lightest, 0
            best = vector
            a = unpacked.index(lightest)
            for i in range(m):
                if a >> i & 1:
                    best ^= low[i]
        count += unpacked.count(best_weight)
    return best, count, True


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
