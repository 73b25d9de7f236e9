// @ts-check
// What the page's address may set besides the game (the #hash): ?search-budget=MS, the
// fewest-presses search's time budget, for everyone; and five knobs for the page's own
// tests, honoured only when the page is served from this machine (a loopback host, as
// the browser tests serve dist/ on 127.0.0.1):
//   ?load-timeout=MS     the start-up deadline: how long the start may make no progress (30 s)
//   ?request-timeout=MS  the request deadline (60 s)
//   ?restart-above=MB    the wasm heap above which an idle worker is replaced (256 MB)
//   ?snapshot=off        start the solver the usual way, without its start-up snapshot
//   ?hold-start          hold the solver's start until window.lightsOut.releaseStart(): the
//                        half minute a slow phone link takes, made as long as a test needs
//                        and ended by an event (commands given meanwhile must not be lost)
// A test harness may also give the two deadlines' knobs defaults for every page it opens, set
// before the page's scripts run (window.lightsOutTestKnobs, {"load-timeout": MS, "request-timeout":
// MS}: the browser tests give a start on a busy machine minutes, not 30 s); the address's own win.
// A link to a deployed copy therefore cannot switch its reader's solver off. The host
// decides rather than a build flag because the tests must drive the very files that are
// deployed. Copy link drops the query altogether (share-link.js: shareAddress).

import { LOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS, RESTART_ABOVE_BYTES } from "../solver/solver-client.js";

/** True for a host name that is this machine: localhost, 127.x.y.z or [::1]. */
export function isTestHost(hostname) {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A positive number from the query, else null. */
function positive(query, name) {
  const value = Number(query.get(name));
  return query.has(name) && Number.isFinite(value) && value > 0 ? value : null;
}

/** The deadlines' knobs a test harness set as defaults (window.lightsOutTestKnobs), as a query. */
function harnessDefaults(defaults) {
  const query = new URLSearchParams();
  for (const name of ["load-timeout", "request-timeout"]) {
    if (defaults && typeof defaults === "object" && Object.hasOwn(defaults, name)) query.set(name, String(defaults[name]));
  }
  return query;
}

/**
 * The page's options from its address `href`: {solver: SolverClient options, searchBudget:
 * extra solve fields}. The test knobs are ignored unless isTestHost; `defaults` are a harness's
 * (see above), each taken where the address sets no knob of that name.
 * @param {string} href
 * @param {unknown} [defaults]
 */
export function pageOptions(href, defaults = /** @type {any} */ (globalThis).lightsOutTestKnobs) {
  const url = new URL(href);
  const query = url.searchParams;
  const test = isTestHost(url.hostname);
  const preset = harnessDefaults(defaults);
  const knob = (name) => (test ? positive(query, name) ?? positive(preset, name) : null);
  const budget = positive(query, "search-budget");
  return {
    solver: {
      loadTimeoutMs: knob("load-timeout") ?? LOAD_TIMEOUT_MS,
      requestTimeoutMs: knob("request-timeout") ?? REQUEST_TIMEOUT_MS,
      restartAboveBytes: (knob("restart-above") ?? RESTART_ABOVE_BYTES / 2 ** 20) * 2 ** 20,
      useSnapshot: !(test && query.get("snapshot") === "off"),
      holdStart: test && query.has("hold-start"),
    },
    searchBudget: budget === null ? {} : { seconds: budget / 1000 },
  };
}

const BOARD_VIEW_KEY = "lightsout.boardView"; // localStorage: "3d" or "flat", for the games on a solid (solid-choice.js)

/** The board view chosen before for a game on a solid: "3d" (the default) or "flat". */
export function savedBoardView(storage = globalThis.localStorage) {
  try { return storage?.getItem(BOARD_VIEW_KEY) === "flat" ? "flat" : "3d"; } catch { return "3d"; } // storage blocked
}

/** Remember `view` ("3d" or "flat") for the next visit; a browser that blocks storage forgets it. */
export function saveBoardView(view, storage = globalThis.localStorage) {
  try { storage?.setItem(BOARD_VIEW_KEY, view); } catch { /* not remembered */ }
}
