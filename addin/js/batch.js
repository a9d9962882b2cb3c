// batch: up to 500 ops in one Word.run on the shared context, in as few syncs as possible. Ops that need
// no read queue their writes and never sync; an op that reads syncs once, which also flushes what the ops
// before it queued; one last sync flushes the rest (Word.run's closing sync then has nothing to do).
//
// References: a string arg may hold "$<i>.<path>" (e.g. "tableId:$0.tableId"); before op i runs, each is
// replaced by that value of op i's result data. A value that is missing (the op failed, did not run, or
// has no such field) fails the op with E_INVALID_ARG naming the reference. "$$" before a reference is a literal
// "$" ("$$0.length" is the text "$0.length"; batch-references.js has the rule).
//
// Refused up front (nothing runs): an op that targets what an earlier op of the batch removes (a table or blocks
// replaced, paragraphs replaced with ""), E_NOT_FOUND naming that op (batch-removals.js).
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

import { PaneError, diagnostic, mapError } from "./errors.js";
import { bool } from "./args.js";
import { runStep, withTracking } from "./step.js";
import { referencesOf, substitute, valueAt, whyNoValue } from "./batch-references.js";
import { TRACE, opSpan, result } from "./batch-result.js";
import { dryRunBatch } from "./batch-dry-run.js";
import { refuseRemovedTargets } from "./batch-removals.js";

export { REFERENCE, referencesIn, referencesOf, substitute, valueAt, whyNoValue } from "./batch-references.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./batch-result.js").OpState} OpState */

export const MAX_OPS = 500;
/** Batches longer than this report progress every this many ops. */
const PROGRESS_EVERY = 25;
/** The envelope of each op a pause kept from running. */
export const PAUSED_NOT_RUN = "not run: AI edits were paused in the pane";

/**
 * A Word error at a shared sync, attributed: op `at` failed; ops from..at-1 were applied, at+1..to dropped.
 * @typedef {{ at: number, from: number, to: number, attributed: boolean, error: unknown }} SharedFailure
 */

/** Thrown into a handler whose sync failed in an earlier op: not an Office error, so handlers pass it on. */
class EarlierOpFailed extends Error {
  /** @param {SharedFailure} failure */
  constructor(failure) {
    super(`op ${failure.at} of the batch failed in a sync this op shared`);
    this.name = "EarlierOpFailed";
    this.failure = failure;
  }
}

/**
 * The batch handler: `{ops: [{op, args}], stopOnError = true, dryRun?}`.
 * @param {HandlerEnv} env
 */
export async function batch(env) {
  const ops = readOps(env.args);
  refuseRemovedTargets(ops, env.registry);
  const stopOnError = bool(env.args, "stopOnError", true);
  if (bool(env.args, "dryRun", false)) return dryRunBatch(env, ops, stopOnError);
  if (bool(env.args, "trackChanges", false)) return runTrackedBatch(env, ops, stopOnError);
  return runBatch(env, ops, stopOnError);
}

/**
 * trackChanges: true on the batch — every edit of the batch is a tracked change, and the previous mode comes back
 * in the batch's own syncs (step.js, {@link withTracking}).
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} stopOnError
 */
function runTrackedBatch(env, ops, stopOnError) {
  return withTracking(env, "batch", (tracked) => runBatch(tracked, ops, stopOnError));
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

/**
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} stopOnError
 */
async function runBatch(env, ops, stopOnError) {
  const { context, registry } = env;
  /** @type {OpState[]} */
  const states = ops.map(({ op }) => ({ op, state: "pending", notes: [], readBacks: [], mark: 0 }));
  /** The first op whose actions may still be queued (not yet flushed by a sync). */
  let unflushed = 0;
  /** @type {number | undefined} the op whose failure stops the batch */
  let stoppedBy;
  /** @type {number | undefined} the first op the person's pause kept from running */
  let pausedAt;

  /** @param {number} i @param {Diagnostic} note */
  const addNote = (i, note) => states[i].notes.push(note);

  /**
   * The batch's sync, on behalf of op `current` (ops.length for the last one).
   * @param {number} current
   */
  async function flush(current) {
    const from = unflushed;
    try {
      await env.sync();
    } catch (err) {
      const failure = attribute(err, from, current);
      settleApplied(failure.from, failure.at, true);
      // Word ran nothing past the failure: the next op to queue anything starts the next sync's ops.
      unflushed = failure.at === current ? current : failure.at + 1;
      if (failure.at === current) throw err; // the running op's own action: its handler maps the error
      settleFailure(failure);
      throw new EarlierOpFailed(failure);
    }
    settleApplied(from, current, false);
    unflushed = current;
  }

  /**
   * Which op failed at a sync covering ops from..to: the last trace Word executed, else the first op that
   * could have queued the failing action.
   * @param {unknown} err
   * @param {number} from
   * @param {number} to
   * @returns {SharedFailure}
   */
  function attribute(err, from, to) {
    const traces = /** @type {{ traceMessages?: unknown }} */ (err)?.traceMessages;
    const executed = Array.isArray(traces) ? traces.filter((t) => typeof t === "string" && t.startsWith(TRACE)) : [];
    const last = executed.length ? Number(executed[executed.length - 1].slice(TRACE.length)) : NaN;
    if (Number.isInteger(last) && last >= from && last <= to) return { at: last, from, to, attributed: true, error: err };
    let at = from;
    while (at < to && states[at].state !== "queued" && states[at].state !== "running") at += 1;
    return { at, from, to, attributed: false, error: err };
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
      if (failed && st.readBacks.length) {
        addNote(i, diagnostic("warn", "This op was applied, but a later op failed in the same sync, so Word returned none of the values this op reads back"));
      } else {
        for (const readBack of st.readBacks) runReadBack(readBack, (note) => addNote(i, note));
      }
      st.readBacks = [];
    }
  }

  /**
   * Op `at` failed in a sync it shared with later ops: record it, roll back the ids of it and of the
   * dropped ops, and say what happened to each.
   * @param {SharedFailure} failure
   */
  function settleFailure({ at, from, to, attributed, error }) {
    registry.rollbackOp(states[at].mark);
    fail(at, error);
    const last = Math.min(to, states.length - 1);
    const dropped = last > at ? opSpan(at + 1, last) : undefined;
    const shared = `${opSpan(from, last)} shared one sync`;
    const msg = attributed
      ? `${shared}: Word applied ${at > from ? opSpan(from, at - 1) : "none of the others"} and failed in op ${at}${dropped ? `; ${dropped} ${stopOnError ? "did not run" : "ran again"}` : ""}`
      : `${shared} and Word did not say which one failed: op ${at} is reported as failed; Word may have applied some of the others before the failure${dropped ? ` (${dropped} ${stopOnError ? "did not run" : "ran again"})` : ""}`;
    addNote(at, diagnostic("info", msg));
    for (let i = at + 1; i <= to && i < states.length; i += 1) Object.assign(states[i], { state: "pending", data: undefined, notes: [], readBacks: [] });
  }

  /** @param {number} i @param {unknown} error */
  function fail(i, error) {
    const { code, diagnostics } = mapError(error, undefined, ops[i]?.args);
    Object.assign(states[i], { state: "failed", code, data: undefined, readBacks: [] });
    states[i].notes.push(...diagnostics);
    if (stopOnError && stoppedBy === undefined) stoppedBy = i;
  }

  /**
   * Op i's args with its references replaced. A value an earlier op reads back (a picture's size) exists
   * only after the sync that flushes that op: such a reference syncs first.
   * @param {number} i
   */
  async function resolveArgs(i) {
    const pending = referencesOf(String(JSON.stringify(ops[i].args))).some(({ op: j, path }) => {
      const st = states[j];
      return j < i && st?.state === "queued" && st.readBacks.length > 0 && valueAt(st.data, path) === undefined;
    });
    if (pending) await flush(i);
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
    };
  }

  let i = 0;
  for (;;) {
    while (i < ops.length) {
      const st = states[i];
      // Also an op Word dropped at a failed sync before the pause: running it again now would be a new edit.
      if (stoppedBy === undefined && (pausedAt !== undefined || env.isPaused?.())) {
        pausedAt = Math.min(pausedAt ?? i, i);
        Object.assign(st, { state: "notRun", code: "E_PERMISSION", data: undefined, readBacks: [], notes: [diagnostic("error", PAUSED_NOT_RUN)] });
        i += 1;
        continue;
      }
      if (stoppedBy !== undefined) {
        Object.assign(st, { state: "notRun", notes: [diagnostic("error", `not run: op ${stoppedBy} failed and stopOnError is true`)] });
        i += 1;
        continue;
      }
      st.mark = registry.mark();
      st.state = "running";
      context.trace(`${TRACE}${i}`);
      try {
        const handler = Object.hasOwn(env.handlers, st.op) && st.op !== "batch" ? env.handlers[st.op] : undefined;
        if (!handler) throw new PaneError("E_UNSUPPORTED", `Unsupported op "${st.op}" in a batch`, "op");
        const args = await resolveArgs(i);
        st.data = await runStep(handler, st.op, { ...opEnv(i), args });
        st.state = "queued";
      } catch (err) {
        if (err instanceof EarlierOpFailed) {
          i = err.failure.at + 1;
          continue;
        }
        registry.rollbackOp(st.mark);
        fail(i, err);
        if (unflushed === i) unflushed = i + 1;
      }
      i += 1;
      if (ops.length > PROGRESS_EVERY && i % PROGRESS_EVERY === 0) env.progress(i, ops.length, `batch: ${i} of ${ops.length} ops queued`);
    }
    if (!states.some((st) => st.state === "queued")) break;
    try {
      await flush(ops.length);
      break;
    } catch (err) {
      if (!(err instanceof EarlierOpFailed)) throw err;
      i = err.failure.at + 1;
    }
  }
  return result(states, {}, pausedAt);
}

/**
 * @param {() => void} readBack
 * @param {(note: Diagnostic) => void} note
 */
export function runReadBack(readBack, note) {
  try {
    readBack();
  } catch (err) {
    note(diagnostic("warn", `The op was applied, but reading back its result failed: ${mapError(err).diagnostics[0]?.msg}`));
  }
}
