// Sections, headers and footers in the simulator: each header/footer is a story of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

test("one section by default; its primary header is an empty Header body that takes text", async () => {
  const sim = createSimulator();
  sim.setText("Body text");
  await sim.Word.run(async (ctx) => {
    const sections = ctx.document.sections;
    sections.load("items");
    await ctx.sync();
    assert.equal(sections.items.length, 1);
    const header = sections.items[0].getHeader("Primary");
    header.load("text,type");
    await ctx.sync();
    assert.equal(header.text, "");
    assert.equal(header.type, "Header");
    header.insertText("Report 2024", "Replace");
    const footer = sections.getFirst().getFooter(sim.Word.HeaderFooterType.primary);
    footer.insertParagraph("Page footer", "End");
    footer.load("text,type");
    await ctx.sync();
    assert.equal(footer.type, "Footer");
    assert.match(footer.text, /Page footer/);
  });
  assert.equal(sim.text(), "Body text");
  const snap = sim.snapshot();
  assert.deepEqual(snap.sections[0].headers, { primary: "Report 2024", firstPage: "", evenPages: "" });
  assert.equal(snap.sections[0].footers.primary, "\nPage footer");
  assert.equal(snap.blocks.length, 1);
});

test("no sections or notes in the snapshot of a plain document", () => {
  const sim = createSimulator();
  sim.setText("a\nb");
  const snap = sim.snapshot();
  assert.equal("sections" in snap, false);
  assert.equal("notes" in snap, false);
});

test("a bad header type is InvalidArgument at sync", async () => {
  const sim = createSimulator();
  await rejectsWith(sim.Word.run(async (ctx) => {
    const h = ctx.document.sections.getFirst().getHeader("primary");
    h.load("text");
    await ctx.sync();
  }), "InvalidArgument");
  await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getFooter("Odd").insertText("x", "End");
    await ctx.sync();
  }), "InvalidArgument");
});

test("the header body works like the main body: paragraphs, search, getRange, clear", async () => {
  const sim = createSimulator();
  sim.setText("Main");
  await sim.Word.run(async (ctx) => {
    const h = ctx.document.sections.getFirst().getHeader("Primary");
    h.insertText("alpha beta", "Start");
    h.insertParagraph("gamma", "End");
    const paras = h.paragraphs;
    paras.load("items/text,items/style");
    const hits = h.search("beta");
    hits.load("items/text");
    const r = h.getRange("Whole");
    r.load("text");
    await ctx.sync();
    assert.deepEqual(paras.items.map((p) => p.text), ["alpha beta", "gamma"]);
    assert.equal(paras.items[0].style, "Header");
    assert.deepEqual(hits.items.map((x) => x.text), ["beta"]);
    assert.equal(r.text, "alpha beta\rgamma\r");
    hits.items[0].font.bold = true;
    h.clear();
    h.load("text");
    await ctx.sync();
    assert.equal(h.text, "");
  });
  assert.equal(sim.text(), "Main");
  // Searching the document does not see header text.
  await sim.Word.run(async (ctx) => {
    const hits = ctx.document.body.search("gamma");
    hits.load("items");
    await ctx.sync();
    assert.equal(hits.items.length, 0);
  });
});

test("an edit in a header does not move body ranges, and a body edit does not move header ranges", async () => {
  const sim = createSimulator();
  sim.setText("Hello world");
  let bodyRange, headRange;
  await sim.Word.run(async (ctx) => {
    bodyRange = ctx.document.body.search("world").getFirst();
    const h = ctx.document.sections.getFirst().getHeader("Primary");
    h.insertText("Top line", "Start");
    headRange = h.search("line").getFirst();
    bodyRange.track();
    headRange.track();
    await ctx.sync();
  });
  await sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getHeader("Primary").insertText("Very ", "Start");
    ctx.document.body.insertText("Say: ", "Start");
    await ctx.sync();
  });
  await sim.Word.run([bodyRange, headRange], async (ctx) => {
    bodyRange.load("text");
    headRange.load("text");
    await ctx.sync();
    assert.equal(bodyRange.text, "world");
    assert.equal(headRange.text, "line");
    // A tracked range inside a header keeps working: edit through it.
    headRange.insertText("title", "Replace");
    headRange.font.italic = true;
    await ctx.sync();
  });
  assert.equal(sim.snapshot().sections[0].headers.primary, "Very Top title");
  assert.equal(sim.text(), "Say: Hello world");
  await sim.Word.run(async (ctx) => {
    bodyRange.untrack();
    headRange.untrack();
    await ctx.sync();
  });
});

test("section breaks make sections; a new section's header is linked to the previous one", async () => {
  const sim = createSimulator();
  sim.setText("One\nTwo");
  await sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getHeader("Primary").insertText("H1", "Start");
    const first = ctx.document.body.paragraphs.getFirst();
    first.insertBreak("SectionNext", "After");
    ctx.document.body.paragraphs.getLast().insertBreak("Page", "After");
    await ctx.sync();
    const sections = ctx.document.sections;
    sections.load("items");
    await ctx.sync();
    assert.equal(sections.items.length, 2, "a page break is not a section break");
    const h2 = sections.items[1].getHeader("Primary");
    h2.load("text");
    const next = sections.getFirst().getNextOrNullObject();
    const none = sections.items[1].getNextOrNullObject();
    next.load("isNullObject");
    none.load("isNullObject");
    await ctx.sync();
    assert.equal(h2.text, "H1", "linked to the previous section");
    assert.equal(next.isNullObject, false);
    assert.equal(none.isNullObject, true);
  });
  const snap = sim.snapshot();
  assert.equal(snap.sections.length, 2);
  assert.equal(snap.sections[1].headers.primary, "H1");
  assert.equal(sim.text(), "One\f\nTwo\f");
});

test("Next (the deprecated SectionNext) and the other section kinds all start a section", async () => {
  const sim = createSimulator();
  sim.setText("a");
  await sim.Word.run(async (ctx) => {
    for (const t of ["Next", "SectionContinuous", "SectionEven", "SectionOdd"]) ctx.document.body.insertBreak(t, "End");
    const s = ctx.document.sections;
    s.load("items");
    await ctx.sync();
    assert.equal(s.items.length, 5);
  });
});

test("section breaks are refused inside a header (UNVERIFIED choice)", async () => {
  const sim = createSimulator();
  await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getHeader("Primary").insertBreak("SectionNext", "End");
    await ctx.sync();
  }), "InvalidArgument");
});

test("deleting a section break merges the sections; the Section it ended is ItemNotFound", async () => {
  const sim = createSimulator();
  sim.setText("x\ny");
  let first, last;
  await sim.Word.run(async (ctx) => {
    ctx.document.body.paragraphs.getFirst().insertBreak("SectionContinuous", "After");
    first = ctx.document.sections.getFirst();
    last = first.getNext();
    first.track();
    last.track();
    await ctx.sync();
  });
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.paragraphs.getFirst().getRange("Content");
    r.load("text");
    await ctx.sync();
    assert.equal(r.text, "x\f");
    r.insertText("x", "Replace");
    const s = ctx.document.sections;
    s.load("items");
    await ctx.sync();
    assert.equal(s.items.length, 1);
  });
  await rejectsWith(sim.Word.run(first, async (ctx) => {
    first.getHeader("Primary").load("text");
    await ctx.sync();
  }), "ItemNotFound");
  // The merged text is the section the break was followed by (Word keeps the later section's settings).
  await sim.Word.run(last, async (ctx) => {
    const h = last.getHeader("Primary");
    h.load("text");
    await ctx.sync();
    assert.equal(h.text, "");
  });
});

test("sim.load and setText start with one section and no notes", async () => {
  const sim = createSimulator();
  await sim.Word.run(async (ctx) => {
    ctx.document.body.insertBreak("SectionNext", "End");
    ctx.document.sections.getFirst().getHeader("Primary").insertText("h", "End");
    await ctx.sync();
  });
  assert.equal(sim.snapshot().sections.length, 2);
  sim.setText("fresh");
  assert.equal("sections" in sim.snapshot(), false);
  await sim.Word.run(async (ctx) => {
    const s = ctx.document.sections;
    s.load("items");
    const h = ctx.document.sections.getFirst().getHeader("Primary");
    h.load("text");
    await ctx.sync();
    assert.equal(s.items.length, 1);
    assert.equal(h.text, "");
  });
});

test("header edits count as document changes (onChange fires)", async () => {
  const sim = createSimulator();
  let calls = 0;
  sim.onChange(() => calls++);
  await sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getFooter("FirstPage").insertText("f", "End");
    await ctx.sync();
  });
  assert.ok(calls >= 1);
  assert.equal(sim.snapshot().sections[0].footers.firstPage, "f");
});

test("sections, getHeader and getFooter exist on an old host (WordApi 1.1); getNext and getFirst need 1.3", async () => {
  const sim = createSimulator({ apiSets: { WordApi: "1.2" } });
  await sim.Word.run(async (ctx) => {
    const s = ctx.document.sections;
    s.load("items");
    await ctx.sync();
    const h = s.items[0].getHeader("Primary");
    h.insertText("old host", "End");
    await ctx.sync();
    assert.throws(() => s.getFirst(), (e) => e.code === "ApiNotFound");
    assert.throws(() => s.items[0].getNext(), (e) => e.code === "ApiNotFound");
  });
});

test("the playground render shows the first section's primary header and footer as plain text", async () => {
  const sim = createSimulator();
  sim.setText("Body");
  assert.doesNotMatch(sim.render(), /ws-header/);
  await sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getHeader("Primary").insertText("Top <b>", "Start");
    ctx.document.sections.getFirst().getFooter("Primary").insertText("Bottom", "Start");
    await ctx.sync();
  });
  const html = sim.render();
  assert.match(html, /^<div class="ws-header" contenteditable="false">Top &lt;b&gt;<\/div>/);
  assert.match(html, /<div class="ws-footer" contenteditable="false">Bottom<\/div>$/);
});
