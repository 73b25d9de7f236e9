// @ts-check
// A link the failed solver could not read (static/session/solver-wait.js) is read again once
// the solver is ready — only if the stand-in shown meanwhile is still the game, untouched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SolverWait } from "../../static/session/solver-wait.js";
import { Game } from "../../static/model/game.js";
import { emptyBoard } from "../../static/model/board.js";

test("what waits is retried on ready, once; not if the player pressed the stand-in or another game came", () => {
  const session = { game: new Game(emptyBoard(3, 3)) };
  const wait = new SolverWait(session);
  let retried = 0;
  wait.hold(() => retried++);
  assert.equal(wait.holds(), true);
  wait.solverChanged("error");
  wait.solverChanged("loading");
  assert.equal(retried, 0);
  wait.solverChanged("ready");
  wait.solverChanged("ready");
  assert.equal(retried, 1);
  assert.equal(wait.holds(), false);

  wait.hold(() => retried++);
  session.game.play(1, 1); // played on the stand-in
  assert.equal(wait.holds(), false);
  wait.solverChanged("ready");
  assert.equal(retried, 1);

  session.game = new Game(emptyBoard(3, 3));
  wait.hold(() => retried++);
  session.game = new Game(emptyBoard(3, 3)); // another game chosen
  wait.solverChanged("ready");
  assert.equal(retried, 1);

  wait.hold(() => retried++);
  wait.clear(); // a new link is being read
  wait.solverChanged("ready");
  assert.equal(retried, 1);
});
