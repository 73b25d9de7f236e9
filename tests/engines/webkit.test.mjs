// @ts-check
// The cross-engine flows (suite.mjs, flows.mjs) in webkit.
import { engineSuite } from "./suite.mjs";

engineSuite("webkit");
