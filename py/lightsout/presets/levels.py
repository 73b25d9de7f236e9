"""Levels: the handhelds' own built-in puzzles, in order, each with the fewest presses it needs.

``LEVEL_SETS[name]`` is a :class:`LevelSet`: the game, the preset of
:mod:`lightsout.presets` its boards belong to (rule, states, goal, cell order),
its sources, and its levels, numbered from 1.  Each :class:`Level` is a
packed board of that preset (k = 2: bit i = cell i in the preset's cell
order) with the fewest presses that solve it and how many solutions need
that few.  The raw boards and the figures are in :mod:`lightsout.presets.level_data`
(with their sources); docs/games.md#levels tells the sets apart.

The sets (names as the CLI's ``--game`` and the API's ``game`` take them):

- ``classic``: Lights Out (Tiger, 1995), 50 levels on the ``classic`` preset;
- ``lights-out-2000``: Lights Out 2000's two-colour game, 50 levels, also on
  ``classic`` (the ``lights-out-2000`` preset is its three-colour game, which
  has no built-in puzzles in our sources);
- ``cube``: Lights Out Cube (Tiger), 54 levels on the ``cube`` preset.

The Cube's source numbers a cell 10·face + position (faces 0–5, positions
1–9 row by row); :func:`cube_cell` carries it to the preset's cell by
:data:`CUBE_APP_FACES` and :data:`CUBE_APP_TURNS`, a map that keeps every
neighbour pair of the source's cube (tests/unit/test_levels.py checks all
108) and under which every level is solvable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable

from . import level_data
from ..errors import LevelError
from .presets import CUBE_FACES

__all__ = [
    "Level",
    "LevelSet",
    "LEVEL_SETS",
    "level_set",
    "levels_reply",
    "tiger_board",
    "cube_cell",
    "cube_board",
    "CUBE_APP_FACES",
    "CUBE_APP_TURNS",
]

CUBE_APP_FACES = ("U", "F", "R", "D", "B", "L")
"""The preset's face (:data:`lightsout.presets.CUBE_FACES`) of each face 0–5 of the Cube's source numbering."""

CUBE_APP_TURNS = (0, 0, 0, 1, 3, 3)
"""Quarter turns clockwise that lay each source face (positions 1–9 row by row) on its preset face as the net draws it."""


@dataclass(frozen=True)
class Level:
    """One built-in puzzle: ``number`` (from 1), ``board`` (packed, of the set's preset), ``minimal_presses`` (the fewest presses
    that solve it, proven), ``minimal_count`` (how many solutions need that few) and a ``note`` (``{"en", "zh"}``) or None."""

    number: int
    board: int
    minimal_presses: int
    minimal_count: int
    note: dict[str, str] | None = None


@dataclass(frozen=True)
class LevelSet:
    """A handheld's built-in puzzles, in order, on one preset of :data:`lightsout.presets.PRESETS`."""

    name: str
    preset: str
    game: dict[str, str]
    maker: str
    year: int | None
    description: dict[str, str]
    sources: tuple[str, ...]
    levels: tuple[Level, ...]

    def level(self, number: int) -> Level:
        """Level ``number`` (1 .. len(levels)).  Raises :class:`~lightsout.errors.LevelError` ``number_outside``
        (a ``ValueError``) naming the set and its range."""
        if not 1 <= number <= len(self.levels):
            raise LevelError("number_outside", number=number, set=self.name, count=len(self.levels))
        return self.levels[number - 1]


def tiger_board(rows: Sequence[int]) -> int:
    """The 5×5 board of five row ints as Jaap's list writes them (top row first, bit j = column j + 1 from the left),
    packed as the ``classic`` preset's board (bit 5·r + c).  Raises ``ValueError`` for other than five ints 0..31."""
    if len(rows) != 5 or not all(0 <= row < 32 for row in rows):
        raise ValueError(f"a 5x5 board is five rows of 0..31, not {list(rows)!r}")
    return sum(row << (5 * r) for r, row in enumerate(rows))


def cube_cell(cell_id: int) -> int:
    """The ``cube`` preset's cell (face f of U R F D L B, row r, column c: 9·f + 3·r + c) of the source's cell id
    10·face + position (face 0–5, position 1–9 row by row).  Raises ``ValueError`` for an id naming no cell
    (position 0: 10, 20, ...)."""
    face, position = divmod(cell_id, 10)
    if not (0 <= face < 6 and 1 <= position <= 9):
        raise ValueError(f"cube cell id {cell_id} names no button: 10·face + position, face 0–5, position 1–9")
    r, c = divmod(position - 1, 3)
    for _ in range(CUBE_APP_TURNS[face]):
        r, c = c, 2 - r  # a quarter turn clockwise: the top row becomes the right column
    return 9 * CUBE_FACES.index(CUBE_APP_FACES[face]) + 3 * r + c


def cube_board(cell_ids: Sequence[int]) -> int:
    """The ``cube`` preset's board with the cells of ``cell_ids`` lit (source ids, :func:`cube_cell`)."""
    board = 0
    for cell_id in cell_ids:
        board ^= 1 << cube_cell(cell_id)  # the source toggles each listed cell, so a repeat would cancel
    return board


def _levels(boards: Sequence[int], figures: Sequence[tuple[int, int]], notes: dict[int, dict[str, str]] | None = None) -> tuple[Level, ...]:
    if len(boards) != len(figures):
        raise AssertionError("level_data.FIGURES holds one pair per level")
    return tuple(
        Level(number, board, fewest, count, (notes or {}).get(number))
        for number, (board, (fewest, count)) in enumerate(zip(boards, figures), start=1)
    )


JAAP = "https://www.jaapsch.net/puzzles/lights.htm"
JAAP_LIST = "https://www.jaapsch.net/puzzles/javascript/lightjcl.htm"
JAAP_COPY = "https://github.com/mgrubinger/neolightsout/blob/34e8b9b19fe7f65a8f2c3410f45076792bbf95fc/levels-from-jaapsch-net-puzzles"
CUBE_COPY = "https://github.com/GarethRichards/LightsOutCubeApp/blob/e712c444b60bd3aa5b6d7e39a2e498fc29350dd9/src/Resources/Puzzle.xml"

CUBE_46 = {
    "en": "The transcription lists cell 50 here, which is no button (a later copy drops it); it is read as 55, the centre "
    "of the left face: the only light that makes this level need 22 presses, as levels 37–54 need 13 to 30.",
    "zh": "转录中此处写的是 50 号格，但没有这个按钮（后来的版本把它删掉了）；这里按 55（左面中心）读：只有补上这盏灯，"
    "本关才需要 22 步，与第 37–54 关依次需要 13 到 30 步相符。",
}


def _sets() -> dict[str, LevelSet]:
    figures = level_data.FIGURES
    sets = [
        LevelSet(
            "classic", "classic", {"en": "Lights Out", "zh": "关灯"}, "Tiger Electronics", 1995,
            {"en": "The 50 built-in puzzles of the original 5×5 handheld, in blocks of five needing 6, 7, … 15 presses.",
             "zh": "最初 5×5 掌机内置的 50 个谜题，每五关一组，依次需要 6、7……15 步。"},
            (JAAP, JAAP_LIST, JAAP_COPY),
            _levels([tiger_board(rows) for rows in level_data.TIGER_1995], figures["classic"]),
        ),
        LevelSet(
            "lights-out-2000", "classic", {"en": "Lights Out 2000", "zh": "关灯 2000"}, "Tiger Electronics", 2000,
            {"en": "The 50 built-in puzzles of Lights Out 2000's two-colour game (the classic rules), in blocks of five needing 6, 7, … 15 presses.",
             "zh": "关灯 2000 双色玩法（经典规则）内置的 50 个谜题，每五关一组，依次需要 6、7……15 步。"},
            (JAAP, JAAP_LIST, JAAP_COPY),
            _levels([tiger_board(rows) for rows in level_data.LIGHTS_OUT_2000], figures["lights-out-2000"]),
        ),
        LevelSet(
            "cube", "cube", {"en": "Lights Out Cube", "zh": "关灯魔方"}, "Tiger Electronics", None,
            {"en": "The 54 built-in puzzles of the Lights Out Cube: three each needing 1 to 12 presses, then 13 to 30.",
             "zh": "关灯魔方内置的 54 个谜题：需要 1 到 12 步的各三关，然后依次需要 13 到 30 步。"},
            (CUBE_COPY,),
            _levels([cube_board(cells) for cells in level_data.CUBE], figures["cube"], {46: CUBE_46}),
        ),
    ]
    return {entry.name: entry for entry in sets}


LEVEL_SETS: dict[str, LevelSet] = _sets()
"""The level sets by name, in the order the CLI lists them."""


def level_set(name: str) -> LevelSet:
    """The level set called ``name``.  Raises :class:`~lightsout.errors.LevelError` ``unknown_set`` (a ``ValueError``)
    naming the sets for an unknown one."""
    try:
        return LEVEL_SETS[name]
    except KeyError:
        raise LevelError("unknown_set", found=name[:40], choices=", ".join(LEVEL_SETS)) from None


def levels_reply(board: Callable[[LevelSet, int], Any], name: str | None = None, number: int | None = None) -> dict[str, Any]:
    """The API's ``levels`` reply (docs/api.md): ``{"sets": [...]}``, every set or only ``name``, every level or only
    ``number`` (which needs ``name``).  ``board(level_set, packed)`` writes a board for the reply.  Each set: name, preset,
    game, maker, year, description, sources, count (its number of levels), levels; each level: number, board, minimal_presses,
    minimal_count, note.  Raises :class:`~lightsout.errors.LevelError` (a ``ValueError``, :data:`lightsout.errors.LEVEL_ERRORS`)
    for an unknown set, a number out of range or a number without a set."""
    if number is not None and name is None:
        raise LevelError("set_needed")
    chosen = list(LEVEL_SETS.values()) if name is None else [level_set(name)]
    sets = []
    for entry in chosen:
        levels = entry.levels if number is None else (entry.level(number),)
        sets.append(
            {
                "name": entry.name,
                "preset": entry.preset,
                "game": entry.game,
                "maker": entry.maker,
                "year": entry.year,
                "description": entry.description,
                "sources": list(entry.sources),
                "count": len(entry.levels),
                "levels": [
                    {"number": level.number, "board": board(entry, level.board), "minimal_presses": level.minimal_presses,
                     "minimal_count": level.minimal_count, "note": level.note}
                    for level in levels
                ],
            }
        )
    return {"sets": sets}
