"""The CLI (``python -m lightsout ... --json``) and the JSON API report the same figures for the same boards."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lightsout.api import handle
from reference import naive_apply, pack, unpack

PY = Path(__file__).resolve().parents[2] / "py"

SOLVE_FIGURES = ["solvable", "presses", "cells_pressed", "rank", "nullity", "invariant_factors", "solutions", "solvable_fraction",
                 "minimal", "minimal_count", "method"]
ANALYSIS_FIGURES = ["rows", "cols", "rank", "nullity", "invariant_factors", "solvable_fraction", "worst_case", "quiet"]


def cli(*args):
    env = dict(os.environ, PYTHONPATH=str(PY))
    done = subprocess.run([sys.executable, "-m", "lightsout", *args, "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def api(**request):
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def mask_bits(mask_text):
    symbols = "".join(mask_text.split())
    return [int(s == "-") for s in symbols], [int(s == "?") for s in symbols]


CASES = [
    # (name, rows, cols, k, surface, rule, board states, mask text or None, target)
    ("3x3 with one don't-care cell", 3, 3, 2, "plane", "plus", [1, 0, 0, 0, 0, 0, 0, 0, 0], "...\n.?.\n...", "off"),
    ("5x5 unsolvable", 5, 5, 2, "plane", "plus", [1] + [0] * 24, None, "off"),
    ("4x4 nullity 4, target on", 4, 4, 2, "plane", "plus", [0] * 16, None, "on"),
    ("ring with holes", 4, 4, 2, "torus", "moore", [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0], "-..-\n....\n....\n-..-", "off"),
    ("3 states on a Klein bottle", 3, 4, 3, "klein", "plus", [1, 2, 0, 1, 0, 0, 2, 1, 1, 0, 2, 2], None, "off"),
    ("3 states unsolvable", 4, 4, 3, "plane", "plus", [1] + [0] * 15, None, "off"),
    ("5 states, mask, projective", 3, 3, 5, "projective", "x", [4, 0, 1, 2, 3, 0, 1, 1, 0], "?..\n...\n..-", "on"),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_cli_and_api_agree(tmp_path, case):
    name, rows, cols, k, surface, rule, states, mask_text, target = case
    symbols = "0123456789"
    board_path = tmp_path / "board.txt"
    if k == 2:
        board_path.write_text("\n".join("".join("#" if states[r * cols + c] else "." for c in range(cols)) for r in range(rows)) + "\n")
    else:
        board_path.write_text("\n".join("".join(symbols[states[r * cols + c]] for c in range(cols)) for r in range(rows)) + "\n")
    options = ["--states", str(k), "--surface", surface, "--rule", rule, "--target", target]
    fields = dict(k=k, surface=surface, rule=rule, target=target)
    holes = set()
    dont_care = set()
    if mask_text is not None:
        mask_path = tmp_path / "mask.txt"
        mask_path.write_text(mask_text + "\n")
        options += ["--mask", str(mask_path)]
        hole_bits, care_bits = mask_bits(mask_text)
        fields.update(holes=pack(rows, cols, hole_bits), dont_care=pack(rows, cols, care_bits))
        holes = {i for i, bit in enumerate(hole_bits) if bit}
        dont_care = {i for i, bit in enumerate(care_bits) if bit}
        states = [0 if i in holes else v for i, v in enumerate(states)]
    board = pack(rows, cols, states, k)

    from_cli = cli("solve", str(board_path), "--minimal", *options)
    from_api = api(op="solve", board=board, minimal=True, seconds=3600, **fields)
    assert {key: from_cli[key] for key in SOLVE_FIGURES} == {key: from_api[key] for key in SOLVE_FIGURES}
    assert from_cli["solution_id"] == from_api["solution"]
    for key in ("proof", "nearest"):
        assert from_cli.get(key + "_id") == from_api.get(key)
    if from_api["solvable"]:
        presses = unpack(from_api["solution"], k)[2]
        final = naive_apply(rows, cols, k, rule, surface, states, presses, holes)
        goal = 0 if target == "off" else k - 1
        assert all(final[i] == goal for i in range(rows * cols) if i not in holes | dont_care)
        assert from_api["presses"] == sum(presses)
    else:
        assert from_api["proof"] is not None

    assert from_api["solvable_fraction"] == api(op="analyze", rows=rows, cols=cols, **fields)["solvable_fraction"]
    analysed_cli = cli("analyze", f"{rows}x{cols}", *options)
    analysed_api = api(op="analyze", rows=rows, cols=cols, **fields)
    shown = analysed_api["quiet"]
    assert {key: analysed_cli[key] for key in ANALYSIS_FIGURES if key != "quiet"} == {key: analysed_api[key] for key in ANALYSIS_FIGURES if key != "quiet"}
    assert analysed_cli["quiet"][: len(shown)] == shown
    for quiet in shown:  # a quiet pattern changes no light that counts
        changed = naive_apply(rows, cols, k, rule, surface, [0] * (rows * cols), unpack(quiet, k)[2], holes)
        assert all(changed[i] == 0 for i in range(rows * cols) if i not in dont_care)


def test_solvable_fraction_of_3x3_with_one_dont_care_cell_is_relevant_lights_minus_rank(tmp_path):
    mask = tmp_path / "mask.txt"
    mask.write_text("...\n.?.\n...\n")
    report = cli("analyze", "3x3", "--mask", str(mask))
    assert (report["rank"], report["nullity"], report["solvable_fraction"]) == (8, 1, "1/2^0")


def test_solve_reports_the_solvable_fraction_of_its_own_shape_counted_by_brute_force():
    """The solve reply's solvable_fraction (what the page's unsolvable message quotes) is the
    share of the shaped board's light patterns that some presses reach, counted here by
    pressing every press vector — not the full rectangle's figure."""
    for rows, cols, k, rule, surface, mask_text in [
        (3, 4, 2, "plus", "plane", "-..-\n....\n?..?"),
        (4, 4, 2, "plus", "plane", "-..-\n....\n....\n-..-"),  # the 4×4 board has nullity 4; this one not
        (2, 3, 3, "plus", "torus", "..-\n?.."),
    ]:
        hole_bits, care_bits = mask_bits(mask_text)
        holes = {i for i, bit in enumerate(hole_bits) if bit}
        relevant = [i for i in range(rows * cols) if i not in holes and not care_bits[i]]
        buttons = [i for i in range(rows * cols) if i not in holes]
        reached = set()
        for code in range(k ** len(buttons)):
            presses = [0] * (rows * cols)
            for button in buttons:
                presses[button], code = code % k, code // k
            lights = naive_apply(rows, cols, k, rule, surface, [0] * (rows * cols), presses, holes)
            reached.add(tuple(lights[i] for i in relevant))
        share = k ** len(relevant) // len(reached)
        assert k ** len(relevant) % len(reached) == 0
        fields = dict(k=k, rule=rule, surface=surface, holes=pack(rows, cols, hole_bits), dont_care=pack(rows, cols, care_bits))
        reply = api(op="solve", board=pack(rows, cols, [0] * (rows * cols), k), **fields)
        expected = f"1/2^{share.bit_length() - 1}" if k == 2 else f"1/{share}"
        assert reply["solvable_fraction"] == expected, (rows, cols, mask_text)
        full = api(op="solve", board=pack(rows, cols, [0] * (rows * cols), k), k=k, rule=rule, surface=surface)
        if (rows, cols) == (4, 4):
            assert full["solvable_fraction"] == "1/2^4" != reply["solvable_fraction"]
