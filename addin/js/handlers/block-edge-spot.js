// Where text, linked text or a picture goes at the start or end of a block named by its id (a readDocument block's
// or an insertMarkdown result's rangeId) that starts or ends with page, column or section breaks ("\fText",
// "Text\f"): after the breaks it starts with, before the ones it ends with, so it joins the block's visible text on
// the block's page. Word's own Start/End of the block's range are before its first break (on the page before) and
// after its last (on the next page). The breaks are found as a rewrite finds them (block-rewrite.js: a search for
// them), after one sync that reads the block; in a batch, by the batch's read up front (batch-block-breaks.js).

import { tableEdgedScope } from "../registry.js";
import { afterLeadingBreaks, beforeTrailingBreaks, queueBlockRead } from "./block-rewrite.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Whether `scope` is a block's id: whole paragraphs, no table at an edge.
 * @param {import("../registry.js").Registry} registry
 * @param {unknown} scope
 * @returns {scope is string}
 */
export function isBlockScope(registry, scope) {
  return typeof scope === "string" && scope.startsWith("rangeId:") && !tableEdgedScope(registry, scope) && registry.isParagraphs(scope.slice(8));
}

/**
 * Whether writing at `location` of `scope` reads the block first ({@link blockEdgeSpot}): start or end of a block's
 * id, out of a batch (its ops get `deferSync` and the batch's read up front: no sync per op).
 * @param {Pick<HandlerEnv, "registry" | "deferSync">} env
 * @param {unknown} scope
 * @param {unknown} location
 */
export function readsBlockEdge({ registry, deferSync }, scope, location) {
  return !deferSync && (location === "start" || location === "end") && isBlockScope(registry, scope);
}

/**
 * The point inside the block's breaks where a write at its start or end goes: after the breaks its first paragraph
 * starts with, or before those its last one ends with. Undefined when Word's own start or end of the range is
 * right: the block has no break on that side, is breaks alone (no visible text: its start is before them), the
 * target is no block's id, or (in a batch) the batch did not read it. One sync that only reads, out of a batch.
 * @param {HandlerEnv} env
 * @param {import("../scopes.js").ScopeTarget} target
 * @param {string} location
 * @returns {Promise<Word.Range | undefined>}  collapsed
 */
export async function blockEdgeSpot(env, target, location) {
  if (target.kind !== "range" || !target.paragraphs || target.edges || (location !== "start" && location !== "end")) return undefined;
  const block = await readEdges(env, target.range);
  if (!block || (block.single && block.firstText.length === block.breaks)) return undefined;
  if (location === "start") return block.leading ? afterLeadingBreaks(block.first, block.leading) : undefined;
  return block.trailing ? beforeTrailingBreaks(block.last, block.trailing) : undefined;
}

/**
 * The block's read: its own sync, or the batch's read up front with its paragraphs taken through the op's range
 * (Word ran the batch's earlier ops since that read).
 * @param {HandlerEnv} env
 * @param {Word.Range} range  the block's
 * @returns {Promise<import("./block-rewrite.js").BlockRead | undefined>}
 */
async function readEdges(env, range) {
  if (env.deferSync) {
    const before = env.blockReadBefore?.();
    return before && { ...before, first: range.paragraphs.getFirst(), last: range.paragraphs.getLast() };
  }
  const read = queueBlockRead(range);
  await env.sync();
  return read();
}

/** The ops that write at a scope's start or end, when they write there: insertText's text in the same paragraph. */
const EDGE_WRITES = /** @type {Record<string, (args: Record<string, any>) => boolean>} */ ({
  insertText: (args) => args.newParagraph !== true,
  "hyperlink.set": (args) => args.text !== undefined,
  insertPicture: () => true,
});

/**
 * The scope at whose start or end a batch's op writes in the same paragraph ({@link blockEdgeSpot}): the batch reads
 * it up front when it is a block's id (batch-block-breaks.js); undefined for any other op or location.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {unknown}
 */
export function edgeWriteScope(op, args) {
  return EDGE_WRITES[op]?.(args) && (args.location === "start" || args.location === "end") ? args.scope : undefined;
}
