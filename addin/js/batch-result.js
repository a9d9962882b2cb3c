// The batch's shared pieces: what each op's run looks like (OpState), the trace prefix that attributes a failed
// shared sync to an op, and the batch's result (data, or a PartialFailure naming the first failure or a pause).

import { PartialFailure, diagnostic, errorEnvelope, okEnvelope } from "./errors.js";

/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */

/** Prefix of the trace message each op queues first. */
export const TRACE = "wordbridge:batch-op:";

/**
 * @typedef {object} OpState
 * @property {string} op
 * @property {"pending" | "running" | "queued" | "ok" | "failed" | "notRun"} state
 *   queued: the handler returned, its writes wait for the next sync
 * @property {Record<string, any>} [data]
 * @property {Diagnostic[]} notes
 * @property {(() => void)[]} readBacks  afterSync callbacks, run after the sync that flushes the op
 * @property {number} mark  the registry before the op (a failure rolls back the ids minted after it)
 * @property {ErrorCode} [code]
 */

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

