// applyStyle's lists join a neighbour's, as Word's list buttons do: a paragraph given a list kind right after (or
// before) an item of a list of that kind goes in that list, so numbers go on instead of starting again at 1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { shownParagraphs } from "./lists-helpers.js";

/** @param {Function} run */
const blockIds = async (run) => ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((/** @type {any} */ b) => `rangeId:${b.rangeId}`);

for (const profile of PROFILES) {
  test(`[${profile}] numbering items one at a time makes one list, after or before the others`, async () => {
    for (const order of [[1, 2, 3], [3, 2, 1]]) {
      const { sim, run } = setup(profile, { text: "" });
      ok(await run("insertText", { text: "Steps\nMix\nBake\nServe", scope: "document", location: "replace" }));
      const ids = await blockIds(run);
      for (const i of order) ok(await run("applyStyle", { scope: ids[i], para: { list: "number" } }));
      const shown = await shownParagraphs(sim);
      assert.deepEqual(shown.map((p) => p.shown), ["Steps", "1.Mix", "2.Bake", "3.Serve"], `order ${order}`);
      assert.equal(new Set(shown.slice(1).map((p) => p.listId)).size, 1);
    }
  });

  test(`[${profile}] a list of the other kind, or one that is not next to the paragraph, is not joined`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    ok(await run("insertText", { text: "One\nTwo\nDot\nGap\nThree", scope: "document", location: "replace" }));
    const ids = await blockIds(run);
    ok(await run("applyStyle", { scope: ids[0], para: { list: "number" } }));
    ok(await run("applyStyle", { scope: ids[1], para: { list: "number" } }));
    ok(await run("applyStyle", { scope: ids[2], para: { list: "bullet" } }));
    ok(await run("applyStyle", { scope: ids[4], para: { list: "number" } }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["1.One", "2.Two", "•Dot", "Gap", "1.Three"]);
    assert.equal(shown[0].listId, shown[1].listId);
    assert.notEqual(shown[2].listId, shown[1].listId);
    assert.notEqual(shown[4].listId, shown[1].listId);
  });

  test(`[${profile}] a range of paragraphs numbered after a list goes on with it`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    ok(await run("insertText", { text: "A\nB\nC", scope: "document", location: "replace" }));
    ok(await run("applyStyle", { scope: (await blockIds(run))[0], para: { list: "number" } }));
    await sim.Word.run(async (/** @type {any} */ context) => {
      const paragraphs = context.document.body.paragraphs;
      paragraphs.load("items");
      await context.sync();
      paragraphs.items[1].getRange().expandTo(paragraphs.items[2].getRange()).select();
      await context.sync();
    });
    ok(await run("applyStyle", { scope: "selection", para: { list: "number" } }));
    assert.deepEqual((await shownParagraphs(sim)).map((p) => p.shown), ["1.A", "2.B", "3.C"]);
  });
}
