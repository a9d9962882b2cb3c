// Before an op of a batch replaces a block, a table or an anchor's content (or removes an anchor with it), the later
// ops whose targets are references to ops before it ("rangeId:$0.results[0].rangeId", "anchor:$1.anchorId") can be
// placed against what it replaces: their targets exist by then, and what it replaces is still there. A target
// inside it would be gone once it runs (batch-stale-targets.js says what the batch then does: with stopOnError the
// replacing op does not run, so the document keeps what it had). The later replacements that resolve by then are
// placed in the same read (a batch rewriting every block a readDocument of it gave reads once, not once a block):
// one read-only sync of its own, made only for a batch with such a replacement followed by such a reference; a sync
// that fails tells nothing (the ops run, and the check after the replacement still reads their targets).

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
 * At most this many targets are placed in one sync (Word answers each; a batch rewriting hundreds of blocks it read
 * would ask for tens of thousands): the rest are placed before a later op, or read after their replacement.
 */
const MAX_PAIRS = 5000;

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
 * Op j's target placed against what op m replaces (`key`: the target's, as batch-removals.js targetKey gives it).
 * @typedef {{ m: number, replaced: Replaced, target: Taken, key: string }} Pair
 */

/**
 * The targets of the ops after `m` that name, through references, only ops before `i` (resolved now);
 * `waiting` says whether some wait for a read of an op before i that has not come back yet.
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {number} m
 * @returns {{ targets: Taken[], waiting: boolean }}
 */
function laterReferences(ops, states, i, m) {
  /** @type {Taken[]} */
  const targets = [];
  let waiting = false;
  for (let j = m + 1; j < ops.length; j += 1) {
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
 * What op m (i, or a later one) replaces, as far as it resolves before op i runs: op i's resolved args, a later
 * op's container arg through references to ops before i only.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 * @param {number} m
 * @returns {Replaced | undefined}
 */
function replacedAt(env, ops, states, i, args, m) {
  if (m === i) return replacedBy(ops, ops[i].op, args, env.registry);
  const { op, args: written } = ops[m];
  const field = replacedBy(ops, op, written, env.registry)?.field;
  if (!field || states[m].state !== "pending") return undefined;
  const value = typeof written[field] === "string" ? written[field] : undefined;
  const resolved = value === undefined ? undefined : resolvedNow(value, states, i);
  return resolved === undefined ? undefined : replacedBy(ops, op, { ...written, [field]: resolved }, env.registry);
}

/**
 * The pairs to place before op i runs: each op from i on that replaces what holds other content (and resolves now)
 * against each later op's target that is a reference to ops before i; not those `done` says were placed, nor an
 * op's own target (its id or twin), at most {@link MAX_PAIRS}. `waiting`: some wait for a read not back yet.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 * @param {(j: number, m: number) => boolean} done
 * @returns {{ pairs: Pair[], waiting: boolean }}
 */
function pairsBefore(env, ops, states, i, args, done) {
  /** @type {Pair[]} */
  const pairs = [];
  let waiting = false;
  // Only before an op that replaces: the later replacements are placed with it when they resolve by then.
  if (!env.supports("WordApi", "1.3") || !replacedAt(env, ops, states, i, args, i)) return { pairs, waiting };
  for (let m = i; m < ops.length && pairs.length < MAX_PAIRS; m += 1) {
    const replaced = replacedAt(env, ops, states, i, args, m);
    if (!replaced || !locatable(env, replaced.key)) continue;
    const own = new Set(contentOf(replaced.key, ops, env.registry).ids);
    const later = laterReferences(ops, states, i, m);
    waiting = waiting || later.waiting;
    for (const target of later.targets) {
      const key = targetKey(target.field, target.resolved);
      if (key !== undefined && !own.has(key) && !done(target.j, m) && locatable(env, key)) pairs.push({ m, replaced, target, key });
    }
  }
  return { pairs: pairs.slice(0, MAX_PAIRS), waiting };
}

/**
 * Whether there is something to place before op i runs (see {@link pairsBefore}); `waiting`: the batch's sync first.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 * @param {(j: number, m: number) => boolean} done
 */
export function placesBefore(env, ops, states, i, args, done) {
  const { pairs, waiting } = pairsBefore(env, ops, states, i, args, done);
  return { places: pairs.length > 0 || waiting, waiting };
}

/**
 * Place the pairs (see {@link pairsBefore}) in a read-only sync of its own: those placed, and those where the target
 * lies in what the op replaces. Call with nothing of the batch left to flush (the sync would apply it outside the
 * batch's own). Undefined when nothing was read.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {number} i
 * @param {Record<string, any>} args  op i's, resolved
 * @param {(j: number, m: number) => boolean} done
 * @returns {Promise<{ placed: Pair[], taken: Pair[] } | undefined>}
 */
export async function placeBefore(env, ops, states, i, args, done) {
  const { pairs } = pairsBefore(env, ops, states, i, args, done);
  if (pairs.length === 0) return undefined;
  /** @type {Map<string, Word.Range | undefined>} */
  const ranges = new Map();
  const rangeOf = (/** @type {string} */ key) => {
    if (!ranges.has(key)) ranges.set(key, rangeOfKey(env, key));
    return ranges.get(key);
  };
  const relations = pairs.map(({ replaced, key }) => {
    const whole = rangeOf(replaced.key);
    return whole ? rangeOf(key)?.compareLocationWith(whole) : undefined;
  });
  try {
    await env.sync();
  } catch {
    return undefined; // something is not there to place (an anchor gone): the check after the replacement tells
  }
  const taken = pairs.filter(({ replaced }, n) => (replaced.removes ? INSIDE : STRICTLY_INSIDE).has(relations[n]?.value ?? ""));
  return { placed: pairs, taken };
}
