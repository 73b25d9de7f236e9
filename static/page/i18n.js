// @ts-check
// The page's words: t, tCount and the choice of language. The strings themselves are data,
// one JSON file per language (static/strings/<code>.json, the same keys in each, in the
// same order); placeholders are written {name}. Keys by family: parse_<code> and
// link_<code> say an error code of lightsout.errors (a link's {part} is linkPart_<field>),
// format_<name> a text format's name, <key>One the singular form tCount picks, and <key>Touch
// the words t picks on a device whose primary input is a finger (touchFirst): the same thing
// said without the keys (Ctrl+V, Shift+arrows, Space) a phone has not got.
// English's error strings (parse_<code>, link_<code>, levels_<code>) are not written here: Python's
// lightsout.errors is their one table, and tools/error_strings.py writes them into
// strings/generated/errors-en.json (build.py does it at every build), which English is merged from.
// To add a language, add its file, import it here and name it in LANGUAGES.

import enPage from "../strings/en.json" with { type: "json" };
import enErrors from "../strings/generated/errors-en.json" with { type: "json" };
import zh from "../strings/zh.json" with { type: "json" };

/** English: the page's own strings and the error strings written from Python's table. */
const en = Object.freeze({ ...enPage, ...enErrors });

/** Every language's strings, by its code. */
export const STRINGS = Object.freeze({ en, zh });

/** The languages offered, each named in its own language (the switch shows these). */
export const LANGUAGES = Object.freeze({ en: "English", zh: "中文" });
/** What each language's button shows (its name is LANGUAGES'): short, for a one-row header on a phone. */
export const LANGUAGE_BUTTONS = Object.freeze({ en: "EN", zh: "中文" });
const LANGUAGE_KEY = "lightsout.language"; // localStorage: the reader's explicit choice

let language = "en";

/**
 * The media query of a device whose primary pointer is a finger: a phone, a tablet (a laptop's
 * touch screen is not its primary pointer). Such a player has, as a rule, no keyboard.
 */
export const TOUCH_FIRST = "(pointer: coarse)";
let touchFirst = typeof matchMedia === "function" && matchMedia(TOUCH_FIRST).matches;

/** Say things for a device whose primary input is a finger (true: the <key>Touch forms) or not. */
export function setTouchFirst(on) {
  touchFirst = Boolean(on);
}

export function setLanguage(code) {
  if (!Object.hasOwn(STRINGS, code)) throw new RangeError(`no strings for language ${code}`);
  language = code;
}

export function currentLanguage() {
  return language;
}

/** What `say()` returns with `code` as the language (an error's English message, whatever the page shows). */
export function inLanguage(code, say) {
  const shown = language;
  setLanguage(code);
  try {
    return say();
  } finally {
    language = shown;
  }
}

/**
 * The language to start in: the one chosen before (localStorage), else the first of
 * `navigator.languages` this page has ("zh", "zh-CN", "zh-Hant"… → zh), else English.
 */
export function preferredLanguage() {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (saved && Object.hasOwn(STRINGS, saved)) return saved;
  } catch { /* storage blocked: fall through */ }
  for (const tag of navigator.languages ?? [navigator.language ?? ""]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (Object.hasOwn(STRINGS, primary)) return primary;
  }
  return "en";
}

/** Remember an explicit choice of language. */
export function saveLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* storage blocked: not remembered */ }
}

/**
 * Fill the markup's strings from the table: `data-i18n` (text), `data-i18n-label`
 * (aria-label), `data-i18n-placeholder`, `data-i18n-title`; sets `<html lang>` and the
 * document title. Run at start and after every switch of language.
 */
export function translatePage(root = document) {
  /** @type {(selector: string) => NodeListOf<HTMLElement>} */
  const marked = (selector) => root.querySelectorAll(selector);
  for (const element of marked("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const element of marked("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  for (const element of marked("[data-i18n-placeholder]")) {
    /** @type {HTMLInputElement | HTMLTextAreaElement} */ (element).placeholder = t(element.dataset.i18nPlaceholder);
  }
  for (const element of marked("[data-i18n-title]")) element.title = t(element.dataset.i18nTitle);
  document.documentElement.lang = language === "zh" ? "zh-Hans" : language;
  document.title = t("title");
}

/**
 * t for a message about `count` things: the key's singular form (the key + "One", e.g.
 * solvedOne "Solved in 1 move!") when the language's plural rule calls `count` singular,
 * else the key itself; `count` is passed as {count}. 中文 has no singular: its rule says
 * "other" for every count.
 */
export function tCount(key, count, params = {}) {
  const singular = new Intl.PluralRules(language).select(Number(count)) === "one";
  const chosen = singular && Object.hasOwn(STRINGS[language], `${key}One`) ? `${key}One` : key;
  return t(chosen, { ...params, count });
}

// Punctuation that carries its own space: CJK symbols and punctuation ("。", "、", "」"…)
// and the full-width forms of ASCII punctuation ("！", "）", "："…).
const FULL_WIDTH_STOP = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]$/u;

/**
 * The parts of a message (sentences, or a sentence and a note) as one text, empty parts
 * left out: a space after a part unless it ends in full-width punctuation (中文's "。",
 * "）"…), which needs none — "已证明是最少的。共有 4 种", not "…的。 共有".
 */
export function sentences(...parts) {
  const kept = parts.filter((part) => part !== "" && part !== null && part !== undefined).map(String);
  return kept.reduce((text, part) => (text === "" ? part : FULL_WIDTH_STOP.test(text) ? text + part : `${text} ${part}`), "");
}

/**
 * The string `key` with its placeholders filled from `params`: {name} is the param, a number
 * (or bigint) written as the page's language writes numbers (formatNumber: "20,148"), any other
 * value as it is; {a:name} and {A:name} are English's article for the number the param starts
 * with, "a" or "an" by its sound (englishArticle: "an 8×8 board"), capitalised for {A:…}.
 * On a touch-first device a key with a touch form (`<key>Touch`) is said in that form.
 */
export function t(key, params = {}) {
  const touchKey = `${key}Touch`;
  if (touchFirst && Object.hasOwn(STRINGS.en, touchKey)) key = touchKey;
  const template = STRINGS[language][key] ?? STRINGS.en[key];
  if (template === undefined) throw new RangeError(`no string for ${key}`);
  return template.replace(/\{(?:([aA]):)?(\w+)\}/g, (whole, article, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    if (article) {
      const word = englishArticle(value);
      return article === "A" ? word[0].toUpperCase() + word.slice(1) : word;
    }
    return typeof value === "number" || typeof value === "bigint" ? formatNumber(value) : String(value);
  });
}

/**
 * `value` (a number, a bigint or a string of decimal digits) as the page's language writes
 * numbers: "20,148" in English and 中文. The one place the page formats a number for reading:
 * t() formats number params with it, and what is not said through a string calls it.
 */
export function formatNumber(value) {
  const text = typeof value === "string" ? value : null;
  if (text !== null && !/^-?\d+(\.\d+)?$/.test(text)) return text; // "2^600", "≈ 1.2 × 10^9": already written
  return numberFormat(language).format(text ?? value); // a decimal string is formatted exactly, digit by digit
}

const NUMBER_FORMATS = new Map();
function numberFormat(code) {
  if (!NUMBER_FORMATS.has(code)) NUMBER_FORMATS.set(code, new Intl.NumberFormat(code, { maximumFractionDigits: 20 }));
  return NUMBER_FORMATS.get(code);
}

/**
 * "an" before a number read aloud with a vowel sound in English, else "a": eight, eleven,
 * eighteen, eighty… and eight hundred… lead "an 8×8", "an 11×11", "an 18×18", "an 80×80",
 * "an 800×800", and so do 8 000, 11 000, 18 000… (their first group of three digits is read
 * first). `value` is a number or a text that starts with one ("8x8").
 */
export function englishArticle(value) {
  let leading = Math.abs(parseInt(String(value).replace(/[^\d-]/g, " ").trim(), 10));
  if (!Number.isFinite(leading)) return "a";
  while (leading >= 1000) leading = Math.floor(leading / 1000);
  return leading === 8 || leading === 11 || leading === 18 || (leading >= 80 && leading < 90) || (leading >= 800 && leading < 900) ? "an" : "a";
}
