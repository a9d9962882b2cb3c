// Runs canonical ops against Word: one shared RequestContext, the op → handler dispatch (with the common
// args expectText and dryRun, step.js), Pause, a bounded taskId → result cache (checked against a
// fingerprint of the op), sync counting, read-backs after the closing sync and the exception guard.

import { createRegistry } from "./registry.js";
import { PartialFailure, diagnostic, errorEnvelope, mapError, okEnvelope } from "./errors.js";
import { HANDLERS } from "./handlers/index.js";
import { runStep } from "./step.js";
import { runReadBack } from "./batch.js";

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
 *   run one `ai-cmd` (ops run one at a time in arrival order; a repeated taskId answers from the cache when
 *   it carries the same op and args, and is refused with E_INVALID_ARG on `taskId` when they differ)
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
  const registry = createRegistry({ limit: registryLimit, supports: (name, version) => supports(name, version) });
  /** @type {Map<string, { fingerprint: Fingerprint, pending: Promise<ExecuteOutcome> }>} oldest first */
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
      refused.stats.notRun = true; // the server then keeps no result for the taskId: a retry runs the op
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
    /** @type {(() => void)[]} */
    const readBacks = [];
    registry.beginOp();
    try {
      const data = await Word.run(sharedAnchor(), async (context) => {
        const result = await runStep(handler, opName, {
          context,
          args: cmd.op.args,
          Word,
          Office,
          registry,
          supports,
          handlers: HANDLERS,
          sync: async () => {
            syncs += 1;
            await context.sync();
          },
          note: (level, msg, field) => notes.push(diagnostic(level, msg, field)),
          progress: (done, total, message) => onProgress({ id: cmd.id ?? "", done, total, message }),
          afterSync: (readBack) => readBacks.push(readBack),
        });
        // Word.run's closing sync comes next: it flushes what the handler queued after its own sync.
        syncs += 1;
        return result;
      });
      for (const readBack of readBacks) runReadBack(readBack, (note) => notes.push(note));
      return outcome(okEnvelope(opName, data, notes));
    } catch (err) {
      if (err instanceof PartialFailure) {
        // Part of the op was done (a batch): its data says what, and the ids it returns stay valid.
        return outcome({ ok: false, op: opName, data: err.data, code: err.code, diagnostics: [...notes, ...err.diagnostics] });
      }
      registry.rollbackOp();
      const { code, diagnostics } = mapError(err, undefined, cmd.op.args);
      return outcome(errorEnvelope(opName, code, [...notes, ...diagnostics]));
    }
  }

  /** @param {string} taskId @param {Fingerprint} fingerprint @param {Promise<ExecuteOutcome>} pending */
  function remember(taskId, fingerprint, pending) {
    cache.set(taskId, { fingerprint, pending });
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
      const fingerprint = fingerprintOf(cmd);
      const known = taskId ? cache.get(taskId) : undefined;
      if (taskId && known) {
        const differs = describeDifference(known.fingerprint, fingerprint);
        if (differs) {
          // Running it would lose the new op silently; answering the old result would lie about it.
          return Promise.resolve({
            result: errorEnvelope(fingerprint.op, "E_INVALID_ARG", [
              diagnostic("error", `taskId "${taskId}" was already used for another op (${differs}): give each new op its own taskId`, "taskId"),
            ]),
            stats: { ms: 0, syncs: 0 },
          });
        }
        return known.pending.then(({ result }) => ({ result, stats: { ms: 0, syncs: 0, cached: true } }));
      }
      const pending = queue.then(() => run(cmd, onProgress));
      queue = pending.catch(() => {});
      if (taskId) {
        remember(taskId, fingerprint, pending);
        pending.then((done) => {
          if (notRun.has(done) && cache.get(taskId)?.pending === pending) cache.delete(taskId);
        });
      }
      return pending;
    },
  };
}

/**
 * What identifies an op for the taskId cache: its name and a hash of each top-level arg's canonical JSON
 * (sorted keys), so big args (picture data) are not kept and the difference can be named.
 * @typedef {{ op: string, args: Map<string, string> }} Fingerprint
 */

/**
 * @param {AiCommand} cmd
 * @returns {Fingerprint}
 */
export function fingerprintOf(cmd) {
  const op = typeof cmd?.op?.op === "string" ? cmd.op.op : "unknown";
  const given = cmd?.op?.args;
  const args = new Map();
  if (typeof given === "object" && given !== null && !Array.isArray(given)) {
    for (const key of Object.keys(given).sort()) {
      if (given[key] !== undefined) args.set(key, hash(canonicalJson(given[key])));
    }
  } else if (given !== undefined) {
    args.set("", hash(canonicalJson(given)));
  }
  return { op, args };
}

/**
 * What differs between two fingerprints, in words, or "" when they are the same op.
 * @param {Fingerprint} before
 * @param {Fingerprint} now
 */
export function describeDifference(before, now) {
  if (before.op !== now.op) return `op "${before.op}", now "${now.op}"`;
  const names = new Set([...before.args.keys(), ...now.args.keys()]);
  const changed = [...names].filter((name) => before.args.get(name) !== now.args.get(name)).sort();
  if (changed.length === 0) return "";
  return `"${now.op}" with different args: ${changed.map((name) => (name ? `args.${name}` : "args")).join(", ")}`;
}

/**
 * JSON with object keys sorted at every level: equal values give equal text.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A 53-bit string hash (cyrb53): enough to tell args apart without keeping them.
 * @param {string} text
 */
function hash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
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
