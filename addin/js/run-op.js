// One op run against Word: the envelope checks and the pause, the op → handler dispatch (with the common args
// expectText and dryRun, step.js) in one Word.run on a context shared by every run (tracked objects of one run
// stay usable in the next), sync counting, read-backs after the closing sync, the ids checks of that sync
// (Registry.queueChecks) and the exception guard. engine.js queues the runs and answers repeated taskIds.

import { PartialFailure, diagnostic, errorEnvelope, mapError, okEnvelope } from "./errors.js";
import { runStep } from "./step.js";
import { PAUSED_NOT_RUN, runReadBack } from "./batch.js";
import { removalOf } from "./op-removals.js";
import { NOT_KEPT, refusedBeforeWriting } from "./refusal-retry.js";

/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./registry.js").Registry} Registry */
/** @typedef {{ id: string, done: number, total: number, message: string }} ProgressReport */

/**
 * Which requirement sets the host offers (false when Office cannot say).
 * @param {typeof Office} Office
 * @returns {(name: string, version: string) => boolean}
 */
export function hostSupports(Office) {
  return (name, version) => {
    try {
      return Boolean(Office.context?.requirements?.isSetSupported(name, version));
    } catch {
      return false;
    }
  };
}

/**
 * @typedef {object} OpRunner
 * @property {(cmd: AiCommand, onProgress: (report: ProgressReport) => void, beforeWord: () => void) => Promise<ExecuteOutcome>} run
 *   run one op (`beforeWord` is called once the op will reach Word, before its first sync)
 * @property {(outcome: ExecuteOutcome) => boolean} ranNothing  whether an outcome is a refusal that ran nothing
 *   (a paused pane, a batch paused before its first op, Word's "…and retry" refusals before the op wrote
 *   anything: refusal-retry.js): not kept for its taskId, a retry runs the op
 */

/**
 * @param {object} options
 * @param {typeof Word} options.Word
 * @param {typeof Office} options.Office
 * @param {Registry} options.registry
 * @param {(name: string, version: string) => boolean} options.supports
 * @param {Readonly<Record<string, Handler>>} options.handlers
 * @param {() => boolean} options.isPaused
 * @returns {OpRunner}
 */
export function createOpRunner({ Word, Office, registry, supports, handlers, isPaused }) {
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
    if (isPaused()) {
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
    /** @type {import("./types.js").HandlerEnv | undefined} what the handler ran with (for a refusal's verdict) */
    let opEnv;
    try {
      const data = await Word.run(sharedAnchor(), async (context) => {
        opEnv = {
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
          isPaused,
        };
        const result = await runStep(handler, opName, opEnv);
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
      if (released.length > 0) notes.push(releasedNote(released, registry.limit));
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
      const failedSync = failedAtSync ? syncs : undefined;
      const { code, diagnostics } = mapError(err, undefined, cmd.op.args);
      if (opEnv && refusedBeforeWriting(err, { handler, env: opEnv, failedSync })) {
        // "…and retry": nothing was changed, so the advised retry with the same taskId must run the op.
        const refused = outcome(errorEnvelope(opName, code, [...notes, ...diagnostics, diagnostic("info", NOT_KEPT, "taskId")]));
        refused.stats.notRun = true;
        notRun.add(refused);
        return refused;
      }
      return outcome(errorEnvelope(opName, code, [...notes, ...diagnostics]));
    }
  }

  return { run, ranNothing: (outcome) => notRun.has(outcome) };
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

/** How many released ids an op's note names (the rest it counts). */
const RELEASED_NAMED = 5;

/**
 * The note of an op that released older ids to stay within the registry's limit, naming them: an assistant learns
 * which ids it may still hold are gone. An info, not a warning: at the limit (minutes of normal use) nearly every op
 * that mints an id releases one, even getSelection, and nothing went wrong with the op; a later use of a released
 * id is refused (E_NOT_FOUND saying it was released), never acts elsewhere.
 * @param {string[]} ids  oldest first
 * @param {number} limit
 * @returns {Diagnostic}
 */
function releasedNote(ids, limit) {
  const more = ids.length - RELEASED_NAMED;
  const named = `${ids.slice(0, RELEASED_NAMED).join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  return diagnostic("info", `${ids.length} older id${ids.length === 1 ? " was" : "s were"} released (${named}): the pane keeps at most ${limit} range and table ids and releases the least recently used first. An op on a released id answers E_NOT_FOUND; read the document or search again for fresh ids (trackResults and readDocument's limit keep fewer)`);
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
