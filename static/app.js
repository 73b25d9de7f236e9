// @ts-check
// The composition root: the solver client (solver-client.js, a module worker running the
// Python package), the session behind its front door (session/api.js: the game and everything
// done to it), and the views and panels that read it and call its commands. It only wires.

import { preferredLanguage, setLanguage, translatePage } from "./page/i18n.js";
import { messageOf } from "./session/messages.js";
import {
  bindContrastToggle, bindHelpDialog, bindLanguageSwitch, bindShortcuts, bindToolbar, prefersReducedMotion,
} from "./page/a11y.js";
import { SolverClient } from "./solver/solver-client.js";
import { pageOptions } from "./page/page-options.js";
import { loadLimits } from "./model/limits.js";
import { SessionApi } from "./session/api.js";
import { BoardPanel } from "./panels/board-panel.js";
import { StatusPanel } from "./panels/status-panel.js";
import { ChallengePanel } from "./panels/challenge-panel.js";
import { DealPanel } from "./panels/deal-panel.js";
import { SolvePanel } from "./panels/solve-panel.js";
import { VariantPanel } from "./panels/variant-panel.js";
import { TextPanel } from "./panels/text-panel.js";
import { ExportPanel } from "./panels/export-panel.js";
import { SharePanel } from "./panels/share-panel.js";
import { AnalysisPanel } from "./panels/analysis-panel.js";
import { WinPanel } from "./panels/win-panel.js";
import { GamesPanel } from "./panels/games-panel.js";
import { LevelsPanel } from "./panels/levels-panel.js";
import { ExplainPanel } from "./panels/explain-panel.js";
import { ScanPanel } from "./panels/scan-panel.js";
import { StatisticsPanel } from "./panels/statistics-panel.js";
import { SoundPanel } from "./panels/sound-panel.js";
import { exposeTestHooks } from "./test-hooks.js";
import { arrivedAgain, currentHash } from "./model/share-link.js";

setLanguage(preferredLanguage());
translatePage();

// The address's query: the search budget, and deadlines for the page's own tests.
const options = pageOptions(location.href);
/** @type {SessionApi | null} */
let session = null;
// The solver's reports go to the session, which tells every view in its one change event.
const solver = new SolverClient(new URL("./worker.js", import.meta.url), (state, detail) => session?.solverChanged(state, detail),
  options.solver);
solver.onBusy = () => session?.solverBusyChanged();
// localStorage, or null where the browser blocks it (reading the property throws there).
const storage = (() => { try { return globalThis.localStorage ?? null; } catch { return null; } })();
session = new SessionApi({
  solver, limits: await loadLimits(), reducedMotion: prefersReducedMotion, searchBudget: options.searchBudget, storage,
});

new StatusPanel(session);
new VariantPanel(session);
const board = new BoardPanel(session);
const challengePanel = new ChallengePanel(session);
new DealPanel(session);
new SolvePanel(session);
const scan = new ScanPanel(session, {
  colours: () => board.colours(),
  scannable: () => !board.layoutOf(session.game) && !session.usesCanvas(),
});
const text = new TextPanel(session, { onImage: (file) => scan.open(file) });
new ExportPanel(session, (copied) => text.copyText(copied));
const share = new SharePanel(session, (copied) => text.copyText(copied));
new AnalysisPanel(session);
new WinPanel(session, () => challengePanel.newPuzzle(), (copied) => text.copyText(copied));
new StatisticsPanel(session);
new SoundPanel(session);
new GamesPanel(session);
new LevelsPanel(session);
new ExplainPanel(session);
exposeTestHooks(session, solver, board, share);

// Shortcuts (a11y.js) do what their buttons do; a disabled button's key does nothing.
const byButton = (id, action) => () => {
  if (!(/** @type {HTMLButtonElement} */ (document.getElementById(id)).disabled)) action();
};
bindShortcuts({
  undo: byButton("undo", () => session.undo()),
  redo: byButton("redo", () => session.redo()),
  hint: byButton("hint", () => session.hint()),
  newPuzzle: byButton("new-puzzle", () => challengePanel.newPuzzle()),
  solve: byButton("solve", () => session.solve()),
  help: bindHelpDialog().open,
});
bindToolbar(document.getElementById("toolbar"));
bindContrastToggle();
// The markup is re-filled by translatePage; every view words again what it shows.
bindLanguageSwitch(() => session.reword());

// Offline (sw.js, copied to the site root by build.py), relative to this module so it
// works under any sub-path. A browser that refuses service workers only loses offline play.
// Registered once the solver has started (or failed to): the worker's install fetches and
// hashes every file, which on a first visit would otherwise download the runtime a second
// time and compete with the solver's start; afterwards the HTTP cache
// holds them and the install's revalidations are answered "not modified".
let serviceWorkerDue = true;
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const root = new URL("../", import.meta.url);
  // <html data-service-worker="registered" | "refused"> once the browser has answered (tests
  // wait for it: the registration is asked for only after the solver's start).
  const answered = (outcome) => () => { document.documentElement.dataset.serviceWorker = outcome; };
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href, type: "classic" })
    .then(answered("registered"), answered("refused"));
}

// The first change: every panel draws the session. Stored records that could not be read (set aside) are
// said with whatever the first game's opening says (session.arrive).
session.say(messageOf("playing"));
/** @type {NodeListOf<HTMLFieldSetElement>} */
const gates = document.querySelectorAll(".controls-gate");
for (const gate of gates) gate.disabled = false; // the panels listen now
// The solver starts first, so nothing a link holds can keep it from starting; the offline cache
// is registered once it has started (or failed to).
session.subscribe((change) => {
  if (change.solver && serviceWorkerDue && ["ready", "error"].includes(session.solver.state)) {
    serviceWorkerDue = false;
    registerServiceWorker();
  }
});
solver.start();
// The page's first game: the link's, or the game left here when the page opens without one (the session decides).
session.arrive(location.hash.length > 1 ? currentHash().slice(1) : null, arrivedAgain());
addEventListener("pagehide", () => session.keepGame());
document.addEventListener("visibilitychange", () => { if (document.hidden) session.keepGame(); });
