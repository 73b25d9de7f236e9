// @ts-check
// The wiring of the session's helpers (session.js): each helper beside it owns one part of the
// midend and changes the game only through the commands a narrow view of the session gives it
// (narrow): the reads and commands it needs, and another helper's command where it calls one.
// wireHelpers builds them all for a session, in the order their views need: the one place that
// says which helper may read and call what of the session.
//
// No DOM and no words.

import { Playback } from "./playback.js";
import { ChallengeTracker } from "./challenge.js";
import { SetupMode } from "./setup.js";
import { Dealer } from "./dealer.js";
import { BoardText } from "./board-text.js";
import { GameSwap } from "./game-swap.js";
import { Solving } from "./solving.js";
import { Sequencer } from "./sequencing.js";
import { ShapeEditing } from "./shape-editing.js";
import { Explainer } from "./explain.js";
import { LevelPlay } from "./levels.js";
import { Resume } from "./resume.js";
import { SoundChoice } from "./sound-choice.js";
import { Links } from "./links.js";
import { VariantAnalysis } from "./analysis.js";
import { SolverState } from "./solver-state.js";

/**
 * A narrow view of `session` for one helper: exactly the reads (`getters`, live) and commands
 * (`methods`, bound) it needs, and `extra` functions of its own (another helper's command it
 * calls); anything else is not there. The helper cannot write the session's state, nor reach
 * into the other helpers past what it is given.
 */
function narrow(session, getters, methods, extra = {}) {
  const view = { ...extra };
  for (const name of getters) Object.defineProperty(view, name, { get: () => session[name], enumerable: true });
  for (const name of methods) view[name] = (...args) => session[name](...args);
  return Object.freeze(view);
}

/**
 * The helpers of `session`, each on its narrow view: request sequencing (sequencing.js), the puzzle
 * being played (challenge.js), Solve and Hint (solving.js), playback (playback.js), the level sets
 * (levels.js), new boards and games (dealer.js), set-up (setup.js), boards as text (board-text.js),
 * the games Undo brings back (game-swap.js), shape editing (shape-editing.js), the explainer
 * (explain.js), the game kept in the browser (resume.js, in `storage`), links (links.js), the
 * Analysis panel's questions (analysis.js), the Sound switch (sound-choice.js, remembered in
 * `storage`) and the solver as the session knows it (solver-state.js). A view reads the session
 * live, so the helpers may call one another's commands once all are built.
 * @param {import("./session.js").Session} session
 * @param {import("./session.js").KeptStorage | null} storage
 */
export function wireHelpers(session, storage) {
  const reads = ["game", "limits", "multiState", "opening", "settingUp", "mode"];
  const sequencer = new Sequencer(narrow(session, ["version", "solver"], ["say", "redraw"]));
  const challengeTracker = new ChallengeTracker(narrow(session, ["game", "assisted", "records", "solver", "won"],
    ["usesCanvas", "now", "today", "challengeChanged", "request"]));
  const solving = new Solving(narrow(session, [...reads, "searchBudget"],
    ["say", "settled", "usesCanvas", "stopPlayback", "setMode", "showSolution", "showSolutionList", "showUnsolvable", "request"]));
  const playback = new Playback(narrow(session, [...reads, "marks", "playbackRun"],
    ["say", "settled", "setMode", "applyMoves", "showPlaybackStep", "showSolution", "playbackEnded", "now", "wait", "reducedMotion"],
    { findSolution: (options) => solving.findSolution(options) }));
  const levelPlay = new LevelPlay(narrow(session, ["game", "challenge", "records"], ["changing", "challengeChanged", "request"],
    { dealer: () => dealer }));
  const dealer = new Dealer(narrow(session, [...reads, "solver", "random"],
    ["say", "redraw", "changing", "setBoard", "playGame", "useStandardGame", "leaveMode", "usesCanvas", "today",
      "challengeChanged", "request", "nextTicket"],
    { challengeTracker, resumeLevel: (name, number) => levelPlay.resume(name, number) }));
  const setupMode = new SetupMode(narrow(session, reads, ["say", "setMode", "leaveMode", "applyEdit", "setBoard"]));
  const boardText = new BoardText(narrow(session, reads, ["say", "sayBoardError", "changing", "setBoard", "request"]));
  const gameSwap = new GameSwap(narrow(session, ["game"], ["playGame"]));
  const shapeEditing = new ShapeEditing(narrow(session, reads, ["say", "redraw", "changing", "setBoard", "setShape", "usesCanvas"],
    { randomBoard: (...args) => dealer.randomBoard(...args) }));
  const explainer = new Explainer(narrow(session, reads,
    ["say", "settled", "usesCanvas", "stopPlayback", "subscribe", "press", "undo", "enterExplaining", "leaveMode",
      "setExplainOverlay", "explanationChanged", "wait", "reducedMotion", "request"]));
  const resume = new Resume(narrow(session, [...reads, "challenge", "marks", "assisted", "playbackRun"],
    ["say", "subscribe", "openLink", "resumed", "request"],
    { challengeTracker, dealer }), storage);
  const links = new Links(narrow(session, [...reads, "challenge"], ["say", "sayBoardError", "openLink", "request"],
    { dealer }), resume);
  const variantAnalysis = new VariantAnalysis(narrow(session, reads, ["say", "request"]));
  const soundChoice = new SoundChoice(storage, session.reducedMotion); // the Sound switch, remembered
  const solverState = new SolverState(narrow(session, ["solver", "game"],
    ["say", "stopPlayback", "request", "solverStatusChanged", "listsLoaded"],
    { links, resume, challengeTracker, levelPlay }));
  return {
    sequencer, challengeTracker, solving, playback, levelPlay, dealer, setupMode, boardText, gameSwap, shapeEditing, explainer,
    resume, links, variantAnalysis, soundChoice, solverState,
  };
}
