"""Boards drawn as SVG (lightsout.draw.svg, lightsout.svg): read back as XML, cell by cell, in the page's colours."""

from __future__ import annotations

import json
import random
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import lightsout
import lightsout.svg
from lightsout import Puzzle, PuzzleBoard, TooLargeError, parse_board, solve
from lightsout.draw import svg as drawing
from lightsout.model.puzzle import apply
from lightsout.model.rules import HEX, PLUS
from lightsout.presets.presets import preset

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
CELL_ON, CELL_OFF, MARK = "#ffd54a", "#39425a", "#23c4e8"


def parsed(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def cells(root: ElementTree.Element) -> list[ElementTree.Element]:
    return [element for element in root.iter() if element.get("class") == "cell"]


def presses(root: ElementTree.Element) -> list[ElementTree.Element]:
    return [element for element in root.iter() if element.get("class") == "press"]


def centre(element: ElementTree.Element) -> tuple[float, float]:
    """The centre of a drawn cell or mark: a rect's middle, a circle's centre, a polygon's mean corner."""
    if element.tag == f"{SVG}rect":
        return (float(element.get("x")) + float(element.get("width")) / 2, float(element.get("y")) + float(element.get("height")) / 2)
    if element.tag == f"{SVG}circle":
        return (float(element.get("cx")), float(element.get("cy")))
    corners = [tuple(map(float, point.split(","))) for point in element.get("points").split()]
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def test_a_5x5_parsed_board_draws_its_lit_cells_in_the_page_yellow_row_by_row():
    board = parse_board("5x5: 1 3 7 8 13 17 19 25")
    root = parsed(board._repr_svg_())
    drawn = cells(root)
    assert len(drawn) == 25
    lit = [i for i, cell in enumerate(drawn) if cell.get("fill") == CELL_ON]
    assert lit == [0, 2, 6, 7, 12, 16, 18, 24]
    assert all(cell.get("fill") == CELL_OFF for i, cell in enumerate(drawn) if i not in lit)
    # cell (r, c) centred at (c + ½, r + ½): row by row, left to right
    assert [centre(cell) for cell in drawn[:6]] == [(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5), (4.5, 0.5), (0.5, 1.5)]
    assert root.find(f"{SVG}title").text == "5×5 board: 8 of 25 lights on"
    assert presses(root) == []
    assert board.puzzle == Puzzle(5, 5) and board.lights == sum(1 << (i - 1) for i in (1, 3, 7, 8, 13, 17, 19, 25))


def test_a_torus_solution_marks_exactly_its_presses_and_the_frame_shows_the_gluing():
    torus = Puzzle(6, 6, rule=PLUS.on_surface("torus"))
    lights = apply(torus, 0, random.Random(3).getrandbits(36))
    solution = solve(torus, lights)
    root = parsed(solution._repr_svg_())
    drawn = cells(root)
    marked = [centre(mark) for mark in presses(root)]
    wanted = [centre(drawn[i]) for i in range(36) if solution.presses >> i & 1]
    assert marked == wanted and len(marked) == solution.presses.bit_count() > 0
    assert apply(torus, lights, solution.presses) == 0
    arrows = [element for element in root.iter(f"{SVG}polyline")]
    assert len(arrows) == 6  # one on each side, two on the top and on the bottom
    assert "torus" in root.find(f"{SVG}title").text


def arrow_directions(root: ElementTree.Element) -> list[tuple[int, int]]:
    """Each frame arrow's direction, from its back corners' middle to its tip, as signs (dx, dy)."""
    out = []
    for arrow in root.iter(f"{SVG}polyline"):
        (x1, y1), (tip_x, tip_y), (x2, y2) = [tuple(map(float, point.split(","))) for point in arrow.get("points").split()]
        dx, dy = tip_x - (x1 + x2) / 2, tip_y - (y1 + y2) / 2
        out.append(tuple(0 if abs(d) < 0.01 else (1 if d > 0 else -1) for d in (dx, dy)))  # 4 decimals drawn
    return out


@pytest.mark.parametrize(("surface", "directions"), [
    # left, right (down = +y), then the top's two and the bottom's two (right = +x)
    ("torus", [(0, 1), (0, 1), (1, 0), (1, 0), (1, 0), (1, 0)]),
    ("klein", [(0, 1), (0, 1), (1, 0), (1, 0), (-1, 0), (-1, 0)]),
    ("projective", [(0, 1), (0, -1), (1, 0), (1, 0), (-1, 0), (-1, 0)]),
])
def test_the_frame_arrows_say_which_edges_are_glued_with_a_flip(surface, directions):
    # lightsout.model.rules.wrap: a row wrapping on the Klein bottle mirrors the columns (top and bottom
    # flipped); on the projective plane a column wrapping mirrors the rows too (left and right flipped).
    root = parsed(lightsout.svg.board(Puzzle(3, 4, rule=PLUS.on_surface(surface))))
    assert arrow_directions(root) == directions
    assert list(parsed(lightsout.svg.board(Puzzle(3, 4))).iter(f"{SVG}polyline")) == []


def test_a_k3_board_draws_its_states_holes_dont_care_cells_and_press_counts():
    puzzle = Puzzle(4, 4, k=3, holes=1 << 15, dont_care=1 << 5)
    counts = [random.Random(7).randrange(3) if i != 15 else 0 for i in range(16)]
    lights = apply(puzzle, 0, puzzle.packed(counts))
    solution = solve(puzzle, lights)
    assert solution.solvable
    root = parsed(solution._repr_svg_())
    drawn = cells(root)
    assert len(drawn) == 15  # the hole is no cell
    states = puzzle.states(lights)
    colours = {0: CELL_OFF, 1: "#ffd54a", 2: "#56b4e9"}  # static/views/palette.js's first two
    assert [cell.get("fill") for cell in drawn] == [colours[states[i]] for i in range(15)]
    holes = [element for element in root.iter() if element.get("class") == "hole"]
    assert len(holes) == 1 and holes[0].get("fill") == "none" and holes[0].get("stroke-dasharray")
    assert centre(holes[0]) == (3.5, 3.5)
    unknown = [element for element in root.iter() if element.get("class") == "dont-care"]
    assert [centre(element) for element in unknown] == [(1.5, 1.5)]
    assert "?" in [text.text for text in root.iter(f"{SVG}text")]
    found = puzzle.states(solution.presses)
    marked = {centre(mark): int(mark.get("data-count")) for mark in presses(root)}
    assert marked == {(i % 4 + 0.5, i // 4 + 0.5): count for i, count in enumerate(found) if count}
    badges = sorted(text.text for text in root.iter(f"{SVG}text") if text.text.startswith("×"))
    assert badges == sorted(f"×{count}" for count in found if count > 1)
    assert "3 states" in root.find(f"{SVG}title").text


def test_above_eight_states_each_lit_cell_shows_its_number_and_a_press_is_a_frame():
    puzzle = Puzzle(2, 2, k=12)
    root = parsed(lightsout.svg.board(puzzle, puzzle.packed([0, 5, 11, 1]), puzzle.packed([1, 0, 0, 3])))
    numbers = [text.text for text in root.iter(f"{SVG}text")]
    assert numbers == ["5", "11", "1", "×3"]
    frames = presses(root)
    assert [frame.tag for frame in frames] == [f"{SVG}rect", f"{SVG}rect"] and all(frame.get("fill") == "none" for frame in frames)


def test_the_cube_draws_its_net_with_names_and_a_solution_that_solves_it():
    cube = preset("cube").puzzle
    lights = apply(cube, 0, random.Random(11).getrandbits(54))
    solution = solve(cube, lights)
    root = parsed(solution._repr_svg_())
    drawn = cells(root)
    assert len(drawn) == 54 and all(cell.tag == f"{SVG}rect" for cell in drawn)
    # the net's squares at the graph's coordinates, each named
    assert [centre(cell) for cell in drawn] == [pytest.approx(point) for point in cube.graph.coords]
    names = [text.text for text in root.iter(f"{SVG}text")]
    assert names == list(cube.graph.names)
    marked = {(round(centre(mark)[0], 1)) for mark in presses(root)}
    assert len(presses(root)) == solution.presses.bit_count() and marked
    assert apply(cube, lights, solution.presses) == 0


def test_a_hex_board_draws_hexagons_at_their_axial_centres():
    puzzle = Puzzle(2, 3, rule=HEX, holes=1)
    root = parsed(PuzzleBoard(puzzle, 0b110)._repr_svg_())
    drawn = cells(root)
    assert all(cell.tag == f"{SVG}polygon" and len(cell.get("points").split()) == 6 for cell in drawn)
    assert [centre(cell) for cell in drawn] == [pytest.approx(point, abs=1e-3) for point in [(1, 0), (2, 0), (0.5, 0.866), (1.5, 0.866), (2.5, 0.866)]]


def test_a_graph_with_circles_draws_its_edges():
    orbix = preset("orbix").puzzle
    root = parsed(PuzzleBoard(orbix, 1)._repr_svg_())
    assert len(cells(root)) == 12 and all(cell.tag == f"{SVG}circle" for cell in cells(root))
    assert len(list(root.iter(f"{SVG}line"))) == len(orbix.graph.edges()) == 30


def test_an_unsolvable_board_says_so_under_it():
    root = parsed(solve(Puzzle(4, 4), 1)._repr_svg_())
    assert presses(root) == [] and [text.text for text in root.iter(f"{SVG}text")] == ["No solution"]


def test_names_are_escaped():
    from lightsout.model.graph import Graph

    puzzle = Puzzle(1, 2, graph=Graph((3, 3), names=("<a&b>", '"q"'), outline="square"))
    root = parsed(lightsout.svg.board(puzzle, 1))
    assert [text.text for text in root.iter(f"{SVG}text")] == ["<a&b>", '"q"']


def test_a_board_above_the_limit_is_refused_and_a_notebook_gets_no_drawing():
    big = Puzzle(65, 64)
    with pytest.raises(TooLargeError) as raised:
        lightsout.svg.board(big)
    assert raised.value.limit == "max_drawn_cells"
    assert PuzzleBoard(big)._repr_svg_() is None
    assert solve(big, 0)._repr_svg_() is None
    assert parsed(lightsout.svg.board(Puzzle(64, 64))) is not None


def test_a_board_that_is_not_the_puzzles_is_refused():
    with pytest.raises(ValueError):
        PuzzleBoard(Puzzle(2, 2), 1 << 4)
    with pytest.raises(ValueError):
        lightsout.svg.board(Puzzle(2, 2, k=3), 0b11)  # a state of 3


def test_the_size_is_in_pixels_and_scales():
    small = parsed(lightsout.svg.board(Puzzle(5, 5)))
    assert float(small.get("width")) == pytest.approx(48 * (5 - 1 + 0.92 * 1.6))
    wide = parsed(lightsout.svg.board(Puzzle(2, 60)))
    assert float(wide.get("width")) == pytest.approx(640)
    assert float(parsed(lightsout.svg.board(Puzzle(5, 5), cell=10)).get("width")) == pytest.approx(10 * (4 + 0.92 * 1.6))


@pytest.mark.parametrize("value", [
    PuzzleBoard(Puzzle(2, 2), 1),
    parse_board("#.\n.#"),
    solve(Puzzle(3, 3), 0b010_111_010),
])
def test_each_public_board_value_has_one_rich_repr_only(value):
    # IPython draws every rich form an object offers: a second one would show the board twice.
    rich = sorted(name for name in dir(value) if name.startswith("_repr_") and name.endswith("_") and name != "_repr_")
    assert rich == ["_repr_svg_"]
    assert parsed(value._repr_svg_()) is not None


def test_the_public_names_reach_the_drawing():
    assert {"PuzzleBoard", "svg"} <= set(lightsout.__all__)
    assert lightsout.svg.board is drawing.board
    assert lightsout.PuzzleBoard(Puzzle(1, 1), 1).lights == 1


# -- the page's colours: one place each, static/, read back here -------------------------------------


def test_the_colours_are_the_stylesheets():
    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    root_block = css[css.index(":root {"):css.index("}", css.index(":root {"))]
    dark_block = css[css.index("@media (prefers-color-scheme: dark)"):]
    for name, value in drawing.PAGE_COLOURS.items():
        block, prop = (dark_block, "muted") if name == "muted" else (root_block, "muted" if name == "muted-light" else name)
        match = re.search(rf"--{prop}:\s*([^;]+);", block)
        assert match is not None and match.group(1).strip() == value, name


def test_the_state_colours_are_the_pages():
    script = ("import('./static/views/palette.js').then(m => console.log(JSON.stringify("
              "[2, 3, 5, 8, 9, 12, 36, 255].map(k => m.stateColours(k).map(c => [c.fill, c.text])))))")
    out = subprocess.run(["node", "-e", script], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60).stdout
    page = json.loads(out)
    ours = [[[fill, text] for fill, text in drawing.state_colours(k)] for k in (2, 3, 5, 8, 9, 12, 36, 255)]
    for k_page, k_ours in zip(page, ours):
        assert k_page[0][0] is None  # the page leaves state 0 to the stylesheet's dark cell
        assert k_ours[0][0] == CELL_OFF
        assert k_page[1:] == k_ours[1:] and k_page[0][1] == k_ours[0][1]
