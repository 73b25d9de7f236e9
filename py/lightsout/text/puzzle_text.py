"""Text for graph puzzles: a user-defined puzzle, as plain text or JSON.

**A user-defined puzzle** (:func:`parse_puzzle`, :func:`format_puzzle`),
as JSON::

    {"cells": 4, "k": 2, "goal": "off",
     "presses": [[0, 1], [1, 2], [2, 3], [3, 0]],
     "coords": [[0, 0], [1, 0], [1, 1], [0, 1]],
     "names": ["a", "b", "c", "d"]}

or as plain text, one statement a line (``#`` starts a comment, except in a ``goal``,
``start``, ``name`` or ``title`` line, which is read whole)::

    cells 4
    k 2
    goal off
    press 0: 0 1
    press 1: 1 2
    edge 2 3
    at 0 0 0
    name 0 a

Fields (JSON key / text statement):

- ``cells`` *n* — the number of cells, 1..``max_graph_cells``; may be left
  out when ``presses``, ``coords`` or ``names`` give it (or, in text, the
  highest cell named plus one).
- ``presses`` / ``press i: j j …`` — the cells a press of cell i adds 1 to
  (need not include i, need not be symmetric).  A cell with no press set
  gets {i} (unless ``self`` is ``false``/``no``) plus its neighbours by
  ``edges`` / ``edge a b`` (undirected: a reaches b and b reaches a).  In
  JSON a ``presses`` entry may be ``null`` for that.
- ``k`` (2..255, default 2); ``goal``: ``off`` (default), ``on`` (every
  light k − 1), a run of symbols (see below) or, in JSON, a list of states;
  ``start``: a board in the same forms (optional, the board to play first).
- ``coords`` / ``at i x y`` — where to draw each cell (any unit, y down;
  all cells or none); ``names`` / ``name i text`` — a label per cell (at
  most ``MAX_NAME_LENGTH`` characters); ``shape``: ``circle`` (default),
  ``square`` or ``hex``; ``title`` — the puzzle's own name (at most
  :data:`MAX_TITLE_LENGTH` characters).  A name or title holds no control
  character (:func:`lightsout.model.graph.is_shown_text`: no ESC, NUL, U+0085,
  U+2028, bidirectional override...).  In text, a name or title that holds
  a ``#``, starts with ``"`` or starts or ends with a space is written in
  double quotes as a JSON string (``name 3 "C#"``); else as it is, up to a
  ``#`` comment.  An empty title or no name at all is the same as none.

A ``goal`` or ``start`` board is a run of symbols (:mod:`lightsout.text.cell_runs`).

Lines end at ``\n``, ``\r\n`` or ``\r`` only.  Errors raise
:class:`~lightsout.errors.BoardFormatError` with the line and column.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .cell_runs import format_cells, read_cells
from ..errors import BoardFormatError, TooLargeError, clipped
from ..model.graph import MAX_GRAPH_CELLS, MAX_GRAPH_ENTRIES, OUTLINES, Graph, bits_of, check_name, int_of, is_coordinate, is_shown_text
from ..model.puzzle import MAX_STATES, MIN_STATES, Puzzle
from .text_input import MAX_TEXT_LINES, check_text_size
from ..model.rules import PLUS

__all__ = [
    "UserPuzzle",
    "parse_puzzle",
    "format_puzzle",
    "puzzle_from_json",
    "puzzle_json",
    "MAX_TITLE_LENGTH",
]

MAX_TITLE_LENGTH = 200
"""Most characters of a puzzle's title."""

@dataclass(frozen=True)
class UserPuzzle:
    """A puzzle read from the user format: the :class:`~lightsout.model.puzzle.Puzzle` (1×n, with its graph), its name, and the start board (packed) if given."""

    puzzle: Puzzle
    name: str | None = None
    start: int | None = None


# -- the user-defined puzzle ------------------------------------------------


def parse_puzzle(text: str) -> UserPuzzle:
    """Read a user-defined puzzle: JSON when the text starts with ``{``, else the plain text form.

    Raises :class:`BoardFormatError` naming the line and column (JSON: the
    position of a syntax error, else line 1) of the first problem, and
    :class:`~lightsout.errors.TooLargeError` above ``max_graph_cells`` or
    ``max_graph_entries``, and for a text of more than ``max_text_bytes``
    (``text_bytes_over``) or, in the text form, ``max_text_lines`` lines
    (``lines_over``, counted before a line is read, which are then read one
    at a time: 20 million blank lines took 3 s and a list of them).
    """
    check_text_size(text)
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BoardFormatError.of("json_syntax", error.lineno, error.colno, detail=error.msg) from None
        except RecursionError:
            raise BoardFormatError.of("json_too_deep", 1, 1) from None
        except ValueError:  # an integer beyond Python's int_max_str_digits (4300 digits)
            raise BoardFormatError.of("json_syntax", 1, 1, detail="a number has more than 4300 digits") from None
        return puzzle_from_json(data)
    return _parse_text(text)


def _whole(digits: str) -> int:
    """A run of ASCII digits as an int.  Past 4000 digits (``int()`` refuses 4300) its first 20
    digits scaled by the power of ten of the rest: a number that large is only ever quoted in an
    error, as its order of magnitude."""
    digits = digits.lstrip("0") or "0"
    if len(digits) <= 4000:
        return int(digits)
    return int(digits[:20]) * int(10 ** (len(digits) - 20))


def _title(text: str, line: int, column: int) -> str | None:
    """A puzzle's title as read at (line, column): None when empty.  Raises :class:`BoardFormatError`
    ``title_invalid`` above :data:`MAX_TITLE_LENGTH` characters or with a control character."""
    if len(text) > MAX_TITLE_LENGTH or not is_shown_text(text):
        raise BoardFormatError.of("title_invalid", line, column, most=MAX_TITLE_LENGTH)
    return text or None


def _label(rest: str, line: int, column: int, field: str) -> tuple[str, int]:
    """A name's or a title's text from ``rest``, the rest of its line from ``column`` on, and the
    column it starts at: a JSON string when it starts with a double quote (``"C#"``), else the text
    up to a ``#`` comment, without the spaces around it.  Raises :class:`BoardFormatError`
    ``quoted_text`` for a quoted one that does not end, or is followed by more than a comment."""
    text = rest.lstrip()
    at = column + len(rest) - len(text)
    if not text.startswith('"'):
        return text.split("#", 1)[0].strip(), at
    try:
        # strict=False: a raw control character inside the quotes is read, then refused as one.
        value, end = json.JSONDecoder(strict=False).raw_decode(text)
    except json.JSONDecodeError:
        raise BoardFormatError.of("quoted_text", line, at, field=field) from None
    after = text[end:].lstrip()
    if after and not after.startswith("#"):
        raise BoardFormatError.of("quoted_text", line, at + len(text) - len(after), field=field)
    return value, at


def _label_text(text: str) -> str:
    """A name or a title as the text form writes it: as it is, or in double quotes as a JSON string
    when :func:`_label` would not read it back (a ``#``, a leading ``"``, spaces around it)."""
    if "#" in text or text.startswith('"') or text != text.strip():
        return json.dumps(text, ensure_ascii=False)
    return text


def _shown(number: int) -> int | str:
    """``number`` as an error quotes it: as is below 10^15, else in e-notation ("1.00000e400"),
    which reads the same in every language (a JSON reader would turn the int into Infinity)."""
    if abs(number) < 10**15:
        return number
    sign = "-" if number < 0 else ""
    try:
        digits = str(abs(number))
    except ValueError:  # above int_max_str_digits: the order of magnitude from the bit length
        return f"{sign}~1e{int(number.bit_length() * math.log10(2))}"
    return f"{sign}{digits[0]}.{digits[1:6]}e{len(digits) - 1}"


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardFormatError.of("not_whole", 1, 1, field=what, found=str(value)[:20])
    return value


def _coordinate(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not is_coordinate(float(value)):
        raise BoardFormatError.of("not_finite", 1, 1, field=what, found=str(value)[:20])
    return float(value)


@dataclass
class _Draft:
    """The fields of a user puzzle as they are read, before the puzzle is built."""

    cells: int | None = None
    k: int = 2
    goal: Any = "off"
    start: Any = None
    self_press: bool = True
    presses: dict[int, list[int]] | None = None
    edges: list[tuple[int, int]] | None = None
    coords: dict[int, tuple[float, float]] | None = None
    names: dict[int, str] | None = None
    outline: str = "circle"
    title: str | None = None
    entries: int = 0

    def count(self, more: int, line: int = 1) -> None:
        """Add ``more`` (press, light) pairs; refuse above ``max_graph_entries`` as they are read."""
        self.entries += more
        if self.entries > MAX_GRAPH_ENTRIES:
            raise TooLargeError(
                f"a graph puzzle's press sets hold at most max_graph_entries ({MAX_GRAPH_ENTRIES}) cells in all (line {line})",
                "max_graph_entries", params={"most": MAX_GRAPH_ENTRIES, "line": line},
            )

    def highest(self) -> int:
        seen = [-1]
        for keys in (self.presses, self.coords, self.names):
            if keys:
                seen.append(max(keys))
        for reach in (self.presses or {}).values():
            seen += reach
        for a, b in self.edges or []:
            seen += [a, b]
        return max(seen)

    def build(self, line: int = 1) -> UserPuzzle:
        n = self.cells if self.cells is not None else self.highest() + 1
        if n < 1:
            raise BoardFormatError.of("no_cells", line, 1)
        if n > MAX_GRAPH_CELLS:
            raise TooLargeError(
                f"a graph puzzle has at most max_graph_cells ({MAX_GRAPH_CELLS}) cells, not {_shown(n)}", "max_graph_cells",
                params={"most": MAX_GRAPH_CELLS, "found": _shown(n)},
            )
        if not MIN_STATES <= self.k <= MAX_STATES:
            raise BoardFormatError.of("states_range", line, 1, least=MIN_STATES, most=MAX_STATES, found=_shown(self.k))
        if self.outline not in OUTLINES:
            raise BoardFormatError.of("unknown_shape", line, 1, found=self.outline[:20], choices=", ".join(OUTLINES))
        if self.highest() >= n:
            raise BoardFormatError.of("cell_beyond", line, 1, cell=self.highest(), most=n - 1)
        reach = [(1 << i) if self.self_press else 0 for i in range(n)]
        for a, b in self.edges or []:
            reach[a] |= 1 << b
            reach[b] |= 1 << a
        for i, listed in (self.presses or {}).items():
            reach[i] = int_of(listed)
        coords = None
        if self.coords:
            missing = [i for i in range(n) if i not in self.coords]
            if missing:
                raise BoardFormatError.of("coords_missing", line, 1, cell=missing[0])
            coords = tuple(self.coords[i] for i in range(n))
        names = None
        if self.names and any(self.names.values()):  # no name at all is no names
            names = tuple(self.names.get(i, "") for i in range(n))
        try:
            graph = Graph(tuple(reach), coords, names, self.outline)
        except BoardFormatError as error:
            raise error.moved(line, 1) from None
        shell = Puzzle(1, n, self.k, PLUS, graph=graph)
        target = self._board(shell, self.goal, "goal", allow_words=True)
        start = None if self.start is None else self._board(shell, self.start, "start", allow_words=False)
        assert start is None or isinstance(start, int)
        puzzle = Puzzle(1, n, self.k, PLUS, 0, 0, target, graph)
        return UserPuzzle(puzzle, self.title, start)

    @staticmethod
    def _board(shell: Puzzle, value: Any, what: str, allow_words: bool) -> str | int:
        if isinstance(value, str) and value.strip() in ("off", "on"):
            if allow_words:
                return value.strip()
            return 0 if value.strip() == "off" else shell.target_board() if shell.k == 2 else shell.packed([shell.k - 1] * shell.cells)
        if isinstance(value, str):
            return read_cells(shell, value, what)
        if isinstance(value, list) and len(value) == shell.cells and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < shell.k for v in value):
            return shell.packed(list(value))
        raise BoardFormatError.of("board_value", 1, 1, field=what, cells=shell.cells, most=shell.k - 1)


def puzzle_from_json(data: Any) -> UserPuzzle:
    """Build a user puzzle from its JSON value (a dict; see the module docstring).  Raises :class:`BoardFormatError`."""
    if not isinstance(data, dict):
        raise BoardFormatError.of("not_object", 1, 1)
    known = {"format", "title", "cells", "k", "goal", "start", "self", "presses", "edges", "coords", "names", "shape"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise BoardFormatError.of("unknown_field", 1, 1, found=unknown[0][:20], choices=", ".join(sorted(known)))
    draft = _Draft()
    if data.get("cells") is not None:
        draft.cells = _number(data["cells"], "cells")
    if data.get("k") is not None:
        draft.k = _number(data["k"], "k")
    draft.goal = data.get("goal", "off")
    draft.start = data.get("start")
    if data.get("self") is not None:
        if not isinstance(data["self"], bool):
            raise BoardFormatError.of("self_bool", 1, 1)
        draft.self_press = data["self"]
    limit = MAX_GRAPH_CELLS
    listed = _listed(data, "presses", limit, "press sets")
    if listed is not None:
        draft.presses = {}
        for i, entry in enumerate(listed):
            if entry is None:
                continue
            if not isinstance(entry, list) or len(entry) > limit:
                raise BoardFormatError.of("press_entry", 1, 1, field=f"presses[{i}]")
            draft.count(len(entry))
            draft.presses[i] = _cells(entry, f"presses[{i}]")
        if draft.cells is None:
            draft.cells = len(listed)
    listed = _listed(data, "edges", MAX_GRAPH_ENTRIES, "pairs")
    if listed is not None:
        draft.edges = []
        for i, pair in enumerate(listed):
            if not isinstance(pair, list) or len(pair) != 2:
                raise BoardFormatError.of("edge_entry", 1, 1, field=f"edges[{i}]")
            draft.count(2)
            draft.edges.append((_cell(pair[0], f"edges[{i}]"), _cell(pair[1], f"edges[{i}]")))
    listed = _listed(data, "coords", limit, "[x, y] pairs")
    if listed is not None:
        draft.coords = {}
        for i, point in enumerate(listed):
            if not isinstance(point, list) or len(point) != 2:
                raise BoardFormatError.of("coord_entry", 1, 1, field=f"coords[{i}]")
            draft.coords[i] = (_coordinate(point[0], f"coords[{i}]"), _coordinate(point[1], f"coords[{i}]"))
        if draft.cells is None:
            draft.cells = len(listed)
    if data.get("names") is not None:
        listed = data["names"]
        if not isinstance(listed, list) or len(listed) > limit or not all(isinstance(name, str) for name in listed):
            raise BoardFormatError.of("names_list", 1, 1, most=limit)
        draft.names = dict(enumerate(listed))
    if data.get("shape") is not None:
        draft.outline = str(data["shape"])
    if data.get("title") is not None:
        if not isinstance(data["title"], str):
            raise BoardFormatError.of("title_string", 1, 1, most=MAX_TITLE_LENGTH)
        draft.title = _title(data["title"], 1, 1)
    try:
        return draft.build()
    except BoardFormatError as error:
        # a goal or start string counts its own lines and columns: the field names the place, as for every JSON field
        raise error.moved(1, 1) if (error.code or "").startswith("run_") else error from None


def _listed(data: dict[str, Any], key: str, limit: int, what: str) -> list[Any] | None:
    """``data[key]`` as a list of at most ``limit`` entries, or None when absent."""
    listed = data.get(key)
    if listed is not None and (not isinstance(listed, list) or len(listed) > limit):
        raise BoardFormatError.of("list_too_long", 1, 1, field=key, most=limit)
    return listed


def _cells(values: list[Any], what: str) -> list[int]:
    """The cells of a JSON list, each checked as :func:`_cell` (at once when all are fine: 2²⁰ of them took 1.2 s one by one)."""
    if not values or set(map(type, values)) == {int} and 0 <= min(values) and max(values) < MAX_GRAPH_CELLS:
        return values
    return [_cell(value, what) for value in values]


def _cell(value: Any, what: str) -> int:
    number = _number(value, what)
    if not 0 <= number < MAX_GRAPH_CELLS:
        raise BoardFormatError.of("cell_range", 1, 1, field=what, cell=number, most=MAX_GRAPH_CELLS - 1)
    return number


_STATEMENT = re.compile(r"([A-Za-z]+)\s*(.*)")
_LINE_END = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` ended by \n, \r\n or \r, one at a time; refused above ``max_text_lines`` first."""
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    if breaks + 1 > MAX_TEXT_LINES:
        raise TooLargeError.of("lines_over", "max_text_lines", MAX_TEXT_LINES + 1, 1, most=MAX_TEXT_LINES)
    start = 0
    for end in _LINE_END.finditer(text):
        yield text[start : end.start()]
        start = end.end()
    yield text[start:]


def _parse_text(text: str) -> UserPuzzle:
    draft = _Draft()
    last_line = 1

    def cell(token: str, number: int, column: int) -> int:
        if not (token.isascii() and token.isdigit() and len(token) <= 5) or int(token) >= MAX_GRAPH_CELLS:
            raise BoardFormatError.of("cell_number", number, column, most=MAX_GRAPH_CELLS - 1, found=clipped(token))
        return int(token)

    def whole(token: str, number: int, column: int) -> int:
        if not (token.isascii() and token.isdigit()):
            raise BoardFormatError.of("whole_number", number, column, found=clipped(token))
        return _whole(token)

    board_lines: dict[str, list[str]] = {}
    board_places: dict[str, list[tuple[int, int]]] = {}  # goal/start: (line, column) where each part starts
    # Only \n, \r\n and \r end a line: str.splitlines() would also end one inside a name at U+2028 or U+0085.
    for number, raw in enumerate(_lines(text), start=1):
        # A goal's "#" is a lit light; a name's or title's comment is cut by _label (a quoted one may hold "#").
        line = raw if raw.lstrip().lower().startswith(("goal", "start", "name", "title")) else raw.split("#", 1)[0]
        if not line.strip():
            continue
        last_line = number
        indent = len(line) - len(line.lstrip())
        match = _STATEMENT.fullmatch(line.strip())
        if match is None:
            raise BoardFormatError.of("statement_expected", number, indent + 1)
        key, rest = match.group(1).lower(), match.group(2)
        at = indent + match.start(2) + 1  # the column of the statement's first value
        tokens = [(m.group(), at + m.start()) for m in re.finditer(r"[^\s:,]+", rest)]
        if key == "cells":
            draft.cells = whole(tokens[0][0] if tokens else "", number, at)
        elif key == "k":
            draft.k = whole(tokens[0][0] if tokens else "", number, at)
            if not MIN_STATES <= draft.k <= MAX_STATES:
                raise BoardFormatError.of("states_range", number, tokens[0][1], least=MIN_STATES, most=MAX_STATES, found=_shown(draft.k))
        elif key in ("goal", "start"):
            board_lines.setdefault(key, []).append(rest)
            board_places.setdefault(key, []).append((number, at))
        elif key == "self":
            value = rest.strip().lower()
            if value not in ("yes", "no", "true", "false"):
                raise BoardFormatError.of("self_yes_no", number, at)
            draft.self_press = value in ("yes", "true")
        elif key == "press":
            if ":" not in rest:
                raise BoardFormatError.of("press_syntax", number, at)
            if not tokens:
                raise BoardFormatError.of("press_cell_missing", number, at)
            source = cell(tokens[0][0], number, tokens[0][1])
            draft.presses = draft.presses or {}
            draft.count(len(tokens) - 1, number)
            draft.presses[source] = [cell(token, number, column) for token, column in tokens[1:]]
        elif key == "edge":
            if len(tokens) != 2:
                raise BoardFormatError.of("edge_syntax", number, at)
            draft.edges = draft.edges or []
            draft.count(2, number)
            draft.edges.append((cell(tokens[0][0], number, tokens[0][1]), cell(tokens[1][0], number, tokens[1][1])))
        elif key == "at":
            if len(tokens) != 3:
                raise BoardFormatError.of("at_syntax", number, at)
            values = []
            for token, column in tokens[1:]:
                try:
                    values.append(_coordinate(float(token), "a coordinate"))
                except (ValueError, BoardFormatError):
                    raise BoardFormatError.of("coordinate", number, column, found=clipped(token)) from None
            draft.coords = draft.coords or {}
            draft.coords[cell(tokens[0][0], number, tokens[0][1])] = (values[0], values[1])
        elif key == "name":
            tokens = [(m.group(), at + m.start()) for m in re.finditer(r"[^\s:,]+", rest.split("#", 1)[0])]
            if not tokens:
                raise BoardFormatError.of("name_syntax", number, at)
            index = cell(tokens[0][0], number, tokens[0][1])
            start = tokens[0][1] + len(tokens[0][0])
            label, column = _label(rest[start - at :], number, start, "name")
            check_name(index, label, number, column)
            draft.names = draft.names or {}
            draft.names[index] = label
        elif key == "shape":
            draft.outline = rest.strip()
            if draft.outline not in OUTLINES:
                raise BoardFormatError.of("unknown_shape", number, at, found=draft.outline[:20], choices=", ".join(OUTLINES))
        elif key == "title":
            label, column = _label(rest, number, at, "title")
            draft.title = _title(label, number, column)
        else:
            raise BoardFormatError.of("unknown_statement", number, indent + 1, found=key[:20])
    for key, parts in board_lines.items():
        value = "\n".join(parts)
        setattr(draft, key, value.strip() if value.strip() in ("off", "on") else value)
    try:
        return draft.build(last_line)
    except BoardFormatError as error:
        # read_cells counts lines and columns in the goal's (start's) parts joined: say them in the text.
        places = board_places.get(error.params.get("field", ""))
        if places is None or not (error.code or "").startswith("run_") or error.line is None:
            raise
        row, column = places[min(error.line, len(places)) - 1]
        raise error.moved(row, column + (error.column or 1) - 1) from None


def _number_text(value: float) -> str:
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def format_puzzle(user: UserPuzzle) -> str:
    """The plain text form of a user puzzle (every press set written out); :func:`parse_puzzle` reads it back equal."""
    puzzle, graph = user.puzzle, user.puzzle.graph
    assert graph is not None
    lines = []
    if user.name:
        lines.append(f"title {_label_text(user.name)}")
    lines += [f"cells {graph.cells}", f"k {puzzle.k}"]
    if graph.outline != "circle":
        lines.append(f"shape {graph.outline}")
    lines.append("self no")
    target = puzzle.target
    lines.append(f"goal {target}" if isinstance(target, str) else "goal " + format_cells(puzzle, target).replace("\n", " "))
    if user.start is not None:
        lines.append("start " + format_cells(puzzle, user.start).replace("\n", " "))
    for i, reach in enumerate(graph.presses):
        lines.append(f"press {i}: " + " ".join(str(j) for j in bits_of(reach)))
    for i, (x, y) in enumerate(graph.coords or ()):
        lines.append(f"at {i} {_number_text(x)} {_number_text(y)}")
    for i, name in enumerate(graph.names or ()):
        if name:
            lines.append(f"name {i} {_label_text(name)}")
    return "\n".join(lines) + "\n"


def puzzle_json(puzzle: Puzzle, name: str | None = None, start: int | None = None) -> dict[str, Any]:
    """A graph puzzle as the JSON object :func:`puzzle_from_json` reads back equal (goal and start as lists of states)."""
    graph = puzzle.graph
    assert graph is not None
    data: dict[str, Any] = {"cells": graph.cells, "k": puzzle.k, "presses": graph.press_lists()}
    if name:
        data["title"] = name
    data["goal"] = puzzle.target if isinstance(puzzle.target, str) else puzzle.states(puzzle.target)
    if start is not None:
        data["start"] = puzzle.states(start)
    if graph.coords is not None:
        data["coords"] = [[x, y] for x, y in graph.coords]
    if graph.names is not None:
        data["names"] = list(graph.names)
    if graph.outline != "circle":
        data["shape"] = graph.outline
    return data
