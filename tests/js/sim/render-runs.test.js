// render(): one span per run of equal formatting; selectFromDom(): DOM points inside a run map to
// exact character positions (run's data-pos + offset in its text). Node has no DOM, so the DOM side
// is a small fake built from the rendered HTML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, PNG_2x1 } from "./helpers.js";
import { spanFromRunPoints } from "../../../addin/sim/render.js";

// Paragraph 1: "Hello " 0–5, "bold world" 6–15 (bold), mark 16. Paragraph 2: "Second line" 17–27.
const DOC = [
  { type: "paragraph", runs: [{ text: "Hello " }, { text: "bold world", bold: true }] },
  { type: "paragraph", text: "Second line" },
];

/** [data-pos, text] of every text span in the HTML, in order. */
function spans(html) {
  return [...html.matchAll(/<span data-pos="(\d+)"[^>]*>([^<]*)<\/span>/g)].map((m) => [Number(m[1]), m[2]]);
}

/**
 * The rendered runs as fake DOM text nodes, by data-pos: just what domSelectionToSpan touches
 * (nodeType, parentElement, closest, getAttribute, previousSibling). `split` cuts a run's text
 * into two text nodes at that offset, as a browser may do.
 */
function fakeDom(html, split = {}) {
  const nodes = {};
  for (const [pos, text] of spans(html)) {
    const el = { nodeType: 1, tagName: "SPAN", getAttribute: (n) => (n === "data-pos" ? String(pos) : null), closest: (sel) => (sel === "[data-pos]" ? el : null) };
    const cut = split[pos];
    const first = { nodeType: 3, nodeValue: cut ? text.slice(0, cut) : text, parentElement: el, previousSibling: null };
    nodes[pos] = cut ? [first, { nodeType: 3, nodeValue: text.slice(cut), parentElement: el, previousSibling: first }] : [first];
  }
  return nodes;
}

/** A fake window.getSelection() from anchor to focus. */
function fakeSelection(anchorNode, anchorOffset, focusNode, focusOffset) {
  return { rangeCount: 1, anchorNode, anchorOffset, focusNode, focusOffset };
}

function loaded() {
  const sim = createSimulator();
  sim.load(DOC);
  return sim;
}

test("render: one span per run, data-pos is the run's first position", () => {
  assert.deepEqual(spans(loaded().render()), [[0, "Hello "], [6, "bold world"], [17, "Second line"]]);
});

test("render: characters formatted through the API still share one span per run", async () => {
  const sim = loaded();
  await sim.Word.run(async (ctx) => {
    // Every character gets its own format object here; equal values must still make one run.
    ctx.document.body.font.name = "Calibri";
    const hits = ctx.document.body.search("world");
    hits.load("items");
    await ctx.sync();
    hits.items[0].font.italic = true;
    await ctx.sync();
  });
  const html = sim.render();
  assert.deepEqual(spans(html), [[0, "Hello "], [6, "bold "], [11, "world"], [17, "Second line"]]);
  assert.match(html, /data-pos="11" style="[^"]*font-style:italic[^"]*font-family:'Calibri'/);
});

test("render: comments, pictures, breaks and empty paragraphs keep their own elements", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", runs: [{ text: "ab" }, { type: "picture", base64: PNG_2x1, width: 30, height: 15 }, { text: "cdef" }] }, { type: "paragraph", text: "" }]);
  await sim.Word.run(async (ctx) => {
    const hits = ctx.document.body.search("de");
    hits.load("items");
    await ctx.sync();
    hits.items[0].insertComment("note");
    ctx.document.body.paragraphs.getFirst().getRange("End").insertBreak("Line", "Before");
    await ctx.sync();
  });
  const html = sim.render();
  assert.deepEqual(spans(html), [[0, "ab"], [3, "c"], [4, "de"], [6, "f"], [9, ""]]);
  assert.match(html, /<img data-pos="2" class="ws-picture"/);
  assert.match(html, /<span data-pos="4" class="ws-comment"[^>]*>de<\/span>/);
  assert.match(html, /<br data-pos="7">/);
  assert.match(html, /data-para-start="9" data-mark="9"[^>]*><span data-pos="9"><\/span><br>/);
});

test("spanFromRunPoints: run position plus offset, ordered", () => {
  assert.deepEqual(spanFromRunPoints(6, 1, 6, 4), { start: 7, end: 10 }, "inside one run");
  assert.deepEqual(spanFromRunPoints(0, 2, 6, 4), { start: 2, end: 10 }, "across two runs");
  assert.deepEqual(spanFromRunPoints(6, 5, 17, 6), { start: 11, end: 23 }, "across paragraphs");
  assert.deepEqual(spanFromRunPoints(6, 3, 6, 3), { start: 9, end: 9 }, "collapsed caret");
  assert.deepEqual(spanFromRunPoints(17, 2, 6, 1), { start: 7, end: 19 }, "backwards drag");
});

test("selectFromDom: part of a multi-character run", () => {
  const sim = loaded();
  const dom = fakeDom(sim.render());
  assert.equal(sim.selectFromDom(fakeSelection(dom[6][0], 1, dom[6][0], 4)), true);
  assert.deepEqual(sim.getSelection(), { start: 7, end: 10, text: "old" });
});

test("selectFromDom: across two runs, and dragged backwards", () => {
  const sim = loaded();
  const dom = fakeDom(sim.render());
  sim.selectFromDom(fakeSelection(dom[0][0], 2, dom[6][0], 4));
  assert.deepEqual(sim.getSelection(), { start: 2, end: 10, text: "llo bold" });
  sim.selectFromDom(fakeSelection(dom[6][0], 4, dom[0][0], 2));
  assert.deepEqual(sim.getSelection(), { start: 2, end: 10, text: "llo bold" });
});

test("selectFromDom: across paragraphs", () => {
  const sim = loaded();
  const dom = fakeDom(sim.render());
  sim.selectFromDom(fakeSelection(dom[6][0], 5, dom[17][0], 6));
  const sel = sim.getSelection();
  assert.deepEqual([sel.start, sel.end], [11, 23]);
  assert.match(sel.text, /^world\rSecond$/);
});

test("selectFromDom: collapsed caret inside a run", () => {
  const sim = loaded();
  const dom = fakeDom(sim.render());
  sim.selectFromDom(fakeSelection(dom[17][0], 3, dom[17][0], 3));
  assert.deepEqual(sim.getSelection(), { start: 20, end: 20, text: "" });
});

test("selectFromDom: a run whose text the browser split into two text nodes", () => {
  const sim = loaded();
  const dom = fakeDom(sim.render(), { 6: 4 });
  sim.selectFromDom(fakeSelection(dom[6][1], 1, dom[6][1], 6));
  assert.deepEqual(sim.getSelection(), { start: 11, end: 16, text: "world" });
});

test("selectFromDom: nothing to map", () => {
  const sim = loaded();
  assert.equal(sim.selectFromDom({ rangeCount: 0 }), false);
  const outside = { nodeType: 3, nodeValue: "x", parentElement: { nodeType: 1, closest: () => null }, previousSibling: null };
  assert.equal(sim.selectFromDom(fakeSelection(outside, 0, outside, 1)), false);
});
