// The 3D view of the games on a solid, the Lights Out Cube and the Orbix (issue #33): each
// cell sits where Python's `solid` puts it (the puzzle reply: centre, right, up), turned by a
// unit quaternion and drawn as SVG in orthographic projection, so a flat cell maps to the
// screen by one affine transform and graph-render.js's cells (outline, mark, "?", overlays)
// are reused as they are. A cell facing away is transparent and takes no clicks; on a convex
// solid the cells facing the viewer never overlap, so nothing is sorted. Loaded on demand
// (solid-choice.js), it imports nothing: makeSolidView is handed the shared modules.
// The geometry (first half) is pure and tested under node (tests/js/solid.test.mjs).

const FACING_SHOWN = 0.12; // a cell is drawn and pressable when its outward normal's z (toward the viewer) is above this
const FACING_WANTED = 0.5; // a cell the view turns to show (focus, Hint) ends at least this much towards the viewer
const TURN_MS = 260; // a turn by key, Reset view or to show a cell
const DRAG_THRESHOLD = 5; // CSS pixels a pointer may move and still be a click
const DRAG_RADIANS_PER_PIXEL = 0.01;
const INERTIA_DECAY = 0.9; // per frame, after a flick; stops below INERTIA_LEAST radians a frame
const INERTIA_LEAST = 0.002;
const FRAME_MS = 16; // a frame at 60 Hz: a flick's speed in pixels a millisecond, as pixels a frame
/**
 * A release's speed is the way the pointer went in its last RELEASE_WINDOW_MS: long enough to
 * hold a few moves (a phone sends one every 8–17 ms), short enough that a drag held still
 * before release has none (browsers send no move while a pointer holds still).
 */
const RELEASE_WINDOW_MS = 80;
const FLICK_LEAST = 0.1; // pixels a millisecond a release needs to flick: a finger held "still" wanders a pixel or two
const CELL_SIZE = { cube: 0.92, icosahedron: 0.55 }; // in distances between neighbours, as graph-render.js's drawingOf
/** The cube's view before any turn: its front, right and up faces (a turn about y, then about x, in degrees). */
const CUBE_START = [[0, 1, 0, -35], [1, 0, 0, 25]];

// ---- Rotations: unit quaternions [w, x, y, z] --------------------------------------

export function turnAbout([x, y, z], degrees) {
  const half = (degrees * Math.PI) / 360;
  const size = Math.hypot(x, y, z) || 1;
  const s = Math.sin(half) / size;
  return [Math.cos(half), x * s, y * s, z * s];
}

/** The rotation `a` after `b`. */
export function compose(a, b) {
  const [aw, ax, ay, az] = a;
  const [bw, bx, by, bz] = b;
  return normalised([aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw]);
}

function normalised(q) {
  const size = Math.hypot(...q);
  return q.map((v) => v / size);
}

/** Vector `v` turned by `q`. */
export function rotate([w, x, y, z], [vx, vy, vz]) {
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + y * tz - z * ty, vy + w * ty + z * tx - x * tz, vz + w * tz + x * ty - y * tx];
}

/** A rotation `fraction` (0..1) of the way from `a` to `b`, the short way round (normalised linear: a turn's frames). */
export function between(a, b, fraction) {
  const sign = a.reduce((sum, v, i) => sum + v * b[i], 0) < 0 ? -1 : 1;
  return normalised(a.map((v, i) => v * (1 - fraction) + sign * b[i] * fraction));
}

/** The turn that takes unit vector `from` to unit vector `to` about the axis square to both. */
function turnFromTo(from, to) {
  const axis = [from[1] * to[2] - from[2] * to[1], from[2] * to[0] - from[0] * to[2], from[0] * to[1] - from[1] * to[0]];
  const cos = Math.max(-1, Math.min(1, from[0] * to[0] + from[1] * to[1] + from[2] * to[2]));
  return Math.hypot(...axis) < 1e-9 ? [1, 0, 0, 0] : turnAbout(axis, (Math.acos(cos) * 180) / Math.PI);
}

// ---- The solid --------------------------------------------------------------------

const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const difference = (a, b) => a.map((v, i) => v - b[i]);
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * The solid of the API's puzzle reply (`solid`: shape, points, right, up, places) with the
 * press sets: each cell's outward normal (right × up), its neighbours on the solid (its
 * press set but itself), the cells' drawn size and the body: the cube's six faces as
 * squares, the icosahedron's twenty triangles (three buttons each two of which are
 * neighbours), each [corner points] with its outward normal.
 */
export function solidGeometry(solid, presses) {
  const { shape, points } = solid;
  const normals = points.map((_, i) => {
    const normal = cross(solid.right[i], solid.up[i]);
    return normal.map((v) => v / Math.hypot(...normal)); // unit, though the reply's vectors are rounded
  });
  const neighbours = presses.map((set, i) => [...set].filter((j) => j !== i));
  // A cell's room: its farthest neighbour (the cube's stickers across an edge are nearer, √2/2, than on a face).
  const spacing = Math.max(...neighbours.flatMap((set, i) => set.map((j) => Math.hypot(...difference(points[i], points[j])))));
  const radius = Math.max(...points.map((p) => Math.hypot(...p))); // of the cells' centres
  let faces;
  if (shape === "cube") {
    const half = Math.max(...points.map((p) => Math.max(...p.map(Math.abs)))); // a face's distance from the centre
    faces = [];
    for (let i = 0; i < points.length; i += 9) { // each face's 9 squares in a row: its centre square's frame
      const [n, r, u] = [normals[i + 4], solid.right[i + 4], solid.up[i + 4]];
      const corner = (a, b) => n.map((v, k) => v * half + (a * r[k] + b * u[k]) * half);
      faces.push({ corners: [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)], normal: n });
    }
  } else {
    faces = [];
    neighbours.forEach((set, i) => set.forEach((j) => set.forEach((k) => {
      if (i < j && j < k && neighbours[j].includes(k)) {
        const centre = [0, 1, 2].map((axis) => (points[i][axis] + points[j][axis] + points[k][axis]) / 3);
        const size = Math.hypot(...centre);
        faces.push({ corners: [points[i], points[j], points[k]], normal: centre.map((v) => v / size) });
      }
    })));
  }
  const size = (CELL_SIZE[shape] ?? 0.6) * spacing;
  // Before any turn: the cube three faces on; the Orbix with the first button of its front face head on, the five round it seen.
  const front = points.reduce((best, p, i) => (p[2] > points[best][2] ? i : best), 0);
  const start = shape === "cube" ? CUBE_START.reduce((q, [x, y, z, degrees]) => compose(turnAbout([x, y, z], degrees), q), [1, 0, 0, 0])
    : turnFromTo(points[front].map((v) => v / Math.hypot(...points[front])), [0, 0, 1]);
  // The drawing's half width: no turn takes a corner of the body or a cell beyond it.
  const reach = Math.max(radius + size / 2, ...faces.flatMap((face) => face.corners.map((corner) => Math.hypot(...corner))));
  return { shape, points, right: solid.right, up: solid.up, normals, neighbours, faces, size, radius: reach * 1.03, start };
}

/** How much cell `index`'s outward side faces the viewer under `q`: 1 face-on, 0 edge-on, below 0 turned away. */
export function facing(geometry, q, index) {
  return rotate(q, geometry.normals[index])[2];
}

/** The cells drawn and pressable under `q` (facing above FACING_SHOWN). */
export function shownCells(geometry, q) {
  return geometry.points.map((_, i) => i).filter((i) => facing(geometry, q, i) > FACING_SHOWN);
}

/**
 * The neighbour of `index` (on the solid: a cube's sticker across a face's edge too) that
 * lies most nearly in screen direction (dx, dy) (y down) under `q`, within 60° of it (a
 * cosine above `least`) and `usable(j)`; else null. Directions are compared on the cell's
 * own surface: the screen direction lifted onto it, and each neighbour's offset less its
 * part along the cell's normal, so a step across the edge of a face seen slantwise still
 * goes the way the arrow points along the surface.
 */
export function neighbourInDirection(geometry, q, index, dx, dy, usable = () => true, least = 0.5) {
  const normal = rotate(q, geometry.normals[index]);
  const lifted = [dx, -dy, -(normal[0] * dx - normal[1] * dy) / Math.max(normal[2], 0.05)]; // on the surface, seen along (dx, −dy)
  let best = null;
  let bestScore = least;
  for (const j of geometry.neighbours[index]) {
    if (!usable(j)) continue;
    const offset = rotate(q, difference(geometry.points[j], geometry.points[index]));
    const along = dot(offset, normal);
    const onSurface = offset.map((v, k) => v - along * normal[k]);
    const score = dot(onSurface, lifted) / (Math.hypot(...onSurface) * Math.hypot(...lifted) || 1);
    if (score > bestScore) [best, bestScore] = [j, score];
  }
  return best;
}

/**
 * `q`, turned so that cell `index` faces the viewer at least FACING_WANTED (`q` itself if it
 * does): first about the upright axis (the cube's own axis nearest the screen's vertical, so
 * its top stays on top; the screen's vertical for the Orbix) until the cell faces the viewer
 * as much as that turn can make it, then, if that is not enough, the least turn that is.
 */
export function turnToShow(geometry, q, index) {
  let normal = rotate(q, geometry.normals[index]);
  if (normal[2] >= FACING_WANTED) return q;
  const axis = geometry.shape === "cube" ? nearestAxis(q, [0, 1]) : [0, 1, 0];
  const u = normal.map((v, k) => v - dot(normal, axis) * axis[k]); // about `axis` the normal turns round a circle
  q = compose(turnAbout(axis, (Math.atan2(cross(axis, u)[2], u[2]) * 180) / Math.PI), q); // to its point nearest the viewer
  normal = rotate(q, geometry.normals[index]);
  if (normal[2] >= FACING_WANTED - 1e-9) return q;
  const lift = Math.acos(Math.max(-1, Math.min(1, normal[2]))) - Math.acos(FACING_WANTED); // radians still to turn
  const across = Math.hypot(normal[0], normal[1]) < 1e-9 ? [0, 1, 0] : [normal[1], -normal[0], 0]; // normal × z
  return compose(turnAbout(across, (lift * 180) / Math.PI), q);
}

/** The cube's own axis, as seen under `q`, nearest the screen direction [x, y] and pointing its way. */
function nearestAxis(q, [x, y]) {
  const along = (v) => v[0] * x + v[1] * y;
  const best = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((axis) => rotate(q, axis)).reduce((a, b) => (Math.abs(along(b)) > Math.abs(along(a)) ? b : a));
  return best.map((value) => value * Math.sign(along(best)));
}

/**
 * `q` after a step turn towards screen direction (dx, dy) (an arrow with Shift): the cube
 * by 90° about its own axis nearest the screen's axis square to the arrow (so it looks the
 * same, a face further on); the Orbix so that the button beside the front one, opposite
 * the arrow, faces the viewer (the surface moves the arrow's way, as a drag does).
 */
export function stepTurn(geometry, q, dx, dy) {
  if (geometry.shape === "cube") return compose(turnAbout(nearestAxis(q, [dy, dx]), 90), q); // →: about the up axis; ↓: about the x axis
  const front = geometry.points.reduce((found, _, i) => (facing(geometry, q, i) > facing(geometry, q, found) ? i : found), 0);
  const next = neighbourInDirection(geometry, q, front, -dx, -dy, () => true, 0);
  if (next === null) return q;
  const seen = rotate(q, geometry.points[next]);
  return compose(turnFromTo(seen.map((v) => v / Math.hypot(...seen)), [0, 0, 1]), q);
}

/**
 * The cell drawn at point (x, y) of the drawing (its SVG units: x right, y down; the solid's
 * centre at 0, 0) under `q`, or null: a seen cell (facing above FACING_SHOWN) whose outline,
 * a square of side `geometry.size` (`outline` "circle": a disc that wide), holds the point.
 * The point is written in each cell's own frame as placeCell draws it (its centre, right and
 * up as seen: a 2×2 system whose determinant is how much the cell faces the viewer, at least
 * FACING_SHOWN). A square's rounded corners count as the cell: a fingertip is wider than they are.
 * The 3D view finds a pointer's cell so, from where the pointer was, not from the event's target:
 * on a touch screen the browser moves a tap's target to the element it judges likeliest (Chromium's
 * touch adjustment), and at a steep angle that was the next sticker (bindTurning).
 */
export function cellAt(geometry, q, x, y, outline = "square") {
  const half = geometry.size / 2;
  for (const index of shownCells(geometry, q)) {
    const [p, r, u] = [geometry.points[index], geometry.right[index], geometry.up[index]].map((v) => rotate(q, v));
    const [dx, dy] = [x - p[0], y + p[1]]; // from the cell's centre, in the drawing's axes (y down)
    const determinant = r[0] * u[1] - u[0] * r[1];
    const along = (dx * u[1] + dy * u[0]) / determinant; // along the cell's right
    const down = (dy * r[0] + dx * r[1]) / determinant; // along the cell's down (−up)
    const inside = outline === "circle" ? Math.hypot(along, down) <= half : Math.max(Math.abs(along), Math.abs(down)) <= half;
    if (inside) return index; // the cells seen on a convex solid do not overlap: the first is the one
  }
  return null;
}

/**
 * The speed [x, y] in pixels a frame a drag released at time `at` (ms) keeps turning at, or
 * [0, 0]: the pointer's way over the last RELEASE_WINDOW_MS before `at`, from `samples`, its
 * positions [x, y, time] in time order (the first where it came down, the last where it
 * was released), where the pointer stays at each until the next. A pointer that held still
 * through that window, or crept slower than FLICK_LEAST, does not flick: only the release's
 * own speed does, never the speed of a move from before a pause (which the view used to keep).
 */
export function releaseFlick(samples, at, windowMs = RELEASE_WINDOW_MS) {
  if (samples.length === 0) return [0, 0];
  const from = at - windowMs;
  let start = samples[0]; // where the pointer was at `from`: the last sample by then (or the first, if the drag is younger)
  for (const sample of samples) if (sample[2] <= from) start = sample;
  const end = samples[samples.length - 1];
  const elapsed = Math.min(windowMs, at - samples[0][2]); // a drag younger than the window: over its whole life
  if (!(elapsed > 0)) return [0, 0];
  const speed = [(end[0] - start[0]) / elapsed, (end[1] - start[1]) / elapsed];
  return Math.hypot(...speed) < FLICK_LEAST ? [0, 0] : speed.map((v) => v * FRAME_MS);
}

/** `q` turned by a drag of (dx, dy) CSS pixels: the surface under the pointer follows it. */
export function dragTurn(q, dx, dy) {
  return compose(turnAbout([dy, dx, 0], Math.hypot(dx, dy) * DRAG_RADIANS_PER_PIXEL * (180 / Math.PI)), q);
}

// ---- The view ---------------------------------------------------------------------

/**
 * The SolidView class, built on graph-render.js's `GraphView` (passed in, with i18n's `t`
 * and a11y's `prefersReducedMotion`): the same grid contract, cells and overlays; the
 * cells' names say where they are ("Front face, row 1, column 2"); it turns by drag,
 * Shift+arrows, Reset view, and to show the keyboard's cell or a Hint on a hidden face.
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
        const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
        if (!step || !event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
        event.preventDefault();
        event.stopPropagation(); // not also a move of the keyboard's cell (input.js)
        this.turnTo(stepTurn(this.geometry, (this.motion && this.target) || this.turn, ...step)); // steps add up while one runs
      };
      const onFocus = (event) => {
        const index = Number(event.target.closest?.("[role=gridcell]")?.dataset.index ?? NaN);
        if (Number.isInteger(index) && !this.isShown(index)) this.show(index);
      };
      const bindings = [
        ["pointerdown", onPointerDown], ["pointermove", onPointerMove], ["pointerup", onPointerUp],
        ["pointercancel", onPointerUp], ["click", onClick, true], ["keydown", onKeyDown, true], ["focusin", onFocus],
      ];
      for (const [type, listener, capture] of bindings) grid.addEventListener(type, listener, capture);
      return () => {
        for (const [type, listener, capture] of bindings) grid.removeEventListener(type, listener, capture);
      };
    }

    /** Keep turning at `speed` (pixels a frame), slowing each frame, until it stops or the pointer comes down. */
    flick(speed) {
      if (Math.hypot(...speed) * DRAG_RADIANS_PER_PIXEL < INERTIA_LEAST) {
        this.motion = 0;
        return;
      }
      this.target = null;
      this.motion = requestAnimationFrame(() => {
        this.setTurn(dragTurn(this.turn, ...speed));
        this.flick(speed.map((v) => v * INERTIA_DECAY));
      });
    }
  };
}
