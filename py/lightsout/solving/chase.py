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

Bit order: rows are ints, bit c = column c (:mod:`lightsout.model.rows`).

This module works on row ints alone and imports only :mod:`lightsout.model.rows`
(the command line's LOJ path solves through it and :mod:`lightsout.solving.chebyshev`);
the methods built on it (first-row system, Chebyshev, quiet patterns chased from
their first rows) are in :mod:`lightsout.solving.methods`, the chase order on other
surfaces :mod:`lightsout.solving.chase_plans`.
"""

from __future__ import annotations

from ..model.rows import row_mask

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["chase", "chase_residual", "first_row_matrix"]


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
