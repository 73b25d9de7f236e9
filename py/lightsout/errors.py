"""The package's exception types (a leaf module: it imports nothing from the package).

:class:`BoardFormatError` is raised for text that is not a board, a game ID
or a share link; :class:`TooLargeError` when a method's cost limit refuses a
puzzle.  Both are ``ValueError`` subclasses.

An error of the text parser (:func:`lightsout.formats.read_board` and what it
calls) carries a ``code`` from :data:`PARSE_ERRORS` and the ``params`` its
message is written from, so the page can say it in its own language (the API
sends both; static/i18n.js has a ``parse_<code>`` string for every code, with
the same placeholders).  The English message stays here, for the CLI.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BoardFormatError", "TooLargeError", "PARSE_ERRORS"]

PARSE_ERRORS: dict[str, str] = {
    "empty_input": "empty input: expected rows of cells such as '#.#' or '1 0 1', or a list of lit cells",
    "empty_states": "empty input: expected rows of states 0..{most}",
    "cell_not_single": "expected one cell symbol between spaces, found {found!r}",
    "unknown_symbol": "unknown symbol {symbol!r}; expected {lit!r} (lit) or {dark!r} (dark)",
    "unknown_grid_symbol": "unknown symbol {symbol!r}; expected a grid of #/., 1/0, X/O or */.",
    "ragged_rows": "ragged rows: this row has {found} cells, expected {expected} as in the first row",
    "size_line_expected": "expected the board size n on the first line, found {found!r}",
    "size_too_large": "board size {size} is too large: at most {most} cells",
    "size_below_one": "board size must be at least 1x1, got {size}",
    "row_count": "the size line says {expected} rows, found {found}",
    "column_count": "the size line says {expected} columns, this row has {found}",
    "not_a_number": "expected a cell number, found {found!r}",
    "index_out_of_range": "cell {index} is outside 1..{most} for a {rows}x{cols} board",
    "game_id_expected": "expected a game ID such as '5x5:' followed by base64url characters",
    "id_length": "{what} needs {expected} base64url characters, found {found}",
    "bad_base64": "{what} is not valid base64url",
    "stray_bits": "{what} sets bits beyond its {bits} bits",
    "state_out_of_range": "{what} has state {state} at cell {cell}, outside 0..{most}",
    "bad_state": "expected a state 0..{most}, found {found!r}",
    "puzzle_count_expected": "expected the number of puzzles (1 or more) on the first line, found {found!r}",
    "puzzle_rows": "the first line says {puzzles} puzzles of 5 rows ({expected} rows), found {found}",
    "puzzle_width": "a POJ 1222 puzzle has 6 cells a row, this row has {found}",
    "not_utf8": "the file is not UTF-8 text (byte {byte})",
    "two_state_format": "the {format} format holds two-state boards; with {k} states use states or id",
    "unknown_format": "unknown format {format!r}; choose auto, {choices}",
}
"""Every code of the text parser's errors and its English message (``str.format`` with the params)."""


class BoardFormatError(ValueError):
    """Text that is not a board.  ``line`` and ``column`` are 1-based, or both None.

    The parsers always give both (empty input: line 1, column 1); only
    errors about something other than the text's content (an unknown
    format name, bytes that are not UTF-8) have neither.

    ``str(error)`` reads ``line 3, column 5: <reason>``; ``reason`` alone is
    the part after the position.  ``code`` and ``params`` (the text parser's
    errors: :data:`PARSE_ERRORS`) say the reason as data; ``field`` names the
    API request field the text came from, when it came from one.
    """

    def __init__(
        self, reason: str, line: int | None = None, column: int | None = None, *, code: str | None = None, params: dict[str, Any] | None = None
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.code = code
        self.params: dict[str, Any] = params or {}
        self.field: str | None = None
        where = ""
        if line is not None:
            where = f"line {line}, column {column}: " if column is not None else f"line {line}: "
        super().__init__(where + reason)

    @classmethod
    def of(cls, code: str, line: int | None = None, column: int | None = None, *, what: str = "the board", **params: Any) -> BoardFormatError:
        """The error ``code`` of :data:`PARSE_ERRORS` at (line, column), its message written from ``params``.

        ``what`` names the text in the English message only (``the board``, ``the mask``, ...).
        """
        return cls(PARSE_ERRORS[code].format(what=what, **params), line, column, code=code, params=params)

    def moved(self, line: int | None, column: int | None) -> BoardFormatError:
        """The same error at another position (the column in the text as given, before it was cleaned)."""
        error = BoardFormatError(self.reason, line, column, code=self.code, params=self.params)
        error.field = self.field
        return error


class TooLargeError(ValueError):
    """The puzzle is too large for the chosen method or operation; the message says the limit.

    ``limit`` is the name of that limit in the API's ``limits`` reply (e.g.
    ``"max_long_side"``), when it has one; ``field`` names the API request
    field at fault, when known.  ``params`` holds the figures of the message
    (``most``, ``found``, ...) where the page translates it (a pasted board's
    size: :func:`lightsout.puzzle.check_size`).
    """

    def __init__(self, message: str, limit: str | None = None, field: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.field = field
        self.params: dict[str, Any] = params or {}
