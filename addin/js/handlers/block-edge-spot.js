// Where text, linked text, a picture, new paragraphs or a table go at the start or end of a block named by its id (a readDocument block's
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
 * starts with, or before those its last one ends with (in the paragraph after or before, when that one is breaks
 * alone: where the block's text is). Undefined when Word's own start or end of the range is
 * right ({@link readEdge}). One sync that only reads, out of a batch.
 * @param {HandlerEnv} env
 * @param {import("../scopes.js").ScopeTarget} target
 * @param {string} location
 * @returns {Promise<Word.Range | undefined>}  collapsed
 */
export async function blockEdgeSpot(env, target, location) {
  const block = await readEdge(env, target, location);
  if (!block) return undefined;
  // A paragraph of breaks alone: the block's text is in the paragraph after (before) it.
  if (location === "start") {
    return block.firstText.length === block.leading.length ? block.first.getNext().getRange("Content").getRange("Start") : afterLeadingBreaks(block.first, block.leading);
  }
  return block.lastText.length === block.trailing.length ? block.last.getPrevious().getRange("Content").getRange("End") : beforeTrailingBreaks(block.last, block.trailing);
}

/**
 * Where new paragraphs (or tables) go at the start or end of a block's id: between the breaks on that side and the
 * block's text. Its first paragraph is split after the breaks it starts with, its last before those it ends with
 * (the breaks stay, a paragraph of their own, as when a rewrite empties the block: markdown-place.js emptyInto); a
 * paragraph of breaks alone needs no split. The id then stands for the block's text alone ({@link keepText}), as it
 * would beside a block without breaks: not the new paragraphs, nor the breaks' paragraph. Undefined when Word's own
 * before/after of the block's paragraphs is right ({@link readEdge}). One sync that only reads, out of a batch;
 * queues the split.
 * @param {HandlerEnv} env
 * @param {import("../scopes.js").ScopeTarget} target
 * @param {string} location
 * @returns {Promise<{ paragraph: Word.Paragraph, where: "Before" | "After" } | undefined>}  what they go next to
 */
export async function blockEdgeParagraph(env, target, location) {
  const block = await readEdge(env, target, location);
  if (!block || target.kind !== "range") return undefined;
  /** @type {{ paragraph: Word.Paragraph, where: "Before" | "After" }} */
  let edge;
  if (location === "start") {
    const alone = block.firstText.length === block.leading.length;
    edge = { paragraph: alone ? block.first : plainBreaks(splitAt(afterLeadingBreaks(block.first, block.leading))), where: "After" };
  } else if (block.lastText.length === block.trailing.length) edge = { paragraph: block.last, where: "Before" };
  else {
    const text = splitAt(beforeTrailingBreaks(block.last, block.trailing));
    plainBreaks(text.getNext());
    edge = { paragraph: text, where: "After" };
  }
  keepText(env, target, location, edge);
  return edge;
}

/**
 * The block's id from now on: its paragraphs of text, between the breaks' paragraph and the new ones (queued before
 * them, so Word does not widen it over them). A batch's later rewrite through it is refused (batch-block-breaks.js:
 * its read no longer holds).
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} location
 * @param {{ paragraph: Word.Paragraph, where: "Before" | "After" }} edge
 */
function keepText(env, target, location, { paragraph, where }) {
  if (!target.id) return;
  const kept = location === "start"
    ? paragraph.getNext().getRange("Start").expandTo(target.range.getRange("End"))
    : target.range.getRange("Start").expandTo((where === "After" ? paragraph : paragraph.getPrevious()).getRange("Content"));
  env.registry.retarget(target.id, kept, { paragraphs: true });
}

/**
 * The breaks' paragraph split off a block's: the look a person's Enter leaves there, Word's Normal and no list, not
 * the heading (an empty heading in the navigation pane and a TOC) or list item (a bullet of a break alone) it was
 * cut from; Word gives both parts of a split paragraph its style and list. Queues only.
 * @param {Word.Paragraph} breaks
 */
function plainBreaks(breaks) {
  breaks.detachFromList();
  breaks.styleBuiltIn = "Normal";
  return breaks;
}

/**
 * A new paragraph mark at a point; the paragraph it ends (the part before the point). Queues only.
 * @param {Word.Range} point
 */
function splitAt(point) {
  return point.insertText("\n", "Before").paragraphs.getFirst();
}

/**
 * The block read when a write at its start or end goes inside its breaks: undefined when Word's own start or end
 * of the range is right: the block has no break on that side, is breaks alone (no visible text: its start is
 * before them, its end after), the target is no block's id, or (in a batch) the batch did not read it.
 * @param {HandlerEnv} env
 * @param {import("../scopes.js").ScopeTarget} target
 * @param {string} location
 */
async function readEdge(env, target, location) {
  if (target.kind !== "range" || !target.paragraphs || target.edges || (location !== "start" && location !== "end")) return undefined;
  const block = await readEdges(env, target.range);
  if (!block || (block.single && block.firstText.length === block.breaks)) return undefined;
  return (location === "start" ? block.leading : block.trailing) ? block : undefined;
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

/** The ops that write at a scope's start or end, when they write there. */
const EDGE_WRITES = /** @type {Record<string, (args: Record<string, any>) => boolean>} */ ({
  insertText: () => true,
  insertMarkdown: () => true,
  "hyperlink.set": (args) => args.text !== undefined,
  insertPicture: () => true,
  "table.create": () => true,
});

/**
 * Where an op writes: its location, or its default (table.create's is the scope's end; the others' is replace).
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {unknown}
 */
export function edgeLocation(op, args) {
  return args.location ?? (op === "table.create" ? "end" : undefined);
}

/**
 * Whether a batch's op puts new paragraphs (a table) at its block's start or end ({@link blockEdgeParagraph}): its
 * block's id no longer holds the breaks the batch read (batch-block-breaks.js).
 * @param {string} op
 * @param {Record<string, any>} args
 */
export function splitsBlock(op, args) {
  const location = edgeLocation(op, args);
  return (op === "insertMarkdown" || op === "table.create" || (op === "insertText" && args.newParagraph === true)) && (location === "start" || location === "end");
}

/**
 * The scope at whose start or end a batch's op writes ({@link blockEdgeSpot}, {@link blockEdgeParagraph}): the batch reads
 * it up front when it is a block's id (batch-block-breaks.js); undefined for any other op or location.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {unknown}
 */
export function edgeWriteScope(op, args) {
  const location = edgeLocation(op, args);
  return EDGE_WRITES[op]?.(args) && (location === "start" || location === "end") ? args.scope : undefined;
}
