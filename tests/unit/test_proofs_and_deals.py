"""Unsolvability proofs, nearest solvable boards and random deals against brute force, on every
rule × surface: the named rules, hex, and custom stencils that are point-symmetric but not
mirror-symmetric (whose press matrix is not symmetric on the Klein bottle and the projective
plane), not symmetric at all, or mirror-symmetric without a centre; k = 2 and k = 3; and graph
puzzles whose press sets are not symmetric.

The brute force shares no code with the solvers: each press's lights come from
:func:`reference.naive_apply`, and the boards that can be switched off are the span of those
(every press vector's lights, listed)."""

import math
import random

import pytest
from lightsout.analysis.figures import nearest, proof
from lightsout.model.graph import Graph
from lightsout.model.puzzle import Puzzle
from lightsout.solving.solver import solve
from lightsout.analysis.random_boards import random_board
from lightsout.model.rules import parse_rule
from reference import STENCILS, naive_apply

RULE_NAMES = list(STENCILS)  # every rule reference.STENCILS writes out: plus, moore, x, hex and three custom stencils
SURFACES = ["plane", "torus", "klein", "projective"]
SIZES = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]
STATE_SIZES = [(1, 1), (1, 3), (2, 2), (2, 3)]
ALL_BOARDS_UP_TO = 6
"""Boards of at most this many cells are checked one by one; larger ones on a sample."""


def press_effects(rows, cols, k, rule, surface):
    """Each cell's single press, as the list of light changes (mod k) it makes on a dark board."""
    n = rows * cols
    return [naive_apply(rows, cols, k, rule, surface, [0] * n, [int(j == i) for j in range(n)]) for i in range(n)]


def reachable(effects, k):
    """Every board (tuple of states) some press counts make from a dark board: the span of ``effects`` mod k."""
    span = {tuple([0] * len(effects))}
    for effect in effects:
        span = {tuple((v + m * e) % k for v, e in zip(board, effect)) for board in span for m in range(k)}
    return span


def flat(states):
    return sum(bit << i for i, bit in enumerate(states))


def check_proof(y, board, effects, k):
    """y is a proof: every press changes Σ y·light by 0 mod k, and Σ y·board is not 0 mod k."""
    assert all(sum(a * b for a, b in zip(y, effect)) % k == 0 for effect in effects), "a press changes the proof's sum"
    assert sum(a * b for a, b in zip(y, board)) % k, "the board does not break the proof's sum"


def check_two_states(puzzle, effects, rng):
    """Solvability, proofs and nearest boards of every board (or a sample), and deals, against brute force."""
    n = puzzle.cells
    solvable = {flat(board) for board in reachable(effects, 2)}
    boards = range(1 << n) if n <= ALL_BOARDS_UP_TO else rng.sample(range(1 << n), 16)
    for lights in boards:
        result = solve(puzzle, lights)
        assert result.solvable == (lights in solvable), lights
        if result.solvable:
            continue
        y = proof(result)
        assert y is not None, lights
        check_proof([y >> i & 1 for i in range(n)], [lights >> i & 1 for i in range(n)], effects, 2)
        toggles = nearest(result)
        assert toggles is not None and lights ^ toggles in solvable, lights
        assert toggles.bit_count() == min((lights ^ board).bit_count() for board in solvable), lights
    assert random_board(puzzle, rng) in solvable
    # Exact lit counts where at least one board in 40 of that count is solvable (a deal redraws the rest).
    by_count = {lit: sum(1 for board in solvable if board.bit_count() == lit) for lit in range(n + 1)}
    for lit in (lit for lit, count in by_count.items() if count * 40 >= math.comb(n, lit)):
        dealt = random_board(puzzle, rng, lit=lit)
        assert dealt.bit_count() == lit and dealt in solvable, (lit, dealt)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("rule_name", RULE_NAMES)
def test_two_state_proofs_nearest_boards_and_deals_agree_with_brute_force(rule_name, surface):
    rule = parse_rule(rule_name).on_surface(surface)
    rng = random.Random(f"{rule_name} {surface}")
    for rows, cols in SIZES:
        check_two_states(Puzzle(rows, cols, 2, rule), press_effects(rows, cols, 2, rule_name, surface), rng)


def test_graph_puzzles_prove_and_deal_by_their_own_press_matrix():
    # A graph's press sets need not be symmetric: hex on a Klein bottle as a graph, and random directed graphs.
    rng = random.Random(28)
    hex_klein = press_effects(2, 3, 2, "hex", "klein")
    graphs = [hex_klein] + [[[int(rng.random() < 0.4) for _ in range(n)] for _ in range(n)] for n in (3, 5, 6, 6, 7) for _ in range(2)]
    for effects in graphs:
        n = len(effects)
        graph = Graph(tuple(flat(effect) for effect in effects))
        assert graph.is_symmetric == all(effects[i][j] == effects[j][i] for i in range(n) for j in range(n))
        check_two_states(Puzzle(1, n, 2, graph=graph), effects, rng)
        three = Puzzle(1, n, 3, graph=graph)
        solvable = reachable(effects, 3)
        for _ in range(6):
            states = [rng.randrange(3) for _ in range(n)]
            result = solve(three, three.packed(states))
            assert result.solvable == (tuple(states) in solvable), states
            if not result.solvable:
                check_proof(three.states(proof(result)), states, effects, 3)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("rule_name", RULE_NAMES)
def test_three_state_proofs_and_deals_agree_with_brute_force(rule_name, surface):
    rule = parse_rule(rule_name).on_surface(surface)
    rng = random.Random(f"{rule_name} {surface} 3")
    for rows, cols in STATE_SIZES:
        n = rows * cols
        puzzle = Puzzle(rows, cols, 3, rule)
        effects = press_effects(rows, cols, 3, rule_name, surface)
        solvable = reachable(effects, 3)
        for _ in range(12):
            states = [rng.randrange(3) for _ in range(n)]
            result = solve(puzzle, puzzle.packed(states))
            # Presses add to the lights, so the board goes dark iff −board, and so board, is reachable.
            assert result.solvable == (tuple(states) in solvable), (rows, cols, states)
            if not result.solvable:
                y = proof(result)
                assert y is not None, (rows, cols, states)
                check_proof(puzzle.states(y), states, effects, 3)
        assert tuple(puzzle.states(random_board(puzzle, rng))) in solvable


def _unsolvable(puzzle, rng):
    """A random board of ``puzzle`` that cannot reach its goal, and its solve."""
    for _ in range(100):
        result = solve(puzzle, rng.getrandbits(puzzle.cells) & puzzle.relevant)
        if not result.solvable:
            return result
    raise AssertionError(f"no unsolvable board of {puzzle} in 100 draws")


def test_solve_figures_finds_the_left_kernel_once(monkeypatch):
    """An unsolvable board's proof and nearest board come from one left kernel: the elimination runs once
    (masked grids, rules that are not symmetric, graphs), and not at all where the solve's own quiet
    patterns are the left kernel (a symmetric rule without a mask). Each reply is still checked."""
    import lightsout.analysis.figures as analysis

    eliminations, solves = [], []
    real_null_space, real_solve = analysis.null_space, analysis.solve
    monkeypatch.setattr(analysis, "null_space", lambda *args: eliminations.append(1) or real_null_space(*args))
    monkeypatch.setattr(analysis, "solve", lambda *args, **kw: solves.append(1) or real_solve(*args, **kw))
    rng = random.Random(9)
    hex_klein = press_effects(4, 3, 2, "hex", "klein")  # nullity 2
    cases = [
        (Puzzle(4, 3, 2, parse_rule("hex").on_surface("klein")), hex_klein, 1),  # the left kernel is not the quiet space
        (Puzzle(4, 4, 2, parse_rule("plus"), dont_care=1 << 5), press_effects(4, 4, 2, "plus", "plane"), 1),
        (Puzzle(1, 12, 2, graph=Graph(tuple(flat(effect) for effect in hex_klein))), hex_klein, 1),
        (Puzzle(4, 4, 2, parse_rule("plus")), press_effects(4, 4, 2, "plus", "plane"), 0),  # symmetric: the quiet patterns
    ]
    for puzzle, effects, expected in cases:
        result = _unsolvable(puzzle, rng)
        eliminations.clear()
        solves.clear()
        figures = analysis.solve_figures(result, lambda value: value)
        assert (len(eliminations), len(solves)) == (expected, 0), puzzle
        n, relevant = puzzle.cells, puzzle.relevant
        lights = result.lights
        kept = [i for i in range(n) if relevant >> i & 1]
        check_proof([figures["proof"] >> i & 1 for i in kept], [lights >> i & 1 for i in kept],
                    [[effect[i] for i in kept] for effect in effects], 2)
        solvable = {flat(board) & relevant for board in reachable(effects, 2)}
        assert (lights ^ figures["nearest"]) & relevant in solvable
        assert figures["nearest"].bit_count() == min(((lights ^ board) & relevant).bit_count() for board in solvable)
