"""The package's exception types and the English of every error code (a leaf module: it imports nothing from the package).

:class:`BoardFormatError` is raised for text that is not a board, a game ID
or a share link; :class:`TooLargeError` when a method's cost limit refuses a
puzzle.  Both are ``ValueError`` subclasses.

An error of the text parser (:func:`lightsout.text.formats.read_board` and what it
calls) carries a ``code`` from :data:`PARSE_ERRORS` and the ``params`` its
message is written from, so the page can say it in its own language (the API
sends both).  The same holds for a user-defined puzzle (:mod:`lightsout.text.puzzle_text`,
:class:`lightsout.model.graph.Graph`: :data:`PUZZLE_ERRORS`), a share link
(:mod:`lightsout.share.links`: :data:`LINK_ERRORS` and the codes of :data:`LINK_SHARED_CODES`;
``params["field"]`` is the link's part at fault: ``size``, ``board``, a field letter such as
``m``, or None for a field name that is not one) and the ``levels`` op (:data:`LEVEL_ERRORS`).
Codes are unique across the four tables.

**The one place each English sentence is written.**  These tables are the English of the CLI,
of the API's ``message`` and of the page: ``tools/error_strings.py`` writes them, at build time,
as the page's ``parse_<code>``, ``link_<code>`` and ``levels_<code>`` strings
(static/strings/generated/errors-en.json, which static/page/i18n.js merges into English;
docs/building.md), and static/strings/zh.json translates each with the same placeholders.  One
syntax serves both: ``{name}`` is a param, ``{a:name}`` / ``{A:name}`` English's article for the
number the param starts with ("an 8×8 board"), a quoted param is quoted in the text (“{found}”),
``{part}`` names the link's part at fault (the page's ``linkPart_<field>``; in Python the
``part`` given to :meth:`BoardFormatError.of`).  A sentence is written as it follows "line 3,
column 5: " — lower case, no full stop —; the page's strings add the full stop (and a level
error, said alone, its capital).  :func:`worded` fills a sentence in Python.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BoardFormatError", "TooLargeError", "LevelError", "PARSE_ERRORS", "PUZZLE_ERRORS", "LINK_ERRORS", "LEVEL_ERRORS", "LINK_SHARED_CODES",
    "SINGULAR", "GAME_ID_PART", "worded", "clipped",
]

PARSE_ERRORS: dict[str, str] = {
    "empty_input": "the text holds no board: expected rows of cells such as #.# or 1 0 1, or a list of lit cells",
    "empty_states": "the text holds no board: expected rows of states 0 to {most}",
    "cell_not_single": "expected one cell symbol between spaces, found “{found}”",
    "unknown_symbol": "unknown symbol “{symbol}”; expected “{lit}” (lit) or “{dark}” (dark)",
    "unknown_grid_symbol": "unknown symbol “{symbol}”; expected a grid of two symbols, one of them # * 1 x (lit) or o 0 - . (dark)",
    "ragged_rows": "row {row} has {found} lights; the others have {expected}",
    "size_line_expected": "expected the board size n on the first line, found “{found}”",
    "size_too_large": "{a:size} {size} board is too large: at most {most} cells",
    "size_below_one": "a board is at least 1×1, not {size}",
    "row_count": "the size line says {expected} rows, but there are {found}",
    "column_count": "the size line says {expected} columns, but this row has {found}",
    "not_a_number": "expected a cell number, found “{found}”",
    "index_out_of_range": "cell {index} is outside 1 to {most} of {a:rows} {rows}×{cols} board",
    "game_id_expected": "expected a game ID: the size, a colon, then base64url characters (5x5:AAAAAA)",
    "id_length": "{part} needs {expected} base64url characters, found {found}",
    "bad_base64": "{part} is not valid base64url",
    "stray_bits": "{part} sets bits beyond its {bits} bits",
    "state_out_of_range": "cell {cell} has state {state}, outside 0 to {most}",
    "bad_state": "expected a state 0 to {most}, found “{found}”",
    "board_set_count_expected": "expected the number of puzzles (1 or more) on the first line, found “{found}”",
    "board_set_rows": "the first line says {boards} puzzles of 5 rows ({expected} rows), but there are {found}",
    "board_set_width": "a POJ 1222 puzzle has 6 cells a row; this row has {found}",
    "not_utf8": "the file is not UTF-8 text (byte {byte})",
    "two_state_format": "the {format} format holds two-state boards; with {k} states use states or a game ID",
    "unknown_format": "unknown format {format}",
    # a text past a limit, refused at the first line past it (TooLargeError: its limit is the key in params)
    "text_bytes_over": "the text is {found} bytes; the solver reads at most {most}",
    "lines_over": "the text has more than {most} lines, the most the solver reads",
    "rows_over": "a board has at most {most} rows; this is row {found}",
    "columns_over": "a board has at most {most} columns; this row has more",
    "cells_over": "a board has at most {most} cells; the rows up to here hold {found}",
    "state_cells_over": "a board with {k} states has at most {most} cells; the rows up to here hold {found}",
    "numbers_over": "a list of lit cells holds at most {most} numbers",
    "out_of_memory": "the solver ran out of memory reading it; try a smaller text",
    "foreign_character": "“{symbol}” is no symbol of any board text",
}
"""Every code of the text parser's errors and its English sentence (see above: :func:`worded` fills it from the params)."""

SINGULAR: dict[str, str] = {
    "ragged_rows": "row {row} has 1 light; the others have {expected}",
    "run_row": "row {row} has 1 light, but the puzzle's rows have {expected}",
}
"""The sentence of a code whose ``found`` is 1, where English says it otherwise (the page's ``parse_<code>One``)."""

GAME_ID_PART = "the game ID"
"""What a pasted game ID is called by the sentences of :data:`LINK_SHARED_CODES` the page says of a paste (its ``parse_<code>``)."""

PUZZLE_ERRORS: dict[str, str] = {
    # a board as a run of symbols (goal, start; a preset's board): field = goal, start or board
    "run_symbol": "the {field}: expected a light, # * 1 x (lit) or . - 0 o (dark), found “{found}”",
    "run_state": "the {field}: expected a state 0 to {most}, found “{found}”",
    "run_too_long": "the {field} has more than the puzzle's {cells} cells",
    "run_count": "the {field} has {found} cells, but the puzzle has {cells}",
    # a grid puzzle's board in rows that do not fit it (a board pasted on a preset or a level)
    "run_row": "row {row} has {found} lights, but the puzzle's rows have {expected}",
    "run_rows": "the board has {found} rows, but the puzzle has {expected}",
    # JSON
    "json_syntax": "this is not valid JSON",
    "json_too_deep": "the JSON is nested too deeply",
    "not_object": "a puzzle in JSON is an object: {…}",
    "graph_type": "a puzzle is its JSON object or its text",
    "unknown_field": "unknown field “{found}”; expected one of {choices}",
    "not_whole": "{field} must be a whole number, not “{found}”",
    "not_finite": "{field} must be a finite number of at most 1e9 in size, not “{found}”",
    "self_bool": "self must be true or false",
    "list_too_long": "{field} must be a list of at most {most} entries",
    "press_entry": "{field} must be a list of cell numbers or null",
    "edge_entry": "{field} must be a pair of cell numbers",
    "coord_entry": "{field} must be a pair [x, y]",
    "cell_range": "{field}: cell {cell} is outside 0 to {most}",
    "names_list": "names must be a list of at most {most} strings",
    "title_string": "title must be a string of at most {most} characters",
    "title_invalid": "the title is longer than {most} characters or holds a control character",
    "quoted_text": "the {field} in double quotes must be a JSON string, followed by nothing but a # comment",
    # the plain text form
    "statement_expected": "expected a statement: cells, k, goal, start, self, press, edge, at, name, shape or title",
    "unknown_statement": "unknown statement “{found}”; expected cells, k, goal, start, self, press, edge, at, name, shape or title",
    "whole_number": "expected a whole number, found “{found}”",
    "cell_number": "expected a cell number 0 to {most}, found “{found}”",
    "self_yes_no": "self is yes or no",
    "press_syntax": "expected press i: j j … (the pressed cell, a colon, then the cells it changes)",
    "press_cell_missing": "expected the pressed cell's number after press",
    "edge_syntax": "expected edge a b (two cell numbers)",
    "at_syntax": "expected at i x y (a cell number and two coordinates)",
    "coordinate": "expected a finite number of at most 1e9 in size, found “{found}”",
    "name_syntax": "expected name i text (a cell number, then its name)",
    # the puzzle as a whole (lightsout.text.puzzle_text and lightsout.model.graph.Graph)
    "no_cells": "the puzzle has no cells: give cells n or the press sets",
    "states_range": "k must be {least} to {most}, not {found}",
    "unknown_shape": "unknown shape “{found}”; choose one of {choices}",
    "cell_beyond": "cell {cell} is named, but the puzzle has cells 0 to {most}",
    "coords_missing": "coordinates are given for some cells but not for cell {cell}: give all or none",
    "board_value": "{field} must be off, on, a run of {cells} symbols or a list of {cells} states 0 to {most}",
    "graph_empty": "a puzzle needs at least one cell",
    "press_set_beyond": "the press set of cell {cell} reaches a cell beyond the {cells} cells",
    "coords_count": "a puzzle of {cells} cells needs {cells} coordinates, not {found}",
    "coord_invalid": "the coordinates of cell {cell} are not two finite numbers of at most 1e9 in size",
    "names_count": "a puzzle of {cells} cells needs {cells} names, not {found}",
    "name_invalid": "the name of cell {cell} is longer than {most} characters or holds a control character",
}
"""Every code of a user-defined puzzle's errors (:mod:`lightsout.text.puzzle_text`) and its English message.

``field`` is the JSON key or text statement at fault (``presses[3]``, ``goal``); ``json_syntax``'s
message adds Python's own words (``detail``), never in the params."""

LINK_ERRORS: dict[str, str] = {
    "head": "expected a game such as '5x5:' followed by base64url characters",
    "size": "board size {size} is outside 1×1 to {most} cells",
    "field_order": "field {name}= is repeated or out of order",
    "states": "states must be 3 to {most} (2 is the default and not written)",
    "state_above": "{part} has a state outside 0..{most}",
    "rule_named": "this stencil is the {rule} rule: write r={rule}",
    "unknown_rule": "unknown rule “{found}”; expected plus, moore, x, hex or s<hex>",
    "rule_default": "r=plus is the default and not written",
    "surface_name": "surface must be torus, klein or projective",
    "goal_default": "an all-off goal is the default and not written",
    "goal_own": "this goal is the default and not written",
    "goal_word": "this goal is written g={word}",
    "leading_zero": "“{found}” is written with a leading zero",
    "mask_default": "an empty mask is the default and not written",
    "puzzle_name": "the puzzle must be 1 to 32 characters a-z, 0-9 or -, starting with a letter",
    "number_too_long": "a number in {part} is too long",
    "not_shortest": "number {number} of {part} is not written in its shortest form",
    "numbers_cut": "{part} ends in the middle of a number",
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
    "coord_not_finite": "a coordinate must be a finite number of at most 1e9 in size, not “{found}”",
    "coord_form": "a coordinate is written {shortest}, not “{found}”",
    "names_link": "the names are {cells}, separated by commas",
    "name_not_utf8": "a name is not percent-encoded UTF-8",
    "name_form": "name {number} is not percent-encoded in its one form: letters, digits and - . _ ~ as they are, every other byte as %XX in capitals",
    "shape_link": "the shape is square or hex (circle is the default and not written)",
    # a level's link: NAME:<board>;p=level-<set>;l=<number> (lightsout.presets.levels)
    "level_grid": "a level's link starts with its game, such as classic:, not a board size",
    "level_set": "unknown level set “{found}”; choose one of {choices}",
    "level_preset": "the {set} levels are played on the {preset} game",
    "level_missing": "p=level-{set} needs the level's number: l=",
    "level_needs_set": "l= needs the level set: p=level-<set>",
    "level_number": "the level is a number 1 to {count} in its shortest form, not “{found}”",
    "level_board": "the board is not level {number} of the {set} levels",
}
"""Every code of a share link's own errors (:mod:`lightsout.share.links`; static/model/share.js raises the same,
code for code) and its English sentence; ``{part}`` names the part of the link, as the page's
``linkPart_<field>`` does.  A link also raises the codes of :data:`LINK_SHARED_CODES`."""

LINK_SHARED_CODES = ("unknown_field", "id_length", "bad_base64", "stray_bits", "name_invalid")
"""Codes of :data:`PARSE_ERRORS` and :data:`PUZZLE_ERRORS` a share link raises too: the page says them as ``link_<code>``
(a link's part named) and as ``parse_<code>`` (a paste: ``{part}`` is :data:`GAME_ID_PART`)."""

LEVEL_ERRORS: dict[str, str] = {
    "unknown_set": "unknown level set “{found}”; choose one of {choices}",
    "number_outside": "level {number} is outside the {set} levels, 1 to {count}",
    "set_needed": "a level number needs the level set it belongs to",
}
"""Every code of the ``levels`` op's errors (:mod:`lightsout.presets.levels`, :class:`LevelError`) and its English message."""

_MESSAGES: dict[str, str] = {**PARSE_ERRORS, **PUZZLE_ERRORS, **LINK_ERRORS}


def worded(template: str, params: dict[str, Any]) -> str:
    """``template`` (a sentence of these tables) with its placeholders filled from ``params``, as the page's
    ``t()`` fills them (static/page/i18n.js): ``{name}`` the value (a text with unseen characters shown as
    ``U+XXXX``, a size's x as ×), ``{a:name}`` / ``{A:name}`` "a" or "an" for the number it starts with; a
    placeholder without its param stays as it is.

    >>> worded("{a:size} {size} board is too large: found “{found}”", {"size": "8x8", "found": "\u00a0"})
    'an 8×8 board is too large: found “U+00A0”'
    """
    import re

    def fill(match: re.Match[str]) -> str:
        article, name = match.groups()
        if name not in params:
            return match.group()
        value = params[name]
        if article:
            word = _article(value)
            return word.capitalize() if article == "A" else word
        return _shown(name, value) if isinstance(value, str) else str(value)

    return re.sub(r"\{(?:([aA]):)?(\w+)\}", fill, template)


def _shown(name: str, value: str) -> str:
    """A text param as a sentence shows it (the page's ``shown``, static/page/paste-errors.js): controls, format
    characters and spaces as U+XXXX, except in a list of choices; a size's x as ×."""
    if name == "choices":
        return value
    if not (value.isascii() and value.isprintable() and " " not in value):
        import unicodedata

        value = "".join(f"U+{ord(c):04X}" if unicodedata.category(c)[0] in "CZ" and unicodedata.category(c) not in ("Cn", "Co", "Cs")
                        else c for c in value)
    return value.replace("x", "×", 1) if name == "size" and value[:1].isdigit() else value


def _article(value: object) -> str:
    """English's article before the number ``value`` starts with, read aloud: "an" for eight, eleven, eighteen,
    eighty…, eight hundred… (the page's ``englishArticle``)."""
    digits = "".join(c if c.isdigit() else " " for c in str(value)).split()
    if not digits:
        return "a"
    leading = int(digits[0][:18])
    while leading >= 1000:
        leading //= 1000
    return "an" if leading in (8, 11, 18) or 80 <= leading < 90 or 800 <= leading < 900 else "a"


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
    def of(
        cls, code: str, line: int | None = None, column: int | None = None, *, part: str = "the board", detail: str | None = None, **params: Any
    ) -> BoardFormatError:
        """The error ``code`` of :data:`PARSE_ERRORS`, :data:`PUZZLE_ERRORS` or :data:`LINK_ERRORS` at
        (line, column), its message worded from ``params`` (:func:`worded`; :data:`SINGULAR` for a ``found`` of 1).

        ``part`` is English-only words of the message (``the board``, ``the holes``, ...: its ``{part}``),
        not a param; ``detail`` more English-only words after it (Python's own reason for bad JSON).
        """
        template = SINGULAR[code] if params.get("found") == 1 and code in SINGULAR else _MESSAGES[code]
        message = worded(template, {**params, "part": part})
        return cls(message if detail is None else f"{message}: {detail}", line, column, code=code, params=params)

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
        return cls(f"{worded(PARSE_ERRORS[code], params)} ({limit})", limit, "text", params, code=code, line=line, column=column)


class LevelError(ValueError):
    """A level set or level number that is not one (:mod:`lightsout.presets.levels`): ``code`` of
    :data:`LEVEL_ERRORS` and the ``params`` its message is written from; ``field`` names the API
    request field at fault once the API knows it (``game`` or ``level``)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(worded(LEVEL_ERRORS[code], params))
        self.code = code
        self.params: dict[str, Any] = params
        self.field: str | None = None


def clipped(token: str) -> str:
    """A word of the text as an error quotes it: its first 10 characters, and "…" when there were more."""
    return token if len(token) <= 10 else token[:10] + "…"
