// ESLint over the page's layers up to its panels, its composition root and test surface, and
// the JavaScript tests (issue 48: JavaScript checked as the Python is): ESLint's recommended
// rules, each folder with the globals it runs among. `npm run lint:js` (package.json) names the
// folders and files checked; the session, the solver and the workers follow.
import js from "@eslint/js";
import globals from "globals";

// A rest element that leaves keys out (`const { reason, ...outcome } = reply`) names what it
// drops: those names are read, in effect, and not reported.
const rules = { "no-unused-vars": ["error", { ignoreRestSiblings: true }] };

export default [
  {
    ...js.configs.recommended,
    files: ["static/{model,scan,views,page,panels}/**/*.js", "static/app.js", "static/test-hooks.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
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
