// @ts-check
// The goal drawn under the board when it is not plain — not every light off, nor every light on
// (k − 1): a game's own goal pattern (Merlin's Magic Square: the outer ring lit, the middle dark),
// or the goal board a link or a user's puzzle gives. The tagline says "Reach the game's goal
// pattern" and nothing showed which; here is a small picture of it. Drawn as the board is: a
// grid game (Merlin, a graph without coordinates, one whose coordinates are a plain grid) as a
// mini grid of its lights, lit or dark (k > 2: the states' colours); a game drawn from
// coordinates (the Cube's net, the Orbix, a user's graph) as its cells' places, each a dot lit or
// dark. Holes are left out and don't-care cells hatched, as on the board. The picture is read
// from the session's game (session.game: its target, graph, shape and k); `goalPicture` is the
// headless part (what to draw), `GoalView` draws it into the board area (index.html's
// #goal-picture, style.css's .goal-picture: a strip under the board that the board's room leaves it).

import { currentLanguage, t } from "../page/i18n.js";
import { isGridLayout, minimumSpacing } from "./graph-layout.js";
import { stateColours } from "./palette.js";

/**
 * The most cells drawn: above it a picture a few rem tall has dots of a pixel or two, which tell
 * nothing (the tagline says the goal in words); no game of the API comes near it (Merlin 9, the
 * Cube 54), only a user's graph could.
 */
export const GOAL_PICTURE_CELLS = 256;

const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {number | "hole" | "any"} GoalCell  a cell's goal state, or a hole, or a don't-care cell
 * @typedef {{kind: "grid", rows: number, cols: number, k: number, cells: GoalCell[]}} GoalGrid
 * @typedef {{kind: "points", k: number, cells: GoalCell[], coords: number[][], spacing: number}} GoalPoints
 */

/**
 * What to draw of `game`'s goal: null when it is plain (the string "off" or "on", or a board
 * whose cells that count are all 0 or all k − 1), or too big to draw (GOAL_PICTURE_CELLS);
 * else a grid (drawn as the DOM grid draws the board) or points (a game drawn from coordinates).
 * @param {import("../model/game.js").Game} game
 * @returns {GoalGrid | GoalPoints | null}
 */
export function goalPicture(game) {
  const { target, mask, k } = game;
  if (typeof target === "string") return null;
  const count = target.cellCount;
  if (count > GOAL_PICTURE_CELLS) return null;
  /** @type {GoalCell[]} */
  const cells = [];
  const counted = new Set();
  for (let i = 0; i < count; i++) {
    if (mask?.holes.get(i)) cells.push("hole");
    else if (mask?.dontCare.get(i)) cells.push("any");
    else {
      const state = target.get(i);
      cells.push(state);
      counted.add(state);
    }
  }
  if (counted.size === 0 || (counted.size === 1 && (counted.has(0) || counted.has(k - 1)))) return null; // all off, or all on
  const { rows, cols } = target;
  const coords = game.graph?.coords;
  if (!coords || (game.graph.outline === "square" && isGridLayout(coords, rows, cols))) return { kind: "grid", rows, cols, k, cells };
  return { kind: "points", k, cells, coords, spacing: minimumSpacing(coords) };
}

/** The goal in words, for a screen reader: "Goal: row 1: on, on, on; row 2: on, off, on; …", or how many lights end on. */
function describe(picture) {
  const word = (cell) => (cell === "hole" ? t("goalHole") : cell === "any" ? t("goalAny")
    : picture.k === 2 ? t(cell ? "goalOn" : "goalOff") : String(cell));
  if (picture.kind === "grid" && picture.rows <= 5 && picture.cols <= 5) {
    const rows = [];
    for (let row = 0; row < picture.rows; row++) {
      const cells = picture.cells.slice(row * picture.cols, (row + 1) * picture.cols).map(word);
      rows.push(t("goalRow", { row: row + 1, cells: cells.join(t("goalCellJoin")) }));
    }
    return t("goalPictureRows", { rows: rows.join(t("goalRowJoin")) });
  }
  const states = picture.cells.filter((cell) => typeof cell === "number");
  const on = states.filter((state) => state === picture.k - 1).length;
  return t("goalPictureCount", { on, cells: states.length });
}

/** Draws the goal picture into the board area (#goal-picture), hidden while the goal is plain. */
export class GoalView {
  /** @param {HTMLElement} element the figure: its caption (data-i18n) and the drawing it holds */
  constructor(element) {
    this.element = element;
    this.drawing = /** @type {HTMLElement} */ (element.querySelector(".goal-drawing"));
    this.shown = null; // what is drawn: {game's target, graph, mask, k, language}, to draw it again only when it changes
  }

  /** Show `game`'s goal (hidden when plain); `colours` the states' {fill} (a preset's own, as the board has them) or null. */
  show(game, colours = null) {
    const key = { target: game.target, graph: game.graph, mask: game.mask, k: game.k, colours, language: currentLanguage() };
    if (this.shown && Object.keys(key).every((name) => this.shown[name] === key[name])) return;
    this.shown = key;
    const picture = goalPicture(game);
    this.element.hidden = picture === null;
    this.drawing.replaceChildren();
    if (!picture) return;
    const fills = (Array.isArray(colours) ? colours : null) ?? (picture.k > 2 ? stateColours(picture.k) : null);
    if (picture.kind === "grid") this.drawGrid(picture, fills);
    else this.drawPoints(picture, fills);
    this.drawing.setAttribute("aria-label", describe(picture));
  }

  /** A mini grid of spans, as the help dialog's example (.mini-grid): lit, dark, a state's colour, a hole's gap, a hatched "any". */
  drawGrid(picture, fills) {
    const grid = document.createElement("div");
    grid.className = "goal-grid";
    grid.style.setProperty("--goal-rows", String(picture.rows));
    grid.style.setProperty("--goal-cols", String(picture.cols));
    for (const cell of picture.cells) {
      const span = document.createElement("span");
      span.dataset.goal = String(cell);
      if (cell === "hole") span.className = "goal-hole";
      else if (cell === "any") span.className = "goal-any";
      else if (fills?.[cell]?.fill) span.style.backgroundColor = fills[cell].fill;
      else if (cell === picture.k - 1 && picture.k === 2) span.className = "lit";
      grid.append(span);
    }
    this.drawing.append(grid);
  }

  /** The cells at their coordinates, each a dot (the drawing's unit: the least distance between two cells). */
  drawPoints(picture, fills) {
    const { coords, spacing } = picture;
    const radius = spacing * 0.38;
    const xs = coords.map(([x]) => x), ys = coords.map(([, y]) => y);
    const left = Math.min(...xs) - spacing / 2, top = Math.min(...ys) - spacing / 2;
    const width = Math.max(...xs) - Math.min(...xs) + spacing, height = Math.max(...ys) - Math.min(...ys) + spacing;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "goal-points");
    svg.setAttribute("viewBox", `${left} ${top} ${width} ${height}`);
    svg.style.setProperty("--goal-aspect", String(width / height));
    picture.cells.forEach((cell, i) => {
      if (cell === "hole") return;
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", String(coords[i][0]));
      dot.setAttribute("cy", String(coords[i][1]));
      dot.setAttribute("r", String(radius));
      dot.dataset.goal = String(cell);
      if (cell === "any") dot.setAttribute("class", "goal-any");
      else if (fills?.[cell]?.fill) dot.style.fill = fills[cell].fill;
      else if (cell === picture.k - 1 && picture.k === 2) dot.setAttribute("class", "lit");
      svg.append(dot);
    });
    this.drawing.append(svg);
  }
}
