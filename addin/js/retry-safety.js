// When the pane cannot keep its promise that a retry with the same taskId never runs an edit twice after the pane
// was reloaded or reopened (docs/protocol.md, Retries): its records do not reach the browser's storage (blocked,
// e.g. third-party storage in Word on the web, or full), or a pane opened again cannot tell this document (Office
// could not keep the pane's settings in it and it has no URL). The pane then says so in a notice, and each result
// of an op that changes the document carries a warning.

import { diagnostic } from "./errors.js";

/** @typedef {import("./types.js").Diagnostic} Diagnostic */

/**
 * Why a retry after a reload of the pane may run an op again, or undefined when it cannot.
 * @param {{ storageKept: boolean, documentRecognised: boolean }} state
 * @returns {string | undefined}
 */
export function retryRisk({ storageKept, documentRecognised }) {
  if (!storageKept) {
    return "the browser does not let the Word Bridge pane keep its taskId records (its storage is blocked, as "
      + "third-party storage can be in Word on the web, or full)";
  }
  if (!documentRecognised) {
    return "the Word Bridge pane cannot recognise this document when it is opened again (Word could not keep the "
      + "pane's settings in it, and it has no URL until it is saved)";
  }
  return undefined;
}

/**
 * The warning on the result of an op that changes the document, while there is a risk.
 * @param {string} risk  from {@link retryRisk}
 * @returns {Diagnostic}
 */
export function retryWarning(risk) {
  return diagnostic("warn", `${risk}: if the pane is reloaded or closed while an op runs, a retry with the same `
    + "taskId may run that op a second time. Before retrying an op that answered \"may or may not have been "
    + "applied\", check the document (readDocument or search)", "taskId");
}

/**
 * The pane's notice while there is a risk, or null.
 * @param {string | undefined} risk
 * @returns {string | null}
 */
export function retryNotice(risk) {
  if (!risk) return null;
  const reason = risk.charAt(0).toUpperCase() + risk.slice(1);
  return `${reason}. If this pane is reloaded or closed while an AI edit runs, retrying that edit may apply it twice.`;
}
