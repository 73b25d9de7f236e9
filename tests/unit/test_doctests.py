"""The package's doctests: every example in a docstring of `lightsout` runs as written.

One test a module that has examples, found by walking the package (a module given examples
later is run without being named here); a module that fails to import fails its test.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lightsout


def modules_with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    names = []
    for info in pkgutil.walk_packages(lightsout.__path__, prefix="lightsout."):
        if info.name.endswith("__main__"):
            continue  # running it would start the command line
        module = importlib.import_module(info.name)
        if any(test.examples for test in finder.find(module, info.name)):
            names.append(info.name)
    return ["lightsout", *names] if any(test.examples for test in finder.find(lightsout)) else names


MODULES = modules_with_examples()


def test_the_package_has_examples_to_run() -> None:
    """The walk finds the examples (a broken walk would find none and test nothing)."""
    assert {"lightsout.model.board", "lightsout.solving.solver"} <= set(MODULES), MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_run_as_written(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)  # failures printed
    assert result.attempted > 0, f"{name}: no example ran"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (printed above)"
