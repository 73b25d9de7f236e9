// @ts-check
// The cross-engine flows (suite.mjs, flows.mjs) in chromium.
import { engineSuite } from "./suite.mjs";

engineSuite("chromium");
