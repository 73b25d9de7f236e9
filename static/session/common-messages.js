// @ts-check
// Messages more than one part of the midend says (messages.js: data the views word): a
// rule's and a surface's names, a shape's summary, why no board of a press count came, a
// failed request, a cell in a sentence, a time on the clock; and whether an error is one
// Python coded (its code and params).

import { countMessage, messageOf } from "./messages.js";
import { graphCellName } from "../model/graph.js";

/** Minutes:seconds of `milliseconds`, e.g. "1:05". */
export function formatDuration(milliseconds) {
  const seconds = Math.floor(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Cell `index` of `game` in a sentence, as a message: "row 2, column 3" (1-based) on a grid;
 * on a graph (the cube, the Orbix, a user's graph: one row of cells) "cell U1" by its name,
 * or "cell 4" by the number the board's labels give it.
 */
export function cellName(index, game) {
  if (game.graph) return messageOf("explainGraphCell", { name: graphCellName(game.graph, index) });
  const { cols } = game.board;
  return messageOf("explainCell", { row: Math.floor(index / cols) + 1, col: (index % cols) + 1 });
}

/**
 * What the message line says of a win `won` ({by, moves}: session.won), as the banner says it
 * (win-panel.js): the player's own ("Solved in 12 moves!"), with help since the deal ("Solved,
 * with help, in 12 moves.") or by Play solution ("Solved by Play solution, in 12 moves."). A
 * puzzle being played adds its time (`time`, "0:41"). A solution played is not the player's win:
 * the line said "Solved in 500,282 moves!" while the banner said "Solved by Play solution".
 */
export function solvedMessage({ by, moves }, time = null) {
  const how = { player: "", helped: "Helped", played: "Played" }[by] ?? "";
  return time === null ? countMessage(`solved${how}`, moves) : countMessage(`solvedPuzzle${how}`, moves, { time });
}

/** True for an error Python coded (lightsout.errors: a code and its params), which the page words itself. */
export function isCodedError(error) {
  return typeof error?.code === "string" && error.params !== undefined && error.params !== null;
}

/** " on a torus" and the like after a rule's name (a message; "" on the plane). */
export function surfaceSuffix(surface) {
  const keys = { torus: "ruleOnTorus", klein: "ruleOnKlein", projective: "ruleOnProjective" };
  return keys[surface] ? messageOf(keys[surface]) : "";
}

/** A rule's name as a message: "plus", "Moore", … or the custom stencil. */
export function stencilLabel(stencil) {
  const names = { plus: "ruleNamePlus", moore: "ruleNameMoore", x: "ruleNameX", hex: "ruleNameHex" };
  return messageOf(names[stencil.name] ?? "ruleNameCustom", names[stencil.name] ? {} : { stencil: stencil.name.slice("custom:".length) });
}

/** "Shape set: 1 hole, 3 don't-care cells." for `mask` (null: no shape), as a message. */
export function shapeDoneMessage(mask) {
  return messageOf("shapeDone", {
    holes: countMessage("holeCount", mask?.holes.litCount ?? 0), dontCare: countMessage("dontCareCount", mask?.dontCare.litCount ?? 0),
  });
}

/**
 * Why no rows × cols board with a fewest solution of `presses` presses came: the API's
 * PressCountError gives the most presses any such board needs (`maximum`: the worst case,
 * or the rank as an upper bound when `bound` is "rank").
 */
export function pressCountMessage(error, { rows, cols, presses }) {
  const { maximum } = error;
  if (presses <= maximum) return countMessage("pressesNotFound", presses, { rows, cols, maximum });
  return messageOf(error.bound === "rank" ? "pressesAboveRank" : "pressesAboveWorstCase", { rows, cols, maximum });
}

/** The message-line message for a request that failed with `error` (a SolverError). */
export function requestErrorMessage(error) {
  if (error.name === "AbortError") return messageOf(error.reason === "cancelled" ? "cancelled" : "requestStopped");
  if (error.name === "TooLargeError") return messageOf("tooLarge", { message: error.message });
  if (error.name === "NotReadyError") return messageOf("notReady");
  // A level set or number the levels op does not have (lightsout.errors.LEVEL_ERRORS): its own sentence.
  if (error.name === "LevelError" && isCodedError(error)) return messageOf(`levels_${error.code}`, error.params);
  if (error.timeoutKind || error.name === "TimeoutError" || error.name === "WorkerError" || (error.code && !isCodedError(error))) {
    return messageOf("requestStopped");
  }
  return messageOf("solverError", { message: error.message || messageOf("noReason") });
}
