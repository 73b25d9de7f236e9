"""The page's English error strings, written from Python's one table of them (py/lightsout/errors.py).

    python3 tools/error_strings.py            # write static/strings/generated/errors-en.json (build.py does it too)
    python3 tools/error_strings.py --check    # exit 1 when that file is not what the table writes

Each error code's English sentence is written once, in lightsout.errors (PARSE_ERRORS, PUZZLE_ERRORS,
LINK_ERRORS, LEVEL_ERRORS, SINGULAR), in the placeholder syntax the page's t() fills too. This turns
them into the page's keys: ``parse_<code>`` for a text's or a puzzle's error (the sentence and a full
stop; a code links share, ``{part}`` named :data:`GAME_ID_PART`), ``parse_<code>One`` for its singular,
``link_<code>`` for a link's (the sentence as it is: the page frames it), ``levels_<code>`` for the
levels op's (said alone: a capital and a full stop). static/page/i18n.js merges the file into English;
static/strings/zh.json translates every key with the same placeholders
(tests/unit/test_strings_table.py). The file is kept in the repository so that the page's modules
and their tests run from a checkout; a test fails when it is not what this writes.

Standard library only: errors.py is read as a file (it imports nothing), so no package is imported.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
ERRORS = ROOT / "py" / "lightsout" / "errors.py"
GENERATED = ROOT / "static" / "strings" / "generated" / "errors-en.json"
"""Where the page's English error strings are written (static/page/i18n.js imports it)."""


def _errors() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lightsout_error_table", ERRORS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _stop(sentence: str) -> str:
    """A sentence said on its own line: with a full stop, unless it ends in one ("… or */.")."""
    return sentence if sentence.endswith(".") else sentence + "."


def error_strings() -> dict[str, str]:
    """Every English error string of the page, by key, from lightsout.errors' tables (see the module's docstring)."""
    errors = _errors()
    strings: dict[str, str] = {}
    for code, sentence in {**errors.PARSE_ERRORS, **errors.PUZZLE_ERRORS}.items():
        strings[f"parse_{code}"] = _stop(sentence.replace("{part}", errors.GAME_ID_PART))
        if code in errors.SINGULAR:
            strings[f"parse_{code}One"] = _stop(errors.SINGULAR[code])
    all_codes = {**errors.PARSE_ERRORS, **errors.PUZZLE_ERRORS, **errors.LINK_ERRORS}
    for code in (*errors.LINK_ERRORS, *errors.LINK_SHARED_CODES):
        strings[f"link_{code}"] = all_codes[code]
    for code, sentence in errors.LEVEL_ERRORS.items():
        strings[f"levels_{code}"] = _stop(sentence[0].upper() + sentence[1:])
    return strings


def text() -> str:
    """The generated file's text: the strings as JSON, one a line, in the tables' order."""
    return json.dumps(error_strings(), ensure_ascii=False, indent=1) + "\n"


def write_error_strings(path: Path = GENERATED) -> Path:
    """Write the page's English error strings to ``path`` (only when they changed: its date stays put otherwise)."""
    written = text()
    if not path.is_file() or path.read_text(encoding="utf-8") != written:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(written, encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        current = GENERATED.read_text(encoding="utf-8") if GENERATED.is_file() else ""
        if current != text():
            print(f"{GENERATED.relative_to(ROOT)} is not what py/lightsout/errors.py writes: run python3 tools/error_strings.py", file=sys.stderr)
            return 1
        return 0
    print(write_error_strings().relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
