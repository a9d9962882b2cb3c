// table.create at the start or end of a block named by its id that starts or ends with a page or column break puts
// the table between the break and the block's text, on the block's page, as insertText/insertMarkdown do
// (block-edge-spot.js): the break stays a paragraph of its own (Normal, no list), the id keeps the block's text.
// Before, start put the table before the break (on the page before) and end after it (on the next page).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";

/** The document's blocks: a paragraph's text, a table as "[table]". @param {any} sim */
function shape(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? "[table]" : b.text));
}

for (const profile of PROFILES) {
  test(`[${profile}] table.create at the start of a block that starts with a page break goes after the break (2 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText");
    const out = await run("table.create", { rows: 1, cols: 2, data: [["a", "b"]], scope: `rangeId:${id}`, location: "start" });
    ok(out);
    assert.equal(out.stats.syncs, 2);
    assert.deepEqual(shape(sim), ["One", "\f", "[table]", "Text", "Two"]);
    // The block's id keeps its text alone.
    ok(await run("insertText", { text: "Body", scope: `rangeId:${id}`, location: "replace" }));
    assert.deepEqual(shape(sim), ["One", "\f", "[table]", "Body", "Two"]);
  });

  test(`[${profile}] table.create at the end (its default) of a heading that ends with a page break goes before the break, which is left Normal`, async () => {
    for (const location of ["end", undefined]) {
      const { sim, run, id } = await withMiddle(profile, "Title\f");
      ok(await run("applyStyle", { scope: `rangeId:${id}`, namedStyle: "Heading 1" }));
      const out = await run("table.create", { rows: 2, cols: 1, scope: `rangeId:${id}`, location });
      ok(out);
      assert.equal(out.stats.syncs, 2);
      assert.deepEqual(shape(sim), ["One", "Title", "[table]", "\f", "Two"]);
      const blocks = sim.snapshot().blocks;
      assert.deepEqual([blocks[1].style, blocks[3].style], ["Heading 1", "Normal"]);
    }
  });

  test(`[${profile}] table.create before or after such a block, or at the start of one without breaks, stays where it was`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    ok(await run("table.create", { rows: 1, cols: 1, scope: `rangeId:${id}`, location: "before" }));
    ok(await run("table.create", { rows: 1, cols: 1, scope: `rangeId:${id}`, location: "after" }));
    assert.deepEqual(shape(sim), ["One", "[table]", "\fText\f", "[table]", "Two"]);
    const plain = await withMiddle(profile, "Text");
    const out = await plain.run("table.create", { rows: 1, cols: 1, scope: `rangeId:${plain.id}`, location: "start" });
    ok(out);
    assert.deepEqual(shape(plain.sim), ["One", "[table]", "Text", "Two"]);
  });

  test(`[${profile}] a batch's table.create at a block's start and end goes inside its breaks, with one read up front (3 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "Intro", scope: "document", location: "start", newParagraph: true } },
      { op: "table.create", args: { rows: 1, cols: 1, scope: `rangeId:${id}`, location: "start" } },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual(shape(sim), ["Intro", "One", "\f", "[table]", "Text\f", "Two"]);
    // A later rewrite of the block in the same batch is refused: the table split it from its breaks.
    const end = await withMiddle(profile, "Text\f");
    const refused = await end.run("batch", { ops: [
      { op: "table.create", args: { rows: 1, cols: 1, scope: `rangeId:${end.id}`, location: "end" } },
      { op: "replace", args: { target: `rangeId:${end.id}`, replaceWith: "New" } },
    ] }, { maxSyncs: 3 });
    assert.equal(refused.result.code, "E_INVALID_ARG");
    assert.equal(refused.result.data.failedAt, 1);
    assert.deepEqual(shape(end.sim), ["One", "Text", "[table]", "\f", "Two"]);
  });
}
