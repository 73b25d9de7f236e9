// ESLint over the page's lower layers and the JavaScript tests (issue 48: JavaScript checked as
// the Python is): ESLint's recommended rules, each folder with the globals it runs among.
// `npm run lint:js` (package.json) names the folders checked; the rest of static/ follows.
import js from "@eslint/js";
import globals from "globals";

// A rest element that leaves keys out (`const { reason, ...outcome } = reply`) names what it
// drops: those names are read, in effect, and not reported.
const rules = { "no-unused-vars": ["error", { ignoreRestSiblings: true }] };

export default [
  {
    ...js.configs.recommended,
    files: ["static/{model,scan,views,page}/**/*.js"],
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
