"""The JSON API the page's worker calls (docs/api.md): ``lightsout.api.call`` and ``handle``.

Layer 5 (tests/unit/test_layers.py), beside :mod:`lightsout.cli` (neither imports the other): imports
every layer below.  The operations live in :mod:`lightsout.api.operations`; their entry points are
re-exported here, the path the worker imports (``pyimport("lightsout.api").call``).
"""

from .operations import MAX_API_CELLS, MAX_LISTED_SOLUTIONS, MAX_QUIET_SHOWN, MAX_SIDE, OPERATIONS, call, handle, limits

__all__ = ["handle", "call", "limits", "OPERATIONS", "MAX_API_CELLS", "MAX_SIDE", "MAX_QUIET_SHOWN", "MAX_LISTED_SOLUTIONS"]
