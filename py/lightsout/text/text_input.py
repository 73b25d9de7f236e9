"""Text as the board readers take it, at a bounded cost: bytes decoded, cleaned, lines counted and walked.

Every text reader (the API's ``parse``, the command line, a preset's or graph's board) reads through
here, so a text costs what its limits allow and no more (issue #39: one-cell rows once cost 100 MB of
memory a MB of text, as every row was built before the board's size was checked):

- :func:`decode_text` takes at most :data:`MAX_TEXT_BYTES` bytes of UTF-8; a big text that is not
  ASCII keeps one byte a character (Python would hold all of it in 2 or 4 bytes a character for one
  emoji) by cleaning it as bytes, and a character no board text holds is refused where it stands;
- :func:`forgiving` cleans the text (:func:`clean_text`: a byte-order mark, Unicode spaces, zero-width
  marks, any line break), refuses it above :data:`MAX_TEXT_LINES` lines before reading a line, and
  moves an error's column back to the text as given;
- :func:`content_spans` walks the lines that hold something, blank ones skipped at C speed, giving
  positions in the text rather than copies, so a reader checks its limits (rows, columns, cells,
  states) line by line and refuses at the first line past one.

This module imports only :mod:`lightsout.errors` (the command line's LOJ path loads it).  Errors:
:class:`~lightsout.errors.BoardFormatError` (``not_utf8``, ``unknown_symbol`` for a big text's foreign
character) and :class:`~lightsout.errors.TooLargeError` (``text_bytes_over``, ``lines_over``) with
their line and column, 1-based in the text as given.
"""

from __future__ import annotations

import codecs
import itertools
import re

from ..errors import BoardFormatError, TooLargeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TypeVar

    _T = TypeVar("_T")
    _Text = TypeVar("_Text", str, bytes)

__all__ = [
    "MAX_TEXT_BYTES", "MAX_TEXT_LINES", "WIDE_TEXT_BYTES", "PIECE", "decode_text", "text_field", "check_text_size", "check_lines", "clean_text",
    "forgiving", "content_spans", "position_of", "nth_word", "WORD", "Span",
]

MAX_TEXT_BYTES = 100 * 1024 * 1024
"""Most bytes of text a reader takes (the API's ``max_text_bytes``; the page checks it before sending).
A 10000×10000 grid of ``#``/``.`` is 100 010 000 bytes (95.4 MiB).  The text is held once as bytes and
once as a string while it is read, so 100 MiB of text is about 200 MB of memory, 300 MB at most for a
text cleaned as bytes (docs/limits.md)."""

MAX_TEXT_LINES = 1 << 21
"""Most lines of a text (the API's ``max_text_lines``): twice ``max_long_side``, a board of the most rows
with a blank line after each.  Counted at C speed before a line is read; a reader's steps are per line,
so this bounds them (the page counts lines before sending, as it counts bytes)."""

WIDE_TEXT_BYTES = 1 << 20
"""A text of more bytes that is not ASCII is cleaned as bytes (:func:`decode_text`)."""

# Cleaning: CRLF is one break, then each of these characters becomes a break, a space or nothing.
_SPACES = "\t\x1f\u00a0\u1680" + "".join(chr(code) for code in range(0x2000, 0x200B)) + "\u202f\u205f\u3000"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
_BREAKS = ("\r\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_REPLACEMENTS = (
    *((character, "\n") for character in _BREAKS),
    *((space, " ") for space in _SPACES),
    *((mark, "") for mark in ZERO_WIDTH),
)
_ASCII_REPLACEMENTS = tuple((character, by) for character, by in _REPLACEMENTS if character.isascii())
_BREAK = re.compile("|".join(re.escape(character) for character in (*_BREAKS, "\n")))
"""A line break as str.splitlines ends a line (CRLF is one)."""
_BYTE_BREAK = re.compile(b"\r\n|[\n\r\x0b\x0c\x1c-\x1e]|\xc2\x85|\xe2\x80[\xa8\xa9]")
"""The same breaks in UTF-8 bytes (the line of a big text, found in the bytes it came as)."""

# Cleaning at C speed (issue 49: 100 MiB of U+200B took 8 s, a search for each character that
# might be present): a piece of text at a time, every character cleaning changes is encoded by a
# charmap codec as one byte of its own (ASCII as itself, the others from 0x80 on), then one
# bytes.translate turns each into what it becomes: a break, a space, or nothing.  A character the
# codec cannot encode is one no board text holds (a foreign character).
_CLEANED = [character for character, _ in _REPLACEMENTS if len(character) == 1 and not character.isascii()]
_CODEC = codecs.charmap_build("".join(map(chr, range(128))) + "".join(_CLEANED) + "\ufffe" * (128 - len(_CLEANED)))
_BECOMES = dict(_REPLACEMENTS)
_TABLE = bytes(ord(_BECOMES.get(chr(code), chr(code))) for code in range(128)) + bytes(
    ord(_BECOMES[_CLEANED[code]] or " ") if code < len(_CLEANED) else 128 + code for code in range(128)
)
"""What each byte of the codec's output becomes: ASCII as cleaning changes it, a cleaned character's byte its break or space."""
_DROPPED = bytes(128 + index for index, character in enumerate(_CLEANED) if _BECOMES[character] == "")
"""The codec's bytes of the zero-width marks, which cleaning drops."""
_FOREIGN = re.compile("[^\x00-\x7f" + "".join(_CLEANED) + "]")
"""A character no board text holds: neither ASCII nor one cleaning changes."""
PIECE = 1 << 20
"""Characters (or bytes) of a text cleaned at a time: a piece's codec output and its copies stay small."""


def clean_text(text: str) -> str:
    """``text`` as the parsers read it: every line break a ``\\n``, every space a plain space, no zero-width marks.

    Line breaks are those of :meth:`str.splitlines` (CRLF and CR, U+2028,
    U+2029, U+0085, ...); spaces are tabs, U+001F, no-break spaces (U+00A0,
    U+202F), U+1680, U+2000–U+200A, U+205F and U+3000; U+200B–U+200D,
    U+2060 and U+FEFF (a byte-order mark, at the start or anywhere) are
    dropped.  Each space stays one character, so only dropped marks move
    columns.  Text with none of these is returned as it is.  Cleaned a
    :data:`PIECE` at a time at C speed (a piece holding a character no board
    holds, one replace per character present in it).
    """
    if text.isascii():
        for character, replacement in _ASCII_REPLACEMENTS:
            if character in text:
                text = text.replace(character, replacement)
        return text
    parts = []
    for begin, end in _pieces(text):
        piece = text[begin:end]
        try:
            encoded = codecs.charmap_encode(piece, "strict", _CODEC)[0]
        except UnicodeEncodeError:  # characters no board holds: kept as they are, the others replaced
            for character, replacement in _REPLACEMENTS:
                if character in piece:
                    piece = piece.replace(character, replacement)
            parts.append(piece)
            continue
        parts.append(_translated(encoded).decode("ascii"))
    cleaned = "".join(parts)
    return text if cleaned == text else cleaned


def _translated(encoded: bytes) -> bytes:
    """A piece the codec encoded, cleaned: CRLF one break (before a dropped mark could join a CR to a LF), then each byte as it becomes."""
    if b"\r\n" in encoded:
        encoded = encoded.replace(b"\r\n", b"\n")
    return encoded.translate(_TABLE, _DROPPED)


def _pieces(text: _Text) -> Iterator[tuple[int, int]]:
    """(begin, end) of the pieces of ``text`` cleaned one at a time: :data:`PIECE` long, never between a CR and its LF
    nor, in bytes, inside a character's UTF-8."""
    size, begin = len(text), 0
    carriage, newline = (b"\r", b"\n") if isinstance(text, bytes) else ("\r", "\n")
    while begin < size:
        end = min(size, begin + PIECE)
        if isinstance(text, bytes):
            while end < size and 0x80 <= text[end] < 0xC0:  # a continuation byte: back off to its character's first
                end -= 1
        if end < size and text[end - 1 : end] == carriage and text[end : end + 1] == newline:
            end += 1
        yield begin, end
        begin = end


def check_text_size(text: str) -> None:
    """Raise :class:`TooLargeError` (``text_bytes_over``) when ``text`` takes more than :data:`MAX_TEXT_BYTES` in UTF-8."""
    size = len(text)
    if size > MAX_TEXT_BYTES // 4 and not text.isascii():  # a character takes 1 to 4 bytes: count them only when it matters
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TEXT_BYTES:
        raise TooLargeError.of("text_bytes_over", "max_text_bytes", most=MAX_TEXT_BYTES, found=size)


def decode_text(data: bytes) -> tuple[str, Callable[[int], str] | None]:
    """The text in ``data`` (UTF-8), and for a big cleaned text the reader of its lines as given (else None).

    Raises :class:`TooLargeError` (``text_bytes_over``) above :data:`MAX_TEXT_BYTES`, and
    :class:`BoardFormatError` ``not_utf8`` (``byte``: 1-based) for bytes that are not UTF-8.
    ASCII is decoded as it is.  A text of more than :data:`WIDE_TEXT_BYTES` that is not ASCII is
    cleaned as bytes first, as :func:`clean_text` would clean it, a :data:`PIECE` at a time, so
    that it stays one byte a character; above :data:`MAX_TEXT_LINES` lines it is refused
    (``lines_over``), and a character left that no board text holds is refused at once
    (``foreign_character``, its ``symbol``) at its line and column: the first problem in it,
    though not always the one a reader would meet first, which it spares the wide string's
    memory; the function returned gives line n of the text as given, for :func:`forgiving` to
    move a column back past the zero-width marks cleaning dropped.
    """
    if len(data) > MAX_TEXT_BYTES:
        raise TooLargeError.of("text_bytes_over", "max_text_bytes", most=MAX_TEXT_BYTES, found=len(data))
    if data.isascii():
        return data.decode("ascii"), None
    if len(data) <= WIDE_TEXT_BYTES:
        try:
            return data.decode("utf-8"), None
        except UnicodeDecodeError as error:
            raise BoardFormatError.of("not_utf8", byte=error.start + 1) from None
    cleaned = bytearray()
    foreign: tuple[int, int] | None = None  # the first foreign character: its byte in data, its line
    for begin, end in _pieces(data):
        piece = data[begin:end]
        if piece.isascii():
            cleaned += _translated(piece)
            continue
        try:
            text = piece.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BoardFormatError.of("not_utf8", byte=begin + error.start + 1) from None
        try:
            encoded = codecs.charmap_encode(text, "strict", _CODEC)[0]
        except UnicodeEncodeError as error:
            if foreign is None:
                before = _translated(codecs.charmap_encode(text[: error.start], "strict", _CODEC)[0])
                foreign = begin + len(text[: error.start].encode("utf-8")), cleaned.count(b"\n") + before.count(b"\n") + 1
            encoded = codecs.charmap_encode(text, "replace", _CODEC)[0]  # each "?": its breaks still counted for lines_over
        cleaned += _translated(encoded)
    lines = cleaned.count(b"\n") + (not cleaned.endswith(b"\n"))
    if lines > MAX_TEXT_LINES:  # as forgiving() would refuse it, before any character is looked at
        raise TooLargeError.of("lines_over", "max_text_lines", MAX_TEXT_LINES + 1, 1, most=MAX_TEXT_LINES)
    if foreign is not None:
        offset, line = foreign
        start = max(_after(data.rfind(mark, 0, offset), mark) for mark in _BYTE_BREAKS)  # the line's start, as given
        given = data[start:offset + 4].decode("utf-8", "replace")
        found = _FOREIGN.search(given)
        assert found is not None
        raise BoardFormatError.of("foreign_character", line, found.start() + 1, symbol=found.group())
    return cleaned.decode("ascii"), lambda number: _byte_line(data, number)


def _after(found: int, mark: bytes) -> int:
    return found + len(mark) if found >= 0 else 0


_BYTE_BREAKS = (b"\n", b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9")
"""Every line break in UTF-8 (a CRLF ends in its LF)."""


def text_field(text: str) -> tuple[str, Callable[[int], str] | None]:
    """A text given as a string (a request's field), read as :func:`decode_text` reads bytes: refused above
    :data:`MAX_TEXT_BYTES` of UTF-8, and a big one that is not ASCII cleaned as bytes (its foreign character
    refused at once: cleaning a big string holding many took seconds).  Returns the text to read and,
    when cleaned, the reader of its lines as given."""
    check_text_size(text)
    if len(text) <= WIDE_TEXT_BYTES or text.isascii():
        return text, None
    return decode_text(text.encode("utf-8", "surrogatepass"))


def _byte_line(data: bytes, number: int) -> str:
    """Line ``number`` (1-based, as str.splitlines counts them) of the UTF-8 text ``data``, decoded."""
    return _nth_line(data, number, _BYTE_BREAK).decode("utf-8", "replace")


def check_lines(text: str) -> None:
    """Raise :class:`TooLargeError` ``lines_over`` at line :data:`MAX_TEXT_LINES` + 1 of a cleaned text that has more lines."""
    breaks = text.count("\n")
    if breaks + (not text.endswith("\n")) - (not text) <= MAX_TEXT_LINES:
        return
    raise TooLargeError.of("lines_over", "max_text_lines", MAX_TEXT_LINES + 1, 1, most=MAX_TEXT_LINES)


def forgiving(text: str, read: Callable[[str], _T], original: Callable[[int], str] | None = None) -> _T:
    """``read(clean_text(text))`` after :func:`check_lines`; an error's column is moved back to the text as given.

    ``original`` gives line n of the text as given when ``text`` was already cleaned from it
    (:func:`decode_text`); else ``text`` is that text.
    """
    clean = clean_text(text)
    try:
        check_lines(clean)
        return read(clean)
    except (BoardFormatError, TooLargeError) as error:
        if error.line is None or error.column is None or error.code in ("empty_input", "empty_states"):
            raise
        if original is None and (clean is text or not any(mark in text for mark in ZERO_WIDTH)):
            raise
        line = original(error.line) if original is not None else _line_of(text, error.line)
        column = _original_column(line, error.column)
        if column == error.column:
            raise
        raise error.moved(error.line, column) if isinstance(error, BoardFormatError) else _moved(error, column) from None


def _moved(error: TooLargeError, column: int) -> TooLargeError:
    """The same refusal at another column (of the text as given)."""
    return TooLargeError.of(error.code or "", error.limit or "", error.line, column, **error.params)


def _line_of(text: str, number: int) -> str:
    """Line ``number`` (1-based) of ``text`` as str.splitlines counts them."""
    return _nth_line(text, number, _BREAK)


def _nth_line(text: _Text, number: int, breaks: re.Pattern[_Text]) -> _Text:
    """Line ``number`` (1-based) of ``text``, its lines ended by ``breaks``, found without splitting all of it."""
    start = 0
    for _ in range(number - 1):
        found = breaks.search(text, start)
        if found is None:
            return text[:0]
        start = found.end()
    end = breaks.search(text, start)
    return text[start : len(text) if end is None else end.start()]


def _original_column(line: str, column: int) -> int:
    """The column in ``line`` (as given) of the ``column``-th character left once zero-width marks go."""
    kept = 0
    for index, character in enumerate(line):
        if character not in ZERO_WIDTH:
            kept += 1
            if kept == column:
                return index + 1
    return len(line) + column - kept


Span = tuple[int, int, int, int]
"""A line that holds something: (line number, its first symbol's offset in the line, start, end of the
stripped line in the text); ``text[start:end]`` is the line without the spaces around it."""

_CONTENT = re.compile(r"\S(?:[^\n]*\S)?")


def content_spans(text: str, start: int = 0, number: int = 1) -> Iterator[Span]:
    """The non-blank lines of a cleaned ``text`` (every break a ``\\n``) from offset ``start`` (the start of line ``number``).

    Lazily, with positions rather than copies: a reader that stops at a limit has paid for the
    lines before it only, and blank lines are skipped inside one regular-expression search.
    """
    search, count, rfind = _CONTENT.search, text.count, text.rfind
    previous = line_start = start
    while (match := search(text, previous)) is not None:
        begin, end = match.span()
        number += count("\n", previous, begin)
        newline = rfind("\n", previous, begin)
        if newline >= 0:
            line_start = newline + 1
        yield number, begin - line_start, begin, end
        previous = end


def position_of(text: str, offset: int) -> tuple[int, int]:
    """The (line, column), 1-based, of ``offset`` in a cleaned ``text``."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, line_start) + 1, offset - line_start + 1


WORD = re.compile(r"\S+")
"""A word between spaces (and line breaks)."""


def nth_word(text: str, begin: int, end: int, index: int, word: re.Pattern[str] = WORD) -> int:
    """The offset in ``text`` of word ``index`` (0-based) of text[begin:end] (``begin`` at a word's start or a
    separator), or ``end`` when there are fewer.  Counted 64 KiB at a time at C speed (``findall`` on each
    piece), then looked for in its piece: an error's column in a line of a million cells costs no list of
    them, nor a regular expression's counted repeat (whose backtracking state took 800 MB for four
    million words)."""
    start, seen = begin, 0
    while start < end:
        stop = min(end, start + (1 << 16))
        inside = word.match(text, stop, end) if stop < end else None
        if inside is not None:  # the piece ends where the word it stops in ends
            stop = inside.end()
        found = word.findall(text, start, stop)
        if seen + len(found) > index:
            match = next(itertools.islice(word.finditer(text, start, stop), index - seen, None))
            return match.start()
        seen += len(found)
        start = stop
    return end
