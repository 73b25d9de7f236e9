"""Click rules, the torus, masks, and the analysis that explains unsolvable boards."""

import functools
import itertools
import json
import random

import pytest
from board_solve import presses_of, quiet_of, solve_board
from lightsout.model.board import Board
from lightsout.analysis.figures import left_kernel, nearest, proof, worst_case
from lightsout.cli.commands import main
from lightsout.model.mask import Mask
from lightsout.text.mask_text import format_mask, parse_mask
from lightsout.model.rules import MOORE, PLUS, X_RULE, Rule, parse_rule
from reference import naive_apply, naive_landing

RULES = [PLUS, MOORE, X_RULE, parse_rule("custom:.#./#.#/.#."), parse_rule("custom:##./.#./...")]


def naive_effect(rows, cols, rule, presses, holes=0):
    """Light changes of a set of presses, cell by cell, straight from the stencil."""
    changed = 0
    for r, c in presses:
        for dr, dc in rule.stencil:
            rr, cc = r + dr, c + dc
            if rule.torus:
                rr, cc = rr % rows, cc % cols
            elif not (0 <= rr < rows and 0 <= cc < cols):
                continue
            if not holes >> (rr * cols + cc) & 1:
                changed ^= 1 << (rr * cols + cc)
    return changed


@functools.lru_cache(maxsize=None)
def naive_table(rows, cols, rule, mask=None):
    """Map each reachable (relevant part of a) board to the press sets producing it, each a flat int (bit r·C + c).

    Every set of the 2^cells (holes are never pressed) is visited in Gray-code
    order, one cell toggled a step, XORing that cell's single-press effect
    (:func:`naive_effect`); built once per size, rule and mask (cached: do not
    change the returned table).
    """
    holes = 0 if mask is None else mask.holes
    relevant = (1 << rows * cols) - 1 if mask is None else mask.relevant
    cells = [(r, c) for r in range(rows) for c in range(cols) if not holes >> (r * cols + c) & 1]
    single = [naive_effect(rows, cols, rule, [cell], holes) for cell in cells]
    bits = [1 << (r * cols + c) for r, c in cells]
    table = {0: [0]}
    lights = chosen = 0
    for step in range(1, 1 << len(cells)):
        i = (step & -step).bit_length() - 1  # the Gray code's one changed cell
        chosen ^= bits[i]
        lights ^= single[i]
        table.setdefault(lights & relevant, []).append(chosen)
    return table


def press_flat(rows, cols, presses):
    return sum(1 << (r * cols + c) for r, c in presses)


SIZES = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
@pytest.mark.parametrize("torus", [False, True])
@pytest.mark.parametrize("rows,cols", SIZES)
def test_rules_and_topologies_agree_with_naive_enumeration(rule, torus, rows, cols):
    rule = rule.on_torus(torus)
    table = naive_table(rows, cols, rule)
    rng = random.Random(rows * 31 + cols + torus)
    quiet_count = len(table.get(0, []))
    flats = rng.sample(range(1 << rows * cols), min(24, 1 << rows * cols))
    methods = ["full-system", "full-enumeration"] + (["torus-chase"] if torus and rule == PLUS.on_torus() and rows >= 3 and cols >= 3 else [])
    for flat in flats:
        board = Board.from_flat(rows, cols, flat, rule)
        expected = table.get(flat, [])
        for method in methods:
            result = solve_board(board, method=method)
            assert result.solution_count == len(expected), (method, board)
            assert 1 << result.nullity == quiet_count
            if expected:
                presses = list(presses_of(result).cells())
                assert naive_effect(rows, cols, rule, presses) == flat


@pytest.mark.parametrize("rule", [PLUS, MOORE, X_RULE], ids=lambda rule: rule.name)
def test_bigger_torus_boards_agree_between_methods(rule):
    rng = random.Random(5)
    for rows, cols in [(5, 5), (6, 7), (8, 5)]:
        torus = rule.on_torus()
        board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)], torus)
        full = solve_board(board, method="full-system")
        auto = solve_board(board)
        assert (auto.solvable, auto.nullity) == (full.solvable, full.nullity)
        if auto.solvable:
            assert naive_effect(rows, cols, torus, list(presses_of(auto).cells())) == board.flat
        for quiet in quiet_of(auto):
            assert naive_effect(rows, cols, torus, list(quiet.cells())) == 0 and not quiet.is_dark


def random_mask(rng, rows, cols):
    holes = dont_care = 0
    for i in range(rows * cols):
        roll = rng.random()
        if roll < 0.15:
            holes |= 1 << i
        elif roll < 0.3:
            dont_care |= 1 << i
    return Mask(rows, cols, holes, dont_care)


@pytest.mark.parametrize("seed", range(10))
def test_masks_agree_with_naive_enumeration(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    rule = rng.choice(RULES).on_torus(rng.random() < 0.3)
    mask = random_mask(rng, rows, cols)
    table = naive_table(rows, cols, rule, mask)
    for _ in range(10):
        board = Board.from_flat(rows, cols, rng.getrandbits(rows * cols), rule)
        expected = table.get(board.flat & mask.relevant, [])
        for method in ("full-system", "full-enumeration"):
            result = solve_board(board, method=method, mask=mask, minimal=True)
            assert result.solution_count == len(expected)
            assert result.rank + result.nullity == mask.cells
            if expected:
                flat = result.presses
                assert flat & mask.holes == 0  # a hole has no button
                assert naive_effect(rows, cols, rule, list(presses_of(result).cells()), mask.holes) & mask.relevant == board.flat & mask.relevant
                assert result.press_total == min(p.bit_count() for p in expected)
            else:
                check_proof(proof(result), board, rule, mask)


def check_proof(found, board, rule, mask=None):
    """A proof (a flat light set) is one that every press hits evenly, and that the board hits oddly."""
    rows, cols = board.rows, board.cols
    holes = 0 if mask is None else mask.holes
    relevant = (1 << rows * cols) - 1 if mask is None else mask.relevant
    assert found is not None
    y = found
    assert y & ~relevant == 0
    assert (y & board.flat).bit_count() % 2 == 1
    for r in range(rows):
        for c in range(cols):
            if not holes >> (r * cols + c) & 1:
                assert (naive_effect(rows, cols, rule, [(r, c)], holes) & y).bit_count() % 2 == 0


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
@pytest.mark.parametrize("rows,cols", [(4, 4), (5, 5), (3, 5)])
def test_unsolvable_boards_come_with_a_proof_and_the_nearest_solvable_board(rule, rows, cols):
    rng = random.Random(rows * cols)
    table = naive_table(rows, cols, rule) if rows * cols <= 16 else None
    for _ in range(8):
        board = Board.from_flat(rows, cols, rng.getrandbits(rows * cols), rule)
        result = solve_board(board)
        toggles = nearest(result)
        if result.solvable:
            assert proof(result) is None and toggles is None
            continue
        check_proof(proof(result), board, rule)
        assert toggles is not None and toggles
        assert solve_board(Board.from_flat(rows, cols, board.flat ^ toggles, rule)).solvable
        if table is not None:  # no board closer than the answer is solvable
            closest = min((board.flat ^ reachable).bit_count() for reachable in table)
            assert toggles.bit_count() == closest


def test_left_kernel_of_symmetric_rule_is_the_quiet_space():
    assert len(left_kernel(5, 5)) == 2
    rule = parse_rule("custom:##./.#./...")
    assert not rule.is_symmetric
    for y in left_kernel(4, 4, rule):
        for r, c in itertools.product(range(4), range(4)):
            assert (naive_effect(4, 4, rule, [(r, c)]) & y).bit_count() % 2 == 0


def naive_matrix_is_symmetric(rows, cols, stencil, surface):
    """True when press p changes light q as often as press q changes light p (mod 2), landing by reference.naive_landing."""
    odd = set()
    for p in itertools.product(range(rows), range(cols)):
        for dr, dc in stencil:
            q = naive_landing(p[0] + dr, p[1] + dc, rows, cols, surface)
            if q is not None:
                odd ^= {(p, q)}
    return all((q, p) in odd for p, q in odd)


def closed(stencil, maps):
    """The stencil with every offset's images under ``maps`` added, until nothing new comes."""
    out = set(stencil)
    while True:
        more = {f(offset) for f in maps for offset in out} - out
        if not more:
            return frozenset(out)
        out |= more


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective"])
def test_is_symmetric_says_whether_the_press_matrix_is_symmetric(surface):
    # Every stencil within 3×3, and random ones within 5×5 made point- and mirror-symmetric.
    square = list(itertools.product((-1, 0, 1), repeat=2))
    stencils = [frozenset(o for i, o in enumerate(square) if bits >> i & 1) for bits in range(1, 1 << 9)]
    rng = random.Random(surface)
    point = (lambda o: (-o[0], -o[1]),)
    mirror = point + (lambda o: (-o[0], o[1]),)
    for _ in range(12):
        drawn = {(rng.randint(-2, 2), rng.randint(-2, 2)) for _ in range(rng.randint(1, 4))}
        stencils += [frozenset(drawn), closed(drawn, point), closed(drawn, mirror)]
    symmetric = 0
    for stencil in stencils:
        rule = Rule("test", stencil, surface)
        if rule.is_symmetric:  # sufficient on every size, tiny wrapped-twice boards included
            symmetric += 1
            for rows, cols in itertools.product(range(1, 6), repeat=2):
                assert naive_matrix_is_symmetric(rows, cols, stencil, surface), (sorted(stencil), rows, cols)
        else:  # and necessary from 2·reach + 1 = 5 cells a side
            assert not naive_matrix_is_symmetric(5, 5, stencil, surface), sorted(stencil)
    assert symmetric >= 16 + 12


@pytest.mark.parametrize("rule", [PLUS, MOORE, X_RULE], ids=lambda rule: rule.name)
@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 3), (3, 4), (4, 4)])
def test_worst_case_is_the_exhaustive_maximum(rule, rows, cols):
    table = naive_table(rows, cols, rule)
    expected = max(min(p.bit_count() for p in press_sets) for press_sets in table.values())
    assert worst_case(rows, cols, rule) == expected


def test_worst_case_known_figure_for_5x5():
    assert worst_case(5, 5) == 15


def test_fewest_presses_on_other_rules_is_the_exhaustive_minimum():
    rng = random.Random(11)
    for rule in RULES:
        table = naive_table(4, 4, rule.on_torus(rule is MOORE))
        rule = rule.on_torus(rule is MOORE)
        for flat in rng.sample(sorted(table), 5):
            result = solve_board(Board.from_flat(4, 4, flat, rule), minimal=True)
            assert result.minimal and result.press_total == min(p.bit_count() for p in table[flat])
            assert result.minimal_count == sum(1 for p in table[flat] if p.bit_count() == result.press_total)


def test_parse_rule():
    assert parse_rule("plus") is PLUS and parse_rule("MOORE") is MOORE and parse_rule("x") is X_RULE
    assert parse_rule("custom:.#./###/.#.") is PLUS
    custom = parse_rule("custom:..#../...../..#../...../.....")
    assert custom.stencil == {(-2, 0), (0, 0)}
    for bad, words in [
        ("hexagon", "unknown rule"),
        ("custom:##/##", "odd number"),
        ("custom:#.#/.#/#.#", "row 2 has 2 cells"),
        ("custom:#?#/.#./#.#", "row 1, column 2"),
        ("custom:.../.../...", "at least one"),
        ("custom:" + "/".join(["#######"] * 7), "at most 5x5"),
    ]:
        with pytest.raises(ValueError, match=words):
            parse_rule(bad)


def test_mask_round_trip_and_errors():
    text = "-.-\n.?.\n-.-"
    mask = parse_mask(text)
    assert (mask.holes.bit_count(), mask.dont_care.bit_count(), mask.cells) == (4, 1, 5)
    assert format_mask(mask) == text
    from lightsout import BoardFormatError

    with pytest.raises(BoardFormatError) as caught:
        parse_mask("..\n.x")
    assert (caught.value.line, caught.value.column) == (2, 2)
    with pytest.raises(BoardFormatError):
        parse_mask("..\n...")


def test_cli_variants(tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text("#...\n....\n....\n....\n")
    assert main(["solve", str(board), "--rule", "moore", "--torus", "--json", "--minimal"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rule"] == "moore on a torus"
    if report["solvable"]:
        presses = Board.from_id(report["solution_id"])
        torus = MOORE.on_torus()
        assert naive_effect(4, 4, torus, list(presses.cells())) == 1
    mask = tmp_path / "mask.txt"
    mask.write_text("-..-\n....\n....\n-..-\n")
    board.write_text(".##.\n####\n####\n.##.\n")
    assert main(["solve", str(board), "--mask", str(mask), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["solvable"] and report["rank"] + report["nullity"] == 12
    board.write_text("#....\n.....\n.....\n.....\n.....\n")
    assert main(["solve", str(board), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert not report["solvable"] and report["proof"] and report["nearest"].count("#") == 1
    assert main(["analyze", "5x5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["worst_case"] == 15
    assert main(["analyze", "3x3", "--rule", "custom:##/##"]) == 2
    assert main(["solve", str(board), "--mask", str(mask)]) == 2
    assert "mask is 4x4, board is 5x5" in capsys.readouterr().err


@pytest.mark.parametrize("surface", ["torus", "klein", "projective"])
def test_wrapped_chase_agrees_with_elimination_on_every_surface_it_covers(surface):
    rng = random.Random(5)
    rule = PLUS.on_surface(surface)
    sizes = [(3, 3), (3, 5), (4, 4), (5, 7), (6, 3), (8, 8), (4, 3), (7, 4), (9, 6), (10, 11)]
    for rows, cols in sizes if surface != "projective" else [(r, c) for r, c in sizes if r >= 4]:
        for _ in range(6):
            board = Board(rows, cols, [rng.getrandbits(cols) for _ in range(rows)], rule)
            chased = solve_board(board, method=f"{surface}-chase")
            full = solve_board(board, method="full-system")
            assert (chased.solvable, chased.nullity) == (full.solvable, full.nullity)
            if chased.solvable:
                assert naive_apply(rows, cols, 2, "plus", surface, [board.lights[r] >> c & 1 for r in range(rows) for c in range(cols)],
                                   [presses_of(chased).lights[r] >> c & 1 for r in range(rows) for c in range(cols)]) == [0] * (rows * cols)
            for quiet in quiet_of(chased):
                assert Board(rows, cols, (), rule).apply(quiet).is_dark


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective"])
def test_row_effects_agree_with_pressing_cell_by_cell_on_every_surface(surface):
    rng = random.Random(len(surface))
    for name, rule in (("plus", PLUS), ("moore", MOORE), ("x", X_RULE)):
        for rows in range(1, 7):
            for cols in range(1, 7):
                on_surface = rule.on_surface(surface)
                for _ in range(3):
                    presses = [rng.getrandbits(cols) for _ in range(rows)]
                    board = Board(rows, cols, (), on_surface).apply(Board(rows, cols, presses, on_surface))
                    flat_presses = [presses[r] >> c & 1 for r in range(rows) for c in range(cols)]
                    expected = naive_apply(rows, cols, 2, name, surface, [0] * (rows * cols), flat_presses)
                    assert [board.lights[r] >> c & 1 for r in range(rows) for c in range(cols)] == expected, (name, rows, cols)
