// A block rewritten or removed through its id keeps the page or column break it ENDS with ("Text\f": Word often
// holds a page break at the end of the paragraph before the new page), as it keeps the ones it starts with
// (block-keeps-breaks.test.js), in one op (2 syncs) and in a batch (its one read up front). Before, the rewrite
// replaced the break with the text: the page break was gone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";


for (const profile of PROFILES) {
  test(`[${profile}] insertText replace through a block's id keeps the page break the block ends with`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text one.\f");
    ok(await run("insertText", { text: "Replaced", scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\nReplaced\f\nTwo");
    ok(await run("insertText", { text: "Again", scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\nAgain\f\nTwo");
  });

  test(`[${profile}] replace (the op) through a block's id keeps a column break at its end and a page break at its start`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText \f one.\x0e");
    ok(await run("replace", { target: `rangeId:${id}`, replaceWith: "New" }));
    assert.equal(sim.text(), "One\n\fNew\x0e\nTwo");
  });

  test(`[${profile}] a block's text with a break inside, replaced through its id: the breaks at its edges stay`, async () => {
    const { sim, run, id } = await withMiddle(profile, "ab\fab\f\f");
    ok(await run("insertText", { text: "X", scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\nX\f\f\nTwo");
  });

  test(`[${profile}] removing a block that ends with a page break removes its text and says the break stays`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text one.\f");
    const out = await run("insertText", { text: "", scope: `rangeId:${id}`, location: "replace" });
    ok(out);
    assert.equal(sim.text(), "One\n\f\nTwo");
    assert.match(out.result.diagnostics.map((d) => d.msg).join(" "), /break it ended with stays/);
  });

  test(`[${profile}] a paragraph of a page break alone, removed through its id, goes`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\f");
    ok(await run("insertText", { text: "", scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\nTwo");
  });

  test(`[${profile}] a batch's rewrite through a block's id keeps the break the block ends with (3 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text one.\f");
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "Intro", scope: "document", location: "start", newParagraph: true } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "Replaced" } },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 3);
    assert.equal(sim.text(), "Intro\nOne\nReplaced\f\nTwo");
  });
}
