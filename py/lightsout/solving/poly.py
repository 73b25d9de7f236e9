"""Polynomials over GF(2) held as Python ints: bit k is the coefficient of y^k.

Addition is XOR, multiplication by y is a left shift; every routine here is
a loop of shifts and XORs on ints, so a polynomial of degree d costs
O(d / w) word operations per step (w = the machine word).
"""

from __future__ import annotations

__all__ = ["degree", "multiply", "divide", "gcd_with_cofactor", "chebyshev_u", "chebyshev_u_mod"]


def degree(p: int) -> int:
    """Degree of ``p`` (−1 for the zero polynomial)."""
    return p.bit_length() - 1


def multiply(a: int, b: int) -> int:
    """Return the carry-less product a·b (shift-and-XOR over the sparser operand's bits)."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    product = 0
    while a:
        low = a & -a
        product ^= b << (low.bit_length() - 1)
        a ^= low
    return product


def divide(a: int, b: int) -> tuple[int, int]:
    """Return (quotient, remainder) of a ÷ b.  Raises ``ZeroDivisionError`` for b = 0."""
    if b == 0:
        raise ZeroDivisionError("polynomial division by zero")
    db = b.bit_length()
    quotient = 0
    while a.bit_length() >= db:
        shift = a.bit_length() - db
        quotient |= 1 << shift
        a ^= b << shift
    return quotient, a


def gcd_with_cofactor(s: int, m: int) -> tuple[int, int]:
    """Return (g, u) with g = gcd(s, m) and u·s ≡ g (mod m), for m ≠ 0.

    A bit-at-a-time extended Euclid: each step cancels the leading term of
    the larger remainder with a shifted copy of the other, carrying the
    cofactor of s along.  At most deg s + deg m + 1 steps.
    """
    # Invariant: big_cofactor·s ≡ big and small_cofactor·s ≡ small (mod m).
    big, big_cofactor = m, 0
    small, small_cofactor = s, 1
    while small:
        shift = big.bit_length() - small.bit_length()
        if shift < 0:
            big, small = small, big
            big_cofactor, small_cofactor = small_cofactor, big_cofactor
            shift = -shift
        big ^= small << shift
        big_cofactor ^= small_cofactor << shift
        if big.bit_length() < small.bit_length():
            big, small = small, big
            big_cofactor, small_cofactor = small_cofactor, big_cofactor
    return big, divide(big_cofactor, m)[1]


def chebyshev_u(n: int) -> int:
    """Return U_n(y) over GF(2): U_0 = 0, U_1 = 1, U_{k+1} = y·U_k + U_{k−1}."""
    previous, current = 0, 1
    if n == 0:
        return 0
    for _ in range(n - 1):
        previous, current = current, (current << 1) ^ previous
    return current


def chebyshev_u_mod(n: int, shift: int, modulus: int) -> int:
    """Return U_n(y + shift) mod ``modulus`` for shift 0 or 1 (O(n) steps on deg-modulus ints).

    Each step multiplies by (y + shift) and reduces once: the product has
    degree at most deg modulus, so one XOR of the modulus suffices.
    """
    if n == 0:
        return 0
    top = modulus.bit_length() - 1
    previous, current = 0, 1
    for _ in range(n - 1):
        following = (current << 1) ^ (current if shift else 0) ^ previous
        if following >> top & 1:
            following ^= modulus
        previous, current = current, following
    return current
