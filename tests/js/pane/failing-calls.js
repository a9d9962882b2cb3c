// Ops with arguments that fail, or may, on every host profile the pane supports: shared by the tests that every
// failure leaves nothing behind (leftovers.test.js) and that a dry run refuses what the op refuses
// (dryrun-checks.test.js).
import { setup, PNG_1x1 } from "./helpers.js";

export const TEXT = "Alpha beta gamma.\nSecond beta line.\nThird line.";

/**
 * Hosts to run on: both profiles with every set, the web profile at each older WordApi down to the
 * manifest's minimum (1.3), and the desktop profile without its floating pictures.
 */
export const HOSTS = [
  { profile: "web" },
  { profile: "desktop" },
  ...["1.3", "1.4", "1.5", "1.6"].map((WordApi) => ({ profile: "web", apiSets: { WordApi } })),
  { profile: "desktop", apiSets: { WordApiDesktop: "1.1" } },
];

/**
 * A document with something of every kind an op can refer to; ids the host cannot make stay placeholders.
 * @param {{ profile: string, apiSets?: object }} host
 */
export async function fixture(host) {
  const env = setup(host.profile, { text: TEXT, simOptions: host.apiSets ? { apiSets: host.apiSets } : {} });
  const { run } = env;
  const data = async (op, args) => {
    const { result } = await run(op, args);
    return result.ok ? result.data : {};
  };
  const hits = (await data("search", { query: "beta", scope: "document", maxResults: 10, trackResults: 10 })).results ?? [];
  const ids = {
    range: hits[0]?.rangeId ?? "rng_none_1",
    otherRange: hits[1]?.rangeId ?? "rng_none_2",
    table: "tbl_none_1",
    merged: "tbl_none_2",
    comment: "c_none",
    change: "chg_none",
    anchor: "anc_none",
  };
  const plain = await data("table.create", { rows: 3, cols: 3, scope: "document", location: "end", header: false, data: [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]] });
  if (plain.tableId) ids.table = plain.tableId;
  const merged = await data("table.create", { rows: 2, cols: 3, scope: "document", location: "end", header: false });
  if (merged.tableId) {
    ids.merged = merged.tableId;
    await data("table.mergeCells", { tableRef: `tableId:${merged.tableId}`, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 });
  }
  const comment = await data("comment.add", { scope: `rangeId:${ids.range}`, text: "A remark" });
  if (comment.commentId) ids.comment = comment.commentId;
  const anchor = await data("anchor.create", { scope: `rangeId:${ids.otherRange}`, name: "kept" });
  if (anchor.anchorId) ids.anchor = anchor.anchorId;
  await data("insertText", { text: " Tracked.", scope: "document", location: "end", newParagraph: false, keepFormatting: true, trackChanges: true });
  const changes = (await data("trackChanges.list", { scope: "document" })).changes ?? [];
  if (changes[0]?.changeId) ids.change = changes[0].changeId;
  return { ...env, ids };
}

/**
 * Each op with arguments that fail, or may: what the document holds decides.
 * @param {Record<string, string>} ids
 * @returns {[string, object][]}
 */
export function failingCalls(ids) {
  const range = `rangeId:${ids.range}`;
  const scopes = ["rangeId:rng_gone_9", "anchor:anc_gone", `anchor:${ids.anchor}`, "selection", range];
  const stale = { expectText: "not what the range holds" };
  const table = `tableId:${ids.table}`;
  const merged = `tableId:${ids.merged}`;
  const tableRefs = ["tableId:tbl_gone_9", range, merged, "anchor:anc_gone"];
  /** @type {[string, object][]} */
  const calls = [];
  for (const scope of scopes) {
    calls.push(
      ["insertText", { text: "X", scope, location: "replace", newParagraph: false, keepFormatting: true }],
      ["insertText", { text: "X", scope, location: "after", newParagraph: true, keepFormatting: false, ...stale }],
      ["insertBreak", { type: "sectionNext", scope, location: "after" }],
      ["hyperlink.set", { url: "https://example.com/", scope, text: "link", location: "replace" }],
      ["hyperlink.set", { url: "", scope, ...stale }],
      ["search", { query: "beta", scope, useRegex: false, matchCase: false, matchWholeWord: false, matchPrefix: false, matchSuffix: false, maxResults: 5, trackResults: 5 }],
      ["replace", { target: scope.startsWith("selection") ? "selection" : scope, replaceWith: "Z", mode: "replaceAll", ...stale }],
      ["replace", { target: "searchQuery", query: "beta", scope, replaceWith: "B", mode: "replaceFirst", useRegex: false, matchCase: false, matchWholeWord: false, matchPrefix: false, matchSuffix: false }],
      ["insertPicture", { source: "base64", data: PNG_1x1, format: "png", naturalWidth: 1, naturalHeight: 1, scope, location: "replace", lockAspectRatio: true, wrapType: "square" }],
      ["insertPicture", { source: "base64", data: "bm90IGFuIGltYWdl", format: "png", naturalWidth: 1, naturalHeight: 1, scope, location: "end", lockAspectRatio: true, wrapType: "inline" }],
      ["table.create", { rows: 2, cols: 2, scope, location: "before", header: true, data: [["h1", "h2"], ["1", "2"]] }],
      ["applyStyle", { scope, clearOtherStyles: true, namedStyle: "No Such Style", char: { bold: true } }],
      ["applyStyle", { scope, clearOtherStyles: false, char: { highlight: "#123456", fontName: "Arial" }, para: { list: "number", alignment: "center" }, ...stale }],
      ["readDocument", { scope, format: "markdown", offset: 0, limit: 50, maxChars: 20000, includeRangeIds: true }],
      ["insertMarkdown", { blocks: [{ type: "heading", level: 1, runs: [{ text: "H" }] }, { type: "table", header: ["a"], rows: [["1"]] }], scope, location: "replace" }],
      ["trackChanges.list", { scope }],
      ["trackChanges.accept", { all: true, scope }],
      ["comment.add", { scope, text: "Note" }],
      ["comment.list", { scope, includeResolved: true }],
      ["anchor.create", { scope, name: "again" }],
      ["footnote.insert", { scope, text: "A note." }],
      ["endnote.insert", { scope, text: "An endnote." }],
    );
  }
  for (const tableRef of [...tableRefs, table]) {
    calls.push(
      ["table.insertRows", { tableRef, at: 99, count: 1 }],
      ["table.insertRows", { tableRef, at: 1, count: 2, expectText: "stale" }],
      ["table.insertColumns", { tableRef, at: 1, count: 1 }],
      ["table.insertColumns", { tableRef, at: 40, count: 30 }],
      ["table.deleteRows", { tableRef, indexes: [99, 0] }],
      ["table.deleteColumns", { tableRef, indexes: [1] }],
      ["table.deleteColumns", { tableRef, indexes: [62, 0] }],
      ["table.setCellText", { tableRef, row: 9, col: 0, text: "X" }],
      ["table.setCellText", { tableRef, row: 0, col: 2, text: "X" }],
      ["table.mergeCells", { tableRef, startRow: 0, startCol: 1, rowSpan: 2, colSpan: 2 }],
      ["table.mergeCells", { tableRef, startRow: 5, startCol: 0, rowSpan: 1, colSpan: 2 }],
      ["table.applyStyle", { tableRef, style: { name: "No Such Table Style", firstRow: true } }],
      ["table.applyStyle", { tableRef, style: { name: "Grid Table 4 - Accent 1", bandedRows: false, firstRow: true } }],
    );
  }
  calls.push(
    ["trackChanges.set", { mode: "all" }],
    ["trackChanges.accept", { changeIds: ["chg_gone", ids.change] }],
    ["trackChanges.reject", { changeIds: [ids.change, ids.change] }],
    ["comment.reply", { commentId: "c_gone", text: "Reply" }],
    ["comment.reply", { commentId: ids.comment, text: "Reply" }],
    ["comment.resolve", { commentId: "c_gone", resolved: true }],
    ["comment.delete", { commentId: "c_gone" }],
    ["comment.delete", { commentId: ids.comment }],
    ["anchor.remove", { anchorId: "anc_gone", keepContent: true }],
    ["anchor.remove", { anchorId: ids.anchor, keepContent: false }],
    ["headerFooter.get", { section: 7, kind: "both", type: "all" }],
    ["headerFooter.set", { text: "Header", section: 7, kind: "header", type: "primary" }],
    ["headerFooter.set", { blocks: [{ type: "paragraph", runs: [{ text: "Footer" }] }], section: "all", kind: "footer", type: "firstPage" }],
    ["listStyles", { category: "table", builtInOnly: false, includeLocalized: true, query: "grid", max: 3 }],
    ["batch", { ops: [
      { op: "insertText", args: { text: "first", scope: "document", location: "end", newParagraph: true, keepFormatting: true } },
      { op: "table.setCellText", args: { tableRef: "tableId:tbl_gone_9", row: 0, col: 0, text: "x" } },
      { op: "insertText", args: { text: "third", scope: "document", location: "end", newParagraph: true, keepFormatting: true } },
    ], stopOnError: true }],
    ["batch", { ops: [
      { op: "applyStyle", args: { scope: `rangeId:${ids.range}`, clearOtherStyles: false, namedStyle: "No Such Style" } },
      { op: "insertText", args: { text: "after", scope: `rangeId:${ids.range}`, location: "after", newParagraph: false, keepFormatting: true } },
    ], stopOnError: false, dryRun: true }],
  );
  return calls;
}
