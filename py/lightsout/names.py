"""The names and ranges the command line offers before it solves anything.

Format names, solving-method names, surfaces, the range of states, the
most solutions listed and the fewest-presses search's default budget: plain
constants in a leaf module (it imports nothing), so that ``python -m
lightsout`` builds its argument parser without importing the solvers.  Their owners re-export them —
:data:`lightsout.text.formats.FORMATS`, :data:`lightsout.model.rules.SURFACES`,
:data:`lightsout.model.puzzle.MAX_STATES`, ... are these objects — and
:data:`lightsout.solving.methods.METHODS` holds exactly :data:`METHOD_NAMES` (a unit
test checks it).
"""

from __future__ import annotations

__all__ = [
    "FORMATS",
    "STATES",
    "METHOD_NAMES",
    "SURFACES",
    "MIN_STATES",
    "MAX_STATES",
    "MAX_LISTED_SOLUTIONS",
    "SEARCH_SECONDS",
    "EXACT_NULLITY",
    "HIDDEN_CHARACTERS",
    "PUZZLE_OPTIONS",
]

FORMATS = ("loj", "grid", "indices", "id", "poj")
"""The two-state text formats (:mod:`lightsout.text.formats`), as ``--format`` and the API's ``parse`` name them."""

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
"""The two-state solving methods (the keys of :data:`lightsout.solving.methods.METHODS`), cheapest-to-describe first."""

SURFACES = ("plane", "torus", "klein", "projective")
"""The surfaces a rule may wrap on (:mod:`lightsout.model.rules`)."""

MIN_STATES = 2
MAX_STATES = 255
"""The range of states per light (a press adds 1 mod k)."""

MAX_LISTED_SOLUTIONS = 1024
"""Most solutions the API's ``solutions`` op and the CLI's ``solve --all --limit N`` list."""

SEARCH_SECONDS = 2.0
"""Default time budget of the fewest-presses search (:mod:`lightsout.solving.coset_leader`), in seconds."""

EXACT_NULLITY = 30
"""Largest nullity whose fewest-presses search the CLI runs to the end by default.

The exhaustive Walsh search costs about 2^nullity × 55 ns in CPython (about a
minute at nullity 30 on a 2-core 2026 machine), so below this every answer is
proven; above it a search is only as good as its time budget."""

PUZZLE_OPTIONS = {
    "k": "--states", "rule": "--rule", "surface": "--surface", "torus": "--torus", "holes": "--mask", "dont_care": "--mask", "target": "--target",
}
"""The CLI's option for each puzzle field (:mod:`lightsout.model.puzzle_fields`, whose errors name a field by it)."""

HIDDEN_CHARACTERS = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
"""A regular expression of one character that acts instead of being shown: the C0 and C1 controls
and DEL (Unicode's Cc: ESC starts a terminal's escape sequences, U+0085 ends a line), the line and
paragraph separators U+2028 and U+2029, the bidirectional embeddings, overrides and isolates
(U+202A..U+202E, U+2066..U+2069: they reorder the text around them) and lone surrogates (not
UTF-8 at all).  A cell's name or a puzzle's title may hold none of them
(:class:`lightsout.model.graph.Graph`, :mod:`lightsout.text.puzzle_text`), and the CLI writes none raw."""
