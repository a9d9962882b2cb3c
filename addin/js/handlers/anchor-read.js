// An anchor read when an op uses it (`anchor:<id>` as a scope, or replace's target): whether its content starts or
// ends with a table now (anchor.create's view would be stale once its content was replaced, and an anchor made on
// the selection was never looked at), and its look, to make it again around what replaces its content. One sync
// that only reads, before the op writes; none in a batch that read the anchor up front (batch-anchor-reads.js).

import { TABLE_ANCHOR_PREFIX } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("../blocks.js").TableEdges} TableEdges */
/** @typedef {import("../scopes.js").ScopeTarget} ScopeTarget */

/**
 * An anchor's content control as an op found it: its tag (the anchor's id), name, look and lock.
 * @typedef {{ tag: string, title: string, appearance: Word.ContentControlAppearance | "BoundingBox" | "Tags" | "Hidden", color: string, cannotDelete: boolean }} AnchorLook
 */

/**
 * What an op learns from reading its anchor: where its content has a table as its first or last block, its
 * control's look, whether text follows it in its last paragraph (`textAfter`: a person's, or an op's "after"),
 * which a replace of its blocks keeps, with that paragraph's mark (text.js removeBlocks), and whether a table follows
 * its last paragraph (`tableAfter`: Word keeps a paragraph between that table and a table that replaces its content).
 * @typedef {{ edges?: TableEdges, look: AnchorLook, textAfter: boolean, tableAfter?: boolean }} AnchorRead
 */

/**
 * What an op leaves of what its anchor starts and ends with, for a batch's next op on it (batch-anchor-reads.js):
 * "same" (it writes beside the anchor or into its first or last block), "noTables" (its content is replaced by text
 * or a picture), "unknown" (blocks or a table may now start or end it: the next op reads it again).
 * @typedef {"same" | "noTables" | "unknown"} EdgeChange
 */

/**
 * Whether `scope` is an anchor an op reads before it writes ({@link readAnchor}): any anchor but a whole table's,
 * whose id says it is that table.
 * @param {unknown} scope
 * @returns {scope is string}
 */
export function readsAnchor(scope) {
  return typeof scope === "string" && scope.startsWith("anchor:") && !scope.startsWith(`anchor:${TABLE_ANCHOR_PREFIX}`);
}

/**
 * Whether the op's first sync reads its anchor ({@link readAnchor}): its scope (or replace's target) is an anchor
 * its batch did not read up front.
 * @param {Pick<HandlerEnv, "args" | "anchorReads">} env
 */
export function readsAnchorFirst({ args, anchorReads }) {
  const scope = anchorScopeOf(args);
  return scope !== undefined && !anchorReads?.has(scope.slice(7));
}

/**
 * The op's scope that {@link readAnchor} reads: its scope, or replace's target, when that is such an anchor.
 * @param {Record<string, any>} args
 */
function anchorScopeOf(args) {
  const scope = args.scope ?? args.target;
  return readsAnchor(scope) ? scope : undefined;
}

/**
 * Read the op's anchor before it writes: sets `target.edges` (where its content has a table as first or last block
 * now, {@link tableEdgesOf}) and `target.rewrap` (makes the anchor again around a range: {@link rewrapWith}).
 * `alsoRead` queues the caller's own reads for that sync, so an op that reads anyway still syncs once before it
 * writes. No sync for a scope that is no anchor (or a whole table's), nor for one its batch read up front
 * (`env.anchorReads`: then a sync only for the caller's own reads, if any); `change` says what the op leaves of the
 * anchor's table edges for the batch's next op on it.
 * @template T
 * @param {HandlerEnv} env
 * @param {ScopeTarget} target  completed in place
 * @param {{ alsoRead?: () => T | undefined, change?: EdgeChange }} [options]
 * @returns {Promise<{ also: T | undefined } | undefined>}  undefined when the scope is no such anchor
 */
export async function readAnchor(env, target, { alsoRead, change = "unknown" } = {}) {
  const use = queueAnchorUse(env, target, change);
  if (!use) return undefined;
  const also = alsoRead?.();
  if (use.reads || also !== undefined) await env.sync();
  use.finish();
  return { also };
}

/**
 * {@link readAnchor} for an op that makes its own sync (applyStyle): the anchor's read queued for it (`reads`; none
 * when its batch read the anchor up front); `finish`, after that sync, completes `target` as readAnchor does.
 * Undefined when the scope is no such anchor. Queues only.
 * @param {HandlerEnv} env
 * @param {ScopeTarget} target  completed in place by `finish`
 * @param {EdgeChange} change
 * @returns {{ reads: boolean, finish: () => void } | undefined}
 */
export function queueAnchorUse(env, target, change) {
  if (target.kind !== "range" || !target.control) return undefined;
  const { control } = target;
  const id = anchorScopeOf(env.args)?.slice(7);
  const known = id === undefined ? undefined : env.anchorReads?.get(id);
  const queued = known ? undefined : queueAnchorRead(target.range, control);
  const finish = () => {
    const read = known ?? /** @type {() => AnchorRead} */ (queued)();
    if (!known && id !== undefined) env.anchorReads?.set(id, read); // for the batch's next ops on it
    setEdges(target, read.edges);
    target.textAfter = read.textAfter;
    target.tableAfter = read.tableAfter;
    target.rewrap = rewrapWith(env, control, read.look);
    if (id !== undefined) afterChange(env, id, read, change);
  };
  return { reads: !known, finish };
}

/**
 * The batch's read of an anchor once an op of it wrote there ({@link EdgeChange}).
 * @param {HandlerEnv} env
 * @param {string} id
 * @param {AnchorRead} read
 * @param {EdgeChange} change
 */
function afterChange(env, id, read, change) {
  // Written after the anchor: maybe into its last paragraph (text), which a later replace of its blocks must keep.
  const textAfter = read.textAfter || env.args.location === "after";
  if (change === "unknown") env.anchorReads?.delete(id);
  else if (change === "noTables") env.anchorReads?.set(id, { look: read.look, textAfter, tableAfter: read.tableAfter });
  else if (textAfter !== read.textAfter) env.anchorReads?.set(id, { ...read, textAfter });
}

/**
 * After an op wrote blocks in place of its anchor's content (insertMarkdown's replace, read with change "same"): the
 * batch's read of the anchor takes their table edges, so its next op there needs no read of its own.
 * @param {HandlerEnv} env
 * @param {TableEdges} edges  of the blocks written
 */
export function anchorRewrittenWith(env, edges) {
  const id = anchorScopeOf(env.args)?.slice(7);
  const read = id === undefined ? undefined : env.anchorReads?.get(id);
  if (id === undefined || !read) return;
  // Its last paragraph is a new one, all the blocks': what was after the anchor is in a paragraph of its own now.
  env.anchorReads?.set(id, { look: read.look, textAfter: false, tableAfter: read.tableAfter, ...(edges.first || edges.last ? { edges } : {}) });
}

/**
 * Queue what {@link readAnchor} reads of an anchor (reads only; for the caller's sync). The function returned,
 * after it, gives the read.
 * @param {Word.Range} range  its content
 * @param {Word.ContentControl} control
 * @returns {() => AnchorRead}
 */
export function queueAnchorRead(range, control) {
  const levels = queueEdgeLevels(range);
  control.load("tag,title,appearance,color,cannotDelete");
  // From the control's end to its last paragraph's (expandTo takes the two in either order).
  const after = control.getRange("After").expandTo(range.getRange("Whole").paragraphs.getLast().getRange("Content").getRange("End"));
  after.load("text");
  return () => {
    const read = levels();
    const edges = tableEdgesOf(read);
    const look = { tag: control.tag, title: control.title, appearance: control.appearance, color: control.color, cannotDelete: control.cannotDelete };
    const tableAfter = read.after !== undefined && read.levels.length > 0 && read.after > ownLevel(read);
    return { ...(edges ? { edges } : {}), look, textAfter: after.text !== "", tableAfter };
  };
}

/**
 * The table edges part of {@link readAnchor}, for a caller that syncs itself (a dry run): queued for an anchor's
 * target (undefined for any other); the function returned, after the sync, sets `target.edges`.
 * @param {ScopeTarget} target
 * @returns {(() => void) | undefined}
 */
export function queueAnchorEdges(target) {
  if (target.kind !== "range" || !target.control) return undefined;
  const levels = queueEdgeLevels(target.range);
  return () => setEdges(target, tableEdgesOf(levels()));
}

/**
 * @param {import("../scopes.js").RangeTarget} target
 * @param {TableEdges | undefined} edges
 */
function setEdges(target, edges) {
  if (edges) target.edges = edges;
  else delete target.edges;
}

/**
 * Queue the read of the table nesting levels {@link tableEdgesOf} takes (Paragraph.tableNestingLevel, WordApi 1.3,
 * as anchors need): of the range's paragraphs and of the paragraphs just before and after them.
 * @param {Word.Range} range
 * @returns {() => { levels: number[], before?: number, after?: number }}  after the sync
 */
function queueEdgeLevels(range) {
  // Through a range of its own: a caller's reads may load the range's own paragraphs with other fields.
  const { paragraphs } = range.getRange("Whole");
  paragraphs.load("tableNestingLevel");
  const before = paragraphs.getFirst().getPreviousOrNullObject().load("tableNestingLevel");
  const after = paragraphs.getLast().getNextOrNullObject().load("tableNestingLevel");
  const level = (/** @type {Word.Paragraph} */ p) => (p.isNullObject ? undefined : p.tableNestingLevel);
  return () => ({ levels: paragraphs.items.map((p) => p.tableNestingLevel), before: level(before), after: level(after) });
}

/**
 * Where a range of blocks (an anchor's content) has a table as its first or last block, from the table nesting
 * levels of its paragraphs and of its neighbours: relative to the level the range itself is at, the lowest of its
 * paragraphs' (text in one cell is at that cell's level, with no table edge), or one below it when the neighbours
 * on both sides are lower (the range is one whole table: `only`).
 * @param {{ levels: number[], before?: number, after?: number }} levels  undefined: no paragraph there
 * @returns {TableEdges | undefined}
 */
export function tableEdgesOf({ levels, before, after }) {
  if (levels.length === 0) return undefined;
  const own = ownLevel({ levels, before, after });
  const first = levels[0] > own;
  const last = levels[levels.length - 1] > own;
  if (!first && !last) return undefined;
  return own < Math.min(...levels) ? { first, last, only: true } : { first, last };
}

/**
 * The level a range of blocks is at ({@link tableEdgesOf}): the lowest of its paragraphs', or one below it when it
 * is one whole table (its neighbours on both sides are lower). For a range with paragraphs.
 * @param {{ levels: number[], before?: number, after?: number }} levels
 */
function ownLevel({ levels, before, after }) {
  const lowest = Math.min(...levels);
  const oneTable = lowest > 0 && (before === undefined || before < lowest) && (after === undefined || after < lowest);
  return oneTable ? lowest - 1 : lowest;
}

/**
 * Which side of an anchor's content control what replaces its blocks goes (before the blocks are removed: text.js
 * replaceBlocks, table-edges.js, markdown-place.js): after it when its content starts with a table but ends with a
 * paragraph that nothing follows, and what is written starts with a paragraph: that last paragraph then goes whole
 * with the blocks, mark included, even where a table follows the anchor (Word keeps the mark of a paragraph right
 * before a table), and no table touches its first table. Before it otherwise: text after it stays after what is
 * written; a table written first would make that last paragraph one before a table.
 * @param {import("../scopes.js").RangeTarget} target  an anchor's, read
 * @param {boolean} [startsWithTable]  what is written starts with a table
 * @returns {"Before" | "After"}
 */
export function anchorReplaceSide({ edges, textAfter }, startsWithTable = false) {
  return edges?.first && !edges.last && !textAfter && !startsWithTable ? "After" : "Before";
}

/**
 * An anchor's content control made again around what an op wrote in its place (a replace through `anchor:<id>`):
 * Word puts a paragraph inserted after the control's last paragraph outside the control (office-js#3176;
 * Before/After insert outside an object's boundaries), and an inline control cannot take more than one paragraph,
 * so the blocks after the first would leave the anchor. The function returned removes the control keeping its
 * content and wraps `range` in a new one with the same tag (the anchor's id), name and look, as anchor.create
 * would. A control locked against deletion is left as it is, with a warning. Queues only.
 * @param {HandlerEnv} env
 * @param {Word.ContentControl} control  the op's own: found by its tag when the op's actions run
 * @param {AnchorLook} look  as read
 * @returns {(range: Word.Range) => void}
 */
export function rewrapWith(env, control, { tag, title, appearance, color, cannotDelete }) {
  return (range) => {
    if (cannotDelete) {
      env.note("warn", "The anchor's content control is locked against deletion (cannotDelete), so it was not made again around everything written: it holds only what went into it (anchor.list shows its text)", "args.scope");
      return;
    }
    control.delete(true);
    const wrapped = range.insertContentControl();
    wrapped.tag = tag;
    if (title) wrapped.title = title;
    wrapped.appearance = /** @type {Word.ContentControlAppearance} */ (appearance);
    if (color) wrapped.color = color;
  };
}
