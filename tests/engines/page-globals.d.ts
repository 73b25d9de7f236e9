// What the engine tests read on the page besides the DOM, in the functions they hand it
// (page.evaluate, executeScript): the page's test surface, window.lightsOut, made by
// static/test-hooks.js, which is not type-checked yet (typed loosely here: a record of
// functions), and the marks the tests themselves leave on window.
interface Window {
  lightsOut: Record<string, (...args: any[]) => any>;
  clickArrived?: boolean; // browsers.mjs' click: the click event reached the element
  sharedLine?: string; // flows.mjs: the line Share result handed to the clipboard
}
