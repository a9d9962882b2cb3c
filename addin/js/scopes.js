// What a `scope`, a `tableRef` or an `anchor:<id>` designates: the document body, the selection, an anchor's
// content control, or a range or table the registry tracks.

import { PaneError } from "./errors.js";

/** @typedef {import("./registry.js").Registry} Registry */
/** @typedef {import("./blocks.js").TableEdges} TableEdges */

/**
 * Split `rangeId:<id>` / `tableId:<id>`.
 * @param {unknown} ref
 * @param {string} field
 * @returns {{ kind: "rangeId" | "tableId", id: string }}
 */
export function parseRef(ref, field) {
  const match = typeof ref === "string" ? /^(rangeId|tableId):(.+)$/.exec(ref) : null;
  if (!match) throw new PaneError("E_INVALID_ARG", `${field} must be "rangeId:<id>" or "tableId:<id>"`, field);
  return { kind: /** @type {"rangeId" | "tableId"} */ (match[1]), id: match[2] };
}

/**
 * What a `scope` designates: the document body, the selection, or a tracked range.
 * `paragraphs` marks a range id of whole paragraphs (RegistryEntry.paragraphs); `edges` one whose first or last
 * block is a table, and `table` the table a table id designates.
 * @typedef {{ kind: "document", body: Word.Body } | { kind: "selection", range: Word.Range } | RangeTarget} ScopeTarget
 * @typedef {{ kind: "range", range: Word.Range, id?: string, paragraphs?: boolean, edges?: TableEdges, table?: Word.Table, control?: Word.ContentControl, rewrap?: (range: Word.Range) => void, textAfter?: boolean, tableAfter?: boolean }} RangeTarget
 *   `control`: the anchor's content control, when the range is an anchor's content; its `edges`, `rewrap`,
 *   `textAfter` (text follows it in its last paragraph) and `tableAfter` (a table follows that paragraph) are known
 *   once the op read it (handlers/anchor-read.js)
 */

/**
 * Resolve `scope` ("document" | "selection" | "rangeId:<id>"). A table id in a rangeId designates the table's range.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {unknown} scope
 * @param {string} [field]
 * @returns {ScopeTarget}
 */
export function resolveScope(context, registry, scope, field = "args.scope") {
  if (scope === "document") return { kind: "document", body: context.document.body };
  if (scope === "selection") return { kind: "selection", range: context.document.getSelection() };
  if (typeof scope === "string" && scope.startsWith("anchor:")) return anchorTarget(context, registry, scope.slice(7), field);
  const { kind, id } = parseScopeRef(scope, field);
  if (kind === "rangeId" && id.startsWith("tbl_")) {
    const table = registry.table(id, field);
    return { kind: "range", range: table.getRange("Whole"), id, table, edges: { first: true, last: true, only: true } };
  }
  const range = registry.range(id, field);
  const edges = registry.edgesOf(id);
  return { kind: "range", range, id, ...(registry.isParagraphs(id) ? { paragraphs: true } : {}), ...(edges ? { edges } : {}) };
}

/**
 * @param {unknown} scope
 * @param {string} field
 */
function parseScopeRef(scope, field) {
  if (typeof scope === "string" && scope.startsWith("rangeId:")) return parseRef(scope, field);
  throw new PaneError("E_INVALID_ARG", `${field} must be "document", "selection", "rangeId:<id>" or "anchor:<id>"`, field);
}

/**
 * An anchor as a scope: its content; for an anchor around a whole table (anchor.create gives it an id starting with
 * {@link TABLE_ANCHOR_PREFIX}) that table, as a table id designates it: a block, so content goes before, after or
 * instead of it, never into its cells unless start/end ask for them. The first table in the control: paragraphs
 * placed next to the table may have joined the anchor. A table that is gone is ItemNotFound at the sync.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {string} id
 * @param {string} field
 * @returns {RangeTarget}
 */
function anchorTarget(context, registry, id, field) {
  const control = anchorControl(context, registry, id, field);
  const range = control.getRange("Content");
  if (!id.startsWith(TABLE_ANCHOR_PREFIX)) return { kind: "range", range, control };
  const table = range.tables.getFirst();
  return { kind: "range", range: table.getRange("Whole"), table, edges: { first: true, last: true, only: true } };
}

/**
 * Whether a scope starts or ends with a table, known without a sync: a table id or a table-edged range id (the
 * registry knows), or the anchor of a table (its id says so).
 * @param {Registry} registry
 * @param {unknown} scope
 */
export function tableEdgedScope(registry, scope) {
  if (typeof scope !== "string") return false;
  if (scope.startsWith(`anchor:${TABLE_ANCHOR_PREFIX}`)) return true;
  if (!scope.startsWith("rangeId:")) return false;
  const id = scope.slice(8);
  return id.startsWith("tbl_") || registry.edgesOf(id) !== undefined;
}

/** What the id of an anchor around a whole table starts with (the id lives in the tag, so this outlives the pane). */
export const TABLE_ANCHOR_PREFIX = "anc_tbl_";

/**
 * The prefix of a new anchor's id over a range with these table edges: {@link TABLE_ANCHOR_PREFIX} for a whole
 * table, else `anc_` (whether an anchor over blocks starts or ends with a table is read when it is used: its
 * content changes). Ids made before with `anc_tf_`, `anc_tl_` or `anc_tfl_` are anchors like any other.
 * @param {TableEdges | undefined} edges
 */
export function anchorIdPrefix(edges) {
  return edges?.only ? TABLE_ANCHOR_PREFIX : "anc_";
}

/** What an anchor's content control is tagged with: the prefix marks the tags we made (anchor.list). */
export const ANCHOR_TAG_PREFIX = "wordbridge:";

/**
 * The content of an anchor's content control: what `anchor:<id>` designates wherever `rangeId:<id>` may be.
 * The control is found by its tag, which lives in the document, so it outlives the pane and the server;
 * ItemNotFound (E_NOT_FOUND) at the sync when no control has the tag. `getFirst` and `getRange` are WordApi
 * 1.3 (content controls 1.1): a host below 1.3 is refused before anything is queued.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {string} id
 * @param {string} [field]
 * @returns {Word.Range}
 */
export function anchorRange(context, registry, id, field = "args.scope") {
  return anchorControl(context, registry, id, field).getRange("Content");
}

/**
 * An anchor's content control (see {@link anchorRange}).
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {string} id
 * @param {string} field
 * @returns {Word.ContentControl}
 */
function anchorControl(context, registry, id, field) {
  if (!id) throw new PaneError("E_INVALID_ARG", `${field} must be "anchor:<id>" with an id from anchor.create`, field);
  registry.requireAnchors(field);
  return context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + id).getFirst();
}

/**
 * Where inline content goes before or after a scope's range, outside it: an anchor's content control has its own
 * points before its start tag and after its end tag (ContentControl.getRange "Before"/"After", WordApi 1.3): text
 * put before or after its content range would land inside the control, between its tags. Any other range is its
 * own "before"/"after". Queues only.
 * @param {ScopeTarget & { kind: "selection" | "range" }} target
 * @param {"before" | "after"} side
 * @returns {Word.Range}
 */
export function besideRange(target, side) {
  if (target.kind === "range" && target.control) return target.control.getRange(side === "before" ? "Before" : "After");
  return target.range;
}

/**
 * The range inline content (text, a picture) goes into for `location` on a range or the selection: before/after
 * outside an anchor ({@link besideRange}), start/end/replace the range itself (an anchor's content: into it).
 * Queues only.
 * @param {ScopeTarget & { kind: "selection" | "range" }} target
 * @param {import("./locations.js").Location} location
 * @returns {Word.Range}
 */
export function insertionRange(target, location) {
  return location === "before" || location === "after" ? besideRange(target, location) : target.range;
}

/**
 * What paragraphs and tables go "Before"/"After" of, next to a scope's range: an anchor's content control
 * (ContentControl.insertParagraph / insertTable put them next to it, outside it, and next to a table it starts or
 * ends with, never into that table's cells); a paragraph put before or after one of its paragraphs might join it.
 * Any other range is its own (Range.insertParagraph / insertTable: before its first paragraph, after its last).
 * @param {ScopeTarget & { kind: "selection" | "range" }} target
 * @returns {Word.Range | Word.ContentControl}
 */
export function besideBlocks(target) {
  return target.kind === "range" && target.control ? target.control : target.range;
}

/**
 * The scope as a Range (the whole body for "document"): for ops that act on a range either way.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {unknown} scope
 * @param {string} [field]
 * @returns {Word.Range}
 */
export function resolveScopeRange(context, registry, scope, field = "args.scope") {
  const target = resolveScope(context, registry, scope, field);
  return target.kind === "document" ? target.body.getRange("Whole") : target.range;
}

/**
 * Resolve `tableRef`. For a range, the table is its `parentTableOrNullObject`: the caller must load it,
 * sync, and call {@link assertTableFound} before using it. An anchor around a whole table designates that table
 * (the first in it: paragraphs placed next to the table may have joined the anchor).
 * @param {Registry} registry
 * @param {unknown} ref
 * @param {string} [field]
 * @param {Word.RequestContext} [context]  needed for an `anchor:<id>` ref (a table inside the anchor)
 * @returns {{ table: Word.Table, viaRange: boolean }}
 */
export function resolveTableRef(registry, ref, field = "args.tableRef", context = undefined) {
  if (context && typeof ref === "string" && ref.startsWith("anchor:")) {
    const range = anchorRange(context, registry, ref.slice(7), field);
    return { table: ref.startsWith(`anchor:${TABLE_ANCHOR_PREFIX}`) ? range.tables.getFirst() : range.parentTableOrNullObject, viaRange: true };
  }
  const { kind, id } = parseRef(ref, field);
  if (kind === "tableId" || id.startsWith("tbl_")) return { table: registry.table(id, field), viaRange: false };
  // Through a fresh range: Office.js caches parentTableOrNullObject on the tracked range, and once the id minted for
  // that one object was evicted (untracked for good) it could never be tracked again.
  return { table: registry.range(id, field).getRange("Whole").parentTableOrNullObject, viaRange: true };
}

/**
 * After the sync that loaded a table resolved through a range: E_NOT_FOUND when the range is not in a table.
 * @param {{ table: Word.Table, viaRange: boolean }} resolved
 * @param {string} [field]
 */
export function assertTableFound(resolved, field = "args.tableRef") {
  if (resolved.viaRange && resolved.table.isNullObject) {
    throw new PaneError("E_NOT_FOUND", "The range is not inside a table", field);
  }
}
