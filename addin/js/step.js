// One op on the shared context, with the args every op takes: dryRun resolves and checks its targets
// instead of running it (dry-run.js); expectText is checked before anything is written (expect.js);
// trackChanges makes just this edit a tracked change (runTracked).

import { queueExpectation, splitCommonArgs } from "./expect.js";
import { dryRun } from "./dry-run.js";
import { PaneError } from "./errors.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./types.js").SyncKind} SyncKind */

/**
 * What the handler's first sync carries for these args (undeclared: "write", the safe guess).
 * @param {Handler} handler
 * @param {HandlerEnv} env  with the op's own args
 * @returns {SyncKind}
 */
export function firstSyncOf(handler, env) {
  const kind = handler.firstSync;
  return typeof kind === "function" ? kind(env) : kind ?? "write";
}

/**
 * Run one op with its common args. dryRun: the targets are resolved and checked instead (dry-run.js).
 * expectText: checked before anything is written: at the handler's own first sync when that sync only
 * reads (no extra round trip), else with one sync of its own before the handler runs. An op that never
 * syncs then takes 2 syncs; one that writes before the sync that reads what it needs takes 3 (applyStyle
 * with clearOtherStyles or a new list, or a custom style name below WordApi 1.5). The handler gets the
 * args without expectText and dryRun.
 * @param {Handler} handler
 * @param {string} op
 * @param {HandlerEnv} env
 * @returns {Promise<Record<string, any>>}
 */
export async function runStep(handler, op, env) {
  if (handler.ownsCommonArgs) return handler(env);
  const { trackChanges, ...args } = env.args;
  if (trackChanges !== undefined && typeof trackChanges !== "boolean") {
    throw new PaneError("E_INVALID_ARG", "args.trackChanges must be true or false", "args.trackChanges");
  }
  const { own, expectText, dryRun: dry } = splitCommonArgs(args);
  const stepEnv = { ...env, args: own };
  if (dry) {
    if (trackChanges) requireTracking(env); // as the op would
    return dryRun(op, stepEnv, expectText);
  }
  if (trackChanges) return runTracked(handler, op, stepEnv, expectText);
  return runChecked(handler, op, stepEnv, expectText);
}

/**
 * trackChanges: true on one op: that edit as a tracked change (see {@link withTracking}).
 * @param {Handler} handler
 * @param {string} op
 * @param {HandlerEnv} env  with the op's own args
 * @param {string | undefined} expectText
 */
function runTracked(handler, op, env, expectText) {
  return withTracking(env, "edit", (tracked) => runChecked(handler, op, tracked, expectText));
}

/**
 * Tracking on, `run`, the previous mode back, in `run`'s own syncs: the mode is loaded and set to TrackAll
 * before `run` queues anything, its first sync (or one of ours when it never syncs) brings the previous mode
 * back, and restoring it rides on Word.run's closing sync: at most 2 syncs for an op, as without it. When `run`
 * fails, the mode is restored with one more sync. When the first sync failed, Word returned no values: the
 * previous mode is unknown and a warning says tracking may still be on. Used by one op and by a whole batch.
 * @param {HandlerEnv} env
 * @param {"edit" | "batch"} what  for the warning
 * @param {(env: HandlerEnv) => Promise<Record<string, any>>} run  gets `env` with the sync that reads the mode
 * @returns {Promise<Record<string, any>>}
 */
export async function withTracking(env, what, run) {
  requireTracking(env);
  const doc = env.context.document;
  doc.load("changeTrackingMode"); // runs before the set below: it reads the mode the document had
  doc.changeTrackingMode = /** @type {Word.ChangeTrackingMode} */ ("TrackAll");
  /** @type {"none" | "read" | "lost"} what the first sync brought back */
  let first = "none";
  /** @type {string | undefined} */
  let previous;
  const sync = async () => {
    if (first !== "none") return env.sync();
    try {
      await env.sync();
    } catch (err) {
      first = "lost";
      throw err;
    }
    first = "read";
    previous = doc.changeTrackingMode;
  };
  /** @type {Record<string, any> | undefined} */
  let data;
  /** @type {unknown} */
  let failure;
  try {
    data = await run({ ...env, sync });
  } catch (err) {
    failure = err;
  }
  // Nothing reached Word yet (`run` never synced, or failed before it did): the queued load reads the old mode.
  if (first === "none") await sync().catch(() => {});
  if (previous === undefined) {
    env.note("warn", `track changes was switched on for this ${what} and may still be on: check with trackChanges.get`, "args.trackChanges");
  } else if (previous !== "TrackAll") {
    doc.changeTrackingMode = /** @type {Word.ChangeTrackingMode} */ (previous);
    // A failure gets no closing sync of Word.run to carry it.
    if (failure !== undefined) await env.sync().catch(() => {});
  }
  if (failure !== undefined) throw failure;
  return /** @type {Record<string, any>} */ (data);
}

/**
 * E_UNSUPPORTED on args.trackChanges where the host has no change-tracking mode.
 * @param {HandlerEnv} env
 */
export function requireTracking(env) {
  if (!env.supports("WordApi", "1.4")) {
    throw new PaneError("E_UNSUPPORTED", "args.trackChanges needs WordApi 1.4 (document.changeTrackingMode), which this Word does not support", "args.trackChanges");
  }
}

/**
 * The op with expectText checked before anything is written (see runStep).
 * @param {Handler} handler
 * @param {string} op
 * @param {HandlerEnv} stepEnv
 * @param {string | undefined} expectText
 */
async function runChecked(handler, op, stepEnv, expectText) {
  const env = stepEnv;
  if (expectText === undefined) return handler(stepEnv);
  const expectation = queueExpectation(env.registry, stepEnv.args, expectText, env.context, env.supports);
  if (firstSyncOf(handler, stepEnv) !== "read") {
    await env.sync();
    expectation.check();
    return handler(stepEnv);
  }
  let checked = false;
  const data = await handler({
    ...stepEnv,
    sync: async () => {
      await env.sync();
      if (!checked) {
        checked = true;
        expectation.check();
      }
    },
  });
  if (!checked) throw new Error(`${op} declares a first sync that reads, but did not sync: args.expectText was not checked`);
  return data;
}
