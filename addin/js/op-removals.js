// Which ops may remove or replace text, and how they say so: after such an op, the ids of earlier ops whose text
// it took are retired (Registry.queueChecks) with this as the end of their message.

import { changesDocument } from "./task-store.js";

/** Ops that add or format and never remove text (beyond them, an op with a `location` removes with "replace"). */
const ADDING_OPS = new Set([
  "insertBreak", "table.create", "table.insertRows", "table.insertColumns", "table.applyStyle", "table.mergeCells",
  "applyStyle", "comment.add", "comment.reply", "comment.resolve", "comment.delete", "anchor.create",
  "footnote.insert", "endnote.insert", "trackChanges.set",
]);

/**
 * How an op may remove or replace text (the end of the message an id whose text it took answers with), or
 * undefined when it cannot: read-only ops and dry runs, ops that only add or format, and inserts at a location
 * other than "replace" (the default of insertText, insertMarkdown, insertPicture and hyperlink.set).
 * @param {string} op
 * @param {unknown} args
 * @returns {string | undefined}
 */
export function removalOf(op, args) {
  if (!changesDocument(op, args)) return undefined;
  const given = /** @type {Record<string, any>} */ (args);
  if (op === "batch") {
    const ops = Array.isArray(given.ops) ? given.ops : [];
    return ops.some((item) => removalOf(item?.op, item?.args ?? {}) !== undefined)
      ? "removed or replaced by an op of a batch: read or search the document again for ids of what is there now"
      : undefined;
  }
  if (ADDING_OPS.has(op)) return undefined;
  if (["insertText", "insertMarkdown", "insertPicture", "hyperlink.set"].includes(op) && (given.location ?? "replace") !== "replace") return undefined;
  if (op === "hyperlink.set" && given.text === undefined) return undefined;
  if (op === "replace") return "replaced by a replace op, which gives no ids for the new text: search for it to get one";
  return `removed or replaced by ${op}: read or search the document again for ids of what is there now`;
}
