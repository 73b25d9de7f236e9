// @ts-check
// The addresses of files the page loads by URL rather than by import: the limits the build
// wrote (dist/limits.json) and the 3D view, fetched on demand. They are resolved from
// static/, where this module sits in the source and where the bundle that holds it sits in
// dist/ (static/app.js, build.py), so both resolve alike, under any path the site is served at.

export const LIMITS_URL = new URL("../limits.json", import.meta.url);
export const SOLID_VIEW_URL = new URL("./views/solid-view.js", import.meta.url).href;
