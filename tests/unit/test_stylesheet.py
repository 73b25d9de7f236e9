"""The stylesheet uses only custom properties it defines: an undefined `var(--name)` without a
fallback makes its declaration invalid at computed-value time, silently (the graph board's win
glow used `--cell-on-glow`, never defined, and so never showed)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
STYLESHEET = STATIC / "style.css"


def test_every_custom_property_used_is_defined() -> None:
    css = re.sub(r"/\*.*?\*/", "", STYLESHEET.read_text(encoding="utf-8"), flags=re.S)
    defined = set(re.findall(r"(--[\w-]+)\s*:", css))
    set_by_scripts = {name for script in STATIC.rglob("*.js")
                      for name in re.findall(r"setProperty\(\s*[\"'](--[\w-]+)", script.read_text(encoding="utf-8"))}
    defined |= set_by_scripts
    used_without_fallback = set(re.findall(r"var\(\s*(--[\w-]+)\s*\)", css))
    assert defined, "no custom property found: the pattern no longer matches the stylesheet"
    assert sorted(used_without_fallback - defined) == []
