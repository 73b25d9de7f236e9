"""The Chebyshev (polynomial) method: the first-row system solved in GF(2)[y].

Standard plus rule on an R×C plane.  Light chasing (see
:mod:`lightsout.solving.chase`) reduces the board to the C × C first-row system
M·f = c with M = U_{R+1}(T), T = I + A, A the adjacency matrix of a path on
C cells.  Instead of eliminating M (O(C³/w)), identify GF(2)^C with
GF(2)[y]/(U_{C+1}(y)) by e_k ↔ U_k(y) (k = 1..C, i.e. column k−1):

- y·U_k = U_{k+1} + U_{k−1}, so A becomes multiplication by y and T by 1 + y;
- M becomes multiplication by s(y) = U_{R+1}(1 + y) mod U_{C+1}(y).

So M·f = c reads s·r ≡ d (mod m) with m = U_{C+1}, d the image of c, r the
image of f: one extended Euclid.  With g = gcd(s, m) and u·s ≡ g, the board
is solvable iff g divides d, a solution is r = u·(d/g), and the first rows
of the quiet patterns are the images of y^j·(m/g), j < deg g; the nullity is
deg g.  Every step is O(R·C/w) or O(C²/w) word operations, against O(C³/w)
for elimination.  (The identification follows the classical analysis of
σ-game / Lights Out by Chebyshev polynomials over GF(2): Sutner, "σ-automata
and Chebyshev polynomials", Theoret. Comput. Sci. 230 (2000); Hunziker,
Machiavelo and Park, "Chebyshev polynomials over finite fields and
reversibility of σ-automata on square grids", Theoret. Comput. Sci. 320
(2004).)
"""

from __future__ import annotations

from .chase import chase_residual
from .poly import chebyshev_u, chebyshev_u_mod, degree, divide, gcd_with_cofactor, multiply

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["chebyshev_system", "vector_to_poly", "poly_to_vector", "square_nullity"]


def vector_to_poly(vector: int, cols: int) -> int:
    """Return Σ v_k·U_k(y) for the row ``vector`` (bit k−1 = v_k), by Clenshaw's recurrence.

    b_k = v_k + y·b_{k+1} + b_{k+2} from k = C down to 1 gives the sum as b_1
    (U_1 = 1 and U_2 − y·U_1 = 0), in C shift-XOR steps.
    """
    following = after = 0  # b_{k+1}, b_{k+2}
    for k in range(cols - 1, -1, -1):
        current = (vector >> k & 1) ^ (following << 1) ^ after
        after, following = following, current
    return following


def poly_to_vector(p: int, cols: int) -> int:
    """Inverse of :func:`vector_to_poly` for deg p < C: the row whose image is ``p``.

    U_k is monic of degree k−1, so the coefficients come out top-down; U_k is
    generated downwards with U_{k−1} = y·U_k + U_{k+1}.
    """
    upper, current = chebyshev_u(cols + 1), chebyshev_u(cols)  # U_{k+1}, U_k with k = C
    vector = 0
    for k in range(cols, 0, -1):
        if p >> (k - 1) & 1:
            p ^= current
            vector |= 1 << (k - 1)
        upper, current = current, (current << 1) ^ upper
    return vector


def chebyshev_system(lights: Sequence[int], cols: int) -> tuple[int | None, int, list[int]]:
    """Solve the first-row system of ``lights`` (R rows, plus rule, plane) in GF(2)[y].

    Returns ``(first, nullity, quiet_first_rows)``: a first row whose chase
    clears the board (``None`` when unsolvable), the nullity, and the first
    rows of a quiet-pattern basis.
    """
    rows = len(lights)
    modulus = chebyshev_u(cols + 1)  # m = U_{C+1}(y), degree C
    s = chebyshev_u_mod(rows + 1, 1, modulus)  # U_{R+1}(1 + y) mod m
    g, u = gcd_with_cofactor(s, modulus)
    nullity = degree(g)
    cofactor_modulus = divide(modulus, g)[0]  # m / g
    quiet = [poly_to_vector(divide(cofactor_modulus << j, modulus)[1], cols) for j in range(nullity)]
    residual = chase_residual(lights, 0, cols)
    d = vector_to_poly(residual, cols)
    quotient, remainder = divide(d, g)
    if remainder:
        return None, nullity, quiet
    r = divide(multiply(u, quotient), cofactor_modulus)[1]
    return poly_to_vector(r, cols), nullity, quiet


def square_nullity(n: int) -> int:
    """Nullity of the n×n plus-rule game: deg gcd(U_{n+1}(y), U_{n+1}(y + 1)) (OEIS A075462)."""
    modulus = chebyshev_u(n + 1)
    return degree(gcd_with_cofactor(chebyshev_u_mod(n + 1, 1, modulus), modulus)[0])
