// @ts-check
// The 3D view of the games on a solid, the Lights Out Cube and the Orbix (issue #33): each
// cell sits where Python's `solid` puts it (the puzzle reply: centre, right, up), turned by a
// unit quaternion and drawn as SVG in orthographic projection, so a flat cell maps to the
// screen by one affine transform and graph-render.js's cells (outline, mark, "?", overlays)
// are reused as they are. A cell facing away is transparent and takes no clicks; on a convex
// solid the cells facing the viewer never overlap, so nothing is sorted. Loaded on demand
// (solid-choice.js), it imports only its geometry (solid-geometry.js: the pure maths, which
// imports nothing): makeSolidView is handed the shared modules, so the page keeps one copy of each.

import {
  DRAG_RADIANS_PER_PIXEL, FACING_SHOWN, FACING_WANTED, RELEASE_WINDOW_MS, between, cellAt, dragTurn, facing,
  neighbourInDirection, releaseFlick, rotate, solidGeometry, stepTurn, turnToShow,
} from "./solid-geometry.js";

/** @typedef {import("./solid-geometry.js").Turn} Turn */

const TURN_MS = 260; // a turn by key, Reset view or to show a cell
const DRAG_THRESHOLD = 5; // CSS pixels a pointer may move and still be a click
const INERTIA_DECAY = 0.9; // per frame, after a flick; stops below INERTIA_LEAST radians a frame
const INERTIA_LEAST = 0.002;

/**
 * The SolidView class, built on graph-render.js's `GraphView` (passed in, with i18n's `t`
 * and a11y's `prefersReducedMotion`): the same grid contract, cells and overlays; the
 * cells' names say where they are ("Front face, row 1, column 2"); it turns by drag,
 * Shift+arrows, Reset view, and to show the keyboard's cell or a Hint on a hidden face.
 * (The modules are named here for their types only: this file imports none of them.)
 * @param {object} shared
 * @param {typeof import("./graph-render.js").GraphView} shared.GraphView
 * @param {typeof import("../page/i18n.js").t} shared.t
 * @param {typeof import("../page/a11y.js").prefersReducedMotion} shared.prefersReducedMotion
 */
export function makeSolidView({ GraphView, t, prefersReducedMotion }) {
  const SVG = "http://www.w3.org/2000/svg";
  const FACE_KEYS = { U: "faceUp", R: "faceRight", F: "faceFront", D: "faceDown", L: "faceLeft", B: "faceBack" };
  const placeName = (solid, i) => (solid.places
    ? t("solidPlace", { face: t(FACE_KEYS[solid.places[i][0]]), row: solid.places[i][1] + 1, col: solid.places[i][2] + 1 })
    : t("solidButton", { number: i + 1 }));

  return class SolidView extends GraphView {
    /**
     * `layout` as graph-render.js's, with the puzzle's `solid` and `presses`; `turn`: the rotation to start
     * at (null: the solid's start); `onTurn(turn)` is called after each drawn turn.
     * @param {HTMLElement} container
     * @param {any} layout
     * @param {{turn?: Turn | null, onTurn?: (turn: Turn) => void}} [options]
     */
    constructor(container, layout, { turn = null, onTurn = () => {} } = {}) {
      super(container, { ...layout, names: layout.coords.map((_, i) => placeName(layout.solid, i)) });
      this.kind = "solid";
      this.cellLabelKey = "solidCell";
      this.geometry = solidGeometry(layout.solid, layout.presses);
      this.turn = turn ?? this.geometry.start;
      this.onTurn = onTurn;
      this.motion = 0; // the frame of a running turn or flick
      this.target = null; // where a running turn ends
      this.tap = null; // where a pointer came up without dragging, {x, y} client pixels, for its click (bindTurning)
      this.grid.classList.add("solid-board");
      this.unbind = this.bindTurning();
    }

    destroy() {
      cancelAnimationFrame(this.motion);
      this.unbind();
      super.destroy();
    }

    /** The SVG drawing: graph-render.js's, then a square box round the solid, the body below the cells, every cell at the origin of its own frame. */
    build() {
      super.build();
      const { radius, size } = this.geometry;
      this.lines?.remove();
      this.lines = null;
      this.edgesLeft = [];
      this.svg.setAttribute("viewBox", `${-radius} ${-radius} ${2 * radius} ${2 * radius}`);
      this.svg.style.setProperty("--aspect", "1");
      this.size = size;
      this.named = null; // no written names: the faces say where a cell is
      this.layout = { ...this.layout, coords: this.layout.coords.map(() => [0, 0]) };
      this.body = document.createElementNS(SVG, "g");
      this.body.setAttribute("class", "solid-body");
      this.faceElements = this.geometry.faces.map(() => this.body.appendChild(document.createElementNS(SVG, "polygon")));
      this.cellLayer = document.createElementNS(SVG, "g");
      this.svg.append(this.body, this.cellLayer);
      this.paint();
    }

    makeCell(index) {
      super.makeCell(index);
      this.cellLayer.append(this.cells[index]);
      this.placeCell(index);
    }

    /** Put cell `index` where the turn shows it: its own frame's affine image, transparent and unclickable when turned away. */
    placeCell(index) {
      const cell = this.cells[index];
      if (!cell) return;
      const { points, right, up } = this.geometry;
      const [p, r, u] = [points[index], right[index], up[index]].map((v) => rotate(this.turn, v));
      const values = [r[0], -r[1], -u[0], u[1], p[0], -p[1]].map((v) => v.toFixed(4));
      cell.setAttribute("transform", `matrix(${values.join(" ")})`);
      const away = facing(this.geometry, this.turn, index) <= FACING_SHOWN;
      if (away !== (cell.dataset.away === "1")) {
        if (away) cell.dataset.away = "1";
        else delete cell.dataset.away;
      }
    }

    /** Draw the body's faces that face the viewer, shaded by how much they do, and place every cell. */
    paint() {
      if (!this.body) return;
      this.geometry.faces.forEach((face, i) => {
        const element = this.faceElements[i];
        const toward = rotate(this.turn, face.normal)[2];
        element.toggleAttribute("hidden", toward <= 0);
        if (toward <= 0) return;
        element.setAttribute("points", face.corners.map((corner) => {
          const [x, y] = rotate(this.turn, corner);
          return `${x.toFixed(4)},${(-y).toFixed(4)}`;
        }).join(" "));
        element.style.setProperty("fill-opacity", (0.45 + 0.55 * toward).toFixed(3));
      });
      for (let i = 0; i < this.cells.length; i++) this.placeCell(i);
      this.onTurn(this.turn);
    }

    /** Show the solid turned by `q`, at once. */
    setTurn(q) {
      this.turn = q;
      this.paint();
    }

    /** Turn to `q` over TURN_MS (at once under prefers-reduced-motion). */
    turnTo(q) {
      cancelAnimationFrame(this.motion);
      this.target = q;
      if (prefersReducedMotion()) {
        this.setTurn(q);
        return;
      }
      const [from, started] = [this.turn, performance.now()];
      const step = (now) => {
        const fraction = Math.min(1, (now - started) / TURN_MS);
        this.setTurn(between(from, q, fraction * (2 - fraction)));
        this.motion = fraction < 1 ? requestAnimationFrame(step) : 0;
        if (!this.motion) this.target = null;
      };
      this.motion = requestAnimationFrame(step);
    }

    resetTurn() {
      this.turnTo(this.geometry.start);
    }

    /** True when cell `index` faces the viewer enough to be seen and pressed. */
    isShown(index) {
      return facing(this.geometry, this.turn, index) > FACING_SHOWN;
    }

    /** Turn so cell `index` is seen (if it is not already). */
    show(index) {
      if (facing(this.geometry, this.turn, index) < FACING_WANTED) this.turnTo(turnToShow(this.geometry, this.turn, index));
    }

    /** The arrows move to the neighbour on the solid in that direction as it is seen (input.js). */
    neighbourInDirection(index, dx, dy, usable) {
      return neighbourInDirection(this.geometry, this.turn, index, dx, dy, usable);
    }

    /**
     * A press lands only on a cell that is seen (a drag is never a press: bindTurning). A
     * pointer's click presses the cell drawn where the pointer came up (cellAt): the click's
     * own target and place are the browser's guess on a touch screen (bindTurning).
     */
    indexAt(event) {
      const tap = this.tap;
      if (event.type === "click") this.tap = null;
      if (event.type === "click" && tap && event.detail > 0) return this.cellAtClient(tap.x, tap.y);
      const index = super.indexAt(event);
      return index !== null && this.isShown(index) ? index : null;
    }

    /** The seen cell drawn at client point (x, y), or null. */
    cellAtClient(x, y) {
      const point = new DOMPoint(x, y).matrixTransform(this.svg.getScreenCTM().inverse());
      return cellAt(this.geometry, this.turn, point.x, point.y, this.layout.outline);
    }

    /**
     * Drag (mouse or one finger) turns the solid freely, with a flick's inertia from the
     * release's own speed (releaseFlick) unless prefers-reduced-motion; the click that ends a
     * drag presses nothing. A pointer that comes up without dragging leaves where it came up
     * (`tap`, client pixels) for the click that follows: the cell pressed is the one drawn
     * there (indexAt). Not the click's target: for a tap Chromium hit-tests the finger's whole
     * contact area and sends pointerdown and the click to the element it scores best (its touch
     * adjustment), which at a steep angle was a neighbouring sticker — the click moved about
     * 14 pixels onto it — while the pointer events' clientX and clientY stay where the finger was.
     * Shift+arrows turn by a step; the keyboard's cell is turned into sight when it takes
     * focus. Returns the unbind.
     */
    bindTurning() {
      const { grid } = this;
      let down = null; // {id, x, y (where it came down), dragging, samples: [x, y, time] since (releaseFlick's)}
      let swallowClick = false;
      const onPointerDown = (event) => {
        if (event.pointerType === "mouse" && event.button !== 0) return;
        cancelAnimationFrame(this.motion);
        this.motion = 0;
        swallowClick = false;
        this.tap = null;
        down = down ? null : { // two fingers: no turn
          id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, samples: [[event.clientX, event.clientY, event.timeStamp]],
        };
      };
      const sample = (event) => {
        down.samples.push([event.clientX, event.clientY, event.timeStamp]);
        // Keep the window releaseFlick reads and the one sample before it (where the pointer was as the window began).
        while (down.samples.length > 2 && down.samples[1][2] <= event.timeStamp - RELEASE_WINDOW_MS) down.samples.shift();
      };
      const onPointerMove = (event) => {
        if (!down || down.id !== event.pointerId) return;
        if (!down.dragging) {
          if (Math.hypot(event.clientX - down.x, event.clientY - down.y) <= DRAG_THRESHOLD) return;
          down.dragging = true;
          grid.setPointerCapture?.(event.pointerId); // only now: a click's target stays the cell
        }
        const [x, y] = down.samples[down.samples.length - 1];
        sample(event);
        this.setTurn(dragTurn(this.turn, event.clientX - x, event.clientY - y));
      };
      const onPointerUp = (event) => {
        if (!down || down.id !== event.pointerId) return;
        const { dragging } = down;
        if (!dragging) {
          down = null;
          if (event.type === "pointerup") this.tap = { x: event.clientX, y: event.clientY };
          return;
        }
        sample(event);
        const speed = releaseFlick(down.samples, event.timeStamp);
        down = null;
        swallowClick = true;
        setTimeout(() => { swallowClick = false; }, 0); // a click, if any, comes in this task
        if (event.type === "pointerup" && !prefersReducedMotion()) this.flick(speed);
      };
      const onClick = (event) => {
        if (swallowClick) event.stopPropagation(); // before input.js's press on the grid
      };
      const onKeyDown = (event) => {
        /** @type {Record<string, [number, number]>} */
        const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
        const step = steps[event.key];
        if (!step || !event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
        event.preventDefault();
        event.stopPropagation(); // not also a move of the keyboard's cell (input.js)
        this.turnTo(stepTurn(this.geometry, (this.motion && this.target) || this.turn, ...step)); // steps add up while one runs
      };
      const onFocus = (event) => {
        const index = Number(event.target.closest?.("[role=gridcell]")?.dataset.index ?? NaN);
        if (Number.isInteger(index) && !this.isShown(index)) this.show(index);
      };
      /** @type {Array<[string, EventListener, boolean?]>} */
      const bindings = [
        ["pointerdown", onPointerDown], ["pointermove", onPointerMove], ["pointerup", onPointerUp],
        ["pointercancel", onPointerUp], ["click", onClick, true], ["keydown", onKeyDown, true], ["focusin", onFocus],
      ];
      for (const [type, listener, capture] of bindings) grid.addEventListener(type, listener, capture);
      return () => {
        for (const [type, listener, capture] of bindings) grid.removeEventListener(type, listener, capture);
      };
    }

    /**
     * Keep turning at `speed` (pixels a frame), slowing each frame, until it stops or the pointer comes down.
     * @param {number[]} speed  [x, y]
     */
    flick(speed) {
      if (Math.hypot(...speed) * DRAG_RADIANS_PER_PIXEL < INERTIA_LEAST) {
        this.motion = 0;
        return;
      }
      this.target = null;
      this.motion = requestAnimationFrame(() => {
        this.setTurn(dragTurn(this.turn, speed[0], speed[1]));
        this.flick(speed.map((v) => v * INERTIA_DECAY));
      });
    }
  };
}
