// @ts-check
// A small scripting surface for tests and the benchmark (window.lightsOut); the page
// never uses it.

import { CanvasView } from "./views/canvas-render.js";
import { GraphCanvasView } from "./views/graph-canvas.js";
import { isTestHost } from "./page/page-options.js";
import { prefersReducedMotion } from "./page/a11y.js";
import { solvePacked } from "./solver/solver-client.js";

/**
 * Put the test surface on `window.lightsOut`.
 * @param {import("./session/api.js").SessionApi} session
 * @param {import("./solver/solver-client.js").SolverClient} solver
 * @param {import("./panels/board-panel.js").BoardPanel} boardPanel the board's view
 * @param {import("./panels/share-panel.js").SharePanel} sharePanel the link written to the address
 */
export function exposeTestHooks(session, solver, boardPanel, sharePanel) {
  const view = () => boardPanel.view;
  const searchBudgetAtStart = session.searchBudget();
  window.lightsOut = Object.freeze({
    /** Check the shown marks in Python: are they presses that take this board to the goal? */
    verifyShown: () => session.verifyShown(),
    /** Solve as the Solve button does, optionally forcing a method (e.g. a slow one). */
    solve: (options) => session.solve(options),
    /** Client coordinates of a cell's centre on a canvas board (the big grid's, or a big graph's); null on others. */
    clientOfCell: (row, col) => view().clientOfCell?.(row, col) ?? null,
    /** Draw pending canvas changes now; returns the last painted rectangle (device pixels). */
    flush() {
      if (!(view() instanceof CanvasView)) return null;
      view().flush();
      return view().lastPaint;
    },
    /**
     * Which view draws the board: "canvas" (a big grid), "graph-canvas" (a big graph), "solid" (the cube or the
     * Orbix in 3D, with its rotation `turn`, a unit quaternion [w, x, y, z]) or "grid" (the DOM's); the canvas's scale.
     */
    view: () => ({
      kind: view() instanceof CanvasView ? "canvas" : view() instanceof GraphCanvasView ? "graph-canvas" : view().kind ?? "grid",
      scale: view().scale ?? null, turn: view().turn ?? null,
    }),
    /**
     * Show the 3D view turned by `turn` (a unit quaternion [w, x, y, z]) at once, as a drag
     * ending there would leave it: a test sweeps many orientations on one page without
     * dragging to each. Returns the turn in force; null (and no change) if the board is not in 3D.
     */
    turnView(turn) {
      if (view().kind !== "solid") return null;
      view().setTurn(turn);
      return view().turn;
    },
    /** Send one API request as it is; resolves with the reply or a plain {error} (no UI). */
    request: (request) => solver.request(request).then(
      (reply) => ({ ...reply, payload: undefined }),
      (error) => ({ error: { name: error.name, message: error.message, line: error.line, column: error.column } })),
    /** Solve a size×size board given as packed bytes (no UI): {solvable, presses} (bench/endurance.py). */
    solvePayload: (size, payload) => solvePacked(solver, size, payload)
      .then((reply) => ({ solvable: reply.solvable, presses: reply.presses })),
    /**
     * The worker as the client sees it: {state, heapBytes (at its last reply), recycled (workers replaced for
     * their heap), pending (requests not yet answered), start: {path: "snapshot" | "install", ms (worker
     * start → ready), fallback (why not the snapshot, or null)}, fallback: that reason as soon as the worker
     * knows it, before the usual start is over (null until then, and for a restored snapshot)}.
     */
    solverInfo: () => ({
      state: solver.state, heapBytes: solver.heapBytes, recycled: solver.recycled, pending: solver.pending.size, start: solver.startedFrom,
      fallback: solver.fallback,
    }),
    /**
     * Change the solver's deadlines and heap limit on a running page, as the address's test
     * knobs (page-options.js) set them at start: {loadTimeoutMs, requestTimeoutMs,
     * restartAboveBytes, holdStart (the next start waits for releaseStart)}, each optional; the client reads them at every start and request,
     * so the browser tests share one page instead of starting Pyodide per setting. Returns
     * the settings in force. Like the knobs, only on a page served from this machine.
     */
    solverOptions(options = {}) {
      if (!isTestHost(location.hostname)) throw new Error("the solver's options change only on this machine");
      for (const name of ["loadTimeoutMs", "requestTimeoutMs", "restartAboveBytes"]) {
        if (options[name] === undefined) continue;
        if (!(Number.isFinite(options[name]) && options[name] > 0)) throw new RangeError(`${name} must be positive`);
        solver[name] = options[name];
      }
      if (options.holdStart !== undefined) solver.held = Boolean(options.holdStart); // the next start waits for releaseStart()
      return {
        loadTimeoutMs: solver.loadTimeoutMs, requestTimeoutMs: solver.requestTimeoutMs, restartAboveBytes: solver.restartAboveBytes,
        holdStart: solver.held,
      };
    },
    /**
     * The fewest-presses search's time budget in ms, as ?search-budget=MS sets it at start
     * (null: the solver's own); returns the budget in force (ms, or null).
     */
    searchBudget(ms) {
      if (ms !== undefined && ms !== null && !(Number.isFinite(ms) && ms > 0)) throw new RangeError("the budget must be positive");
      return session.searchBudget(ms);
    },
    /** Resolves with location.hash once the page has written the game's link (nothing left to write). */
    linkWritten: () => sharePanel.hashWriter.idle().then(() => location.hash),
    /** Let the solver's start, held by ?hold-start, go on; false when none is held. */
    releaseStart: () => solver.releaseStart(),
    /**
     * Make this page as a new visitor finds it, without loading it again: the browser tests share
     * one page, and its started solver, between test modules (tests/e2e/conftest.py's SharedPage).
     * Playback, set-up, shape editing and the explanation end; no dialog stays open and every section is folded; English, normal
     * contrast, sound as a first visit has it, the 3D view; the search budget the page started with; the storage emptied and the records read again from it; the standard game on a new
     * random 5×5 board, with no puzzle, level or kept game behind it.
     */
    newVisitor() {
      /** @type {NodeListOf<HTMLDialogElement>} */
      const dialogs = document.querySelectorAll("dialog[open]");
      for (const dialog of dialogs) dialog.close();
      /** @type {NodeListOf<HTMLDetailsElement>} */
      const sections = document.querySelectorAll("details[open]");
      for (const details of sections) details.open = false; // every section folded
      /** @type {HTMLButtonElement} */
      const english = document.querySelector('#language-switch button[data-language="en"]');
      english.click();
      const pressed = (id) => document.getElementById(id).getAttribute("aria-pressed") === "true";
      if (pressed("high-contrast")) document.getElementById("high-contrast").click();
      if (pressed("sound") === prefersReducedMotion()) document.getElementById("sound").click(); // on unless less motion is asked for
      document.getElementById("view-3d").click(); // the Cube and the Orbix in 3D
      session.searchBudget(searchBudgetAtStart);
      localStorage.clear();
      sessionStorage.clear();
      session.startOver();
      localStorage.clear(); // what the commands above kept (the language chosen, the game)
    },
    /** Worker debug actions: "memory" ({wasmBytes, jsHeapBytes}), "crash" and "stall" (busy until stopped; worker.js). */
    debug: (action) => solver.debug(action),
    /** The limits the page runs with (the API's, from limits.json, and its own gridLimit). */
    limits: () => ({ ...session.limits }),
    /**
     * The game as plain data: {rows, cols, k, surface, rule, target, cells, marks, moves, puzzle} with
     * cells the states (0..k−1, index r*cols + c), marks the shown press counts or null, target
     * "off" | "on" | a preset's goal states, puzzle {preset | graph, presses} for a graph game or null.
     * Up to 64×64 only (a canvas board is not listed cell by cell).
     */
    statesSnapshot() {
      const { game, marks } = session;
      const { rows, cols } = game.board;
      return {
        rows, cols, k: game.k, surface: game.surface, rule: game.stencil.name,
        target: typeof game.target === "string" ? game.target : game.target.toList(),
        cells: game.board.toList(), marks: marks ? marks.toList() : null, moves: game.moveCount,
        // A preset or graph game: its API field and press sets (null for a grid game).
        puzzle: game.graph ? { ...game.graph.fields, presses: game.graph.presses.map((set) => [...set]) } : null,
      };
    },
  });
}
