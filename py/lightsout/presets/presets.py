"""Presets of the real games: each handheld Lights Out as one :class:`~lightsout.model.puzzle.Puzzle`.

``PRESETS[name]`` is a :class:`Preset`: the puzzle (cells, press rule, k,
goal), the game's name, maker and year, a one-line description in English
and 简体中文, the names of its states, the order of its cells in text, and
the sources of its rule (docs/games.md cites them); :func:`preset_info` and
:func:`presets_reply` give these facts as JSON (the API's ``presets`` reply, the CLI's
``presets --json``).  Grid games are R×C
grids under a stencil rule; Merlin's Magic Square, the Lights Out Cube and
the Orbix are graphs (:class:`~lightsout.model.graph.Graph`).

Cell orders (the order of the symbols of a board in text, and the flat index):

- grids, and ``merlin``: row by row, left to right (``merlin``: 1 2 3 /
  4 5 6 / 7 8 9 as on a phone keypad, index = number − 1);
- ``cube``: six 3×3 faces in the order U (up), R (right), F (front),
  D (down), L (left), B (back) — Kociemba's facelet order — each face row
  by row as it appears in the unfolded net (U above F; L, F, R, B in a row;
  D below F)::

            U U U
            U U U
            U U U
      L L L F F F R R R B B B
      L L L F F F R R R B B B
      L L L F F F R R R B B B
            D D D
            D D D
            D D D

  The board is 6×9: row f is face f, column 3·r + c its cell (r, c).
- ``orbix``: the twelve buttons as drawn flat (a planar drawing of the
  icosahedron: an outer triangle, a hexagon, an inner triangle): 0–2 the
  outer triangle from the top clockwise, 3–8 the hexagon from the top
  clockwise, 9–11 the inner triangle clockwise from the upper right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..model.graph import Graph
from ..model.puzzle import Puzzle
from ..solving.solver import solve
from ..model.rules import PLUS, X_RULE, parse_rule

__all__ = [
    "Preset", "Solid", "PRESETS", "preset", "preset_figures", "CUBE_FACES", "cube_graph", "cube_solid", "orbix_graph", "orbix_solid",
    "merlin_graph", "preset_info", "solid_json", "presets_reply",
]

Vector = tuple[float, float, float]
"""A point or direction in 3D: x right, y up, z towards the viewer."""


@dataclass(frozen=True)
class Solid:
    """Where a game's cells sit on the solid they are on (the page's 3D view), cell i at index i.

    ``shape`` is ``"cube"`` or ``"icosahedron"``; ``points[i]`` is cell i's
    centre; ``right[i]`` and ``up[i]`` are unit vectors along the surface
    at that point, the directions of the cell's own right and up as it is
    drawn flat, with ``right × up`` pointing out of the solid (a cell seen
    from outside is not mirrored).  ``places[i]`` is (face, row, column)
    of a cube's square (face a letter of :data:`CUBE_FACES`, row and
    column 0–2 as in the unfolded net), None for a solid without faces.
    """

    shape: str
    points: tuple[Vector, ...]
    right: tuple[Vector, ...]
    up: tuple[Vector, ...]
    places: tuple[tuple[str, int, int], ...] | None = None


@dataclass(frozen=True)
class Preset:
    """A real game as a puzzle, with what the page shows about it (every text in ``en`` and ``zh``)."""

    name: str
    game: dict[str, str]
    maker: str
    year: int | None
    description: dict[str, str]
    rule: dict[str, str]
    sources: tuple[str, ...]
    puzzle: Puzzle
    states: tuple[dict[str, str], ...]
    cell_order: dict[str, str]
    notes: dict[str, str] = field(default_factory=dict)
    reversible: bool = False
    """True when the order of the states is not documented and the player may reverse it (a press then
    moves a light k − 1 steps, which is the same puzzle with states 1..k−1 named in reverse)."""
    solid: Solid | None = None
    """Where the cells sit in 3D, for a game played on a solid (the cube, the Orbix), else None."""


def _two(off_en: str = "off", on_en: str = "on", off_zh: str = "灭", on_zh: str = "亮") -> tuple[dict[str, str], ...]:
    return ({"en": off_en, "zh": off_zh}, {"en": on_en, "zh": on_zh})


ROWS_ORDER = {"en": "row by row, left to right", "zh": "逐行，从左到右"}

CUBE_FACES = ("U", "R", "F", "D", "L", "B")
"""The cube's faces in cell order (Kociemba's facelet order: up, right, front, down, left, back)."""

_NET = {"U": (0, 3), "L": (3, 0), "F": (3, 3), "R": (3, 6), "B": (3, 9), "D": (6, 3)}
"""Each face's top-left square in the unfolded net, as (row, column)."""


def _cube_point(face: str, r: int, c: int) -> tuple[float, float, float]:
    """The 3D centre of square (r, c) of a face as the net folds up: x right, y up, z towards the viewer; cube of side 3 centred at 0."""
    u, v = c - 1, 1 - r  # across and up the face, as drawn in the net
    if face == "F":
        return (u, v, 1.5)
    if face == "U":
        return (u, 1.5, -v)
    if face == "D":
        return (u, -1.5, v)
    if face == "L":
        return (-1.5, v, u)
    if face == "R":
        return (1.5, v, -u)
    return (-u, v, -1.5)  # B, right of R in the net


def cube_solid() -> Solid:
    """The cube's 54 squares in 3D (:func:`_cube_point`, side 3 centred at 0), each with the directions of its
    row (right) and column (up) as the net folds up; places (face, row, column) in cell order."""
    points, right, up, places = [], [], [], []
    for face in CUBE_FACES:
        for r in range(3):
            for c in range(3):
                here = _cube_point(face, r, c)
                points.append(here)
                right.append(_difference(_cube_point(face, r, c + 1), here))
                up.append(_difference(_cube_point(face, r - 1, c), here))
                places.append((face, r, c))
    return Solid("cube", tuple(points), tuple(right), tuple(up), tuple(places))


def _difference(a: Vector, b: Vector) -> Vector:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cube_graph() -> Graph:
    """The Lights Out Cube: 54 squares, a press changes itself and its four neighbours, across cube edges too.

    Neighbours are found in 3D: squares whose centres, on the folded cube of
    side 3, are at most 1 apart (1 on a face, √2/2 across an edge; every
    other pair is farther).  Coordinates: the unfolded net, one unit a
    square, (column + ½, row + ½).
    """
    points, coords, names = [], [], []
    for face in CUBE_FACES:
        top, left = _NET[face]
        for r in range(3):
            for c in range(3):
                points.append(_cube_point(face, r, c))
                coords.append((left + c + 0.5, top + r + 0.5))
                names.append(f"{face}{3 * r + c + 1}")
    presses = tuple(
        sum(1 << j for j, q in enumerate(points) if math.dist(p, q) <= 1.0 + 1e-9) for p in points
    )
    return Graph(presses, tuple(coords), tuple(names), "square", 3, 3)


def orbix_graph() -> Graph:
    """The Orbix: the 12 vertices of an icosahedron; a press changes its five neighbours, not itself.

    Drawn flat: outer triangle a0–a2 (cells 0–2), hexagon b0–b5 (3–8),
    inner triangle c0–c2 (9–11).  a_i meets b_{2i−1}, b_{2i}, b_{2i+1};
    c_i meets b_{2i}, b_{2i+1}, b_{2i+2}; each ring is a cycle.  Every
    vertex has five neighbours and every edge lies on two triangles: the
    icosahedron (the unit tests check it against the 3D one).
    """
    a, b, c = [0, 1, 2], [3 + i for i in range(6)], [9, 10, 11]
    pairs = []
    for i in range(3):
        pairs += [(a[i], a[(i + 1) % 3]), (c[i], c[(i + 1) % 3])]
        pairs += [(a[i], b[(2 * i + d) % 6]) for d in (-1, 0, 1)]
        pairs += [(c[i], b[(2 * i + d) % 6]) for d in (0, 1, 2)]
    pairs += [(b[i], b[(i + 1) % 6]) for i in range(6)]
    reach = [0] * 12
    for x, y in pairs:
        reach[x] |= 1 << y
        reach[y] |= 1 << x

    def polar(radius: float, degrees: float) -> tuple[float, float]:
        angle = math.radians(degrees - 90)  # 0° at the top, clockwise (y down)
        return (round(radius * math.cos(angle), 6), round(radius * math.sin(angle), 6))

    coords = [polar(3.0, 120 * i) for i in range(3)]
    coords += [polar(1.25, 60 * i) for i in range(6)]
    coords += [polar(0.5, 120 * i + 60) for i in range(3)]
    return Graph(tuple(reach), tuple(coords), None, "circle", 12, 0)


def orbix_solid() -> Solid:
    """The Orbix's 12 buttons at the vertices of an icosahedron of circumradius 1, in the cells' order.

    Seen along a 3-fold axis (z), an icosahedron's vertices lie in four
    triangles, each turned 60° from the next: the front face (the inner
    triangle c, z = z₀), three around it (the hexagon's even b, z = z₁),
    three behind those (odd b, −z₁) and the back face (the outer triangle
    a, −z₀).  Each vertex keeps the angle it has in the flat drawing
    (clockwise from the top).  Neighbours are 1/√5 apart as unit vectors
    (the cosine of an edge's angle at the centre), which fixes the
    heights: z₀² = (1 + 2/√5)/3 (two vertices of a face, 120° apart) and
    z₁² = (1 − 2/√5)/3 (neighbours on the hexagon, 60° apart).  Each
    button's up is the world's up along the sphere, its right up × outward.
    """
    z0 = math.sqrt((1 + 2 / math.sqrt(5)) / 3)
    z1 = math.sqrt((1 - 2 / math.sqrt(5)) / 3)
    places = [(120 * i, -z0) for i in range(3)]  # a: the back face
    places += [(60 * j, z1 if j % 2 == 0 else -z1) for j in range(6)]  # b: the hexagon's two triangles
    places += [(120 * i + 60, z0) for i in range(3)]  # c: the front face
    points, right, up = [], [], []
    for degrees, z in places:
        rho, angle = math.sqrt(1 - z * z), math.radians(degrees)
        point = (rho * math.sin(angle), rho * math.cos(angle), z)
        along = (-point[1] * point[0], 1 - point[1] * point[1], -point[1] * point[2])  # (0, 1, 0) less its part along point
        size = math.sqrt(sum(v * v for v in along))
        upward = (along[0] / size, along[1] / size, along[2] / size)
        points.append(point)
        up.append(upward)
        right.append(_cross(upward, point))
    return Solid("icosahedron", tuple(points), tuple(right), tuple(up))


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def merlin_graph() -> Graph:
    """Magic Square on Merlin: a corner changes its 2×2 corner block; the middle of an edge, the three lights
    of that edge; the centre, itself and its four neighbours (cells 0–8 row by row)."""

    def cells(*spots: tuple[int, int]) -> int:
        return sum(1 << (3 * r + c) for r, c in spots)

    reach = []
    for r in range(3):
        for c in range(3):
            if (r, c) == (1, 1):
                reach.append(cells((1, 1), (0, 1), (2, 1), (1, 0), (1, 2)))
            elif r != 1 and c != 1:  # a corner: the 2×2 block towards the centre
                rows, cols = (r, 1), (c, 1)
                reach.append(cells(*((rr, cc) for rr in rows for cc in cols)))
            elif r == 1:  # the middle of the left or right edge: that column
                reach.append(cells(*((rr, c) for rr in range(3))))
            else:  # the middle of the top or bottom edge: that row
                reach.append(cells(*((r, cc) for cc in range(3))))
    coords = tuple((c + 0.5, r + 0.5) for r in range(3) for c in range(3))
    return Graph(tuple(reach), coords, tuple(str(i + 1) for i in range(9)), "square", 3, 0)


KNIGHT = parse_rule("custom:.#.#./#...#/..#../#...#/.#.#.")
"""XL-25's second game: a press changes itself and every cell a chess knight's move away."""

JAAP = "https://www.jaapsch.net/puzzles/lights.htm"


def _presets() -> dict[str, Preset]:
    cross = {"en": "itself and its orthogonal neighbours", "zh": "自身及上下左右相邻的灯"}
    out = [
        Preset(
            "classic", {"en": "Lights Out", "zh": "关灯"}, "Tiger Electronics", 1995,
            {"en": "The original 5×5 handheld: switch every light off.", "zh": "最初的 5×5 掌机：把所有灯关掉。"},
            cross, (JAAP, "https://www.gamesetwatch.com/2007/01/column_beyond_tetris_lights_ou_1.php"),
            Puzzle(5, 5), _two(), ROWS_ORDER,
        ),
        Preset(
            "lights-out-2000", {"en": "Lights Out 2000", "zh": "关灯 2000"}, "Tiger Electronics", 2000,
            {"en": "5×5 with three colours: each press steps a light off → red → green → off.",
             "zh": "5×5 三色版：每按一次，灯按 灭 → 红 → 绿 → 灭 变化。"},
            cross, ("https://www.easymanua.ls/tiger-electronics/lights-out-2000/manual", "http://www.valcon.it/pp/lo-versioni/"),
            Puzzle(5, 5, 3), ({"en": "off", "zh": "灭"}, {"en": "red", "zh": "红"}, {"en": "green", "zh": "绿"}), ROWS_ORDER,
            {"en": "The order of the colours (red before green) is not documented in any source we found; reverse it if your unit differs.",
             "zh": "颜色的顺序（先红后绿）在我们找到的资料中都没有写明；若你的掌机不同，可以反转顺序。"},
            reversible=True,
        ),
        Preset(
            "deluxe-plus", {"en": "Lights Out Deluxe (+)", "zh": "豪华关灯（十字）"}, "Tiger Electronics", None,
            {"en": "The 6×6 Deluxe with the usual cross.", "zh": "6×6 豪华版，十字规则。"},
            cross, ("http://www.haar.clara.co.uk/Lights/loutdeluxe.html", JAAP),
            Puzzle(6, 6), _two(), ROWS_ORDER,
        ),
        Preset(
            "deluxe-x", {"en": "Lights Out Deluxe (×)", "zh": "豪华关灯（叉形）"}, "Tiger Electronics", None,
            {"en": "The 6×6 Deluxe with the X: a press changes itself and its four diagonal neighbours.",
             "zh": "6×6 豪华版，叉形规则：按下改变自身及四个斜向相邻的灯。"},
            {"en": "itself and its four diagonal neighbours", "zh": "自身及四个斜向相邻的灯"},
            ("http://www.haar.clara.co.uk/Lights/loutdeluxe.html",),
            Puzzle(6, 6, 2, X_RULE), _two(), ROWS_ORDER,
        ),
        Preset(
            "mini", {"en": "Mini Lights Out (key-chain)", "zh": "迷你关灯（钥匙扣）"}, "Tiger Electronics", None,
            {"en": "4×4 where the cross wraps around the edges, top to bottom and left to right.",
             "zh": "4×4，十字越过边缘绕到对边（上下、左右都绕回）。"},
            {"en": "the cross, wrapping across the edges (a torus)", "zh": "十字，越过边缘绕回（环面）"},
            ("https://www.manualslib.com/manual/3590877/Tiger-Electronics-Lights-Out-65-101.html",
             "http://www.ctkmathgamesforkids.com/Games/Merlin4x4.shtml"),
            Puzzle(4, 4, 2, PLUS.on_surface("torus")), _two(), ROWS_ORDER,
        ),
        Preset(
            "merlin", {"en": "Magic Square (Merlin)", "zh": "魔方阵（Merlin）"}, "Parker Brothers", 1978,
            {"en": "3×3 on the Merlin handheld: light the eight outer lights, centre off.",
             "zh": "Merlin 掌机上的 3×3：点亮外圈八盏灯，中心熄灭。"},
            {"en": "a corner: its 2×2 corner block; an edge middle: the three lights of that edge; the centre: itself and its four neighbours",
             "zh": "角：所在的 2×2 角块；边中：该边的三盏灯；中心：自身及四个相邻的灯"},
            (JAAP, "http://www.haar.clara.co.uk/Lights/JS/merlin.html", "https://www.cut-the-knot.org/Curriculum/Algebra/Merlin.shtml"),
            Puzzle(3, 3, 2, PLUS, 0, 0, 0b111_101_111, merlin_graph()), _two(),
            {"en": "row by row, left to right (buttons 1–9 as on a phone keypad)", "zh": "逐行，从左到右（按钮 1–9，同电话键盘）"},
        ),
        Preset(
            "xl25", {"en": "XL-25", "zh": "XL-25"}, "Vulcan Electronics (invented by László Mérő)", 1983,
            {"en": "The first electronic Lights Out, 5×5 with the cross: switch every light on.",
             "zh": "最早的电子版关灯，5×5 十字规则：把所有灯打开。"},
            cross, (JAAP, "http://www.valcon.it/pp/lo-versioni/"),
            Puzzle(5, 5, 2, PLUS, 0, 0, "on"), _two(), ROWS_ORDER,
        ),
        Preset(
            "xl25-knight", {"en": "XL-25 (knight's move)", "zh": "XL-25（马步）"}, "Vulcan Electronics (invented by László Mérő)", 1983,
            {"en": "XL-25's second game: a press changes itself and every cell a knight's move away; switch every light on.",
             "zh": "XL-25 的第二种玩法：按下改变自身及所有“马步”可达的灯；把所有灯打开。"},
            {"en": "itself and every cell a chess knight's move away", "zh": "自身及所有国际象棋马步可达的格"},
            (JAAP, "http://www.valcon.it/pp/lo-versioni/"),
            Puzzle(5, 5, 2, KNIGHT, 0, 0, "on"), _two(), ROWS_ORDER,
        ),
        Preset(
            "cube", {"en": "Lights Out Cube", "zh": "关灯魔方"}, "Tiger Electronics", None,
            {"en": "54 buttons on the faces of a 3×3×3 cube; the cross reaches across the cube's edges.",
             "zh": "3×3×3 立方体表面的 54 个按钮；十字越过棱延伸到相邻面。"},
            {"en": "itself and its four neighbours, across the cube's edges", "zh": "自身及四个相邻的格，可越过立方体的棱"},
            ("https://manualmachine.com/tiger/lightsoutcube7592/20150343-quick-start-manual",
             "https://www.gamesetwatch.com/2007/01/column_beyond_tetris_lights_ou_1.php", "http://www.valcon.it/pp/lo-versioni/"),
            Puzzle(6, 9, 2, PLUS, graph=cube_graph()), _two(),
            {"en": "six 3×3 faces in the order U R F D L B, each row by row as in the unfolded net",
             "zh": "六个 3×3 面，顺序为 上 右 前 下 左 后（U R F D L B），每面按展开图逐行"},
            {"en": "The cube's own manual numbers the buttons 1–54 face by face in another order.",
             "zh": "魔方说明书按另一种面序把按钮编为 1–54。"},
            solid=cube_solid(),
        ),
        Preset(
            "orbix", {"en": "Orbix", "zh": "Orbix 灯球"}, "Uwe Meffert", 1996,
            {"en": "A ball with 12 buttons at the vertices of an icosahedron; a press changes its five neighbours, not itself; switch every light on.",
             "zh": "球面上 12 个按钮位于正二十面体的顶点；按下改变周围五盏灯（不含自身）；把所有灯打开。"},
            {"en": "its five neighbours, not itself", "zh": "周围五个相邻的灯，不含自身"},
            ("http://www.usna.edu/Users/math/wdj/orbix.htm", JAAP,
             "http://www.math.rwth-aachen.de/~Martin.Schoenert/Cube-Lovers/Stan_Isaacs__Re__Orbix.html"),
            Puzzle(1, 12, 2, PLUS, 0, 0, "on", orbix_graph()), _two(),
            {"en": "outer triangle (3, clockwise from the top), hexagon (6, clockwise from the top), inner triangle (3, clockwise from the upper right), as drawn flat",
             "zh": "平面图中：外三角（3 个，从顶部顺时针）、六边形（6 个，从顶部顺时针）、内三角（3 个，从右上顺时针）"},
            {"en": "The Orbix's puzzle 1 (of four); it also plays a tune when all lights are off, but only all on counts as solved.",
             "zh": "即 Orbix 四个谜题中的第 1 个；全灭时也会奏乐，但只有全亮才算解开。"},
            solid=orbix_solid(),
        ),
    ]
    return {entry.name: entry for entry in out}


PRESETS: dict[str, Preset] = _presets()
"""The real games by name, in the order ``python -m lightsout presets`` lists them."""


def preset(name: str) -> Preset:
    """The preset called ``name``.  Raises ``ValueError`` naming the presets for an unknown one."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name[:40]!r}; choose one of {', '.join(PRESETS)}") from None


def preset_figures() -> list[dict[str, int | str | None]]:
    """Per preset: name, cells, k, rank, nullity, and the proven fewest presses from all off (``from_off``) and from
    every light at k − 1 (``from_on``) to its goal (None when unsolvable).  About 0.1 s in all."""
    rows: list[dict[str, int | str | None]] = []
    for name, entry in PRESETS.items():
        puzzle = entry.puzzle
        from_off = solve(puzzle, 0, minimal=True)
        from_on = solve(puzzle, puzzle.packed([puzzle.k - 1] * puzzle.cells), minimal=True)
        rows.append(
            {
                "name": name,
                "cells": puzzle.cells,
                "k": puzzle.k,
                "rank": from_off.rank,
                "nullity": from_off.nullity,
                "from_off": from_off.press_total if from_off.minimal else None,
                "from_on": from_on.press_total if from_on.minimal else None,
            }
        )
    return rows


def preset_info(entry: Preset) -> dict[str, Any]:
    """The facts about a real game: name, game, maker, year, description, rule, sources, states, cell_order, notes, reversible
    (texts as ``{"en", "zh"}``), and its size: rows, cols, cells, k, target (``"off"``/``"on"`` or a list of states), kind."""
    puzzle = entry.puzzle
    return {
        "name": entry.name,
        "game": entry.game,
        "maker": entry.maker,
        "year": entry.year,
        "description": entry.description,
        "rule": entry.rule,
        "sources": list(entry.sources),
        "states": list(entry.states),
        "cell_order": entry.cell_order,
        "notes": entry.notes or None,
        "reversible": entry.reversible,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "cells": puzzle.cells,
        "k": puzzle.k,
        "target": puzzle.target if isinstance(puzzle.target, str) else puzzle.states(puzzle.target),
        "kind": "grid" if puzzle.graph is None else "graph",
    }


def solid_json(solid: Solid) -> dict[str, Any]:
    """A game's :class:`Solid` as JSON: {shape, points, right, up, places}, each vector
    [x, y, z] to 6 decimals (x right, y up, z towards the viewer), places [face, row, column] or null."""

    def vectors(values: tuple[tuple[float, float, float], ...]) -> list[list[float]]:
        return [[round(v, 6) + 0.0 for v in value] for value in values]  # + 0.0: no "-0.0" in the JSON

    return {
        "shape": solid.shape,
        "points": vectors(solid.points),
        "right": vectors(solid.right),
        "up": vectors(solid.up),
        "places": None if solid.places is None else [list(place) for place in solid.places],
    }


def presets_reply() -> dict[str, Any]:
    """The ``presets`` op: every real game, in order (see :func:`preset_info`)."""
    return {"presets": [preset_info(entry) for entry in PRESETS.values()]}
