// @ts-check
// What the page says when the solver fails: every SolverError (solver-client.js) becomes
// one translatable sentence of static/strings/. The worker tags start-up failures with a `code`
// (solver/runtime-faults.js: startError; those naming a file carry `file`, relative to the site, and
// `status` for an HTTP refusal); the client adds timeoutKind to its own deadlines.

import { t } from "./i18n.js";

/** The status-line text for a solver that stopped: why, in the user's words. */
export function describeSolverFailure(error) {
  if (error.timeoutKind === "load") return t("loadTimedOut", { seconds: error.seconds });
  if (error.timeoutKind === "request") return t("requestTimedOut", { seconds: error.seconds });
  switch (error.code) {
    case "file-http": {
      const missing = error.status === 404 || error.status === 410;
      return t(missing ? "runtimeMissing" : "fileHttpError", { file: error.file, status: error.status });
    }
    case "file-unreachable": return t("fileUnreachable", { file: error.file });
    case "file-damaged": return t("fileDamaged", { file: error.file });
    case "build-info-damaged": return t("buildInfoDamaged", { file: error.file });
    case "runtime-wrong-type": return t("runtimeWrongType", { file: error.file, type: error.type });
    case "runtime-corrupt": return t("runtimeCorrupt", { file: error.file, message: error.message });
    case "python-crashed": return t("pythonCrashed", { message: error.message });
    default: break;
  }
  if (error.name === "WorkerError") return t("workerCrashed", { message: error.message || t("noReason") });
  return t("loadFailed", { message: error.message || t("noReason") });
}
