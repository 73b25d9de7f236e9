"""The site's build, one module per concern; ``build.py`` at the repository's root is the entry
point and holds the recipe (which step runs when):

    common.py      paths, BuildError, running a command, sha256 of a file
    runtime.py     the pinned Pyodide runtime: npm ci, the pinned hashes, the files copied, the lock file
    python_zip.py  the package's modules zipped, and the Python zip made from them (tools/stdlib.mjs)
    bundle.py      the page's modules bundled into one (esbuild), index.html with its preload hint
    offline.py     the precache list and the service worker with it built in
    png.py         the PNG icons
    server.py      `build.py serve`: the site served as GitHub Pages serves it, with the CSP header

Only the standard library is used; npm, esbuild and Node are run as subprocesses.
"""
