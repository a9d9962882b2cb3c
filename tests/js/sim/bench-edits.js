// Benchmark of many Office.js edits in one document (a script, not a test):
//   node tests/js/sim/bench-edits.js            (RUNS=5 by default; RUNS=3 node ... for a quick look)
//
// Documents of 200 and 2,000 plain paragraphs (~60 characters each, the word "alpha" once in each):
//   (a) bold: one Word.run that searches "alpha", loads the hits, sets font.bold on every hit, syncs;
//   (b) replace: the same search, then insertText("omega", "Replace") on every hit, one sync;
//   (c) insert: 200 × body.insertParagraph(..., "Start") in separate syncs of one Word.run, while
//       the search hits (tracked by the run) follow every edit.
// Figures are medians of RUNS runs (after one warm-up), also given as a ratio to a baseline measured
// in the same run ("x base": sim.setText of the 200-paragraph document) so machines compare.
// Edits that scale with the number of edits (not edits × document size) keep the 2,000-paragraph
// figure about 10× the 200-paragraph one for (a) and (b), and about 1× for (c).
import { performance } from "node:perf_hooks";
import { createSimulator } from "./helpers.js";

const RUNS = Number(process.env.RUNS) || 5;
const INSERTS = 200;

/** ~60 characters of paragraph text with the word "alpha" once. */
function line(i) {
  return `Paragraph ${String(i).padStart(4, "0")} says alpha and then some filler text.`;
}

/** The document text of n paragraphs. */
function docText(n) {
  return Array.from({ length: n }, (_, i) => line(i)).join("\n");
}

/** Median milliseconds of an async fn(fresh sim) over RUNS calls after one warm-up. */
async function median(n, fn) {
  const text = docText(n);
  const times = [];
  for (let i = 0; i <= RUNS; i++) {
    const sim = createSimulator();
    sim.setText(text);
    const t0 = performance.now();
    await fn(sim);
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Search "alpha" and load the hits (the caller's batch continues with them). */
async function hits(ctx) {
  const found = ctx.document.body.search("alpha", { matchCase: true });
  found.load("items");
  await ctx.sync();
  return found.items;
}

/** (a) Bold every hit in one batch. */
const bold = (sim) => sim.Word.run(async (ctx) => {
  for (const r of await hits(ctx)) r.font.bold = true;
  await ctx.sync();
});

/** (b) Replace every hit in one batch. */
const replace = (sim) => sim.Word.run(async (ctx) => {
  for (const r of await hits(ctx)) r.insertText("omega", "Replace");
  await ctx.sync();
});

/** (c) Insert a paragraph at the start INSERTS times, one sync each, hits alive. */
const insert = (sim) => sim.Word.run(async (ctx) => {
  await hits(ctx);
  for (let i = 0; i < INSERTS; i++) {
    ctx.document.body.insertParagraph(`Inserted ${i}`, "Start");
    await ctx.sync();
  }
});

/** Baseline: load the 200-paragraph document. */
async function baseline() {
  const text = docText(200);
  const sim = createSimulator();
  return median(200, async () => sim.setText(text));
}

async function main() {
  const base = await baseline();
  console.log(`baseline setText(200 paragraphs): ${base.toFixed(2)} ms (median of ${RUNS})`);
  console.log("case              paragraphs      ms   x base   x 200-par");
  for (const [name, fn] of [["(a) bold hits", bold], ["(b) replace hits", replace], [`(c) ${INSERTS} inserts`, insert]]) {
    let small = 0;
    for (const n of [200, 2000]) {
      const ms = await median(n, fn);
      if (n === 200) small = ms;
      console.log(`${name.padEnd(18)}${String(n).padStart(10)}${ms.toFixed(1).padStart(8)}${(ms / base).toFixed(0).padStart(9)}${(ms / small).toFixed(1).padStart(12)}`);
    }
  }
}

await main();
