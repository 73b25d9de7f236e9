"""The package's exception types (a leaf module: it imports nothing from the package).

:class:`BoardFormatError` is raised for text that is not a board, a game ID
or a share link; :class:`TooLargeError` when a method's cost limit refuses a
puzzle.  Both are ``ValueError`` subclasses.

An error of the text parser (:func:`lightsout.text.formats.read_board` and what it
calls) carries a ``code`` from :data:`PARSE_ERRORS` and the ``params`` its
message is written from, so the page can say it in its own language (the API
sends both; static/strings/<language>.json has a ``parse_<code>`` string for
every code, with the same placeholders).  The English message stays here, for
the CLI.

The same holds for a user-defined puzzle (:mod:`lightsout.text.puzzle_text`,
:class:`lightsout.model.graph.Graph`: :data:`PUZZLE_ERRORS`, strings
``parse_<code>``) and for a share link (:mod:`lightsout.share.links`:
:data:`LINK_ERRORS` and the codec's ``id_length``, ``bad_base64``,
``stray_bits``; strings ``link_<code>``, whose ``{part}`` the page fills from
``params["field"]``, the link's field at fault: ``size``, ``board``, a field
letter such as ``m``, or None for a field name that is not one).  Codes are
unique across the three tables.

A link error's English here is the page's, static/strings/en.json's
``link_<code>``, in ``str.format`` syntax (``{found!r}`` for its ``“{found}”``,
``{what}`` for its ``{part}``, x for its ×); tests/unit/test_strings_table.py
checks that they read the same.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BoardFormatError", "TooLargeError", "LevelError", "PARSE_ERRORS", "PUZZLE_ERRORS", "LINK_ERRORS", "LEVEL_ERRORS", "clipped"]

PARSE_ERRORS: dict[str, str] = {
    "empty_input": "empty input: expected rows of cells such as '#.#' or '1 0 1', or a list of lit cells",
    "empty_states": "empty input: expected rows of states 0..{most}",
    "cell_not_single": "expected one cell symbol between spaces, found {found!r}",
    "unknown_symbol": "unknown symbol {symbol!r}; expected {lit!r} (lit) or {dark!r} (dark)",
    "unknown_grid_symbol": "unknown symbol {symbol!r}; expected a grid of #/., 1/0, X/O or */.",
    "ragged_rows": "row {row} has {found} cells; the others have {expected}",
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
    "board_set_count_expected": "expected the number of puzzles (1 or more) on the first line, found {found!r}",
    "board_set_rows": "the first line says {boards} puzzles of 5 rows ({expected} rows), found {found}",
    "board_set_width": "a POJ 1222 puzzle has 6 cells a row, this row has {found}",
    "not_utf8": "the file is not UTF-8 text (byte {byte})",
    "two_state_format": "the {format} format holds two-state boards; with {k} states use states or id",
    "unknown_format": "unknown format {format!r}; choose auto, {choices}",
    # a text past a limit, refused at the first line past it (TooLargeError: its limit is the key in params)
    "text_bytes_over": "the text is {found} bytes; at most max_text_bytes ({most}) are read",
    "lines_over": "the text has more than max_text_lines ({most}) lines",
    "rows_over": "a board has at most max_long_side ({most}) rows; this is row {found}",
    "columns_over": "a board has at most max_long_side ({most}) columns; this row has more",
    "cells_over": "a board has at most max_cells ({most}) cells; the rows up to here hold {found}",
    "state_cells_over": "a board with {k} states has at most max_state_cells ({most}) cells; the rows up to here hold {found}",
    "numbers_over": "a list of lit cells holds at most max_text_numbers ({most}) numbers",
    "out_of_memory": "the request needed more memory than the solver could get",
    "foreign_character": "{symbol!r} is no symbol of any board text",
}
"""Every code of the text parser's errors and its English message (``str.format`` with the params)."""

PUZZLE_ERRORS: dict[str, str] = {
    # a board as a run of symbols (goal, start; a preset's board): field = goal, start or board
    "run_symbol": "the {field}: expected '#' or '.' (also 1/0, */., x/o), found {found!r}",
    "run_state": "the {field}: expected a state 0..{most}, found {found!r}",
    "run_too_long": "the {field} has more than the puzzle's {cells} cells",
    "run_count": "the {field} has {found} cells, the puzzle {cells}",
    # JSON
    "json_syntax": "not valid JSON: {what}",
    "json_too_deep": "the JSON is nested too deeply",
    "not_object": "a puzzle is a JSON object",
    "graph_type": "a graph is a puzzle's JSON object or its text",
    "unknown_field": "unknown field {found!r}; expected one of {choices}",
    "not_whole": "{field} must be a whole number, not {found!r}",
    "not_finite": "{field} must be a finite number of at most 1e9 in size, not {found!r}",
    "self_bool": "self must be true or false",
    "list_too_long": "{field} must be a list of at most {most} {what}",
    "press_entry": "{field} must be a list of cell numbers or null",
    "edge_entry": "{field} must be a pair of cell numbers",
    "coord_entry": "{field} must be a pair [x, y]",
    "cell_range": "{field}: cell {cell} is outside 0..{most}",
    "names_list": "names must be a list of at most {most} strings",
    "title_string": "title must be a string of at most {most} characters",
    "title_invalid": "the title is longer than {most} characters or holds a control character",
    "quoted_text": "the {field} in double quotes must be a JSON string, followed by nothing but a # comment",
    # the plain text form
    "statement_expected": "expected a statement: cells, k, goal, start, self, press, edge, at, name, shape or title",
    "unknown_statement": "unknown statement {found!r}; expected cells, k, goal, start, self, press, edge, at, name, shape or title",
    "whole_number": "expected a whole number, found {found!r}",
    "cell_number": "expected a cell number 0..{most}, found {found!r}",
    "self_yes_no": "self is yes or no",
    "press_syntax": "expected 'press i: j j ...'",
    "press_cell_missing": "expected the pressed cell's number",
    "edge_syntax": "expected 'edge a b'",
    "at_syntax": "expected 'at i x y'",
    "coordinate": "expected a finite number of at most 1e9 in size, found {found!r}",
    "name_syntax": "expected 'name i text'",
    # the puzzle as a whole (lightsout.text.puzzle_text and lightsout.model.graph.Graph)
    "no_cells": "the puzzle has no cells: give 'cells n' or the press sets",
    "states_range": "k must be {least}..{most}, not {found}",
    "unknown_shape": "unknown shape {found!r}; choose one of {choices}",
    "cell_beyond": "cell {cell} is named, but the puzzle has cells 0..{most}",
    "coords_missing": "coordinates are given for some cells but not for cell {cell}: give all or none",
    "board_value": "{field} must be off, on, a run of {cells} symbols or a list of {cells} states 0..{most}",
    "graph_empty": "a graph puzzle needs at least one cell",
    "press_set_beyond": "the press set of cell {cell} reaches a cell beyond the {cells} cells",
    "coords_count": "a graph puzzle of {cells} cells needs {cells} coordinates, not {found}",
    "coord_invalid": "the coordinates of cell {cell} are not two finite numbers of at most 1e9 in size",
    "names_count": "a graph puzzle of {cells} cells needs {cells} names, not {found}",
    "name_invalid": "the name of cell {cell} is longer than {most} characters or holds a control character",
}
"""Every code of a user-defined puzzle's errors (:mod:`lightsout.text.puzzle_text`) and its English message.

``field`` is the JSON key or text statement at fault (``presses[3]``, ``goal``); ``what`` is
English-only detail (Python's JSON error, the kind of list entries), never in the params."""

LINK_ERRORS: dict[str, str] = {
    "head": "expected a game such as '5x5:' followed by base64url characters",
    "size": "board size {size} is outside 1x1 to {most} cells",
    "field_order": "field {name}= is repeated or out of order",
    "states": "states must be 3 to {most} (2 is the default and not written)",
    "state_above": "{what} has a state outside 0..{most}",
    "rule_named": "this stencil is the {rule} rule: write r={rule}",
    "unknown_rule": "unknown rule {found!r}; expected plus, moore, x, hex or s<hex>",
    "rule_default": "r=plus is the default and not written",
    "surface_name": "surface must be torus, klein or projective",
    "goal_default": "an all-off goal is the default and not written",
    "goal_own": "this goal is the default and not written",
    "goal_word": "this goal is written g={word}",
    "leading_zero": "{found!r} is written with a leading zero",
    "mask_default": "an empty mask is the default and not written",
    "puzzle_name": "the puzzle must be 1 to 32 characters a-z, 0-9 or -, starting with a letter",
    "number_too_long": "a number in {what} is too long",
    "not_shortest": "number {number} of {what} is not written in its shortest form",
    "numbers_cut": "{what} ends in the middle of a number",
    "move_outside": "move {number} presses cell {cell}, outside the {cells} cells",
    "moves_default": "no moves is the default and not written",
    "move_on_hole": "move {number} presses cell {cell}, a hole, which has no button",
    "graph_cells": "a graph has 1 to {most} cells, not {found}",
    "press_sets_missing": "a graph link needs its press sets (e=)",
    "press_sets_end": "the press sets end before cell {cell}",
    "press_set_early": "the press set of cell {cell} ends early",
    "press_set_outside": "the press set of cell {cell} reaches cell {reach}, outside the {cells} cells",
    "press_sets_extra": "the press sets hold more than {cells} cells' sets",
    "press_sets_too_many": "the press sets hold {found} cells in all, at most {most}",
    "coords_link": "the coordinates are {count} decimal numbers separated by commas",
    "coord_not_finite": "a coordinate must be a finite number of at most 1e9 in size, not {found!r}",
    "coord_form": "a coordinate is written {shortest}, not {found!r}",
    "names_link": "the names are {cells}, separated by commas",
    "name_not_utf8": "a name is not percent-encoded UTF-8",
    "name_form": "name {number} is not percent-encoded in its one form: letters, digits and - . _ ~ as they are, every other byte as %XX in capitals",
    "shape_link": "the shape is square or hex (circle is the default and not written)",
    # a level's link: NAME:<board>;p=level-<set>;l=<number> (lightsout.presets.levels)
    "level_grid": "a level's link starts with its game, such as classic:, not a board size",
    "level_set": "unknown level set {found!r}; choose one of {choices}",
    "level_preset": "the {set} levels are played on the {preset} game",
    "level_missing": "p=level-{set} needs the level's number: l=",
    "level_needs_set": "l= needs the level set: p=level-<set>",
    "level_number": "the level is a number 1 to {count} in its shortest form, not {found!r}",
    "level_board": "the board is not level {number} of the {set} levels",
}
"""Every code of a share link's own errors (:mod:`lightsout.share.links`; static/model/share.js raises the same,
code for code) and its English message, the page's (see above); ``what`` names the part of the
link in English only, as the page's ``linkPart_<field>`` does.
A link also raises ``unknown_field`` (:data:`PUZZLE_ERRORS`) and the codec's ``id_length``,
``bad_base64`` and ``stray_bits``."""

LEVEL_ERRORS: dict[str, str] = {
    "unknown_set": "unknown level set {found!r}; choose one of {choices}",
    "number_outside": "level {number} is outside the {set} levels, 1 to {count}",
    "set_needed": "a level number needs the level set it belongs to",
}
"""Every code of the ``levels`` op's errors (:mod:`lightsout.presets.levels`, :class:`LevelError`) and its English message."""

_MESSAGES: dict[str, str] = {**PARSE_ERRORS, **PUZZLE_ERRORS, **LINK_ERRORS}


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
        """The error ``code`` of :data:`PARSE_ERRORS`, :data:`PUZZLE_ERRORS` or :data:`LINK_ERRORS` at
        (line, column), its message written from ``params``.

        ``what`` is English-only words of the message (``the board``, ``the mask``, ...), not a param.
        """
        return cls(_MESSAGES[code].format(what=what, **params), line, column, code=code, params=params)

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
    size: :func:`lightsout.model.puzzle.check_size`); ``code`` says which sentence
    (the limit's name when None).  A text refused as it is read (:meth:`of`)
    has the ``line`` and ``column`` (1-based) where it went past the limit.
    """

    def __init__(
        self, message: str, limit: str | None = None, field: str | None = None, params: dict[str, Any] | None = None,
        *, code: str | None = None, line: int | None = None, column: int | None = None,
    ) -> None:
        super().__init__(message if line is None else f"line {line}, column {column}: {message}")
        self.limit = limit
        self.field = field
        self.params: dict[str, Any] = params or {}
        self.code = code
        self.line = line
        self.column = column

    @classmethod
    def of(cls, code: str, limit: str, line: int | None = None, column: int | None = None, **params: Any) -> TooLargeError:
        """A text past ``limit`` (a key of the API's ``limits``), as the sentence ``code`` of :data:`PARSE_ERRORS`
        at (line, column); ``field`` is ``"text"``."""
        return cls(PARSE_ERRORS[code].format(**params), limit, "text", params, code=code, line=line, column=column)


class LevelError(ValueError):
    """A level set or level number that is not one (:mod:`lightsout.presets.levels`): ``code`` of
    :data:`LEVEL_ERRORS` and the ``params`` its message is written from; ``field`` names the API
    request field at fault once the API knows it (``game`` or ``level``)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(LEVEL_ERRORS[code].format(**params))
        self.code = code
        self.params: dict[str, Any] = params
        self.field: str | None = None


def clipped(token: str) -> str:
    """A word of the text as an error quotes it: its first 10 characters, and "…" when there were more."""
    return token if len(token) <= 10 else token[:10] + "…"
