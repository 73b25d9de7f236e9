"""Print the limits the page must run with, as build.py takes them from the package
(lightsout.api's "limits" op), for tests/js/limits.test.mjs."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

print(json.dumps(build.package_limits(ROOT / "py")))
