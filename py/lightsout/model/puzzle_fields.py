"""A :class:`~lightsout.model.puzzle.Puzzle` built from its fields as plain values: the one builder the API and the CLI share.

The API (request JSON, boards as packed payloads) and the command line (options, files of text)
each read their own inputs and hand the values here; :func:`puzzle_from_fields` checks them
against each other (a mask or target of the board's size, a surface that agrees with ``torus``, a
preset's or graph's own rule and k) and builds the puzzle.  A value that does not fit raises one
:class:`PuzzleFieldError` whose ``field`` names it in the API's words (``k``, ``rule``, ``surface``,
``torus``, ``holes``, ``dont_care``, ``target``); its message names it as the caller does (the
``name`` function: ``torus`` in a request, ``--torus`` on the command line), so each front end only
maps the error to its own kind (the API's ``RequestError`` with that field, the CLI's usage line).
"""

from __future__ import annotations

from .puzzle import MAX_STATES, MIN_STATES, Puzzle
from .rules import SURFACES, parse_rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["PuzzleFieldError", "puzzle_from_fields", "check_states", "Sized"]

Sized = tuple[int, int, int]
"""A board as read from a field: (rows, cols, packed int); masks are one bit a cell."""


class PuzzleFieldError(ValueError):
    """A puzzle field whose value does not describe a puzzle; ``field`` names it (``k``, ``rule``,
    ``surface``, ``torus``, ``holes``, ``dont_care``, ``target``), the message as the caller names fields."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _as_is(field: str) -> str:
    return field


def check_states(k: int, name: Callable[[str], str] = _as_is) -> int:
    """``k`` when it is a number of states (2..255); else :class:`PuzzleFieldError` (field ``k``)."""
    if not MIN_STATES <= k <= MAX_STATES:
        raise PuzzleFieldError("k", f"{name('k')} must be {MIN_STATES}..{MAX_STATES}, not {k}")
    return k


def puzzle_from_fields(
    rows: int,
    cols: int,
    k: int | None = None,
    rule: str | None = None,
    surface: str | None = None,
    torus: bool = False,
    holes: Sized | None = None,
    dont_care: Sized | None = None,
    target: str | Sized | None = None,
    base: Puzzle | None = None,
    name: Callable[[str], str] = _as_is,
) -> Puzzle:
    """The R×C puzzle the fields describe.

    ``k`` (default 2, or the base's), ``rule`` (a name or ``custom:`` stencil for
    :func:`lightsout.model.rules.parse_rule`, default plus), ``surface`` (default plane; ``torus``
    is an alias of ``"torus"``), ``holes`` and ``dont_care`` (boards of one bit a cell),
    ``target`` (``"off"``, ``"on"`` or a board of k states; default off, or the base's goal).  With
    ``base`` (a preset's or graph's puzzle) the cells, press rule and k are its own: ``rows`` and
    ``cols`` must be its size, a ``k`` that differs and any ``rule``, ``surface`` or ``torus`` are
    refused; holes, don't-care cells and the target may change its own.

    Raises :class:`PuzzleFieldError` naming the field at fault (``name`` words a field's name in
    the message), and ``ValueError`` / :class:`~lightsout.errors.TooLargeError` for a puzzle the
    model refuses (:class:`~lightsout.model.puzzle.Puzzle`).
    """
    if k is not None:
        check_states(k, name)
    if base is not None:
        if k is not None and k != base.k:
            raise PuzzleFieldError("k", f"this puzzle has {base.k} states; {name('k')} {k} differs")
        for field, given in (("rule", rule is not None), ("surface", surface is not None), ("torus", torus)):
            if given:
                raise PuzzleFieldError(field, f"{name(field)}: a preset or graph fixes its press rule")
        chosen = base.rule
    else:
        try:
            chosen = parse_rule(rule or "plus")
        except ValueError as error:
            raise PuzzleFieldError("rule", f"{name('rule')}: {error}") from None
        if surface is not None and surface not in SURFACES:
            raise PuzzleFieldError("surface", f"unknown surface {surface!r}; choose one of {', '.join(SURFACES)}")
        if torus:
            if surface not in (None, "torus"):
                raise PuzzleFieldError("torus", f"{name('torus')} and {name('surface')} {surface} contradict each other")
            surface = "torus"
        chosen = chosen.on_surface(surface or "plane")
    masks = []
    for field, mask in (("holes", holes), ("dont_care", dont_care)):
        masks.append(0 if mask is None else _sized(field, mask, rows, cols, name))
    wanted: str | int = "off" if base is None else base.target
    if isinstance(target, str):
        wanted = target
    elif target is not None:
        wanted = _sized("target", target, rows, cols, name)
    states = k if k is not None else 2 if base is None else base.k
    return Puzzle(rows, cols, states, chosen, masks[0], masks[1], wanted, None if base is None else base.graph)


def _sized(field: str, board: Sized, rows: int, cols: int, name: Callable[[str], str]) -> int:
    """The packed int of ``board`` when it is R×C, else :class:`PuzzleFieldError`."""
    board_rows, board_cols, value = board
    if (board_rows, board_cols) != (rows, cols):
        raise PuzzleFieldError(field, f"{name(field)} is {board_rows}x{board_cols}, board is {rows}x{cols}")
    return value
