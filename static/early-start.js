// @ts-check
// The page's first script: it makes the solver's worker at once, so that the runtime's downloads
// begin while the page's own bundle (app.js, ≈ 150 kB sent) is still arriving, instead of after
// it has arrived and built the page (≈ 1.4 s later on a slow phone link; docs/building.md). The
// solver client the page then makes takes this worker over (solver-client.js: startWorkerEarly,
// and the first start() for the same address). build.py bundles this file into one (esbuild),
// so that it costs one request, not one per import level.

import { pageOptions } from "./page/page-options.js";
import { startWorkerEarly } from "./solver/solver-client.js";

startWorkerEarly(new URL("./worker.js", import.meta.url), pageOptions(location.href).solver);
