"""The documents stay true to the tree: every relative link in README.md, py/README.md and
docs/*.md names a file of the repository, and nothing in the repository cites a file that
lives outside it (the project builds, runs and tests from a clone alone)."""

from __future__ import annotations

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


def test_the_module_maps_name_every_module() -> None:
    """README.md's map names every page module (the panels by their `static/*-panel.js` row) and
    py/README.md's every module of the package by its path in it (`model/board.py`, a folder's
    `model/__init__.py`), so a new module cannot go unmapped."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    package_readme = (ROOT / "py" / "README.md").read_text(encoding="utf-8")
    unmapped = [f"static/{path.name}" for path in sorted((ROOT / "static").glob("*.js"))
                if f"`{path.name}`" not in readme and f"`static/{path.name}`" not in readme
                and not (path.name.endswith("-panel.js") and "`static/*-panel.js`" in readme)]
    package = ROOT / "py" / "lightsout"
    unmapped += [f"py/lightsout/{name}" for name in sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py"))
                 if "__pycache__" not in name and f"`{name}`" not in package_readme]
    assert unmapped == []


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
