// The batch's shared pieces: what each op's run looks like (OpState), the trace prefix that attributes a failed
// shared sync to an op, read-backs, and the batch's result (data, or a PartialFailure naming the first failure or a
// pause).

import { PartialFailure, diagnostic, errorEnvelope, mapError, okEnvelope } from "./errors.js";

/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */

/** Prefix of the trace message each op queues first. */
export const TRACE = "wordbridge:batch-op:";
/** The envelope of each op a pause kept from running. */
export const PAUSED_NOT_RUN = "not run: AI edits were paused in the pane";

/** How a handler's run ended. @typedef {{ data: Record<string, any> } | { error: unknown }} Outcome */

/**
 * @typedef {object} OpState
 * @property {string} op
 * @property {"pending" | "running" | "parked" | "queued" | "ok" | "failed" | "notRun"} state
 *   parked: the handler waits for the batch's next sync (batch-run.js); queued: the handler returned, its writes
 *   wait for the next sync
 * @property {Record<string, any>} [data]
 * @property {Diagnostic[]} notes
 * @property {(() => void)[]} readBacks  afterSync callbacks, run after the sync that flushes the op
 * @property {number} mark  the registry before the op (a failure rolls back the ids minted after it)
 * @property {ErrorCode} [code]
 * @property {{ resolve: () => void, reject: (err: unknown) => void }} [wake]  a parked op's sync: settled after the
 *   batch's next sync
 * @property {Promise<Outcome>} [done]  a parked op's run
 * @property {(err: unknown) => unknown} [mapSyncError]  how a Word error of the op's actions at a sync it left to the
 *   batch becomes its error (HandlerEnv.deferSync)
 */

/**
 * A Word error at a shared sync, attributed: op `at` failed; ops from..at-1 were applied, at+1..to dropped.
 * @typedef {{ at: number, from: number, to: number, attributed: boolean, error: unknown }} SharedFailure
 */

/** Thrown into a handler whose sync failed in an earlier op: not an Office error, so handlers pass it on. */
export class EarlierOpFailed extends Error {
  /** @param {SharedFailure} failure */
  constructor(failure) {
    super(`op ${failure.at} of the batch failed in a sync this op shared`);
    this.name = "EarlierOpFailed";
    this.failure = failure;
  }
}

/**
 * Which op failed at a sync covering ops from..to: the last trace Word executed, else the first op that could have
 * queued the failing action.
 * @param {unknown} err
 * @param {number} from
 * @param {number} to
 * @param {OpState[]} states
 * @returns {SharedFailure}
 */
export function attributeFailure(err, from, to, states) {
  const traces = /** @type {{ traceMessages?: unknown }} */ (err)?.traceMessages;
  const executed = Array.isArray(traces) ? traces.filter((t) => typeof t === "string" && t.startsWith(TRACE)) : [];
  const last = executed.length ? Number(executed[executed.length - 1].slice(TRACE.length)) : NaN;
  if (Number.isInteger(last) && last >= from && last <= to) return { at: last, from, to, attributed: true, error: err };
  let at = from;
  while (at < to && !["queued", "running", "parked"].includes(states[at].state)) at += 1;
  return { at, from, to, attributed: false, error: err };
}

/**
 * The info diagnostic of the op blamed for a shared sync's failure: which ops shared it and what became of them.
 * @param {SharedFailure} failure
 * @param {number} count  the batch's ops
 * @param {boolean} stopOnError
 */
export function sharedSyncNote({ at, from, to, attributed }, count, stopOnError) {
  const last = Math.min(to, count - 1);
  const dropped = last > at ? opSpan(at + 1, last) : undefined;
  const shared = `${opSpan(from, last)} shared one sync`;
  return diagnostic("info", attributed
    ? `${shared}: Word applied ${at > from ? opSpan(from, at - 1) : "none of the others"} and failed in op ${at}${dropped ? `; ${dropped} ${stopOnError ? "did not run" : "ran again"}` : ""}`
    : `${shared} and Word did not say which one failed: op ${at} is reported as failed; Word may have applied some of the others before the failure${dropped ? ` (${dropped} ${stopOnError ? "did not run" : "ran again"})` : ""}`);
}

/**
 * "op 3" or "ops 3..5".
 * @param {number} a
 * @param {number} b
 */
export function opSpan(a, b) {
  return a === b ? `op ${a}` : `ops ${a}..${b}`;
}

/**
 * The batch's data, and its failure when an op failed or a pause stopped it (at `pausedAt`).
 * @param {OpState[]} states
 * @param {Record<string, any>} [extra]
 * @param {number} [pausedAt]
 */
export function result(states, extra = {}, pausedAt = undefined) {
  /** @type {ResultEnvelope[]} */
  const results = states.map((st) => (st.state === "ok"
    ? okEnvelope(st.op, st.data ?? {}, st.notes)
    : errorEnvelope(st.op, st.code ?? "E_RUNTIME", st.notes)));
  const completed = states.filter((st) => st.state === "ok").length;
  const failed = states.findIndex((st) => st.state === "failed");
  const failedAt = failed >= 0 ? failed : pausedAt ?? -1;
  const data = { ...extra, results, completed, ...(failedAt >= 0 ? { failedAt } : {}) };
  if (failedAt < 0) return data;
  const first = states[failedAt];
  const notRun = states.filter((st) => st.state === "notRun").length;
  const paused = pausedAt === undefined ? undefined : diagnostic("error", `AI edits were paused in the pane while the batch ran: `
    + `${opSpan(pausedAt, states.length - 1)} did not run; ${completed ? `the ${completed} that ran before stay applied (pausing does not undo them)` : "nothing was applied"}`, `args.ops[${pausedAt}]`);
  if (failed < 0 && paused) {
    throw new PartialFailure("E_PERMISSION", data, [paused, diagnostic("info", `${completed} of ${states.length} ops succeeded; ${notRun} did not run`)]);
  }
  const reason = first.notes.find((note) => note.level === "error")?.msg ?? first.code;
  throw new PartialFailure(first.code ?? "E_RUNTIME", data, [
    diagnostic("error", `op ${failedAt} (${first.op}) failed: ${reason}`, `args.ops[${failedAt}]`),
    ...(paused ? [paused] : []),
    diagnostic("info", `${completed} of ${states.length} ops succeeded${notRun ? `; ${notRun} did not run (${paused ? "paused or " : ""}stopOnError)` : ""}`),
  ]);
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
