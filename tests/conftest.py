"""The order test modules are handed out to pytest-xdist's workers (tests/run.sh: --dist
loadfile --no-loadscope-reorder): the longest first, so the run does not end with one
worker busy on a long module while the others idle. Longest-first is the classic greedy
schedule (LPT, Graham 1969). The weights are measured test-seconds of a 4-worker run
(--durations=0, 2026-11-25, after the browser tests' round trips were cut); a module not
named keeps its place after them. A stale list costs only some wall time, never a test.
"""

from __future__ import annotations

import pytest

LONGEST_FIRST = [
    "tests/e2e/test_explain_page.py",      # 92 s
    "tests/e2e/test_states_page.py",       # 89
    "tests/e2e/test_failures.py",          # 80
    "tests/e2e/test_variants_page.py",     # 63
    "tests/unit/test_hostile_input.py",    # 62
    "tests/e2e/test_games_page.py",        # 62
    "tests/e2e/test_scan_page.py",         # 61
    "tests/e2e/test_snapshot.py",          # 47
    "tests/e2e/test_big.py",               # 40
    "tests/e2e/test_layout.py",            # 39
    "tests/e2e/test_share_states.py",      # 37
    "tests/e2e/test_paste_page.py",        # 33
    "tests/e2e/test_setup_page.py",        # 30
    "tests/e2e/test_cache_integrity.py",   # 30
    "tests/e2e/test_play.py",              # 28
    "tests/e2e/test_page_messages.py",     # 26
    "tests/e2e/test_security.py",          # 25
    "tests/unit/test_api.py",              # 25
    "tests/unit/test_variants.py",         # 24
    "tests/e2e/test_defects.py",           # 23
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the modules of LONGEST_FIRST first, in its order; the rest keep theirs (a stable sort)."""
    rank = {path: index for index, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
