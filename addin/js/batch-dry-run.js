// dryRun of a batch: every op's targets checked without changing anything, references to earlier ops' results
// taken as "created by op <i>".

import { bool } from "./args.js";
import { PaneError, diagnostic, mapError } from "./errors.js";
import { splitCommonArgs } from "./expect.js";
import { planDryRun } from "./dry-run.js";
import { requireTracking } from "./step.js";
import { referencesIn, referencesOf, withoutEscapes } from "./batch-references.js";
import { TRACE, result } from "./batch-result.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-result.js").OpState} OpState */

/**
 * dryRun of a batch: every op's targets checked in one sync (each failed sync, one more). References to an
 * earlier op's result are "created by op <i>": that target does not exist yet and is not checked; an op
 * whose reference names an op that would fail would fail too. With stopOnError, the ops after the first
 * failing one are reported as not run. The batch's trackChanges is checked first, as the batch would check it.
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} stopOnError
 */
export async function dryRunBatch(env, ops, stopOnError) {
  if (bool(env.args, "trackChanges", false)) requireTracking(env);
  /** @type {OpState[]} */
  const states = ops.map(({ op }) => ({ op, state: "pending", notes: [], readBacks: [], mark: 0 }));
  /** @type {Map<number, import("./dry-run.js").DryRunPlan>} */
  const plans = new Map();
  /** @param {number} i @param {unknown} error */
  const fail = (i, error) => {
    const { code, diagnostics } = mapError(error, undefined, ops[i]?.args);
    Object.assign(states[i], { state: "failed", code });
    states[i].notes.push(...diagnostics);
    plans.delete(i);
  };
  /** @param {number} i */
  const plan = (i) => {
    const { op, args } = ops[i];
    const st = states[i];
    st.notes = [];
    try {
      const handler = Object.hasOwn(env.handlers, op) && op !== "batch" ? env.handlers[op] : undefined;
      if (!handler) throw new PaneError("E_UNSUPPORTED", `Unsupported op "${op}" in a batch`, "op");
      const { own, expectText } = splitCommonArgs(args);
      env.context.trace(`${TRACE}${i}`);
      const note = (/** @type {import("./types.js").DiagnosticLevel} */ level, /** @type {string} */ msg, /** @type {string | undefined} */ field) => {
        st.notes.push(diagnostic(level, msg, field));
      };
      // The text an escape stands for, as the run would expect it (a reference in it stays as written).
      const expected = withoutEscapes(expectText);
      plans.set(i, planDryRun(op, { ...env, args: own, note }, expected, (value) => createdBy(value, i)));
    } catch (err) {
      fail(i, err);
    }
  };
  ops.forEach((_, i) => plan(i));
  while (plans.size) {
    if (![...plans.values()].some((p) => p.reads)) break;
    try {
      await env.sync();
      break;
    } catch (err) {
      const traces = /** @type {{ traceMessages?: unknown }} */ (err)?.traceMessages;
      const executed = Array.isArray(traces) ? traces.filter((t) => typeof t === "string" && t.startsWith(TRACE)) : [];
      const last = executed.length ? Number(executed[executed.length - 1].slice(TRACE.length)) : NaN;
      const at = plans.has(last) ? last : Math.min(...plans.keys());
      fail(at, /** @type {import("./dry-run.js").DryRunPlan} */ (plans.get(at) ?? { syncError: (/** @type {unknown} */ e) => e }).syncError(err));
      // Word returns no values of a failed request: the others are read again.
      for (const j of [...plans.keys()]) plan(j);
    }
  }
  for (const [i, p] of [...plans].sort((a, b) => a[0] - b[0])) {
    try {
      states[i].data = p.finish();
      states[i].state = "ok";
    } catch (err) {
      fail(i, err);
    }
  }
  // References to ops that would fail fail too; with stopOnError the ops after the first failure would not run.
  let stoppedBy;
  for (let i = 0; i < ops.length; i += 1) {
    const st = states[i];
    if (stoppedBy !== undefined) {
      Object.assign(st, { state: "notRun", data: undefined, notes: [diagnostic("error", `not run: op ${stoppedBy} would fail and stopOnError is true`)] });
      continue;
    }
    if (st.state === "ok") {
      const broken = referencesIn(ops[i].args).find((j) => states[j]?.state !== "ok");
      if (broken !== undefined) fail(i, new PaneError("E_INVALID_ARG", `a reference to op ${broken}'s result would have no value: op ${broken} would ${states[broken]?.state === "notRun" ? "not run" : "fail"}`, "args"));
    }
    if (st.state === "failed" && stopOnError) stoppedBy = i;
  }
  return result(states, { dryRun: true });
}

/**
 * "created by op <j>" when a value refers to an earlier op's result.
 * @param {unknown} value
 * @param {number} i
 */
function createdBy(value, i) {
  if (typeof value !== "string") return undefined;
  const j = referencesOf(value).map((ref) => ref.op).find((n) => n < i);
  return j === undefined ? undefined : `created by op ${j}`;
}

