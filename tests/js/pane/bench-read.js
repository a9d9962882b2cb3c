#!/usr/bin/env node
// readDocument of a 2,000-paragraph document (with a table every 100 paragraphs), page by page, in each format
// on both simulator profiles: pages, context.sync() per page, the bytes Word returns per page (JSON of the
// properties the loads read: the response payload, measured by wrapping the simulator's load) and the bytes of
// the page the pane sends back. Then the same document with tracked changes in every tenth paragraph (and a cell of
// each table): text and structure read them accepted, markdown as CriticMarkup, in the same 2 syncs and without a
// getReviewedText call (it has frozen and crashed Word). Exits non-zero if a page needs more than 2 syncs or the
// reviewed document makes a getReviewedText call.
// Run: node tests/js/pane/bench-read.js
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { ClientObject } from "../../../addin/sim/runtime.js";
import { createEngine } from "../../../addin/js/engine.js";

const PARAGRAPHS = 2000;
const LIMIT = 200;
const MAX_SYNCS = 2;

let loadedBytes = 0;
const applyLoad = ClientObject.prototype._applyLoad;
/** Count what each load reads (scalar properties; collections are counted through their items). */
ClientObject.prototype._applyLoad = function measured(/** @type {any} */ tree) {
  const before = new Set(Object.keys(this._loaded));
  applyLoad.call(this, tree);
  for (const [key, value] of Object.entries(this._loaded)) {
    if (key !== "items" && !before.has(key)) loadedBytes += key.length + JSON.stringify(value ?? null).length + 4;
  }
};

/** @returns {object[]} */
function documentBlocks() {
  const blocks = [];
  for (let i = 0; i < PARAGRAPHS; i += 1) {
    if (i % 50 === 0) blocks.push({ type: "paragraph", text: `Section ${i / 50 + 1}`, style: "Heading 2" });
    else if (i % 10 < 3) blocks.push({ type: "paragraph", text: `Point ${i} of the list`, list: { kind: "bullet", level: i % 10 === 2 ? 1 : 0 } });
    else blocks.push({ type: "paragraph", runs: [{ text: `Paragraph ${i} has ` }, { text: "some bold", bold: true }, { text: " words and a plain ending, as a page of prose does." }] });
    if (i % 100 === 99) blocks.push({ type: "table", values: [["Item", "Count", "Note"], ["a", "1", "first"], ["b", "2", "second"]] });
  }
  return blocks;
}

/**
 * Tracked changes in the document: "has" replaced by "holds" in every tenth paragraph, a table's "2" by "3".
 * @param {any} sim
 */
async function trackChanges(sim) {
  await sim.Word.run(async (/** @type {any} */ context) => {
    context.document.changeTrackingMode = "TrackAll";
    const has = context.document.body.search("has", { matchCase: true, matchWholeWord: true }).load("items");
    const two = context.document.body.search("2", { matchCase: true, matchWholeWord: true }).load("items");
    await context.sync();
    has.items.forEach((/** @type {any} */ hit, /** @type {number} */ i) => { if (i % 10 === 0) hit.insertText("holds", "Replace"); });
    for (const hit of two.items) hit.insertText("3", "Replace");
    context.document.changeTrackingMode = "Off";
    await context.sync();
  });
}

/**
 * @param {"web" | "desktop"} profile
 * @param {"text" | "markdown" | "structure"} format
 * @param {boolean} tracked  with tracked changes
 */
async function readAll(profile, format, tracked) {
  const sim = createSimulator({ profile, latencyMs: 0 });
  sim.load(documentBlocks());
  if (tracked) await trackChanges(sim);
  const reviewedBefore = sim.reviewedTextCalls;
  const engine = createEngine({ Word: sim.Word, Office: sim.Office, registryLimit: 5000 });
  const pages = [];
  /** @type {number | null} */
  let offset = 0;
  let n = 0;
  while (offset !== null) {
    const syncs = sim.syncCount;
    loadedBytes = 0;
    const started = performance.now();
    const { result } = await engine.execute({
      type: "ai-cmd", id: `read-${profile}-${format}-${++n}`, content: "bench",
      op: { type: "word.op", op: "readDocument", version: "1.0", args: { scope: "document", format, offset, limit: LIMIT, maxChars: 200000, includeRangeIds: format === "structure" } },
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    pages.push({ syncs: sim.syncCount - syncs, loaded: loadedBytes, sent: JSON.stringify(result.data).length, ms: performance.now() - started, total: result.data.totalBlocks });
    offset = result.data.nextOffset;
  }
  reviewedTextCalls += sim.reviewedTextCalls - reviewedBefore;
  return pages;
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`readDocument, ${PARAGRAPHS} paragraphs + tables, limit ${LIMIT} blocks a page`);
let reviewedTextCalls = 0;
console.log("doc      profile  format     blocks  pages  syncs/page  loaded/page (avg, max)   sent/page (avg, max)     ms/page (avg)");
let worst = 0;
for (const tracked of [false, true]) for (const profile of /** @type {const} */ (["web", "desktop"])) {
  for (const format of /** @type {const} */ (["text", "markdown", "structure"])) {
    const pages = await readAll(profile, format, tracked);
    const avg = (/** @type {(p: any) => number} */ f) => pages.reduce((sum, p) => sum + f(p), 0) / pages.length;
    const max = (/** @type {(p: any) => number} */ f) => Math.max(...pages.map(f));
    const syncs = [...new Set(pages.map((p) => p.syncs))].join("/");
    worst = Math.max(worst, max((p) => p.syncs));
    console.log([
      (tracked ? "tracked" : "plain").padEnd(7), profile.padEnd(7), format.padEnd(10), String(pages[0].total).padStart(6), String(pages.length).padStart(6), syncs.padStart(11),
      `${kb(avg((p) => p.loaded))}, ${kb(max((p) => p.loaded))}`.padStart(24), `${kb(avg((p) => p.sent))}, ${kb(max((p) => p.sent))}`.padStart(22),
      avg((p) => p.ms).toFixed(1).padStart(16),
    ].join("  "));
  }
}
console.log(`\nmost syncs for one page: ${worst} (budget ${MAX_SYNCS}); getReviewedText calls: ${reviewedTextCalls}`);
process.exit(worst > MAX_SYNCS || reviewedTextCalls > 0 ? 1 : 0);
