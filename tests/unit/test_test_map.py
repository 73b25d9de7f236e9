"""tests/README.md's map stays true: every module of the package (py/lightsout) and of the page
(static/) has its row, naming the tests that check it; every test file is named in some row; a
unit or JS test named for a module really loads it (imports it, or a module that imports it,
following the import graph). Browser and engine tests load the whole page: they are named for
the panels and views they drive."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "tests" / "README.md"
ROW = re.compile(r"^\| `(?P<module>lightsout[\w.]*|static/[\w/.-]+\.js)` \| (?P<tests>.+?) \|$")
TEST_NAME = re.compile(r"`(tests/[\w/.-]+\.(?:py|mjs))`")
RUNS_PACKAGE = re.compile(r"""["']-m["'],\s*["'](lightsout[\w.]*)["']""")  # a test that runs `python -m lightsout…`
TEST_FILES = ("tests/unit/test_*.py", "tests/e2e/test_*.py", "tests/js/*.test.mjs", "tests/engines/*.test.mjs")


def package_modules(benchmarks: bool = False) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its __init__.py); the benchmarks
    (lightsout.bench, run on demand) only with `benchmarks`."""
    modules = {}
    for path in sorted((ROOT / "py" / "lightsout").rglob("*.py")):
        parts = list(path.relative_to(ROOT / "py").with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if benchmarks or not (name == "lightsout.bench" or name.startswith("lightsout.bench.")):
            modules[name] = path
    return modules


def page_modules() -> dict[str, Path]:
    """Every module of the page by its path from the repository's root (static/…)."""
    return {path.relative_to(ROOT).as_posix(): path for path in sorted((ROOT / "static").rglob("*.js"))}


def python_imports(path: Path, name: str | None) -> set[str]:
    """The dotted names `path` imports when it runs (for `from a import b`: both a and a.b); `name`
    is its own dotted name, for relative imports. Not what it imports only for the type checker
    (`if TYPE_CHECKING:`), nor a package's names imported on first use (its `__getattr__`)."""
    package = (name if path.name == "__init__.py" else name.rpartition(".")[0]) if name else ""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


JS_IMPORT = re.compile(r"""(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']""")


BUILT_LOAD = re.compile(r'loadBuilt\("(static/[\w/.-]+\.js)"\)')


def js_imports(path: Path) -> set[str]:
    """The static/ modules `path` imports, as paths from the root (relative specifiers resolved)."""
    found = set()
    for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
        specifier = next(group for group in match.groups() if group)
        if specifier.startswith("."):
            target = (path.parent / specifier).resolve()
            if target.is_relative_to(ROOT):
                found.add(target.relative_to(ROOT).as_posix())
    return found


@cache
def names_on_first_use() -> dict[str, str]:
    """The package's public names imported on first use (lightsout/__init__.py's _HOMES), by the
    dotted name an import of them reads as (lightsout.solve) → the module that holds them."""
    tree = ast.parse((ROOT / "py" / "lightsout" / "__init__.py").read_text(encoding="utf-8"))
    homes = next(ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "_HOMES" for target in node.targets))
    return {f"lightsout.{name}": f"lightsout.{home}" for name, home in homes.items()}


@cache
def python_closure(name: str) -> frozenset[str]:
    """The package modules `name` loads, itself included (a package loads its __init__)."""
    modules = package_modules(benchmarks=True)
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        current = names_on_first_use().get(current, current)
        if current in seen or current not in modules:
            continue
        seen.add(current)
        parent = current.rpartition(".")[0]
        if parent:
            todo.append(parent)
        todo.extend(python_imports(modules[current], current))
    return frozenset(seen)


@cache
def js_closure(path: str) -> frozenset[str]:
    seen: set[str] = set()
    todo = [path]
    while todo:
        current = todo.pop()
        if current in seen or not (ROOT / current).is_file():
            continue
        seen.add(current)
        todo.extend(js_imports(ROOT / current))
    return frozenset(seen)


def loaded_by_test(test: str) -> frozenset[str]:
    """What a unit or JS test file loads: package modules (dotted) or page modules (paths)."""
    path = ROOT / test
    if path.suffix == ".py":
        names = {name for name in python_imports(path, None) if name.startswith("lightsout")}
        names |= {f"{module}.__main__" for module in RUNS_PACKAGE.findall(path.read_text(encoding="utf-8"))}
        return frozenset().union(*(python_closure(name) for name in names)) if names else frozenset()
    helpers = {imported for imported in js_imports(path) if imported.startswith("tests/")}
    direct = {imported for imported in js_imports(path) | set().union(*(js_imports(ROOT / h) for h in helpers))
              if imported.startswith("static/")}
    # A test of the built site loads a module's built copy by its source path (loadBuilt("static/…")).
    direct |= set(BUILT_LOAD.findall(path.read_text(encoding="utf-8")))
    return frozenset().union(*(js_closure(module) for module in direct)) if direct else frozenset()


def read_map() -> dict[str, list[str]]:
    rows = {}
    for line in MAP.read_text(encoding="utf-8").splitlines():
        if match := ROW.match(line):
            rows[match["module"]] = TEST_NAME.findall(match["tests"])
    return rows


def test_every_module_of_the_package_and_the_page_has_its_row() -> None:
    rows = read_map()
    modules = [*package_modules(), *page_modules()]
    assert [module for module in modules if module not in rows] == [], "modules with no row in tests/README.md"
    assert [module for module in rows if module not in modules] == [], "rows of tests/README.md for no module"
    assert [module for module, tests in rows.items() if not tests] == [], "rows that name no test"


def test_every_test_file_is_named_and_every_name_is_a_test_file() -> None:
    named = {test for line in MAP.read_text(encoding="utf-8").splitlines() if line.startswith("| ") for test in TEST_NAME.findall(line)}
    files = {path.relative_to(ROOT).as_posix() for pattern in TEST_FILES for path in ROOT.glob(pattern)}
    assert sorted(named - files) == [], "tests/README.md names files that are no test"
    assert sorted(files - named) == [], "test files tests/README.md does not name"


@pytest.mark.parametrize("module", [*package_modules(), *page_modules()])
def test_a_unit_or_js_test_named_for_a_module_loads_it(module: str) -> None:
    tests = read_map().get(module, [])
    wrong = [test for test in tests
             if test.startswith(("tests/unit/", "tests/js/")) and module not in loaded_by_test(test)]
    assert wrong == [], f"{module}: named tests that do not load it"


def test_the_check_catches_a_test_named_for_a_module_it_does_not_load() -> None:
    """The rule bites: the JS codec test does not load the scan code, nor the CLI's test the page."""
    assert "static/scan/scan.js" not in loaded_by_test("tests/js/codec.test.mjs")
    assert "static/model/codec.js" in loaded_by_test("tests/js/codec.test.mjs")
    assert "lightsout.cli.commands" in loaded_by_test("tests/unit/test_cli.py")
    assert "lightsout.cli.commands" not in loaded_by_test("tests/unit/test_zmod.py")
