// batch: up to 500 ops in one Word.run on the shared context, in as few syncs as possible (batch-run.js says how
// the ops share syncs): a batch whose ops read nothing another op of it needs takes 2 syncs however many ops it has,
// and each time a later op needs what an earlier one reads (a search's rangeIds), that read's sync comes first.
//
// References: a string arg may hold "$<i>.<path>" (e.g. "tableId:$0.tableId"); before op i runs, each is
// replaced by that value of op i's result data. A value that is missing (the op failed, did not run, or
// has no such field) fails the op with E_INVALID_ARG naming the reference. "$$" before a reference is a literal
// "$" ("$$0.length" is the text "$0.length"; batch-references.js has the rule).
//
// Refused up front (nothing runs): an op that targets what an earlier op of the batch removes (a table or blocks
// replaced, paragraphs replaced with "", an anchor or a comment removed, a table whose every row or column is
// deleted), E_NOT_FOUND naming that op (batch-removals.js). What only the document tells (whether a deletion takes
// every row, whether a later target is in a table that goes or is that table under another name) is read first, in
// one sync that only reads, for a batch whose later ops may be on such a table (batch-table-removals.js).
//
// Failures: an op that fails before its writes reach Word changes nothing; its ids are rolled back. A Word
// error at a sync that several ops share is attributed through context.trace: each op queues a trace
// message first, and Word reports the messages it executed before the error (OfficeExtension.Error
// .traceMessages), so the last one names the op that failed. Word applied the ops before it and dropped
// the ops after it (a failed request runs nothing past the failing action). Where Word reports no trace,
// the first op queued since the last good sync is blamed and the diagnostic says which ops shared the sync.
// With stopOnError (the default) the ops after a failure do not run: their envelopes are E_RUNTIME,
// "not run: op <i> failed"; without it, later ops run (the dropped ones again).
//
// Pause: the batch checks the person's "Pause AI edits" switch before it queues each op. Once it is on, the
// remaining ops do not run (E_PERMISSION, "not run: AI edits were paused in the pane"), the batch fails with
// E_PERMISSION at the first of them, and the ops that ran stay applied.
//
// Result data: {results: [envelope…], completed: <ops that succeeded>, failedAt?: <first failed op>};
// the batch's envelope is ok only when every op is.

import { PaneError } from "./errors.js";
import { bool } from "./args.js";
import { withTracking } from "./step.js";
import { dryRunBatch } from "./batch-dry-run.js";
import { refuseRemovedTargets } from "./batch-removals.js";
import { runBatch } from "./batch-run.js";
import { readUpFront } from "./batch-upfront.js";

export { REFERENCE, referencesIn, referencesOf, substitute, valueAt, whyNoValue } from "./batch-references.js";
export { PAUSED_NOT_RUN, runReadBack } from "./batch-result.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */

export const MAX_OPS = 500;

/**
 * The batch handler: `{ops: [{op, args}], stopOnError = true, dryRun?}`.
 * @param {HandlerEnv} env
 */
export async function batch(env) {
  const ops = readOps(env.args);
  refuseRemovedTargets(ops, env.registry);
  const dryRun = bool(env.args, "dryRun", false);
  const { removals, blockReads, anchorReads, anchorNames } = await readUpFront(env, ops, !dryRun);
  if (removals.size) refuseRemovedTargets(ops, env.registry, removals);
  const stopOnError = bool(env.args, "stopOnError", true);
  if (dryRun) return dryRunBatch(env, ops, stopOnError);
  const withAnchors = { ...env, anchorReads, anchorNames }; // the ops' env (batch-anchor-reads.js)
  if (bool(env.args, "trackChanges", false)) return runTrackedBatch(withAnchors, ops, stopOnError, blockReads);
  return runBatch(withAnchors, ops, stopOnError, blockReads);
}

/**
 * trackChanges: true on the batch — every edit of the batch is a tracked change, and the previous mode comes back
 * in the batch's own syncs (step.js, {@link withTracking}).
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} stopOnError
 * @param {import("./batch-run.js").BlockReads} blockReads
 */
function runTrackedBatch(env, ops, stopOnError, blockReads) {
  return withTracking(env, "batch", (tracked) => runBatch(tracked, ops, stopOnError, blockReads));
}
batch.ownsCommonArgs = true;

/**
 * @param {Record<string, any>} args
 * @returns {{ op: string, args: Record<string, any> }[]}
 */
function readOps(args) {
  const ops = args.ops;
  if (!Array.isArray(ops) || ops.length === 0) throw new PaneError("E_INVALID_ARG", "args.ops must be a non-empty array of {op, args}", "args.ops");
  if (ops.length > MAX_OPS) throw new PaneError("E_INVALID_ARG", `args.ops has ${ops.length} ops; at most ${MAX_OPS} in one batch`, "args.ops");
  return ops.map((item, i) => {
    if (typeof item !== "object" || item === null || typeof item.op !== "string") {
      throw new PaneError("E_INVALID_ARG", `args.ops[${i}] must be {op, args}`, `args.ops[${i}]`);
    }
    const opArgs = item.args ?? {};
    if (typeof opArgs !== "object" || Array.isArray(opArgs)) throw new PaneError("E_INVALID_ARG", `args.ops[${i}].args must be an object`, `args.ops[${i}].args`);
    return { op: item.op, args: opArgs };
  });
}
