#!/usr/bin/env node
// Prints the context.sync() round trips each op costs (simulator syncCount deltas) on both profiles, and
// exits non-zero if any op needs more than 2; then the same for realistic batches, each against its budget (a
// batch does not cost a sync per op: see BATCHES). Run: node tests/js/pane/bench-syncs.js
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";

const MAX_SYNCS = 2;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const TEXT = "Invoice 2024 for ACME.\nThe invoices of 2024 are due.\nA\nB\nC";
/** Canonical insertMarkdown blocks: a heading, runs with a link, a two-level list, a table. */
const MARKDOWN_BLOCKS = [
  { type: "heading", level: 2, runs: [{ text: "Summary" }] },
  { type: "paragraph", runs: [{ text: "See " }, { text: "the site", link: "https://example.com", bold: true }, { text: "." }] },
  { type: "listItem", kind: "bullet", level: 0, runs: [{ text: "one" }] },
  { type: "listItem", kind: "number", level: 1, runs: [{ text: "two" }] },
  { type: "table", header: true, rows: [["k", "v"], ["a", "1"]] },
];

/**
 * The scenario: [label, op, args or (ids) => args]. Later steps use the ids earlier ones returned.
 * @type {[string, string, object | ((ids: Record<string, string>) => object)][]}
 */
const STEPS = [
  ["insertText", "insertText", { text: "Hello ", scope: "document", location: "start" }],
  ["insertText newParagraph", "insertText", { text: "Thanks", scope: "document", location: "end", newParagraph: true }],
  ["getSelection", "getSelection", {}],
  ["search", "search", { query: "invoice", maxResults: 100 }],
  ["search regex", "search", { query: "\\d{4}", useRegex: true }],
  ["replace searchQuery", "replace", { target: "searchQuery", query: "2024", replaceWith: "2025" }],
  ["replace rangeId", "replace", (ids) => ({ target: `rangeId:${ids.hit}`, replaceWith: "Bill" })],
  ["insertPicture inline", "insertPicture", { source: "base64", data: PNG_1x1, format: "png", naturalWidth: 200, naturalHeight: 100, scope: "document", location: "end", width: 120 }],
  ["insertPicture floating", "insertPicture", { source: "base64", data: PNG_1x1, format: "png", naturalWidth: 200, naturalHeight: 100, scope: "document", location: "start", wrapType: "square" }],
  ["table.create", "table.create", { rows: 3, cols: 3, scope: "document", location: "end", header: true, data: [["a", "b", "c"]] }],
  ["table.insertRows", "table.insertRows", (ids) => ({ tableRef: `tableId:${ids.table}`, at: 1, count: 2 })],
  ["table.insertColumns", "table.insertColumns", (ids) => ({ tableRef: `tableId:${ids.table}`, at: 3, count: 1 })],
  ["table.deleteRows", "table.deleteRows", (ids) => ({ tableRef: `tableId:${ids.table}`, indexes: [4, 2] })],
  ["table.deleteColumns", "table.deleteColumns", (ids) => ({ tableRef: `tableId:${ids.table}`, indexes: [3] })],
  ["table.setCellText", "table.setCellText", (ids) => ({ tableRef: `tableId:${ids.table}`, row: 1, col: 1, text: "x" })],
  ["table.setCellText via rangeId", "table.setCellText", (ids) => ({ tableRef: `rangeId:${ids.tableRange}`, row: 0, col: 0, text: "y" })],
  ["table.mergeCells", "table.mergeCells", (ids) => ({ tableRef: `tableId:${ids.table}`, startRow: 1, startCol: 0, rowSpan: 2, colSpan: 2 })],
  ["table.applyStyle", "table.applyStyle", (ids) => ({ tableRef: `tableId:${ids.table}`, style: { name: "Grid Table 4 - Accent 1", bandedRows: true, firstRow: true } })],
  ["applyStyle char", "applyStyle", { scope: "document", char: { bold: true, color: "#333333" } }],
  ["applyStyle para + list", "applyStyle", (ids) => ({ scope: `rangeId:${ids.list}`, para: { alignment: "justify", lineSpacing: 1.15, list: "number" } })],
  ["applyStyle namedStyle", "applyStyle", (ids) => ({ scope: `rangeId:${ids.hit}`, namedStyle: "Heading 1", clearOtherStyles: true })],
  ["listStyles", "listStyles", { category: "all" }],
  ["insertMarkdown document", "insertMarkdown", { blocks: MARKDOWN_BLOCKS, scope: "document", location: "end" }],
  ["insertMarkdown replace selection", "insertMarkdown", { blocks: MARKDOWN_BLOCKS, scope: "selection", location: "replace" }],
  ["readDocument text", "readDocument", { scope: "document", format: "text", offset: 0, limit: 200, maxChars: 20000, includeRangeIds: false }],
  ["readDocument markdown", "readDocument", { scope: "document", format: "markdown", offset: 0, limit: 200, maxChars: 20000, includeRangeIds: false }],
  ["readDocument structure + ids", "readDocument", { scope: "document", format: "structure", offset: 2, limit: 50, maxChars: 20000, includeRangeIds: true }],  ["trackChanges.get", "trackChanges.get", {}],
  ["trackChanges.set", "trackChanges.set", { mode: "off" }],
  ["insertText trackChanges", "insertText", { text: "Proposed", scope: "document", location: "end", trackChanges: true }],
  ["replace trackChanges + expectText", "replace", (ids) => ({ target: `rangeId:${ids.hit}`, replaceWith: "Invoice", trackChanges: true, expectText: "Bill" })],
  ["trackChanges.list", "trackChanges.list", { scope: "document" }],
  ["trackChanges.list scope", "trackChanges.list", (ids) => ({ scope: `rangeId:${ids.hit}` })],
  ["trackChanges.accept changeIds", "trackChanges.accept", (ids) => ({ changeIds: [ids.change], scope: "document" })],
  ["trackChanges.reject all", "trackChanges.reject", { all: true, scope: "document" }],
  ["trackChanges.accept all scope", "trackChanges.accept", (ids) => ({ all: true, scope: `rangeId:${ids.hit}` })],
  ["comment.add", "comment.add", (ids) => ({ scope: `rangeId:${ids.hit}`, text: "Check" })],
  ["comment.add expectText", "comment.add", (ids) => ({ scope: `rangeId:${ids.hit}`, text: "Again", expectText: "Invoice" })],
  ["comment.list", "comment.list", { scope: "document", includeResolved: false }],
  ["comment.reply", "comment.reply", (ids) => ({ commentId: ids.comment, text: "Done" })],
  ["comment.resolve", "comment.resolve", (ids) => ({ commentId: ids.comment, resolved: true })],
  ["comment.delete", "comment.delete", (ids) => ({ commentId: ids.comment })],
  ["anchor.create", "anchor.create", (ids) => ({ scope: `rangeId:${ids.hit}`, name: "a" })],
  ["insertText anchor scope", "insertText", (ids) => ({ text: "Anchored", scope: `anchor:${ids.anchor}`, location: "end" })],
  ["anchor.list", "anchor.list", {}],
  ["insertBreak", "insertBreak", (ids) => ({ type: "page", scope: `rangeId:${ids.hit}`, location: "after" })],
  ["hyperlink.set (link a range)", "hyperlink.set", (ids) => ({ scope: `rangeId:${ids.hit}`, url: "https://example.com" })],
  ["hyperlink.set (insert linked text)", "hyperlink.set", { scope: "document", location: "end", url: "mailto:a@b.org", text: "mail" }],
  ["anchor.remove", "anchor.remove", (ids) => ({ anchorId: ids.anchor, keepContent: true })],
  ["headerFooter.set text", "headerFooter.set", { section: "all", kind: "header", type: "primary", text: "Header" }],
  ["headerFooter.set markdown", "headerFooter.set", { section: 0, kind: "footer", type: "primary", blocks: MARKDOWN_BLOCKS }],
  ["headerFooter.set trackChanges", "headerFooter.set", { section: "all", kind: "header", type: "evenPages", text: "Even", trackChanges: true }],
  ["headerFooter.get all", "headerFooter.get", { section: "all", kind: "both", type: "all" }],
  ["footnote.insert", "footnote.insert", (ids) => ({ scope: `rangeId:${ids.hit}`, text: "Note" })],
  ["endnote.insert trackChanges", "endnote.insert", { scope: "document", text: "End", trackChanges: true }],
];

/**
 * @param {"web" | "desktop"} profile
 * @returns {Promise<Map<string, { syncs: number, outcome: string }>>}
 */
async function measure(profile) {
  const sim = createSimulator({ profile, latencyMs: 0 });
  sim.setText(TEXT);
  const engine = createEngine({ Word: sim.Word, Office: sim.Office });
  /** @type {Record<string, string>} */
  const ids = {};
  const rows = new Map();
  let n = 0;
  for (const [label, op, args] of STEPS) {
    const before = sim.syncCount;
    const { result } = await engine.execute({
      type: "ai-cmd", id: `bench-${profile}-${++n}`, content: label,
      op: { type: "word.op", op, version: "1.0", args: typeof args === "function" ? args(ids) : args },
    });
    rows.set(label, { syncs: sim.syncCount - before, outcome: result.ok ? "ok" : result.code ?? "failed" });
    if (label === "search" && result.ok) ids.hit = result.data.results[0]?.rangeId;
    if (label === "trackChanges.list" && result.ok) ids.change = result.data.changes[0]?.changeId;
    if (label === "comment.add" && result.ok) ids.comment = result.data.commentId;
    if (label === "anchor.create" && result.ok) ids.anchor = result.data.anchorId;
    if (label === "table.create" && result.ok) {
      ids.table = result.data.tableId;
      ids.tableRange = result.data.rangeId;
    }
    if (label === "search regex") {
      // a range over the paragraphs "A".."C" for the list step
      const { result: found } = await engine.execute({ type: "ai-cmd", id: `bench-${profile}-list`, content: "", op: { type: "word.op", op: "search", version: "1.0", args: { query: "A" , matchCase: true, matchWholeWord: true } } });
      ids.list = found.data?.results?.[0]?.rangeId;
    }
  }
  return rows;
}

/** data_formatter's table word_op as the pane receives it (bridge/tools/data_formatter.py, after the server's parse). */
const DATA_FORMATTER_TABLE = [
  { op: "table.create", args: { rows: 3, cols: 2, scope: "selection", location: "after", header: true, data: [["Item", "Price"], ["Tea", "$3"], ["Cake", "$4"]] } },
  { op: "table.applyStyle", args: { tableRef: "tableId:$0.tableId", style: { name: "Grid Table 4 - Accent 1", bandedRows: true, firstRow: true } } },
];
/** @param {number} n */
const searches = (n) => Array.from({ length: n }, (_, i) => ({ op: "search", args: { query: i % 2 ? "invoice" : "2024" } }));
/** @param {number} n  edits of the first hit of each of the n searches before them */
const editsOfHits = (n) => Array.from({ length: n }, (_, i) => ({ op: "insertText", args: { text: "*", scope: `rangeId:$${i}.results[0].rangeId`, location: "end" } }));

/**
 * Batches: [label, ops, budget]. A batch whose ops read nothing another op of it needs shares one sync with
 * Word.run's closing one: 2, however many ops. A later op that needs what an earlier one reads (a search's
 * rangeIds) waits for that read's sync: one more, however many reads and edits. readDocument takes 2 syncs itself.
 * @type {[string, object[], number][]}
 */
const BATCHES = [
  ["data_formatter table: table.create + table.applyStyle $0.tableId", DATA_FORMATTER_TABLE, 2],
  ["5 × (table.create + table.applyStyle)", Array.from({ length: 5 }, (_, k) => DATA_FORMATTER_TABLE.map(({ op, args }) => ({ op, args: JSON.parse(JSON.stringify(args).replace("$0", `$${2 * k}`)) }))).flat(), 2],
  ["insertText + search", [{ op: "insertText", args: STEPS[0][2] }, { op: "search", args: { query: "Hello" } }], 2],
  ["search", searches(1), 2],
  ["10 searches", searches(10), 2],
  ["search + insertText (no reference)", [...searches(1), { op: "insertText", args: STEPS[1][2] }], 2],
  ["search + edit of its hit ($0.results[0].rangeId)", [...searches(1), ...editsOfHits(1)], 3],
  ["10 searches + 10 edits of their hits", [...searches(10), ...editsOfHits(10)], 3],
  ["readDocument (text)", [{ op: "readDocument", args: STEPS.find(([label]) => label === "readDocument text")[2] }], 3],
  ["readDocument + insertText at its first block", [
    { op: "readDocument", args: { scope: "document", format: "structure", offset: 0, limit: 5, maxChars: 20000, includeRangeIds: true } },
    { op: "insertText", args: { text: "> ", scope: "rangeId:$0.blocks[0].rangeId", location: "start" } },
  ], 4],
];

/**
 * @param {"web" | "desktop"} profile
 * @returns {Promise<Map<string, { syncs: number, outcome: string }>>}
 */
async function measureBatches(profile) {
  const rows = new Map();
  for (const [label, ops] of BATCHES) {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText(TEXT);
    const engine = createEngine({ Word: sim.Word, Office: sim.Office });
    const before = sim.syncCount;
    const { result } = await engine.execute({ type: "ai-cmd", id: `bench-${profile}-batch`, content: label, op: { type: "word.op", op: "batch", version: "1.0", args: { ops } } });
    rows.set(label, { syncs: sim.syncCount - before, outcome: result.ok ? "ok" : result.code ?? "failed" });
  }
  return rows;
}

const web = await measure("web");
const desktop = await measure("desktop");
const width = Math.max(...STEPS.map(([label]) => label.length));
const line = (a, b, c) => `${a.padEnd(width)}  ${b.padEnd(17)}  ${c}`;
console.log(line("op", "web", "desktop"));
console.log(line("-".repeat(width), "-".repeat(17), "-".repeat(17)));
let worst = 0;
for (const [label] of STEPS) {
  const cell = (/** @type {{ syncs: number, outcome: string }} */ r) => `${r.syncs} (${r.outcome})`;
  const w = web.get(label);
  const d = desktop.get(label);
  worst = Math.max(worst, w.syncs, d.syncs);
  console.log(line(label, cell(w), cell(d)));
}
console.log(`\nmost syncs for one op: ${worst} (budget ${MAX_SYNCS})`);

const batchWeb = await measureBatches("web");
const batchDesktop = await measureBatches("desktop");
const batchWidth = Math.max(...BATCHES.map(([label]) => label.length));
const batchLine = (a, b, c, d) => `${a.padEnd(batchWidth)}  ${b.padEnd(17)}  ${c.padEnd(17)}  ${d}`;
console.log(`\n${batchLine("batch", "web", "desktop", "budget")}`);
console.log(batchLine("-".repeat(batchWidth), "-".repeat(17), "-".repeat(17), "------"));
const overBudget = [];
for (const [label, , budget] of BATCHES) {
  const cell = (/** @type {{ syncs: number, outcome: string }} */ r) => `${r.syncs} (${r.outcome})`;
  const w = batchWeb.get(label);
  const d = batchDesktop.get(label);
  if (Math.max(w.syncs, d.syncs) > budget || w.outcome !== "ok" || d.outcome !== "ok") overBudget.push(label);
  console.log(batchLine(label, cell(w), cell(d), String(budget)));
}
console.log(overBudget.length ? `\nbatches over budget or failed: ${overBudget.join("; ")}` : "\nevery batch within its budget");
process.exit(worst > MAX_SYNCS || overBudget.length ? 1 : 0);
