// A comment goes with its text: Word deletes a comment whose whole range is deleted (the comment's marks are in
// the deleted text), so it never outlives it nor lands on the next paragraph. A tracked deletion keeps the text,
// and the comment with it, until the deletion is accepted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

const TEXT = "Keep this.\nDelete this whole paragraph.\nAlso keep.";

/** Comment the second paragraph; returns the tracked Comment proxy and its context. */
async function commentSecond(sim) {
  const ctx = new sim.Word.RequestContext();
  const comment = ctx.document.body.paragraphs.load("items").getFirst().getNext().getRange("Content").insertComment("Is this needed?");
  ctx.trackedObjects.add(comment);
  await ctx.sync();
  return { ctx, comment };
}

async function commentTexts(sim) {
  return sim.Word.run(async (ctx) => {
    const list = ctx.document.body.getComments().load("items/content");
    await ctx.sync();
    return list.items.map((c) => c.content);
  });
}

for (const profile of ["web", "desktop"]) {
  test(`deleting a commented paragraph deletes its comment; its proxy is ItemNotFound (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText(TEXT);
    const { ctx, comment } = await commentSecond(sim);
    ctx.document.body.paragraphs.getFirst().getNext().delete();
    await ctx.sync();
    assert.equal(sim.text(), "Keep this.\nAlso keep.");
    assert.deepEqual(sim.snapshot().comments, []);
    assert.deepEqual(await commentTexts(sim), []);
    comment.load("content");
    await rejectsWith(ctx.sync(), "ItemNotFound");
  });

  test(`replacing the commented text with nothing deletes the comment; replacing part of it keeps it (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText(TEXT);
    await commentSecond(sim);
    await sim.Word.run(async (ctx) => {
      const hits = ctx.document.body.search("whole").load("items");
      await ctx.sync();
      hits.items[0].insertText("", "Replace");
      await ctx.sync();
    });
    assert.deepEqual(sim.snapshot().comments.map((c) => c.text), ["Delete this  paragraph."]);
    await sim.Word.run(async (ctx) => {
      const hits = ctx.document.body.search("Delete this  paragraph.").load("items");
      await ctx.sync();
      hits.items[0].insertText("", "Replace");
      await ctx.sync();
    });
    assert.deepEqual(sim.snapshot().comments, [], "the rest of its text went: the comment goes too");
  });

  test(`replacing exactly the commented text with new text keeps the comment on the new text (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText(TEXT);
    await commentSecond(sim);
    await sim.Word.run(async (ctx) => {
      ctx.document.body.paragraphs.getFirst().getNext().getRange("Content").insertText("Rewritten.", "Replace");
      await ctx.sync();
    });
    assert.deepEqual(sim.snapshot().comments.map((c) => c.text), ["Rewritten."]);
  });

  test(`replacing the whole body drops every comment; a later paragraph carries none (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText(TEXT);
    await commentSecond(sim);
    await sim.Word.run(async (ctx) => {
      ctx.document.body.insertText("New text", "Replace");
      ctx.document.body.insertParagraph("Another", "End");
      await ctx.sync();
    });
    assert.deepEqual(sim.snapshot().comments, []);
    assert.deepEqual(await commentTexts(sim), []);
  });

  test(`a tracked deletion keeps the comment until it is accepted (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText(TEXT);
    await commentSecond(sim);
    await sim.Word.run(async (ctx) => {
      ctx.document.changeTrackingMode = "TrackAll";
      ctx.document.body.paragraphs.getFirst().getNext().delete();
      await ctx.sync();
    });
    assert.deepEqual(await commentTexts(sim), ["Is this needed?"]);
    await sim.Word.run(async (ctx) => {
      ctx.document.body.getTrackedChanges().acceptAll();
      await ctx.sync();
    });
    assert.equal(sim.text(), "Keep this.\nAlso keep.");
    assert.deepEqual(await commentTexts(sim), []);
  });

  test(`a comment on text inside a deleted table row goes with the row (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"], ["c", "d"]] }]);
    await sim.Word.run(async (ctx) => {
      const hits = ctx.document.body.search("c").load("items");
      await ctx.sync();
      hits.items[0].insertComment("Row note");
      ctx.document.body.tables.getFirst().rows.getFirst().getNext().delete();
      await ctx.sync();
    });
    assert.deepEqual(sim.snapshot().comments, []);
  });
}
