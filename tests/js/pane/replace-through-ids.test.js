// A replace through a block's id (readDocument structure) leaves the id on everything it wrote, so the next
// replace through it rewrites the whole block (before, the id kept one paragraph of a multi-paragraph text and
// the next replace left the others). insertText newParagraph with replace leaves no empty paragraph behind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, paragraphs, selectText, setup } from "./helpers.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TEXT = "Title line\nOriginal paragraph two.\nClosing line";

/** @param {ReturnType<typeof setup>} env @param {number} index */
async function blockId({ run }, index) {
  const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
  return blocks[index].rangeId;
}

for (const profile of PROFILES) {
  test(`[${profile}] insertText replace through a block id twice: the second rewrites all the first wrote`, async () => {
    const env = setup(profile, { text: TEXT });
    const id = await blockId(env, 1);
    const first = ok(await env.run("insertText", { scope: `rangeId:${id}`, location: "replace", text: "Rewritten part A.\nRewritten part B." }));
    assert.equal(first.rangeId, id, "what replaced the block is that block: one id");
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Rewritten part A.", "Rewritten part B.", "Closing line"]);
    assert.equal(ok(await env.run("readDocument", { format: "text", scope: `rangeId:${id}` })).text, "Rewritten part A.\nRewritten part B.");
    ok(await env.run("insertText", { scope: `rangeId:${id}`, location: "replace", text: "Short version." }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Short version.", "Closing line"]);
  });

  test(`[${profile}] replace (target rangeId) through a block id twice, and in one batch`, async () => {
    const env = setup(profile, { text: TEXT });
    const id = await blockId(env, 1);
    ok(await env.run("replace", { target: `rangeId:${id}`, replaceWith: "A.\nB.\nC." }));
    ok(await env.run("replace", { target: `rangeId:${id}`, replaceWith: "Short version." }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Short version.", "Closing line"]);

    ok(await env.run("batch", { ops: [
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "One.\nTwo." } },
      { op: "insertText", args: { scope: `rangeId:${id}`, location: "replace", text: "Three." } },
      { op: "insertText", args: { scope: `rangeId:${id}`, location: "end", text: " (end)" } },
    ] }, { maxSyncs: 3 })); // the block rewritten is read first (batch-block-breaks.js)
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Three. (end)", "Closing line"]);
  });

  test(`[${profile}] insertMarkdown replace through a block id twice, and through a search hit`, async () => {
    const env = setup(profile, { text: TEXT });
    const id = await blockId(env, 1);
    const first = ok(await env.run("insertMarkdown", { scope: `rangeId:${id}`, location: "replace", blocks: [P("Markdown X"), P("Markdown Y")] }));
    assert.equal(first.rangeId, id);
    ok(await env.run("insertMarkdown", { scope: `rangeId:${id}`, location: "replace", blocks: [P("Final.")] }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Final.", "Closing line"]);
    // Ending with a table: the id covers the blocks through the table, as insertMarkdown's own rangeId does.
    ok(await env.run("insertMarkdown", { scope: `rangeId:${id}`, location: "replace", blocks: [P("Lead"), { type: "table", header: false, rows: [["a", "b"]] }] }));
    ok(await env.run("insertMarkdown", { scope: `rangeId:${id}`, location: "replace", blocks: [P("Plain again.")] }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Plain again.", "Closing line"]);

    const hit = ok(await env.run("search", { query: "Closing line" })).results[0].rangeId;
    ok(await env.run("insertMarkdown", { scope: `rangeId:${hit}`, location: "replace", blocks: [P("End 1"), P("End 2")] }));
    ok(await env.run("insertText", { scope: `rangeId:${hit}`, location: "replace", text: "The end." }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Plain again.", "The end."]);
  });

  test(`[${profile}] a later op of the batch failing in the same sync keeps the rewrite on the id`, async () => {
    const env = setup(profile, { text: TEXT });
    const id = await blockId(env, 1);
    // Op 0 rewrites the block and is applied; op 1 fails at the sync they share.
    const outcome = await env.run("batch", { stopOnError: true, ops: [
      { op: "insertText", args: { scope: `rangeId:${id}`, location: "replace", text: "X.\nY." } },
      { op: "insertText", args: { scope: "anchor:anc_tbl_missing000", location: "end", text: "!" } }, // a table's anchor: not read up front
    ] });
    assert.equal(outcome.result.ok, false);
    assert.deepEqual(paragraphs(env.sim), ["Title line", "X.", "Y.", "Closing line"]);
    ok(await env.run("insertText", { scope: `rangeId:${id}`, location: "replace", text: "Z." }));
    assert.deepEqual(paragraphs(env.sim), ["Title line", "Z.", "Closing line"]);
  });

  test(`[${profile}] insertText newParagraph replace of a whole paragraph leaves no empty paragraph`, async () => {
    const bySelection = setup(profile, { text: "Intro\nOld paragraph\nOutro" });
    await selectText(bySelection.sim, "Old paragraph");
    ok(await bySelection.run("insertText", { text: "New paragraph", location: "replace", newParagraph: true }));
    assert.deepEqual(paragraphs(bySelection.sim), ["Intro", "New paragraph", "Outro"]);

    const byBlock = setup(profile, { text: "Intro\nOld paragraph\nOutro" });
    const id = await blockId(byBlock, 1);
    const data = ok(await byBlock.run("insertText", { scope: `rangeId:${id}`, text: "New A\nNew B", location: "replace", newParagraph: true }));
    assert.equal(data.rangeId, id);
    assert.deepEqual(paragraphs(byBlock.sim), ["Intro", "New A", "New B", "Outro"]);
    ok(await byBlock.run("insertText", { scope: `rangeId:${id}`, text: "Once", location: "replace", newParagraph: true }));
    assert.deepEqual(paragraphs(byBlock.sim), ["Intro", "Once", "Outro"]);
  });

  test(`[${profile}] insertText newParagraph replace of text inside a paragraph keeps the rest of it`, async () => {
    const env = setup(profile, { text: "Intro\nKeep this, drop that\nOutro" });
    const hit = ok(await env.run("search", { query: "drop that" })).results[0].rangeId;
    // The read whether it is whole paragraphs is the sync expectText is checked in: 2 syncs (setup's run checks).
    ok(await env.run("insertText", { scope: `rangeId:${hit}`, text: "New paragraph", location: "replace", newParagraph: true, expectText: "drop that" }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Keep this, ", "New paragraph", "Outro"]);
    const whole = ok(await env.run("search", { query: "Outro" })).results[0].rangeId;
    ok(await env.run("insertText", { scope: `rangeId:${whole}`, text: "End", location: "replace", newParagraph: true }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Keep this, ", "New paragraph", "End"]);
  });
}
