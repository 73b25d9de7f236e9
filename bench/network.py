"""On-demand benchmark of the start over a phone-like network (not collected by pytest):

    python3 build.py && python3 bench/network.py [--runs 3] [--profiles none,fast,slow] [--compare DIR]
    python3 bench/network.py --serve slow [--site DIR]  # only serve dist/ (or DIR) so (prints its URL; bench/ready.mjs)

Serves dist/ (and, with --compare, another built site, e.g. of main before a change) as GitHub
Pages serves a site: gzip on the fly for HTML, CSS, JavaScript, JSON, the manifest and .wasm
(level 6, to a client that accepts it; each file compressed once and kept for every run, as Pages'
CDN keeps its copy), every other file (.zip, .png, ...) as stored;
Last-Modified, ETag and `Cache-Control: max-age=600` as GitHub sends them; no other header (no
Content-Security-Policy). Optionally throttled like a mobile link: one token bucket shared by
every connection (the link's bandwidth, in 8 KiB chunks) and a latency added to every request
before its answer starts. Profiles:

    none   unthrottled (loopback)
    fast   9 Mbit/s, 60 ms a request   ("fast 4G")
    slow   1.6 Mbit/s, 150 ms a request ("slow 4G", what web performance tools call a phone)

For each profile, each site and each run, a new browser profile (bench/page.py's
startup_run, whose code this reuses) makes a cold visit and, once its service worker is active,
a repeat visit; printed: the bytes the server sent before the solver was ready (bodies as sent),
navigation → first playable grid and → solver ready, cold and repeat (medians of --runs), and
what the status line said while the cold visit loaded (the slow profile's first run), and the
worker's start steps (ms since navigation, medians; bench/page.py's). A start
that fails says when and why ("failed 32.1 s").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from page import startup_run  # noqa: E402
from conftest import DIST  # noqa: E402
from pages_server import PROFILES, serve_like_pages, warm  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

def seconds(ms: float | None) -> str:
    return "   —  " if ms is None else f"{ms / 1000:6.2f}"


def summary(rows: list[dict], visit: str, key: str) -> str:
    """The median of ``key`` (ms) over the runs' ``visit``, or how the start failed."""
    values = [row[visit][key] for row in rows if row[visit] is not None and row[visit][key] is not None]
    failed = [row["cold"] for row in rows if visit == "cold" and row["cold"]["ready"] is None]
    if key == "ready" and failed:
        return f"failed at {statistics.median(f['failed'] for f in failed) / 1000:.1f} s ({len(failed)}/{len(rows)})"
    return seconds(statistics.median(values)) + " s" if values else "   —"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per profile and site (default 3)")
    parser.add_argument("--profiles", default="none,fast,slow", help="comma-separated: none, fast, slow")
    parser.add_argument("--compare", type=Path, default=None, help="another built site to alternate with (e.g. main's dist/)")
    parser.add_argument("--serve", choices=sorted(PROFILES), default=None,
                        help="only serve dist/ (or --site) with this profile, printing its URL, until stopped (the other engines' benchmark)")
    parser.add_argument("--site", type=Path, default=DIST, help="with --serve: the built site to serve (default dist/)")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("build the site first: python3 build.py")
    if args.serve:
        site = args.site.resolve()
        warm(site)
        with serve_like_pages(site, PROFILES[args.serve]) as (url, _):
            print(f"serving {site} at {url} as {PROFILES[args.serve]}", flush=True)
            threading.Event().wait()
        return 0
    sites = {"this": DIST} | ({"compare": args.compare.resolve()} if args.compare else {})
    profiles = [PROFILES[name] for name in args.profiles.split(",")]
    for site in sites.values():
        warm(site)
    print(f"load average at start: {', '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    results: dict[tuple[str, str], list[dict]] = {}
    with sync_playwright() as playwright:
        for profile in profiles:
            timeout_ms = 180_000 if profile.bits_per_second else 60_000
            for run in range(args.runs):
                for name, site in sites.items():
                    with serve_like_pages(site, profile) as (url, sent):
                        result = startup_run(playwright, url, sent, timeout_ms)
                    results.setdefault((profile.name, name), []).append(result)
                    cold, repeat = result["cold"], result["repeat"]
                    print(f"  {profile.name} run {run + 1} {name}: cold grid {seconds(cold['grid'])} s,"
                          f" ready {seconds(cold['ready']) if cold['ready'] is not None else 'FAILED at ' + seconds(cold['failed'])} s"
                          f" ({cold['path']}), {result['cold_ready_bytes'] / 1e6:.2f} MB;"
                          + (f" repeat grid {seconds(repeat['grid'])} s, ready {seconds(repeat['ready'])} s ({repeat['path']})"
                             if repeat else " no repeat visit (the start failed)"), flush=True)
                    if profile.name == "slow" and run == 0:
                        said = cold["said"] if len(cold["said"]) <= 9 else cold["said"][:3] + cold["said"][3:-3:4] + cold["said"][-3:]
                        print("    the status line while the cold visit loaded (s: text):",
                              "; ".join(f"{ms / 1000:.1f}: {text}" for ms, text in said))
    print(f"\nmedians of {args.runs} runs; load average at the end: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print(f"{'profile':<44} {'site':<8} {'bytes before ready':>18} {'cold grid':>10} {'cold ready':>22} {'repeat grid':>12} {'repeat ready':>13}")
    for profile in profiles:
        for name in sites:
            rows = results[(profile.name, name)]
            ready = [row["cold_ready_bytes"] for row in rows if row["cold"]["ready"] is not None]
            # A failed start's count holds only the responses that ended before it failed.
            cold_bytes = f"{statistics.median(ready) / 1e6:.2f} MB" if ready else "(failed)"
            print(f"{str(profile):<44} {name:<8} {cold_bytes:>18} {summary(rows, 'cold', 'grid'):>10}"
                  f" {summary(rows, 'cold', 'ready'):>22} {summary(rows, 'repeat', 'grid'):>12} {summary(rows, 'repeat', 'ready'):>13}")
    for profile in profiles:
        for name in sites:
            for visit in ("cold", "repeat"):
                rows = [row[visit] for row in results[(profile.name, name)] if row[visit] and row[visit]["ready"] is not None]
                steps = sorted({key for row in rows for key in row["steps"]},
                               key=lambda key: statistics.median(row["steps"].get(key, 0) for row in rows))
                if steps:
                    print(f"{profile.name} {name} {visit} steps (ms since navigation, medians): "
                          + ", ".join(f"{key} {statistics.median(row['steps'].get(key, 0) for row in rows):.0f}" for key in steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
