"""The Z/kZ elimination (lightsout.solving.zmod) against brute force and a Smith normal form: every solution multiplied out."""

import itertools
import json
import math
import random
import sys

import pytest

from lightsout.api import handle
from lightsout.solving.zmod import _solve_prime_power, factorize, solve_mod
from reference import pack, smith_solve, unpack

MODULI = [4, 8, 9, 12, 27, 36, 252]
"""k with a prime-power factor (252 = 4·9·7, the costliest k the engine takes), beside primes below."""


def times(matrix, vector, k):
    return [sum(a * x for a, x in zip(row, vector)) % k for row in matrix]


def random_system(rng, rows, cols, k):
    """A rows × cols matrix mod k whose entries are often multiples of k's primes, its rank often short, and two right-hand sides (one solvable)."""
    divisors = [d for d in range(1, k + 1) if k % d == 0]
    matrix = [[rng.choice(divisors) * rng.randrange(k) % k if rng.random() < 0.7 else 0 for _ in range(cols)] for _ in range(rows)]
    for _ in range(rng.randint(0, rows // 2)):  # some rows are combinations of others
        a, b = rng.randrange(rows), rng.randrange(rows)
        weight_a, weight_b = rng.randrange(k), rng.randrange(k)
        matrix[rng.randrange(rows)] = [(weight_a * u + weight_b * v) % k for u, v in zip(matrix[a], matrix[b])]
    solvable_rhs = times(matrix, [rng.randrange(k) for _ in range(cols)], k)
    return matrix, [solvable_rhs, [rng.randrange(k) for _ in range(rows)]]


def spanned(particular, generators, k):
    """Every particular + Σ t_i·g_i, 0 ≤ t_i < order_i, as a list (with repeats, if any)."""
    out = []
    for steps in itertools.product(*(range(order) for _, order in generators)):
        vector = list(particular)
        for t, (generator, _) in zip(steps, generators):
            vector = [(x + t * g) % k for x, g in zip(vector, generator)]
        out.append(tuple(vector))
    return out


@pytest.mark.parametrize("k", [2, 3, 5, *MODULI])
def test_every_solution_of_small_systems_against_brute_force(k):
    rng = random.Random(k)
    checked = 0
    while checked < 40:
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        if k**cols > 70_000:
            continue
        matrix, right_hand_sides = random_system(rng, rows, cols, k)
        for rhs in right_hand_sides:
            everything = {x for x in itertools.product(range(k), repeat=cols) if times(matrix, x, k) == rhs}
            found = solve_mod(matrix, rhs, cols, k)
            assert found.solvable == bool(everything) and found.solution_count == len(everything)
            assert found.kernel_size == sum(1 for x in itertools.product(range(k), repeat=cols) if not any(times(matrix, x, k)))
            if everything:
                assert times(matrix, found.particular, k) == rhs
                every = spanned(found.particular, found.generators, k)
                assert len(every) == len(set(every)) and set(every) == everything  # each solution once
            checked += 1


def exact_order(vector, order, k):
    """Whether ``order`` (a prime power) is the additive order of ``vector`` mod k."""
    [(p, _)] = factorize(order)
    return all(value * order % k == 0 for value in vector) and any(value * (order // p) % k for value in vector)


@pytest.mark.parametrize("k", [4, 8, 9, 27, 243, 2, 7, 251])
def test_prime_powers_agree_with_the_smith_normal_form(k):
    # Larger systems than brute force reaches: the same solvability and module structure as the
    # Smith form, every vector multiplied out, each generator of exactly its order, and the
    # generators independent (the relations Σ t_i·g_i = 0 are only t_i ≡ 0 mod order_i).
    [(p, e)] = factorize(k)
    rng = random.Random(k)
    for _ in range(15):
        rows, cols = rng.randint(1, 24), rng.randint(1, 24)
        matrix, right_hand_sides = random_system(rng, rows, cols, k)
        for rhs in right_hand_sides:
            particular, generators = _solve_prime_power(matrix, rhs, cols, p, e)
            smith_particular, smith_generators = smith_solve(matrix, rhs, cols, p, e)
            assert (particular is None) == (smith_particular is None)
            assert sorted(order for _, order in generators) == sorted(order for _, order in smith_generators)
            if particular is not None:
                assert times(matrix, particular, k) == [value % k for value in rhs]
            for vector, order in generators:
                assert not any(times(matrix, vector, k)) and exact_order(vector, order, k)
            if generators:
                relations = [[vector[i] for vector, _ in generators] for i in range(cols)]
                _, kernel = smith_solve(relations, [0] * cols, len(generators), p, e)
                assert math.prod(order for _, order in kernel) == math.prod(k // order for _, order in generators)


@pytest.mark.parametrize("k", [15, 36, 252, 255])
def test_composite_moduli_agree_with_the_smith_normal_form_of_each_factor(k):
    # Z/kZ splits by CRT: solvable iff solvable mod every p^e, the kernel the sum of theirs.
    rng = random.Random(k)
    for _ in range(10):
        rows, cols = rng.randint(1, 16), rng.randint(1, 16)
        matrix, right_hand_sides = random_system(rng, rows, cols, k)
        for rhs in right_hand_sides:
            found = solve_mod(matrix, rhs, cols, k)
            factors = [smith_solve(matrix, rhs, cols, p, e) for p, e in factorize(k)]
            assert found.solvable == all(particular is not None for particular, _ in factors)
            assert found.elementary_divisors == sorted(order for _, generators in factors for _, order in generators)
            if found.solvable:
                assert times(matrix, found.particular, k) == [value % k for value in rhs]
            for vector, order in found.generators:
                assert not any(times(matrix, vector, k)) and exact_order(vector, order, k)


@pytest.mark.parametrize("k", [4, 9, 243, 251, 252])
def test_a_dense_400_unknown_system(k):
    # Dense rows: the packed fields grow by up to (p^e − 1)² a pivot and must never reach the next field.
    rng = random.Random(k)
    n = 400
    matrix = [[rng.randrange(k) for _ in range(n)] for _ in range(n - 3)]
    for _ in range(3):  # rank n − 3 (mod every prime): three rows are combinations of others
        a, b = rng.sample(matrix[: n - 3], 2)
        matrix.append([(2 * u + 3 * v) % k for u, v in zip(a, b)])
    x = [rng.randrange(k) for _ in range(n)]
    rhs = times(matrix, x, k)
    found = solve_mod(matrix, rhs, n, k)
    assert found.solvable and times(matrix, found.particular, k) == rhs
    assert math.prod(found.elementary_divisors) % k == 0
    for vector, _ in found.generators:
        assert not any(times(matrix, vector, k))


def test_fields_wider_than_64_bits():
    # q = (2³¹ − 1)²: a pivot adds up to (q − 1)² ≈ 2¹²⁴ to a field, so rows are packed in 160-bit fields.
    p = (1 << 31) - 1
    rng = random.Random(5)
    matrix = [[rng.randrange(p * p) if rng.random() < 0.5 else p * rng.randrange(p) for _ in range(9)] for _ in range(8)]
    x = [rng.randrange(p * p) for _ in range(9)]
    rhs = times(matrix, x, p * p)
    particular, generators = _solve_prime_power(matrix, rhs, 9, p, 2)
    smith_particular, smith_generators = smith_solve(matrix, rhs, 9, p, 2)
    assert particular is not None and times(matrix, particular, p * p) == rhs
    assert sorted(order for _, order in generators) == sorted(order for _, order in smith_generators)
    for vector, _ in generators:
        assert not any(times(matrix, vector, p * p))


def python_steps(function, *args):
    """The lines lightsout.solving.zmod runs during function(*args): its work in Python steps, whatever the machine's load."""
    steps = 0

    def local(frame, event, arg):
        nonlocal steps
        steps += event == "line"
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename.endswith("zmod.py") else None

    sys.settrace(calls)
    try:
        function(*args)
    finally:
        sys.settrace(None)
    return steps


def test_prime_powers_take_python_steps_quadratic_in_the_size():
    # Packed rows: O(n²) Python steps for n unknowns, each a big-int operation on a whole row (the
    # Smith normal form on lists took O(n³): 14.5 s for the densest 400-cell graph with k = 252).
    # Doubling n must not multiply the steps by much more than 4 (n³ would give 8).
    rng = random.Random(252)
    steps = []
    for n in (40, 80):
        matrix = [[rng.randrange(252) for _ in range(n)] for _ in range(n)]
        steps.append(python_steps(solve_mod, matrix, [1] * n, n, 252))
    assert steps[1] < 5 * steps[0], steps


def test_the_densest_400_cell_graph_with_252_states():
    # The worst case of full_system_cells (docs/limits.md): 163 presses a cell, k = 252 = 4·9·7.
    rng = random.Random(252)
    k, n = 252, 400
    presses = [sorted({i, *rng.sample(range(n), 162)}) for i in range(n)]
    counts = [rng.randrange(k) for _ in range(n)]
    lights = [0] * n
    for cell, count in enumerate(counts):
        for light in presses[cell]:
            lights[light] = (lights[light] + count) % k
    reply = json.loads(handle(json.dumps({"op": "solve", "graph": {"cells": n, "k": k, "presses": presses}, "board": pack(1, n, lights, k)})))
    assert reply["ok"] and reply["solvable"], reply
    found = unpack(reply["solution"], k)[2]
    for cell, count in enumerate(found):  # pressing the answer darkens the board
        for light in presses[cell]:
            lights[light] = (lights[light] + count) % k
    assert lights == [0] * n
