"""The string table (static/i18n.js): every language has every key of English with the
same placeholders, and index.html carries no UI text of its own (it is filled from the
table by data-i18n attributes)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar


ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def tables() -> dict[str, dict[str, str]]:
    node = shutil.which("node")
    if node is None:
        raise AssertionError("node is required (build.py needs npm and node)")
    script = (
        "const source = require('fs').readFileSync(process.argv[1], 'utf8');"
        "const table = source.match(/const STRINGS = (\\{[\\s\\S]*?\\n\\});/)[1];"
        "process.stdout.write(JSON.stringify(new Function('return ' + table)()));"
    )
    result = subprocess.run([node, "-e", script, str(ROOT / "static" / "i18n.js")],
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


# Placeholders whose values are English text from Python with no code to translate (the
# user-puzzle parser's messages, lightsout.puzzle_text): another language says the line and
# column with a reason of its own instead of quoting English. Remove an entry once the
# messages it carries have codes.
ENGLISH_ONLY = {"graphError": {"message"}, "graphErrorPlain": {"message"}}


def test_every_language_has_every_key_with_the_same_placeholders():
    strings = tables()
    assert set(strings) == {"en", "zh"}
    english = strings["en"]
    for code, table in strings.items():
        assert set(table) == set(english), code
        for key, text in table.items():
            expected = set(PLACEHOLDER.findall(english[key]))
            if code != "en":
                expected -= ENGLISH_ONLY.get(key, set())
            assert set(PLACEHOLDER.findall(text)) == expected, (code, key)


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
