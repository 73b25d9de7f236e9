"""The figures the API publishes: its own limits and every constant the page needs (the ``limits`` op).

One table (:func:`limits`) read by the page (``dist/limits.json``, written by build.py), the CLI
and the API's checks, so no figure is copied by hand into JavaScript. The measured cost behind
each figure is in docs/limits.md.
"""

from __future__ import annotations

from typing import Any

from ..analysis.figures import NEAREST_NULLITY_LIMIT, WORST_CASE_CELLS
from ..solving.coset_leader import EXACT_NULLITY
from ..analysis.explain import EXPLAIN_SIDE, SHOWN_COLUMNS, SYSTEM_CELLS
from ..text.formats import FORMATS, MAX_DECLARED_CELLS, MAX_FORMAT_CELLS, MAX_TEXT_NUMBERS, STATES, SYMBOLS
from ..presets.presets import PRESETS
from ..model.graph import MAX_GRAPH_CELLS, MAX_GRAPH_ENTRIES
from ..solving.methods import (
    FIRST_ROW_ENUMERATION_LIMIT,
    FIRST_ROW_ENUMERATION_WORK,
    FIRST_ROW_SYSTEM_COLUMNS,
    FULL_ENUMERATION_LIMIT,
    FULL_SYSTEM_LIMIT,
    METHODS,
    PROJECTIVE_CHASE_LIMIT,
    TORUS_CHASE_LIMIT,
)
from ..model.puzzle import MAX_LONG_SIDE, MAX_STATE_CELLS, MAX_STATES, MIN_STATES
from ..analysis.random_boards import RANDOM_LIT_CELLS
from ..analysis.random_boards import SEARCH_SECONDS as RANDOM_SEARCH_SECONDS
from ..model.rules import MAX_STENCIL, RULES, SURFACES
from ..share.links import FIELD_ORDER, GRAPH_FIELD_ORDER, stencil_mask
from ..solving.solver import FULL_SYSTEM_CELLS, LISTED_BITS, MAX_LISTED_SOLUTIONS
from ..text.text_input import MAX_TEXT_BYTES, MAX_TEXT_LINES
from ..solving.zmod_chase import CHASE_CELL_COST, CHASE_WORK_LIMIT

MAX_API_CELLS = MAX_DECLARED_CELLS
"""Largest board (in cells) the API accepts: 10000 × 10000."""

MAX_SIDE = 10_000
"""Largest number of rows or columns the page offers (its Rows/Columns fields and canvas); the API
and the CLI take any board within ``max_long_side`` and ``max_cells`` (:func:`lightsout.model.puzzle.check_size`)."""

MAX_QUIET_SHOWN = 64
"""Most quiet patterns ``analyze`` returns (the gallery)."""


DEFAULT_SEARCH_SECONDS = 0.5
"""Time budget of the fewest-presses search for ``solve`` with ``minimal`` (seconds)."""

MAX_SEARCH_SECONDS = 3600.0
"""Largest ``seconds`` a request may give the search (enough to finish nullity 30 in Pyodide)."""

MAX_NUMBER = 1 << 53
"""Largest magnitude of a whole-number request field (JavaScript's exact integers); above it, an error."""

MAX_BOARDS = 10_000
"""Most puzzles of a POJ 1222 board set ``parse`` reads (each comes back as a board of the reply)."""


def limits() -> dict[str, Any]:
    """Every constant the page needs, in one reply (the ``limits`` op).

    ``max_cells``/``max_side``/``min_side``: board size; ``min_states``/
    ``max_states``: k; ``max_stencil``: a custom stencil's largest side;
    ``rules``/``surfaces``/``formats``: the accepted words (``formats`` as
    ``parse`` takes them, ``auto`` aside); ``methods``: the two-state solving
    methods; ``max_quiet_shown``: quiet patterns ``analyze`` returns;
    ``max_listed_solutions``: the most ``solutions`` lists;
    ``max_listed_bits``: and at most this many packed bits of them (at
    least one solution);
    ``default_search_seconds``/``max_search_seconds``: the fewest-presses
    budget; ``exact_nullity``: up to this nullity a search to the end is
    offered (about a minute in CPython at 30); ``full_system_cells``: the
    cell limit of the Z/kZ elimination of the whole press matrix (k > 2
    where light chasing does not apply: other rules, masks, tiny wrapped
    boards); ``chase_work_limit``: cells × (unknowns + 1 + ``chase_cell_cost``) + unknowns³ the
    Z/kZ light chase may take (k > 2, plus rule, no mask: C unknowns on a
    plane, 2C on a torus, Klein bottle or projective plane);
    ``max_state_cells``: most cells of a k > 2 board;
    ``gf2_full_system_cells``: the GF(2) elimination's limit (k = 2 where no
    chase applies: masks, other rules, wrapped boards below 3×3 or 4×3);
    ``torus_chase_cells``/``projective_chase_cells``: the k = 2 chases'
    cell limits on a torus or Klein bottle / a projective plane;
    ``worst_case_cells``: boards up to this size get a worst case;
    ``nearest_parity_checks``: most parity checks the nearest-board search
    takes; ``max_text_bytes``: most bytes of text sent to ``parse``;
    ``max_text_lines``: most lines of it; ``max_text_numbers``: most
    numbers of a list of lit cells (the readers refuse a text at the first
    line past any of their limits, :mod:`lightsout.text.text_input`);
    ``max_boards``: most puzzles of a POJ 1222 set ``parse`` reads;
    ``max_long_side``: most cells along a board's longer side (every op and
    the CLI, with ``max_cells``; :func:`lightsout.model.puzzle.check_size`);
    ``max_format_cells``: most cells ``format`` writes as text (``id``
    exempt); ``max_number``: largest whole-number request field;
    ``full_enumeration_cells``, ``first_row_enumeration_columns``,
    ``first_row_enumeration_work`` (rows × 2^columns),
    ``first_row_system_columns``: the cost limits of the k = 2 methods a
    request may force with ``method`` (columns = the shorter side: a board
    wider than tall is chased on its transpose); ``random_search_seconds``:
    how long ``random`` looks for an exact ``lit``/``presses``;
    ``random_lit_cells``: most cells one such draw picks (``lit``, or the
    cells left dark when fewer; ``presses``).  Each
    figure's measured cost is in docs/limits.md; a request above one gets
    a ``TooLargeError`` whose ``limit`` is the key here.
    ``max_graph_cells``/``max_graph_entries``: most cells of a graph
    puzzle and (press, light) pairs of its press sets; ``presets``: the
    real games' names (op ``presets`` for their facts);
    ``graph_share_fields``: a graph link's fields in their order.
    ``explain_side``/``explain_cells``/``explain_shown_columns``: light
    chasing is explained up to this many rows and columns, the full system
    up to this many cells, the first-row system's matrix sent up to this
    many columns (:mod:`lightsout.analysis.explain`).
    ``state_symbols``: the symbols of the ``states`` text format (0–9, a–z;
    numbers above 36 states); ``rule_masks``: each named rule's stencil as a
    25-bit mask, bit (dr + 2)·5 + (dc + 2); ``share_fields``: the share
    link's fields in their order (:mod:`lightsout.share.links`).
    """
    return {
        "max_cells": MAX_API_CELLS,
        "max_side": MAX_SIDE,
        "min_side": 1,
        "min_states": MIN_STATES,
        "max_states": MAX_STATES,
        "max_stencil": MAX_STENCIL,
        "rules": [*RULES, "custom:"],
        "surfaces": list(SURFACES),
        "formats": [*FORMATS, STATES],
        "methods": list(METHODS),
        "max_quiet_shown": MAX_QUIET_SHOWN,
        "max_listed_solutions": MAX_LISTED_SOLUTIONS,
        "max_listed_bits": LISTED_BITS,
        "default_search_seconds": DEFAULT_SEARCH_SECONDS,
        "max_search_seconds": MAX_SEARCH_SECONDS,
        "exact_nullity": EXACT_NULLITY,
        "full_system_cells": FULL_SYSTEM_CELLS,
        "max_state_cells": MAX_STATE_CELLS,
        "chase_work_limit": CHASE_WORK_LIMIT,
        "chase_cell_cost": CHASE_CELL_COST,
        "gf2_full_system_cells": FULL_SYSTEM_LIMIT,
        "torus_chase_cells": TORUS_CHASE_LIMIT,
        "projective_chase_cells": PROJECTIVE_CHASE_LIMIT,
        "worst_case_cells": WORST_CASE_CELLS,
        "nearest_parity_checks": NEAREST_NULLITY_LIMIT,
        "max_text_bytes": MAX_TEXT_BYTES,
        "max_text_lines": MAX_TEXT_LINES,
        "max_text_numbers": MAX_TEXT_NUMBERS,
        "max_boards": MAX_BOARDS,
        "max_long_side": MAX_LONG_SIDE,
        "max_format_cells": MAX_FORMAT_CELLS,
        "max_number": MAX_NUMBER,
        "full_enumeration_cells": FULL_ENUMERATION_LIMIT,
        "first_row_enumeration_columns": FIRST_ROW_ENUMERATION_LIMIT,
        "first_row_enumeration_work": FIRST_ROW_ENUMERATION_WORK,
        "first_row_system_columns": FIRST_ROW_SYSTEM_COLUMNS,
        "random_search_seconds": RANDOM_SEARCH_SECONDS,
        "random_lit_cells": RANDOM_LIT_CELLS,
        "state_symbols": SYMBOLS,
        "rule_masks": {name: stencil_mask(rule.stencil) for name, rule in RULES.items()},
        "share_fields": list(FIELD_ORDER),
        "graph_share_fields": list(GRAPH_FIELD_ORDER),
        "max_graph_cells": MAX_GRAPH_CELLS,
        "max_graph_entries": MAX_GRAPH_ENTRIES,
        "presets": list(PRESETS),
        "explain_side": EXPLAIN_SIDE,
        "explain_cells": SYSTEM_CELLS,
        "explain_shown_columns": SHOWN_COLUMNS,
    }
