"""The solutions of a k > 2 board walked one by one on packed ints, within a deadline.

A solvable board's solutions are x₀ + Σ tᵢ·gᵢ (mod k), 0 ≤ tᵢ < orderᵢ, for the quiet group's
generators gᵢ (:mod:`lightsout.solving.zmod`).  :class:`CosetWalk` visits them in mixed-radix order
of the tᵢ (t₀ counting fastest, a digit that wraps having added orderᵢ·gᵢ ≡ 0 and carrying), each
step adding one generator to every cell at once.

Packing (SWAR, "SIMD within a register"): cell i is the field of bits i·w … i·w + w − 1 of one
int, w = bit_length(2k − 2) + 1: two states below k add up to at most 2k − 2 without reaching the
field's top bit, its *guard*.  A step adds g to x as ints (no carry crosses a field), then adds
2^(w−1) − k to every field: the guard of a field is set exactly where the sum reached k, and k is
taken off there (the guards, shifted down to 1s, times k).  The total presses Σ xᵢ are the
bit counts of each bit plane of the fields, weighted 2^j.  So a step and its total are a dozen
big-int operations at C speed, where a list of states costs one Python step a cell: on a 115×115
torus with 4 states (13 225 cells), 65 536 solutions took 57 s as lists of states.

Fields compare as the vectors do (the last cell most significant), whatever their width, so a
walk's ints sort as the puzzle's packed boards (:mod:`lightsout.model.codec`) would.
"""

from __future__ import annotations

import time

from ..model import codec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

__all__ = ["CosetWalk", "DEADLINE_STEPS"]

DEADLINE_STEPS = 64
"""Steps between two looks at the clock: a step costs microseconds, a look at the clock about one."""


class CosetWalk:
    """The solutions x₀ + Σ tᵢ·gᵢ mod k of one board, in mixed-radix order, as packed ints of w-bit fields.

    ``start`` is x₀ and ``generators`` the (gᵢ, orderᵢ) pairs, as flat lists of ``cells`` counts 0..k − 1.
    """

    def __init__(self, start: Sequence[int], generators: Sequence[tuple[Sequence[int], int]], k: int) -> None:
        self.cells = len(start)
        self.k = k
        self.width = (2 * k - 2).bit_length() + 1
        top = self.width - 1
        ones = ((1 << self.cells * self.width) - 1) // ((1 << self.width) - 1)  # 1 in every field
        self._guards = ones << top
        self._lift = ones * ((1 << top) - k)
        self._planes = [(ones << bit, bit) for bit in range(top)]
        self.start = self.pack(start)
        self._steps = [(self.pack(vector), order) for vector, order in generators]

    def pack(self, counts: Sequence[int]) -> int:
        """``counts`` (each below k) as one int of w-bit fields."""
        return codec.pack(counts, self.width)

    def unpack(self, value: int) -> list[int]:
        """The counts of a packed int of this walk."""
        return codec.unpack(value, self.cells, self.width)

    def total(self, value: int) -> int:
        """Σ of the counts of ``value``: each bit plane's bit count, weighted."""
        return sum((value & plane).bit_count() << bit for plane, bit in self._planes)

    def walk(self, limit: int, deadline: float = float("inf")) -> Iterator[int]:
        """Yield at most ``limit`` solutions, ``start`` first; stop early when ``time.monotonic()`` passes
        ``deadline`` (looked at every :data:`DEADLINE_STEPS` steps, the first time before the second solution)."""
        guards, lift, top, k = self._guards, self._lift, self.width - 1, self.k
        current = self.start
        counters = [0] * len(self._steps)
        for step in range(limit):
            if step:
                if step % DEADLINE_STEPS == 1 and time.monotonic() >= deadline:
                    return
                for index, (vector, order) in enumerate(self._steps):
                    current += vector
                    current -= (((current + lift) & guards) >> top) * k
                    counters[index] += 1
                    if counters[index] < order:
                        break
                    counters[index] = 0
            yield current

    def fewest(self, limit: int, deadline: float = float("inf")) -> tuple[list[int], bool]:
        """The solution with the fewest total presses among the first ``limit`` (the first met on a tie), as
        counts, and whether all ``limit`` were visited before ``deadline``."""
        best, best_total, visited = self.start, self.total(self.start), 0
        for value in self.walk(limit, deadline):
            visited += 1
            total = self.total(value)
            if total < best_total:
                best, best_total = value, total
        return self.unpack(best), visited == limit
