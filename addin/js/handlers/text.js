// insertText, insertBreak and getSelection.

import { bool, oneOf, str } from "../args.js";
import { LOCATIONS, bodyBlockLocation, bodyTextLocation, rangeBlockLocation, rangeTextLocation } from "../locations.js";
import { shownText } from "../shown-text.js";
import { besideRange, firstBlockOf, lastBlockOf, resolveScope, tableEdgedScope } from "../registry.js";
import { queueWholeRead, wholeParagraphs } from "../blocks.js";
import { anchorReplaceSide, readAnchor, readsAnchorFirst } from "./anchor-read.js";
import { queueBlockRead, removeBlock, rewrittenPart } from "./block-rewrite.js";
import { afterWrites, noteWhenDone } from "./done-notes.js";
import { blockEdgeParagraph, blockEdgeSpot, isBlockScope, readsBlockEdge } from "./block-edge-spot.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Insert text at the scope. Nothing to read (Word.run's closing sync does the work) but an anchor, read first
 * (anchor-read.js: whether its content starts or ends with a table now, which the cases below go by).
 *
 * With `newParagraph`, the text becomes its own paragraph: on the document at its start or end (before/after
 * count as start/end); `replace` on the document replaces the whole body with the text (Body has no
 * "replace by paragraph"). On a range or the selection: start/before → a paragraph before the range's
 * paragraph, end/after → after it, replace → in place of the range's paragraphs when it covers them whole, else
 * after its paragraph with the range's own text deleted ({@link replaceWithParagraph}).
 * Before/after an anchor land outside its content control, as before/after a range id land outside its range
 * ({@link besideRange}); start/end write into it. Start/end of a block's id go inside the page, column or section
 * breaks it starts or ends with, on its page (a new paragraph between them and its text), after a sync that reads
 * it (block-edge-spot.js).
 * A replace through a block's id leaves the id on everything written ({@link rewriteBlock}).
 * `keepFormatting: false` clears the direct character formatting the text would inherit (bold, italic,
 * underline, highlight). Replacing a range of whole paragraphs (a block's id) with "" removes the paragraphs
 * ({@link replaceText}).
 *
 * A range that starts or ends with a table (a table id as `rangeId:`, table.create's rangeId, an insertMarkdown
 * result beginning or ending with a table) is edited as blocks on that side, never through the table's cells:
 * - before (at a table start) → a new paragraph before the table; after (at a table end) → a new paragraph after
 *   it (text cannot join a table: an info diagnostic says so unless `newParagraph` asked for it);
 * - start / end without `newParagraph` → the start of the first cell / the end of the last cell (the table's own
 *   text, as start/end of a paragraph block are that paragraph's); with `newParagraph` as before / after;
 * - replace → the text becomes a paragraph in place of the whole range, tables included ("" removes them), and
 *   the range's id is retired ({@link replaceText}).
 * @param {HandlerEnv} env
 */
export async function insertText(env) {
  const { context, registry, args } = env;
  const { text, location, newParagraph, keepFormatting } = insertTextArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  // An anchor is read first (one sync): what its content starts and ends with now and its look (readAnchor), with
  // what a new paragraph in its place must know.
  const read = await readAnchor(env, target, {
    alsoRead: () => (newParagraph && location === "replace" && target.kind === "range" ? queueWholeRead(target.range, target.range.paragraphs) : undefined),
    change: location === "replace" ? "noTables" : "same",
  });

  /** @type {Word.Range} */
  let inserted;
  if (target.kind === "document") {
    inserted = newParagraph && location !== "replace"
      ? linesOf(target.body.insertParagraph(text, bodyBlockLocation(location)), text)
      : target.body.insertText(text, bodyTextLocation(location));
  } else if (target.kind === "range" && atTable(target, location)) {
    inserted = location === "replace" ? await replaceText(env, target, text, "args.scope") : insertAtTable(env, target, text, location, newParagraph);
  } else if (newParagraph && location === "replace") {
    inserted = await replaceWithParagraph(env, target, text, read?.also);
  } else if (newParagraph) {
    // At the start or end of a block's id: between the breaks it starts or ends with and its text (block-edge-spot.js).
    const edge = await blockEdgeParagraph(env, target, location);
    inserted = linesOf(edge ? edge.paragraph.insertParagraph(text, edge.where) : target.range.insertParagraph(text, rangeBlockLocation(location)), text);
  } else if (location === "replace") {
    inserted = await replaceText(env, target, text, "args.scope");
  } else {
    // At the start or end of a block's id: inside the breaks it starts or ends with (block-edge-spot.js).
    const spot = await blockEdgeSpot(env, target, location);
    const beside = spot ?? (location === "before" || location === "after" ? besideRange(target, location) : target.range);
    inserted = beside.insertText(text, rangeTextLocation(location));
  }
  if (!keepFormatting) {
    inserted.font.set({ bold: false, italic: false, underline: "None", highlightColor: /** @type {any} */ (null) });
  }
  return { rangeId: registry.add("rng", inserted, text ? { empty: false } : {}), length: text.length };
}
/**
 * insertText's checks of its args (a dry run makes them too: op-checks.js). Throws only.
 * @param {HandlerEnv} env
 */
export function insertTextArgs({ args }) {
  return {
    text: str(args, "text"),
    location: oneOf(args, "location", LOCATIONS, "replace"),
    newParagraph: bool(args, "newParagraph", false),
    keepFormatting: bool(args, "keepFormatting", true),
  };
}

/**
 * A sync of its own only to read: whether a range or the selection replaced by a new paragraph covers its paragraphs
 * whole (not at a table), and what a block replaced through its id starts with and is next to ({@link rewriteBlock}).
 * @param {HandlerEnv} env
 * @returns {import("../types.js").SyncKind}
 */
insertText.firstSync = (env) => {
  const { args, registry } = env;
  const scope = args.scope ?? "selection";
  if (readsAnchorFirst(env)) return "read"; // the anchor's table edges and look (readAnchor)
  if (readsBlockEdge(env, scope, args.location)) return "read"; // its breaks (block-edge-spot.js)
  if ((args.location ?? "replace") !== "replace") return "none";
  return readsBlock(env, scope) || (args.newParagraph === true && !knownShape(registry, scope)) ? "read" : "none";
};

/**
 * Whether replacing `scope` rewrites a block through its id (whole paragraphs, no table at an edge) and reads it
 * first ({@link rewriteBlock}): the first sync of an op that does is a read. Not in a batch (its ops get
 * `deferSync`), which must not cost a sync per op: there the block is rewritten without that read.
 * @param {Pick<HandlerEnv, "registry" | "deferSync">} env
 * @param {unknown} scope
 */
export function readsBlock({ registry, deferSync }, scope) {
  return !deferSync && isBlockScope(registry, scope);
}

/**
 * The text of the paragraphs `insertParagraph(text)` made: Word makes one a line of the text ("\n", "\r" or "\r\n"
 * between them) and returns the first, so the range reaches to the last one (else the result's rangeId, and an anchor
 * made again around it, would hold the first line alone). Queues only.
 * @param {Word.Paragraph} first  the paragraph insertParagraph returned
 * @param {string} text
 * @returns {Word.Range}
 */
function linesOf(first, text) {
  let last = first;
  for (let breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0; breaks > 0; breaks -= 1) last = last.getNext();
  return last === first ? first.getRange("Content") : first.getRange("Content").expandTo(last.getRange("Content"));
}

/**
 * Whether a scope's shape is known without reading: the document, a block's or table-edged range id, a table's
 * anchor (no sync: the registry and the anchor's id say so).
 * @param {import("../registry.js").Registry} registry
 * @param {unknown} scope
 */
function knownShape(registry, scope) {
  if (scope === "document" || tableEdgedScope(registry, scope)) return true;
  return typeof scope === "string" && scope.startsWith("rangeId:") && registry.isParagraphs(scope.slice(8));
}

/**
 * newParagraph with replace on a range or the selection: the text becomes a paragraph in place of the range. A
 * range of whole paragraphs (a block's id; a range or selection whose text is all its paragraphs' text, read first)
 * has their text replaced, so the text takes their place and no empty paragraph is left behind (Word joins the
 * paragraphs into the last one: one paragraph). A range inside a paragraph leaves the rest of it: the text goes
 * into a paragraph after it and the range's own text is deleted; an anchor inside a paragraph is then made again
 * around the new paragraph (anchor-read.js rewrapWith), as insertMarkdown's replace of it wraps its blocks: else it would
 * stay behind, empty. One sync that only reads, none for a block's id, or the anchor's (`wholeRead`, queued with
 * readAnchor's sync, which also read its look).
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget | { kind: "selection", range: Word.Range, paragraphs?: undefined, id?: undefined }} target
 * @param {string} text
 * @param {ReturnType<typeof queueWholeRead>} [wholeRead]  read already
 * @returns {Promise<Word.Range>}
 */
async function replaceWithParagraph(env, target, text, wholeRead = undefined) {
  if (target.paragraphs) return rewriteBlock(env, target, text, "args.scope");
  const read = wholeRead ?? queueWholeRead(target.range, target.range.paragraphs);
  if (!wholeRead) await env.sync();
  const rewrap = target.kind === "range" ? target.rewrap : undefined;
  const replaced = read();
  if (replaced.whole) {
    // A range ending with its last paragraph's mark would take that mark (and the paragraph after it) along.
    return (replaced.text.endsWith("\r") ? wholeParagraphs(target.range, false) : target.range).insertText(text, "Replace");
  }
  const inserted = linesOf(target.range.insertParagraph(text, "After"), text);
  target.range.delete();
  rewrap?.(inserted);
  return inserted;
}

/**
 * Rewrite a block's paragraphs (a readDocument block's or an insertMarkdown result's id, widened to its whole
 * paragraphs) with text, or remove them ("": {@link removeBlock}), after one sync that reads the block. The page or
 * section breaks it starts with stay: only the text after them is replaced (block-rewrite.js). A rewrite leaves the
 * id on everything written: the edit goes through an untracked stand-in of the id's range, and Word leaves the
 * tracked range on one paragraph of a multi-paragraph text, so the next replace through the id would leave the
 * others; a removal retires the id.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} text
 * @param {string} field  the arg that named the block
 * @returns {Promise<Word.Range>}
 */
async function rewriteBlock(env, target, text, field) {
  const block = await readBlock(env, target);
  if (!block) return rewriteBlockUnread(env, target, text, field);
  if (text === "") {
    const gone = removeBlock(env, target.range, block, field);
    retireScope(env, target.id, "its paragraphs were removed (replaced with \"\")");
    return gone;
  }
  const inserted = rewrittenPart(env, target.range, block, field).insertText(text, "Replace");
  if (target.id) env.registry.retarget(target.id, inserted, { paragraphs: true });
  return inserted;
}

/**
 * The block {@link rewriteBlock} rewrites, read in a sync of its own; in a batch (no sync per op), as the batch read
 * it up front (batch-block-breaks.js), and only when it starts with breaks: undefined otherwise.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @returns {Promise<import("./block-rewrite.js").BlockRead | undefined>}
 */
async function readBlock(env, target) {
  if (env.deferSync) {
    const before = env.blockReadBefore?.();
    // Its paragraphs through the op's own target: Word ran the batch's earlier ops since the read.
    return before?.breaks ? { ...before, first: target.range.paragraphs.getFirst(), last: target.range.paragraphs.getLast() } : undefined;
  }
  const read = queueBlockRead(target.range);
  await env.sync();
  return read();
}

/**
 * {@link rewriteBlock} in a batch, for a block read up front without breaks, or not read (named by an earlier op of
 * the batch: batch-block-breaks.js): Word's replace of the whole block, breaks included, or its removal with its marks (but the one before a table, and the document's last). Queues only.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} text
 * @param {string} field
 * @returns {Word.Range}
 */
function rewriteBlockUnread(env, target, text, field) {
  if (text !== "") {
    const inserted = target.range.insertText(text, "Replace");
    if (target.id) env.registry.retarget(target.id, inserted, { paragraphs: true });
    return inserted;
  }
  const whole = target.range.expandTo(target.range.paragraphs.getLast().getRange("Whole"));
  whole.delete();
  noteWhenDone(env, "info", "The paragraphs were removed with their text (Word keeps the paragraph mark before a table and the document's last one: such a paragraph is emptied instead); replace them with text to keep them", field);
  retireScope(env, target.id, "its paragraphs were removed (replaced with \"\")");
  return whole;
}

/**
 * Whether `location` on the range is at a table: its start side (start/before) when it starts with one, its end
 * side (end/after) when it ends with one, replace when either.
 * @param {import("../registry.js").RangeTarget} target
 * @param {import("../locations.js").Location} location
 */
export function atTable(target, location) {
  const { edges } = target;
  if (!edges) return false;
  if (location === "replace") return true;
  return location === "start" || location === "before" ? edges.first : edges.last;
}

/**
 * Text at the start or end side of a range that is a table there ({@link atTable}): a paragraph of its own before or
 * after the table, or (start/end without newParagraph) into its first or last cell. Queues only.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} text
 * @param {"start" | "end" | "before" | "after"} location
 * @param {boolean} newParagraph
 * @returns {Word.Range}
 */
function insertAtTable(env, target, text, location, newParagraph) {
  const atStart = location === "start" || location === "before";
  if (!newParagraph && (location === "start" || location === "end")) {
    // The table's own text: its first cell's start, its last cell's end (the last paragraph of the range is that
    // cell's last: a cell always ends with a paragraph).
    return atStart
      ? /** @type {Word.Table} */ (firstBlockOf(target).table).getCell(0, 0).body.insertText(text, "Start")
      : target.range.getRange("Whole").paragraphs.getLast().insertText(text, "End");
  }
  // Before/after an anchor: next to its content control, outside it, wherever its table is now.
  const beside = target.control && (location === "before" || location === "after")
    ? target.control
    : /** @type {Word.Table} */ ((atStart ? firstBlockOf(target) : lastBlockOf(target)).table);
  if (!newParagraph) {
    noteWhenDone(env, "info", `The scope ${atStart ? "starts" : "ends"} with a table: the text went into a new paragraph ${atStart ? "before" : "after"} it (text cannot join a table; start/end write into its ${atStart ? "first" : "last"} cell)`, "args.location");
  }
  return linesOf(beside.insertParagraph(text, atStart ? "Before" : "After"), text);
}

/**
 * Replace a range's text. A range of whole paragraphs (a readDocument block's or an insertMarkdown result's id,
 * which ends before the last paragraph's mark) is read first ({@link rewriteBlock}: one sync) and keeps the breaks
 * it starts with; replaced with "" it loses its paragraphs, marks included, as insertMarkdown's replace removes the
 * paragraphs it leaves empty: "delete this block" leaves no empty paragraph behind, except where Word keeps one
 * (the document's last paragraph, a paragraph between two tables or first in the document before one), which the
 * answer says. Its id is retired once that is done, so a later op on it is refused instead of writing where the
 * block was.
 * A range that starts or ends with a table ({@link atTable}) is replaced whole, as blocks: the text becomes a
 * paragraph before its first block and its blocks go, tables included ("" only removes them); its id is retired
 * too. Word's own replace of such a range would write into a cell or onto the next paragraph.
 * Returns the range the text is in now (collapsed where removed paragraphs were). Syncs only to read a block
 * (its op's first sync is then a read: {@link rewritesBlock}) and an anchor not read yet (readAnchor); else
 * queues only.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget | { kind: "selection", range: Word.Range, id?: undefined, paragraphs?: undefined, edges?: undefined }} target
 * @param {string} text
 * @param {string} field  the arg that named the range
 * @returns {Promise<Word.Range>}
 */
export async function replaceText(env, target, text, field) {
  if (target.kind === "range" && target.control && !target.rewrap) await readAnchor(env, target, { change: "noTables" });
  if (target.edges) return replaceBlocks(env, /** @type {import("../registry.js").RangeTarget} */ (target), text, field);
  if (!target.paragraphs) return target.range.insertText(text, "Replace");
  return rewriteBlock(env, /** @type {import("../registry.js").RangeTarget} */ (target), text, field);
}

/**
 * Replace a range that starts or ends with a table by `text` (see {@link replaceText}). Queues only. An anchor's
 * blocks (`control`, read by then: readAnchor): the paragraph goes in next to the control, outside it (before it,
 * or after it: anchor-read.js anchorReplaceSide), and the control is made again around it (rewrapWith).
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} text
 * @param {string} field
 * @returns {Promise<Word.Range>}  the new paragraph's text, or where the blocks were
 */
async function replaceBlocks(env, target, text, field) {
  const rewrap = target.control ? target.rewrap : undefined;
  // An anchor's blocks: next to its control, which needs no table (its content may no longer start with one).
  const first = target.control ? undefined : firstBlockOf(target);
  const before = target.control ?? first?.table ?? /** @type {Word.Paragraph} */ (first?.paragraph);
  const paragraph = text === "" ? undefined : before.insertParagraph(text, target.control ? anchorReplaceSide(target) : "Before");
  const written = paragraph ? linesOf(paragraph, text) : undefined;
  if (written) rewrap?.(written);
  const gone = removeBlocks(target);
  const what = target.edges?.only ? "table" : "blocks";
  if (text === "") noteWhenDone(env, "info", `The ${what} of the scope ${what === "table" ? "was" : "were"} removed`, field);
  retireScope(env, target.id, `its ${what} ${what === "table" ? "was" : "were"} ${text === "" ? "removed" : "replaced"}`);
  return written ?? gone;
}

/**
 * Remove a range that starts or ends with a table, as whole blocks: a table by Table.delete, a run of blocks with
 * its last paragraph's mark (Word keeps the document's last paragraph mark), but an anchor's with text after it in
 * that paragraph (`textAfter`), which stays. Queues only.
 * @param {import("../registry.js").RangeTarget} target
 * @returns {Word.Range}  collapsed where the blocks were, once removed
 */
export function removeBlocks(target) {
  if (target.edges?.only) {
    const table = /** @type {Word.Table} */ (firstBlockOf(target).table);
    const where = table.getRange("Whole");
    table.delete();
    return where;
  }
  const whole = target.edges?.last || target.textAfter ? target.range : target.range.expandTo(target.range.paragraphs.getLast().getRange("Whole"));
  whole.delete();
  return whole;
}

/**
 * The scope's id stops working now (a later op of the same batch is refused) and is retired once the removal
 * reached Word.
 * @param {HandlerEnv} env
 * @param {string | undefined} id
 * @param {string} why
 */
export function retireScope(env, id, why) {
  if (!id) return;
  env.registry.removing(id, why);
  afterWrites(env, () => env.registry.retire(id, why));
}

/** The checks of this module's ops, by op (op-checks.js). */
export const CHECKS = { insertText: insertTextArgs };

/**
 * The selection's text (as readDocument shows it: {@link shownText}) and a range id; start/end where the host has
 * Range.start/end (WordApiDesktop 1.4). One sync.
 * @param {HandlerEnv} env
 */
export async function getSelection({ context, registry, supports, sync }) {
  const selection = context.document.getSelection();
  const withOffsets = supports("WordApiDesktop", "1.4");
  selection.load(withOffsets ? ["text", "start", "end"] : ["text"]);
  const rangeId = registry.add("rng", selection);
  await sync();
  return withOffsets
    ? { text: shownText(selection.text), rangeId, start: selection.start, end: selection.end }
    : { text: shownText(selection.text), rangeId };
}
getSelection.firstSync = /** @type {const} */ ("read");
