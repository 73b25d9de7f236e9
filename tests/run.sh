#!/usr/bin/env bash
# The project's one test command: sets up everything a fresh machine needs, builds the
# site, then runs the unit and browser tests. Exits non-zero on any failure, including
# pytest collecting no tests (its exit code 5).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Python dev tools (requirements-dev.txt) in .venv"
# A virtual environment in the repo: the system Python may be "externally managed".
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || {
        echo "error: python3 -m venv failed; on Debian install it as root: apt-get install -y python3-venv" >&2
        exit 1
    }
fi
PYTHON="$PWD/.venv/bin/python"
"$PYTHON" -m pip install --disable-pip-version-check -q -r requirements-dev.txt

echo "== Chromium"
if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then
    echo "using \$CHROMIUM=$CHROMIUM"
elif [ -x /usr/bin/chromium ]; then
    echo "using /usr/bin/chromium"
elif [ "$(id -u)" = "0" ]; then
    # Playwright cannot download its own browsers here; Debian's chromium works with it.
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
else
    echo "error: no Chromium. Install Debian's package as root: apt-get install -y chromium" >&2
    echo "       (or set CHROMIUM=/path/to/chromium)" >&2
    exit 1
fi

echo "== Build dist/ (runs npm ci the first time)"
"$PYTHON" build.py

echo "== Type check of the package (mypy --strict) and lint (ruff: pyflakes rules)"
"$PYTHON" -m mypy --strict py/lightsout
"$PYTHON" -m ruff check --quiet --select F,E9 py tests build.py

echo "== Headless JS tests (node --test tests/js/: session, game, codec, agreement with Python)"
command -v node >/dev/null || { echo "error: node is not installed (it is also needed for npm ci)" >&2; exit 1; }
node --test tests/js/

echo "== Tests"
status=0
"$PYTHON" -m pytest tests/unit tests/e2e "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
