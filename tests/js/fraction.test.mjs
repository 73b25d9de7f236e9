// @ts-check
// The page writes the API's solvable_fraction ("1/2^n", "1/N") as the N of "1 in N"; it
// computes no figure of its own (issue #14: a shaped board's message quoted the rectangle's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fractionText } from "../../static/page/wording.js";
import { pythonJson } from "./python.mjs";

test("fractionText writes Python's solvable_fraction of a shaped board, k = 2 and k > 2", () => {
  const replies = pythonJson(`
import json
from lightsout.api import handle
heart = "5x5:BIC4AQ"  # holes: cells 2, 15, 19, 20, 21, 23, 24 (the page's Heart on 5×5)
out = []
for request in [dict(board="5x5:AAAAAA"), dict(board="5x5:AAAAAA", holes=heart),
                dict(board="4x4:AAA", k=2), dict(board="2x2:AA", k=3, surface="torus")]:
    out.append(json.loads(handle(json.dumps(dict(op="solve", **request))))["solvable_fraction"])
print(json.dumps(out))
`);
  assert.deepEqual(replies.slice(0, 3), ["1/2^2", "1/2^1", "1/2^4"]);
  assert.deepEqual(replies.map(fractionText).slice(0, 3), ["4", "2", "16"]);
  assert.match(replies[3], /^1\/\d+$/);
  assert.equal(fractionText(replies[3]), replies[3].slice(2));
  assert.equal(fractionText("1/2^0"), "1");
  assert.equal(fractionText("1/2^64"), "2^64"); // beyond exact doubles: written as a power
});
