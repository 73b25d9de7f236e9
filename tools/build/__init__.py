"""The site's build, one module per concern; ``build.py`` at the repository's root is the entry
point and holds the recipe (which step runs when):

    common.py      paths, BuildError, running a command, sha256 of a file
    runtime.py     the pinned Pyodide runtime: npm ci, the pinned hashes, the files copied, the lock file
    python_zip.py  the package's modules zipped, and the Python zip made from them (tools/stdlib.mjs)
    brotli.py      the brotli copies of the wasm and the Python zip (tools/brotli.mjs)
    bundle.py      esbuild: the page's bundle, its first script, the worker, the brotli decoder;
                   index.html with its preload hint
    build_info.py  static/build-info.json, what the solver's worker reads about the build
    offline.py     the precache list and the service worker with it built in
    png.py         the PNG icons
    server.py      `build.py serve`: the site served as GitHub Pages serves it, with the CSP header

Only the standard library is used; npm, esbuild and Node are run as subprocesses.
"""
