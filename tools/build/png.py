"""The PNG icons, written with zlib (no image library)."""

from __future__ import annotations

import struct
import zlib


def png(size: int) -> bytes:
    """A size×size PNG icon: a 5×5 Lights Out board (some lights on) on a dark square."""
    dark, lit, off = (27, 30, 36), (255, 213, 74), (58, 65, 80)
    pattern = ["#.#.#", ".###.", "##.##", ".###.", "#.#.#"]
    cell = size // 6
    margin = (size - 5 * cell) // 2
    gap = max(1, cell // 10)
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0 (None) for every scanline
        for x in range(size):
            r, c = (y - margin) // cell, (x - margin) // cell
            inside = 0 <= r < 5 and 0 <= c < 5 and (y - margin) % cell >= gap and (x - margin) % cell >= gap
            row += bytes(dark if not inside else lit if pattern[r][c] == "#" else off)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
