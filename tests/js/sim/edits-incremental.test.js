// Many edits in one document: the cached layout is updated in place (format edits keep it, text
// edits and body paragraph inserts shift it), so it must always equal a fresh layout, and ranges,
// text and formatting must come out as if every edit re-laid out the document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "./helpers.js";
import { createDocumentModel, layout, insertTextAt, deleteSpan, applyFmt, insertBlock, newParagraph, textUnits, ensureTrailingParagraph, spanText, locate, parasInSpan } from "../../../addin/sim/model.js";
import { createTable } from "../../../addin/sim/tables-model.js";

const run = (sim, fn) => sim.Word.run(async (ctx) => { const v = await fn(ctx); await ctx.sync(); return v; });
const lines = (n) => Array.from({ length: n }, (_, i) => `Line ${i} has alpha in it.`);

/** A layout built from scratch, leaving the cached one in place. */
function freshLayout(doc) {
  const cached = doc._layout;
  doc._layout = null;
  const L = layout(doc);
  doc._layout = cached;
  return L;
}

/** Same fields (by identity) in two info objects. */
function sameInfo(a, b, what) {
  assert.ok(a && b, `${what}: missing`);
  for (const k of Object.keys(b)) assert.ok(a[k] === b[k], `${what}.${k}: ${a[k]} !== ${b[k]}`);
}

/** The cached layout equals a fresh one: positions, indexes, marks, maps, characters. */
function assertLayoutFresh(doc, step) {
  const a = layout(doc);
  const b = freshLayout(doc);
  assert.equal(a.length, b.length, `${step}: length`);
  assert.equal(a.paras.length, b.paras.length, `${step}: paragraph count`);
  b.paras.forEach((info, j) => { sameInfo(a.paras[j], info, `${step}: paras[${j}]`); assert.equal(a.paraInfo.get(info.para), a.paras[j]); });
  b.tables.forEach((info, j) => sameInfo(a.tables[j], info, `${step}: tables[${j}]`));
  for (const m of ["tableInfo", "rowInfo", "cellInfo", "containerInfo"]) {
    assert.equal(a[m].size, b[m].size, `${step}: ${m} size`);
    for (const [key, info] of b[m]) sameInfo(a[m].get(key), info, `${step}: ${m}`);
  }
  assert.deepEqual(a.chars, b.chars, `${step}: chars`);
}

/** A small deterministic pseudo-random generator. */
function rng(seed) {
  let s = seed;
  return (n) => { s = (s * 1103515245 + 12345) % 2147483648; return Math.floor((s / 2147483648) * n); };
}

/** Body paragraphs and a 2×2 table with text in the middle. */
function modelWithTable() {
  const doc = createDocumentModel();
  for (let i = 0; i < 6; i++) insertBlock(doc, doc.body, doc.body.blocks.length, newParagraph(doc, { units: textUnits(`para ${i} text`) }));
  insertBlock(doc, doc.body, 3, createTable(doc, 2, 2, [["a1", "b1"], ["a2", "b2"]]));
  ensureTrailingParagraph(doc, doc.body);
  return doc;
}

test("the cached layout equals a fresh one after random text, format and paragraph edits", () => {
  const doc = modelWithTable();
  const rand = rng(7);
  for (let step = 0; step < 400; step++) {
    const len = layout(doc).length;
    const pos = rand(len);
    const op = rand(6);
    if (op === 0) insertTextAt(doc, pos, ["x", "yz", "long insert", ""][rand(4)]);
    else if (op === 1) insertTextAt(doc, pos, "two\nparts");
    else if (op === 2) { const info = locate(doc, pos); deleteSpan(doc, pos, Math.min(info.mark, pos + 1 + rand(4))); }
    else if (op === 3) applyFmt(doc, pos, Math.min(len, pos + 1 + rand(20)), { bold: true });
    else if (op === 4) insertBlock(doc, doc.body, rand(doc.body.blocks.length + 1), newParagraph(doc, { units: textUnits(`new ${step}`) }));
    else deleteSpan(doc, pos, Math.min(len - 1, pos + rand(12)));
    ensureTrailingParagraph(doc, doc.body);
    assertLayoutFresh(doc, `step ${step} op ${op}`);
  }
});

test("spanText and parasInSpan agree with the character stream across tables", () => {
  const doc = modelWithTable();
  insertTextAt(doc, 2, "edited ");
  const L = freshLayout(doc);
  for (let s = 0; s < L.length; s += 3) {
    for (const e of [s, s + 1, s + 7, s + 40, L.length + 5]) {
      assert.equal(spanText(doc, s, e), L.chars.slice(s, e).join(""), `spanText(${s}, ${e})`);
      if (e > s) assert.deepEqual(parasInSpan(doc, s, e), L.paras.filter((i) => i.start < e && s < i.end).map((i) => layout(doc).paraInfo.get(i.para)));
    }
  }
});

test("bolding one search hit among many leaves the others unchanged", async () => {
  const sim = createSimulator();
  sim.setText(lines(50).join("\n"));
  await run(sim, async (ctx) => {
    const hits = ctx.document.body.search("alpha");
    hits.load("items");
    await ctx.sync();
    hits.items[10].font.bold = true;
  });
  const blocks = sim.snapshot().blocks;
  blocks.forEach((b, i) => {
    if (i === 10) assert.deepEqual(b.runs.map((r) => [r.text, r.bold]), [["Line 10 has ", false], ["alpha", true], [" in it.", false]]);
    else assert.deepEqual(b.runs.map((r) => [r.text, r.bold]), [[lines(50)[i], false]], `paragraph ${i}`);
  });
});

test("bolding every hit in one batch formats exactly the hits", async () => {
  const sim = createSimulator();
  sim.setText(lines(40).join("\n"));
  await run(sim, async (ctx) => {
    const hits = ctx.document.body.search("alpha");
    hits.load("items");
    await ctx.sync();
    for (const r of hits.items) r.font.bold = true;
  });
  sim.snapshot().blocks.forEach((b, i) => assert.deepEqual(b.runs.map((r) => [r.text, r.bold]), [[`Line ${i} has `, false], ["alpha", true], [" in it.", false]]));
});

test("tracked ranges follow many replacements of different lengths in one batch", async () => {
  const sim = createSimulator();
  sim.setText(lines(60).join("\n"));
  const out = await run(sim, async (ctx) => {
    const hits = ctx.document.body.search("alpha");
    hits.load("items");
    const last = ctx.document.body.paragraphs.getLast().getRange("Whole");
    await ctx.sync();
    hits.items.forEach((r, i) => r.insertText("w".repeat(i % 7), "Replace"));
    hits.items.forEach((r) => r.load("text"));
    last.load("text");
    await ctx.sync();
    return { hits: hits.items.map((r) => r.text), last: last.text };
  });
  assert.deepEqual(out.hits, lines(60).map((_, i) => "w".repeat(i % 7)));
  assert.equal(out.last, "Line 59 has www in it.\r");
  assert.equal(sim.text(), lines(60).map((l, i) => l.replace("alpha", "w".repeat(i % 7))).join("\n"));
});

test("paragraphs inserted at the start in separate syncs keep hits and text in place", async () => {
  const sim = createSimulator();
  sim.setText(lines(30).join("\n"));
  const texts = await run(sim, async (ctx) => {
    const hits = ctx.document.body.search("alpha");
    hits.load("items");
    await ctx.sync();
    for (let i = 0; i < 25; i++) {
      ctx.document.body.insertParagraph(`Inserted ${i}`, "Start");
      await ctx.sync();
    }
    hits.items.forEach((r) => r.insertText("beta", "End"));
    hits.items.forEach((r) => r.load("text"));
    await ctx.sync();
    return hits.items.map((r) => r.text);
  });
  assert.deepEqual(texts, lines(30).map(() => "alphabeta"));
  const expected = [...Array.from({ length: 25 }, (_, i) => `Inserted ${24 - i}`), ...lines(30).map((l) => l.replace("alpha", "alphabeta"))];
  assert.equal(sim.text(), expected.join("\n"));
});

test("insertParagraph before a table keeps cell ranges and table text right", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"], ["c", "d"]] }, { type: "paragraph", text: "After" }]);
  const out = await run(sim, async (ctx) => {
    const cell = ctx.document.body.tables.getFirst().getCell(1, 1).body.getRange("Whole");
    await ctx.sync();
    ctx.document.body.insertParagraph("First", "Start");
    ctx.document.body.paragraphs.getFirst().insertText("!", "End");
    cell.insertText("D", "Replace");
    const body = ctx.document.body;
    body.load("text");
    cell.load("text");
    await ctx.sync();
    return { cell: cell.text, body: body.text };
  });
  assert.equal(out.cell, "D");
  assert.equal(out.body, "First!\rIntro\ra\tb\rc\tD\rAfter");
});
