"""The fewest-presses search: every exact path against plain enumeration, and the labels when time runs out."""

import math
import random

import lightsout.coset_leader as quiet
from lightsout.methods import fewest_presses
import pytest
from lightsout import Board, solve_board
from lightsout.cli import main
from reference import simulate


def enumerate_coset(start, basis):
    """(least weight, how many vectors have it) over start + span(basis), by listing all 2^k sums."""
    weights = []
    for mask in range(1 << len(basis)):
        vector = start
        for i, b in enumerate(basis):
            if mask >> i & 1:
                vector ^= b
        weights.append(vector.bit_count())
    least = min(weights)
    return least, weights.count(least)


def in_span(vector, basis):
    """True when vector is a sum of some of basis (elimination by top bit, independent of the package)."""
    pivots = {}
    for b in basis:
        while b and b.bit_length() - 1 in pivots:
            b ^= pivots[b.bit_length() - 1]
        if b:
            pivots[b.bit_length() - 1] = b
    while vector and vector.bit_length() - 1 in pivots:
        vector ^= pivots[vector.bit_length() - 1]
    return vector == 0


def independent(rng, bits, k):
    basis = []
    while len(basis) < k:
        candidate = rng.getrandbits(bits)
        if candidate and not in_span(candidate, basis):
            basis.append(candidate)
    return basis


@pytest.mark.parametrize("seed", range(40))
def test_walsh_search_matches_enumeration(seed, monkeypatch):
    rng = random.Random(seed)
    k = rng.randint(1, 10)
    basis = independent(rng, rng.randint(k, 150), k)
    start = rng.getrandbits(basis[0].bit_length() + 3)
    monkeypatch.setattr(quiet, "WALSH_LOW_BITS", rng.randint(1, k))
    best, count, exact = quiet._walsh_search(start, basis, start, math.inf)
    assert exact
    assert (best.bit_count(), count) == enumerate_coset(start, basis)
    assert in_span(best ^ start, basis)


def test_walsh_search_with_32_bit_fields(monkeypatch):
    rng = random.Random(5)
    basis = independent(rng, 40_000, 6)  # 40 000 cells: the sums need 32-bit fields
    start = rng.getrandbits(40_000)
    monkeypatch.setattr(quiet, "WALSH_LOW_BITS", 4)
    best, count, exact = quiet._walsh_search(start, basis, start, math.inf)
    assert exact and (best.bit_count(), count) == enumerate_coset(start, basis)
    assert in_span(best ^ start, basis)


def quiet_board_case(size, cells):
    board = Board(size, size).apply(Board.from_cells(size, size, cells))
    return board, solve_board(board)


def test_each_exact_path_agrees_on_a_nullity_16_board(monkeypatch):
    board, result = quiet_board_case(19, [(3, 4), (10, 10), (0, 18), (12, 2), (7, 7), (15, 1)])
    assert result.nullity == 16
    start, basis = result.presses.flat, [q.flat for q in result.quiet]
    expected = enumerate_coset(start, basis)
    monkeypatch.setattr(quiet, "WALSH_LOW_BITS", 9)  # 128 butterflies in Gray-code order
    best, count, exact = quiet._walsh_search(start, basis, start, math.inf)
    assert exact and (best.bit_count(), count) == expected
    best, count, exact = quiet._branch_and_bound(start, basis, start, math.inf)
    assert exact and (best.bit_count(), count) == expected
    fewest = fewest_presses(result)
    assert fewest.minimal and (fewest.press_count, fewest.optimal_count) == expected
    assert not any(map(any, simulate(board, fewest.presses)))


def test_above_the_direct_nullity_the_branch_and_bound_hands_over_to_the_walsh_search():
    rng = random.Random(11)
    basis = independent(rng, 120, 21)  # random: the branch and bound cannot prove it in its second
    start = rng.getrandbits(120)
    best, count, exact = quiet.minimum_in_coset(start, basis, math.inf)
    assert exact and (best.bit_count(), count) == enumerate_coset(start, basis)
    assert in_span(best ^ start, basis)


def test_nullity_30_puzzle_is_proven_at_once():
    presses = [(2, 5), (10, 40), (23, 23), (30, 7), (44, 46), (46, 0), (17, 31), (5, 19), (38, 12)]
    board, result = quiet_board_case(47, presses)
    assert result.nullity == 30
    fewest = fewest_presses(result, seconds=20)
    assert fewest.minimal and fewest.press_count <= len(presses) and fewest.optimal_count >= 1
    assert not any(map(any, simulate(board, fewest.presses)))


def test_out_of_time_the_best_found_is_labelled_not_proven():
    rng = random.Random(3)
    board = Board(39, 39).apply(Board(39, 39, [rng.getrandbits(39) for _ in range(39)]))
    result = solve_board(board)
    assert result.nullity == 32
    hurried = fewest_presses(result, seconds=0.2)
    assert not hurried.minimal and hurried.optimal_count is None
    assert hurried.press_count <= result.press_count
    assert not any(map(any, simulate(board, hurried.presses)))


def test_cli_says_when_fewest_presses_is_not_proven(tmp_path, capsys):
    rng = random.Random(4)
    board = Board(39, 39).apply(Board(39, 39, [rng.getrandbits(39) for _ in range(39)]))
    path = tmp_path / "board.txt"
    path.write_text("\n".join("".join("#" if row >> c & 1 else "." for c in range(39)) for row in board.lights) + "\n")
    assert main(["solve", str(path), "--minimal", "--seconds", "0.2", "--json"]) == 0
    captured = capsys.readouterr()
    assert "fewest presses not proven" in captured.err and "nullity 32" in captured.err
    assert '"minimal": false' in captured.out


@pytest.mark.parametrize("value", ["soon", "-1", "nan"])
def test_cli_rejects_a_bad_time_budget(tmp_path, capsys, value):
    path = tmp_path / "board.txt"
    path.write_text("#.\n.#\n")
    with pytest.raises(SystemExit) as stop:
        main(["solve", str(path), "--minimal", "--seconds", value])
    assert stop.value.code == 2
    assert "expected a number of seconds >= 0" in capsys.readouterr().err
