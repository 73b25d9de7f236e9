"""The API's view of presets and graph puzzles: the base puzzle a request names, and what the page draws.

:func:`base_puzzle` reads a request's ``preset`` (a name of
:data:`lightsout.presets.PRESETS`) or ``graph`` (a user-defined puzzle: its
JSON object, or its text in either form of :mod:`lightsout.text.puzzle_text`).
:func:`describe` gives everything the page needs to draw and play a
puzzle — grid or graph — in one JSON object (a preset's facts:
:func:`lightsout.presets.preset_info`).  Errors are ``ValueError`` (a
:class:`~lightsout.errors.BoardFormatError` with line and column for bad
text) with ``field`` set to the request field at fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..errors import BoardFormatError
from ..presets.presets import Preset, preset, preset_info, solid_json
from ..model.graph import hex_centre
from ..model.puzzle import Puzzle
from ..text.puzzle_text import UserPuzzle, parse_puzzle, puzzle_from_json, puzzle_json

__all__ = ["Base", "base_puzzle", "describe", "MAX_DESCRIBED_CELLS", "MAX_DRAWN_EDGES"]

MAX_DESCRIBED_CELLS = 4096
"""Most cells whose coordinates and press sets ``puzzle`` lists for a grid (a graph has at most
``max_graph_cells``, and is always listed)."""

MAX_DRAWN_EDGES = 4096
"""Most lines between cells ``puzzle`` lists as ``edges`` for drawing (``null`` above): more lines
are a grey blot, not a drawing one can follow, and each is an SVG element of the page (a complete
graph on 1024 cells had 523 776: a 6 s freeze to draw, seconds a press to lay out again)."""


@dataclass(frozen=True)
class Base:
    """The puzzle a request's ``preset`` or ``graph`` names, with its preset and the user puzzle's name and start."""

    puzzle: Puzzle
    preset: Preset | None = None
    user: UserPuzzle | None = None


def _tag(error: ValueError, name: str) -> ValueError:
    setattr(error, "field", name)
    return error


def base_puzzle(request: dict[str, Any]) -> Base | None:
    """The base puzzle of ``request['preset']`` or ``request['graph']``, or None when it has neither.

    Raises ``ValueError`` (``field`` = ``preset`` or ``graph``) for an
    unknown preset, both fields at once, or a graph that does not read.
    """
    name, graph = request.get("preset"), request.get("graph")
    if name is not None and graph is not None:
        raise _tag(ValueError("give preset or graph, not both"), "graph")
    if name is not None:
        if not isinstance(name, str):
            raise _tag(ValueError("request field 'preset' has the wrong type"), "preset")
        try:
            chosen = preset(name)
        except ValueError as error:
            raise _tag(error, "preset") from None
        return Base(chosen.puzzle, chosen)
    if graph is None:
        return None
    try:
        if isinstance(graph, str):
            user = parse_puzzle(graph)
        elif isinstance(graph, dict):
            user = puzzle_from_json(graph)
        else:
            raise BoardFormatError.of("graph_type", 1, 1)
    except ValueError as error:
        raise _tag(error, "graph") from None
    return Base(user.puzzle, None, user)


def describe(puzzle: Puzzle, board: Callable[[int], str], base: Base | None = None) -> dict[str, Any]:
    """What the page needs to draw and play ``puzzle`` (see docs/api.md, op ``puzzle``).

    ``board`` writes a packed board for the reply.  Coordinates are cell
    centres, y down, neighbours about 1 apart: a grid's cell (r, c) at
    (c + ½, r + ½), a ``hex`` grid by :func:`lightsout.model.graph.hex_centre`,
    a graph at its own coordinates or on a circle.  Grids above
    :data:`MAX_DESCRIBED_CELLS` cells get no ``coords`` and ``presses``;
    a graph with more than :data:`MAX_DRAWN_EDGES` edges no ``edges``.
    """
    graph = puzzle.graph
    reply: dict[str, Any] = {
        "kind": "grid" if graph is None else "graph",
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "cells": puzzle.cells,
        "k": puzzle.k,
        "target": puzzle.target if isinstance(puzzle.target, str) else board(puzzle.target),
        "rule": None if graph is not None else puzzle.rule.name,
        "surface": None if graph is not None else puzzle.surface,
    }
    if graph is not None:
        edges = graph.edges()
        reply.update(
            outline=graph.outline,
            coords=[list(point) for point in graph.layout()],
            presses=graph.press_lists(),
            edges=[list(pair) for pair in edges] if len(edges) <= MAX_DRAWN_EDGES else None,
            names=None if graph.names is None else list(graph.names),
            text_width=graph.text_width or None,
            text_group=graph.text_group or None,
        )
    else:
        hexagonal = puzzle.rule.name == "hex"
        reply.update(outline="hex" if hexagonal else "square", names=None, edges=None, text_width=puzzle.cols, text_group=None)
        if puzzle.cells <= MAX_DESCRIBED_CELLS:
            cells = [divmod(i, puzzle.cols) for i in range(puzzle.cells)]
            reply["coords"] = [list(hex_centre(r, c)) if hexagonal else [c + 0.5, r + 0.5] for r, c in cells]
            reply["presses"] = [sorted(set(puzzle.covered(r, c))) for r, c in cells]
        else:
            reply["coords"] = reply["presses"] = None
    reply["preset"] = None if base is None or base.preset is None else preset_info(base.preset)
    chosen = None if base is None else base.preset
    reply["solid"] = solid_json(chosen.solid) if chosen is not None and chosen.solid is not None and graph is chosen.puzzle.graph else None
    user = None if base is None else base.user
    reply["title"] = None if user is None else user.name
    reply["start"] = None if user is None or user.start is None else board(user.start)
    reply["graph"] = puzzle_json(puzzle, None if user is None else user.name) if graph is not None and (base is None or base.preset is None) else None
    return reply
