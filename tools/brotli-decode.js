// The brotli decoder the solver's worker and the service worker use where the engine has no
// DecompressionStream("brotli") (Chromium 156), bundled by build.py (esbuild, as a classic
// script) into static/solver/brotli-decode.js from the npm package `brotli` (pinned in
// package.json): its hand-ported decoder and the static dictionary, without its encoder.
// A classic script, so that the service worker can importScripts() it; the worker, a module,
// imports it for its side effect. Either way it leaves the one function here:
// lightsoutBrotliDecode(Uint8Array) -> Uint8Array, which throws on bytes that are not brotli.

import { decompress } from "brotli/decompress";

globalThis.lightsoutBrotliDecode = decompress;
