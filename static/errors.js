// What the page says when the solver fails: every SolverError (solver-client.js) becomes
// one translatable sentence from i18n.js. The worker tags start-up failures with a `code`
// (worker.js: startError); the client adds timeoutKind to its own deadlines.

import { t } from "./i18n.js";

/** The status-line text for a solver that stopped: why, in the user's words. */
export function describeSolverFailure(error) {
  if (error.timeoutKind === "load") return t("loadTimedOut", { seconds: error.seconds });
  if (error.timeoutKind === "request") return t("requestTimedOut", { seconds: error.seconds });
  switch (error.code) {
    case "runtime-missing": return t("runtimeMissing", { file: error.file, status: error.status });
    case "runtime-wrong-type": return t("runtimeWrongType", { file: error.file, type: error.type });
    case "runtime-corrupt": return t("runtimeCorrupt", { file: error.file, message: error.message });
    case "python-crashed": return t("pythonCrashed", { message: error.message });
    default: break;
  }
  if (error.name === "WorkerError") return t("workerCrashed", { message: error.message || t("noReason") });
  return t("loadFailed", { message: error.message || t("noReason") });
}
