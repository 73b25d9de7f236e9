// @ts-check
// A test's fake where the page's code expects a platform object (a Storage, the Worker or
// AudioContext class, location, history, navigator, a document) that the fake is only in
// part: the one place a test says "this stands in for that", so the type check (tsconfig.json)
// reads the fake as whatever it is handed to, and nowhere else.

/**
 * `fake` itself, typed as whatever the code it is handed to expects.
 * @param {unknown} fake
 * @returns {any}
 */
export function standIn(fake) {
  return fake;
}
