// ESLint over every module of the page, its workers and the JavaScript tests (issue 48:
// JavaScript checked as the Python is): ESLint's recommended rules, each file with the globals
// it runs among. `npm run lint:js` (package.json) names the folders and files checked, the same
// ones the type check reads (tsconfig.json, tsconfig.worker.json; tests/js/js-checks.test.mjs).
import js from "@eslint/js";
import globals from "globals";

// A rest element that leaves keys out (`const { reason, ...outcome } = reply`) names what it
// drops: those names are read, in effect, and not reported.
const rules = { "no-unused-vars": ["error", { ignoreRestSiblings: true }] };
// The solver's worker and the start it runs (static/solver/, but for the page's client of it).
const WORKER = ["static/worker.js", "static/solver/**/*.js"];
const PAGE_CLIENT = "static/solver/solver-client.js";

export default [
  {
    ...js.configs.recommended,
    files: [
      "static/{model,scan,views,page,panels,session}/**/*.js", PAGE_CLIENT,
      "static/app.js", "static/test-hooks.js", "static/early-start.js", "static/addresses.js",
    ],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
    rules: { ...js.configs.recommended.rules, ...rules },
  },
  {
    ...js.configs.recommended,
    files: WORKER,
    ignores: [PAGE_CLIENT],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.worker },
    rules: { ...js.configs.recommended.rules, ...rules },
  },
  {
    ...js.configs.recommended,
    // A classic script (importScripts), run as the service worker.
    files: ["static/sw.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "script", globals: globals.serviceworker },
    rules: { ...js.configs.recommended.rules, ...rules },
  },
  {
    ...js.configs.recommended,
    // Run by node; a function handed to a browser (page.evaluate, executeScript) reads its globals.
    files: ["tests/js/**/*.mjs", "tests/engines/**/*.mjs"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node, ...globals.browser } },
    rules: { ...js.configs.recommended.rules, ...rules },
  },
];
