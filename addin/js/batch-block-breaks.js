// A block rewritten or removed through its id (insertText or replace of a readDocument block's or an insertMarkdown
// result's rangeId) keeps the page, column or section breaks it starts or ends with (handlers/block-rewrite.js):
// outside a batch its op reads the block first, in a sync of its own. A batch must not cost a sync per op, so it
// reads every such block up front, before anything of it runs, in one sync that only reads, made only for a batch
// with such a rewrite; each op then replaces only the text between its block's breaks (HandlerEnv.blockReadBefore).
// What an op takes from that read is only which breaks the block has: Word finds them when the op runs (a search for
// the breaks themselves), so an earlier op that changed the block's text (a search's replace, another rewrite of it)
// leaves it right. What the batch cannot know is the breaks an earlier op that named the block changed (a text or a
// break put at its start or end): a later rewrite of a block with breaks, after such an op, is refused (E_INVALID_ARG,
// naming both ops) rather than made from a read that may no longer hold. A read that fails leaves the batch to run as
// it would have. An op that writes at such a block's start or end (text, linked text, a picture: inside its breaks,
// handlers/block-edge-spot.js) takes its breaks from the same read.

import { TARGET_FIELDS } from "./expect.js";
import { targetKey } from "./batch-removals.js";
import { resolveScope } from "./registry.js";
import { PaneError } from "./errors.js";
import { readsBlock } from "./handlers/text.js";
import { queueBlockRead } from "./handlers/block-rewrite.js";
import { edgeWriteScope, splitsBlock } from "./handlers/block-edge-spot.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./handlers/block-rewrite.js").BlockRead} BlockRead */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** Ops that leave the text of what they name as it is (they read it, or format it). */
const TEXT_KEEPING_OPS = new Set(["readDocument", "search", "getSelection", "applyStyle", "comment.add", "comment.list"]);

/**
 * The blocks the batch's ops rewrite through their ids, read: by op, what it finds after the sync (or, for a
 * later op the read cannot serve, its refusal: see the top of this module). At most one sync, that only reads;
 * none for a batch without such an op.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @returns {Promise<Map<number, () => BlockRead>>}
 */
export async function readRewrittenBlocks(env, ops) {
  /** @type {Map<string, () => BlockRead>} by the block's id */
  const blocks = new Map();
  /** @type {Map<number, { key: string, changedBy?: number }>} by op: its block, and the last earlier op that changed it */
  const rewrites = new Map();
  /** @type {Map<string, number>} by id: the last op so far that named it and may have changed its breaks */
  const changed = new Map();
  ops.forEach(({ op, args }, at) => {
    const scope = rewrittenScope(env, op, args);
    const key = scope === undefined ? undefined : targetKey("scope", scope);
    if (scope !== undefined && key !== undefined) {
      if (!blocks.has(key)) {
        const target = resolveQuietly(env, scope);
        if (target) blocks.set(key, queueBlockRead(target.range));
      }
      rewrites.set(at, { key, changedBy: changed.get(key) });
    }
    if (TEXT_KEEPING_OPS.has(op)) return;
    for (const field of [...TARGET_FIELDS, "anchorId"]) {
      const each = targetKey(field, args[field]);
      // A rewrite of a block keeps its breaks: what it read still holds for the next rewrite of it.
      if (each !== undefined && (each !== key || splitsBlock(op, args))) changed.set(each, at);
    }
  });
  if (blocks.size === 0) return new Map();
  try {
    await env.sync();
  } catch {
    return new Map();
  }
  /** @type {Map<number, () => BlockRead>} */
  const reads = new Map();
  for (const [at, { key, changedBy }] of rewrites) {
    const read = blocks.get(key);
    if (!read) continue;
    const block = read();
    if (changedBy === undefined) reads.set(at, () => block);
    else if (block.breaks || ops[changedBy].op === "insertBreak") reads.set(at, () => { throw staleBreaks(at, changedBy, ops[changedBy].op); });
    // else: a block without breaks, rewritten whole (its op finds no read), as an earlier op left it.
  }
  return reads;
}

/**
 * Why op `at` is refused: op `before` of the batch changed its block, which starts or ends with breaks.
 * @param {number} at
 * @param {number} before
 * @param {string} op  op `before`'s
 */
function staleBreaks(at, before, op) {
  return new PaneError(
    "E_INVALID_ARG",
    `op ${at} rewrites a block (or writes at its start or end) that starts or ends with a page, column or section break (readDocument shows them), which op ${before} (${op}) of this batch changed before it: the batch read the block before it ran, so it cannot tell which breaks op ${at} must keep. Nothing of op ${at} was done: send it in a batch of its own, after this one`,
    `args.ops[${at}]`,
  );
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
  const rewritten = op === "insertText" && (args.location ?? "replace") === "replace" ? args.scope : op === "replace" ? args.target : undefined;
  const scope = rewritten ?? edgeWriteScope(op, args); // or written at its start or end, inside its breaks
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
