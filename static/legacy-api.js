// TEMPORARY bridge from the one-model API (docs/api.md), which the page speaks, to the
// older lightsout.api this build may still ship (two-state ops with "torus", plus
// solve_states / parse_states / format_states). It wraps the solver client: requests of
// the new vocabulary go out in the old one and their replies come back in the new one.
// Once the package answers the "limits" op (branch py-model), app.js stops using it and
// this file goes.

import { packPayload } from "./codec.js";
import { boardFromCells, boardFromReference } from "./game.js";

const GENERAL_OPS = new Set(["solve", "parse", "format"]);

function general(request) {
  return (request.k ?? 2) !== 2 || request.surface === "klein" || request.surface === "projective";
}

/** The old request for two states on a plane or torus: "torus" instead of "surface", no k. */
function twoStateRequest(request) {
  const { k: _k, surface, ...rest } = request;
  return { ...rest, torus: surface === "torus" };
}

export class LegacyApi {
  constructor(solver) {
    this.solver = solver;
  }

  get ready() {
    return this.solver.ready;
  }

  async request(request, options = {}) {
    if (!general(request) || !GENERAL_OPS.has(request.op)) return this.solver.request(twoStateRequest(request), options);
    const k = request.k ?? 2;
    const payload = options.payload;
    if (request.op === "parse") {
      if (k === 2) return this.solver.request(twoStateRequest(request), options);
      const text = request.text === "@" ? new TextDecoder().decode(payload) : request.text;
      const reply = await this.solver.request({ op: "parse_states", text, k }, { timeoutMs: options.timeoutMs });
      const board = boardFromCells(reply.rows, reply.cols, k, reply.cells);
      const packed = packPayload([{ rows: board.rows, cols: board.cols, bytes: board.packed() }]);
      return { ...reply, board: packed.references[0], payload: packed.payload, format: "states", k };
    }
    const board = boardFromReference(request.board, payload, k);
    const fields = { rows: board.rows, cols: board.cols, k, rule: request.rule, surface: request.surface ?? "plane" };
    if (request.op === "format") {
      if (k === 2) return this.solver.request(twoStateRequest(request), options);
      return this.solver.request({ op: "format_states", ...fields, cells: board.toList() }, { timeoutMs: options.timeoutMs });
    }
    const reply = await this.solver.request({
      op: "solve_states", ...fields, cells: board.toList(), target: request.target === "on" ? "full" : "zero",
      minimal: Boolean(request.minimal),
    }, { timeoutMs: options.timeoutMs });
    if (!reply.solvable) return { ...reply, solution: null, presses: null, payload: new Uint8Array(0) };
    const solution = boardFromCells(board.rows, board.cols, k, reply.presses);
    const packed = packPayload([{ rows: board.rows, cols: board.cols, bytes: solution.packed() }]);
    return {
      ...reply, solution: packed.references[0], payload: packed.payload, presses: reply.total,
      cells_pressed: solution.litCount, rank: null, nullity: null,
    };
  }
}
