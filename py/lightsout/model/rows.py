"""Board rows as ints: masks, shifts, mirrors, and joining rows into one flat int and back.

Bit order (used throughout the package): a board row is a Python ``int``
whose bit ``c`` is column ``c`` (column 0 is the least significant bit); a
flat board of R rows is one ``int`` whose bit ``r·C + c`` is cell (r, c).

A leaf module of plain int operations (it imports nothing), so light
chasing (:mod:`lightsout.solving.chase`) and the command line's LOJ path use it
without loading the rules (:mod:`lightsout.model.rules`, which re-exports these).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["row_mask", "shift_row", "mirror_row", "join_rows", "split_rows", "transpose_rows"]


def row_mask(cols: int) -> int:
    """Return the int with the low ``cols`` bits set (a full row)."""
    return (1 << cols) - 1


def shift_row(row: int, dc: int, cols: int, torus: bool) -> int:
    """Return ``row`` moved ``dc`` columns to the right (bit c → bit c+dc).

    Bits pushed past either edge are dropped on a plane and wrap on a torus.
    """
    mask = row_mask(cols)
    if torus:
        dc %= cols
        if dc == 0:
            return row
        return ((row << dc) | (row >> (cols - dc))) & mask
    if dc >= 0:
        return (row << dc) & mask
    return row >> -dc


def mirror_row(row: int, cols: int) -> int:
    """Return ``row`` with its C columns reversed (bit c → bit C−1−c)."""
    return int(format(row, f"0{cols}b")[::-1], 2)


def join_rows(rows: list[int] | tuple[int, ...], cols: int) -> int:
    """Return the flat int of R rows: bit ``r·C + c`` is bit c of ``rows[r]``.

    Eight rows take exactly C bytes, so groups of eight rows are joined as
    ints (C bits a row, or one ``to_bytes`` a row when 8 divides C) and the
    groups as bytes: one pass over the board, O(R·C / w), with one big-int
    conversion at the end.  Rows with bits beyond column C − 1 (or below 0)
    are joined by shifts and ORs, as the rows' ints say.
    """
    count = len(rows)
    if count <= 8:
        return _join_shifted(rows, cols)
    if min(rows) < 0 or max(row.bit_length() for row in rows) > cols:
        return _join_shifted(rows, cols)
    if cols % 8 == 0:
        width = cols // 8
        data = b"".join([row.to_bytes(width, "little") for row in rows])
    else:
        data = b"".join([_join_shifted(rows[i : i + 8], cols).to_bytes(cols, "little") for i in range(0, count, 8)])
    return int.from_bytes(data, "little")


def _join_shifted(rows: list[int] | tuple[int, ...], cols: int) -> int:
    """:func:`join_rows` pairwise (a balanced tree): O(R·C·log R / w)."""
    items = list(rows)
    width = cols
    while len(items) > 1:
        merged = [items[i] | items[i + 1] << width for i in range(0, len(items) - 1, 2)]
        if len(items) % 2:
            merged.append(items[-1])
        items = merged
        width *= 2
    return items[0] if items else 0


_BITS_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_DIGITS_TO_BITS = bytes.maketrans(b"01", b"\x00\x01")


def transpose_rows(rows: Sequence[int], cols: int) -> list[int]:
    """The C columns of R rows (C bits each) as ints of R bits: bit r of column c = bit c of row r.

    A single row's bits become C ints through one ``bytes.translate``, a
    single column's R bits one int through ``bytes``; otherwise one binary
    string per row and ``zip`` over them.  O(R·C) at C speed.
    """
    if len(rows) == 1:
        return list(format(rows[0], f"0{cols}b")[::-1].encode().translate(_DIGITS_TO_BITS))
    if cols == 1:
        return [int(bytes(rows).translate(_BITS_TO_DIGITS)[::-1], 2)]
    # One byte per cell, row-major (byte r·C + c = bit c of row r): column c is the strided slice
    # data[c::C], cut at C speed; reversed, it is column c's binary numeral (bit r = byte r).
    data = b"".join(format(row, f"0{cols}b")[::-1].encode() for row in rows)
    return [int(data[c::cols][::-1], 2) for c in range(cols)]


def split_rows(flat: int, rows: int, cols: int) -> list[int]:
    """Inverse of :func:`join_rows`: the R rows (C bits each) of a flat int (bits past R·C are dropped).

    One ``to_bytes`` of the board, then eight rows (C bytes) at a time:
    O(R·C / w).
    """
    if rows <= 8 or flat < 0:
        return _split_halves(flat, rows, cols)
    total = rows * cols
    if flat.bit_length() > total:
        flat &= (1 << total) - 1
    data = flat.to_bytes((total + 7) // 8, "little")
    if cols % 8 == 0:
        width = cols // 8
        return [int.from_bytes(data[i : i + width], "little") for i in range(0, rows * width, width)]
    mask = row_mask(cols)
    out: list[int] = []
    for group in range(0, rows, 8):
        chunk = int.from_bytes(data[group * cols // 8 : (group + 8) * cols // 8], "little")
        out += [chunk >> (i * cols) & mask for i in range(min(8, rows - group))]
    return out


def _split_halves(flat: int, rows: int, cols: int) -> list[int]:
    """:func:`split_rows` by halves: O(R·C·log R / w)."""
    if rows == 1:
        return [flat & row_mask(cols)]
    half = rows // 2
    low_bits = half * cols
    return _split_halves(flat & row_mask(low_bits), half, cols) + _split_halves(flat >> low_bits, rows - half, cols)
