"""On-demand benchmark of the start over a phone-like network (not collected by pytest):

    python3 build.py && python3 tests/e2e/bench_network.py [--runs 3] [--profiles none,fast,slow] [--compare DIR]
    python3 tests/e2e/bench_network.py --serve slow [--site DIR]  # only serve dist/ (or DIR) so (prints its URL; tests/engines/bench_ready.mjs)

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

For each profile, each site and each run, a new browser profile (tests/e2e/bench_page.py's
startup_run, whose code this reuses) makes a cold visit and, once its service worker is active,
a repeat visit; printed: the bytes the server sent before the solver was ready (bodies as sent),
navigation → first playable grid and → solver ready, cold and repeat (medians of --runs), and
what the status line said while the cold visit loaded (the slow profile's first run), and the
worker's start steps (ms since navigation, medians; bench_page.py's). A start
that fails says when and why ("failed 32.1 s").
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import http.server
import mimetypes
import os
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_page import startup_run  # noqa: E402
from conftest import DIST  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

# What GitHub Pages compresses on the fly (text types and wasm); .zip, .gz, wheels and images go as stored.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".wasm", ".svg", ".txt", ".map")
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".json": "application/json", ".zip": "application/zip"}
CHUNK = 8192


@dataclass(frozen=True)
class Profile:
    name: str
    bits_per_second: float | None  # None: unthrottled
    latency_s: float

    def __str__(self) -> str:
        if self.bits_per_second is None:
            return f"{self.name} (unthrottled)"
        return f"{self.name} ({self.bits_per_second / 1e6:g} Mbit/s, {self.latency_s * 1000:.0f} ms a request)"


PROFILES = {
    "none": Profile("none", None, 0.0),
    "fast": Profile("fast", 9e6, 0.060),
    "slow": Profile("slow", 1.6e6, 0.150),
}


class TokenBucket:
    """One link shared by every connection: each chunk waits for its turn at `rate` bytes a second."""

    def __init__(self, bytes_per_second: float) -> None:
        self.rate = bytes_per_second
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def take(self, size: int) -> None:
        with self.lock:
            now = time.monotonic()
            start = max(now, self.free_at)
            self.free_at = start + size / self.rate
            wait = self.free_at - now
        if wait > 0:
            time.sleep(wait)


# Each file's gzip, made once per file version and kept for every run, as GitHub Pages' CDN
# (Fastly) keeps the compressed copy it sent: a visitor is not made to wait while the 9.6 MB
# wasm is compressed (≈ 0.5 s here, which a server compressing it again for every cold visit
# would add to every cold start's wasm download). warm() makes them before the first run.
COMPRESSED_CACHE: dict[tuple[str, int], bytes] = {}


def gzipped(target: Path) -> bytes:
    """``target``'s bytes, gzip-compressed at level 6 (once per file version)."""
    key = (str(target), target.stat().st_mtime_ns)
    if key not in COMPRESSED_CACHE:
        COMPRESSED_CACHE[key] = gzip.compress(target.read_bytes(), compresslevel=6, mtime=0)
    return COMPRESSED_CACHE[key]


def warm(site: Path) -> None:
    """Compress every file of ``site`` that Pages compresses, so no run waits for it."""
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSED:
            gzipped(path.resolve())


def pages_handler(site: Path, profile: Profile, sent: list[tuple[str, int, int]]) -> type[http.server.BaseHTTPRequestHandler]:
    """A handler that answers GET and HEAD for ``site`` as GitHub Pages would, throttled by ``profile``;
    each response appends (path, status, body bytes sent) to ``sent``."""
    bucket = TokenBucket(profile.bits_per_second / 8) if profile.bits_per_second else None

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
            pass

        def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
            self.answer(body=False)

        def do_GET(self) -> None:  # noqa: N802
            self.answer(body=True)

        def answer(self, body: bool) -> None:
            if profile.latency_s:
                time.sleep(profile.latency_s)
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            target = (site / path.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if site.resolve() not in target.parents or not target.is_file():
                self.send_error(404)
                sent.append((path, 404, 0))
                return
            stat = target.stat()
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
            modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
            if self.headers.get("If-None-Match") == etag or (
                    "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified):
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", "max-age=600")
                self.send_header("Content-Length", "0")
                self.end_headers()
                sent.append((path, 304, 0))
                return
            compress = target.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
            data = gzipped(target) if compress else target.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", TYPES.get(target.suffix) or mimetypes.guess_type(target.name)[0] or "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Last-Modified", modified)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "max-age=600")
            if target.suffix in COMPRESSED:
                self.send_header("Vary", "Accept-Encoding")
            if compress:
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            if not body:
                return
            written = 0
            try:
                for start in range(0, len(data), CHUNK):
                    chunk = data[start:start + CHUNK]
                    if bucket:
                        bucket.take(len(chunk))
                    self.wfile.write(chunk)
                    written += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the browser gave up on it (a cancelled request)
            finally:
                sent.append((path, 200, written))

    return Handler


@contextlib.contextmanager
def serve_like_pages(site: Path, profile: Profile) -> Iterator[tuple[str, list[tuple[str, int, int]]]]:
    """Serve ``site`` at http://127.0.0.1:<port>/ as GitHub Pages would, throttled by ``profile``;
    yields the URL and the list of responses sent."""
    sent: list[tuple[str, int, int]] = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), pages_handler(site, profile, sent))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    finally:
        server.shutdown()
        server.server_close()


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
