"""The package's folders are layers: a module imports only its own folder and the layers below it.

py/lightsout/ holds one folder per layer (issue 40), bottom to top:

    errors.py, names.py     leaves: they import nothing of the package
    model/                  boards, masks, rules, graphs, puzzles, the codec
    draw/                   a puzzle's board as SVG and the public board value (below solving and text,
                            whose Solution and parsed boards draw themselves in a notebook)
    solving/, text/         solving; text read and written (siblings: neither imports the other)
    presets/                the real games and their levels (figures by solving)
    share/, analysis/       share links (presets' and levels' links); derived figures (siblings)
    api/, cli/              the JSON API and the command line (siblings over the same figures)
    bench/                  benchmarks (the graph bench prints the CLI's presets table)

``lightsout/__init__.py`` (the public names, imported on first use), ``__main__.py`` and ``svg.py``
(``lightsout.svg``, the drawing's public name) are the package's front door, above every layer.  Every import counts, at any depth: a function's own
import and a ``TYPE_CHECKING`` one too.  The import graph of the modules has no cycle either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "lightsout"

LAYERS: list[set[str]] = [
    {"errors", "names"},
    {"model"},
    {"draw"},
    {"solving", "text"},
    {"presets"},
    {"share", "analysis"},
    {"api", "cli"},
    {"bench"},
]
"""The rooms (a top-level module or a folder of the package) of each layer, bottom first."""

FRONT = "(front door)"
"""The room of ``lightsout/__init__.py``, ``__main__.py`` and ``svg.py``, above every layer."""

FRONT_MODULES = {"__main__", "svg"}
"""The package's top-level modules that are its front door (with ``__init__.py``)."""

RANK = {room: rank for rank, rooms in enumerate(LAYERS) for room in rooms} | {FRONT: len(LAYERS)}


def module_name(path: Path) -> str:
    """``lightsout.model.board`` for py/lightsout/model/board.py; a folder's ``__init__.py`` is the folder."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in path.parts}


def room_of(module: str) -> str:
    """The room of a module of the package: its folder, its own name at the top, or the front door."""
    parts = module.split(".")
    if len(parts) == 1 or (len(parts) == 2 and parts[1] in FRONT_MODULES):
        return FRONT
    return parts[1]


def imports_of(module: str, source: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module of the package) for every import in ``source``, relative or absolute, at any depth.

    ``from ..model import codec`` imports ``lightsout.model.codec`` (a module); ``from ..model.codec import
    pack`` imports ``lightsout.model.codec``.
    """
    here = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base.split(".")[0] != "lightsout":
                continue
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.append((node.lineno, target if target in MODULES else base))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.split(".")[0] == "lightsout"]
    return found


def wrong_way(module: str, source: str, is_package: bool = False) -> list[str]:
    """``line: what`` for each import of ``source`` (the text of ``module``) that goes up or sideways."""
    room = room_of(module)
    wrong = []
    for line, target in imports_of(module, source, is_package):
        there = room_of(target)
        if there == room or RANK[there] < RANK[room]:
            continue
        way = "up" if RANK[there] > RANK[room] else "sideways, to a sibling"
        wrong.append(f"{line}: {room} (layer {RANK[room]}) imports {target}: {there} (layer {RANK[there]}), {way}")
    return wrong


def test_every_room_has_a_layer():
    rooms = {room_of(module) for module in MODULES}
    assert rooms - set(RANK) == set(), "a new folder or top-level module: give it a layer in LAYERS"
    assert set(RANK) - rooms == set(), "a layer names a room that is gone"


def test_no_layer_imports_a_layer_above_it_or_beside_it():
    wrong = [f"{path.relative_to(PACKAGE.parents[1])}:{what}"
             for module, path in MODULES.items()
             for what in wrong_way(module, path.read_text(encoding="utf-8"), path.name == "__init__.py")]
    assert wrong == []


@pytest.mark.parametrize(("module", "source", "wrong"), [
    ("lightsout.model.board", "from ..solving.solver import solve\n", "1: model (layer 1) imports lightsout.solving.solver: solving (layer 3), up"),
    ("lightsout.solving.gf2", "def f():\n    from ..text import formats\n", "2: solving (layer 3) imports lightsout.text.formats: text (layer 3), sideways, to a sibling"),
    ("lightsout.names", "import lightsout.api\n", "1: names (layer 0) imports lightsout.api: api (layer 6), up"),
    ("lightsout.errors", "from . import names\n", "1: errors (layer 0) imports lightsout.names: names (layer 0), sideways, to a sibling"),
    ("lightsout.share.links", "from .. import solve\n", "1: share (layer 5) imports lightsout: (front door) (layer 8), up"),
])
def test_the_check_sees_an_import_the_wrong_way(module, source, wrong):
    assert wrong_way(module, source) == [wrong]


def test_the_check_lets_an_import_down_or_within_a_folder_pass():
    assert wrong_way("lightsout.api.operations", "from ..model import codec\nfrom .puzzles import describe\nimport lightsout.errors\n") == []
    assert wrong_way("lightsout", "from .share.links import parse_share\n", is_package=True) == []
    assert wrong_way("lightsout.svg", "from .draw.svg import board\n") == []
    assert wrong_way("lightsout.solving.solver", "def f():\n    from ..draw.svg import board\n") == []


def test_the_drawing_sees_no_layer_above_the_model():
    assert wrong_way("lightsout.draw.svg", "from ..solving.solver import Solution\n") == [
        "1: draw (layer 2) imports lightsout.solving.solver: solving (layer 3), up"]


def test_the_import_graph_has_no_cycle():
    graph = {module: {target for _, target in imports_of(module, path.read_text(encoding="utf-8"), path.name == "__init__.py")} - {module}
             for module, path in MODULES.items()}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, path + [module])
        done.add(module)

    for module in MODULES:
        visit(module, [])


def test_the_puzzle_model_does_not_read_boards_as_text():
    # Board is the two-state text formats' row-int board (internal: solving takes packed ints).
    source = MODULES["lightsout.model.puzzle"].read_text(encoding="utf-8")
    assert "lightsout.model.board" not in {target for _, target in imports_of("lightsout.model.puzzle", source, False)}


def test_the_distribution_lists_every_folder():
    import tomllib

    listed = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    assert sorted(listed) == sorted(name for name, path in MODULES.items() if path.name == "__init__.py")
