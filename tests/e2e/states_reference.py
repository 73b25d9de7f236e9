"""The reference the k-state browser tests check the page against: the package's one
model, reached through its JSON API (lightsout.api.handle, docs/api.md) as the worker
reaches it. States are lists (index r·C + c); boards cross as "RxC:<base64url>" strings
packed by lightsout.model.codec.

``Game(rows, cols, k, stencil, surface)`` presses and applies press counts;
``parse_states``, ``format_states`` and ``solve_states`` read, write and solve k-state
boards — the names the tests used for the module this replaced.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from lightsout.model import codec
from lightsout.api import handle
from lightsout.model.rules import PLUS, format_stencil


def api(request: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps(request)))
    if not reply["ok"]:
        raise ValueError(reply["error"]["message"])
    return reply


def board_id(rows: int, cols: int, states: list[int], k: int) -> str:
    bits = codec.bits_per_cell(k)
    return f"{rows}x{cols}:" + codec.encode(codec.pack(states, bits), rows * cols * bits)


def states_of(text: str, k: int) -> tuple[int, int, list[int]]:
    size, payload = text.split(":")
    rows, cols = map(int, size.split("x"))
    bits = codec.bits_per_cell(k)
    return rows, cols, codec.unpack(codec.decode(payload, rows * cols * bits), rows * cols, bits)


@dataclass(frozen=True)
class Game:
    rows: int
    cols: int
    k: int = 2
    stencil: frozenset[tuple[int, int]] = PLUS.stencil
    surface: str = "plane"

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def fields(self) -> dict[str, Any]:
        return {"k": self.k, "rule": "custom:" + format_stencil(self.stencil), "surface": self.surface}

    def press(self, states: list[int], row: int, col: int, times: int = 1) -> list[int]:
        """``states`` after pressing (row, col) ``times`` times (the API's press op)."""
        board = board_id(self.rows, self.cols, states, self.k)
        for _ in range(times % self.k):
            board = api({"op": "press", "board": board, "row": row, "col": col, **self.fields()})["board"]
        return states_of(board, self.k)[2]

    def apply(self, states: list[int], presses: list[int]) -> list[int]:
        """``states`` after pressing each cell i presses[i] times."""
        for index, times in enumerate(presses):
            if times % self.k:
                states = self.press(states, *divmod(index, self.cols), times)
        return states


def parse_states(text: str, k: int) -> tuple[int, int, list[int]]:
    reply = api({"op": "parse", "text": text, "k": k})
    return states_of(reply["board"], k)


def format_states(rows: int, cols: int, states: list[int], k: int) -> str:
    return api({"op": "format", "board": board_id(rows, cols, states, k), "k": k})["text"]


@dataclass(frozen=True)
class StatesResult:
    solvable: bool
    presses: list[int] | None
    total_presses: int | None
    solution_count: int
    invariant_factors: list[int]
    minimal: bool


def solve_states(game: Game, states: list[int], target: str = "zero", minimal: bool = False) -> StatesResult:
    reply = api({
        "op": "solve", "board": board_id(game.rows, game.cols, states, game.k), "minimal": minimal,
        "target": "on" if target == "full" else "off", **game.fields(),
    })
    presses = None if reply["solution"] is None else states_of(reply["solution"], game.k)[2]
    return StatesResult(reply["solvable"], presses, reply["presses"], int(reply["solutions"]), reply["invariant_factors"],
                        reply["minimal"])
