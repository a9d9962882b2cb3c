// Footnotes and endnotes in the simulator (WordApi 1.5): a reference mark in the main text, a body story.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

test("insertFootnote puts the reference after the range and returns a NoteItem with a body", async () => {
  const sim = createSimulator();
  sim.setText("Alpha beta gamma");
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.search("beta").getFirst();
    const note = r.insertFootnote("See page 4.");
    note.load("type");
    note.body.load("text,type");
    const ref = note.reference;
    ref.load("text");
    r.load("text");
    await ctx.sync();
    assert.equal(note.type, "Footnote");
    // Word's note body starts with the note's own mark, read as U+0002, and a space (OfficeDev/office-js#6942).
    assert.equal(note.body.text, "\u0002 See page 4.");
    assert.equal(note.body.type, "Footnote");
    assert.equal(ref.text, "", "the reference mark reads as nothing in Range.text (UNVERIFIED choice)");
    assert.equal(r.text, "beta", "the range does not grow to hold the mark");
  });
  assert.equal(sim.text(), "Alpha beta gamma");
  const snap = sim.snapshot();
  assert.deepEqual(snap.notes, [{ type: "Footnote", text: "See page 4.", reference: 10 }]);
  assert.equal(snap.blocks[0].text, "Alpha beta gamma");
  assert.equal(snap.length, 18, "the mark takes one position");
});

test("endnotes and footnotes are listed by the collections of Body, Paragraph and Range", async () => {
  const sim = createSimulator();
  sim.setText("First para\nSecond para");
  await sim.Word.run(async (ctx) => {
    const paras = ctx.document.body.paragraphs;
    paras.load("items");
    await ctx.sync();
    paras.items[0].getRange("Content").insertFootnote("f1");
    paras.items[1].getRange("Content").insertEndnote("e1");
    paras.items[1].getRange("Start").insertFootnote("f2");
    await ctx.sync();
    const bodyFoot = ctx.document.body.footnotes;
    const bodyEnd = ctx.document.body.endnotes;
    const p2Foot = paras.items[1].footnotes;
    const r1Foot = paras.items[0].getRange("Whole").footnotes;
    bodyFoot.load("items/type,items/body/text");
    bodyEnd.load("items/body/text");
    p2Foot.load("items/body/text");
    r1Foot.load("items/body/text");
    await ctx.sync();
    const own = (n) => n.body.text.replace(/^\u0002 /, "");
    assert.deepEqual(bodyFoot.items.map(own), ["f1", "f2"]);
    assert.deepEqual(bodyEnd.items.map(own), ["e1"]);
    assert.deepEqual(p2Foot.items.map(own), ["f2"]);
    assert.deepEqual(r1Foot.items.map(own), ["f1"]);
    const first = ctx.document.body.footnotes.getFirst();
    const next = first.getNext();
    const after = next.getNextOrNullObject();
    next.body.load("text");
    after.load("isNullObject");
    await ctx.sync();
    assert.equal(next.body.text, "\u0002 f2");
    assert.equal(after.isNullObject, true);
  });
  assert.deepEqual(sim.snapshot().notes.map((n) => [n.type, n.text]), [["Footnote", "f1"], ["Footnote", "f2"], ["Endnote", "e1"]]);
});

test("editing a note body does not move body ranges; body edits keep the note's reference", async () => {
  const sim = createSimulator();
  sim.setText("Some claim here.");
  let note, claim;
  await sim.Word.run(async (ctx) => {
    claim = ctx.document.body.search("claim").getFirst();
    note = claim.insertFootnote("Source");
    claim.track();
    note.track();
    await ctx.sync();
  });
  await sim.Word.run([note, claim], async (ctx) => {
    note.body.insertText("Primary ", "Start");
    note.body.insertParagraph("Second line", "End");
    ctx.document.body.insertText("Intro. ", "Start");
    claim.load("text");
    note.body.load("text");
    const ref = note.reference.getRange("Whole");
    const around = note.reference.expandTo(claim);
    around.load("text");
    ref.load("text");
    await ctx.sync();
    assert.equal(claim.text, "claim");
    assert.equal(note.body.text, "Primary \u0002 Source\rSecond line", "the body's start is before the note's own mark");
    assert.equal(around.text, "claim");
  });
  assert.equal(sim.snapshot().notes[0].reference, 7 + 10);
  await sim.Word.run([note, claim], async (ctx) => {
    note.untrack();
    claim.untrack();
    await ctx.sync();
  });
});

test("NoteItem.delete removes the mark and the note; deleting the text with the mark removes it too", async () => {
  const sim = createSimulator();
  sim.setText("one two");
  await sim.Word.run(async (ctx) => {
    ctx.document.body.search("one").getFirst().insertEndnote("a");
    ctx.document.body.search("two").getFirst().insertEndnote("b");
    await ctx.sync();
    ctx.document.body.endnotes.getFirst().delete();
    await ctx.sync();
  });
  assert.deepEqual(sim.snapshot().notes.map((n) => n.text), ["b"]);
  assert.equal(sim.text(), "one two");
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.getRange("Content").insertText("gone", "Replace");
    const notes = ctx.document.body.endnotes;
    notes.load("items");
    await ctx.sync();
    assert.equal(notes.items.length, 0);
  });
  assert.equal("notes" in sim.snapshot(), false);
});

test("an empty collection: getFirst is ItemNotFound, getFirstOrNullObject a null object", async () => {
  const sim = createSimulator();
  sim.setText("x");
  await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.document.body.footnotes.getFirst().load("type");
    await ctx.sync();
  }), "ItemNotFound");
  await sim.Word.run(async (ctx) => {
    const n = ctx.document.body.footnotes.getFirstOrNullObject();
    n.load("isNullObject");
    await ctx.sync();
    assert.equal(n.isNullObject, true);
  });
});

test("insertFootnote without text makes an empty note; a non-string text is InvalidArgument", async () => {
  const sim = createSimulator();
  sim.setText("x");
  await sim.Word.run(async (ctx) => {
    const n = ctx.document.body.getRange("Whole").insertFootnote();
    n.body.load("text");
    await ctx.sync();
    assert.equal(n.body.text, "\u0002 ", "only the note's own mark and its space");
  });
  await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.document.body.getRange("Start").insertFootnote(42);
    await ctx.sync();
  }), "InvalidArgument");
});

test("notes cannot go into a header (GeneralException, UNVERIFIED) and a header has no notes", async () => {
  const sim = createSimulator();
  await sim.Word.run(async (ctx) => {
    const h = ctx.document.sections.getFirst().getHeader("Primary");
    h.insertText("head", "End");
    const notes = h.footnotes;
    notes.load("items");
    await ctx.sync();
    assert.equal(notes.items.length, 0);
  });
  await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.document.sections.getFirst().getHeader("Primary").getRange("End").insertFootnote("no");
    await ctx.sync();
  }), "GeneralException");
});

test("on WordApi 1.4 the note members are ApiNotFound", async () => {
  const sim = createSimulator({ apiSets: { WordApi: "1.4" } });
  sim.setText("x");
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.getRange("Whole");
    assert.throws(() => r.insertFootnote("a"), (e) => e.code === "ApiNotFound" && /WordApi 1\.5/.test(e.message));
    assert.throws(() => r.insertEndnote("a"), (e) => e.code === "ApiNotFound");
    assert.throws(() => ctx.document.body.footnotes, (e) => e.code === "ApiNotFound");
    assert.throws(() => ctx.document.body.paragraphs.getFirst().endnotes, (e) => e.code === "ApiNotFound");
    assert.throws(() => r.footnotes, (e) => e.code === "ApiNotFound");
    await ctx.sync();
  });
});

test("a note's body is a story: search inside it, bold part of it, main search does not see it", async () => {
  const sim = createSimulator();
  sim.setText("Main text");
  await sim.Word.run(async (ctx) => {
    const n = ctx.document.body.getRange("End").insertFootnote("note words here");
    const hit = n.body.search("words").getFirst();
    hit.font.bold = true;
    hit.load("text");
    const main = ctx.document.body.search("words");
    main.load("items");
    await ctx.sync();
    assert.equal(hit.text, "words");
    assert.equal(main.items.length, 0);
  });
  assert.equal(sim.snapshot().notes[0].text, "note words here");
});
