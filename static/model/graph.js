// @ts-check
// A puzzle on a graph (a preset of the real games, a user's graph) as the API's `puzzle`
// reply describes it (docs/api.md): its press sets, drawing and facts, and its cells' names.

/**
 * A puzzle on any graph (a preset of the real games, or a user's graph) as the game needs
 * it: `presses[i]` the cells a press of cell i adds 1 to (the API's `puzzle` reply,
 * docs/api.md), `fields` the API's puzzle field naming it ({preset: NAME} or {graph: OBJECT}),
 * and the drawing (`coords`, `outline`, `edges`, `names`, `solid`) and facts (`preset`, `title`) as the
 * reply gives them. Cells are the board's indices r·cols + c.
 */
export function graphOfPuzzle(reply) {
  const cells = reply.rows * reply.cols;
  if (!Array.isArray(reply.presses) || reply.presses.length !== cells) {
    throw new RangeError(`a graph puzzle needs ${cells} press sets, got ${reply.presses?.length}`);
  }
  const presses = reply.presses.map((set) => {
    for (const j of set) if (!Number.isInteger(j) || j < 0 || j >= cells) throw new RangeError(`press set cell ${j} is outside 0..${cells - 1}`);
    return Int32Array.from(set);
  });
  const fields = reply.preset ? { preset: reply.preset.name } : reply.graph ? { graph: reply.graph } : {};
  return Object.freeze({
    fields, presses, kind: reply.kind, outline: reply.outline ?? "circle", coords: reply.coords ?? null,
    edges: reply.edges ?? null, names: reply.names ?? null, preset: reply.preset ?? null, title: reply.title ?? null,
    solid: reply.solid ?? null, // where the cells sit in 3D (the cube, the Orbix: solid-view.js), or null
    rule: reply.rule ?? null,
  });
}

/** @typedef {ReturnType<typeof graphOfPuzzle>} Graph */

/** What the page calls cell `index` of a graph puzzle (graphOfPuzzle): its name (the cube's "U1"), else its number from 1. */
export function graphCellName(graph, index) {
  return graph.names?.[index] || String(index + 1);
}
