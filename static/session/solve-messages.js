// @ts-check
// What a solve reply means, as a message (messages.js) for the message line: the presses
// found, proven fewest or not, how many solutions; why a board cannot be solved; the offer
// to search every solution. Pure functions of the reply; the session says them.

import { countFigure, countMessage, fractionFigure, joinMessages, messageOf, powerOfTwoFigure } from "./messages.js";

const SEARCH_NS_PER_SOLUTION = 100; // the fewest-presses search in Chromium: 91–126 ns per solution (bench_page.py --fewest)

/** The message for a solvable board's solve reply (`multiState`: k ≠ 2): presses, proven or not, how many solutions. */
export function solutionMessage(reply, solution, multiState) {
  if (multiState) {
    const total = reply.presses;
    const badge = total > solution.litCount ? messageOf("statesBadge") : ""; // some cell is pressed twice or more
    const key = reply.minimal ? "statesSolutionMinimal" : "statesSolution";
    const cells = solution.litCount;
    const found = cells === 1 ? countMessage(`${key}OneCell`, total, { badge }) : messageOf(key, { total, cells, badge });
    // How many solutions, in a player's words: their structure (Z/3 × Z/3…) is Analysis's figure.
    return joinMessages(found, reply.minimal ? null : messageOf("statesNotProven"),
      reply.solutions === "1" ? null : messageOf("solutionCount", { solutions: countFigure(reply.solutions) }));
  }
  const count = reply.presses;
  const found = reply.minimal ? messageOf(count === 1 ? "solutionMinimalOne" : "solutionMinimal", { count })
    : joinMessages(messageOf(count === 1 ? "solutionOne" : "solution", { count }), messageOf("notProven"));
  if (reply.solutions === "1" || reply.solutions === "0") return found;
  const solutions = countFigure(reply.solutions);
  // How many solutions, and how many of them are as short, in one short sentence: a phone's two
  // lines held "Press the 13 marked cells to solve it — the proven fewest. 4 different solutions
  // exist. 3 solutions share that fewest count." only in part, the rest a tap away.
  if (!reply.minimal || reply.minimal_count === null || reply.minimal_count === undefined) {
    return joinMessages(found, messageOf("solutionCount", { solutions }));
  }
  const fewest = reply.minimal_count === 1 ? messageOf("solutionsFewestOnly", { solutions })
    : messageOf("solutionsFewestShared", { solutions, count: reply.minimal_count });
  return joinMessages(found, fewest);
}

/**
 * Why `game`'s board cannot be solved, from the solve reply, in a player's words: the share of
 * boards of its kind (size, rule, surface, shape: Python's figure) that can be, and — when
 * `proofShown` (the proof's lights are marked on the board) — that the marked lights show why.
 */
export function unsolvableMessage(reply, game, multiState, proofShown = false) {
  const fraction = fractionFigure(reply.solvable_fraction);
  const marked = proofShown ? messageOf("unsolvableMarked") : null;
  if (multiState) return joinMessages(messageOf("statesUnsolvable", { fraction }), marked);
  // Every board of its kind can be solved (the fraction is 1/1 or 1/2^0).
  if (["1", "2^0"].includes(String(reply.solvable_fraction).split("/")[1])) return joinMessages(messageOf("unsolvableNullityZero"), marked);
  return joinMessages(messageOf(game.mask ? "unsolvableShaped" : "unsolvable", { fraction }), marked);
}

/**
 * The offer to search all 2^nullity solutions when the quick search did not prove its answer
 * and the whole search is affordable (nullity ≤ limits.exact_nullity); undefined otherwise.
 */
export function searchOffer(reply, limits) {
  if (reply.minimal || reply.nullity > limits.exact_nullity) return undefined;
  const seconds = Math.max(1, Math.round(2 ** reply.nullity * SEARCH_NS_PER_SOLUTION / 1e9));
  const time = seconds < 90 ? messageOf("aboutSeconds", { seconds }) : messageOf("aboutMinutes", { minutes: Math.round(seconds / 60) });
  return messageOf("searchToEnd", { solutions: powerOfTwoFigure(reply.nullity), time });
}
