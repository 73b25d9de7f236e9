"""A puzzle's board drawn as SVG text: lights, presses, holes, don't-care cells, k states, any layout.

:func:`board` returns a standalone SVG document (a string) for a :class:`~lightsout.model.puzzle.Puzzle`
and a packed board of its lights (see :mod:`lightsout.model.codec`), with press counts marked if
given.  It is what a notebook shows for :class:`~lightsout.draw.puzzle_board.PuzzleBoard`, a parsed
board and a :class:`~lightsout.solving.solver.Solution` (their ``_repr_svg_``), and what
``lightsout.svg.board`` writes to a file — as python-chess's ``chess.svg.board`` does for a chess board.

Every cell is an outline at a centre, in units where neighbouring cells are 1 apart (y down), the
layout the page's API describes (:func:`lightsout.api.puzzles.describe`): a grid's cell (r, c) at
(c + ½, r + ½) as a rounded square, a ``hex`` grid's by :func:`~lightsout.model.graph.hex_centre` as a
pointy-top hexagon, a graph's at its coordinates (or on a circle) in its own outline, with its press
sets as lines for circles and its cell names when there are at most :data:`MAX_NAMED_CELLS`.  A wrapped
grid (torus, Klein bottle, projective plane) has arrows on its frame, as a surface's fundamental
polygon is drawn: the edges carrying the same number of arrows are glued, arrows the same way round
straight, opposite ways with a flip.

The look is the page's (static/style.css and static/views/palette.js; a unit test reads both): the
board's dark background, dark and yellow lights, Okabe and Ito's colours for up to 8 states and a
viridis scale with each cell's number above that, a cyan ring on a cell to press (``×n`` beside it
for n presses), hatching and a ``?`` on a don't-care cell, a dashed outline for a hole.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import TooLargeError
from ..model.graph import hex_centre
from ..model.puzzle import Puzzle

__all__ = ["board", "drawing_or_none", "state_colours", "MAX_DRAWN_CELLS", "MAX_NAMED_CELLS", "PAGE_COLOURS"]

MAX_DRAWN_CELLS = 4096
"""Most cells drawn (the page's DOM grid draws 64×64 at most too): a drawing costs about 300 bytes a
cell, so 4096 cells make about a megabyte of SVG; a bigger board raises :class:`TooLargeError`."""

MAX_NAMED_CELLS = 400
"""Most cells drawn with their names (the page's limit too: smaller labels cannot be read)."""

PAGE_COLOURS = {
    "board-bg": "#1c2230",
    "cell-off": "#39425a",
    "cell-on": "#ffd54a",
    "mark": "#23c4e8",
    "dont-care": "rgba(255, 255, 255, 0.16)",
    "muted": "#a2aaba",
    "muted-light": "#5b6475",
}
"""The page's colours by their custom property in static/style.css: ``muted`` is its dark scheme's
(arrows and lines on the dark board), ``muted-light`` its light scheme's (a caption, on the page around
the board)."""

DISTINCT_LIMIT = 8
"""Most states drawn in distinct colours, without numbers (static/views/palette.js)."""

DISTINCT = ("#ffd54a", "#56b4e9", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#0072b2")
"""States 1..7 up to 8 states: Okabe and Ito (2008), "Color Universal Design", as static/views/palette.js orders them."""

SEQUENTIAL = ("#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725")
"""Viridis (matplotlib) at t = 0.3, 0.4, …, 1.0: states 1..k − 1 above 8 states (static/views/palette.js)."""

_LIT_EDGE = "rgba(120, 70, 0, 0.7)"
_CELL_EDGE = "rgba(0, 0, 0, 0.35)"
_HOLE_EDGE = "rgba(255, 255, 255, 0.18)"
_MARK_FILL = "rgba(35, 196, 232, 0.25)"
_BADGE = "rgba(8, 12, 20, 0.82)"
_LABEL = ("#a9b1c2", "#3a2a00")  # a name on a dark cell, on a lit one
_ROUNDING = 0.16  # a square's corner radius, in cell sizes
_DEFAULT_CELL = 48.0  # pixels from a cell's centre to its neighbour's
_MOST_PIXELS = 640.0  # the longer side of a drawing at the default scale, at most


def _parse_hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour (0..255 a channel)."""
    def linear(value: int) -> float:
        s = value / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(value) for value in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _sequential(t: float) -> str:
    position = t * (len(SEQUENTIAL) - 1)
    low = min(len(SEQUENTIAL) - 2, math.floor(position))
    fraction = position - low
    a, b = _parse_hex(SEQUENTIAL[low]), _parse_hex(SEQUENTIAL[low + 1])
    # JavaScript's Math.round rounds halves up; Python's round() to even would differ from the page.
    return "#" + "".join(f"{math.floor(x + (y - x) * fraction + 0.5):02x}" for x, y in zip(a, b))


def state_colours(k: int) -> list[tuple[str, str]]:
    """(fill, text colour) of each state 0..k − 1, as static/views/palette.js's ``stateColours`` gives them.

    State 0 is the dark cell; up to :data:`DISTINCT_LIMIT` states the others are :data:`DISTINCT`
    (state 1 the lit yellow), above it the viridis scale :data:`SEQUENTIAL`.  The text colour is dark on
    a light fill (luminance above 0.3), white on a dark one.
    """
    colours = [(PAGE_COLOURS["cell-off"], "#ffffff")]
    for state in range(1, k):
        fill = DISTINCT[state - 1] if k <= DISTINCT_LIMIT else _sequential(1.0 if k == 2 else (state - 1) / (k - 2))
        colours.append((fill, "#111111" if _luminance(_parse_hex(fill)) > 0.3 else "#ffffff"))
    return colours


@dataclass(frozen=True)
class _Layout:
    centres: list[tuple[float, float]]
    outline: str  # "square", "hex" or "circle"
    size: float  # a square's side, a hexagon's width, a circle's diameter: in units
    edges: list[tuple[int, int]]
    names: Sequence[str] | None


def _closest_distance(points: list[tuple[float, float]]) -> float:
    """The least distance between two of ``points`` (a sweep along x: about n log n for spread points); inf for one."""
    ordered = sorted(points)
    best = math.inf
    for i, (x, y) in enumerate(ordered):
        for u, v in ordered[i + 1:]:
            if u - x >= best:
                break
            best = min(best, math.hypot(u - x, v - y))
    return best


def _layout(puzzle: Puzzle) -> _Layout:
    graph = puzzle.graph
    if graph is None:
        cells = [divmod(i, puzzle.cols) for i in range(puzzle.cells)]
        hexagonal = puzzle.rule.name == "hex"
        centres = [hex_centre(r, c) if hexagonal else (c + 0.5, r + 0.5) for r, c in cells]
        return _Layout(centres, "hex" if hexagonal else "square", 0.92, [], None)
    centres = graph.layout()
    spacing = _closest_distance(centres)
    spacing = spacing if 0 < spacing < math.inf else 1.0
    size = (0.72 if graph.outline == "circle" else 0.92) * min(1.0, spacing)
    edges = graph.edges() if graph.outline == "circle" else []
    names = graph.names if graph.names is not None and graph.cells <= MAX_NAMED_CELLS else None
    return _Layout(centres, graph.outline, size, edges, names)


def _number(value: float) -> str:
    """``value`` to 4 decimals, without trailing zeros (SVG is text: shorter is smaller)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _outline(outline: str, x: float, y: float, size: float, style: str) -> str:
    if outline == "circle":
        return f'<circle cx="{_number(x)}" cy="{_number(y)}" r="{_number(size / 2)}" {style}/>'
    if outline == "hex":
        radius = size / math.sqrt(3)  # pointy-top: flat side to flat side is √3 · radius = size
        corners = [(x + radius * math.cos(math.pi / 6 + k * math.pi / 3), y + radius * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]
        return f'<polygon points="{" ".join(f"{_number(px)},{_number(py)}" for px, py in corners)}" {style}/>'
    half = size / 2
    return (f'<rect x="{_number(x - half)}" y="{_number(y - half)}" width="{_number(size)}" height="{_number(size)}" '
            f'rx="{_number(size * _ROUNDING)}" {style}/>')


def _arrows(count: int, x: float, y: float, dx: float, dy: float, unit: float) -> list[str]:
    """``count`` chevrons one behind the other at (x, y) pointing along the unit vector (dx, dy), each ``unit`` long."""
    out = []
    for i in range(count):
        shift = (i - (count - 1) / 2) * unit * 0.9
        tip_x, tip_y = x + dx * (shift + unit / 2), y + dy * (shift + unit / 2)
        back_x, back_y = tip_x - dx * unit, tip_y - dy * unit
        wing_x, wing_y = -dy * unit * 0.55, dx * unit * 0.55
        out.append(f'<polyline points="{_number(back_x + wing_x)},{_number(back_y + wing_y)} {_number(tip_x)},{_number(tip_y)} '
                   f'{_number(back_x - wing_x)},{_number(back_y - wing_y)}"/>')
    return out


def _surface_arrows(surface: str, left: float, top: float, right: float, bottom: float, margin: float) -> list[str]:
    """The frame's gluing arrows for a wrapped grid whose cells fill [left, right] × [top, bottom].

    Left and right edges (one arrow) are glued when a row wraps across them — straight on the torus and
    the Klein bottle, with a flip on the projective plane; top and bottom (two arrows) straight on the
    torus, with a flip on the Klein bottle and the projective plane (:func:`lightsout.model.rules.wrap`).
    """
    flip_sides = surface == "projective"
    flip_ends = surface in ("klein", "projective")
    middle_x, middle_y, unit = (left + right) / 2, (top + bottom) / 2, 0.22
    out = ['<g fill="none" stroke="' + PAGE_COLOURS["muted"] + '" stroke-width="0.07" stroke-linecap="round" stroke-linejoin="round">']
    out += _arrows(1, left - margin, middle_y, 0, 1, unit)
    out += _arrows(1, right + margin, middle_y, 0, -1 if flip_sides else 1, unit)
    out += _arrows(2, middle_x, top - margin, 1, 0, unit)
    out += _arrows(2, middle_x, bottom + margin, -1 if flip_ends else 1, 0, unit)
    return out + ["</g>"]


def _badge(text: str, right: float, bottom: float, size: float) -> list[str]:
    """A press count's ``×n`` in the page's badge (mark colour on near-black), its corner at (right, bottom)."""
    font = size * 0.26
    width = font * (0.62 * len(text) + 0.3)  # a bold digit is about 0.6 em wide
    return [f'<rect x="{_number(right - width)}" y="{_number(bottom - font * 1.15)}" width="{_number(width)}" height="{_number(font * 1.15)}" '
            f'rx="{_number(font * 0.3)}" fill="{_BADGE}"/>',
            f'<text x="{_number(right - width / 2)}" y="{_number(bottom - font * 0.25)}" font-size="{_number(font)}" font-family="system-ui, sans-serif" '
            f'font-weight="800" text-anchor="middle" fill="{PAGE_COLOURS["mark"]}">{_escape(text)}</text>']


def board(puzzle: Puzzle, lights: int = 0, presses: int | None = None, *, cell: float | None = None, caption: str | None = None) -> str:
    """The SVG document (a string) of ``puzzle``'s board ``lights``, the cells of ``presses`` marked.

    ``lights`` and ``presses`` are packed boards (k states, bit_length(k − 1) bits a cell; for k = 2
    the flat int, bit r·C + c = cell (r, c)); ``presses`` holds press counts (a ring, and ``×n`` for
    n > 1), None for no marks.  ``cell`` is the pixels between neighbouring cells' centres (default
    48, less for a board that would be wider or taller than 640 pixels); the drawing scales as any
    SVG.  ``caption`` is a line written under the board.  Raises ``ValueError`` for a board that is
    not the puzzle's, :class:`~lightsout.errors.TooLargeError` (limit ``max_drawn_cells``) above
    :data:`MAX_DRAWN_CELLS` cells.

    >>> from lightsout.model.puzzle import Puzzle
    >>> drawing = board(Puzzle(1, 2), 0b01, presses=0b10)
    >>> drawing.startswith("<svg") and drawing.count('fill="#ffd54a"') == 1 and drawing.count('class="press"') == 1
    True
    """
    if puzzle.cells > MAX_DRAWN_CELLS:
        raise TooLargeError(f"a drawing has at most max_drawn_cells ({MAX_DRAWN_CELLS}) cells, not {puzzle.cells}",
                            "max_drawn_cells", params={"most": MAX_DRAWN_CELLS, "found": puzzle.cells})
    puzzle.check_board(lights)
    if presses is not None:
        puzzle.check_board(presses, "presses")
    layout = _layout(puzzle)
    size = layout.size
    states = puzzle.states(lights)
    counts = puzzle.states(presses) if presses is not None else [0] * puzzle.cells
    colours = state_colours(puzzle.k)
    numbered = puzzle.k > DISTINCT_LIMIT

    xs = [x for x, _ in layout.centres]
    ys = [y for _, y in layout.centres]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    wrapped = puzzle.graph is None and puzzle.surface != "plane"
    margin = size * 0.8 + (0.4 if wrapped else 0.0)
    box_left, box_top = left - margin, top - margin
    width, height = right - left + 2 * margin, bottom - top + 2 * margin
    caption_room = 0.7 if caption else 0.0
    scale = cell if cell is not None else min(_DEFAULT_CELL, _MOST_PIXELS / max(width, height + caption_room))

    lit = sum(1 for state in states if state)
    holes = puzzle.holes
    title = (f"{puzzle.rows}×{puzzle.cols} board" if puzzle.graph is None else f"{puzzle.cells}-cell board") + \
        (f", {puzzle.k} states" if puzzle.k > 2 else "") + \
        (f", {puzzle.surface}" if wrapped else "") + f": {lit} of {puzzle.buttons} lights on" + \
        ("" if presses is None else f", {sum(1 for count in counts if count)} cells to press")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_number(box_left)} {_number(box_top)} {_number(width)} {_number(height + caption_room)}" '
        f'width="{_number(width * scale)}" height="{_number((height + caption_room) * scale)}" role="img">',
        f"<title>{_escape(title)}</title>",
        "<defs>"
        f'<pattern id="dont-care" patternUnits="userSpaceOnUse" width="0.14" height="0.14" patternTransform="rotate(45)">'
        f'<rect width="0.06" height="0.14" fill="{PAGE_COLOURS["dont-care"]}"/></pattern>'
        "</defs>",
        f'<rect x="{_number(box_left)}" y="{_number(box_top)}" width="{_number(width)}" height="{_number(height)}" '
        f'rx="{_number(margin * 0.4)}" fill="{PAGE_COLOURS["board-bg"]}"/>',
    ]
    if wrapped:
        out += _surface_arrows(puzzle.surface, left - size / 2, top - size / 2, right + size / 2, bottom + size / 2, 0.25)
    if layout.edges:
        out.append(f'<g stroke="{PAGE_COLOURS["muted"]}" stroke-opacity="0.6" stroke-width="0.05">')
        out += [f'<line x1="{_number(layout.centres[i][0])}" y1="{_number(layout.centres[i][1])}" '
                f'x2="{_number(layout.centres[j][0])}" y2="{_number(layout.centres[j][1])}"/>' for i, j in layout.edges]
        out.append("</g>")
    font = 'font-family="system-ui, sans-serif" font-weight="700" text-anchor="middle"'
    for i, (x, y) in enumerate(layout.centres):
        if holes >> i & 1:
            out.append(_outline(layout.outline, x, y, size, f'class="hole" fill="none" stroke="{_HOLE_EDGE}" stroke-width="0.03" stroke-dasharray="0.08 0.08"'))
            continue
        state = states[i]
        fill, ink = colours[state]
        if puzzle.k == 2 and state:
            edge = f'stroke="{_LIT_EDGE}" stroke-width="{_number(0.08 * size)}"'
        else:
            edge = f'stroke="{_CELL_EDGE}" stroke-width="0.03"'
        out.append(_outline(layout.outline, x, y, size, f'class="cell" data-state="{state}" fill="{fill}" {edge}'))
        on_light = _luminance(_parse_hex(fill)) > 0.3
        if puzzle.dont_care >> i & 1:
            out.append(_outline(layout.outline, x, y, size, 'class="dont-care" fill="url(#dont-care)"'))
            out.append(f'<text x="{_number(x)}" y="{_number(y + size * 0.17)}" font-size="{_number(size * 0.5)}" {font} '
                       f'fill="{"#3a2a00" if on_light else "#ffffff"}">?</text>')
        elif numbered and state:
            lift = size * 0.1 if counts[i] > 1 else 0.0  # room for the badge under it
            out.append(f'<text x="{_number(x)}" y="{_number(y + size * 0.14 - lift)}" font-size="{_number(size * 0.4)}" {font} fill="{ink}">{state}</text>')
        if layout.names is not None:
            out.append(f'<text x="{_number(x)}" y="{_number(y + size * 0.36)}" font-size="{_number(size * 0.22)}" '
                       f'font-family="system-ui, sans-serif" text-anchor="middle" fill="{_LABEL[on_light]}">{_escape(layout.names[i])}</text>')
        count = counts[i]
        if count:
            if numbered:  # a ring would hide the number: a frame, as the page draws it
                out.append(_outline(layout.outline, x, y, size * 0.9, f'class="press" data-count="{count}" fill="none" stroke="{PAGE_COLOURS["mark"]}" stroke-width="{_number(0.08 * size)}"'))
            else:  # a smaller ring, a little higher, above a name (as the page's graph cells)
                ring_y, radius = (y - size * 0.08, size * 0.17) if layout.names is not None else (y, size * 0.245)
                out.append(f'<circle class="press" data-count="{count}" cx="{_number(x)}" cy="{_number(ring_y)}" r="{_number(radius)}" '
                           f'fill="{_MARK_FILL}" stroke="{PAGE_COLOURS["mark"]}" stroke-width="{_number(radius * 0.37)}"/>')
            if count > 1:
                out += _badge(f"×{count}", x + size * 0.46, y + size * 0.46, size)
    if caption:
        out.append(f'<text x="{_number(box_left + width / 2)}" y="{_number(box_top + height + 0.5)}" font-size="0.4" '
                   f'font-family="system-ui, sans-serif" text-anchor="middle" fill="{PAGE_COLOURS["muted-light"]}">{_escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def drawing_or_none(puzzle: Puzzle, lights: int, presses: int | None = None, caption: str | None = None) -> str | None:
    """What a ``_repr_svg_`` returns: :func:`board`'s drawing, or None above :data:`MAX_DRAWN_CELLS` cells
    (a notebook then shows the plain ``repr``)."""
    try:
        return board(puzzle, lights, presses, caption=caption)
    except TooLargeError:
        return None
