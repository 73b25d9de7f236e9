"""The API's ``random`` deals what was asked (issue #39): every reply checked against ``verify`` and ``solve``.

``lit`` is the number of lights ``verify`` counts (relevant lights that differ from the goal: holes and
don't-care cells excluded); ``presses`` the fewest presses ``solve`` proves; the board is always solvable
(``solve``, then ``verify`` of its solution); ``lit`` with ``presses`` is refused with a typed error that
names both.  A request that cannot be met is a typed error naming its field, never another failure."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lightsout.api import handle
from reference import naive_apply, pack, unpack

COUNTED = {"examples": 0, "lit": 0, "presses": 0, "refused": 0}
"""How many replies the property test checked (printed with pytest -s)."""


def call(**request):
    return json.loads(handle(json.dumps(request)))


def test_lit_counts_the_lights_verify_counts_not_the_dont_care_cells():
    # The case: the one lit light of "1x3:AQ" is a don't-care cell, which verify does not count.
    reply = call(op="random", rows=1, cols=3, dont_care="1x3:AQ", lit=1, seed=1)
    assert reply["ok"], reply
    verified = call(op="verify", rows=1, cols=3, dont_care="1x3:AQ", board=reply["board"], presses="1x3:AA")
    assert verified == {"ok": True, "solved": False, "lit": 1}


def test_lit_with_presses_is_refused_naming_both():
    # The case dealt 15 lit lights, lit: 3 silently ignored.
    reply = call(op="random", rows=5, cols=5, lit=3, presses=7, seed=0)
    assert not reply["ok"]
    error = reply["error"]
    assert error["name"] == "RequestError" and error["field"] == "lit", error
    assert "lit" in error["message"] and "presses" in error["message"], error
    graph = call(op="random", preset="classic", lit=3, presses=7, seed=0)["error"]
    assert graph["name"] == "RequestError" and graph["field"] == "lit" and "presses" in graph["message"]


@st.composite
def deal_requests(draw):
    """A random request: size, rule, surface, k, holes, don't-care cells, target, and lit or presses (or neither)."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = rows * cols
    asked = draw(st.sampled_from(["none", "lit", "lit", "presses", "presses"]))
    # lit and presses are for two states (presses without a mask): mostly such requests, some that must be refused.
    k = draw(st.sampled_from([2, 2, 2, 2, 2, 3] if asked != "none" else [2, 3, 4, 6, 12]))
    request = {"op": "random", "rows": rows, "cols": cols, "k": k, "seed": draw(st.integers(0, 10**6)),
               "rule": draw(st.sampled_from(["plus", "moore", "x", "hex", "custom:#../.#./..#"])),
               "surface": draw(st.sampled_from(["plane", "torus", "klein", "projective"]))}
    masked = draw(st.sampled_from([True, False, False, False, False] if asked == "presses" else [True, False]))
    holes = draw(st.lists(st.booleans(), min_size=cells, max_size=cells)) if masked and draw(st.booleans()) else [False] * cells
    dont_care = draw(st.lists(st.booleans(), min_size=cells, max_size=cells)) if masked and draw(st.booleans()) else [False] * cells
    if any(holes) and not all(holes):
        request["holes"] = pack(rows, cols, [int(h) for h in holes])
    if any(dont_care):
        request["dont_care"] = pack(rows, cols, [int(d) for d in dont_care])
    target = draw(st.sampled_from(["off", "on", "board"]))
    if target == "board":
        request["target"] = pack(rows, cols, draw(st.lists(st.integers(0, k - 1), min_size=cells, max_size=cells)), k)
    elif target == "on":
        request["target"] = "on"
    if asked == "lit":
        request["lit"] = draw(st.integers(0, cells))
    elif asked == "presses":
        request["presses"] = draw(st.integers(0, min(cells, 8)))
    return request


def puzzle_fields(request):
    return {name: request[name] for name in ("k", "rule", "surface", "holes", "dont_care", "target") if name in request}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_requests())
def test_every_deal_is_what_was_asked_by_verify_and_solve(request):
    COUNTED["examples"] += 1
    reply = call(**request)
    fields = puzzle_fields(request)
    k, rows, cols = request["k"], request["rows"], request["cols"]
    if not reply["ok"]:
        # Only what was asked may fail (no such board found in time, or a field its k or mask does not take).
        error = reply["error"]
        asked = "presses" if "presses" in request else "lit" if "lit" in request else None
        assert asked is not None and error["name"] in ("RequestError", "PressCountError") and error.get("field") == asked, (request, error)
        COUNTED["refused"] += 1
        return
    board = reply["board"]
    _, _, states = unpack(board, k)
    holes = unpack(request["holes"])[2] if "holes" in request else [0] * (rows * cols)
    assert all(state == 0 for state, hole in zip(states, holes) if hole), "a hole has no light"
    solved = call(op="solve", board=board, minimal="presses" in request, **fields)
    assert solved["ok"] and solved["solvable"], (request, solved)
    verified = call(op="verify", board=board, presses=solved["solution"], **fields)
    assert verified == {"ok": True, "solved": True, "lit": 0}, (request, verified)
    # The solution, pressed by the reference simulation (no code of the package), reaches the goal on every relevant light.
    pushed = naive_apply(rows, cols, k, request["rule"], request["surface"], states, unpack(solved["solution"], k)[2],
                         {i for i, hole in enumerate(holes) if hole})
    goal = unpack(request["target"], k)[2] if request.get("target", "off") not in ("off", "on") else [0 if request.get("target", "off") == "off" else k - 1] * (rows * cols)
    dont_care = unpack(request["dont_care"])[2] if "dont_care" in request else [0] * (rows * cols)
    assert all(p == g for p, g, hole, free in zip(pushed, goal, holes, dont_care) if not hole and not free), request
    if "lit" in request:
        COUNTED["lit"] += 1
        as_dealt = call(op="verify", board=board, presses=pack(rows, cols, [0] * (rows * cols), k), **fields)
        assert as_dealt["lit"] == request["lit"], (request, as_dealt)
    if "presses" in request:
        COUNTED["presses"] += 1
        assert solved["minimal"] and solved["presses"] == request["presses"], (request, solved)


def test_graph_deals_count_only_relevant_lights():
    # A user graph with don't-care cells: lit counts the relevant lights that differ from its goal.
    rng = random.Random(39)
    graph = {"cells": 12, "edges": [[i, (i + 1) % 12] for i in range(12)], "goal": "on"}
    for _ in range(30):
        dont_care = [int(rng.random() < 0.4) for _ in range(12)]
        relevant = 12 - sum(dont_care)
        lit = rng.randint(0, relevant)
        fields = {"graph": graph, "dont_care": pack(1, 12, dont_care)}
        reply = call(op="random", lit=lit, seed=rng.randrange(1000), **fields)
        if not reply["ok"]:
            assert reply["error"]["field"] == "lit"
            continue
        assert call(op="verify", board=reply["board"], presses=pack(1, 12, [0] * 12), **fields)["lit"] == lit
        solved = call(op="solve", board=reply["board"], **fields)
        assert solved["solvable"] and call(op="verify", board=reply["board"], presses=solved["solution"], **fields)["solved"]


def test_the_property_test_checked_many_deals():
    # Run after the property test in this module (pytest keeps the file's order): it must have met every kind.
    if COUNTED["examples"] == 0:
        return  # run alone (-k): nothing to check
    print(f"deals checked: {COUNTED}")
    assert COUNTED["lit"] >= 50 and COUNTED["presses"] >= 20, COUNTED
