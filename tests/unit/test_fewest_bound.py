"""A solution is `minimal` when a lower bound proves it, not only when the coset-leader search finishes.

Every solution's presses add at least Σ (goal − light) mod k to the relevant lights (the lit ones for
k = 2), and one press adds at most m to them (m: the most any press adds to relevant lights, mod k each),
so a solution has at least ⌈Σ / m⌉ presses, and at least one for a board not at its goal.  A solution of
that many presses is the fewest whatever the search found in its time.  The bound is checked against
brute force on every small puzzle here (a wrong bound would call a solution fewest that is not)."""

import itertools
import json
import random

import pytest

from lightsout.api import handle
from lightsout.model.graph import Graph
from lightsout.model.puzzle import Puzzle, apply
from lightsout.model.rules import parse_rule
from lightsout.solving.solver import presses_lower_bound, solve
from reference import STENCILS, naive_apply, pack, unpack


def call(**request):
    return json.loads(handle(json.dumps(request)))


def paired_graph(cells):
    """Cells 2i and 2i + 1 each light both: every press has a twin, so the nullity is cells / 2."""
    return {"cells": cells, "presses": [[i - i % 2, i - i % 2 + 1] for i in range(cells)]}


@pytest.mark.parametrize("minimal", [True, False])
def test_one_press_from_the_goal_on_a_1200_cell_graph_is_proven_fewest(minimal):
    # nullity 600: the search has no time (seconds 0) and proves nothing; one press is the fewest for a board not at its goal.
    graph = paired_graph(1200)
    board = pack(1, 1200, [1, 1] + [0] * 1198)
    reply = call(op="solve", graph=graph, board=board, minimal=minimal, seconds=0)
    assert reply["ok"] and reply["solvable"] and reply["nullity"] == 600, reply
    assert reply["presses"] == 1 and reply["minimal"] is True
    assert call(op="verify", graph=graph, board=board, presses=reply["solution"]) == {"ok": True, "solved": True, "lit": 0}


def test_a_board_each_press_clears_one_light_of_needs_as_many_presses_as_lights():
    # 40 relevant cells, each press lights one of them and its don't-care twin; the twins' own presses
    # light the twin alone (quiet on the relevant lights): nullity 40, 40 lit lights, 40 presses.
    relevant = 40
    presses = [[i, relevant + i] for i in range(relevant)] + [[relevant + i] for i in range(relevant)]
    graph = {"cells": 2 * relevant, "presses": presses}
    board = pack(1, 2 * relevant, [1] * relevant + [0] * relevant)
    dont_care = pack(1, 2 * relevant, [0] * relevant + [1] * relevant)
    reply = call(op="solve", graph=graph, board=board, dont_care=dont_care, minimal=True, seconds=0)
    assert reply["ok"] and reply["nullity"] == relevant and reply["presses"] == relevant, reply
    assert reply["minimal"] is True
    verified = call(op="verify", graph=graph, board=board, dont_care=dont_care, presses=reply["solution"])
    assert verified == {"ok": True, "solved": True, "lit": 0}


def test_k_states_beyond_the_fewest_search_are_proven_by_the_bound():
    # k = 3, 40 cells in twin pairs: 3^20 solutions, more than the 65 536 the search visits.  One press
    # lights its pair with 1; the goal (off) needs 2 more on each, so two presses of one cell are the fewest.
    graph = {**paired_graph(40), "k": 3}
    board = pack(1, 40, [1, 1] + [0] * 38, 3)
    reply = call(op="solve", graph=graph, board=board, k=3, minimal=True)
    assert reply["ok"] and reply["solutions"] == str(3**20), reply
    assert reply["presses"] == 2 and reply["minimal"] is True
    counts = unpack(reply["solution"], 3)[2]
    assert sum(counts) == 2
    assert call(op="verify", graph=graph, board=board, k=3, presses=reply["solution"])["solved"]


def test_a_grid_of_disjoint_pluses_is_proven_by_lit_lights_over_five():
    # The 30x30 torus, nullity 24: the search finds the 100 presses at once (branch and bound, in 0.01 s
    # here) but needs about 1 s to visit its 2^24 solutions; presses 3 apart never overlap, so 5 lit lights a
    # press, and lit / 5 presses are the fewest.
    rule = parse_rule("plus").on_surface("torus")
    puzzle = Puzzle(30, 30, 2, rule)
    pressed = [r * 30 + c for r in range(1, 30, 3) for c in range(1, 30, 3)]
    lights = apply(puzzle, 0, sum(1 << cell for cell in pressed))
    assert lights.bit_count() == 5 * len(pressed)
    assert presses_lower_bound(puzzle, lights) == len(pressed)
    # Proven by the bound as soon as the 100 presses are found (0.01 s here), long before the budget
    # ends on any machine (the 2^24 solutions take about 1 s to visit).
    result = solve(puzzle, lights, minimal=True, seconds=5.0)
    assert result.nullity > 20 and result.press_total == len(pressed) and result.minimal
    assert apply(puzzle, lights, result.presses) == 0


def brute_force_fewest(puzzle, lights, effects):
    """The fewest total presses of any solution, by trying every press-count vector (None: unsolvable).

    ``effects[i]``: what one press of cell i adds to each light (from :func:`reference.naive_apply` or the
    graph's press sets: no code of the solvers)."""
    k, cells = puzzle.k, puzzle.cells
    states, goal = puzzle.states(lights), puzzle.states(puzzle.target_board())
    relevant = [i for i in range(cells) if puzzle.relevant >> i & 1]
    buttons = [i for i in range(cells) if not puzzle.holes >> i & 1]
    best = None
    for counts in itertools.product(range(k), repeat=len(buttons)):
        total = sum(counts)
        if best is not None and total >= best:
            continue
        after = list(states)
        for button, count in zip(buttons, counts):
            for light, added in enumerate(effects[button]):
                after[light] += count * added
        if all((after[i] - goal[i]) % k == 0 for i in relevant):
            best = total
    return best


def grid_effects(rows, cols, k, rule_name, surface):
    return [naive_apply(rows, cols, k, rule_name, surface, [0] * (rows * cols), [int(j == i) for j in range(rows * cols)])
            for i in range(rows * cols)]


SMALL = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective"])
@pytest.mark.parametrize("rule_name", list(STENCILS))
def test_the_bound_never_exceeds_the_fewest_presses_and_minimal_is_true(rule_name, surface):
    # Every rule and surface, holes, don't-care cells, goals, k = 2 and 3, tiny boards (where a stencil
    # wraps onto itself and adds twice to one light): the bound is at most brute force's fewest, and a
    # solution called minimal has exactly that many presses.
    rng = random.Random(f"{rule_name}{surface}")
    rule = parse_rule(rule_name).on_surface(surface)
    for rows, cols in SMALL:
        cells = rows * cols
        for k in (2, 3):
            if k == 3 and cells > 4:
                continue
            effects = grid_effects(rows, cols, k, rule_name, surface)
            holes = rng.getrandbits(cells) & rng.getrandbits(cells)
            dont_care = rng.getrandbits(cells) & ~holes if rng.random() < 0.5 else 0
            target = rng.choice(["off", "on", sum(rng.randrange(k) << (i * (k - 1).bit_length()) for i in range(cells))])
            puzzle = Puzzle(rows, cols, k, rule, holes, dont_care, target)
            for _ in range(6):
                lights = sum(rng.randrange(k) << (i * puzzle.bits) for i in range(cells) if not holes >> i & 1)
                fewest = brute_force_fewest(puzzle, lights, effects)
                bound = presses_lower_bound(puzzle, lights)
                if fewest is None:
                    continue
                assert bound <= fewest, (rows, cols, k, holes, dont_care, target, lights)
                for minimal in (False, True):
                    result = solve(puzzle, lights, minimal=minimal)
                    assert result.solvable
                    if result.minimal:
                        assert result.press_total == fewest, (rows, cols, k, lights, minimal)


def test_graph_bounds_never_exceed_the_fewest_presses():
    rng = random.Random(39)
    for _ in range(60):
        cells = rng.randint(1, 7)
        presses = tuple(rng.getrandbits(cells) | (1 << i if rng.random() < 0.7 else 0) for i in range(cells))
        k = rng.choice([2, 2, 3])
        if k == 3 and cells > 5:
            continue
        dont_care = rng.getrandbits(cells) if rng.random() < 0.4 else 0
        puzzle = Puzzle(1, cells, k, parse_rule("plus"), 0, dont_care, "off", Graph(presses))
        lights = sum(rng.randrange(k) << (i * puzzle.bits) for i in range(cells))
        effects = [[presses[i] >> j & 1 for j in range(cells)] for i in range(cells)]
        fewest = brute_force_fewest(puzzle, lights, effects)
        if fewest is None:
            continue
        assert presses_lower_bound(puzzle, lights) <= fewest
        result = solve(puzzle, lights)
        if result.minimal:
            assert result.press_total == fewest
