"""k-state Lights Out through the one model (Puzzle + solve): every answer checked against exhaustive search."""

import random

import pytest

from lightsout import BoardFormatError
from lightsout.text.formats import format_states, parse_states
from lightsout.model.puzzle import Puzzle
from lightsout.solving.solver import solve
from lightsout.model.rules import MOORE, PLUS, SURFACES, X_RULE, wrap
from lightsout.solving.zmod import factorize, invariant_factor_generators, solve_mod
from reference import naive_apply, state_table

RULES = {"plus": PLUS, "moore": MOORE, "x": X_RULE}
STENCILS = RULES


class Game:
    """A puzzle and its flat-list view, for the tests: apply() by the naive reference simulation."""

    def __init__(self, rows, cols, k=2, stencil="plus", surface="plane"):
        self.rows, self.cols, self.k, self.rule_name, self.surface = rows, cols, k, stencil, surface
        self.puzzle = Puzzle(rows, cols, k, RULES[stencil].on_surface(surface))
        self.cells = rows * cols
        self.matrix = self.puzzle.matrix

    def apply(self, cells, presses):
        return naive_apply(self.rows, self.cols, self.k, self.rule_name, self.surface, cells, presses)


class Result:
    def __init__(self, puzzle, solution):
        self.solution = solution
        self.presses = None if solution.presses is None else puzzle.states(solution.presses)
        self.solution_count = solution.solution_count
        self.invariant_factors = sorted(solution.invariant_factors)
        # The quiet group's generators as count lists, each with its order (Solution.basis is packed, in the order of invariant_factors).
        self.generators = [(puzzle.states(vector), order) for vector, order in zip(solution.quiet(), solution.invariant_factors)]
        self.minimal = solution.minimal
        self.method = solution.method
        self.total_presses = solution.press_total
        self.solvable = solution.solvable


def solve_states(game, cells, target="off", minimal=False):
    puzzle = game.puzzle
    if not isinstance(target, str):
        puzzle = Puzzle(game.rows, game.cols, game.k, puzzle.rule, target=puzzle.packed(list(target)))
    return Result(puzzle, solve(puzzle, puzzle.packed(list(cells)), minimal=minimal))


def exhaustive(game, cells, target):
    """All press-count vectors reaching the target: every vector tried once per puzzle (reference.state_table)."""
    table = state_table(game.rows, game.cols, game.k, game.rule_name, game.surface)
    return table.get(tuple((t - c) % game.k for t, c in zip(target, cells)), [])


def naive_field_solve(matrix, rhs, n, k):
    """Gauss–Jordan that pretends Z/kZ is a field (pivots must be invertible), as some solvers do.

    Returns the number of solutions it would report, or 0 for "unsolvable".
    """
    rows = [list(row) + [value] for row, value in zip(matrix, rhs)]
    rank = 0
    for column in range(n):
        pivot = next((i for i in range(rank, len(rows)) if rows[i][column] % k and __import__("math").gcd(rows[i][column], k) == 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][column], -1, k)
        rows[rank] = [value * inverse % k for value in rows[rank]]
        for i in range(len(rows)):
            if i != rank and rows[i][column]:
                factor = rows[i][column]
                rows[i] = [(a - factor * b) % k for a, b in zip(rows[i], rows[rank])]
        rank += 1
    if any(all(value == 0 for value in row[:n]) and row[n] for row in rows):
        return 0
    if any(any(row[:n]) for row in rows[rank:]):
        return -1  # stuck on non-invertible entries: cannot say
    return k ** (n - rank)


SMALL = [(1, 1), (1, 2), (1, 3), (2, 2), (1, 4), (2, 3)]


@pytest.mark.parametrize("k", range(2, 13))
@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("stencil", STENCILS)
def test_agrees_with_exhaustive_search(k, surface, stencil):
    rng = random.Random(k * 100 + SURFACES.index(surface) * 10 + len(stencil))
    for rows, cols in SMALL:
        if k ** (rows * cols) > 5000:
            continue
        game = Game(rows, cols, k, stencil, surface)
        for trial in range(2):
            cells = [rng.randrange(k) for _ in range(game.cells)]
            target = [0] * game.cells if trial == 0 else [rng.randrange(k) for _ in range(game.cells)]
            expected = exhaustive(game, cells, target)
            result = solve_states(game, cells, target, minimal=True)
            assert result.solution_count == len(expected)
            total = 1
            for order in result.invariant_factors:
                total *= order
            assert total == (len(exhaustive(game, [0] * game.cells, [0] * game.cells)))
            if expected:
                assert tuple(result.presses) in set(expected)
                assert result.minimal and sum(result.presses) == min(sum(p) for p in expected)


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective"])
@pytest.mark.parametrize("k", [3, 4, 5, 6, 7])
def test_chase_agrees_with_the_general_engine(k, surface):
    rng = random.Random(k)
    for rows, cols in [(3, 3), (4, 5), (5, 5), (6, 4), (3, 7), (7, 3), (9, 4)]:
        game = Game(rows, cols, k, "plus", surface)
        cells = [rng.randrange(k) for _ in range(game.cells)]
        chased = solve_states(game, cells)
        expected = "first-row-system" if surface == "plane" else f"{surface}-chase"
        assert chased.method == (expected if surface != "projective" or rows >= 4 else "full-system")
        reference = solve_mod(game.matrix, [(-value) % k for value in cells], game.cells, k)
        assert chased.solution_count == reference.solution_count
        assert chased.invariant_factors == [order for _, order in invariant_factor_generators(reference.generators, k)]
        if chased.solvable:
            assert game.apply(cells, chased.presses) == [0] * game.cells


@pytest.mark.parametrize("k", [4, 6, 8, 9, 12])
def test_composite_k_cases_a_field_only_elimination_gets_wrong(k):
    """Find boards where pretending Z/kZ is a field fails, and check ours gets them right."""
    wrong = 0
    rng = random.Random(k)
    for surface in SURFACES:
        for stencil in STENCILS:
            for rows, cols in [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3)]:
                game = Game(rows, cols, k, stencil, surface)
                for _ in range(3):
                    cells = [rng.randrange(k) for _ in range(game.cells)]
                    goal = [(-value) % k for value in cells]
                    ours = solve_mod(game.matrix, goal, game.cells, k)
                    theirs = naive_field_solve(game.matrix, goal, game.cells, k)
                    if theirs != ours.solution_count:
                        wrong += 1
                    if ours.solvable:
                        assert game.apply(cells, ours.particular) == [0] * game.cells
                    if k ** game.cells <= 5000:
                        assert ours.solution_count == len(exhaustive(game, cells, [0] * game.cells))
    assert wrong > 0


def test_lights_out_2000_style_3_state_5x5():
    text = "01200\n12010\n20102\n01021\n00210\n"
    rows, cols, cells = parse_states(text, 3)
    game = Game(rows, cols, 3)
    result = solve_states(game, cells, minimal=True)
    assert result.solvable and game.apply(cells, result.presses) == [0] * 25
    general = solve_mod(game.matrix, [(-value) % 3 for value in cells], 25, 3)  # the other path
    assert result.invariant_factors == general.elementary_divisors == [3, 3, 3]  # k prime: the two are the same
    for vector, _ in result.generators:
        assert any(vector) and game.apply([0] * 25, vector) == [0] * 25
    assert result.minimal and sum(result.presses) <= sum(general.particular)
    assert parse_states(format_states(rows, cols, result.presses, 3), 3)[2] == result.presses
    full = solve_states(game, cells, [2] * 25)
    assert game.apply(cells, full.presses) == [2] * 25


def test_invariant_factors_of_a_composite_kernel():
    # 4×4 plus rule mod 6 = Z/2 × Z/3: the kernel is the mod-2 kernel (nullity 4) times the mod-3 one.
    game = Game(4, 4, 6)
    result = solve_states(game, [0] * 16)
    two = solve_states(Game(4, 4, 2), [0] * 16)
    three = solve_states(Game(4, 4, 3), [0] * 16)
    assert result.solution_count == two.solution_count * three.solution_count == 16 * three.solution_count
    for vector, order in result.generators:
        assert game.apply([0] * 16, [value * 1 for value in vector]) == [0] * 16
        assert order in (2, 3, 6)


def test_wrap_surfaces():
    assert wrap(-1, 0, 3, 4, "plane") is None
    assert wrap(-1, 0, 3, 4, "torus") == (2, 0)
    assert wrap(-1, 0, 3, 4, "klein") == (2, 3)
    assert wrap(1, -1, 3, 4, "klein") == (1, 3)
    assert wrap(0, -1, 3, 4, "projective") == (2, 3)
    assert wrap(3, 1, 3, 4, "projective") == (0, 2)


def test_state_text_formats_and_errors():
    assert parse_states("0 12 200\n254 0 1", 255) == (2, 3, [0, 12, 200, 254, 0, 1])
    assert format_states(1, 3, [0, 10, 35], 36) == "0az"
    assert format_states(1, 2, [100, 7], 200) == "100   7"
    for text, k, where in [("012\n0a1", 3, (2, 2)), ("01\n012", 3, (2, 3)), ("1 2\n3 x", 5, (2, 3)), ("", 3, (1, 1))]:
        with pytest.raises(BoardFormatError) as caught:
            parse_states(text, k)
        assert (caught.value.line, caught.value.column) == where


def test_factorize():
    assert factorize(2) == [(2, 1)]
    assert factorize(12) == [(2, 2), (3, 1)]
    assert factorize(255) == [(3, 1), (5, 1), (17, 1)]
    assert factorize(251) == [(251, 1)]


def test_target_on_and_masks_with_k_states():
    rule = MOORE.on_surface("projective")
    holes, dont_care = 1 << 5, 1 << 7
    puzzle = Puzzle(3, 4, 5, rule, holes, dont_care, "on")
    counts = [2, 0, 1, 4, 3, 0, 1, 1, 0, 2, 4, 3]
    pushed = naive_apply(3, 4, 5, "moore", "projective", [0] * 12, counts, {5})
    board = [0 if i == 5 else (4 - p) % 5 for i, p in enumerate(pushed)]
    result = solve(puzzle, puzzle.packed(board), minimal=True)
    assert result.solvable and result.method == "full-system"
    found = puzzle.states(result.presses)
    assert found[5] == 0
    final = naive_apply(3, 4, 5, "moore", "projective", board, found, {5})
    assert all(final[i] == 4 for i in range(12) if i not in (5, 7))
    assert result.rank + result.nullity == 11


@pytest.mark.parametrize("surface", SURFACES)
def test_pressing_a_k_state_grid_adds_each_stencil_cell_once_per_press(surface):
    # apply() adds a row's presses a run of cells at a time; pressed one light at a time here, by the
    # reference's own wrap (tiny boards too, where a 5×5 stencil wraps past both edges and repeats cells).
    from lightsout.model.puzzle import apply
    from lightsout.model.rules import parse_rule
    from reference import naive_landing

    rng = random.Random(surface)
    stencil = "custom:#..##/.#.#./###../....#/#.#.#"
    offsets = [(r - 2, c - 2) for r, line in enumerate(stencil[7:].split("/")) for c, ch in enumerate(line) if ch == "#"]
    for rows, cols in [(1, 1), (1, 2), (2, 1), (2, 3), (3, 3), (4, 5), (6, 2), (7, 7)]:
        for k in (3, 7):
            puzzle = Puzzle(rows, cols, k, parse_rule(stencil).on_surface(surface))
            n = rows * cols
            lights = [rng.randrange(k) for _ in range(n)]
            counts = [rng.randrange(k) if rng.random() < 0.6 else 0 for _ in range(n)]
            expected = list(lights)
            for index, times in enumerate(counts):
                for dr, dc in offsets:
                    landed = naive_landing(index // cols + dr, index % cols + dc, rows, cols, surface)
                    if landed is not None:
                        cell = landed[0] * cols + landed[1]
                        expected[cell] = (expected[cell] + times) % k
            assert puzzle.states(apply(puzzle, puzzle.packed(lights), puzzle.packed(counts))) == expected, (rows, cols, k)


@pytest.mark.parametrize("rows, cols, k, stencil, surface", [
    (4, 4, 6, "plus", "plane"), (5, 5, 12, "plus", "projective"), (4, 4, 10, "plus", "torus"),
    (3, 3, 30, "moore", "torus"), (2, 3, 36, "x", "klein"), (4, 4, 4, "plus", "plane"),
])
def test_invariant_factors_divide_each_other_and_their_generators_have_those_orders(rows, cols, k, stencil, surface):
    # The invariant factors d1 | d2 | … of the quiet group ≅ Z/d1 × Z/d2 × … (the Smith normal form's diagonal), not
    # its elementary divisors (prime powers): for composite k the factors of different primes merge into one.
    game = Game(rows, cols, k, stencil, surface)
    result = solve(game.puzzle, 0)
    factors = list(result.invariant_factors)
    assert factors == sorted(factors) and all(d > 1 for d in factors)
    assert all(bigger % smaller == 0 for smaller, bigger in zip(factors, factors[1:])), factors
    assert result.nullity == len(factors) and result.rank == rows * cols - len(factors)
    for vector, order in zip(result.quiet(), factors):
        counts = game.puzzle.states(vector)
        assert game.apply([0] * game.cells, counts) == [0] * game.cells
        # exactly of its order: order·g = 0 and (order / p)·g ≠ 0 for every prime p of the order
        assert all(value * order % k == 0 for value in counts)
        assert all(any(value * (order // p) % k for value in counts) for p, _ in factorize(order))
    # The t_i·g_i (0 ≤ t_i < d_i) are every quiet pattern, each once: as many as brute force finds.
    if result.solution_count <= 5000:
        listed = result.solutions(result.solution_count)
        assert len(set(listed)) == result.solution_count
        for presses in listed:
            assert game.apply([0] * game.cells, game.puzzle.states(presses)) == [0] * game.cells


def test_the_4x4_board_with_six_states_has_invariant_factors_2_2_6_6():
    # mod 2 the quiet group is (Z/2)^4, mod 3 (Z/3)^2: Z/2 × Z/2 × Z/6 × Z/6, not Z/2^4 × Z/3^2 listed prime by prime.
    result = solve(Game(4, 4, 6).puzzle, 0)
    assert list(result.invariant_factors) == [2, 2, 6, 6] and result.solution_count == 144
