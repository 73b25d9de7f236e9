// @ts-check
// The geometry of the 3D view of the games on a solid (solid-view.js), the Lights Out Cube
// and the Orbix: pure maths, no DOM, tested under node (tests/js/solid.test.mjs). Each cell
// sits where Python's `solid` puts it (the puzzle reply: centre, right, up); the solid is
// turned by a unit quaternion [w, x, y, z] and seen in orthographic projection along −z, x
// right and y up (the drawing flips y). Here: the turns, the solid's faces and each cell's
// neighbours on it, which cells face the viewer, the cell under a point, the arrows' step
// on the surface and the turns that bring a cell into sight, a drag's turn and a flick's speed.
// Loaded with solid-view.js, on demand; it imports nothing.

/**
 * A rotation as a unit quaternion [w, x, y, z].
 * @typedef {number[]} Turn
 */
/** @typedef {number[]} Vector  [x, y, z] */

/**
 * The API's `solid` (the puzzle reply): each cell's centre, right and up, unit vectors but the points.
 * @typedef {object} Solid
 * @property {string} shape  "cube" or "icosahedron"
 * @property {Vector[]} points
 * @property {Vector[]} right
 * @property {Vector[]} up
 * @property {Array<[string, number, number]>} [places]  the cube's: [face (U R F D L B), row, column] of each cell
 */

/**
 * The solid as the view turns it (solidGeometry).
 * @typedef {object} Geometry
 * @property {string} shape
 * @property {Vector[]} points
 * @property {Vector[]} right
 * @property {Vector[]} up
 * @property {Vector[]} normals  each cell's outward unit normal
 * @property {number[][]} neighbours  each cell's neighbours on the solid
 * @property {Array<{corners: Vector[], normal: Vector}>} faces  the body's faces
 * @property {number} size  a cell's drawn side
 * @property {number} radius  the drawing's half width
 * @property {Turn} start  the turn before any turn
 */

export const FACING_SHOWN = 0.12; // a cell is drawn and pressable when its outward normal's z (toward the viewer) is above this
export const FACING_WANTED = 0.5; // a cell the view turns to show (focus, Hint) ends at least this much towards the viewer
export const DRAG_RADIANS_PER_PIXEL = 0.01;
const FRAME_MS = 16; // a frame at 60 Hz: a flick's speed in pixels a millisecond, as pixels a frame
/**
 * A release's speed is the way the pointer went in its last RELEASE_WINDOW_MS: long enough to
 * hold a few moves (a phone sends one every 8–17 ms), short enough that a drag held still
 * before release has none (browsers send no move while a pointer holds still).
 */
export const RELEASE_WINDOW_MS = 80;
const FLICK_LEAST = 0.1; // pixels a millisecond a release needs to flick: a finger held "still" wanders a pixel or two
const CELL_SIZE = { cube: 0.92, icosahedron: 0.55 }; // in distances between neighbours, as graph-render.js's drawingOf
/** The cube's view before any turn: its front, right and up faces (a turn about y, then about x, in degrees). */
const CUBE_START = [[0, 1, 0, -35], [1, 0, 0, 25]];

// ---- Rotations: unit quaternions [w, x, y, z] --------------------------------------

/**
 * The turn by `degrees` about `axis` (any length but 0), a unit quaternion.
 * @param {Vector} axis
 * @param {number} degrees
 * @returns {Turn}
 */
export function turnAbout([x, y, z], degrees) {
  const half = (degrees * Math.PI) / 360;
  const size = Math.hypot(x, y, z) || 1;
  const s = Math.sin(half) / size;
  return [Math.cos(half), x * s, y * s, z * s];
}

/**
 * The rotation `a` after `b`.
 * @param {Turn} a
 * @param {Turn} b
 * @returns {Turn}
 */
export function compose(a, b) {
  const [aw, ax, ay, az] = a;
  const [bw, bx, by, bz] = b;
  return normalised([aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw]);
}

/**
 * `q` scaled to length 1.
 * @param {number[]} q
 * @returns {number[]}
 */
function normalised(q) {
  const size = Math.hypot(...q);
  return q.map((v) => v / size);
}

/**
 * Vector `v` turned by `q`.
 * @param {Turn} q
 * @param {Vector} v
 * @returns {Vector}
 */
export function rotate([w, x, y, z], [vx, vy, vz]) {
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + y * tz - z * ty, vy + w * ty + z * tx - x * tz, vz + w * tz + x * ty - y * tx];
}

/**
 * A rotation `fraction` (0..1) of the way from `a` to `b`, the short way round (normalised linear: a turn's frames).
 * @param {Turn} a
 * @param {Turn} b
 * @param {number} fraction
 * @returns {Turn}
 */
export function between(a, b, fraction) {
  const sign = a.reduce((sum, v, i) => sum + v * b[i], 0) < 0 ? -1 : 1;
  return normalised(a.map((v, i) => v * (1 - fraction) + sign * b[i] * fraction));
}

/**
 * The turn that takes unit vector `from` to unit vector `to` about the axis square to both.
 * @param {Vector} from
 * @param {Vector} to
 * @returns {Turn}
 */
function turnFromTo(from, to) {
  const axis = [from[1] * to[2] - from[2] * to[1], from[2] * to[0] - from[0] * to[2], from[0] * to[1] - from[1] * to[0]];
  const cos = Math.max(-1, Math.min(1, from[0] * to[0] + from[1] * to[1] + from[2] * to[2]));
  return Math.hypot(...axis) < 1e-9 ? [1, 0, 0, 0] : turnAbout(axis, (Math.acos(cos) * 180) / Math.PI);
}

// ---- The solid --------------------------------------------------------------------

/** @type {(a: Vector, b: Vector) => Vector} */
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
/** @type {(a: Vector, b: Vector) => Vector} */
const difference = (a, b) => a.map((v, i) => v - b[i]);
/** @type {(a: Vector, b: Vector) => number} */
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * The solid of the API's puzzle reply (`solid`: shape, points, right, up, places) with the
 * press sets: each cell's outward normal (right × up), its neighbours on the solid (its
 * press set but itself), the cells' drawn size and the body: the cube's six faces as
 * squares, the icosahedron's twenty triangles (three buttons each two of which are
 * neighbours), each [corner points] with its outward normal.
 * @param {Solid} solid
 * @param {Iterable<number>[]} presses  each cell's press set (the cells a press of it changes, itself among them)
 * @returns {Geometry}
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

/**
 * How much cell `index`'s outward side faces the viewer under `q`: 1 face-on, 0 edge-on, below 0 turned away.
 * @param {Geometry} geometry
 * @param {Turn} q
 * @param {number} index
 * @returns {number}
 */
export function facing(geometry, q, index) {
  return rotate(q, geometry.normals[index])[2];
}

/**
 * The cells drawn and pressable under `q` (facing above FACING_SHOWN).
 * @param {Geometry} geometry
 * @param {Turn} q
 * @returns {number[]}
 */
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
 * @param {Geometry} geometry
 * @param {Turn} q
 * @param {number} index
 * @param {number} dx
 * @param {number} dy
 * @param {(index: number) => boolean} [usable]
 * @param {number} [least]
 * @returns {number | null}
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
 * @param {Geometry} geometry
 * @param {Turn} q
 * @param {number} index
 * @returns {Turn}
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

/**
 * The cube's own axis, as seen under `q`, nearest the screen direction [x, y] and pointing its way.
 * @param {Turn} q
 * @param {number[]} direction  [x, y] on the screen
 * @returns {Vector}
 */
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
 * @param {Geometry} geometry
 * @param {Turn} q
 * @param {number} dx
 * @param {number} dy
 * @returns {Turn}
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
 * @param {Geometry} geometry
 * @param {Turn} q
 * @param {number} x
 * @param {number} y
 * @param {string} [outline]
 * @returns {number | null}
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
 * @param {number[][]} samples
 * @param {number} at
 * @param {number} [windowMs]
 * @returns {number[]}
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

/**
 * `q` turned by a drag of (dx, dy) CSS pixels: the surface under the pointer follows it.
 * @param {Turn} q
 * @param {number} dx
 * @param {number} dy
 * @returns {Turn}
 */
export function dragTurn(q, dx, dy) {
  return compose(turnAbout([dy, dx, 0], Math.hypot(dx, dy) * DRAG_RADIANS_PER_PIXEL * (180 / Math.PI)), q);
}
