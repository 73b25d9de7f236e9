"""The browser tests run on whichever Debian Chromium the machine has (tests/run.sh installs
either): its headless shell, or the full browser, which also asks for /favicon.ico by itself
when it shows a document that names no icon (conftest.PageWatch must not take that for the
page's error). One browser test, run in a pytest of its own, with each binary installed here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CHROMIUM_CANDIDATES, HEADLESS_SHELL, ROOT

# Opens a page of its own on limits.json (to clear the origin's storage) and then the site:
# the full browser's own icon request comes then.
PROBE_TEST = "tests/e2e/test_no_press_lost.py::test_a_press_then_solve_while_the_solver_starts_are_played_or_said_to_wait_then_solved[chromium-none]"
BINARIES = [path for path in (HEADLESS_SHELL, CHROMIUM_CANDIDATES[0]) if Path(path).is_file()]


def test_a_chromium_is_installed() -> None:
    assert BINARIES, f"neither {HEADLESS_SHELL} nor {CHROMIUM_CANDIDATES[0]} is installed (tests/run.sh installs one)"


@pytest.mark.parametrize("binary", BINARIES)
def test_a_browser_test_passes_with_each_chromium_installed(binary: str, tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", PROBE_TEST, "-q", "-p", "no:cacheprovider",
         f"--output={tmp_path / 'output'}"],  # not the run's own folder, which pytest-playwright empties at its start
        cwd=ROOT, env={**os.environ, "CHROMIUM": binary}, capture_output=True, text=True, timeout=240,
    )
    assert run.returncode == 0, f"with {binary}:\n{run.stdout[-4000:]}\n{run.stderr[-2000:]}"
    assert "1 passed" in run.stdout, run.stdout[-2000:]
