// insertMarkdown replacing a block through its id keeps the page or column break the block ends with, as
// insertText does (block-end-breaks.test.js): in a paragraph of its own after the new blocks (Word cannot move a
// break; a new paragraph mark goes where the block's text was). Before, the break went with the text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";

const P = (text) => ({ type: "paragraph", runs: [{ text }] });

for (const profile of PROFILES) {
  test(`[${profile}] insertMarkdown replacing a block through its id keeps the break it ends with, after the new blocks`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText one.\f");
    ok(await run("insertMarkdown", { blocks: [P("A"), P("B")], scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\n\fA\nB\n\f\nTwo");
  });

  test(`[${profile}] insertMarkdown replacing a block that ends with a column break by a table keeps the break`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text one.\x0e");
    ok(await run("insertMarkdown", { blocks: [{ type: "table", header: true, rows: [["a", "b"]] }], scope: `rangeId:${id}`, location: "replace" }));
    assert.match(sim.text(), /\x0e\nTwo$/);
    assert.doesNotMatch(sim.text(), /Text one/);
  });
}
