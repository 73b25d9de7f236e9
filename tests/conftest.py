"""The order test modules are handed out to pytest-xdist's workers (tests/run.sh: --dist
loadfile --no-loadscope-reorder): the longest first, so the run does not end with one
worker busy on a long module while the others idle. Longest-first is the classic greedy
schedule (LPT, Graham 1969). The weights are measured test-seconds of a 4-worker run
(--durations=0, 2026-11-28, issues 38 and 39); a module not
named keeps its place after them. A stale list costs only some wall time, never a test.
"""

from __future__ import annotations

import pytest

LONGEST_FIRST = [
    "tests/e2e/test_states_page.py",       # 67 s
    "tests/e2e/test_snapshot.py",          # 65
    "tests/e2e/test_explain_page.py",      # 63
    "tests/e2e/test_scan_page.py",         # 58
    "tests/e2e/test_failures.py",          # 56
    "tests/e2e/test_layout.py",            # 52
    "tests/e2e/test_no_press_lost.py",     # 44
    "tests/e2e/test_variants_page.py",     # 40
    "tests/e2e/test_games_page.py",        # 39
    "tests/unit/test_hostile_input.py",    # 34
    "tests/unit/test_zmod.py",             # 30
    "tests/e2e/test_big.py",               # 27
    "tests/e2e/test_cache_integrity.py",   # 27
    "tests/e2e/test_share_states.py",      # 26
    "tests/e2e/test_paste_page.py",        # 26
    "tests/e2e/test_solid_page.py",        # 23
    "tests/unit/test_text_limits.py",      # 21
    "tests/e2e/test_setup_page.py",        # 20
    "tests/e2e/test_page_messages.py",     # 19
    "tests/e2e/test_slow_link.py",         # 18
    "tests/e2e/test_share_link.py",        # 18
    "tests/e2e/test_offline.py",           # 17
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the modules of LONGEST_FIRST first, in its order; the rest keep theirs (a stable sort)."""
    rank = {path: index for index, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
