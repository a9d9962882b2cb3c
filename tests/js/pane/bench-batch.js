#!/usr/bin/env node
// Prints the context.sync() round trips and the time (simulator, no latency) of batches of 50 and 500
// simple ops (insertText, applyStyle char on the text just inserted, table.create) on both profiles, of batches of
// searches then edits of their hits, and of one table.create of 1,000 × 10 cells from data; exits non-zero if 50
// simple ops take more than 2 syncs, or searches and the edits of their hits more than 3 (batch-run.js says why).
// Run: node tests/js/pane/bench-batch.js
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";

const MAX_SYNCS_50 = 2;
const MAX_SYNCS_SEARCH_EDITS = 3;

/**
 * n simple ops: every 10th a small table, odd ones bold the text the op before inserted.
 * @param {number} n
 */
function simpleOps(n) {
  return Array.from({ length: n }, (_, i) => {
    if (i % 10 === 9) return { op: "table.create", args: { rows: 2, cols: 3, scope: "document", location: "end", data: [["a", "b", "c"]] } };
    if (i % 2) return { op: "applyStyle", args: { scope: `rangeId:$${i - 1}.rangeId`, char: { bold: true } } };
    return { op: "insertText", args: { text: `Paragraph ${i}`, scope: "document", location: "end", newParagraph: true } };
  });
}

/**
 * n searches, then an edit of the first hit of each.
 * @param {number} n
 */
function searchesThenEdits(n) {
  return [
    ...Array.from({ length: n }, (_, i) => ({ op: "search", args: { query: `Paragraph ${i}`, matchCase: true } })),
    ...Array.from({ length: n }, (_, i) => ({ op: "insertText", args: { text: "!", scope: `rangeId:$${i}.results[0].rangeId`, location: "end" } })),
  ];
}

/**
 * @param {"web" | "desktop"} profile
 * @param {string} op
 * @param {object} args
 */
async function measure(profile, op, args, text = "Start") {
  const sim = createSimulator({ profile, latencyMs: 0 });
  sim.setText(text);
  const engine = createEngine({ Word: sim.Word, Office: sim.Office });
  const before = sim.syncCount;
  const started = performance.now();
  const { result, stats } = await engine.execute({ type: "ai-cmd", id: "bench", content: op, op: { type: "word.op", op, version: "1.0", args } });
  const ms = performance.now() - started;
  if (!result.ok) throw new Error(`${op} failed: ${JSON.stringify(result.diagnostics)}`);
  const syncs = sim.syncCount - before;
  if (syncs !== stats.syncs) throw new Error(`engine counted ${stats.syncs} syncs, the simulator ${syncs}`);
  return { syncs, ms };
}

const rows = [];
let syncs50 = 0;
let syncsSearchEdits = 0;
for (const profile of /** @type {const} */ (["web", "desktop"])) {
  for (const n of [50, 500]) {
    const { syncs, ms } = await measure(profile, "batch", { ops: simpleOps(n), stopOnError: true });
    if (n === 50) syncs50 = Math.max(syncs50, syncs);
    rows.push([`batch of ${n} simple ops`, profile, syncs, ms]);
  }
  for (const n of [25, 250]) {
    const text = Array.from({ length: n }, (_, i) => `Paragraph ${i}.`).join("\n");
    const { syncs, ms } = await measure(profile, "batch", { ops: searchesThenEdits(n), stopOnError: true }, text);
    syncsSearchEdits = Math.max(syncsSearchEdits, syncs);
    rows.push([`batch of ${n} searches + ${n} edits of their hits`, profile, syncs, ms]);
  }
  const data = Array.from({ length: 1000 }, (_, r) => Array.from({ length: 10 }, (_, c) => `r${r}c${c}`));
  const { syncs, ms } = await measure(profile, "table.create", { rows: 1000, cols: 10, scope: "document", location: "end", header: true, data });
  rows.push(["table.create 1,000 × 10 from data", profile, syncs, ms]);
}

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`${"case".padEnd(width)}  profile  syncs  ms`);
for (const [label, profile, syncs, ms] of rows) {
  console.log(`${label.padEnd(width)}  ${profile.padEnd(7)}  ${String(syncs).padStart(5)}  ${ms.toFixed(1)}`);
}
console.log(`\n50 simple ops: ${syncs50} syncs at most (budget ${MAX_SYNCS_50})`);
console.log(`searches + edits of their hits: ${syncsSearchEdits} syncs at most (budget ${MAX_SYNCS_SEARCH_EDITS})`);
process.exit(syncs50 > MAX_SYNCS_50 || syncsSearchEdits > MAX_SYNCS_SEARCH_EDITS ? 1 : 0);
