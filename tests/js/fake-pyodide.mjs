// @ts-check
// Stands in for Pyodide's own module (pyodide/pyodide.mjs, which the site's static/solver/start.js
// imports from beside static/ in dist/) when a test runs the start under Node: each loadPyodide
// call is handed to globalThis.fakeLoadPyodide, which the test sets. See solver-start.test.mjs.
export const version = "fake";

export function loadPyodide(options) {
  return globalThis.fakeLoadPyodide(options);
}
