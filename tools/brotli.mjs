// Compress one file with brotli at quality 11, the most the format offers (run by build.py:
// tools/build/brotli.py, which keeps the result, since this takes ≈ 40–100 s for the 9.6 MB wasm):
//
//   node tools/brotli.mjs <input> <output>
//
// Node's own zlib holds Google's brotli encoder (Python's standard library has none). The same
// input gives the same bytes. The site ships the result beside the file, as <file>.br, and the
// solver's worker decodes it (static/solver/start-downloads.js, docs/building.md).

import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const [input, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node tools/brotli.mjs <input> <output>");
  process.exit(2);
}
const bytes = readFileSync(input);
writeFileSync(output, brotliCompressSync(bytes, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
}));
