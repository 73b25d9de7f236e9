"""A server of a built site as GitHub Pages serves it, optionally throttled like a phone's link
(the slow-link tests, bench/network.py and bench/ready.mjs).

Gzip on the fly for HTML, CSS, JavaScript, JSON, the manifest and .wasm (level 6, to a client that
accepts it; each file compressed once and kept for every run, as Pages' CDN keeps its copy), every
other file (.zip, .png, ...) as stored; Last-Modified, ETag and `Cache-Control: max-age=600` as
GitHub sends them; no other header (no Content-Security-Policy). Throttled by a Profile: one token
bucket shared by every connection (the link's bandwidth, in 8 KiB chunks) and a latency added to
every request before its answer starts:

    none   unthrottled (loopback)
    fast   9 Mbit/s, 60 ms a request   ("fast 4G")
    slow   1.6 Mbit/s, 150 ms a request ("slow 4G", what web performance tools call a phone)
"""

from __future__ import annotations

import contextlib
import email.utils
import gzip
import http.server
import mimetypes
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

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
