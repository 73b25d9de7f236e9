"""Shared settings of the unit tests.

Hypothesis's per-example deadline (200 ms by default) is a timing assertion: on a loaded
2-core machine one example can take longer for reasons unrelated to the code, and the run
fails as "flaky". Speed is measured by the benchmarks, not asserted here, so the default
profile has no deadline; a test that sets its own keeps it.
"""

from hypothesis import settings

settings.register_profile("lightsout", deadline=None)
settings.load_profile("lightsout")
