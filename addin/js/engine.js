// Runs canonical ops against Word: one shared RequestContext, the op → handler dispatch, Pause,
// a bounded taskId → result cache, sync counting and the exception guard.

import { createRegistry } from "./registry.js";
import { diagnostic, errorEnvelope, mapError, okEnvelope } from "./errors.js";
import { HANDLERS } from "./handlers/index.js";

/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").Handler} Handler */

/**
 * @typedef {{ id: string, done: number, total: number, message: string }} ProgressReport
 */

/**
 * @typedef {object} Engine
 * @property {(cmd: AiCommand, options?: { onProgress?: (report: ProgressReport) => void }) => Promise<ExecuteOutcome>} execute
 *   run one `ai-cmd` (ops run one at a time in arrival order; a repeated taskId answers from the cache)
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
 * @param {number} [options.cacheLimit]     results kept by taskId
 * @returns {Engine}
 */
export function createEngine({ Word, Office, registryLimit = 500, cacheLimit = 200 }) {
  const registry = createRegistry({ limit: registryLimit });
  /** @type {Map<string, Promise<ExecuteOutcome>>} oldest first */
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
   * @returns {Promise<ExecuteOutcome>}
   */
  async function run(cmd, onProgress) {
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
      notRun.add(refused);
      return refused;
    }
    const handler = Object.hasOwn(HANDLERS, opName) ? HANDLERS[opName] : undefined;
    if (!handler) {
      return outcome(errorEnvelope(opName, "E_UNSUPPORTED", [
        diagnostic("error", `Unsupported op "${opName}"; supported: ${Object.keys(HANDLERS).join(", ")}`, "op"),
      ]));
    }

    /** @type {Diagnostic[]} */
    const notes = [];
    registry.beginOp();
    try {
      const data = await Word.run(sharedAnchor(), async (context) => {
        const result = await handler({
          context,
          args: cmd.op.args,
          Word,
          Office,
          registry,
          supports,
          sync: async () => {
            syncs += 1;
            await context.sync();
          },
          note: (level, msg, field) => notes.push(diagnostic(level, msg, field)),
          progress: (done, total, message) => onProgress({ id: cmd.id ?? "", done, total, message }),
        });
        // Word.run's closing sync comes next: it flushes what the handler queued after its own sync.
        syncs += 1;
        return result;
      });
      return outcome(okEnvelope(opName, data, notes));
    } catch (err) {
      registry.rollbackOp();
      const { code, diagnostics } = mapError(err);
      return outcome(errorEnvelope(opName, code, [...notes, ...diagnostics]));
    }
  }

  /** @param {string} taskId @param {Promise<ExecuteOutcome>} pending */
  function remember(taskId, pending) {
    cache.set(taskId, pending);
    while (cache.size > cacheLimit) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  return {
    registry,
    supportedOps: Object.keys(HANDLERS),
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
      const known = taskId ? cache.get(taskId) : undefined;
      if (known) {
        return known.then(({ result }) => ({ result, stats: { ms: 0, syncs: 0, cached: true } }));
      }
      const pending = queue.then(() => run(cmd, onProgress));
      queue = pending.catch(() => {});
      if (taskId) {
        remember(taskId, pending);
        pending.then((done) => {
          if (notRun.has(done) && cache.get(taskId) === pending) cache.delete(taskId);
        });
      }
      return pending;
    },
  };
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
