"""Light chasing and the first-row linear system (standard plus rule, plane).

Light chasing (the English Wikipedia page "Lights Out (game)", section
"Light chasing"; Anderson and Feil, "Turning Lights Out with Linear
Algebra", Math. Magazine 71(4), 1998): once the presses of
row r are fixed, the presses of row r+1 are forced — they must be exactly the
lights still on in row r, since nothing else can switch those off.  So the
first row ``f`` decides everything, and the board is solved iff the last row
ends dark.

With rows numbered 1..R, P_0 = 0, P_1 = f and b_i the lights of row i,
chasing computes P_{i+1} = T·P_i + P_{i-1} + b_i where T = I + A and A shifts
a row one column left and right.  P_{R+1} — the lights left in the last row —
is affine in f:  P_{R+1} = M·f + c  with M = U_{R+1}(T), U the GF(2)
Chebyshev-like polynomials U_0 = 0, U_1 = 1, U_{k+1} = y·U_k + U_{k-1}.
Solving the C × C *first-row system* M·f = c by elimination costs O(C³/w)
(the nullity of the n×n game, dim ker M, is OEIS A075462); the Chebyshev
form of M is Sutner's, "σ-automata and Chebyshev polynomials", Theoret.
Comput. Sci. 230 (2000).

Bit order: rows are ints, bit c = column c.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .board import Board
from .rules import Rule, join_rows, row_mask

__all__ = ["chase", "chase_residual", "first_row_matrix", "QuietBasis", "ChasePlan", "chase_plan"]


@dataclass(frozen=True, slots=True)
class ChasePlan:
    """The order of a light chase for the plus rule on some surface.

    ``unknown_rows``: the press rows left as unknowns; ``steps``: (light
    row, press row) pairs in order, each light row's lights deciding the
    presses of that press row (every other press reaching the light row is
    known by then); ``residual_rows``: light rows no press row is left to
    fix, whose lights must come out right; ``twice``: a (light row, press
    row) step whose press row was already forced, whose two values must
    agree (the middle row of an odd projective plane), or None.
    """

    unknown_rows: tuple[int, ...]
    steps: tuple[tuple[int, int], ...]
    residual_rows: tuple[int, ...]
    twice: tuple[int, int] | None = None


def chase_plan(rows: int, cols: int, surface: str) -> ChasePlan | None:
    """How to light-chase the plus rule on an R×C ``surface``, or None where no plan is known.

    Plane: row 0 unknown, light row i forces press row i+1, light row R−1
    remains.  Torus and Klein bottle (R, C ≥ 3): row 0 is reached from row
    R−1, so rows 0 and 1 are unknown and light rows R−1 and 0 remain.
    Projective plane (R ≥ 4, C ≥ 3): a press in column 0 or C−1 of row r
    also reaches row R−1−r, so rows 0 and R−1 are unknown and the chase
    runs from both ends to the middle.
    """
    if surface == "plane":
        return ChasePlan((0,), tuple((i, i + 1) for i in range(rows - 1)), (rows - 1,))
    if surface in ("torus", "klein") and rows >= 3 and cols >= 3:
        return ChasePlan((0, 1), tuple((i, i + 1) for i in range(1, rows - 1)), (rows - 1, 0))
    if surface == "projective" and rows >= 4 and cols >= 3:
        steps = []
        top, bottom = 0, rows - 1
        while bottom - top > 2:
            steps += [(top, top + 1), (bottom, bottom - 1)]
            top, bottom = top + 1, bottom - 1
        if bottom - top == 2:  # odd R: the middle row is forced from both sides, and its own lights remain
            return ChasePlan((0, rows - 1), tuple(steps + [(top, top + 1)]), (top + 1,), (bottom, bottom - 1))
        return ChasePlan((0, rows - 1), tuple(steps), (top, bottom))
    return None


def chase(lights: Sequence[int], first: int, cols: int) -> tuple[list[int], int]:
    """Light-chase ``lights`` (R rows) with first-row presses ``first``.

    Returns ``(presses, residual)``: the R press rows (row 0 = ``first``),
    and the lights left on in the last row (0 when the board is solved).
    Cost: O(R) int operations on C-bit ints.
    """
    mask = row_mask(cols)
    presses = [first]
    above = first  # P_{i-1}
    state = lights[0] ^ first ^ (first << 1 & mask) ^ (first >> 1)
    for i in range(1, len(lights)):
        forced = state  # the lights still on in row i-1 must be pressed from row i
        state = lights[i] ^ above ^ forced ^ (forced << 1 & mask) ^ (forced >> 1)
        presses.append(forced)
        above = forced
    return presses, state


def chase_residual(lights: Sequence[int], first: int, cols: int) -> int:
    """Return only the last-row residual of :func:`chase` (no press list kept)."""
    mask = row_mask(cols)
    above = first
    state = lights[0] ^ first ^ (first << 1 & mask) ^ (first >> 1)
    for i in range(1, len(lights)):
        forced = state
        state = lights[i] ^ above ^ forced ^ (forced << 1 & mask) ^ (forced >> 1)
        above = forced
    return state


def first_row_matrix(rows: int, cols: int) -> list[int]:
    """Return M = U_{R+1}(T), the C × C first-row matrix, as C column ints.

    Column k is the residual left by chasing a dark R×C board with only
    first-row cell k pressed.  M is a polynomial in T, so it commutes with the
    shift A = T − I; from A·e_k = e_{k−1} + e_{k+1} it follows that
    M·e_{k+1} = A·(M·e_k) + M·e_{k−1}.  Hence one chase (O(R)) and C cheap
    steps build all of M, instead of C chases.  M is symmetric, so the
    columns are also its rows.
    """
    mask = row_mask(cols)
    columns = [chase_residual([0] * rows, 1, cols)]
    previous = 0
    for _ in range(cols - 1):
        current = columns[-1]
        following = (current << 1 & mask) ^ (current >> 1) ^ previous
        columns.append(following)
        previous = current
    return columns


class QuietBasis(Sequence[Board]):
    """The quiet patterns of an R×C board, each light-chased from its first row on demand.

    Holds only the ``nullity`` first rows (C bits each); item ``i`` costs one
    chase (O(R) row operations), so a big nullity on a big board costs no
    memory until a pattern is asked for.
    """

    def __init__(self, rows: int, cols: int, rule: Rule, first_rows: Sequence[int]) -> None:
        self._rows, self._cols, self._rule = rows, cols, rule
        self.first_rows = tuple(first_rows)

    def __len__(self) -> int:
        return len(self.first_rows)

    @overload
    def __getitem__(self, index: int) -> Board: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Board]: ...
    def __getitem__(self, index: int | slice) -> Board | Sequence[Board]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        presses, _ = chase([0] * self._rows, self.first_rows[index], self._cols)
        return Board(self._rows, self._cols, presses, self._rule)

    def __iter__(self) -> Iterator[Board]:
        return (self[i] for i in range(len(self)))

    def flats(self) -> Iterator[int]:
        """Yield each quiet pattern as a flat int (bit r·C + c)."""
        for first in self.first_rows:
            yield join_rows(chase([0] * self._rows, first, self._cols)[0], self._cols)
