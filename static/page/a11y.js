// @ts-check
// Page-wide accessibility: keyboard shortcuts, the Help dialog, the live line that
// announces moves, the high-contrast theme and the language switch. No game logic:
// app.js passes in what each shortcut does.

import {
  LANGUAGES, LANGUAGE_BUTTONS, TOUCH_FIRST, currentLanguage, saveLanguage, setLanguage, setTouchFirst, translatePage,
} from "./i18n.js";

const CONTRAST_KEY = "lightsout.highContrast"; // localStorage: "1" when chosen
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** True when the reader asked the system for less motion (checked each time: it can change). */
export function prefersReducedMotion() {
  return typeof matchMedia === "function" && matchMedia(REDUCED_MOTION).matches;
}

/**
 * Say `text` through the polite live region. The same sentence twice in a row (the same
 * cell pressed twice with the same count) would not be re-read, so the region is emptied
 * first and refilled a frame later.
 */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  requestAnimationFrame(() => { region.textContent = text; });
}

const NOT_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "range", "color"]);

/** Where typing goes to a field, letters are text, not shortcuts (checkboxes and radios are not fields). */
function isTyping(target) {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  return Boolean(target.closest("textarea, select, [contenteditable=''], [contenteditable='true']"));
}

/**
 * Bind the page's shortcuts: U or Ctrl+Z undo, R or Ctrl+Y (or Ctrl+Shift+Z) redo, H hint,
 * N new puzzle, S solve, ? help. `actions` maps those names to functions. Returns the unbind.
 */
export function bindShortcuts(actions) {
  function onKeyDown(event) {
    if (event.defaultPrevented || event.altKey || isTyping(event.target)) return;
    if (document.querySelector("dialog[open]")) return; // a modal dialog has the keyboard
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    let action = null;
    if (event.ctrlKey || event.metaKey) {
      if (key === "z") action = event.shiftKey ? "redo" : "undo";
      else if (key === "y") action = "redo";
    } else if (key === "?") action = "help";
    else if (!event.shiftKey) action = { u: "undo", r: "redo", h: "hint", n: "newPuzzle", s: "solve" }[key] ?? null;
    if (!action || !actions[action]) return;
    event.preventDefault();
    actions[action]();
  }
  document.addEventListener("keydown", onKeyDown);
  return () => document.removeEventListener("keydown", onKeyDown);
}

/**
 * A toolbar's arrow keys (the ARIA toolbar pattern): Left and Right move the focus to the
 * previous or next enabled button, Home and End to the first or last. Every button also
 * keeps its Tab stop. Returns the unbind.
 */
export function bindToolbar(toolbar) {
  function onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...toolbar.querySelectorAll("button")].filter((button) => !button.disabled && !button.hidden);
    const here = buttons.indexOf(document.activeElement);
    if (here < 0) return;
    const next = { ArrowLeft: here - 1, ArrowRight: here + 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))].focus();
  }
  toolbar.addEventListener("keydown", onKeyDown);
  return () => toolbar.removeEventListener("keydown", onKeyDown);
}

/** The Help dialog: opened by its button or `open()`, closed by Close or Esc; focus returns. */
export function bindHelpDialog() {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("help-dialog"));
  const opener = document.getElementById("help");
  let returnTo = null;
  function open() {
    if (dialog.open) return;
    returnTo = document.activeElement;
    dialog.showModal();
    document.getElementById("help-close").focus();
  }
  dialog.addEventListener("close", () => {
    if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    returnTo = null;
  });
  opener.addEventListener("click", open);
  document.getElementById("help-close").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right
      && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  return { open };
}

/** The High contrast toggle: a class on <html>, remembered in localStorage. */
export function bindContrastToggle() {
  const button = document.getElementById("high-contrast");
  function apply(on) {
    document.documentElement.classList.toggle("high-contrast", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  let saved = null;
  try { saved = localStorage.getItem(CONTRAST_KEY); } catch { /* storage blocked */ }
  apply(saved === "1");
  button.addEventListener("click", () => {
    const on = !document.documentElement.classList.contains("high-contrast");
    apply(on);
    try { localStorage.setItem(CONTRAST_KEY, on ? "1" : "0"); } catch { /* not remembered */ }
  });
}

/**
 * The language switch (one toggle button per language). A choice is remembered, the
 * markup re-filled, and `onChange` redraws what app.js wrote with `t`. The words follow
 * the device's primary input too (i18n.js's touch forms name no keys): when it changes (a
 * tablet docked to a keyboard and a trackpad), they are said again the same way.
 */
export function bindLanguageSwitch(onChange) {
  const buttons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll("#language-switch button[data-language]")]);
  function mark() {
    for (const button of buttons) {
      button.setAttribute("aria-pressed", button.dataset.language === currentLanguage() ? "true" : "false");
      button.textContent = LANGUAGE_BUTTONS[button.dataset.language];
      button.setAttribute("aria-label", LANGUAGES[button.dataset.language]);
    }
  }
  for (const button of buttons) {
    button.addEventListener("click", () => {
      const code = button.dataset.language;
      saveLanguage(code);
      if (code === currentLanguage()) return;
      setLanguage(code);
      translatePage();
      mark();
      onChange();
    });
  }
  mark();
  const touch = typeof matchMedia === "function" ? matchMedia(TOUCH_FIRST) : null;
  touch?.addEventListener("change", () => {
    setTouchFirst(touch.matches);
    translatePage();
    onChange();
  });
}
