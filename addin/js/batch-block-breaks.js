// A block rewritten or removed through its id (insertText or replace of a readDocument block's or an insertMarkdown
// result's rangeId) keeps the page, column or section breaks it starts with (handlers/block-rewrite.js): outside a
// batch its op reads the block first, in a sync of its own. A batch must not cost a sync per op, so it reads every
// such block up front, before anything of it runs, in one sync that only reads, made only for a batch with such a
// rewrite; each op then replaces only the text after its block's breaks (HandlerEnv.blockReadBefore).
// Read only for the first op of the batch that names the block's id: a later one may find it changed by the ones
// before it, and rewrites it whole, as before. A read that fails leaves the batch to run as it would have.

import { TARGET_FIELDS } from "./expect.js";
import { targetKey } from "./batch-removals.js";
import { resolveScope } from "./registry.js";
import { readsBlock } from "./handlers/text.js";
import { queueBlockRead } from "./handlers/block-rewrite.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./handlers/block-rewrite.js").BlockRead} BlockRead */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/**
 * The blocks the batch's ops rewrite through their ids, read: by op, what it finds after the sync. At most one
 * sync, that only reads; none for a batch without such an op.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @returns {Promise<Map<number, () => BlockRead>>}
 */
export async function readRewrittenBlocks(env, ops) {
  /** @type {Map<number, () => BlockRead>} */
  const reads = new Map();
  /** @type {Set<string>} the ids named by the ops before */
  const named = new Set();
  ops.forEach(({ op, args }, at) => {
    const scope = rewrittenScope(env, op, args);
    const key = scope === undefined ? undefined : targetKey("scope", scope);
    if (scope !== undefined && key !== undefined && !named.has(key)) {
      const target = resolveQuietly(env, scope);
      if (target) reads.set(at, queueBlockRead(target.range));
    }
    for (const field of [...TARGET_FIELDS, "anchorId"]) {
      const each = targetKey(field, args[field]);
      if (each !== undefined) named.add(each);
    }
  });
  if (reads.size === 0) return reads;
  try {
    await env.sync();
  } catch {
    return new Map();
  }
  return reads;
}

/**
 * The scope through which an op rewrites a block (whole paragraphs, no table at an edge), as its own read outside a
 * batch would read it (text.js readsBlock); undefined for any other op or target, and for a reference to an op of
 * the batch (nothing to read before it runs).
 * @param {HandlerEnv} env
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {string | undefined}
 */
function rewrittenScope({ registry }, op, args) {
  const scope = op === "insertText" && (args.location ?? "replace") === "replace" ? args.scope : op === "replace" ? args.target : undefined;
  if (typeof scope !== "string" || scope.includes("$")) return undefined;
  return readsBlock({ registry }, scope) ? scope : undefined;
}

/**
 * The block's target, or undefined when it cannot be resolved (the op fails as it would have). Queues only.
 * @param {HandlerEnv} env
 * @param {string} scope
 */
function resolveQuietly({ context, registry }, scope) {
  try {
    const target = resolveScope(context, registry, scope);
    return target.kind === "range" && target.paragraphs && !target.edges ? target : undefined;
  } catch {
    return undefined;
  }
}
