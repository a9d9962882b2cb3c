// Tracked paragraphs in the simulator: a paragraph added after the last one is recorded as Word shows it (the mark
// before it is the inserted one), so rejecting it gives the document back as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";

/** Insert `text` as a paragraph at `where` with tracking on; return the tracked changes as [type, text]. */
async function trackedParagraph(sim, text, where) {
  let changes = [];
  await sim.Word.run(async (ctx) => {
    ctx.document.changeTrackingMode = "TrackAll";
    ctx.document.body.insertParagraph(text, where);
    const list = ctx.document.body.getTrackedChanges().load("items/type,items/text");
    await ctx.sync();
    changes = list.items.map((c) => [c.type, c.text]);
  });
  return changes;
}

async function decideAll(sim, accept) {
  await sim.Word.run(async (ctx) => {
    const list = ctx.document.body.getTrackedChanges();
    if (accept) list.acceptAll(); else list.rejectAll();
    await ctx.sync();
  });
}

test("a tracked paragraph added at the end is the mark before it plus its text; rejecting leaves no empty paragraph", async () => {
  const sim = createSimulator();
  sim.setText("Price");
  assert.deepEqual(await trackedParagraph(sim, "Terms", "End"), [["Added", "\rTerms"]]);
  assert.equal(sim.text(), "Price\nTerms");
  await decideAll(sim, false);
  assert.equal(sim.text(), "Price");
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Price"]);
});

test("accepting it keeps both paragraphs; a tracked paragraph at the start is its text and its own mark", async () => {
  const sim = createSimulator();
  sim.setText("Price");
  await trackedParagraph(sim, "Terms", "End");
  await decideAll(sim, true);
  assert.equal(sim.text(), "Price\nTerms");
  assert.deepEqual(await trackedParagraph(sim, "Title", "Start"), [["Added", "Title\r"]]);
  await decideAll(sim, false);
  assert.equal(sim.text(), "Price\nTerms");
});

test("getReviewedText: the text with every tracked change accepted (Current) or rejected (Original), on Range, Paragraph and Body", async () => {
  const sim = createSimulator();
  sim.setText("Thanks for the note.\nSecond");
  await sim.Word.run(async (ctx) => {
    ctx.document.changeTrackingMode = "TrackAll";
    const hits = ctx.document.body.search("Thanks");
    hits.load("items");
    await ctx.sync();
    hits.items[0].insertText("Cheers", "Replace");
    await ctx.sync();
  });
  await sim.Word.run(async (ctx) => {
    const paragraph = ctx.document.body.paragraphs.getFirst().load("text");
    const range = paragraph.getRange("Whole").load("text");
    const read = {
      paragraph: [paragraph.getReviewedText("Current"), paragraph.getReviewedText("Original")],
      range: [range.getReviewedText("Current"), range.getReviewedText("Original")],
      body: [ctx.document.body.getReviewedText("Current"), ctx.document.body.getReviewedText("Original")],
    };
    await ctx.sync();
    assert.equal(paragraph.text, "CheersThanks for the note.", "Word's text holds the deleted text too");
    assert.deepEqual(read.paragraph.map((r) => r.value), ["Cheers for the note.", "Thanks for the note."]);
    assert.deepEqual(read.range.map((r) => r.value), ["Cheers for the note.\r", "Thanks for the note.\r"]);
    assert.deepEqual(read.body.map((r) => r.value), ["Cheers for the note.\rSecond", "Thanks for the note.\rSecond"]);
  });
  await assert.rejects(sim.Word.run(async (ctx) => {
    ctx.document.body.getReviewedText(/** @type {any} */ ("Final"));
    await ctx.sync();
  }), (err) => err.code === "InvalidArgument");
  const old = createSimulator({ apiSets: { WordApi: "1.3" } });
  await assert.rejects(old.Word.run(async (ctx) => {
    ctx.document.body.getReviewedText("Current");
    await ctx.sync();
  }), (err) => err.code === "ApiNotFound");
});
