// In a batch, a block rewritten through its id keeps the page or section break it starts with, as outside one
// (block-keeps-breaks.test.js): the batch reads the rewritten blocks up front, in one sync that only reads for the
// whole batch (batch-block-breaks.js), and only a batch with such a rewrite makes it. Before, a batch replaced the
// whole block, break included: a section break went, and with it the header of the section it ended.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

const H = (level, text) => ({ type: "heading", level, runs: [{ text }] });
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const DOC = [H(1, "One"), P("Text one."), H(1, "Two"), P("Text two.")];

/** "One" / "Text one." / a section break / "Two" / "Text two.", a header on section 0, and Two's block id. */
async function withSections(profile, type = "sectionNext") {
  const env = setup(profile);
  ok(await env.run("insertMarkdown", { blocks: DOC, scope: "document", location: "replace" }));
  const read = ok(await env.run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
  const ids = Object.fromEntries(read.blocks.map((b) => [b.text, b.rangeId]));
  ok(await env.run("insertBreak", { type, scope: `rangeId:${ids.Two}`, location: "before" }));
  ok(await env.run("headerFooter.set", { text: "H1", section: 0 }));
  return { ...env, ids };
}

/** Run a batch: one that rewrites blocks through their ids takes 3 syncs (its read up front). */
async function runBatch({ run }, ops) {
  const outcome = await run("batch", { ops }, { maxSyncs: 3 });
  return { data: ok(outcome), syncs: outcome.stats.syncs };
}

const sectionCount = (sim) => sim.snapshot().sections?.length ?? 1;

for (const profile of PROFILES) {
  test(`[${profile}] a batch's insertText replace of a heading through its id keeps the section break and its header`, async () => {
    const env = await withSections(profile);
    const { syncs } = await runBatch(env, [{ op: "insertText", args: { text: "Two (revised)", scope: `rangeId:${env.ids.Two}`, location: "replace" } }]);
    assert.equal(sectionCount(env.sim), 2);
    assert.equal(env.sim.snapshot().sections[0].headers.primary, "H1");
    assert.match(env.sim.text(), /Text one\.\n\fTwo \(revised\)\nText two\./);
    assert.equal(syncs, 3);
  });

  test(`[${profile}] several rewrites in one batch (insertText, replace, a removal) share one read sync and keep their breaks`, async () => {
    const env = await withSections(profile, "page");
    ok(await env.run("insertBreak", { type: "sectionNext", scope: `rangeId:${env.ids["Text two."]}`, location: "before" }));
    const { syncs, data } = await runBatch(env, [
      { op: "insertText", args: { text: "Intro", scope: "document", location: "start", newParagraph: true } },
      { op: "replace", args: { target: `rangeId:${env.ids.Two}`, replaceWith: "Deux" } },
      { op: "insertText", args: { text: "", scope: `rangeId:${env.ids["Text two."]}`, location: "replace" } },
    ]);
    assert.equal(syncs, 3);
    assert.equal(env.sim.text(), "Intro\nOne\nText one.\n\fDeux\n\f");
    assert.equal(sectionCount(env.sim), 2);
    assert.match(data.results[2].diagnostics.map((d) => d.msg).join(" "), /break it started with stays/);
  });

  test(`[${profile}] a block without a break is rewritten whole after the same read; a batch that rewrites nothing by id takes no extra sync`, async () => {
    const env = await withSections(profile);
    const plain = await runBatch(env, [{ op: "insertText", args: { text: "Uno", scope: `rangeId:${env.ids.One}`, location: "replace" } }]);
    assert.equal(plain.syncs, 3); // read up front: only the read tells whether a break is there
    assert.match(env.sim.text(), /^Uno\nText one\./);
    const none = await runBatch(env, [{ op: "insertText", args: { text: "!", scope: `rangeId:${env.ids.One}`, location: "after" } }]);
    assert.equal(none.syncs, 2);
  });
}
