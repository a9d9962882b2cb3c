// One op on the shared context, with the args every op takes: dryRun resolves and checks its targets
// instead of running it (dry-run.js); expectText is checked before anything is written (expect.js).

import { queueExpectation, splitCommonArgs } from "./expect.js";
import { dryRun } from "./dry-run.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./types.js").Handler} Handler */
/** @typedef {import("./types.js").SyncKind} SyncKind */

/**
 * What the handler's first sync carries for these args (undeclared: "write", the safe guess).
 * @param {Handler} handler
 * @param {HandlerEnv} env  with the op's own args
 * @returns {SyncKind}
 */
export function firstSyncOf(handler, env) {
  const kind = handler.firstSync;
  return typeof kind === "function" ? kind(env) : kind ?? "write";
}

/**
 * Run one op with its common args. dryRun: the targets are resolved and checked instead (dry-run.js).
 * expectText: checked before anything is written: at the handler's own first sync when that sync only
 * reads (no extra round trip), else with one sync of its own before the handler runs. An op that never
 * syncs then takes 2 syncs; one that writes before the sync that reads what it needs takes 3 (applyStyle
 * with clearOtherStyles or a new list, or a custom style name below WordApi 1.5). The handler gets the
 * args without expectText and dryRun.
 * @param {Handler} handler
 * @param {string} op
 * @param {HandlerEnv} env
 * @returns {Promise<Record<string, any>>}
 */
export async function runStep(handler, op, env) {
  if (handler.ownsCommonArgs) return handler(env);
  const { own, expectText, dryRun: dry } = splitCommonArgs(env.args);
  const stepEnv = { ...env, args: own };
  if (dry) return dryRun(op, stepEnv, expectText);
  if (expectText === undefined) return handler(stepEnv);
  const expectation = queueExpectation(env.registry, own, expectText);
  if (firstSyncOf(handler, stepEnv) !== "read") {
    await env.sync();
    expectation.check();
    return handler(stepEnv);
  }
  let checked = false;
  const data = await handler({
    ...stepEnv,
    sync: async () => {
      await env.sync();
      if (!checked) {
        checked = true;
        expectation.check();
      }
    },
  });
  if (!checked) throw new Error(`${op} declares a first sync that reads, but did not sync: args.expectText was not checked`);
  return data;
}
