"""The presets of the real games, hexagonal boards and puzzles on any graph.

Every fact about a preset is derived here independently of the package's
builders and solvers: the press sets from the games' rules written out in
this file (the cube from its 26 cubies' stickers, the Orbix from the 3D
icosahedron, matched to the preset by an isomorphism search), rank and
nullity by enumerating every press set where that is affordable (2^n for
n ≤ 16; for n ≤ 36 the spans of two halves, 2^(n/2) each) and by this
file's own elimination mod p for the cube and Lights Out 2000, and the fewest
presses by visiting every solution.  Every solution the package gives is
checked by pressing its cells one at a time with these press sets.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from lightsout.api import handle
from lightsout.model.codec import format_packed
from lightsout.presets.presets import CUBE_FACES, PRESETS
from lightsout.model.graph import Graph, hex_centre
from lightsout.model.puzzle import Puzzle, apply
from lightsout.solving.solver import solve
from lightsout.text.cell_runs import format_cells, read_cells
from lightsout.text.puzzle_text import format_puzzle, parse_puzzle, puzzle_from_json, puzzle_json
from lightsout.analysis.random_boards import random_board
from lightsout.model.rules import parse_rule
from lightsout.share.links import ShareState, format_share, parse_share

PY = Path(__file__).resolve().parents[2] / "py"


def call(**request):
    return json.loads(handle(json.dumps(request)))


def run(*args, stdin=""):
    env = dict(os.environ, PYTHONPATH=str(PY))
    return subprocess.run([sys.executable, "-m", "lightsout", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


# -- independent press sets ---------------------------------------------------


def grid_sets(rows, cols, offsets, wrap=False):
    """Press sets of a grid from its offsets, on a plane or (wrap) a torus: list of sets of flat indices."""
    out = []
    for r in range(rows):
        for c in range(cols):
            reach = set()
            for dr, dc in offsets:
                rr, cc = r + dr, c + dc
                if wrap:
                    rr, cc = rr % rows, cc % cols
                if 0 <= rr < rows and 0 <= cc < cols:
                    reach.add(rr * cols + cc)
            out.append(reach)
    return out


CROSS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(0, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
HEX = [(0, 0), (0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)]  # axial: (r, c) = (axial r, axial q)
KNIGHT = [(0, 0)] + [(a * dr, b * dc) for dr, dc in ((1, 2), (2, 1)) for a in (1, -1) for b in (1, -1)]

# Merlin's Magic Square, buttons 1..9 as on a phone keypad, written out from the rule (Jaap's page):
MERLIN = {
    1: {1, 2, 4, 5}, 3: {2, 3, 5, 6}, 7: {4, 5, 7, 8}, 9: {5, 6, 8, 9},  # a corner: its 2×2 block
    2: {1, 2, 3}, 4: {1, 4, 7}, 6: {3, 6, 9}, 8: {7, 8, 9},  # an edge middle: that edge's three lights
    5: {2, 4, 5, 6, 8},  # the centre: the cross
}


def cube_stickers():
    """The 54 stickers of a 3×3×3 cube as (cubie position, outward normal); adjacency: same face and one step
    apart, or two stickers of the same cubie (they meet along a cube edge)."""
    stickers = []
    for p in itertools.product((-1, 0, 1), repeat=3):
        for axis in range(3):
            if p[axis] != 0:
                normal = tuple(p[axis] if i == axis else 0 for i in range(3))
                stickers.append((p, normal))
    sets = []
    for p, n in stickers:
        reach = set()
        for j, (q, m) in enumerate(stickers):
            same_face = m == n and sum(abs(a - b) for a, b in zip(p, q)) <= 1
            same_cubie = q == p and m != n
            if same_face or same_cubie:
                reach.add(j)
        sets.append(reach)
    return sets


def icosahedron():
    """The icosahedron's 12 vertices (cyclic permutations of (0, ±1, ±φ)); neighbours at distance 2."""
    phi = (1 + 5**0.5) / 2
    points = []
    for a, b in itertools.product((1, -1), repeat=2):
        points += [(0, a, b * phi), (a, b * phi, 0), (b * phi, 0, a)]
    return [{j for j, q in enumerate(points) if abs(math.dist(p, q) - 2) < 1e-9} for p in points]


def isomorphism(a, b):
    """A map f with j ∈ a[i] ⇔ f(j) ∈ b[f(i)] (press sets as lists of sets, self loops included), or None."""
    n = len(a)
    if n != len(b):
        return None
    order = [0]
    for i in range(n):  # visit in breadth-first order, so each new vertex has a mapped neighbour
        for j in sorted(a[order[i]]) if i < len(order) else []:
            if j not in order:
                order.append(j)
    order += [i for i in range(n) if i not in order]
    mapping: dict[int, int] = {}

    def fits(i, image):
        if len(a[i]) != len(b[image]) or (i in a[i]) != (image in b[image]):
            return False
        return all((j in a[i]) == (mapping[j] in b[image]) and (i in a[j]) == (image in b[mapping[j]]) for j in mapping)

    def extend(depth):
        if depth == n:
            return True
        i = order[depth]
        for image in range(n):
            if image not in mapping.values() and fits(i, image):
                mapping[i] = image
                if extend(depth + 1):
                    return True
                del mapping[i]
        return False

    return dict(mapping) if extend(0) else None


def expected_sets(name):
    """The press sets of each preset as this file derives them (cube and Orbix: None, checked by isomorphism)."""
    return {
        "classic": grid_sets(5, 5, CROSS),
        "lights-out-2000": grid_sets(5, 5, CROSS),
        "deluxe-plus": grid_sets(6, 6, CROSS),
        "deluxe-x": grid_sets(6, 6, DIAGONAL),
        "mini": grid_sets(4, 4, CROSS, wrap=True),
        "merlin": [{m - 1 for m in MERLIN[i + 1]} for i in range(9)],
        "xl25": grid_sets(5, 5, CROSS),
        "xl25-knight": grid_sets(5, 5, KNIGHT),
        "cube": None,
        "orbix": None,
    }[name]


def preset_sets(name):
    puzzle = PRESETS[name].puzzle
    return [set(puzzle.covered(*divmod(i, puzzle.cols))) for i in range(puzzle.cells)]


# -- independent linear algebra -------------------------------------------------


def eliminate(rows, n, p):
    """Gauss–Jordan elimination mod a prime p of the first n columns of ``rows`` (in place); returns the pivot columns."""
    pivots = []
    for col in range(n):
        rank = len(pivots)
        pivot = next((r for r in range(rank, len(rows)) if rows[r][col] % p), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][col], p - 2, p)
        rows[rank] = [v * inverse % p for v in rows[rank]]
        for r in range(len(rows)):
            if r != rank and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [(v - factor * w) % p for v, w in zip(rows[r], rows[rank])]
        pivots.append(col)
    return pivots


def rank_mod_p(sets, n, p):
    """Rank of the press matrix (column i = press i) mod a prime p, by this file's own elimination."""
    return len(eliminate([[1 if i in sets[j] else 0 for j in range(n)] for i in range(n)], n, p))


def rank_by_enumeration(sets, n):
    """Rank over GF(2) as log2 of the number of distinct boards the 2^n press sets make (Gray code order)."""
    effects = [sum(1 << j for j in reach) for reach in sets]
    seen = {0}
    board = 0
    for step in range(1, 1 << n):
        board ^= effects[(step & -step).bit_length() - 1]
        seen.add(board)
    return int(math.log2(len(seen)))


def rank_by_halves(sets, n):
    """Rank over GF(2) by enumerating press sets: the boards the first half's 2^h press sets make (a subspace S1),
    those of the second half's (S2), and |S1 + S2| = |S1|·|S2| / |S1 ∩ S2| — 2^h + 2^(n−h) presses, not 2^n."""
    half = n // 2

    def span(indices):
        effects = [sum(1 << j for j in sets[i]) for i in indices]
        seen, board = {0}, 0
        for step in range(1, 1 << len(effects)):
            board ^= effects[(step & -step).bit_length() - 1]
            seen.add(board)
        return seen

    first, second = span(range(half)), span(range(half, n))
    return int(math.log2(len(first) * len(second) // len(first & second)))


def solutions_mod_p(sets, n, p, goal):
    """Every press-count vector x (mod p) with A·x = goal, by elimination then enumerating the kernel."""
    rows = [[1 if i in sets[j] else 0 for j in range(n)] + [goal[i] % p] for i in range(n)]
    pivots = eliminate(rows, n, p)
    rank = len(pivots)
    if any(row[n] for row in rows[rank:]):
        return []
    free = [c for c in range(n) if c not in pivots]
    out = []
    for values in itertools.product(range(p), repeat=len(free)):
        x = [0] * n
        for c, v in zip(free, values):
            x[c] = v
        for r, c in enumerate(pivots):
            x[c] = (rows[r][n] - sum(rows[r][f] * x[f] for f in free)) % p
        out.append(x)
    return out


def pressed(sets, k, lights, counts):
    """``lights`` (list of states) after pressing cell i counts[i] times, one press at a time."""
    out = list(lights)
    for i, times in enumerate(counts):
        for _ in range(times):
            for j in sets[i]:
                out[j] = (out[j] + 1) % k
    return out


def reference_sets(name):
    """The press sets to simulate with: this file's own, mapped onto the preset's cells for the cube and Orbix."""
    own = expected_sets(name)
    if own is not None:
        return own
    other = cube_stickers() if name == "cube" else icosahedron()
    mapping = isomorphism(preset_sets(name), other)
    assert mapping is not None
    back = {v: u for u, v in mapping.items()}
    return [{back[j] for j in other[mapping[i]]} for i in range(len(other))]


def goal_states(puzzle):
    return puzzle.states(puzzle.target_board())


# -- the presets ------------------------------------------------------------------


def test_every_game_of_the_issue_is_a_preset_with_its_facts():
    assert list(PRESETS) == ["classic", "lights-out-2000", "deluxe-plus", "deluxe-x", "mini", "merlin", "xl25", "xl25-knight", "cube", "orbix"]
    for entry in PRESETS.values():
        assert entry.maker and entry.sources and all(url.startswith("http") for url in entry.sources)
        for text in (entry.game, entry.description, entry.rule, entry.cell_order):
            assert text["en"] and text["zh"] and not any(ch.isascii() and ch.isalpha() for ch in text["zh"].replace("Merlin", "").replace("Orbix", "").replace("XL-25", "").replace("U R F D L B", ""))
        assert len(entry.states) == entry.puzzle.k
    years = {name: PRESETS[name].year for name in ("classic", "lights-out-2000", "merlin", "xl25", "xl25-knight", "orbix")}
    assert years == {"classic": 1995, "lights-out-2000": 2000, "merlin": 1978, "xl25": 1983, "xl25-knight": 1983, "orbix": 1996}
    assert PRESETS["lights-out-2000"].reversible and [s["en"] for s in PRESETS["lights-out-2000"].states] == ["off", "red", "green"]


@pytest.mark.parametrize("name", [name for name in PRESETS if name not in ("cube", "orbix")])
def test_preset_press_sets_are_the_games_rule(name):
    assert preset_sets(name) == expected_sets(name)


def test_preset_goals_and_states():
    goals = {name: PRESETS[name].puzzle.target for name in PRESETS}
    merlin = goals.pop("merlin")
    assert PRESETS["merlin"].puzzle.states(merlin) == [1, 1, 1, 1, 0, 1, 1, 1, 1]
    assert goals == {"classic": "off", "lights-out-2000": "off", "deluxe-plus": "off", "deluxe-x": "off", "mini": "off",
                     "xl25": "on", "xl25-knight": "on", "cube": "off", "orbix": "on"}
    assert {name: PRESETS[name].puzzle.k for name in PRESETS if PRESETS[name].puzzle.k != 2} == {"lights-out-2000": 3}


def test_cube_is_the_cube_of_stickers_and_its_net_folds_as_documented():
    sets = preset_sets("cube")
    assert isomorphism(sets, cube_stickers()) is not None
    assert all(len(reach) == 5 and i in reach for i, reach in enumerate(sets))

    def cell(face, r, c):
        return CUBE_FACES.index(face) * 9 + 3 * r + c

    for face in CUBE_FACES:  # each face is a 3×3 grid under the cross
        for r, c in itertools.product(range(3), repeat=2):
            inside = {cell(face, r + dr, c + dc) for dr, dc in CROSS if 0 <= r + dr < 3 and 0 <= c + dc < 3}
            assert {j for j in sets[cell(face, r, c)] if j // 9 == CUBE_FACES.index(face)} == inside
    for i in range(3):  # the folds of the net: U over F, F over D, L|F, F|R, R|B
        assert cell("U", 2, i) in sets[cell("F", 0, i)]
        assert cell("D", 0, i) in sets[cell("F", 2, i)]
        assert cell("L", i, 2) in sets[cell("F", i, 0)]
        assert cell("R", i, 0) in sets[cell("F", i, 2)]
        assert cell("B", i, 0) in sets[cell("R", i, 2)]


def test_orbix_is_the_icosahedron_without_the_pressed_button():
    sets = preset_sets("orbix")
    assert isomorphism(sets, icosahedron()) is not None
    assert all(len(reach) == 5 and i not in reach for i, reach in enumerate(sets))
    points = PRESETS["orbix"].puzzle.graph.coords
    edges = {(i, j) for i, reach in enumerate(sets) for j in reach if i < j}
    assert len(edges) == 30

    def crosses(e, f):  # proper crossing of two segments (the drawing is planar)
        if set(e) & set(f):
            return False
        (p1, p2), (p3, p4) = [points[i] for i in e], [points[i] for i in f]

        def side(a, b, c):
            return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

        return side(p1, p2, p3) * side(p1, p2, p4) < 0 and side(p3, p4, p1) * side(p3, p4, p2) < 0

    assert not any(crosses(e, f) for e, f in itertools.combinations(edges, 2))


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


@pytest.mark.parametrize("name", ["cube", "orbix"])
def test_the_solid_of_the_3d_view_puts_each_cell_beside_its_press_set(name):
    """The page's 3D view draws cell i at solid.points[i]: its neighbours on the solid (stickers one
    apart on the cube, or across an edge √2/2 apart; the Orbix's vertices 1/√5 apart as unit vectors)
    are exactly the cells its press reaches, and each cell's right × up points out of the solid."""
    reply = call(op="puzzle", preset=name)
    solid, sets = reply["solid"], reply["presses"]
    assert solid["shape"] == {"cube": "cube", "orbix": "icosahedron"}[name]
    points = solid["points"]
    for i, point in enumerate(points):
        if name == "cube":
            near = {j for j, other in enumerate(points) if math.dist(point, other) <= 1 + 1e-6}
        else:
            assert abs(_dot(point, point) - 1) < 1e-5
            near = {j for j, other in enumerate(points) if j != i and abs(_dot(point, other) - 5 ** -0.5) < 1e-5}
        assert near == set(sets[i]), i
        right, up = solid["right"][i], solid["up"][i]
        assert abs(_dot(right, right) - 1) < 1e-5 and abs(_dot(up, up) - 1) < 1e-5 and abs(_dot(right, up)) < 1e-5
        outward = _cross(right, up)
        assert _dot(outward, point) > 0.99 * math.sqrt(_dot(point, point)) * (1 / math.sqrt(3) if name == "cube" else 1)
        if name == "cube":  # the outward normal is the face's axis, and right/up follow the net's row and column
            assert sorted(abs(v) for v in outward) == pytest.approx([0, 0, 1], abs=1e-6)
    if name == "cube":
        assert solid["places"] == [[face, r, c] for face in CUBE_FACES for r in range(3) for c in range(3)]
        assert [f"{face}{3 * r + c + 1}" for face, r, c in solid["places"]] == reply["names"]
        front = [i for i, (face, _, _) in enumerate(solid["places"]) if face == "F"]
        assert all(points[i][2] == 1.5 for i in front)  # F faces the viewer, as the net is drawn
    else:
        assert solid["places"] is None
        # The inner triangle (cells 9–11) is the face towards the viewer, the outer one (0–2) the back.
        assert min(points[i][2] for i in (9, 10, 11)) > 0.7 > -0.7 > max(points[i][2] for i in (0, 1, 2))
    assert all(call(op="puzzle", preset=other)["solid"] is None for other in PRESETS if other not in ("cube", "orbix"))


@pytest.mark.parametrize("name", list(PRESETS))
def test_rank_and_nullity_match_an_independent_count(name):
    puzzle = PRESETS[name].puzzle
    sets = reference_sets(name)
    n = puzzle.cells
    result = solve(puzzle, puzzle.target_board())
    if puzzle.k == 2 and n <= 16:
        rank = rank_by_enumeration(sets, n)
    elif puzzle.k == 2 and n <= 36:
        rank = rank_by_halves(sets, n)
    else:
        rank = rank_mod_p(sets, n, puzzle.k)  # the cube (54 cells) and Lights Out 2000 (k = 3): elimination mod a prime
    assert (result.rank, result.nullity) == (rank, n - rank)
    figures = call(op="analyze", preset=name)
    assert (figures["cells"], figures["rank"], figures["nullity"]) == (n, rank, n - rank)


@pytest.mark.parametrize("name", list(PRESETS))
def test_fewest_presses_from_all_off_and_all_on_are_the_lightest_of_every_solution(name):
    puzzle = PRESETS[name].puzzle
    sets, k, n = reference_sets(name), puzzle.k, puzzle.cells
    goal = goal_states(puzzle)
    for start in ([0] * n, [k - 1] * n):
        wanted = [(g - s) % k for g, s in zip(goal, start)]
        every = solutions_mod_p(sets, n, k, wanted)
        found = solve(puzzle, puzzle.packed(start), minimal=True)
        assert found.solvable == bool(every)
        if every:
            assert found.minimal and found.press_total == min(sum(x) for x in every)
            assert pressed(sets, k, start, puzzle.states(found.presses)) == goal


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_random_board_of_every_preset_is_solved_and_the_solution_verified_by_pressing(name):
    puzzle = PRESETS[name].puzzle
    sets = reference_sets(name)
    rng = random.Random(name)
    for _ in range(3):
        lights = random_board(puzzle, rng)
        result = solve(puzzle, lights, minimal=True)
        assert result.solvable
        assert pressed(sets, puzzle.k, puzzle.states(lights), puzzle.states(result.presses)) == goal_states(puzzle)
        assert apply(puzzle, lights, result.presses) == puzzle.target_board()


def test_unsolvable_cube_board_has_a_proof_and_a_nearest_board():
    puzzle = PRESETS["cube"].puzzle
    sets = reference_sets("cube")
    lights = 1  # one light on: the cube has nullity 6, and a single light is not solvable
    reply = call(op="solve", preset="cube", board=format_packed(6, 9, lights))
    assert reply["ok"] and not reply["solvable"]
    proof = read_bits(reply["proof"], 54)
    assert proof[0] == 1 and all(sum(proof[j] for j in reach) % 2 == 0 for reach in sets)  # every press changes it evenly
    nearest = read_bits(reply["nearest"], 54)
    fixed = lights ^ sum(bit << i for i, bit in enumerate(nearest))
    assert solve(puzzle, fixed).solvable and sum(nearest) == 1


def read_bits(text, n):
    from lightsout.model.codec import parse_packed

    value = parse_packed(text)[2]
    return [value >> i & 1 for i in range(n)]


# -- hexagonal boards -------------------------------------------------------------


def test_hex_rule_reaches_the_six_neighbours_one_apart_in_the_drawing():
    puzzle = Puzzle(4, 5, 2, parse_rule("hex"))
    for r, c in itertools.product(range(4), range(5)):
        reached = set(puzzle.covered(r, c))
        near = {rr * 5 + cc for rr, cc in itertools.product(range(4), range(5)) if math.dist(hex_centre(r, c), hex_centre(rr, cc)) < 1.01}
        assert reached == near == grid_sets(4, 5, HEX)[r * 5 + c]
    assert len(puzzle.covered(2, 2)) == 7
    rank = rank_mod_p([set(puzzle.covered(*divmod(i, 5))) for i in range(20)], 20, 2)
    assert solve(puzzle, 0).rank == rank
    described = call(op="puzzle", rows=4, cols=5, rule="hex")
    assert described["outline"] == "hex" and described["coords"][7] == list(hex_centre(1, 2))


def test_hex_rule_in_the_cli_and_share_links():
    done = run("analyze", "3x3", "--rule", "hex", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["rank"] == rank_by_enumeration(grid_sets(3, 3, HEX), 9)
    state = ShareState(3, 3, 5, stencil=parse_rule("hex").stencil)
    assert format_share(state) == "3x3:BQA;r=hex" and parse_share("3x3:BQA;r=hex") == state


# -- user-defined graphs ---------------------------------------------------------------

TRIANGLE_WITH_TAIL = """# a directed example: press 3 reaches cell 0 but not the other way
title tail
cells 4
k 3
goal on
edge 0 1
edge 1 2
edge 2 0
press 3: 3 0
at 0 0 0
at 1 1 0
at 2 0.5 0.866
at 3 -1 -0.5
name 3 tail
"""


def test_user_graph_text_round_trips_through_text_json_and_a_share_link():
    user = parse_puzzle(TRIANGLE_WITH_TAIL)
    puzzle = user.puzzle
    assert (puzzle.cells, puzzle.k, puzzle.target, user.name) == (4, 3, "on", "tail")
    assert [set(puzzle.covered(0, i)) for i in range(4)] == [{0, 1, 2}, {0, 1, 2}, {0, 1, 2}, {0, 3}]
    assert parse_puzzle(format_puzzle(user)) == user
    assert puzzle_from_json(json.loads(json.dumps(puzzle_json(puzzle, user.name)))) == user
    lights = puzzle.packed([2, 0, 1, 1])
    state = ShareState(1, 4, lights, 3, goal=puzzle.target, graph=puzzle.graph, moves=(3, 0))
    link = format_share(state)
    assert link.startswith("G4:")
    back = parse_share("#" + link)
    assert back == state and back.puzzle() == puzzle and back.cells == lights


def test_names_and_titles_keep_a_hash_and_the_link_keeps_names_with_its_separators():
    # a name or title holding "#" is written in double quotes; unquoted, "#" starts a comment
    user = parse_puzzle('title "C# and F#"  # a comment\ncells 3\nname 0 "C#"\nname 1 a,b;c=50%\nedge 0 1 # a comment\nedge 1 2\n')
    names = ("C#", "a,b;c=50%", "")
    assert user.name == "C# and F#" and user.puzzle.graph.names == names
    assert parse_puzzle("cells 1\nname 0 C# a comment\n").puzzle.graph.names == ("C",)
    assert user.puzzle.graph.presses == (0b011, 0b111, 0b110)
    assert parse_puzzle(format_puzzle(user)) == user
    link = format_share(ShareState(1, 3, 0b001, graph=user.puzzle.graph))
    assert ";n=C%23,a%2Cb%3Bc%3D50%25," in link
    assert parse_share("#" + link).graph == user.puzzle.graph


def test_a_game_link_carries_the_kind_of_puzzle_it_was_dealt_as():
    def call(request: dict) -> dict:
        return json.loads(handle(json.dumps(request)))

    board = call({"op": "random", "preset": "orbix", "seed": 5})["board"]
    text = call({"op": "share", "preset": "orbix", "board": board, "moves": [4, 7], "challenge_kind": "game-orbix"})["text"]
    assert text.startswith("orbix:") and ";p=game-orbix;m=" in text
    opened = call({"op": "share", "text": "#" + text})
    assert (opened["challenge_kind"], opened["moves"], opened["board"], opened["preset"]["name"]) == ("game-orbix", [4, 7], board, "orbix")
    assert call({"op": "share", "text": call({"op": "share", "preset": "orbix", "board": board})["text"]})["challenge_kind"] is None
    user = parse_puzzle(TRIANGLE_WITH_TAIL)
    state = ShareState(1, 4, 0, 3, goal=user.puzzle.target, graph=user.puzzle.graph, challenge_kind="random", moves=(1,))
    assert ";p=random;m=" in format_share(state) and parse_share(format_share(state)) == state
    refused = call({"op": "share", "preset": "orbix", "board": board, "challenge_kind": "Game Orbix"})
    assert (refused["ok"], refused["error"]["field"]) == (False, "challenge_kind")
    for bad, code in (("orbix:Dwg;m=AQ;p=game-orbix", "field_order"), ("orbix:Dwg;p=9x", "puzzle_name")):
        error = call({"op": "share", "text": bad})["error"]
        assert error["code"] == code, error


def test_user_graph_plays_and_solves_through_the_api_and_the_cli(tmp_path):
    sets = [{0, 1, 2}, {0, 1, 2}, {0, 1, 2}, {0, 3}]
    described = call(op="puzzle", graph=TRIANGLE_WITH_TAIL)
    assert described["ok"] and described["kind"] == "graph" and described["presses"] == [[0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 3]]
    assert described["names"][3] == "tail" and described["coords"][3] == [-1.0, -0.5] and described["title"] == "tail"
    parsed = call(op="parse", graph=described["graph"], text="2 1\n1 0")
    assert parsed["ok"] and parsed["format"] == "cells"
    reply = call(op="solve", graph=described["graph"], board=parsed["board"], minimal=True)
    assert reply["ok"] and reply["solvable"]
    solution = read_states(reply["solution"], 4, 3)
    assert pressed(sets, 3, [2, 1, 1, 0], solution) == [2, 2, 2, 2]
    pushed = call(op="press", graph=TRIANGLE_WITH_TAIL, board=parsed["board"], cell=3)
    assert read_states(pushed["board"], 4, 3) == [0, 1, 1, 1]
    link = call(op="share", graph=TRIANGLE_WITH_TAIL, board=parsed["board"], moves=[3])
    opened = call(op="share", text=link["text"])
    assert opened["ok"] and opened["board"] == parsed["board"] and opened["moves"] == [3] and opened["presses"] == described["presses"]
    path = tmp_path / "tail.txt"
    path.write_text(TRIANGLE_WITH_TAIL)
    board = tmp_path / "board.txt"
    board.write_text("2110")
    done = run("solve", "--puzzle", str(path), str(board), "--minimal", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["solvable"] and pressed(sets, 3, [2, 1, 1, 0], [int(ch) for ch in report["solution"].split()[0]]) == [2, 2, 2, 2]
    assert report["presses"] == sum(solution) == min(sum(x) for x in solutions_mod_p(sets, 4, 3, [0, 1, 1, 2]))


def read_states(text, n, k):
    from lightsout.model.codec import parse_packed, unpack

    return unpack(parse_packed(text, k)[2], n, (k - 1).bit_length())


def test_asymmetric_graph_with_holes_and_two_states():
    graph = Graph((0b0110, 0b0001, 0b1000, 0b0100))  # nobody presses itself; 0 → {1, 2}, 1 → {0}, 2 → {3}, 3 → {2}
    puzzle = Puzzle(1, 4, 2, holes=0b1000, graph=graph)
    sets = [{1, 2}, {0}, {3}, {2}]
    for lights in range(8):  # every board with the hole dark
        result = solve(puzzle, lights)
        reachable = [x for x in range(8) if pressed(sets, 2, [lights >> i & 1 for i in range(4)], [x >> i & 1 for i in range(4)])[:3] == [0, 0, 0]]
        assert result.solvable == bool(reachable)
        if result.solvable:
            assert result.presses & 0b1000 == 0 and apply(puzzle, lights, result.presses) & 0b0111 == 0


def test_graph_limits_and_bad_text_name_where():
    from lightsout.errors import BoardFormatError, TooLargeError

    with pytest.raises(TooLargeError):
        parse_puzzle("cells 5000\n")
    with pytest.raises(BoardFormatError) as error:
        parse_puzzle("cells 3\npress 1: 0 7\n")
    assert "cell 7" in str(error.value)
    with pytest.raises(BoardFormatError) as error:
        parse_puzzle("cells 3\nfrobnicate 2\n")
    assert (error.value.line, error.value.column) == (2, 1)
    with pytest.raises(BoardFormatError) as error:
        read_cells(PRESETS["orbix"].puzzle, "#" * 11)
    assert "11 cells" in str(error.value)
    reply = call(op="solve", preset="nope", board="1x1:AA")
    assert not reply["ok"] and reply["error"]["field"] == "preset"
    reply = call(op="solve", preset="cube", board="5x5:AAAAAA")
    assert not reply["ok"] and reply["error"]["field"] == "board"
    reply = call(op="solve", preset="cube", board="6x9:AAAAAAAAAA", rule="moore")
    assert not reply["ok"] and reply["error"]["field"] == "rule"
    big = Graph(tuple(1 << i | 1 << (i + 1) % 4096 for i in range(4096)))
    result = solve(Puzzle(1, 4096, graph=big), 1)
    assert result.solvable in (True, False) and result.rank + result.nullity == 4096


# -- the CLI contract ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_cli_analyze_and_solve_every_preset(name, tmp_path):
    puzzle = PRESETS[name].puzzle
    done = run("analyze", "--preset", name, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["cells"] == puzzle.cells and report["rank"] + report["nullity"] == puzzle.cells
    on = "#" if puzzle.k == 2 else str(puzzle.k - 1)
    for text in (on * puzzle.cells, format_cells(puzzle, puzzle.packed([puzzle.k - 1] * puzzle.cells))):
        path = tmp_path / "board.txt"
        path.write_text(text)
        done = run("solve", "--preset", name, "--minimal", "--json", str(path))
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        found = solve(puzzle, puzzle.packed([puzzle.k - 1] * puzzle.cells), minimal=True)
        assert report["solvable"] == found.solvable
        if found.solvable:
            counts = puzzle.states(read_cells(puzzle, report["solution"]))
            assert report["presses"] == sum(counts) == found.press_total
            assert pressed(reference_sets(name), puzzle.k, [puzzle.k - 1] * puzzle.cells, counts) == goal_states(puzzle)


def test_cli_reads_the_cube_as_six_faces_and_lists_the_presets():
    faces = "\n\n".join("#.#\n...\n#.#" if face in "UD" else "...\n...\n..." for face in CUBE_FACES)
    done = run("solve", "--preset", "cube", "--json", stdin=faces)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["solution"].count("\n\n") == 5  # written back as six faces
    listed = run("presets")
    assert listed.returncode == 0 and [line.split()[0] for line in listed.stdout.splitlines()] == list(PRESETS)
    bad = run("solve", "--preset", "cube", stdin="#" * 53)
    assert bad.returncode == 2 and "53 cells" in bad.stderr and "Traceback" not in bad.stderr


def test_puzzle_op_gives_the_page_the_cube_net_and_the_orbix_lines():
    cube = call(op="puzzle", preset="cube")
    assert cube["ok"] and (cube["kind"], cube["outline"], cube["rows"], cube["cols"], cube["text_width"], cube["text_group"]) == ("graph", "square", 6, 9, 3, 3)
    net = {"U": (0, 3), "L": (3, 0), "F": (3, 3), "R": (3, 6), "B": (3, 9), "D": (6, 3)}  # (top, left) in the drawing of docs/games.md
    for f, face in enumerate(CUBE_FACES):
        for r, c in itertools.product(range(3), repeat=2):
            top, left = net[face]
            assert cube["coords"][9 * f + 3 * r + c] == [left + c + 0.5, top + r + 0.5]
            assert cube["names"][9 * f + 3 * r + c] == f"{face}{3 * r + c + 1}"
    assert cube["preset"]["name"] == "cube" and cube["graph"] is None
    orbix = call(op="puzzle", preset="orbix")
    assert len(orbix["edges"]) == 30 and all(i not in orbix["presses"][i] for i in range(12))
    assert {tuple(edge) for edge in orbix["edges"]} == {(i, j) for i in range(12) for j in orbix["presses"][i] if i < j}
    listed = call(op="presets")["presets"]
    assert [entry["name"] for entry in listed] == list(PRESETS) and listed[1]["reversible"] and listed[1]["k"] == 3


def test_puzzle_op_lists_edges_to_draw_only_up_to_max_drawn_edges():
    from lightsout.api.puzzles import MAX_DRAWN_EDGES

    def ring_with_chords(cells: int, chords: int) -> dict:
        """A ring of `cells` whose first `chords` cells also press the cell opposite: cells + chords edges."""
        presses = [sorted({i, (i + 1) % cells, (i - 1) % cells} | ({(i + cells // 2) % cells} if i < chords else set())) for i in range(cells)]
        return {"cells": cells, "presses": presses}

    at_limit = call(op="puzzle", graph=ring_with_chords(4096, 0))
    assert len(at_limit["edges"]) == MAX_DRAWN_EDGES == 4096
    over = call(op="puzzle", graph=ring_with_chords(4096, 1))
    assert over["ok"] and over["edges"] is None and len(over["presses"][0]) == 4
    for cells, listed in ((91, 91 * 90 // 2), (92, None)):  # complete graphs: 4095 lines drawn, 4186 not
        complete = call(op="puzzle", graph={"cells": cells, "presses": [list(range(cells))] * cells})
        assert (len(complete["edges"]) if complete["edges"] else None) == listed


@pytest.mark.parametrize(
    "graph, words",
    [
        ({"presses": "all"}, "presses must be a list"),
        ({"presses": [[0, 1], [True]]}, "whole number"),
        ({"cells": 2, "presses": [[0, 5]]}, "cell 5"),
        ({"cells": 3, "coords": [[0, 0], [1, float("inf")], [2, 0]]}, "finite"),
        ({"cells": 2, "names": ["a", "b\x07"]}, "control character"),
        ({"cells": 2, "k": 1}, "k must be"),
        ({"cells": 2, "goal": "#"}, "1 cells, but the puzzle has 2"),
        ({"cells": 2, "colour": "red"}, "unknown field “colour”"),
        ("{\"cells\": 2,", "not valid JSON"),
        ("cells 2\nat 0 1\n", "expected at i x y"),
        ([1, 2], "a puzzle is its JSON object or its text"),
    ],
)
def test_bad_graphs_are_refused_with_the_field_and_a_reason(graph, words):
    request = {"op": "analyze", "graph": graph}
    reply = json.loads(handle(json.dumps(request).replace("Infinity", "1e999")))
    assert not reply["ok"] and reply["error"]["field"] == "graph" and words in reply["error"]["message"], reply


def test_a_preset_takes_another_target_and_holes():
    merlin = PRESETS["merlin"].puzzle
    holes = format_packed(3, 3, 1 << 4)  # no centre button
    reply = call(op="solve", preset="merlin", board="3x3:AAA", target="on", holes=holes, minimal=True)
    assert reply["ok"] and reply["solvable"] is not None
    puzzle = Puzzle(3, 3, 2, merlin.rule, 1 << 4, 0, "on", merlin.graph)
    found = solve(puzzle, 0, minimal=True)
    assert reply["solvable"] == found.solvable and reply["presses"] == found.press_total
    if found.solvable:
        counts = read_bits(reply["solution"], 9)
        assert counts[4] == 0
        lit = pressed(reference_sets("merlin"), 2, [0] * 9, counts)
        assert all(lit[i] == 1 for i in range(9) if i != 4)
    reply = call(op="solve", preset="lights-out-2000", board="5x5:AAAAAAAAAA", k=2)
    assert not reply["ok"] and reply["error"]["field"] == "k"


def test_bits_of_and_int_of_are_inverse_for_sparse_and_dense_sets():
    import random

    from lightsout.model.graph import bits_of, int_of

    rng = random.Random(6)
    for size, count in [(1, 0), (1, 1), (30, 3), (64, 15), (64, 16), (4096, 5), (4096, 256), (1000, 1000)]:
        cells = rng.sample(range(size), count)
        value = int_of(cells + cells[:3])  # repeats count once
        assert value == sum(1 << i for i in cells)
        assert bits_of(value) == sorted(cells)
