import random

import pytest
from board_solve import presses_of, quiet_of, solve_board
from lightsout.solving import poly
from lightsout.model.board import Board
from lightsout.solving.chase import chase_residual, first_row_matrix
from lightsout.solving.chebyshev import poly_to_vector, square_nullity, vector_to_poly
from reference import simulate


def test_chebyshev_u_small_values():
    # U_1..U_5 over GF(2): 1, y, y^2+1, y^3, y^4+y^2+1
    assert [poly.chebyshev_u(k) for k in range(6)] == [0, 1, 0b10, 0b101, 0b1000, 0b10101]


def test_polynomial_arithmetic():
    rng = random.Random(3)
    for _ in range(200):
        a, b = rng.getrandbits(40), rng.getrandbits(30) | 1
        q, r = poly.divide(a, b)
        assert poly.multiply(q, b) ^ r == a and poly.degree(r) < poly.degree(b)
        g, u = poly.gcd_with_cofactor(a % (1 << 29), b | 1 << 30)
        m = b | 1 << 30
        assert poly.divide(poly.multiply(u, a % (1 << 29)), m)[1] == poly.divide(g, m)[1]
        assert poly.divide(m, g)[1] == 0 and poly.divide(a % (1 << 29), g)[1] == 0


@pytest.mark.parametrize("cols", [1, 2, 3, 7, 16, 33])
def test_basis_change_round_trips(cols):
    rng = random.Random(cols)
    for _ in range(50):
        vector = rng.getrandbits(cols)
        image = vector_to_poly(vector, cols)
        assert poly.degree(image) < cols
        assert poly_to_vector(image, cols) == vector


@pytest.mark.parametrize("rows,cols", [(1, 1), (3, 5), (8, 8), (12, 7)])
def test_first_row_matrix_is_multiplication_by_s(rows, cols):
    """The fact the method rests on: M·e_k ↔ s·U_k mod U_{C+1}."""
    modulus = poly.chebyshev_u(cols + 1)
    s = poly.chebyshev_u_mod(rows + 1, 1, modulus)
    for k, column in enumerate(first_row_matrix(rows, cols)):
        assert column == chase_residual([0] * rows, 1 << k, cols)
        image = poly.divide(poly.multiply(s, poly.chebyshev_u(k + 1)), modulus)[1]
        assert vector_to_poly(column, cols) == image


SIZES = [(r, c) for r in range(1, 13) for c in range(1, 13)]


@pytest.mark.parametrize("rows,cols", SIZES)
def test_agrees_with_first_row_and_full_systems_on_every_size_up_to_12(rows, cols):
    rng = random.Random(rows * 100 + cols)
    dark = Board(rows, cols)
    for trial in range(3):
        board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
        if trial == 0:  # one solvable board for sure
            board = dark.apply(board)
        fast = solve_board(board, method="chebyshev")
        reference = solve_board(board, method="first-row-system")
        full = solve_board(board, method="full-system")
        assert fast.solvable == reference.solvable == full.solvable
        assert fast.nullity == reference.nullity == full.nullity
        if fast.solvable:
            assert simulate(board, presses_of(fast)) == [[0] * cols for _ in range(rows)]
        for quiet in quiet_of(fast):
            assert not quiet.is_dark and dark.apply(quiet).is_dark


@pytest.mark.parametrize("seed", range(6))
def test_agrees_on_random_larger_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(13, 90), rng.randint(13, 90)
    target = rng.choice(["off", "on"])
    board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    fast = solve_board(board, target, method="chebyshev")
    reference = solve_board(board, target, method="first-row-system")
    assert (fast.solvable, fast.nullity, fast.rank) == (reference.solvable, reference.nullity, reference.rank)
    if fast.solvable:
        goal = Board.all_on(rows, cols) if target == "on" else Board(rows, cols)
        assert board.apply(presses_of(fast)) == goal


def test_square_nullity_agrees_with_first_row_system_up_to_300():
    for n in range(1, 301):
        expected = solve_board(Board(n, n), method="first-row-system").nullity
        assert square_nullity(n) == solve_board(Board(n, n), method="chebyshev").nullity == expected, n


@pytest.mark.parametrize("n,nullity", [(998, 0), (999, 32), (1000, 0)])
def test_spot_values(n, nullity):
    assert square_nullity(n) == nullity


def test_quiet_patterns_of_999_are_quiet():
    result = solve_board(Board(999, 999))
    assert result.nullity == 32
    dark = Board(999, 999)
    for index in (0, 31):
        quiet = Board.from_flat(999, 999, result.basis[index])
        assert dark.apply(quiet).is_dark and not quiet.is_dark


@pytest.mark.parametrize("rows,cols", [(1000, 1000), (3000, 2000)])
def test_big_boards_are_solved_and_verified(rows, cols):
    rng = random.Random(rows + cols)
    board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    result = solve_board(board)
    assert result.method == "chebyshev"
    reference = solve_board(board, method="first-row-system")
    assert (result.solvable, result.nullity) == (reference.solvable, reference.nullity)
    if result.solvable:
        assert board.apply(presses_of(result)).is_dark
    presses = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    solvable = Board(rows, cols).apply(presses)
    result = solve_board(solvable)
    assert result.solvable and solvable.apply(presses_of(result)).is_dark
