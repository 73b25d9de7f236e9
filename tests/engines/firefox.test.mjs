// @ts-check
// The cross-engine flows (suite.mjs, flows.mjs) in firefox.
import { engineSuite } from "./suite.mjs";

engineSuite("firefox");
