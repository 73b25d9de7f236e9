"""The package's exception types (a leaf module: it imports nothing from the package).

:class:`BoardFormatError` is raised for text that is not a board, a game ID
or a share link; :class:`TooLargeError` when a method's cost limit refuses a
puzzle.  Both are ``ValueError`` subclasses.
"""

from __future__ import annotations

__all__ = ["BoardFormatError", "TooLargeError"]


class BoardFormatError(ValueError):
    """Text that is not a board.  ``line`` and ``column`` are 1-based, or both None.

    The parsers always give both (empty input: line 1, column 1); only
    errors about something other than the text's content (an unknown
    format name, bytes that are not UTF-8) have neither.

    ``str(error)`` reads ``line 3, column 5: <reason>``; ``reason`` alone is
    the part after the position.  ``field`` names the API request field the
    text came from, when it came from one.
    """

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.field: str | None = None
        where = ""
        if line is not None:
            where = f"line {line}, column {column}: " if column is not None else f"line {line}: "
        super().__init__(where + reason)


class TooLargeError(ValueError):
    """The puzzle is too large for the chosen method or operation; the message says the limit.

    ``limit`` is the name of that limit in the API's ``limits`` reply (e.g.
    ``"max_long_side"``), when it has one; ``field`` names the API request
    field at fault, when known.
    """

    def __init__(self, message: str, limit: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.field = field
