"""The explain, why and methods ops: every explanation replayed press by press (by a press that shares no
code with the explanation), the first-row system checked against the chase it summarises, the per-cell
formulas against the solutions they predict."""

import json
import random
import re

import pytest

from lightsout.model import codec
from lightsout.api import call as api_call, handle
from lightsout.solving.chase import first_row_matrix
from lightsout.presets.presets import PRESETS
from lightsout.model.puzzle import Puzzle, press
from lightsout.solving.solver import solve
from lightsout.model.rules import parse_rule
from reference import STENCILS


def call(**request):
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def naive_press(states, rows, cols, cell, stencil, torus, k=2):
    """Add 1 (mod k) to every light `stencil` reaches from `cell` (a flat list of states)."""
    r, c = divmod(cell, cols)
    for dr, dc in stencil:
        rr, cc = r + dr, c + dc
        if torus:
            rr, cc = rr % rows, cc % cols
        elif not (0 <= rr < rows and 0 <= cc < cols):
            continue
        states[rr * cols + cc] = (states[rr * cols + cc] + 1) % k


def random_board(rows, cols, rng, density=0.5):
    return [int(rng.random() < density) for _ in range(rows * cols)]


def board_id(rows, cols, states, k=2):
    return codec.format_packed(rows, cols, codec.pack(states, codec.bits_per_cell(k)), k)


PLUS = STENCILS["plus"]


def replay_chase(rows, cols, states, reply, torus=False):
    """Press each step on a copy of `states`; check each chase step clears its light; return the states at the end."""
    states = list(states)
    seen_kinds = []
    for step in reply["steps"]:
        if not seen_kinds or seen_kinds[-1] != step["kind"]:
            seen_kinds.append(step["kind"])
        if step["clears"] is not None:
            assert states[step["clears"]] == 1, "a chase step presses under a lit light"
            below = step["clears"] + cols
            assert step["cell"] == (below % (rows * cols) if torus else below)
        naive_press(states, rows, cols, step["cell"], PLUS, torus)
        if step["clears"] is not None:
            assert states[step["clears"]] == 0, "and clears it"
    order = ["chase", "first-row", "chase-again"]
    assert seen_kinds == [kind for kind in order if kind in seen_kinds]
    return states


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 5), (3, 3), (4, 4), (5, 5), (6, 3), (5, 9), (8, 8), (10, 7), (12, 12)])
def test_plane_chase_replays_to_the_goal_or_the_stated_reason(rows, cols):
    rng = random.Random(rows * 100 + cols)
    for trial in range(12):
        states = random_board(rows, cols, rng)
        for target in ("off", "on"):
            reply = call(op="explain", board=board_id(rows, cols, states), target=target)
            assert reply["mode"] == "chase"
            goal = 1 if target == "on" else 0
            relative = [s ^ goal for s in states]
            end = replay_chase(rows, cols, relative, reply)
            first = [s for s in reply["steps"] if s["kind"] == "chase"]
            reference = solve(Puzzle(rows, cols), codec.pack(relative, 1))
            assert reply["solvable"] == (reference.presses is not None)
            if reply["solvable"]:
                assert end == [0] * (rows * cols)
                assert reply["presses"] == len(reply["steps"])
                assert reply["net"] >= reply["minimal_presses"] and reply["minimal_proven"]
                if reply["system"]["nullity"] <= 10:
                    assert reply["net"] == reply["minimal_presses"], "the first row is chosen for the fewest net presses"
            else:
                # The steps stop after the first chase: only the last row is lit, and the proof's parity is odd.
                after_first = replay_chase(rows, cols, relative, {"steps": first})
                assert end == after_first
                assert all(v == 0 for v in end[: (rows - 1) * cols])
                assert sorted(reply["residual"]) == [i for i, v in enumerate(end) if v]
                proof = reply["proof"]
                assert proof and sum(end[i] for i in proof) % 2 == 1
                # Every first row leaves the proof's parity odd: it is unchanged by each unknown's column.
                matrix = first_row_matrix(rows, cols)
                for column in matrix:
                    assert sum(column >> (i - (rows - 1) * cols) & 1 for i in proof) % 2 == 0


def test_the_first_row_system_is_the_chase_matrix():
    for rows, cols in [(5, 5), (4, 4), (3, 7), (9, 10)]:
        states = random_board(rows, cols, random.Random(7))
        reply = call(op="explain", board=board_id(rows, cols, states))
        system = reply["system"]
        assert (system["equations"], system["unknowns"]) == (cols, cols)
        expected = first_row_matrix(rows, cols)  # columns; M is symmetric
        assert system["matrix"] == ["".join(str(expected[j] >> e & 1) for j in range(cols)) for e in range(cols)]
        assert system["rank"] + system["nullity"] == cols
        assert system["unknown_cells"] == list(range(cols))
        assert system["equation_cells"] == [(rows - 1) * cols + c for c in range(cols)]
    wide = call(op="explain", board=board_id(3, 11, [0] * 33))
    assert wide["system"]["matrix"] is None and wide["system"]["rhs"] is None  # shown up to 10 columns
    assert wide["solvable"] and wide["steps"] == []


def test_the_5x5_system_has_rank_23():
    reply = call(op="explain", board=board_id(5, 5, [1] + [0] * 24))
    assert (reply["system"]["rank"], reply["system"]["nullity"]) == (3, 2)  # of the 5×5 first-row system
    assert not reply["solvable"] and reply["proof"]


@pytest.mark.parametrize("rows,cols", [(3, 3), (4, 5), (5, 5), (6, 6), (8, 8)])
def test_torus_chase_replays(rows, cols):
    rng = random.Random(rows * cols)
    for trial in range(10):
        states = random_board(rows, cols, rng)
        reply = call(op="explain", board=board_id(rows, cols, states), surface="torus")
        assert reply["mode"] == "chase" and reply["system"]["kind"] == "first-rows"
        assert reply["system"]["unknowns"] == 2 * cols
        end = replay_chase(rows, cols, states, reply, torus=True)
        reference = solve(Puzzle(rows, cols, rule=parse_rule("plus").on_surface("torus")), codec.pack(states, 1))
        assert reply["solvable"] == (reference.presses is not None)
        if reply["solvable"]:
            assert end == [0] * (rows * cols)
        else:
            lit = {i for i, v in enumerate(end) if v}
            assert lit == set(reply["residual"]) and lit <= set(range(cols)) | set(range((rows - 1) * cols, rows * cols))
            assert sum(end[i] for i in reply["proof"]) % 2 == 1


@pytest.mark.parametrize("rule", ["moore", "x", "custom:.#./###/.#."])
def test_other_rules_explain_the_full_system(rule):
    rng = random.Random(len(rule))
    for rows, cols in [(3, 3), (4, 4), (5, 5), (8, 8)]:
        for trial in range(4):
            states = random_board(rows, cols, rng)
            reply = call(op="explain", board=board_id(rows, cols, states), rule=rule, surface="klein" if rule.startswith("custom") else "plane")
            assert reply["mode"] == "system"
            system = reply["system"]
            assert system["rank"] == len(system["pivots"]) and system["nullity"] == rows * cols - system["rank"]
            assert set(system["free"]) == set(range(rows * cols)) - set(system["pivots"])
            puzzle = Puzzle(rows, cols, rule=parse_rule(rule).on_surface("klein" if rule.startswith("custom") else "plane"))
            lights = codec.pack(states, 1)
            for step in reply["steps"]:
                assert step["kind"] == "system"
                lights = press(puzzle, lights, *divmod(step["cell"], cols))
            assert reply["solvable"] == (solve(puzzle, codec.pack(states, 1)).presses is not None)
            assert (lights == 0) == reply["solvable"]
            if reply["solvable"]:
                assert not any(step["cell"] in system["free"] for step in reply["steps"]), "free cells are set to 0"


def test_holes_and_dont_care_cells_use_the_full_system():
    rows = cols = 5
    holes = codec.pack([1 if i in (0, 12) else 0 for i in range(25)], 1)
    dont_care = codec.pack([1 if i == 24 else 0 for i in range(25)], 1)
    rng = random.Random(3)
    solvable = 0
    for trial in range(10):
        states = [0 if i in (0, 12) else v for i, v in enumerate(random_board(rows, cols, rng))]
        reply = call(op="explain", board=board_id(rows, cols, states), holes=codec.format_packed(5, 5, holes, 2),
                     dont_care=codec.format_packed(5, 5, dont_care, 2))
        assert reply["mode"] == "system"
        puzzle = Puzzle(rows, cols, holes=holes, dont_care=dont_care)
        lights = codec.pack(states, 1)
        for step in reply["steps"]:
            assert step["cell"] not in (0, 12)
            lights = press(puzzle, lights, *divmod(step["cell"], cols))
        if reply["solvable"]:
            solvable += 1
            assert lights & ~((1 << 24) | (1 << 0) | (1 << 12)) == 0
    assert solvable > 0


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_explained_by_the_full_system(name):
    facts = call(op="puzzle", preset=name)
    rows, cols, k = facts["rows"], facts["cols"], facts["k"]
    for seed in range(3):
        board = call(op="random", preset=name, seed=seed)["board"]
        reply = call(op="explain", board=board, preset=name)
        # A grid preset under the plus rule (plane or torus ≥ 3×3) is light-chased; the others use the full system.
        chased = facts["kind"] == "grid" and facts["rule"] in ("plus", "plus@torus") and k == 2
        assert reply["mode"] in (("chase", "system") if chased else ("system",)) and reply["solvable"]
        presses_of = facts["presses"]
        states = codec.unpack(codec.parse_packed(board, k)[2], rows * cols, codec.bits_per_cell(k))
        for step in reply["steps"]:
            for light in presses_of[step["cell"]]:
                states[light] = (states[light] + 1) % k
        target = facts["target"]
        goal = [0] * (rows * cols) if target == "off" else [k - 1] * (rows * cols) if target == "on" else \
            codec.unpack(codec.parse_packed(target, k)[2], rows * cols, codec.bits_per_cell(k))
        assert states == goal
        assert reply["presses"] >= reply["minimal_presses"]


def test_refusals():
    assert call(op="explain", board=board_id(9, 9, [0] * 81), rule="moore")["mode"] == "none"
    assert call(op="explain", board=board_id(9, 9, [0] * 81), rule="moore")["refusal"] == "size"
    assert call(op="explain", board=board_id(3, 3, [0] * 9, 4), k=4)["refusal"] == "states"
    assert call(op="explain", board=board_id(2, 2, [1, 0, 0, 1]), surface="torus")["mode"] == "system"  # a torus below 3×3
    big = json.loads(handle(json.dumps({"op": "explain", "board": board_id(65, 2, [0] * 130)})))
    assert big["ok"] and big["mode"] == "none"


def _solutions(puzzle, lights):
    result = solve(puzzle, lights)
    return [puzzle.states(s) for s in result.solutions(1024)]


@pytest.mark.parametrize("rows,cols,surface", [(4, 5, "plane"), (5, 5, "plane"), (4, 4, "plane"), (3, 3, "torus"), (6, 6, "plane")])
def test_why_formulas_predict_every_solution(rows, cols, surface):
    rng = random.Random(rows + cols)
    puzzle = Puzzle(rows, cols, rule=parse_rule("plus").on_surface(surface))
    for trial in range(3):
        presses = codec.pack(random_board(rows, cols, rng), 1)
        lights = 0
        for cell in range(rows * cols):
            if presses >> cell & 1:
                lights = press(puzzle, lights, *divmod(cell, cols))
        solutions = _solutions(puzzle, lights)
        board = codec.format_packed(rows, cols, lights, 2)
        for cell in range(rows * cols):
            reply = call(op="why", board=board, cell=cell, surface=surface)
            values = {solution[cell] for solution in solutions}
            if reply["determined"]:
                assert values == {reply["value"]} and reply["value"] == reply["wrong"] % 2
                assert reply["wrong"] == sum(1 for light in reply["formula"] if lights >> light & 1)
            else:
                assert values == {0, 1} and reply["nullity"] > 0 and reply["quiet"]
                for quiet in reply["quiet"]:
                    assert quiet[cell] == 1
                    dark = 0
                    for i, v in enumerate(quiet):
                        if v:
                            dark = press(puzzle, dark, *divmod(i, cols))
                    assert dark == 0, "a quiet pattern changes no light"


def test_why_is_the_inverse_row_on_an_invertible_board():
    # 4×5 (nullity 0): the formula of cell c is row c of A⁻¹, the same by elimination and by the symmetric solve.
    puzzle = Puzzle(6, 6)
    assert solve(puzzle, 0).nullity == 0
    for cell in (0, 7, 35):
        reply = call(op="why", board=board_id(6, 6, [0] * 36), cell=cell)
        assert reply["determined"] and reply["nullity"] == 0
        solution = solve(puzzle, 1 << cell).presses  # A symmetric: row c of A⁻¹ = A⁻¹·e_c
        assert reply["formula"] == [j for j in range(36) if solution >> j & 1]
    big = call(op="why", board=board_id(20, 20, [0] * 400), cell=5)
    assert big["nullity"] == solve(Puzzle(20, 20), 0).nullity


def test_why_refuses_a_10000x10000_board_before_reading_its_lights(monkeypatch):
    # It unpacked the 10^8 lights into lists first: 57-64 s and 2.3-2.5 GB before this refusal.
    def unpacked(self, value):
        raise AssertionError(f"{self.rows}x{self.cols} unpacked into a list of states")

    monkeypatch.setattr(Puzzle, "states", unpacked)
    reply, _ = api_call(json.dumps({"op": "why", "board": "10000x10000@0", "cell": 5}), bytes(10**8 // 8))
    error = json.loads(reply)["error"]
    assert (error["name"], error["limit"]) == ("TooLargeError", "explain_cells"), error


def test_why_with_three_states():
    reply = call(op="why", board=call(op="random", preset="lights-out-2000", seed=1)["board"], preset="lights-out-2000", cell=12)
    assert reply["nullity"] == 3


def test_methods_are_measured_or_refused_with_a_reason():
    pressed = [0] * 16
    naive_press(pressed, 4, 4, 5, PLUS, False)  # a solvable board: one press
    reply = call(op="methods", board=board_id(4, 4, pressed))
    by_name = {entry["name"]: entry for entry in reply["methods"]}
    assert list(by_name) == ["full-enumeration", "first-row-enumeration", "full-system", "first-row-system", "chebyshev"]
    for entry in by_name.values():
        assert entry["reason"] is None and entry["seconds"] >= 0 and entry["presses"] >= 1
    assert by_name["full-enumeration"]["cost"] == "2^(RC)"
    assert abs(by_name["full-enumeration"]["log10_operations"] - 16 * 0.30103) < 1e-3
    big = {entry["name"]: entry for entry in call(op="methods", board=board_id(10, 10, [0] * 100))["methods"]}
    assert big["full-enumeration"]["reason"] == "too_slow" and big["chebyshev"]["reason"] is None
    moore = {entry["name"]: entry for entry in call(op="methods", board=board_id(3, 3, [1] * 9), rule="moore")["methods"]}
    assert moore["chebyshev"]["reason"] == "plus_plane" and moore["full-system"]["reason"] is None
    states = {entry["name"]: entry for entry in call(op="methods", board=board_id(3, 3, [0] * 9, 3), k=3)["methods"]}
    assert all(entry["reason"] == "two_states" for entry in states.values())


@pytest.mark.parametrize("surface", ["plane", "torus"])
def test_the_largest_grid_is_explained(surface):
    rows = cols = 64
    torus = surface == "torus"
    rng = random.Random(64)
    presses = random_board(rows, cols, rng, 0.3)
    states = [0] * (rows * cols)
    for cell, pressed in enumerate(presses):
        if pressed:
            naive_press(states, rows, cols, cell, PLUS, torus)
    reply = call(op="explain", board=board_id(rows, cols, states), surface=surface)
    assert reply["mode"] == "chase" and reply["solvable"] and reply["system"]["matrix"] is None
    assert replay_chase(rows, cols, states, reply, torus) == [0] * (rows * cols)
    assert reply["net"] >= reply["minimal_presses"]


@pytest.mark.parametrize("rows,cols,surface", [(5, 5, "plane"), (6, 6, "plane"), (4, 4, "plane"), (4, 7, "plane"), (5, 5, "torus"), (3, 4, "torus")])
def test_why_answers_in_the_words_of_the_walk(rows, cols, surface):
    """Issue #31: "why this press?" on a chased board gives the walk's own reason. A chase press
    (every step pressing the cell is listed) clears the light just above it, lit when the step
    came (replayed here); a cell of a chased row no step presses has that light dark each time;
    a press of the unknown rows is decided by the marked residual lights — lit after the first
    chase, as counted, with the pressed free cells ``given`` — and every solution of the board
    that agrees with the walk on its free cells agrees with it there; a free cell is pressed in
    some solutions and not in others; an unsolvable board's unknown cells point at the proof."""
    rng = random.Random(rows * 31 + cols)
    torus = surface == "torus"
    puzzle = Puzzle(rows, cols, rule=parse_rule("plus").on_surface(surface))
    stencil = STENCILS["plus"]
    for trial in range(4):
        states = random_board(rows, cols, rng)
        lights = codec.pack(states, 1)
        board = codec.format_packed(rows, cols, lights, 2)
        walk = call(op="explain", board=board, surface=surface)
        assert walk["mode"] == "chase"
        # The board before each step, replayed by a press that shares no code with the walk.
        before = [states]
        for step in walk["steps"]:
            after = list(before[-1])
            naive_press(after, rows, cols, step["cell"], stencil, torus)
            before.append(after)
        chased = len([s for s in walk["steps"] if s["kind"] == "chase"])
        result = solve(puzzle, lights)
        solutions = [puzzle.states(s) for s in result.solutions(1024)] if result.solvable else []
        unknown = set(walk["system"]["unknown_cells"])
        free_cells = []
        reasons = {}
        for cell in range(rows * cols):
            reply = call(op="why", board=board, cell=cell, surface=surface)
            reasons[cell] = reply
            assert reply["solutions"] == str(len(solutions)) if result.solvable else reply["solutions"] == "0"
            assert [s["index"] for s in reply["steps"]] == [i for i, s in enumerate(walk["steps"]) if s["cell"] == cell]
            if cell not in unknown:
                (light,) = reply["lights"]
                assert light == ((cell // cols - 1) % rows) * cols + cell % cols, "the light just above"
                assert reply["reason"] == ("chase" if reply["steps"] else "dark")
                for step in reply["steps"]:
                    assert step["clears"] == light and before[step["index"]][light] == 1, "lit when its step came"
            elif not walk["solvable"]:
                assert reply["reason"] == "unsolvable" and reply["lights"] == walk["proof"]
            else:
                assert reply["pressed"] == any(s["cell"] == cell for s in walk["steps"])
                if reply["reason"] == "free":
                    free_cells.append(cell)
                    assert {solution[cell] for solution in solutions} == {0, 1}
                else:
                    assert reply["reason"] == "first-row"
                    assert set(reply["lights"]) <= set(walk["system"]["equation_cells"])
                    assert reply["lit"] == sum(before[chased][light] for light in reply["lights"])
                    assert reply["pressed"] == bool((reply["lit"] + len(reply["given"])) % 2)
        if walk["solvable"]:
            # The walk's presses, and every solution agreeing with them on the free cells agrees on the decided ones.
            net = [0] * (rows * cols)
            for step in walk["steps"]:
                net[step["cell"]] ^= 1
            agreeing = [s for s in solutions if all(s[c] == net[c] for c in free_cells)]
            assert agreeing and all(s[c] == net[c] for s in agreeing for c in unknown)
            for cell, reply in reasons.items():
                assert all(g in free_cells and net[g] for g in reply["given"]), cell


def test_why_on_the_full_system_says_formula_free_or_unsolvable():
    """Off light chasing (the Moore rule): the reason is the formula, or a free choice with a quiet
    pattern pressing the cell marked, with the board's number of solutions; no reason on an unsolvable board."""
    puzzle = Puzzle(5, 5, rule=parse_rule("moore"))
    assert solve(puzzle, 0).nullity > 0
    lights = press(puzzle, press(puzzle, 0, 1, 1), 2, 3)
    board = codec.format_packed(5, 5, lights, 2)
    count = solve(puzzle, lights).solution_count
    walk = call(op="explain", board=board, rule="moore")
    assert walk["mode"] == "system"
    seen = set()
    for cell in range(25):
        reply = call(op="why", board=board, cell=cell, rule="moore")
        seen.add(reply["reason"])
        assert reply["solutions"] == str(count)
        assert reply["lights"] == (reply["formula"] if reply["reason"] == "formula" else [j for j, v in enumerate(reply["quiet"][0]) if v])
        assert reply["pressed"] == any(step["cell"] == cell for step in walk["steps"])
        if reply["reason"] == "formula":
            assert reply["pressed"] == (reply["value"] == 1)
    assert seen == {"formula", "free"}
    unsolvable = next(b for b in range(1, 1 << 25) if not solve(puzzle, b).solvable)
    reply = call(op="why", board=codec.format_packed(5, 5, unsolvable, 2), cell=0, rule="moore")
    assert (reply["reason"], reply["lights"], reply["solutions"]) == ("unsolvable", [], "0")


def test_the_methods_title_counts_the_methods_measured():
    """Issue #31: "The four methods, measured" headed five rows. The title's number, in English and
    中文, is the number of methods the methods op measures."""
    from pathlib import Path

    strings = Path(__file__).resolve().parents[2] / "static" / "strings"
    titles = {code: json.loads((strings / f"{code}.json").read_text(encoding="utf-8"))["methodsTitle"] for code in ("en", "zh")}
    rows = call(op="methods", board=board_id(5, 5, [1] + [0] * 24))["methods"]
    words = {"en": ["one", "two", "three", "four", "five", "six", "seven"], "zh": ["一", "两", "三", "四", "五", "六", "七"]}
    for code, title in titles.items():
        said = [n for n, word in enumerate(words[code], 1) if re.search(rf"\b{word}\b" if code == "en" else word, title, re.IGNORECASE)]
        assert said == [len(rows)], (code, title, len(rows))
