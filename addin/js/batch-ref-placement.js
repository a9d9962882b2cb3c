// Before an op of a batch replaces a block, a table or an anchor's content (or removes an anchor with it), the later
// ops whose targets are references to ops before it ("rangeId:$0.results[0].rangeId", "anchor:$1.anchorId") can be
// placed against what it replaces: their targets exist by then, and what it replaces is still there. A target
// inside it would be gone once it runs (batch-stale-targets.js says what the batch then does: with stopOnError the
// replacing op does not run, so the document keeps what it had). One read-only sync of its own, made only for a
// batch with such a replacement followed by such a reference; a sync that fails tells nothing (the ops run, and the
// check after the replacement still reads their targets).

import { TARGET_FIELDS } from "./expect.js";
import { referencesOf, substitute, valueAt } from "./batch-references.js";
import { contentOf, removedWithAnchor, replacedContainer, targetKey } from "./batch-removals.js";
import { INSIDE, STRICTLY_INSIDE, locatable, rangeOfKey } from "./batch-table-removals.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-result.js").OpState} OpState */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** Op states whose writes were queued or applied: their results can be read. */
const RAN = new Set(["queued", "ok"]);

/**
 * What an op replaces that may hold what later ops target: the arg, its key, how it goes (for the message), and
 * whether the id goes too (the target may then equal it) or stays (only what is strictly inside goes).
 * @typedef {{ field: string, key: string, says: string, removes: boolean }} Replaced
 */

/**
 * A later op's target found inside what op i replaces.
 * @typedef {{ j: number, field: string, written: string, resolved: string }} Taken
 */

/**
 * A target of op j with its references to earlier ops replaced by their values as the batch has them now, or
 * undefined when one has none yet (its op did not run, or gives no such value).
 * @param {string} written
 * @param {OpState[]} states
 * @param {number} j
 * @returns {string | undefined}
 */
export function resolvedNow(written, states, j) {
  let resolvable = true;
  const resolved = substitute(written, (k, path) => {
    const value = k < j && RAN.has(states[k].state) ? valueAt(states[k].data, path) : undefined;
    if (value === undefined) resolvable = false;
    return value;
  });
  return resolvable ? String(resolved) : undefined;
}

/**
 * What op `op` with these args replaces that may hold other content (batch-removals.js), or undefined.
 * @param {BatchOp[]} ops
 * @param {string} op
 * @param {Record<string, any>} args  resolved, or as written
 * @param {HandlerEnv["registry"]} registry
 * @returns {Replaced | undefined}
 */
export function replacedBy(ops, op, args, registry) {
  const replaced = replacedContainer(op, args, ops, registry);
  if (replaced) return { field: op === "replace" ? "target" : "scope", key: replaced.key, says: replaced.says, removes: replaced.removes };
  const withAnchor = removedWithAnchor(op, args);
  return withAnchor ? { field: "anchorId", key: withAnchor.key, says: withAnchor.says, removes: true } : undefined;
}

/**
 * The later ops' targets that name, through references, only ops before `i` that ran: [op, field, as written, as
 * resolved now]; `parked` says whether some wait for a read of an op before i that has not come back yet.
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @returns {{ targets: Taken[], waiting: boolean }}
 */
function laterReferences(ops, states, i) {
  /** @type {Taken[]} */
  const targets = [];
  let waiting = false;
  for (let j = i + 1; j < ops.length; j += 1) {
    if (states[j].state !== "pending") continue;
    for (const field of [...TARGET_FIELDS, "anchorId"]) {
      const written = ops[j].args[field];
      const refs = typeof written === "string" ? referencesOf(written) : [];
      if (refs.length === 0 || refs.some((ref) => ref.op >= i)) continue;
      if (refs.some((ref) => states[ref.op].state === "parked")) {
        waiting = true;
        continue;
      }
      const resolved = resolvedNow(String(written), states, j);
      if (resolved !== undefined) targets.push({ j, field, written: String(written), resolved });
    }
  }
  return { targets, waiting };
}

/**
 * Whether op i replaces what holds other content and later ops target references to ops before it; `waiting`:
 * some of those wait for a read that has not come back (the batch's sync first).
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 */
export function placesBefore(env, ops, states, i, args) {
  if (!env.supports("WordApi", "1.3") || !replacedBy(ops, ops[i].op, args, env.registry)) return { places: false, waiting: false };
  const { targets, waiting } = laterReferences(ops, states, i);
  return { places: targets.length > 0 || waiting, waiting };
}

/**
 * Place the later ops' targets against what op i replaces, in a read-only sync of its own: those it takes. Call
 * with nothing of the batch left to flush (the sync would apply it outside the batch's own).
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 * @returns {Promise<{ replaced: Replaced, placed: number[], taken: Taken[] } | undefined>}  undefined: nothing read
 */
export async function placeBefore(env, ops, states, i, args) {
  const replaced = replacedBy(ops, ops[i].op, args, env.registry);
  if (!replaced || !locatable(env, replaced.key)) return undefined;
  const own = new Set(contentOf(replaced.key, ops, env.registry).ids);
  const located = laterReferences(ops, states, i).targets.flatMap((target) => {
    const key = targetKey(target.field, target.resolved);
    if (key === undefined || own.has(key) || !locatable(env, key)) return [];
    return [{ target, key }];
  });
  if (located.length === 0) return undefined;
  const whole = rangeOfKey(env, replaced.key);
  if (!whole) return undefined;
  /** @type {Map<string, OfficeExtension.ClientResult<string> | undefined>} one read per key */
  const relations = new Map();
  for (const { key } of located) if (!relations.has(key)) relations.set(key, rangeOfKey(env, key)?.compareLocationWith(whole));
  try {
    await env.sync();
  } catch {
    return undefined; // something is not there to place (an anchor gone): the check after the replacement tells
  }
  const inside = replaced.removes ? INSIDE : STRICTLY_INSIDE;
  const taken = located.filter(({ key }) => inside.has(relations.get(key)?.value ?? "")).map(({ target }) => target);
  return { replaced, placed: [...new Set(located.map(({ target }) => target.j))], taken };
}
