// Runs canonical ops against Word: one shared RequestContext, the op → handler dispatch (with the common
// args expectText and dryRun, step.js), Pause, taskId repeats (a bounded cache of this load's results,
// and records kept in storage across reloads, task-store.js; both checked against a fingerprint of the op),
// sync counting, read-backs after the closing sync and the exception guard.

import { createRegistry } from "./registry.js";
import { PartialFailure, diagnostic, errorEnvelope, mapError, okEnvelope } from "./errors.js";
import { HANDLERS } from "./handlers/index.js";
import { runStep } from "./step.js";
import { PAUSED_NOT_RUN, runReadBack } from "./batch.js";
import { changesDocument, createTaskStore } from "./task-store.js";
import { describeDifference, fingerprintOf } from "./fingerprint.js";

/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./task-store.js").TaskStore} TaskStore */
/** @typedef {import("./task-store.js").TaskRecord} TaskRecord */
/** @typedef {import("./fingerprint.js").Fingerprint} Fingerprint */

export { canonicalJson, describeDifference, fingerprintOf } from "./fingerprint.js";

/** What a result answered again for a repeated taskId says (the server adds the same text to its own). */
export const REPEATED = "repeated taskId: this is the first result; the op was not run again";

/**
 * @typedef {{ id: string, done: number, total: number, message: string }} ProgressReport
 */

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
 * @param {() => string | null | undefined} [options.documentSession]  the document's session id: the records'
 *   scope, so that two documents do not share taskIds
 * @param {Readonly<Record<string, Handler>>} [options.handlers]  the op → handler table (tests give their own)
 * @returns {Engine}
 */
export function createEngine({
  Word, Office, registryLimit = 500, cacheLimit = 200, taskStore = createTaskStore(), documentSession = () => null,
  handlers = HANDLERS,
}) {
  const registry = createRegistry({ limit: registryLimit, supports: (name, version) => supports(name, version) });
  /** @type {Map<string, { fingerprint: Fingerprint, pending: Promise<ExecuteOutcome>, settled: boolean }>} oldest first */
  const cache = new Map();
  /** @type {Set<(paused: boolean) => void>} */
  const pauseListeners = new Set();
  /** @type {Promise<unknown>} the tail of the one-at-a-time queue */
  let queue = Promise.resolve();
  let paused = false;
  /** @type {Word.Body | undefined} */
  let anchor;
  /** @type {WeakSet<ExecuteOutcome>} refusals that ran nothing: not cached, a retry runs the op */
  const notRun = new WeakSet();

  /**
   * The object whose RequestContext every run shares: tracked objects of one run stay usable in the next.
   * Created without a sync; its tracking is flushed with the first op's sync.
   * @returns {Word.Body}
   */
  function sharedAnchor() {
    if (!anchor) {
      const context = new Word.RequestContext();
      anchor = context.document.body;
      context.trackedObjects.add(anchor);
    }
    return anchor;
  }

  /**
   * @param {string} name
   * @param {string} version
   */
  function supports(name, version) {
    try {
      return Boolean(Office.context?.requirements?.isSetSupported(name, version));
    } catch {
      return false;
    }
  }

  /**
   * @param {AiCommand} cmd
   * @param {(report: ProgressReport) => void} onProgress
   * @param {() => void} beforeWord  called once the op will reach Word, before its first sync
   * @returns {Promise<ExecuteOutcome>}
   */
  async function run(cmd, onProgress, beforeWord) {
    const started = now();
    let syncs = 0;
    const opName = typeof cmd?.op?.op === "string" ? cmd.op.op : "unknown";
    /** @param {ResultEnvelope} result @returns {ExecuteOutcome} */
    const outcome = (result) => ({ result, stats: { ms: Math.round((now() - started) * 10) / 10, syncs } });

    const malformed = checkEnvelope(cmd);
    if (malformed) return outcome(errorEnvelope(opName, "E_INVALID_ARG", [malformed]));
    if (paused) {
      const refused = outcome(errorEnvelope(opName, "E_PERMISSION", [
        diagnostic("error", "AI edits are paused in the Word Bridge pane: switch off \"Pause AI edits\" to allow them"),
      ]));
      refused.stats.notRun = true; // the server then keeps no result for the taskId: a retry runs the op
      notRun.add(refused);
      return refused;
    }
    const handler = Object.hasOwn(handlers, opName) ? handlers[opName] : undefined;
    if (!handler) {
      return outcome(errorEnvelope(opName, "E_UNSUPPORTED", [
        diagnostic("error", `Unsupported op "${opName}"; supported: ${Object.keys(handlers).join(", ")}`, "op"),
      ]));
    }

    /** @type {Diagnostic[]} */
    const notes = [];
    /** @type {(() => void)[]} */
    const readBacks = [];
    /** @type {() => { gone: number, reused: Map<string, string> }} after the closing sync (registry.queueChecks) */
    let settleIds = () => ({ gone: 0, reused: new Map() });
    registry.beginOp();
    beforeWord();
    /** Whether what Word last saw of this op was a sync that failed (then nothing of it is left queued). */
    let failedAtSync = false;
    try {
      const data = await Word.run(sharedAnchor(), async (context) => {
        const result = await runStep(handler, opName, {
          context,
          args: cmd.op.args,
          Word,
          Office,
          registry,
          supports,
          handlers,
          sync: async () => {
            syncs += 1;
            failedAtSync = true;
            await context.sync();
            failedAtSync = false;
          },
          note: (level, msg, field) => notes.push(diagnostic(level, msg, field)),
          progress: (done, total, message) => onProgress({ id: cmd.id ?? "", done, total, message }),
          afterSync: (readBack) => readBacks.push(readBack),
          isPaused: () => paused,
        });
        // Word.run's closing sync comes next: it flushes what the handler queued after its own sync, and reads
        // which ranges are empty now.
        settleIds = registry.queueChecks(removalOf(opName, cmd.op.args));
        syncs += 1;
        failedAtSync = true; // Word.run's closing sync: if the run fails now, it failed there
        return result;
      });
      failedAtSync = false;
      for (const readBack of readBacks) runReadBack(readBack, (note) => notes.push(note));
      const { gone, reused } = settleIds();
      const answer = reused.size > 0 ? withIds(data, reused) : data;
      if (gone > 0) {
        notes.push(diagnostic("info", `${gone} range id${gone === 1 ? "" : "s"} of earlier ops covered text this op removed or replaced: ${gone === 1 ? "it is" : "they are"} retired (E_NOT_FOUND from now on)`));
      }
      const released = registry.releasedThisOp();
      if (released > 0) {
        notes.push(diagnostic("warn", `${released} older id${released === 1 ? " was" : "s were"} released: the pane keeps at most ${registry.limit} range and table ids and releases the least recently used first. An op on a released id answers E_NOT_FOUND; read the document or search again for fresh ids (trackResults and readDocument's limit keep fewer)`));
      }
      return outcome(okEnvelope(opName, answer, notes));
    } catch (err) {
      if (err instanceof PartialFailure) {
        // Part of the op was done (a batch): its data says what, and the ids it returns stay valid.
        const partial = outcome({ ok: false, op: opName, data: err.data, code: err.code, diagnostics: [...notes, ...err.diagnostics] });
        if (err.data.completed === 0 && err.data.results?.[0]?.diagnostics?.[0]?.msg === PAUSED_NOT_RUN) {
          // Paused before its first op: it ran nothing, so (as a paused pane's refusal) a retry runs it.
          partial.stats.notRun = true;
          notRun.add(partial);
        }
        return partial;
      }
      registry.rollbackOp();
      const context = sharedAnchor().context;
      if (!failedAtSync && hasQueuedWork(context)) {
        // The handler threw between syncs: what it queued since its last sync (loads, the tracking of ids it
        // minted and the release of the ones rolled back) is still in the shared context's pending request, and
        // would run with the next op's first sync, where a load that fails would fail that op. Word.run gives
        // each run a fresh context; sharing one, the engine sends what is left now, as part of this op, and
        // ignores the outcome.
        syncs += 1;
        await context.sync().catch(() => {});
      }
      const { code, diagnostics } = mapError(err, undefined, cmd.op.args);
      return outcome(errorEnvelope(opName, code, [...notes, ...diagnostics]));
    }
  }

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
   * it finished (read-only ops keep only their fingerprint). A refusal that ran nothing keeps no record.
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
    if (started && notRun.has(done)) taskStore.remove(scope, taskId);
    else if (started && !readOnly) taskStore.put(scope, taskId, { ...record, result: done.result });
    return done;
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
      }
      const pending = queue.then(() => runRecorded(cmd, onProgress, taskId, scope, fingerprint));
      queue = pending.catch(() => {});
      remember(taskId, fingerprint, pending);
      pending.then((done) => {
        if (notRun.has(done) && cache.get(taskId)?.pending === pending) cache.delete(taskId);
      });
      return pending;
    },
  };
}

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
    warnings.push(diagnostic("warn", "this result was too large to keep across pane reloads: only whether it "
      + "succeeded and its diagnostics were kept (read the document to see what it did)", "taskId"));
  }
  return repeatOutcome(record.result, warnings);
}

/**
 * A first result answered again: it says so (once), with `extra` diagnostics after that.
 * @param {ResultEnvelope} result
 * @param {Diagnostic[]} extra
 * @returns {ExecuteOutcome}
 */
function repeatOutcome(result, extra) {
  const said = result.diagnostics.some((d) => d.msg === REPEATED);
  const diagnostics = [...result.diagnostics, ...(said ? [] : [diagnostic("info", REPEATED, "taskId")]), ...extra];
  return { result: { ...result, diagnostics }, stats: { ms: 0, syncs: 0, cached: true } };
}

/**
 * @param {string} taskId @param {string} op @param {string} differs
 * @returns {ExecuteOutcome}
 */
function reusedTaskId(taskId, op, differs) {
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

/** Ops that add or format and never remove text (beyond them, an op with a `location` removes with "replace"). */
const ADDING_OPS = new Set([
  "insertBreak", "table.create", "table.insertRows", "table.insertColumns", "table.applyStyle", "table.mergeCells",
  "applyStyle", "comment.add", "comment.reply", "comment.resolve", "comment.delete", "anchor.create",
  "footnote.insert", "endnote.insert", "trackChanges.set",
]);

/**
 * How an op may remove or replace text (the end of the message an id whose text it took answers with), or
 * undefined when it cannot: read-only ops and dry runs, ops that only add or format, and inserts at a location
 * other than "replace" (the default of insertText, insertMarkdown, insertPicture and hyperlink.set).
 * @param {string} op
 * @param {unknown} args
 * @returns {string | undefined}
 */
export function removalOf(op, args) {
  if (!changesDocument(op, args)) return undefined;
  const given = /** @type {Record<string, any>} */ (args);
  if (op === "batch") {
    const ops = Array.isArray(given.ops) ? given.ops : [];
    return ops.some((item) => removalOf(item?.op, item?.args ?? {}) !== undefined)
      ? "removed or replaced by an op of a batch: read or search the document again for ids of what is there now"
      : undefined;
  }
  if (ADDING_OPS.has(op)) return undefined;
  if (["insertText", "insertMarkdown", "insertPicture", "hyperlink.set"].includes(op) && (given.location ?? "replace") !== "replace") return undefined;
  if (op === "hyperlink.set" && given.text === undefined) return undefined;
  if (op === "replace") return "replaced by a replace op, which gives no ids for the new text: search for it to get one";
  return `removed or replaced by ${op}: read or search the document again for ids of what is there now`;
}

/**
 * Whether a request context holds actions queued since its last sync. Office.js keeps them in the context's
 * pending request (ClientRequestContext.m_pendingRequest: null right after a sync, else a ClientRequest whose
 * hasActions says whether anything was queued; internal to Office.js, which the simulator models); a context
 * that does not say counts as holding some (a sync with nothing queued makes no round trip in Office.js).
 * @param {Word.RequestContext} context
 */
export function hasQueuedWork(context) {
  const pending = /** @type {{ m_pendingRequest?: { hasActions?: boolean } | null }} */ (/** @type {unknown} */ (context));
  if (!("m_pendingRequest" in pending)) return true;
  return pending.m_pendingRequest !== null && pending.m_pendingRequest?.hasActions !== false;
}

/**
 * A result with ids replaced: every string that is one of `ids`' keys becomes its value (the earlier id that
 * stands for a block id minted again for the same paragraph).
 * @template T
 * @param {T} value
 * @param {Map<string, string>} ids
 * @returns {T}
 */
export function withIds(value, ids) {
  if (typeof value === "string") return /** @type {T} */ (ids.get(value) ?? value);
  if (Array.isArray(value)) return /** @type {T} */ (value.map((item) => withIds(item, ids)));
  if (typeof value === "object" && value !== null) {
    return /** @type {T} */ (Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withIds(item, ids)])));
  }
  return value;
}

/**
 * The envelope problems the pane refuses before dispatch (the server normally never sends them).
 * @param {AiCommand} cmd
 * @returns {Diagnostic | undefined}
 */
function checkEnvelope(cmd) {
  const op = cmd?.op;
  if (typeof op !== "object" || op === null) return diagnostic("error", "The command has no word.op envelope", "op");
  if (op.type !== "word.op") return diagnostic("error", 'op.type must be "word.op"', "type");
  if (typeof op.op !== "string" || !op.op) return diagnostic("error", "op.op must name the operation", "op");
  if (typeof op.args !== "object" || op.args === null || Array.isArray(op.args)) return diagnostic("error", "op.args must be an object", "args");
  return undefined;
}

function now() {
  return globalThis.performance?.now() ?? Date.now();
}
