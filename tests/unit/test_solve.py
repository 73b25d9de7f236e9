import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from board_solve import presses_of, quiet_of, solve_board
from lightsout import METHODS, TooLargeError, analyze
from lightsout.model.board import Board
from lightsout.text.formats import parse_board
from lightsout.solving.gf2 import rank as gf2_rank
from lightsout.solving.methods import first_row_system, full_system
from lightsout.model.puzzle import Puzzle
from reference import DATA, all_boards, naive_solution_table, simulate

FAST_METHODS = ["first-row-enumeration", "full-system", "first-row-system", "chebyshev"]
PLANE_METHODS = [name for name in METHODS if not name.endswith("-chase")]  # the wrapped chases need a wrapped surface
ALL_METHODS = PLANE_METHODS


def check(result, board, target=None):
    """Every solution a test gets is verified by pressing its cells one by one."""
    assert result.presses is not None
    want = target if target is not None else Board(board.rows, board.cols)
    assert simulate(board, presses_of(result)) == [[row >> c & 1 for c in range(board.cols)] for row in want.lights]


SMALL_SIZES = [(r, c) for r in range(1, 4) for c in range(1, 5)]


@pytest.mark.parametrize("rows,cols", SMALL_SIZES)
def test_every_method_agrees_with_naive_enumeration_on_every_small_board(rows, cols):
    table = naive_solution_table(rows, cols)
    # Full enumeration costs 2^(R·C) per board: all boards up to 11 cells, a sample at 12.
    sample = set(random.Random(rows * cols).sample(range(1 << rows * cols), 64)) if rows * cols > 11 else None
    for board in all_boards(rows, cols):
        expected = table.get(board, [])
        methods = ALL_METHODS if sample is None or board.flat in sample else FAST_METHODS
        for name in methods:
            result = solve_board(board, method=name)
            assert result.solvable == bool(expected), (name, board)
            assert result.solution_count == len(expected)
            if expected:
                assert frozenset(presses_of(result).cells()) in expected
                check(result, board)


@pytest.mark.parametrize("seed", range(12))
def test_methods_agree_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(4, 5), rng.randint(4, 6)
    board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    methods = ALL_METHODS if rows * cols <= 20 else FAST_METHODS
    results = [solve_board(board, method=name) for name in methods]
    assert len({(r.solvable, r.rank, r.nullity) for r in results}) == 1
    for result in results:
        assert result.rank + result.nullity == rows * cols
        if result.solvable:
            check(result, board)


# Nullity of the n×n plus-rule game, n = 1..20 (OEIS A075462).
PUBLISHED_NULLITY = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]


@pytest.mark.parametrize("n", range(1, 21))
def test_square_nullity_matches_published_sequence(n):
    assert analyze(n, n).nullity == PUBLISHED_NULLITY[n - 1]


@pytest.mark.parametrize("n", [4, 5, 9, 11])
def test_full_system_nullity_agrees_with_first_row_system(n):
    assert len(full_system(Puzzle(n, n), 0).quiet) == PUBLISHED_NULLITY[n - 1]


def test_quiet_patterns_are_quiet_and_independent():
    for n in (4, 5, 9, 11, 16):
        analysis = analyze(n, n)
        dark = Board(n, n)
        for flat in analysis.quiet:
            quiet = Board.from_flat(n, n, flat)
            assert not quiet.is_dark
            assert dark.apply(quiet).is_dark
        assert gf2_rank(list(analysis.quiet), n * n) == analysis.nullity


def test_tv_show_board_has_exactly_one_solution():
    board = parse_board((DATA / "tv-show-8x8.txt").read_text()).board
    assert board.lit_count == 24
    result = solve_board(board)
    assert result.nullity == 0 and result.solution_count == 1
    check(result, board)
    assert result.minimal


def test_targets_all_on_and_any_board():
    board = Board(5, 5)
    result = solve_board(board, "on")
    check(result, board, Board.all_on(5, 5))
    rng = random.Random(7)
    start = Board(6, 6, [rng.getrandbits(6) for _ in range(6)])
    target = Board(6, 6, [rng.getrandbits(6) for _ in range(6)])
    result = solve_board(start, target)
    check(result, start, target)


def test_unsolvable_board_reports_no_solution():
    board = Board.from_cells(5, 5, [(0, 0)])  # overlaps one quiet pattern oddly
    for name in ALL_METHODS[1:]:
        result = solve_board(board, method=name)
        assert not result.solvable and result.solution_count == 0 and result.nullity == 2


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.randoms())
def test_two_solutions_differ_by_a_quiet_pattern(rows, cols, rng):
    presses = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    board = Board(rows, cols).apply(presses)  # solvable by construction
    result = solve_board(board)
    check(result, board)
    difference = presses_of(result) ^ presses
    assert Board(rows, cols).apply(difference).is_dark
    basis = [q.flat for q in quiet_of(result)]
    assert gf2_rank(basis + [difference.flat], rows * cols) == len(basis)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.randoms())
def test_solvable_iff_orthogonal_to_every_quiet_pattern(rows, cols, rng):
    board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    analysis = analyze(rows, cols)
    orthogonal = all((board.flat & q).bit_count() % 2 == 0 for q in analysis.quiet)
    assert solve_board(board).solvable == orthogonal


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 3), (4, 4), (3, 5), (5, 5)])
def test_fewest_presses_is_the_exhaustive_minimum(rows, cols):
    rng = random.Random(rows * 10 + cols)
    table = naive_solution_table(rows, cols) if rows * cols <= 16 else {}
    for _ in range(6):
        presses = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
        board = Board(rows, cols).apply(presses)
        expected = min(len(s) for s in table[board]) if table else None
        result = solve_board(board, minimal=True)
        check(result, board)
        assert result.minimal
        if expected is not None:
            assert result.press_total == expected
        else:
            assert result.press_total == min(s.bit_count() for s in result.solutions(result.solution_count))
            assert result.solution_count == len(result.solutions(result.solution_count))


def test_all_solutions_lists_each_solution_once():
    board = Board(4, 4).apply(Board.from_cells(4, 4, [(0, 0), (2, 3)]))
    result = solve_board(board)
    solutions = [Board.from_flat(4, 4, flat) for flat in result.solutions(1024)]
    assert len(solutions) == 16 == len(set(solutions))
    expected = set(naive_solution_table(4, 4)[board])
    assert {frozenset(s.cells()) for s in solutions} == expected
    assert len(result.solutions(5)) == 5


def test_enumeration_methods_refuse_big_boards():
    with pytest.raises(TooLargeError, match=r"full_enumeration_cells \(20\) cells"):
        solve_board(Board(5, 5), method="full-enumeration")
    with pytest.raises(TooLargeError, match="columns"):
        solve_board(Board(21, 21), method="first-row-enumeration")
    with pytest.raises(ValueError, match="unknown method"):
        solve_board(Board(2, 2), method="magic")


def test_first_row_system_on_large_board_is_verified():
    rng = random.Random(99)
    rows, cols = 120, 90
    presses = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)])
    board = Board(rows, cols).apply(presses)
    found = first_row_system(Puzzle(rows, cols), board.flat)
    assert found.presses is not None and board.apply(Board.from_flat(rows, cols, found.presses)).is_dark


@pytest.mark.parametrize("seed", range(6))
def test_blocked_elimination_gives_the_column_by_column_answer(seed, monkeypatch):
    # From BLOCK_ROWS rows on the columns are cleared a block at a time (Four Russians); the reduced
    # echelon form is unique, so a consistent system gets the same particular solution and null basis.
    import lightsout.solving.gf2 as gf2

    rng = random.Random(seed)
    rows, columns = rng.randint(gf2.BLOCK_ROWS, 300), rng.randint(1, 300)
    kind = seed % 3
    if kind == 0:  # dense
        matrix = [rng.getrandbits(columns) for _ in range(rows)]
    elif kind == 1:  # sparse: many columns without a pivot inside a block
        matrix = [sum(1 << rng.randrange(columns) for _ in range(3)) for _ in range(rows)]
    else:  # low rank: few pivots, many zero rows left
        basis = [rng.getrandbits(columns) for _ in range(20)]
        matrix = []
        for _ in range(rows):
            row = 0
            for vector in basis:
                row ^= vector if rng.getrandbits(1) else 0
            matrix.append(row)
    x = rng.getrandbits(columns)
    rhs = sum(((row & x).bit_count() & 1) << i for i, row in enumerate(matrix))
    blocked = gf2.solve_linear(matrix, rhs, columns)
    monkeypatch.setattr(gf2, "BLOCK_ROWS", rows + 1)
    assert blocked == gf2.solve_linear(matrix, rhs, columns)
    assert blocked.particular is not None
    assert all((row & blocked.particular).bit_count() & 1 == rhs >> i & 1 for i, row in enumerate(matrix))
    assert all((row & q).bit_count() % 2 == 0 for q in blocked.null_basis for row in matrix)
    assert blocked.rank == gf2_rank(matrix, columns) and blocked.rank + blocked.nullity == columns
