// Benchmark of sim.render() (a script, not a test): node tests/js/sim/bench-render.js
//
// Two kinds of document of 200 and 2,000 paragraphs (~60 characters each, bold words, a colour,
// a highlight, a table, a picture):
//   - "loaded": the formatting comes from sim.load() runs, so a run shares one format object;
//   - "API-formatted": the same after one Office.js edit (the body's font name), which is how the
//     pane formats text — every touched character gets its own format object.
// Figures are the median of several renders, also given as a ratio to two baselines measured in
// the same run so machines of different speeds compare: "x plain" against rendering a plain
// 200-paragraph document, "x calib" against a fixed string-building loop that does not use the
// renderer (so it stays comparable when a renderer change also speeds up the plain document).
import { performance } from "node:perf_hooks";
import { createSimulator, PNG_40x20 } from "./helpers.js";

const RUNS = 9;

/** ~60 characters of paragraph text; the words "bold", "red" and "marked" get formatted. */
function line(i) {
  return `Paragraph ${String(i).padStart(4, "0")} has bold words, a red one and marked text.`;
}

/** Blocks for sim.load(): runs carry the formatting; a table and a picture in the middle. */
function loadedBlocks(n, formatted) {
  const blocks = [];
  for (let i = 0; i < n; i++) {
    if (i === Math.floor(n / 2)) {
      blocks.push({ type: "table", values: [["Region", "Q1", "Q2"], ["North", "10", "12"], ["South", "8", "9"]], headerRowCount: 1 });
      blocks.push({ type: "paragraph", runs: [{ text: "Logo: " }, { type: "picture", base64: PNG_40x20, width: 30, height: 15, altText: "logo" }] });
    }
    const [head, tail] = line(i).split(" has ");
    blocks.push(formatted
      ? { type: "paragraph", runs: [{ text: `${head} has ` }, { text: "bold", bold: true }, { text: " words, a " }, { text: "red", color: "#C00000" }, { text: " one and " }, { text: "marked", highlight: "#FFFF00" }, { text: " text." }] }
      : { type: "paragraph", text: `${head} has ${tail}` });
  }
  return blocks;
}

/**
 * The same document after one Office.js edit: body.font.name gives every character its own format
 * object (as any API formatting does). One body-wide edit keeps this bench about rendering; the cost
 * of many small edits is measured by bench-edits.js.
 */
async function editedSim(n) {
  const sim = createSimulator();
  sim.load(loadedBlocks(n, true));
  await sim.Word.run(async (ctx) => {
    ctx.document.body.font.name = "Calibri";
    await ctx.sync();
  });
  return sim;
}

/** Median milliseconds of fn over RUNS calls (after one warm-up call) and its last result. */
function median(fn) {
  let out = fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    out = fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)], out };
}

/** sim.render(): median time, HTML size and span count. */
function measure(sim) {
  const { ms, out: html } = median(() => sim.render());
  return { ms, kb: html.length / 1024, spans: (html.match(/<span/g) || []).length };
}

/** A renderer-independent workload: 20,000 short escaped spans concatenated (~1 MB). */
function calibrate() {
  return median(() => {
    let html = "";
    for (let i = 0; i < 20000; i++) html += `<span data-pos="${i * 50}" style="font-weight:bold">${`word ${i} & more`.replace(/[&<>"]/g, "_")}</span>`;
    return html.length;
  }).ms;
}

async function main() {
  const plain = createSimulator();
  plain.load(loadedBlocks(200, false));
  const base = measure(plain);
  const calib = calibrate();
  const rows = [["baseline: plain, 200 paras", base]];
  for (const n of [200, 2000]) {
    const loaded = createSimulator();
    loaded.load(loadedBlocks(n, true));
    rows.push([`loaded runs, ${n} paras`, measure(loaded)]);
    rows.push([`API-formatted, ${n} paras`, measure(await editedSim(n))]);
  }
  console.log(`node ${process.version}, median of ${RUNS} renders`);
  console.log(`calibration loop: ${calib.toFixed(2)} ms`);
  console.log("document".padEnd(30) + "median ms".padStart(11) + "x plain".padStart(9) + "x calib".padStart(9) + "HTML KiB".padStart(11) + "spans".padStart(9));
  for (const [name, r] of rows) {
    const cells = [r.ms.toFixed(2).padStart(11), (r.ms / base.ms).toFixed(1).padStart(9), (r.ms / calib).toFixed(1).padStart(9), r.kb.toFixed(0).padStart(11), String(r.spans).padStart(9)];
    console.log(name.padEnd(30) + cells.join(""));
  }
}

await main();
