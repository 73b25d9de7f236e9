"""The names and ranges the command line offers before it solves anything.

Format names, solving-method names, surfaces, the range of states, the
most solutions listed and the fewest-presses search's default budget: plain
constants in a leaf module (it imports nothing), so that ``python -m
lightsout`` builds its argument parser without importing the solvers.  Their owners re-export them —
:data:`lightsout.formats.FORMATS`, :data:`lightsout.rules.SURFACES`,
:data:`lightsout.puzzle.MAX_STATES`, ... are these objects — and
:data:`lightsout.methods.METHODS` holds exactly :data:`METHOD_NAMES` (a unit
test checks it).
"""

from __future__ import annotations

__all__ = ["FORMATS", "STATES", "METHOD_NAMES", "SURFACES", "MIN_STATES", "MAX_STATES", "MAX_LISTED_SOLUTIONS", "SEARCH_SECONDS", "EXACT_NULLITY"]

FORMATS = ("loj", "grid", "indices", "id", "poj")
"""The two-state text formats (:mod:`lightsout.formats`), as ``--format`` and the API's ``parse`` name them."""

STATES = "states"
"""The name of the k-state text format."""

METHOD_NAMES = (
    "full-enumeration",
    "first-row-enumeration",
    "full-system",
    "first-row-system",
    "chebyshev",
    "torus-chase",
    "klein-chase",
    "projective-chase",
)
"""The two-state solving methods (the keys of :data:`lightsout.methods.METHODS`), cheapest-to-describe first."""

SURFACES = ("plane", "torus", "klein", "projective")
"""The surfaces a rule may wrap on (:mod:`lightsout.rules`)."""

MIN_STATES = 2
MAX_STATES = 255
"""The range of states per light (a press adds 1 mod k)."""

MAX_LISTED_SOLUTIONS = 1024
"""Most solutions the API's ``solutions`` op and the CLI's ``solve --all --limit N`` list."""

SEARCH_SECONDS = 2.0
"""Default time budget of the fewest-presses search (:mod:`lightsout.coset_leader`), in seconds."""

EXACT_NULLITY = 30
"""Largest nullity whose fewest-presses search the CLI runs to the end by default.

The exhaustive Walsh search costs about 2^nullity × 55 ns in CPython (about a
minute at nullity 30 on a 2-core 2026 machine), so below this every answer is
proven; above it a search is only as good as its time budget."""
