"""The documents stay true to the tree: every relative link in README.md, py/README.md and
docs/*.md names a file of the repository, and nothing in the repository cites a file that
lives outside it (the project builds, runs and tests from a clone alone)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", ROOT / "py" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# [text](target) outside code spans; a target with a scheme (https:, mailto:) or only an anchor is not a file.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def relative_links(document: Path) -> list[tuple[int, str]]:
    links = []
    for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            links.append((number, target.split("#", 1)[0]))
    return links


def test_every_relative_link_names_a_file_of_the_repository() -> None:
    broken = [f"{document.relative_to(ROOT)}:{number}: {target}"
              for document in DOCUMENTS for number, target in relative_links(document)
              if not (document.parent / target).resolve().exists()
              or not (document.parent / target).resolve().is_relative_to(ROOT)]
    assert broken == []


def test_the_link_checker_sees_a_broken_link(tmp_path: Path) -> None:
    document = tmp_path / "doc.md"
    document.write_text("See [the format](py/lightsout/share.py) and [Pyodide](https://pyodide.org).\n")
    assert relative_links(document) == [(1, "py/lightsout/share.py")]
    assert not (tmp_path / "py/lightsout/share.py").exists()


def test_nothing_cites_a_file_outside_the_repository() -> None:
    outside = re.compile(r"TOOLCHAIN\.md|STYLE\.md|\.\./shared|/work/shared|seeds/")
    sources = [path for folder in ("static", "py/lightsout", "tests", "tools", "docs")
               for path in (ROOT / folder).rglob("*") if path.suffix in {".js", ".mjs", ".py", ".md", ".html", ".css"}]
    sources += [ROOT / "build.py", ROOT / "README.md", ROOT / "index.html"]
    cited = [f"{path.relative_to(ROOT)}: {match.group()}" for path in sources if path != Path(__file__).resolve()
             for match in outside.finditer(path.read_text(encoding="utf-8"))]
    assert cited == []


MAP_ROW = re.compile(r"^\| `((?:static|py/lightsout)/(?:[\w-]+/)?)`: (.*?) \| (.*) \|$")


def map_rows(readme: str) -> list[tuple[str, list[str], str]]:
    """The module map's folder rows: (folder, the file names its first cell lists, its role)."""
    rows = []
    for line in readme.splitlines():
        found = MAP_ROW.match(line)
        if found:
            folder, cell, role = found.groups()
            rows.append((folder, re.findall(r"`([^`]+)`", cell), role))
    return rows


def test_the_module_maps_name_every_module_of_each_folder_and_nothing_else() -> None:
    """README.md's map has a row per folder of the page and of the package: every module in the
    folder is named in its row (the panels as `*-panel.js`), and every file a row names exists
    there, so a new module cannot go unmapped nor a moved one stay mapped. py/README.md names every
    module of the package by its path in it (`model/board.py`)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = map_rows(readme)
    folders = {folder for folder, _, _ in rows}
    expected = {"static/", *(f"static/{path.name}/" for path in (ROOT / "static").iterdir() if path.is_dir() and any(path.glob("*.js"))),
                "py/lightsout/", *(f"py/lightsout/{path.name}/" for path in (ROOT / "py" / "lightsout").iterdir()
                                   if path.is_dir() and (path / "__init__.py").exists())}
    assert folders == expected
    problems = []
    for folder, names, _ in rows:
        suffix = ".js" if folder.startswith("static") else ".py"
        present = sorted(path.name for path in (ROOT / folder).glob(f"*{suffix}"))
        for name in present:
            if name not in names and not (name.endswith("-panel.js") and "*-panel.js" in names) and name != "__init__.py":
                problems.append(f"{folder}{name}: not in its row")
        for name in names:
            if "*" not in name and not (ROOT / folder / name).exists() and not (ROOT / name).exists():
                problems.append(f"{folder}{name}: named in the map, no such file")
    package_readme = (ROOT / "py" / "README.md").read_text(encoding="utf-8")
    package = ROOT / "py" / "lightsout"
    problems += [f"py/lightsout/{name}: not in py/README.md" for name in sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py"))
                 if "__pycache__" not in name and f"`{name}`" not in package_readme]
    assert problems == []


def test_the_map_check_sees_a_missing_file_and_an_unmapped_one() -> None:
    rows = map_rows("| `static/model/`: `game.js`, `nothere.js` | the game |\n| `py/lightsout/model/`: `board.py` | boards |\n")
    assert rows == [("static/model/", ["game.js", "nothere.js"], "the game"), ("py/lightsout/model/", ["board.py"], "boards")]
    assert not (ROOT / "static/model/nothere.js").exists() and (ROOT / "static/model/presses.js").exists()  # what the test would say


FLOW_FILE = re.compile(r"`([\w/.-]+\.(?:js|py))`")


def flow_files(readme: str) -> list[str]:
    """The files README.md's "Three flows" name (`board-panel.js`, `bench/playback.py`)."""
    section = readme.split("## Three flows", 1)[1].split("\n## ", 1)[0]
    return FLOW_FILE.findall(section)


def test_the_flows_name_files_of_the_repository() -> None:
    """Each file the three flows (a press, a solve, a paste) walk through exists, by its path or,
    named alone, as a module of the page or the package."""
    names = flow_files((ROOT / "README.md").read_text(encoding="utf-8"))
    assert {"api.js", "session.js", "render.js", "solving.js", "requests.js", "board-text.js"} <= set(names)
    modules = {path.name for folder in ("static", "py/lightsout") for path in (ROOT / folder).rglob("*") if path.suffix in {".js", ".py"}}

    def missing(named: list[str]) -> list[str]:
        return [name for name in named if not (ROOT / name).is_file() and name not in modules]

    assert missing(names) == []
    # A flow naming a file that is gone fails; what follows the section is not the flows'.
    made_up = flow_files("## Three flows\n\nA press (`board-panel.js`, `gone.js`).\n## More\n`other.js`")
    assert made_up == ["board-panel.js", "gone.js"] and missing(made_up) == ["gone.js"]


OPENING_CITATION = re.compile(r"(?<![\w./-])(?:[\w-]+/)*([\w-]+(?:\.[\w-]+)*\.(?:js|mjs|py))\b")


def opening_comment(path: Path) -> str:
    """A module's opening comment: the // lines a .js file starts with, or a .py file's docstring."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        found = re.match(r'\s*(?:#.*\n)*\s*(?:"""|\'\'\')(.*?)(?:"""|\'\'\')', text, re.S)
        return found.group(1) if found else ""
    return "\n".join(line for line in itertools.takewhile(lambda line: line.startswith("//"), text.splitlines()))


def test_every_module_opens_with_a_comment_whose_citations_exist() -> None:
    """Each module of the page and of the package says what it is in an opening comment, and every
    file that comment names exists in the repository (a comment citing a moved or missing file fails)."""
    existing = {path.name for path in ROOT.rglob("*") if path.suffix in {".js", ".mjs", ".py"} and "node_modules" not in path.parts}
    modules = [*(ROOT / "static").rglob("*.js"), *(path for path in (ROOT / "py" / "lightsout").rglob("*.py") if "__pycache__" not in path.parts)]
    problems = []
    for path in modules:
        comment = opening_comment(path)
        if not comment.strip():
            problems.append(f"{path.relative_to(ROOT)}: no opening comment")
        problems += [f"{path.relative_to(ROOT)}: cites {name}, which does not exist"
                     for name in OPENING_CITATION.findall(comment) if name not in existing]
    assert problems == []


def test_the_package_readme_links_by_the_repository_address() -> None:
    """py/README.md is the package's page on the index too, where a relative link leads nowhere: it links
    to the repository by pyproject.toml's Source address, and each such link names a file of the tree."""
    import tomllib

    source = tomllib.loads((ROOT / "py" / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Source"]
    document = ROOT / "py" / "README.md"
    assert relative_links(document) == []
    text = document.read_text(encoding="utf-8")
    targets = re.findall(re.escape(source) + r"/(?:blob|raw|tree)/main/([^)\s#]+)", text)
    assert targets, "the README links to the repository's docs"
    assert [target for target in targets if not (ROOT / target).exists()] == []


def test_the_package_readme_picture_is_what_the_package_draws() -> None:
    """docs/notebook-board.svg, the picture under the README's notebook snippet, is the snippet's solution drawn now."""
    from lightsout import parse_board, solve

    board = parse_board("5x5: 1 3 7 8 13 17 19 25")
    assert 'parse_board("5x5: 1 3 7 8 13 17 19 25")' in (ROOT / "py" / "README.md").read_text(encoding="utf-8")
    assert (ROOT / "docs" / "notebook-board.svg").read_text(encoding="utf-8") == solve(board.puzzle, board.lights)._repr_svg_()
