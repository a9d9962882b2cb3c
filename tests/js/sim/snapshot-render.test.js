// snapshot() shape, load(), render(), selection helpers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, PNG_2x1 } from "./helpers.js";

const DEMO = [
  { type: "paragraph", style: "Title", text: "Report" },
  { type: "paragraph", runs: [{ text: "Plain " }, { text: "bold", bold: true }, { text: " red", color: "#FF0000", highlight: "#FFFF00" }], alignment: "Centered" },
  { type: "paragraph", text: "first", list: { kind: "bullet", level: 0 } },
  { type: "paragraph", text: "second", list: { kind: "bullet", level: 1 } },
  { type: "table", values: [["H1", "H2", "H3"], ["a", "b", "c"], ["d", "e", "f"]], headerRowCount: 1, merges: [{ row: 1, col: 0, rowSpan: 2, colSpan: 1 }] },
  { type: "paragraph", runs: [{ type: "picture", base64: PNG_2x1, width: 30, height: 15, altText: "dot" }] },
];

test("snapshot has the contract's shape", () => {
  const sim = createSimulator();
  sim.load(DEMO);
  const snap = sim.snapshot();
  assert.deepEqual(Object.keys(snap).slice(0, 3), ["blocks", "selection", "comments"]);
  const p = snap.blocks[1];
  for (const k of ["type", "text", "style", "alignment", "list", "runs"]) assert.ok(k in p, k);
  assert.deepEqual(p.runs[1], { text: "bold", bold: true, italic: false, underline: "None", fontName: "Aptos", fontSize: 12, color: "#000000", highlight: null });
  assert.equal(p.runs[2].highlight, "#FFFF00");
  assert.equal(p.alignment, "Centered");
  assert.deepEqual(snap.blocks[3].list, { kind: "bullet", level: 1, listId: snap.blocks[2].list.listId });
  const t = snap.blocks[4];
  for (const k of ["type", "rowCount", "columnCount", "values", "style", "headerRowCount", "merges"]) assert.ok(k in t, k);
  assert.deepEqual(t.merges, [{ row: 1, col: 0, rowSpan: 2, colSpan: 1 }]);
  assert.deepEqual(snap.blocks[5].runs[0], { type: "picture", width: 30, height: 15, altText: "dot", lockAspectRatio: true, format: "Png" });
  assert.deepEqual(snap.selection, { text: "", start: 0, end: 0 });
  assert.ok(Array.isArray(snap.comments));
  assert.doesNotThrow(() => JSON.stringify(snap));
});

test("render shows formatting, headings, lists, tables with spans and pictures", () => {
  const sim = createSimulator();
  sim.load(DEMO);
  const html = sim.render();
  assert.match(html, /<h1[^>]*ws-style-Title/);
  assert.match(html, /font-weight:bold[^>]*>bold</);
  assert.match(html, /color:#FF0000;background-color:#FFFF00/);
  assert.match(html, /text-align:center/);
  assert.match(html, /ws-list-marker[^>]*>•</);
  assert.match(html, /<th[^>]*>/);
  assert.match(html, /rowspan="2"/);
  assert.match(html, /<img[^>]*width="40"[^>]*height="20"/);
  assert.match(html, /data-pos="0"/);
});

test("select by occurrence, selectAll, collapse, setSelection", () => {
  const sim = createSimulator();
  sim.setText("ab ab ab");
  sim.select("ab", { occurrence: 2 });
  assert.deepEqual(sim.getSelection(), { start: 3, end: 5, text: "ab" });
  sim.collapse(true);
  assert.deepEqual(sim.getSelection(), { start: 5, end: 5, text: "" });
  sim.selectAll();
  assert.equal(sim.getSelection().text, "ab ab ab");
  sim.setSelection({ start: 1, end: 4 });
  assert.equal(sim.snapshot().selection.text, "b a");
  assert.throws(() => sim.select("zz"));
});

test("getHtml of a range", async () => {
  const sim = createSimulator();
  sim.load(DEMO);
  const html = await sim.Word.run(async (ctx) => { const h = ctx.document.body.paragraphs.getFirst().getNext().getHtml(); await ctx.sync(); return h.value; });
  assert.match(html, /bold/);
});

test("proxies onto content replaced by load() answer ItemNotFound", async () => {
  const sim = createSimulator();
  sim.setText("a");
  const ctx = new sim.Word.RequestContext();
  const p = ctx.document.body.paragraphs.getFirst();
  await ctx.sync();
  sim.setText("b");
  p.load("text");
  await assert.rejects(ctx.sync(), (e) => e.code === "ItemNotFound");
});

test("cross-realm friendly: Word.run accepts foreign thenables and arrays", async () => {
  const sim = createSimulator();
  sim.setText("a");
  const thenable = { then(res) { res(7); } };
  assert.equal(await sim.Word.run(() => thenable), 7);
});
