// Word's refusals whose advice is to retry once the person fixed something (errors.js: AccessDenied "open it for
// editing and retry", SearchDialogIsOpen "close it and retry") are not an op's answer when they came before the
// op could have changed the document: the runner marks them notRun, so neither the pane nor the server keeps
// them for the taskId, and the advised retry with the same taskId runs the op.
//
// Word runs a request's statements in order and keeps those before a failing one (a request is not a
// transaction), so the code alone does not say that nothing was applied: the sync it failed at does. An op
// changed nothing before a refusal at the first of its syncs that may carry writes (its first sync, or its
// second when the first only read: handler.firstSync "read", an expectText check), and nothing at all in a dry
// run. Within that sync, statements before the refused one ran; for one op they write to the same place (a
// locked control or a read-only document refuses the first of them), except an op that writes to several
// places, such as a replace of every hit, whose retry finds only the hits still there.

import { officeCodeOf } from "./errors.js";
import { firstSyncOf } from "./step.js";

/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */

/** Office error codes whose advice (errors.js) is to retry once the person fixed the cause. */
export const RETRY_REFUSALS = new Set(["AccessDenied", "SearchDialogIsOpen"]);

/** The note a refusal that is not kept for its taskId carries. */
export const NOT_KEPT = "Word refused this before the op changed anything: the refusal is not kept for its taskId, "
  + "so a retry with the same taskId runs the op";

/**
 * Whether `err` is a Word refusal that advises a retry and came at a sync before which the op wrote nothing.
 * @param {unknown} err
 * @param {object} run
 * @param {Handler} run.handler
 * @param {HandlerEnv} run.env        the env the op ran with (its args as sent: with expectText, dryRun, trackChanges)
 * @param {number | undefined} run.failedSync  which of the op's syncs failed (1 = the first), undefined when the
 *   error was not raised by a sync
 * @returns {boolean}
 */
export function refusedBeforeWriting(err, { handler, env, failedSync }) {
  const code = officeCodeOf(err);
  if (code === undefined || !RETRY_REFUSALS.has(code) || failedSync === undefined) return false;
  const kind = firstWriteSync(handler, env);
  return kind === "never" || failedSync <= kind;
}

/**
 * The first of an op's syncs that may carry its writes: 1, or 2 when its first sync only reads; "never" for a dry
 * run. What runStep (step.js) adds is counted: an expectText check reads before anything is written, the
 * trackChanges switch writes the document's mode in the first sync.
 * @param {Handler} handler
 * @param {HandlerEnv} env
 * @returns {1 | 2 | "never"}
 */
function firstWriteSync(handler, env) {
  if (handler.ownsCommonArgs) return firstSyncOf(handler, env) === "read" ? 2 : 1;
  const { dryRun, trackChanges, expectText, ...own } = env.args;
  if (dryRun === true) return "never";
  if (trackChanges === true) return 1;
  if (expectText !== undefined) return 2;
  return firstSyncOf(handler, { ...env, args: own }) === "read" ? 2 : 1;
}
