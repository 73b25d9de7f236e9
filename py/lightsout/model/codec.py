"""The one packed-bits codec: boards as ints, bytes and base64url text.

Packing (game IDs, share links and API payloads all use it): with
b = :func:`bits_per_cell` (k) = bit_length(k − 1) bits per cell (1 for
k = 2), cell i = r·C + c occupies bits i·b … i·b + b − 1 of one int, least
significant bit first; as bytes the int is little-endian, ``ceil(cells·b /
8)`` bytes, the unused bits of the last byte 0.  For k = 2 the packed int is
the board's *flat* int (bit r·C + c = cell (r, c)).  As text the bytes are
base64url (RFC 4648 §5) without padding, so every board has exactly one
string.
"""

from __future__ import annotations

import re

from ..errors import BoardFormatError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "MAX_DECLARED_CELLS",
    "MAX_LONG_SIDE",
    "MAX_STATE_CELLS",
    "PACKED_BOARD",
    "declared_size",
    "parse_packed",
    "format_packed",
    "bits_per_cell",
    "byte_length",
    "to_bytes",
    "from_bytes",
    "encode",
    "decode",
    "encode_bytes",
    "decode_bytes",
    "pack",
    "unpack",
    "first_state_above",
    "transpose_packed",
]

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

MAX_DECLARED_CELLS = 10_000 * 10_000
"""Largest board a size header (indices, game ID, share link, API board) may declare.

Grids and LOJ boards are as large as their text; a header alone must not
make a parser allocate an arbitrarily large board."""

MAX_LONG_SIDE = 1_000_000
"""Most cells along a board's longer side.  A board is a list of row ints and the chases run
along the longer side, one Python step per row: 10^6 rows (or one row of 10^6 cells, solved on
its transpose) take about 0.5 s; 10^8 would take a minute and, as a list of rows, gigabytes."""

MAX_STATE_CELLS = 1 << 20
"""Most cells of a board with more than two states (held as a list of states while solved or pressed)."""

MAX_SIZE_DIGITS = 9
"""Most digits of a side in a size header."""

PACKED_BOARD = re.compile(r"(\d+)x(\d+):([A-Za-z0-9_-]*)")
"""``RxC:`` + base64url: a packed board as text (a game ID for k = 2)."""


def bits_per_cell(k: int) -> int:
    """Bits one cell of a k-state board takes: bit_length(k − 1), at least 1."""
    return max(1, (k - 1).bit_length())


def byte_length(bits: int) -> int:
    """Bytes that hold ``bits`` packed bits."""
    return (bits + 7) // 8


def to_bytes(value: int, bits: int) -> bytes:
    """The packed int ``value`` (at most ``bits`` bits) as little-endian bytes."""
    return value.to_bytes(byte_length(bits), "little")


def from_bytes(data: bytes, bits: int) -> int:
    """The packed int in ``data``, with the bits past ``bits`` dropped."""
    value = int.from_bytes(data, "little")
    if value.bit_length() > bits:  # mask only when there are stray bits: the int may have 10^8 bits
        value &= (1 << bits) - 1
    return value


def encode(value: int, bits: int) -> str:
    """Base64url (no padding) of :func:`to_bytes` (value, bits)."""
    return encode_bytes(to_bytes(value, bits))


def encode_bytes(data: bytes) -> str:
    """Base64url of ``data`` without padding."""
    import base64  # here, not at the top: the LOJ path reads only this module's size limits

    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode_bytes(text: str, what: str = "the text", column: int = 1) -> bytes:
    """Inverse of :func:`encode_bytes`.  Raises :class:`~lightsout.errors.BoardFormatError`
    (line 1, ``column``) unless ``text`` is the one base64url string of some bytes."""
    import base64
    import binascii

    try:
        if not _BASE64URL.fullmatch(text):
            raise ValueError
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise BoardFormatError.of("bad_base64", 1, column, part=what) from None
    if encode_bytes(data) != text:
        raise BoardFormatError.of("bad_base64", 1, column, part=what)
    return data


def decode(text: str, bits: int, what: str = "the board", column: int = 1) -> int:
    """Inverse of :func:`encode`: the packed int of ``bits`` bits written in ``text``.

    Raises :class:`~lightsout.errors.BoardFormatError` (line 1, ``column``
    where ``text`` starts) for a length that does not fit ``bits``, a
    character outside base64url, or set bits past ``bits`` (stray bits in the
    last character included: each value has one string only).
    """
    size = byte_length(bits)
    expected = (size * 8 + 5) // 6
    if len(text) != expected:
        raise BoardFormatError.of("id_length", 1, column, part=what, expected=expected, found=len(text))
    if not _BASE64URL.fullmatch(text):
        bad = next(i for i, s in enumerate(text) if not (s.isascii() and (s.isalnum() or s in "_-")))
        raise BoardFormatError.of("bad_base64", 1, column + bad, part=what)
    import base64
    import binascii

    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise BoardFormatError.of("bad_base64", 1, column, part=what) from None
    value = int.from_bytes(data, "little")
    if len(data) != size or value >> bits or encode(value, bits) != text:
        raise BoardFormatError.of("stray_bits", 1, column + len(text), part=what, bits=bits)
    return value


def pack(values: Sequence[int], bits: int) -> int:
    """Pack cell values (each below 2^bits) into one int, cell i at bits i·b … i·b + b − 1."""
    if not values:
        return 0
    if bits == 8:
        return int.from_bytes(bytes(values), "little")
    return int("".join(format(v, f"0{bits}b") for v in reversed(values)), 2)


def unpack(value: int, cells: int, bits: int) -> list[int]:
    """Inverse of :func:`pack`: the ``cells`` values of ``bits`` bits each."""
    if bits == 8:
        return list(value.to_bytes(cells, "little"))
    text = format(value, f"0{cells * bits}b")
    size = len(text)
    return [int(text[size - (i + 1) * bits : size - i * bits], 2) for i in range(cells)]


def first_state_above(value: int, cells: int, k: int) -> int | None:
    """Index of the first cell whose packed state is k or more, or None (always None for k a power of 2)."""
    bits = bits_per_cell(k)
    if k == 1 << bits:
        return None
    for index, state in enumerate(unpack(value, cells, bits)):
        if state >= k:
            return index
    return None


def transpose_packed(value: int, rows: int, cols: int, bits: int) -> int:
    """The packed C×R board whose cell (c, r) is cell (r, c) of the packed R×C board ``value``.

    Through :func:`unpack` and :func:`pack`; a single row or column is its own transpose.  (A
    two-state plane chase transposes its row ints instead: :func:`lightsout.model.rows.transpose_rows`.)
    """
    if rows == 1 or cols == 1 or value == 0:
        return value
    states = unpack(value, rows * cols, bits)
    return pack([states[r * cols + c] for c in range(cols) for r in range(rows)], bits)


def _clip(digits: str) -> str:
    return digits if len(digits) <= 12 else digits[:12] + "…"


def declared_size(rows_text: str, cols_text: str, line: int, column: int) -> tuple[int, int]:
    """Check a header's R and C (digit strings): at least 1, at most MAX_DECLARED_CELLS in all."""
    if len(rows_text) > MAX_SIZE_DIGITS or len(cols_text) > MAX_SIZE_DIGITS:
        raise BoardFormatError.of("size_too_large", line, column, size=f"{_clip(rows_text)}x{_clip(cols_text)}", most=MAX_DECLARED_CELLS)
    rows, cols = int(rows_text), int(cols_text)
    if rows < 1 or cols < 1:
        raise BoardFormatError.of("size_below_one", line, column, size=f"{rows}x{cols}")
    if rows * cols > MAX_DECLARED_CELLS:
        raise BoardFormatError.of("size_too_large", line, column, size=f"{rows}x{cols}", most=MAX_DECLARED_CELLS)
    return rows, cols


def format_packed(rows: int, cols: int, value: int, k: int = 2) -> str:
    """``RxC:`` + base64url of an R×C board packed with k states per cell (the game ID for k = 2)."""
    return f"{rows}x{cols}:" + encode(value, rows * cols * bits_per_cell(k))


def parse_packed(text: str, k: int = 2, what: str = "the board") -> tuple[int, int, int]:
    """Parse ``RxC:`` + base64url of a board packed with k states per cell; return (R, C, packed int).

    Raises :class:`BoardFormatError` (line 1 and the column) for a bad size,
    payload, or a cell state of k or more.
    """
    match = PACKED_BOARD.fullmatch(text)
    if not match:
        bad = next((i for i, s in enumerate(text) if not (s.isalnum() or s in "_-:")), None)
        column = 1 if bad is None else bad + 1
        raise BoardFormatError.of("game_id_expected", 1, column)
    rows, cols = declared_size(match.group(1), match.group(2), 1, 1)
    prefix = len(match.group(1)) + len(match.group(2)) + 2
    cells = rows * cols
    value = decode(match.group(3), cells * bits_per_cell(k), what, prefix + 1)
    bad_cell = first_state_above(value, cells, k)
    if bad_cell is not None:
        state = unpack(value, cells, bits_per_cell(k))[bad_cell]
        raise BoardFormatError.of("state_out_of_range", 1, prefix + 1, part=what, state=state, cell=bad_cell, most=k - 1)
    return rows, cols, value
