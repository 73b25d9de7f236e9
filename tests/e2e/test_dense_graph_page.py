"""The densest graphs the limits let through (``max_graph_cells``, ``max_graph_entries``) open
from a link, draw (a canvas for the biggest, lines up to MAX_DRAWN_EDGES) and play: three cells
clicked, each press checked against Python's ``press`` op. One pair more is refused with the
limit's figures, the board kept. How long the page's longest task is meanwhile (issue #28: at
most 50 ms) is a speed figure: bench/dense_graph.py measures it, on demand."""

from __future__ import annotations

import json
import random

from e2e_helpers import status
from playwright.sync_api import Page, expect

from lightsout import api
from lightsout.model import codec
from lightsout.model.graph import MAX_GRAPH_CELLS, MAX_GRAPH_ENTRIES, Graph, bits_of
from lightsout.api.puzzles import MAX_DRAWN_EDGES
from lightsout.share.links import ShareState, format_share

def random_sets(cells: int, size: int, seed: int) -> list[int]:
    """Each cell presses itself and size − 1 others at random: cells × size pairs. (The others are
    drawn from the cells but i renumbered 0 … cells − 2, as rng.sample draws from that list.)"""
    rng = random.Random(seed)
    return [1 << i | sum(1 << (j + (j >= i)) for j in rng.sample(range(cells - 1), size - 1)) for i in range(cells)]


def worst_graphs() -> dict[str, list[int]]:
    cells = MAX_GRAPH_CELLS
    ring = [1 << i | 1 << (i + 1) % cells | 1 << (i - 1) % cells for i in range(cells)]
    complete = int(MAX_GRAPH_ENTRIES**0.5)
    return {
        # the most cells, every pair the limit allows
        "4096 cells, 16 each": random_sets(cells, MAX_GRAPH_ENTRIES // cells, 28),
        # the most cells a press changes at once
        f"complete graph on {complete}": [(1 << complete) - 1] * complete,
        # the most lines drawn, with the most cells
        "ring of 4096": ring,
        # one press changing every cell of the largest board
        "one cell pressing all 4096": [(1 << cells) - 1] + ring[1:],
    }


def link_of(presses: list[int], start: int) -> str:
    return format_share(ShareState(1, len(presses), start, graph=Graph(tuple(presses))))


def complete_link(cells: int) -> str:
    """The link of a complete graph on `cells`, written by hand: above the limit no Graph holds it."""
    press_set = bytes([cells & 0x7F | 0x80, cells >> 7] + [0] * cells)  # its size, then gaps of 0
    return f"G{cells}:{codec.encode(0, cells)};e={codec.encode_bytes(press_set * cells)}"


def call(request: dict) -> dict:
    return json.loads(api.handle(json.dumps(request)))


# The drawing's cell `index` under the pointer: its centre, from its element (SVG) or the canvas's
# geometry (window.lightsOut.clientOfCell); a graph's board is one row.
CELL_CENTRE = """(i) => {
  const point = window.lightsOut.clientOfCell(0, i);
  if (point) return [point.x, point.y];
  const r = document.querySelector(`[role=gridcell][data-index='${i}']`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def click_cell(page: Page, index: int) -> None:
    """Click cell `index` with the mouse; it becomes the keyboard's cell, at least 4 pixels wide."""
    page.mouse.click(*page.evaluate(CELL_CENTRE, index))
    focused = page.evaluate("() => { const cell = document.activeElement; const r = cell.getBoundingClientRect();"
                            " return [cell.getAttribute('role'), Number(cell.dataset.index), r.width]; }")
    assert focused[:2] == ["gridcell", index], focused
    assert focused[2] >= 4, f"cell {index} is {focused[2]:.1f} pixels wide"


def wait_drawn(page: Page, cells: int) -> None:
    """Until a new Board grid (not window.__drawing) has drawn `cells` cells and is not busy. Polled
    every 100 ms, not every frame: a selector over thousands of cells costs the frames it runs in."""
    page.wait_for_function(
        "(n) => { const drawing = document.querySelector('[role=grid][aria-label=Board]');"
        " return drawing !== window.__drawing && !drawing.hasAttribute('aria-busy')"
        " && Boolean(drawing.querySelector(`[role=gridcell][data-index='${n - 1}']`)"
        " || drawing.querySelector('canvas')?.dataset.cells === String(n)); }", arg=cells, polling=100, timeout=60_000)


def drawn_edges(page: Page) -> int:
    """The lines drawn between cells: the SVG's line elements, or what the canvas says it drew."""
    return page.evaluate("() => { const canvas = document.querySelector('#board canvas[data-edges]');"
                         " return canvas ? Number(canvas.dataset.edges) : document.querySelectorAll('.gedges line').length; }")


def test_the_densest_graphs_allowed_open_draw_and_press_as_python_presses(ready_page: Page) -> None:
    page = ready_page
    for name, presses in worst_graphs().items():
        cells = len(presses)
        assert sum(reach.bit_count() for reach in presses) <= MAX_GRAPH_ENTRIES
        rng = random.Random(cells)
        start = rng.getrandbits(cells)
        link = link_of(presses, start)
        # The drawing before stays until the new one (a new Board grid) is made: wait for a new one.
        page.evaluate("(text) => { window.__link = text; window.__drawing = document.querySelector('[role=grid][aria-label=Board]'); }", link)
        page.evaluate("() => { location.hash = window.__link; }")
        wait_drawn(page, cells)
        # The 4 096-cell graphs are drawn on a canvas, the complete graph on 256 as SVG.
        kind = page.evaluate("() => window.lightsOut.view().kind")
        assert kind == ("graph-canvas" if cells == MAX_GRAPH_CELLS else "grid"), (name, kind)
        # Lines between cells only up to MAX_DRAWN_EDGES (the ring's 4096), none past it.
        edges = len({(min(i, j), max(i, j)) for i, reach in enumerate(presses) for j in bits_of(reach) if i != j})
        assert drawn_edges(page) == (edges if edges <= MAX_DRAWN_EDGES else 0), name
        graph = {"cells": cells, "presses": [bits_of(reach) for reach in presses]}
        board = codec.format_packed(1, cells, start)
        for number, index in enumerate((0, 5, cells - 1), start=1):
            click_cell(page, index)
            page.wait_for_function("(n) => document.getElementById('move-count').textContent === `Moves: ${n}`"
                                   " && !document.querySelector('[role=grid][aria-label=Board][aria-busy=true]')", arg=number, polling=50)
            board = call({"op": "press", "graph": graph, "board": board, "cell": index})["board"]
            shown = page.evaluate("() => window.lightsOut.statesSnapshot().cells")
            assert shown == codec.unpack(codec.parse_packed(board)[2], cells, 1), (name, number)


def test_a_graph_one_pair_over_the_limit_is_refused_with_its_figures(ready_page: Page) -> None:
    page = ready_page
    complete = int(MAX_GRAPH_ENTRIES**0.5) + 1
    before = page.evaluate("() => window.lightsOut.statesSnapshot()")
    page.evaluate("(text) => { location.hash = text; }", complete_link(complete))
    expect(status(page)).to_contain_text(f"the press sets hold {complete * complete:,} cells in all, at most {MAX_GRAPH_ENTRIES:,}")
    assert page.evaluate("() => window.lightsOut.statesSnapshot()") == before
