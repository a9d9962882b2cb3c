// The pane's engine: runs canonical ops one at a time in arrival order (run-op.js runs each against Word),
// Pause, and taskId repeats (a bounded cache of this load's results, and records kept in storage across reloads,
// task-store.js; both checked against a fingerprint of the op; task-repeats.js answers them).

import { createRegistry } from "./registry.js";
import { HANDLERS } from "./handlers/index.js";
import { changesDocument, createTaskStore } from "./task-store.js";
import { describeDifference, fingerprintOf } from "./fingerprint.js";
import { createOpRunner, hostSupports } from "./run-op.js";
import { answerRecord, forgottenTask, repeatOutcome, reusedTaskId } from "./task-repeats.js";
import { retryWarning } from "./retry-safety.js";

/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./task-store.js").TaskStore} TaskStore */
/** @typedef {import("./task-store.js").TaskRecord} TaskRecord */
/** @typedef {import("./fingerprint.js").Fingerprint} Fingerprint */
/** @typedef {import("./run-op.js").ProgressReport} ProgressReport */

export { canonicalJson, describeDifference, fingerprintOf } from "./fingerprint.js";
export { REPEATED, answerRecord } from "./task-repeats.js";
export { removalOf } from "./op-removals.js";
export { hasQueuedWork, withIds } from "./run-op.js";

/**
 * @typedef {object} Engine
 * @property {(cmd: AiCommand, options?: { onProgress?: (report: ProgressReport) => void }) => Promise<ExecuteOutcome>} execute
 *   run one `ai-cmd` (ops run one at a time in arrival order; a repeated taskId answers the first result when
 *   it carries the same op and args, and is refused with E_INVALID_ARG on `taskId` when they differ; see
 *   {@link answerRecord} for a taskId an earlier load of the pane ran)
 * @property {(paused: boolean) => void} setPaused
 * @property {boolean} paused
 * @property {(listener: (paused: boolean) => void) => () => void} onPausedChange  returns an unsubscribe function
 * @property {import("./registry.js").Registry} registry
 * @property {string[]} supportedOps
 */

/**
 * @param {object} options
 * @param {typeof Word} options.Word
 * @param {typeof Office} options.Office
 * @param {number} [options.registryLimit]  tracked ranges/tables kept before the least recently used are released
 * @param {number} [options.cacheLimit]     results of this load kept in memory by taskId
 * @param {TaskStore} [options.taskStore]   taskId records that outlive this load (default: memory only)
 * @param {() => string | null | undefined} [options.documentSession]  the records' scope for the document (its
 *   session id, or what else names it across loads: document-identity.js), so that two documents do not share taskIds
 * @param {(scope: string) => string | undefined} [options.retryRisk]  why a retry after a reload of the pane may
 *   run an op of that scope again (retry-safety.js): the results of ops that change the document then warn of it
 * @param {Readonly<Record<string, Handler>>} [options.handlers]  the op → handler table (tests give their own)
 * @returns {Engine}
 */
export function createEngine({
  Word, Office, registryLimit = 500, cacheLimit = 200, taskStore = createTaskStore(), documentSession = () => null,
  retryRisk = () => undefined, handlers = HANDLERS,
}) {
  const supports = hostSupports(Office);
  const registry = createRegistry({ limit: registryLimit, supports });
  /** @type {Map<string, { fingerprint: Fingerprint, pending: Promise<ExecuteOutcome>, settled: boolean }>} oldest first */
  const cache = new Map();
  /** @type {Set<(paused: boolean) => void>} */
  const pauseListeners = new Set();
  /** @type {Promise<unknown>} the tail of the one-at-a-time queue */
  let queue = Promise.resolve();
  let paused = false;
  const { run, ranNothing } = createOpRunner({ Word, Office, registry, supports, handlers, isPaused: () => paused });

  /**
   * Keep a result of this load in memory; beyond the limit the oldest finished ones go (one still running
   * stays: a repeat must wait for it, its stored record says only "started").
   * @param {string} taskId @param {Fingerprint} fingerprint @param {Promise<ExecuteOutcome>} pending
   */
  function remember(taskId, fingerprint, pending) {
    const entry = { fingerprint, pending, settled: false };
    cache.set(taskId, entry);
    pending.finally(() => { entry.settled = true; });
    for (const [id, kept] of cache) {
      if (cache.size <= cacheLimit) break;
      if (kept.settled) cache.delete(id);
    }
  }

  /**
   * Run an op with a taskId, its record kept in storage: "started" before its first sync, its result once
   * it finished (read-only ops keep only their fingerprint). A refusal that ran nothing keeps no record. Where
   * the record may not outlive this load (retry-safety.js), the result of an op that changes the document says so.
   * @param {AiCommand} cmd @param {(report: ProgressReport) => void} onProgress
   * @param {string} taskId @param {string} scope @param {Fingerprint} fingerprint
   * @returns {Promise<ExecuteOutcome>}
   */
  async function runRecorded(cmd, onProgress, taskId, scope, fingerprint) {
    const readOnly = !changesDocument(fingerprint.op, cmd?.op?.args);
    /** @type {TaskRecord} */
    const record = { op: fingerprint.op, args: [...fingerprint.args], instance: registry.salt, ...(readOnly ? { readOnly } : {}) };
    let started = false;
    const done = await run(cmd, onProgress, () => {
      started = true;
      taskStore.put(scope, taskId, record);
    });
    if (started && ranNothing(done)) {
      taskStore.remove(scope, taskId);
      return done;
    }
    if (!started || readOnly) return done;
    taskStore.put(scope, taskId, { ...record, result: done.result });
    const risk = retryRisk(scope);
    if (!risk) return done;
    return { ...done, result: { ...done.result, diagnostics: [...done.result.diagnostics, retryWarning(risk)] } };
  }

  return {
    registry,
    supportedOps: Object.keys(handlers),
    get paused() {
      return paused;
    },
    setPaused(value) {
      if (paused === Boolean(value)) return;
      paused = Boolean(value);
      for (const listener of pauseListeners) listener(paused);
    },
    onPausedChange(listener) {
      pauseListeners.add(listener);
      return () => pauseListeners.delete(listener);
    },
    execute(cmd, { onProgress = () => {} } = {}) {
      const taskId = typeof cmd?.id === "string" && cmd.id ? cmd.id : undefined;
      const fingerprint = fingerprintOf(cmd);
      if (!taskId) {
        const pending = queue.then(() => run(cmd, onProgress, () => {}));
        queue = pending.catch(() => {});
        return pending;
      }
      const known = cache.get(taskId);
      if (known) {
        const differs = describeDifference(known.fingerprint, fingerprint);
        // Running it would lose the new op silently; answering the old result would lie about it.
        if (differs) return Promise.resolve(reusedTaskId(taskId, fingerprint.op, differs));
        return known.pending.then(({ result }) => repeatOutcome(result, []));
      }
      const scope = documentSession() || "none";
      const stored = taskStore.get(scope, taskId);
      if (stored) {
        const differs = describeDifference({ op: stored.op, args: new Map(stored.args) }, fingerprint);
        if (differs) return Promise.resolve(reusedTaskId(taskId, fingerprint.op, differs));
        const answer = answerRecord(taskId, stored, registry.salt);
        if (answer) return Promise.resolve(answer);
      } else if (cmd.resent === true && changesDocument(fingerprint.op, cmd?.op?.args) && taskStore.forgotEdits(scope)) {
        // Sent here before, and no record is left of it: records of edits went since, and this may be one of them.
        return Promise.resolve(forgottenTask(taskId, fingerprint.op));
      }
      const pending = queue.then(() => runRecorded(cmd, onProgress, taskId, scope, fingerprint));
      queue = pending.catch(() => {});
      remember(taskId, fingerprint, pending);
      // A read's result is not kept in memory once done (a repeat reads again; its record refuses another op under
      // the taskId): a day of large searches kept 200 of them whole in Word's webview.
      const readOnly = !changesDocument(fingerprint.op, cmd?.op?.args);
      pending.then((done) => {
        if ((readOnly || ranNothing(done)) && cache.get(taskId)?.pending === pending) cache.delete(taskId);
      });
      return pending;
    },
  };
}
