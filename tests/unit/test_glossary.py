"""docs/glossary.md stays true to the code: every file its "Where it lives" column names exists,
and every name it places in a file — the code names written before a file in parentheses,
`makeStencil`, `PLUS_STENCIL` (`static/model/presses.js`) — is defined there: a function,
class, const, method, getter, field or assignment (JS), a def, class or assignment (Python).
A member (`Game.target`, `.lights`, `session.challenge`) is defined as a member there, and its
class, when named, too. A file written by its name alone (`rules.py`) is the one of that name
beside a full path of the same row (the last first), or else the only one of that name in
py/lightsout/ or static/. Names in other words (an API field, a link's field, a DOM id) are not placed in a file
and not checked here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
SOURCES = ("py/lightsout", "static")
FILE = re.compile(r"^[\w./-]+\.(?:js|py|json)$")
# A code name: an identifier, a member (`Game.target`, `.lights`), a call written with its
# parentheses (`isMultiState(k)`, `Solution.quiet()`), a prefix (`boardSet*`).
NAME = re.compile(r"^(?P<name>\.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$#][\w$]*)*)(?:\([^()]*\))?(?P<prefix>\*)?$")


@dataclass(frozen=True)
class Placement:
    term: str  # the glossary's row
    name: str  # as written, without a call's parentheses
    files: tuple[str, ...]  # as written in the parentheses after it
    prefix: bool = False


def split_outside(text: str, separator: str) -> list[str]:
    """`text` split at `separator` where it is outside code spans and parentheses."""
    parts, depth, code, start = [], 0, False, 0
    for i, char in enumerate(text):
        if char == "`":
            code = not code
        elif not code and char == "(":
            depth += 1
        elif not code and char == ")":
            depth = max(0, depth - 1)
        elif not code and depth == 0 and char == separator:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def spans(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


# The code names a parenthesis places: a list of code spans right before it (`a`, `b` and `c` (`file`)).
PLACED = re.compile(r"((?:`[^`]+`(?:\s*,\s*|\s+and\s+)?)+)\s*$")


def placements(document: str) -> tuple[list[Placement], list[tuple[str, str]]]:
    """The glossary's placements, and every (term, file) its "Where it lives" column names. A
    parenthesis that names a file (before any colon: `(`file`: what it holds)`) places the code
    names listed right before it there; a name with other words between it and the parenthesis
    (the API's `puzzle` op (`api/puzzles.py`)) is not placed."""
    placed: list[Placement] = []
    files: list[tuple[str, str]] = []
    for line in document.splitlines():
        cells = [cell.strip() for cell in split_outside(line.strip().strip("|"), "|")]
        if len(cells) != 3 or cells[0] in ("Term", "---"):
            continue
        term, _, where = cells
        files += [(term, span) for span in spans(where) if FILE.match(span)]
        for segment in split_outside(where, ";"):
            depth, code, start, before = 0, False, 0, ""
            for i, char in enumerate(segment):
                if char == "`":
                    code = not code
                elif not code and char == "(":
                    if depth == 0:
                        before, start = segment[start:i], i + 1
                    depth += 1
                elif not code and char == ")" and depth:
                    depth -= 1
                    if depth == 0:
                        inside = split_outside(segment[start:i], ":")[0]
                        where_files = tuple(span for span in spans(inside) if FILE.match(span))
                        listed = PLACED.search(before)
                        for written in spans(listed.group(1)) if listed and where_files else []:
                            found = NAME.match(written)
                            if found:
                                placed.append(Placement(term, found["name"], where_files, bool(found["prefix"])))
                        start = i + 1
    return placed, files


def resolve(written: str, row_paths: list[str]) -> Path | None:
    """The file `written` names (a path from the root, or a file's path within a folder)."""
    if (ROOT / written).is_file():
        return ROOT / written
    for path in reversed(row_paths):  # beside the row's last full path
        candidate = ROOT / Path(path).parent / written
        if candidate.is_file():
            return candidate
    found = [path for folder in SOURCES for path in (ROOT / folder).rglob(Path(written).name)
             if path.as_posix().endswith("/" + written) and "__pycache__" not in path.parts]
    return found[0] if len(found) == 1 else None


IMPORTS = {
    True: re.compile(r"^(?:from\s+\S+\s+)?import\s+(?:\([^)]*\)|.*)$", re.MULTILINE),
    False: re.compile(r"^(?:import|export)\s[^;]*?\sfrom\s*[\"'][^\"']+[\"'];?$|^import\s*[\"'][^\"']+[\"'];?$", re.MULTILINE),
}


def defines(source: str, name: str, python: bool, member: bool = False) -> bool:
    """Whether `source` defines `name` (its imports and re-exports aside): as a member (method,
    getter, field, attribute, assignment to one) when `member`, else at any level."""
    source = IMPORTS[python].sub("", source)
    n = re.escape(name)
    if python:
        patterns = [rf"^\s*(?:async\s+)?def\s+{n}\b", rf"^\s*class\s+{n}\b", rf"^\s*{n}\s*(?::[^=\n]+)?=(?!=)",
                    rf"^\s*{n}\s*:", rf"\bself\.{n}\s*(?::[^=\n]+)?=(?!=)"]
    else:
        patterns = [rf"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+{n}\b",
                    rf"^\s*(?:export\s+)?(?:class|const|let|var)\s+{n}\b",
                    rf"^\s*(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?#?{n}\s*\([^)]*\)\s*\{{",
                    rf"\.#?{n}\s*=(?!=)", rf"^\s*#?{n}\s*(?:=(?!=)|;)", rf"(?:^|[{{,]\s*){n}\s*:",
                    rf"[{{,]\s*{n}\s*[,}}]", rf"@property\s+\{{[^}}]*\}}\s+\[?{n}\b", rf"^export\s*\{{[^}}]*\b{n}\b"]
        if not member:
            patterns.append(rf"^\s*(?:export\s+)?(?:const|let|var)\s+\{{[^}}]*\b{n}\b")
    return any(re.search(pattern, source, re.MULTILINE) for pattern in patterns)


def misplaced(document: str) -> list[str]:
    """What the glossary `document` gets wrong: a file that does not exist, a name not defined where it is placed."""
    placed, files = placements(document)
    problems = []
    full_paths: dict[str, list[str]] = {}
    for term, written in files:
        if "/" in written and (ROOT / written).is_file():
            full_paths.setdefault(term, []).append(written)
    for term, written in files:
        if resolve(written, full_paths.get(term, [])) is None:
            problems.append(f"{term}: no file {written}")
    previous_class: dict[str, str] = {}
    for placement in placed:
        paths = [resolve(written, full_paths.get(placement.term, [])) for written in placement.files]
        sources = [(path.read_text(encoding="utf-8"), path.suffix == ".py") for path in paths if path is not None]
        if not sources:
            continue  # its file is reported above
        parts = placement.name.split(".")
        if parts[0] == "" and placement.term in previous_class:
            parts[0] = previous_class[placement.term]  # `.lights` after `ParsedBoard.puzzle`
        if placement.prefix:
            ok = any(re.search(rf"\b{re.escape(parts[-1])}\w*", source) for source, _ in sources)
        elif len(parts) == 1:
            ok = any(defines(source, parts[0], python) for source, python in sources)
        else:
            owner, member = parts[-2], parts[-1]
            if owner[:1].isupper():
                previous_class[placement.term] = owner
            owned = not owner[:1].isupper() or any(defines(source, owner, python) for source, python in sources)
            ok = owned and any(defines(source, member, python, member=True) for source, python in sources)
        if not ok:
            problems.append(f"{placement.term}: {placement.name} is not defined in {', '.join(placement.files)}")
    return problems


def test_every_name_the_glossary_places_is_defined_in_its_file() -> None:
    document = GLOSSARY.read_text(encoding="utf-8")
    placed, files = placements(document)
    assert len(placed) > 60 and len(files) > 40  # the column is read
    assert Placement("stencil", "makeStencil", ("static/model/presses.js",)) in placed
    assert misplaced(document) == []


@pytest.mark.parametrize(("where", "problem"), [
    ("`makeStencil`, `PLUS_STENCIL` (`static/model/game.js`)", "stencil: makeStencil is not defined in static/model/game.js"),
    ("`stencilLabel` (`static/page/wording.js`)", "stencil: stencilLabel is not defined in static/page/wording.js"),
    ("`ChallengeTracker`, `currentKind` (`static/session/challenge.js`)", "stencil: currentKind is not defined in static/session/challenge.js"),
    ("`Game.madeUpField` (`static/model/game.js`)", "stencil: Game.madeUpField is not defined in static/model/game.js"),
    ("`Rule.stencil`, `format_stencil` (`rules.py`); `noSuchThing` (`presses.js`)",
     "stencil: noSuchThing is not defined in presses.js"),
    ("`stencil` (`static/model/stencils.js`)", "stencil: no file static/model/stencils.js"),
])
def test_a_made_up_entry_fails(where: str, problem: str) -> None:
    """A wrong entry — a name in another file than its own, a member its class lacks, a file that
    does not exist — is reported; each of these rows fails the check."""
    row = f"| stencil | the neighbourhood pattern | {where} |\n"
    assert problem in misplaced(row)


def test_the_right_entries_pass() -> None:
    row = ("| stencil | the pattern | `makeStencil`, `PLUS_STENCIL`, `StencilError` (`static/model/presses.js`); "
           "`stencilLabel` (`static/session/common-messages.js`); `Rule.stencil`, `format_stencil` (`rules.py`); "
           "`Game.target`, `.stencil` (`static/model/game.js`); `isMultiState(k)` (`static/model/game.js`) |\n")
    assert misplaced(row) == []
    assert [p.name for p in placements(row)[0]] == [
        "makeStencil", "PLUS_STENCIL", "StencilError", "stencilLabel", "Rule.stencil", "format_stencil", "Game.target",
        ".stencil", "isMultiState"]
