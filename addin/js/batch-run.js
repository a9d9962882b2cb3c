// One batch run (batch.js has the rules callers see): the ops queued one after the other on the shared context, in
// as few syncs as their data allows.
//
// Phases. An op that only queues writes never syncs: the batch's next sync flushes it. An op given deferSync
// (table.applyStyle of a table id) queues its reads with its writes and reads them back after that sync. An op that
// reads syncs when it needs the values, which also flushes what the ops before it queued; but a search (a handler
// marked readsOnly) waits ("parked") for the batch's next sync, so that reads in a row share one sync and a read
// after writes shares the batch's last sync. That sync comes when a later op needs a parked op's result, would sync
// itself, or would be the second op queued after the parked ones, or at the end; then the parked ops finish in
// order (after their sync they only track ids, which rides a later sync). One last sync flushes the rest, and
// Word.run's closing sync (run-op.js: the id checks) comes after it.
//
// Syncs: a batch whose ops read nothing another op of it needs takes 2: its last sync and the closing one. A later
// op that needs what an earlier one reads (a search's rangeIds, a picture's size) waits for that read's sync: a
// batch that edits the hits of its searches takes 3, however many searches and edits. That third sync cannot go:
// the hits exist only after a sync, and the edits then need one the batch makes itself, apart from Word.run's
// closing one, so that a Word error in them is blamed on the op that caused it (run-op.js fails the whole batch
// at the closing sync).
// A batch that rewrites blocks through their ids (insertText, replace) reads them first, in one more sync that only
// reads (batch-block-breaks.js: the breaks they start with stay), made before it runs (batch-upfront.js).
//
// At most one write after parked reads before their sync: Word returns no values from a failed sync. A parked read
// before the failing op gets its values by running again, which reads the same document only when nothing was
// applied between it and the failure: just other parked reads, or the failing op itself.

import { PaneError, diagnostic, mapError } from "./errors.js";
import { runStep, firstSyncOf } from "./step.js";
import { needsEarlierValues, resolveArgs, waitsForBatchSync } from "./batch-op-inputs.js";
import { createStaleTargetChecks } from "./batch-stale-targets.js";
import { EarlierOpFailed, PAUSED_NOT_RUN, TRACE, attributeFailure, result, runReadBack, sharedSyncNote } from "./batch-result.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./batch-result.js").OpState} OpState */
/** @typedef {import("./batch-result.js").Outcome} Outcome */
/** @typedef {import("./batch-result.js").SharedFailure} SharedFailure */

/** Batches longer than this report progress every this many ops. */
const PROGRESS_EVERY = 25;

/** Thrown into a parked op's sync when its run is given up: Word dropped it, or it runs again. */
class RunGivenUp extends Error {}

/** @typedef {Map<number, () => import("./handlers/block-rewrite.js").BlockRead>} BlockReads */

/**
 * Run the ops of a batch (already checked: batch.js).
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} stopOnError
 * @param {BlockReads} blockReads  the blocks its ops rewrite through their ids, read up front (batch-upfront.js)
 */
export async function runBatch(env, ops, stopOnError, blockReads) {
  const { context, registry } = env;
  /** @type {OpState[]} */
  const states = ops.map(({ op }) => ({ op, state: "pending", notes: [], readBacks: [], mark: 0 }));
  const staleTargets = createStaleTargetChecks(env, ops, states, stopOnError);
  /** The first op whose actions may still be queued (not yet flushed by a sync). */
  let unflushed = 0;
  /** @type {number | undefined} the op whose failure stops the batch */
  let stoppedBy;
  /** @type {number | undefined} the first op the person's pause kept from running */
  let pausedAt;
  /** @type {number[]} the ops waiting for the batch's next sync, in order */
  let parked = [];
  /** Whether an op was queued after the parked ones (only one may be: see the header). */
  let queuedAfterParked = false;
  /** Whether parked ops finished after the last sync (and queued the tracking of their ids). */
  let finishedSinceSync = false;

  /** @param {number} i @param {Diagnostic} note */
  const addNote = (i, note) => states[i].notes.push(note);
  const firstPending = () => {
    const i = states.findIndex((st) => st.state === "pending");
    return i < 0 ? states.length : i;
  };

  /**
   * The batch's sync, on behalf of op `current` (ops.length for the last one).
   * @param {number} current
   */
  async function flush(current) {
    const from = unflushed;
    finishedSinceSync = false;
    try {
      await env.sync();
    } catch (err) {
      const failure = attributeFailure(err, from, current, states);
      settleApplied(failure.from, failure.at, true);
      // A parked op Word named gets the error as at a sync of its own; one blamed for want of a trace does not.
      const named = failure.attributed && states[failure.at].state === "parked";
      const redone = await giveUpParked(failure.at, named);
      // Word ran nothing past the failure: the next op to queue anything starts the next sync's ops.
      unflushed = failure.at === current ? current : Math.min(failure.at + 1, ...redone);
      if (failure.at === current) throw err; // the running op's own action: its handler maps the error
      if (named) await failParked(failure);
      else settleFailure(failure);
      throw new EarlierOpFailed(failure);
    }
    settleApplied(from, current, false);
    unflushed = current;
    await finishParked();
  }

  /**
   * A batch that fails is answered without Word.run's closing sync (run-op.js): what the parked ops queued after
   * the last sync (the tracking of their ids) is sent now, so that nothing is left for the next op's sync.
   */
  async function flushLeftovers() {
    if (!finishedSinceSync) return;
    finishedSinceSync = false;
    await env.sync().catch(() => {});
  }

  /**
   * Ops from..to-1 that were waiting for this sync: applied. Their read-backs run, unless the sync failed
   * (Word then returns no values: the ops are applied, what they read back is lost).
   * @param {number} from
   * @param {number} to
   * @param {boolean} failed
   */
  function settleApplied(from, to, failed) {
    for (let i = from; i < to && i < states.length; i += 1) {
      const st = states[i];
      if (st.state !== "queued") continue;
      st.state = "ok";
      // A read-back that reads nothing (a note on what the op wrote: done-notes.js) runs all the same.
      const reading = st.readBacks.filter((readBack) => !("readsNothing" in readBack));
      if (failed && reading.length) {
        addNote(i, diagnostic("warn", "This op was applied, but a later op failed in the same sync, so Word returned none of the values this op reads back"));
      }
      for (const readBack of failed ? st.readBacks.filter((readBack) => !reading.includes(readBack)) : st.readBacks) {
        runReadBack(readBack, (note) => addNote(i, note));
      }
      st.readBacks = [];
    }
  }

  /**
   * Op `at` failed in a sync it shared with other ops: record it, roll back the ids of it and of the dropped ops,
   * and say what happened to each (a parked read before it "applied" runs again: it changed nothing).
   * @param {SharedFailure} failure
   */
  function settleFailure(failure) {
    const { at, to, error } = failure;
    const { mark, mapSyncError } = states[at];
    registry.rollbackOp(mark);
    fail(at, mapSyncError ? mapSyncError(error) : error);
    // An op that left its sync to the batch (deferSync) is answered as at a sync of its own.
    if (!mapSyncError) addNote(at, sharedSyncNote(failure, states.length, stopOnError));
    resetAfter(at, to);
  }

  /**
   * The ops at+1..to, which Word dropped: pending again (they run again, or not at all with stopOnError).
   * @param {number} at @param {number} to
   */
  function resetAfter(at, to) {
    for (let i = at + 1; i <= to && i < states.length; i += 1) {
      if (states[i].state === "pending") continue;
      Object.assign(states[i], { state: "pending", data: undefined, notes: [], readBacks: [], wake: undefined, done: undefined, mapSyncError: undefined });
    }
  }

  /** @param {number} i @param {unknown} error */
  function fail(i, error) {
    const { code, diagnostics } = mapError(error, undefined, ops[i]?.args);
    Object.assign(states[i], { state: "failed", code, data: undefined, readBacks: [] });
    states[i].notes.push(...diagnostics);
    if (stopOnError && (stoppedBy === undefined || i < stoppedBy)) stoppedBy = i;
  }

  /**
   * Wait for the batch's next sync (a parked op's `sync`). `parks` tells the batch the op is waiting.
   * @param {number} i
   * @param {() => void} parks
   * @returns {Promise<void>}
   */
  function park(i, parks) {
    const st = states[i];
    if (st.wake) throw new Error(`${st.op} synced twice: an op marked readsOnly syncs once`);
    return new Promise((resolve, reject) => {
      st.wake = { resolve, reject };
      parks();
    });
  }

  /**
   * The parked ops finish, in order, after the sync they waited for. One that fails stops the later ones with
   * stopOnError (they only read: not running them changes nothing).
   */
  async function finishParked() {
    const waiting = parked;
    parked = [];
    queuedAfterParked = false;
    for (const k of waiting) {
      const st = states[k];
      if (stoppedBy !== undefined && k > stoppedBy) {
        await giveUp(k);
        continue;
      }
      st.mark = registry.mark(); // the ids it mints from now on are its own
      st.wake?.resolve();
      const outcome = /** @type {Outcome} */ (await st.done);
      if ("error" in outcome) {
        registry.rollbackOp(st.mark);
        fail(k, outcome.error);
      } else {
        finishedSinceSync = true;
        Object.assign(st, { state: "ok", data: outcome.data });
        for (const readBack of st.readBacks) runReadBack(readBack, (note) => addNote(k, note));
        st.readBacks = [];
      }
    }
  }

  /**
   * A sync failed in op `at`: every other parked op's run is given up and it is pending again. Those before `at`
   * run again (only reads were between them and `at`), those after it were dropped by Word.
   * @param {number} at
   * @param {boolean} keepAt  whether `at` stays parked (to get Word's error: {@link failParked})
   * @returns {Promise<number[]>} the parked ops before `at`
   */
  async function giveUpParked(at, keepAt) {
    const others = parked.filter((k) => k !== at || !keepAt);
    parked = parked.filter((k) => k === at && keepAt);
    queuedAfterParked = false;
    for (const k of others) await giveUp(k);
    return others.filter((k) => k < at);
  }

  /** @param {number} k */
  async function giveUp(k) {
    const st = states[k];
    st.wake?.reject(new RunGivenUp());
    await st.done;
    // It minted nothing before its sync (readsOnly), so there is nothing to roll back.
    Object.assign(st, { state: "pending", data: undefined, notes: [], readBacks: [], wake: undefined, done: undefined });
  }

  /**
   * The sync parked op `at` waited for failed in one of its own actions: its handler gets Word's error and maps it,
   * as at a sync of its own; the ops Word dropped after it are pending again.
   * @param {SharedFailure} failure
   */
  async function failParked({ at, to, error }) {
    const st = states[at];
    parked = [];
    st.wake?.reject(error);
    const outcome = /** @type {Outcome} */ (await st.done);
    registry.rollbackOp(st.mark);
    fail(at, "error" in outcome ? outcome.error : error);
    resetAfter(at, to);
  }

  /**
   * Whether op i must wait for the parked ops' sync before it is queued (see the header).
   * @param {number} i
   * @param {Handler} handler
   * @param {Record<string, any>} args  resolved
   */
  function syncsParkedFirst(i, handler, args) {
    if (parked.length === 0) return false;
    if (queuedAfterParked) return true;
    if (waitsForBatchSync(handler, args)) return false;
    const mayWrapInSyncs = args.expectText !== undefined || args.trackChanges === true || args.dryRun === true;
    return mayWrapInSyncs || firstSyncOf(handler, { ...opEnv(i), args }) !== "none";
  }

  /**
   * The batch's sync before op i is queued. Whether a parked op that failed after it stops op i (it stays pending).
   * @param {number} i
   */
  async function syncsFirst(i) {
    await flush(i);
    states[i].mark = registry.mark(); // the parked ops that finished minted ids of their own
    return stoppedBy !== undefined && i > stoppedBy;
  }

  /**
   * Whether the batch has something for its next sync before op i: parked reads, or ops queued since the last sync.
   * @param {number} i
   */
  function hasUnflushed(i) {
    return parked.length > 0 || states.some((st, k) => k >= unflushed && k < i && st.state === "queued");
  }

  /** @param {number} i */
  function opEnv(i) {
    const st = states[i];
    return {
      ...env,
      sync: () => flush(i),
      note: (/** @type {import("./types.js").DiagnosticLevel} */ level, /** @type {string} */ msg, /** @type {string | undefined} */ field) => {
        st.notes.push(diagnostic(level, msg, field));
      },
      progress: () => {},
      afterSync: (/** @type {() => void} */ readBack) => { st.readBacks.push(readBack); },
      deferSync: (/** @type {(err: unknown) => unknown} */ mapSyncError) => { st.mapSyncError = mapSyncError; },
      blockReadBefore: () => blockReads.get(i)?.(),
    };
  }

  /**
   * Queue op i: it is queued (its handler returned), parked (waiting for the batch's next sync) or failed.
   * @param {number} i
   */
  async function runOp(i) {
    const st = states[i];
    st.mark = registry.mark();
    try {
      const handler = Object.hasOwn(env.handlers, st.op) && st.op !== "batch" ? env.handlers[st.op] : undefined;
      if (!handler) throw new PaneError("E_UNSUPPORTED", `Unsupported op "${st.op}" in a batch`, "op");
      if (needsEarlierValues(ops, states, i) && await syncsFirst(i)) return;
      const args = resolveArgs(ops, states, i);
      if (syncsParkedFirst(i, handler, args) && await syncsFirst(i)) return;
      // A target made by a reference may lie in what an op replaces: read first (batch-stale-targets.js).
      if (await staleTargets.placeBefore(i, args, () => syncsFirst(i), () => hasUnflushed(i))) return;
      if (staleTargets.queue(i) && await syncsFirst(i)) return;
      staleTargets.refuse(i);
      st.state = "running";
      context.trace(`${TRACE}${i}`);
      const waits = waitsForBatchSync(handler, args);
      /** @type {() => void} */
      let parks = () => {};
      const parkedSignal = new Promise((resolve) => { parks = () => resolve("parked"); });
      const done = runStep(handler, st.op, { ...opEnv(i), args, ...(waits ? { sync: () => park(i, parks) } : {}) })
        .then((data) => ({ data }), (error) => ({ error }));
      const first = await Promise.race([done, parkedSignal]);
      if (first === "parked") {
        Object.assign(st, { state: "parked", done });
        parked.push(i);
        return;
      }
      const outcome = /** @type {Outcome} */ (first);
      if ("error" in outcome) throw outcome.error;
      Object.assign(st, { state: "queued", data: outcome.data });
      if (parked.length) queuedAfterParked = true;
    } catch (err) {
      if (err instanceof EarlierOpFailed) throw err;
      registry.rollbackOp(st.mark);
      fail(i, err);
      if (unflushed === i) unflushed = i + 1;
    }
  }

  let i = 0;
  for (;;) {
    while (i < ops.length) {
      const st = states[i];
      if (st.state !== "pending") {
        i += 1;
        continue;
      }
      // Also an op Word dropped at a failed sync before the pause: running it again now would be a new edit.
      if (stoppedBy === undefined && (pausedAt !== undefined || env.isPaused?.())) {
        pausedAt = Math.min(pausedAt ?? i, i);
        Object.assign(st, { state: "notRun", code: "E_PERMISSION", data: undefined, readBacks: [], notes: [diagnostic("error", PAUSED_NOT_RUN)] });
        i += 1;
        continue;
      }
      // Ops before the failed one may still be pending: reads that shared its sync run again.
      if (stoppedBy !== undefined && i > stoppedBy) {
        Object.assign(st, { state: "notRun", notes: [diagnostic("error", `not run: op ${stoppedBy} failed and stopOnError is true`)] });
        i += 1;
        continue;
      }
      try {
        await runOp(i);
      } catch (err) {
        if (!(err instanceof EarlierOpFailed)) throw err;
        i = firstPending();
        continue;
      }
      if (st.state === "pending") continue; // stopped by an op that failed in the sync before it
      i += 1;
      if (ops.length > PROGRESS_EVERY && i % PROGRESS_EVERY === 0) env.progress(i, ops.length, `batch: ${i} of ${ops.length} ops queued`);
    }
    if (!states.some((st) => st.state === "queued" || st.state === "parked")) break;
    try {
      await flush(ops.length);
    } catch (err) {
      if (!(err instanceof EarlierOpFailed)) throw err;
    }
    // A parked op that failed after the sync stops the later ones, and a failure leaves ops to run again.
    i = firstPending();
  }
  if (pausedAt !== undefined || states.some((st) => st.state === "failed")) await flushLeftovers();
  return result(states, {}, pausedAt);
}
