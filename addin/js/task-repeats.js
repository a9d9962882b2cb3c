// Answers to a repeated taskId that are not a new run: the first result again (from this load's memory or from a
// record kept in storage across reloads), or a refusal when the taskId was used for another op.

import { diagnostic, errorEnvelope } from "./errors.js";

/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./task-store.js").TaskRecord} TaskRecord */

/** What a result answered again for a repeated taskId says (the server adds the same text to its own). */
export const REPEATED = "repeated taskId: this is the first result; the op was not run again";

/**
 * The answer to a repeat of a taskId that a record in storage knows (an earlier load of the pane, or this one
 * beyond its memory ran it), or undefined when the op should run: a read-only op runs again (that changes
 * nothing). A finished op answers its first result; one that was started and never finished (the pane was
 * reloaded or closed while it ran) is not run blindly a second time: E_RUNTIME says to check the document.
 * @param {string} taskId
 * @param {TaskRecord} record
 * @param {string} salt  this load's id salt: ids of another salt died with their load
 * @returns {ExecuteOutcome | undefined}
 */
export function answerRecord(taskId, record, salt) {
  if (record.readOnly) return undefined;
  if (!record.result) {
    return {
      result: errorEnvelope(record.op, "E_RUNTIME", [diagnostic("error", `an earlier load of the Word Bridge pane started `
        + `this op (taskId "${taskId}") and was reloaded or closed before it finished: it may or may not have been `
        + "applied, so it was not run again. Check the document (readDocument or search) and, if the edit is "
        + "missing, send it again with a new taskId", "taskId")]),
      stats: { ms: 0, syncs: 0, cached: true },
    };
  }
  /** @type {Diagnostic[]} */
  const warnings = [];
  if (idsOfOtherLoads(record.result, salt)) {
    warnings.push(diagnostic("warn", "the Word Bridge pane was reloaded since this result: the rangeIds and tableIds "
      + "in it are gone (get new ones with readDocument or search)", "taskId"));
  }
  if (record.dataDropped) {
    const kept = record.diagnosticsDropped ? "whether it succeeded (and its error code) was"
      : "whether it succeeded and its diagnostics were";
    warnings.push(diagnostic("warn", "this result was too large to keep across pane reloads, or newer results needed "
      + `the room: only ${kept} kept (read the document to see what it did)`, "taskId"));
  }
  return repeatOutcome(record.result, warnings);
}

/**
 * The answer to a retry of a taskId the server sent to this document before (`resent`) when no record of it is
 * left: records of edits went for lack of room since (the pane keeps the last 1000 edits per document, the server
 * its last 1000 results), so the op may have run long ago. Running it again could do it twice.
 * @param {string} taskId
 * @param {string} op
 * @returns {ExecuteOutcome}
 */
export function forgottenTask(taskId, op) {
  return {
    result: errorEnvelope(op, "E_RUNTIME", [diagnostic("error", `this op (taskId "${taskId}") was sent to this `
      + "document before, and its result is no longer kept (the pane keeps the last 1000 edits of a document, the "
      + "bridge its last 1000 results): it may or may not have been applied, so it was not run again. Check the "
      + "document (readDocument or search) and, if the edit is missing, send it again with a new taskId", "taskId")]),
    stats: { ms: 0, syncs: 0 },
  };
}

/**
 * A first result answered again: it says so (once), with `extra` diagnostics after that.
 * @param {ResultEnvelope} result
 * @param {Diagnostic[]} extra
 * @returns {ExecuteOutcome}
 */
export function repeatOutcome(result, extra) {
  const said = result.diagnostics.some((d) => d.msg === REPEATED);
  const diagnostics = [...result.diagnostics, ...(said ? [] : [diagnostic("info", REPEATED, "taskId")]), ...extra];
  return { result: { ...result, diagnostics }, stats: { ms: 0, syncs: 0, cached: true } };
}

/**
 * @param {string} taskId @param {string} op @param {string} differs
 * @returns {ExecuteOutcome}
 */
export function reusedTaskId(taskId, op, differs) {
  return {
    result: errorEnvelope(op, "E_INVALID_ARG", [
      diagnostic("error", `taskId "${taskId}" was already used for another op (${differs}): give each new op its own taskId`, "taskId"),
    ]),
    stats: { ms: 0, syncs: 0 },
  };
}

/**
 * Whether a result holds ids (rng_<salt>_<n>, tbl_…, note_…) that another load of the pane gave out.
 * @param {ResultEnvelope} result
 * @param {string} salt
 */
function idsOfOtherLoads(result, salt) {
  return [...JSON.stringify(result.data ?? {}).matchAll(/\b(?:rng|tbl|note)_([0-9a-z]+)_\d+\b/g)].some(([, s]) => s !== salt);
}
