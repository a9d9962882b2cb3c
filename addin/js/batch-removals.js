// A batch whose op targets what an earlier op of the same batch removes is refused before anything runs. At run
// time the registry refuses such an id only once the removing op has been queued (Registry.removing), when the ops
// before it are already queued: with stopOnError they stay applied and the batch is half done. What the ops remove
// can be told from their args and what the registry knows of the ids, with no sync, so it is checked up front,
// like the args of every op. It is the same rule the handlers apply when they queue a removal (text.js
// replaceText, table-edges.js, markdown-place.js):
// - an op that puts content in place of its scope (insertText, insertMarkdown, insertPicture, hyperlink.set with
//   text, at location "replace", their default) or a replace of a rangeId target, on a range that starts or ends
//   with a table (a table id as rangeId:, table.create's rangeId, a table's anchor "anchor:anc_tbl_…"), removes the
//   range's blocks, tables included;
// - insertText (without newParagraph) or replace with "" on a block of whole paragraphs (a readDocument block's
//   rangeId, insertMarkdown's result) removes its paragraphs;
// - anchor.remove removes its anchor ("anchor:<id>" no longer finds anything), comment.delete its comment;
// - table.deleteRows/deleteColumns of every row or column removes the table: how many it has is read up front
//   (batch-table-removals.js: one read sync, only for a batch that may need it), and passed in as `known`.
// The removed id and its twin (table.create's tableId and rangeId) then fail any later op that targets them.
// References count too: "$0.rangeId" of a table.create is its table, "$2.blocks.1.rangeId" of a readDocument a
// block; a reference to what a removing op leaves ("$1.rangeId") is a new id, never refused.

import { PaneError } from "./errors.js";
import { TARGET_FIELDS } from "./expect.js";
import { dotted, referencesOf } from "./batch-references.js";
import { TABLE_ANCHOR_PREFIX } from "./scopes.js";

/** @typedef {import("./registry.js").Registry} Registry */
/** @typedef {import("./blocks.js").TableEdges} TableEdges */

/**
 * What a target designates, as far as is known before the batch runs: the ids of that content (an id and its
 * twin), whether it is a block of whole paragraphs, where it starts or ends with a table.
 * @typedef {{ ids: string[], paragraphs: boolean, edges?: TableEdges }} Content
 */

/** Ops that put content in place of their scope at location "replace" (their default). */
const PLACING_OPS = new Set(["insertText", "insertMarkdown", "insertPicture", "hyperlink.set"]);

/** @type {TableEdges} */
export const ONE_TABLE = { first: true, last: true, only: true };

/** The args that name what an op acts on, beyond the scope/target/tableRef of most ops. */
const NAMED_TARGETS = /** @type {const} */ (["anchorId", "commentId"]);

/**
 * What an earlier op of the batch removes, known only once the document was read (batch-table-removals.js): op
 * index → the ids (as {@link targetKey} gives them) it removes, and how, for the message (`hint`: what to do
 * instead, when not {@link afterRemoval}'s).
 * @typedef {Map<number, { ids: string[], says: string, hint?: string }>} KnownRemovals
 */

/**
 * E_NOT_FOUND on the first op that targets what an earlier op of the batch removes, naming that op.
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {Registry} registry
 * @param {KnownRemovals} [known]
 */
export function refuseRemovedTargets(ops, registry, known = new Map()) {
  /** @type {Map<string, { at: number, says: string, hint?: string }>} an id → the op that removes its content, and how */
  const removed = new Map();
  ops.forEach(({ op, args }, j) => {
    for (const field of [...TARGET_FIELDS, ...NAMED_TARGETS]) {
      const id = targetKey(field, args[field]);
      const earlier = id === undefined ? undefined : contentOf(id, ops, registry).ids.map((each) => removed.get(each)).find(Boolean);
      if (!earlier) continue;
      const hint = earlier.hint ?? afterRemoval(ops[earlier.at].op, earlier.at);
      throw new PaneError("E_NOT_FOUND", `args.ops[${j}].args.${field}: "${args[field]}" is gone before op ${j} runs: op ${earlier.at} (${ops[earlier.at].op}) ${earlier.says}. `
        + `The batch was refused and nothing of it ran: drop op ${j}, or ${hint}`, `args.ops[${j}].args.${field}`);
    }
    const found = known.get(j);
    if (found) for (const id of found.ids) for (const each of contentOf(id, ops, registry).ids) removed.set(each, { at: j, says: found.says, hint: found.hint });
    const named = namedRemoval(op, args);
    if (named) removed.set(named.id, { at: j, says: named.says });
    const placed = placedRemoval(op, args, ops, registry);
    if (placed) for (const each of placed.content.ids) removed.set(each, { at: j, says: placed.says });
  });
}

/**
 * What anchor.remove with keepContent: false removes with its anchor: the anchor's content (for an anchor made on a
 * table, that table), which only a read can tell apart from the rest (batch-table-removals.js); undefined otherwise.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {{ key: string, content: { ids: string[] }, says: string } | undefined}
 */
export function removedWithAnchor(op, args) {
  const key = op === "anchor.remove" && args.keepContent === false ? targetKey("anchorId", args.anchorId) : undefined;
  return key ? { key, content: { ids: [key] }, says: "removes the anchor with its content" } : undefined;
}

/**
 * What an op removes by putting content in place of its scope or target (the key of that arg, what it designates)
 * and how, for the message; undefined when it removes nothing.
 * @param {string} op
 * @param {Record<string, any>} args
 * @param {{ op: string, args?: Record<string, any> }[]} ops
 * @param {Registry} registry
 * @returns {{ key: string, content: Content, says: string } | undefined}
 */
export function placedRemoval(op, args, ops, registry) {
  const replaced = replacedContainer(op, args, ops, registry);
  return replaced?.removes ? { key: replaced.key, content: replaced.content, says: replaced.says } : undefined;
}

/**
 * What an op puts content in place of when that holds other ids a later op may name (a block, a table or blocks
 * edged by one, an anchor's content): its key, what it designates, how it goes, and whether the op removes it
 * (`removes`: the id goes too, as {@link placedRemoval}) or only rewrites it (the id stays, what was inside goes);
 * undefined for any other op or target (a search hit rewritten holds nothing tracked in practice: not read).
 * @param {string} op
 * @param {Record<string, any>} args
 * @param {{ op: string, args?: Record<string, any> }[]} ops
 * @param {Registry} registry
 * @returns {{ key: string, content: Content, says: string, removes: boolean } | undefined}
 */
export function replacedContainer(op, args, ops, registry) {
  const target = removalTarget(op, args);
  const key = target && targetKey(target.field, args[target.field]);
  if (!target || key === undefined) return undefined;
  const content = contentOf(key, ops, registry);
  const says = removal(op, args, target.text, content);
  if (says) return { key, content, says, removes: true };
  if (!content.paragraphs && !key.startsWith("anchor:")) return undefined;
  return { key, content, says: `replaces the content of "${args[target.field]}"`, removes: false };
}

/**
 * What the refusal advises instead of the op on what op `at` removes.
 * @param {string} op  the removing op
 * @param {number} at
 */
function afterRemoval(op, at) {
  if (op === "replace") return "search for the new text";
  if (PLACING_OPS.has(op)) return `target what op ${at} leaves (its result's rangeId: "$${at}.rangeId")`;
  return `run it before op ${at}`;
}

/**
 * What a target arg names, as the check keys it: the id of "rangeId:<id>" / "tableId:<id>" (a tracked id or a
 * reference), "anchor:<id>" for an anchor (a scope, a tableRef, anchor.remove's anchorId with or without the
 * prefix), "comment:<id>" for a commentId; undefined for what no op removes (document, selection, a search).
 * @param {string} field
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function targetKey(field, value) {
  if (typeof value !== "string" || value === "") return undefined;
  if (field === "anchorId") return `anchor:${value.replace(/^anchor:/, "")}`;
  if (field === "commentId") return `comment:${value}`;
  if (/^anchor:./.test(value)) return value;
  return /^(?:rangeId|tableId):(.+)$/.exec(value)?.[1];
}

/**
 * The anchor or comment an op removes (by its id, not by a range), or undefined.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {{ id: string, says: string } | undefined}
 */
function namedRemoval(op, args) {
  const field = op === "anchor.remove" ? "anchorId" : op === "comment.delete" ? "commentId" : undefined;
  const id = field && targetKey(field, args[field]);
  if (!id) return undefined;
  return { id, says: op === "anchor.remove" ? "removes the anchor" : "deletes the comment" };
}

/**
 * What an id designates: an anchor or a comment as itself, a tracked id as the registry knows it (an unknown one as itself: the op on it fails
 * anyway), a reference `$k.<path>` by the op k whose result gives it.
 * @param {string} id
 * @param {{ op: string, args?: Record<string, any> }[]} ops
 * @param {Registry} registry
 * @returns {Content}
 */
export function contentOf(id, ops, registry) {
  // An anchor that an anchor.create of the batch makes holds what that op wraps: removed with it (a table, blocks).
  const made = /^anchor:\$(\d+)\.anchorId$/.exec(id);
  const maker = made ? ops[Number(made[1])] : undefined;
  const wrapped = maker?.op === "anchor.create" ? targetKey("scope", maker.args?.scope) : undefined;
  // Only through references to earlier ops (an op naming itself or a later one fails when it runs anyway).
  if (wrapped !== undefined && referencesOf(wrapped).every((ref) => ref.op < Number(made?.[1]))) {
    const inner = contentOf(wrapped, ops, registry);
    return { ids: [id, ...inner.ids], paragraphs: false, ...(inner.edges ? { edges: inner.edges } : {}) };
  }
  // An anchor's id is in the document (its content control's tag): an anchor made on a table is that table.
  if (/^(?:anchor|comment):/.test(id)) return { ids: [id], paragraphs: false, ...(id.startsWith(`anchor:${TABLE_ANCHOR_PREFIX}`) ? { edges: ONE_TABLE } : {}) };
  const ref = /^\$(\d+)\.(.+)$/.exec(id);
  if (!ref) return registry.contentOf(id) ?? { ids: [id], paragraphs: false, ...(id.startsWith("tbl_") ? { edges: ONE_TABLE } : {}) };
  const k = ref[1];
  const path = dotted(ref[2]);
  const key = `$${k}.${path}`;
  const producer = ops[Number(k)]?.op;
  if (producer === "table.create" && (path === "tableId" || path === "rangeId")) {
    return { ids: [`$${k}.tableId`, `$${k}.rangeId`], paragraphs: false, edges: ONE_TABLE };
  }
  if (producer === "readDocument" && /^blocks\.\d+\.tableId$/.test(path)) return { ids: [key], paragraphs: false, edges: ONE_TABLE };
  const block = producer === "readDocument" && /^blocks\.\d+\.rangeId$/.test(path) || producer === "insertMarkdown" && path === "rangeId";
  return { ids: [key], paragraphs: block };
}

/**
 * The arg whose range an op puts content in place of, and that content's text (when it is text), or undefined.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {{ field: "scope" | "target", text: unknown } | undefined}
 */
function removalTarget(op, args) {
  if (op === "replace") return { field: "target", text: args.replaceWith };
  if (!PLACING_OPS.has(op) || (args.location ?? "replace") !== "replace") return undefined;
  if (op === "hyperlink.set" && args.text === undefined) return undefined;
  return { field: "scope", text: op === "insertText" ? args.text : undefined };
}

/**
 * What an op putting `text` in place of `content` removes, said for the message, or undefined when the id
 * stays (the op's own range, rewritten).
 * @param {string} op
 * @param {Record<string, any>} args
 * @param {unknown} text
 * @param {Content} content
 * @returns {string | undefined}
 */
function removal(op, args, text, content) {
  const verb = text === "" ? "removes" : "replaces";
  if (content.edges) return `${verb} ${content.edges.only ? "its table" : "its blocks, tables included"}`;
  if (content.paragraphs && text === "" && (op === "replace" || op === "insertText" && !args.newParagraph)) return "removes its paragraphs (replaced with \"\")";
  return undefined;
}
