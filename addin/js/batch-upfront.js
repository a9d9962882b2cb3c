// What a batch reads before anything of it runs, in one sync that only reads: what its removals take (the size of a
// table whose rows it deletes, the ids inside what it replaces: batch-table-removals.js) and the blocks it rewrites
// through their ids (their leading breaks: batch-block-breaks.js), and the anchors its ops act at or name
// (batch-anchor-reads.js).
// Each module queues its reads; one sync answers all, so a batch that rewrites blocks and then edits other ids takes
// one sync more than without, not two. None for a batch that needs none of them.

import { readRewrittenBlocks } from "./batch-block-breaks.js";
import { queueTableRemovals } from "./batch-table-removals.js";
import { queueAnchorReads } from "./batch-anchor-reads.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-removals.js").KnownRemovals} KnownRemovals */
/** @typedef {import("./handlers/block-rewrite.js").BlockRead} BlockRead */

/**
 * Read up front: what the batch's removals take and, unless `blocks` is false (a dry run writes nothing), the
 * blocks it rewrites by id and the anchors it acts at or names. A sync that fails because an anchor named is not in the
 * document refuses the batch (E_NOT_FOUND on the first op naming it: batch-anchor-reads.js; one more sync, that only
 * reads, on that path alone); one that fails otherwise leaves them all unknown: the batch runs as it would have (its
 * ops at anchors then read them themselves).
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {boolean} blocks
 * @returns {Promise<{ removals: KnownRemovals, blockReads: Map<number, () => BlockRead>, anchorReads: Map<string, import("./handlers/anchor-read.js").AnchorRead>, anchorNames: Map<string, string | null> }>}
 */
export async function readUpFront(env, ops, blocks) {
  const removals = queueTableRemovals(env, ops);
  const anchors = blocks ? queueAnchorReads(env, ops) : undefined;
  /** @type {{ resolve: () => void, reject: (err: unknown) => void } | undefined} */
  let shared;
  const sharedSync = new Promise((resolve, reject) => { shared = { resolve: () => resolve(undefined), reject }; });
  sharedSync.catch(() => {}); // its waiter catches it
  let blocksWait = false;
  // readRewrittenBlocks queues its reads and asks for its sync before it awaits anything: that sync is the shared
  // one; a sync asked for later (there is none today) is its own.
  let sharing = true;
  const blockEnv = { ...env, sync: () => (sharing ? (blocksWait = true, sharedSync) : env.sync()) };
  const blockReads = blocks ? readRewrittenBlocks(blockEnv, ops) : Promise.resolve(new Map());
  sharing = false;
  let read = true;
  if (removals.reads || blocksWait || anchors?.reads) {
    try {
      await env.sync();
      shared?.resolve();
    } catch (err) {
      read = false;
      shared?.reject(err);
      await blockReads.catch(() => {}); // settled before the batch is refused
      await anchors?.refuseMissing();
    }
  }
  const anchorsRead = read && anchors ? anchors.settle() : { anchors: new Map(), names: new Map() };
  return { removals: read ? removals.settle() : new Map(), blockReads: await blockReads, anchorReads: anchorsRead.anchors, anchorNames: anchorsRead.names };
}
