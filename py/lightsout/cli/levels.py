"""The command line for levels: ``levels [--game NAME] [--level N] [--json]`` and ``solve --level N``.

:mod:`lightsout.cli.commands` calls :func:`list_levels` for the ``levels`` command and
:func:`solve_level` when ``solve`` is given ``--level`` (or ``--game``).  The
sets are :data:`lightsout.presets.levels.LEVEL_SETS`; a board is written in its
preset's text form (:func:`lightsout.text.puzzle_text.format_cells`).  Errors are
``ValueError`` with one line naming the option and the valid names or range;
:func:`lightsout.cli.commands.main` prints it and exits 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from ..model import codec
from ..presets.presets import preset
from ..presets.levels import LEVEL_SETS, Level, LevelSet, level_set, levels_reply
from ..text.cell_runs import format_cells

__all__ = ["list_levels", "solve_level", "level_number"]

Reader = Callable[[str | None], str]


def level_number(text: str) -> int:
    """``--level``'s value: a whole number (its range, the set's, is checked once the set is known)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise argparse.ArgumentTypeError(f"expected a level number such as 12, got {text[:40]!r}")
    return int(text)


def _sets_text() -> str:
    return ", ".join(f"{name} (--preset {entry.preset})" for name, entry in LEVEL_SETS.items())


def _set(name: str, option: str) -> LevelSet:
    try:
        return level_set(name)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def _level(entry: LevelSet, number: int) -> Level:
    if not 1 <= number <= len(entry.levels):
        raise ValueError(f"--level {number} is outside 1..{len(entry.levels)}: the {entry.name} set has {len(entry.levels)} levels")
    return entry.level(number)


def _text(entry: LevelSet, board: int) -> str:
    return format_cells(preset(entry.preset).puzzle, board)


def _one_line(text: str) -> str:
    """A board's text form on one line: rows joined by ``/``, the cube's faces by a space."""
    return " ".join(part.replace("\n", "/") for part in text.split("\n\n"))


def _heading(entry: LevelSet) -> str:
    year = "" if entry.year is None else f", {entry.year}"
    fewest = [level.minimal_presses for level in entry.levels]
    return (f"{entry.name:16} {entry.game['en']} ({entry.maker}{year}): {len(entry.levels)} levels on --preset {entry.preset}, "
            f"{min(fewest)} to {max(fewest)} presses")


def _count(level: Level) -> str:
    return f"{level.minimal_count} solution{'s' if level.minimal_count != 1 else ''}"


def list_levels(args: argparse.Namespace) -> int:
    """``levels``: every set (or ``--game``'s) with one line per level — number, fewest presses, how many solutions
    need that few, the board on one line; ``--level N``: that level, its board in the preset's text form;
    ``--json``: the API's ``levels`` reply with each board as text (``board``) and as a game ID (``board_id``)."""
    if args.level is not None and args.game is None:
        raise ValueError("--level needs the level set: --game NAME (one of " + ", ".join(LEVEL_SETS) + ")")
    chosen = [LEVEL_SETS[name] for name in LEVEL_SETS] if args.game is None else [_set(args.game, "--game")]
    if args.level is not None:
        _level(chosen[0], args.level)
    if args.json:
        def board(entry: LevelSet, value: int) -> dict[str, str]:
            puzzle = preset(entry.preset).puzzle
            return {"text": _text(entry, value), "id": codec.format_packed(puzzle.rows, puzzle.cols, value, puzzle.k)}

        reply = levels_reply(board, args.game, args.level)
        for entry_reply in reply["sets"]:
            for level_reply in entry_reply["levels"]:
                written: dict[str, Any] = level_reply["board"]
                level_reply["board"], level_reply["board_id"] = written["text"], written["id"]
        print(json.dumps(reply, indent=2, ensure_ascii=False))
        return 0
    if args.level is not None:
        entry = chosen[0]
        level = entry.level(args.level)
        print(f"{entry.name} level {level.number} of {len(entry.levels)} (--preset {entry.preset}): "
              f"fewest presses {level.minimal_presses} ({_count(level)})")
        print(_text(entry, level.board))
        if level.note is not None:
            print(f"note: {level.note['en']}")
        return 0
    blocks = []
    for entry in chosen:
        lines = [_heading(entry)]
        lines += [f"  {level.number:>2}  fewest {level.minimal_presses:>2}  ({_count(level)})  {_one_line(_text(entry, level.board))}"
                  for level in entry.levels]
        blocks.append("\n".join(lines))
    print("\n\n".join(blocks))
    return 0


def solve_level(args: argparse.Namespace, read: Reader) -> int:
    """``solve --preset NAME --level N`` / ``solve --game NAME --level N``: solve that level (the options of ``solve`` apply).

    The set is ``--game``'s, else the one named as ``--preset`` (``classic``, ``cube``); its preset is the puzzle.
    Raises ``ValueError`` for no ``--level``, FILE or ``--puzzle`` with it, an unknown set, a preset
    without levels or other than the set's, or a level out of range.
    """
    from . import presets

    if args.level is None:
        raise ValueError(f"--game {args.game} names a level set: give --level N too")
    if args.puzzle is not None:
        raise ValueError("--level is a level of a real game: give --game NAME or --preset NAME, not --puzzle")
    if args.file is not None:
        raise ValueError(f"give FILE or --level, not both (--level {args.level} is the board)")
    if args.game is not None:
        entry = _set(args.game, "--game")
        if args.preset is not None and args.preset != entry.preset:
            raise ValueError(f"--game {entry.name} is played on --preset {entry.preset}, not {args.preset}")
    elif args.preset is None:
        raise ValueError("--level needs the level set: --game NAME (one of " + ", ".join(LEVEL_SETS) + ") or --preset NAME")
    else:
        preset(args.preset)  # an unknown preset: named with the presets
        named = LEVEL_SETS.get(args.preset)
        if named is None:
            raise ValueError(f"--preset {args.preset} has no levels; the level sets are {_sets_text()}: give --game NAME")
        if named.preset != args.preset:
            raise ValueError(f"--preset {args.preset} has no levels: the {named.name} levels are boards of "
                             f"--preset {named.preset}; use --game {named.name} --level {args.level}")
        entry = named
    level = _level(entry, args.level)
    args.preset = entry.preset
    text = _text(entry, level.board)
    return presets.solve_command(args, lambda path: text if path is None else read(path))
