"""The string files (static/strings/<language>.json, one per language, read by static/page/i18n.js):
every language has every key of English with the same placeholders, and index.html carries no
UI text of its own (it is filled from the strings by data-i18n attributes).  English's error
strings are not written in en.json: tools/error_strings.py writes them from lightsout.errors
(static/strings/generated/errors-en.json), and English here is en.json with them, as i18n.js
merges it."""

from __future__ import annotations

import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

from lightsout.api import call
from lightsout.errors import LEVEL_ERRORS, LINK_ERRORS, LINK_SHARED_CODES, PARSE_ERRORS, PUZZLE_ERRORS, SINGULAR, worded

ALL_ERRORS = {**PARSE_ERRORS, **PUZZLE_ERRORS, **LINK_ERRORS}


ROOT = Path(__file__).resolve().parents[2]
STRINGS = ROOT / "static" / "strings"
PLACEHOLDER = re.compile(r"\{(?:[aA]:)?(\w+)\}")


def _tool():
    spec = importlib.util.spec_from_file_location("error_strings", ROOT / "tools" / "error_strings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ERROR_STRINGS = _tool()


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise AssertionError(f"keys given twice: {repeated}")
    return dict(pairs)


def tables() -> dict[str, dict[str, str]]:
    """Each language's strings, by its code (the file's name), as json.load reads them; English with the error
    strings Python's table writes (tools/error_strings.py: the one function that writes them)."""
    read = {path.stem: json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_unique_keys)
            for path in sorted(STRINGS.glob("*.json"))}
    written = ERROR_STRINGS.error_strings()
    assert not set(written) & set(read["en"]), "an error string is written in en.json too"
    read["en"] = {**read["en"], **written}
    return read


def test_the_generated_error_strings_are_what_pythons_table_writes():
    """static/strings/generated/errors-en.json (what the page imports) is tools/error_strings.py's output now:
    an error sentence changed in lightsout.errors without running it (or build.py) fails here."""
    assert ERROR_STRINGS.GENERATED.read_text(encoding="utf-8") == ERROR_STRINGS.text(), "run python3 tools/error_strings.py"


def test_every_language_has_every_key_with_the_same_placeholders():
    strings = tables()
    assert set(strings) == {"en", "zh"}
    english = strings["en"]
    for code, table in strings.items():
        assert all(isinstance(text, str) for text in table.values()), code
        assert set(table) == set(english), (code, set(table) ^ set(english))
        for key, text in table.items():
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (code, key)


def _fields(template: str) -> set[str]:
    """The params a lightsout.errors sentence is filled from (``part`` is the link's part, never a param)."""
    return set(PLACEHOLDER.findall(template)) - {"part"}


# Codes the page raises itself (no Python template): games-panel.js (a puzzle file too large to
# read) and the API's size limits (TooLargeError). share.js and share-link.js's own link codes
# are checked by tests/js/link-errors.test.mjs.
PAGE_PARSE_CODES = {"file_too_large": {"size", "most"}, "max_graph_cells": {"most", "found"}, "max_graph_entries": {"most", "found", "line"}}
LINK_CODES = (*LINK_ERRORS, *LINK_SHARED_CODES)


def test_every_error_code_has_a_sentence_written_from_its_params():
    """parse_<code> for every code of the text parser and the user-puzzle reader, link_<code> for
    every code a share link gives, levels_<code> for every code of the levels op; each sentence
    uses only the params its code is raised with."""
    english = tables()["en"]
    tables_of_codes = (PARSE_ERRORS, PUZZLE_ERRORS, LINK_ERRORS, LEVEL_ERRORS)
    assert sum(map(len, tables_of_codes)) == len(set().union(*tables_of_codes)), "a code is in two tables"
    parse = {code: _fields(template) for code, template in {**PARSE_ERRORS, **PUZZLE_ERRORS}.items()} | PAGE_PARSE_CODES
    link = {code: _fields(ALL_ERRORS[code]) | {"part"} for code in LINK_CODES}
    levels = {code: _fields(template) for code, template in LEVEL_ERRORS.items()}
    for prefix, codes in (("parse_", parse), ("link_", link), ("levels_", levels)):
        for code, params in codes.items():
            assert prefix + code in english, prefix + code
            assert set(PLACEHOLDER.findall(english[prefix + code])) <= params, (code, english[prefix + code])
    parts = {key.removeprefix("linkPart_") for key in english if key.startswith("linkPart_")}
    assert parts == {"board", "g", "h", "d", "m", "e"}


def test_each_english_error_string_is_its_python_sentence():
    """parse_<code>, link_<code> and levels_<code> read as lightsout.errors' sentence: a full stop added (a link's
    is framed by the page), a level error's capital, a paste's {part} the game ID; parse_<code>One from SINGULAR."""
    english = tables()["en"]
    for code, sentence in {**PARSE_ERRORS, **PUZZLE_ERRORS}.items():
        assert english["parse_" + code].rstrip(".") == sentence.replace("{part}", "the game ID").rstrip("."), code
    for code in LINK_CODES:
        assert english["link_" + code] == ALL_ERRORS[code], code
    for code, sentence in LEVEL_ERRORS.items():
        assert english["levels_" + code] == sentence[0].upper() + sentence[1:] + ".", code
    for code, sentence in SINGULAR.items():
        assert english[f"parse_{code}One"] == sentence + "." and _fields(sentence) <= _fields(ALL_ERRORS[code]), code


def test_python_names_a_link_part_as_the_page_does_in_english():
    """Every bad link of tests/data/bad-puzzles.json: Python's reason, word for word, is en.json's
    sentence written from the error's params, its {part} (Python's ``what``) linkPart_<field>."""
    english = tables()["en"]
    cases = json.loads((ROOT / "tests" / "data" / "bad-puzzles.json").read_text(encoding="utf-8"))["links"]
    for case in cases:
        reply = json.loads(call(json.dumps({"op": "share", "text": case["text"]}))[0])
        error = reply["error"]
        part = english.get(f"linkPart_{error['params']['field']}", "")
        expected = worded(english["link_" + error["code"]], {**error["params"], "part": part})
        assert error["message"] == f"line 1, column {error['column']}: {expected}", case["name"]


def test_chinese_strings_are_translated():
    strings = tables()
    same = [key for key, text in strings["zh"].items()
            if text == strings["en"][key] and re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", text))]
    assert same == []


class TextFinder(HTMLParser):
    """Collects text inside <body> that is not filled from the table."""

    SKIP: ClassVar[set[str]] = {"kbd", "noscript", "script", "style", "code"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.in_body = False
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        filled = "data-i18n" in names or "data-language" in names
        if tag == "body":
            self.in_body = True
        if tag not in {"input", "meta", "link", "br"}:
            self.stack.append((tag, filled))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self.in_body or not re.search(r"[A-Za-z]{2,}", data):
            return
        if any(tag in self.SKIP or filled for tag, filled in self.stack):
            return
        self.found.append(data.strip())


def test_index_html_has_no_hard_coded_ui_text():
    finder = TextFinder()
    finder.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    # The h1 holds "Lights Out" before the script runs; it has data-i18n, so it is skipped.
    assert finder.found == []


def test_every_data_i18n_key_exists():
    english = tables()["en"]
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = re.findall(r'data-i18n(?:-label|-placeholder|-title)?="(\w+)"', html)
    assert keys and [key for key in keys if key not in english] == []
