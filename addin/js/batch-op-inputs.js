// What one op of a batch run needs before it is queued (batch-run.js): whether it may wait for the batch's next
// sync, whether it needs values that earlier ops read (and so a sync first), and its args with the references to
// earlier ops' results replaced by their values.

import { PaneError } from "./errors.js";
import { referencesOf, substitute, valueAt, whyNoValue } from "./batch-references.js";

/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./batch-result.js").OpState} OpState */

/**
 * Whether an op may wait for the batch's next sync instead of syncing: a handler that only reads (readsOnly), without
 * the common args that act around it: trackChanges restores the mode after the sync, dryRun checks instead, and an
 * expectText that does not match fails the op after the sync, which a write queued after it may share.
 * @param {Handler} handler
 * @param {Record<string, any>} args
 */
export function waitsForBatchSync(handler, args) {
  return handler.readsOnly === true && args.trackChanges !== true && args.dryRun !== true && args.expectText === undefined;
}

/**
 * Whether op i needs values that earlier ops read before it can run: a reference to a parked op, or to a value
 * an earlier op reads back (a picture's size), exists only after the sync that flushes that op.
 * @param {{ args: Record<string, any> }[]} ops
 * @param {OpState[]} states
 * @param {number} i
 */
export function needsEarlierValues(ops, states, i) {
  return referencesOf(String(JSON.stringify(ops[i].args))).some(({ op: j, path }) => {
    const st = states[j];
    if (j >= i || !st) return false;
    return st.state === "parked" || (st.state === "queued" && st.readBacks.length > 0 && valueAt(st.data, path) === undefined);
  });
}

/**
 * Op i's args with its references replaced (E_INVALID_ARG naming a reference that has no value).
 * @param {{ args: Record<string, any> }[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @returns {Record<string, any>}
 */
export function resolveArgs(ops, states, i) {
  return substitute(ops[i].args, (j, path, ref, field) => {
    const st = j < i ? states[j] : undefined;
    if (!st || st.state !== "ok" && st.state !== "queued") {
      throw new PaneError("E_INVALID_ARG", `${field}: reference ${ref} has no value: op ${j} ${j >= i ? "does not run before this op (to write it as text, double its $)" : st?.state === "failed" ? "failed" : "did not run"}`, field);
    }
    const value = valueAt(st.data, path);
    if (value === undefined) throw new PaneError("E_INVALID_ARG", `${field}: reference ${ref} has no value: ${whyNoValue(st.data, path, j)}`, field);
    return value;
  });
}
