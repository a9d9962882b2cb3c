// Removing a block (insertText "" through its id) right before a table: Word keeps a paragraph mark before a table,
// so the block goes with the mark of the paragraph before it where there is one, and the answer says what stayed
// where there is none (first in the document, between two tables); it never claims a removal that did not happen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";

const H = (level, text) => ({ type: "heading", level, runs: [{ text }] });
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const T = { type: "table", header: true, rows: [["a", "b"], ["1", "2"]] };

/** A document of these blocks, and the block id of the paragraph whose text is `name`. */
async function withBlocks(profile, blocks, name) {
  const { sim, run } = setup(profile);
  ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
  const read = ok(await run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
  return { sim, run, id: read.blocks.find((b) => b.text === name).rangeId };
}

const shape = (sim) => sim.snapshot().blocks.map((b) => (b.type === "table" ? "[table]" : `${b.style}:${b.text}`));
const said = (out) => out.result.diagnostics.map((d) => d.msg).join(" ");

for (const profile of PROFILES) {
  test(`[${profile}] a heading before a table is removed whole: the paragraph before it gives up its mark`, async () => {
    const { sim, run, id } = await withBlocks(profile, [H(1, "Top"), H(2, "Regional"), T, P("After table."), H(1, "End")], "Regional");
    const out = await run("insertText", { text: "", scope: `rangeId:${id}`, location: "replace" });
    ok(out);
    assert.deepEqual(shape(sim), ["Heading 1:Top", "[table]", "Normal:After table.", "Heading 1:End"]);
    assert.match(said(out), /removed/);
  });

  test(`[${profile}] the first paragraph before a table is emptied, and the answer says it stays`, async () => {
    const { sim, run, id } = await withBlocks(profile, [H(2, "Regional"), T, P("After table.")], "Regional");
    const out = await run("insertText", { text: "", scope: `rangeId:${id}`, location: "replace" });
    ok(out);
    assert.deepEqual(shape(sim).slice(1), ["[table]", "Normal:After table."]);
    assert.equal(sim.snapshot().blocks[0].text, "");
    assert.match(said(out), /empty paragraph stays before the table/);
    assert.doesNotMatch(said(out), /paragraphs were removed/);
  });

  test(`[${profile}] a paragraph between two tables is emptied, and the answer says it stays`, async () => {
    const { sim, run, id } = await withBlocks(profile, [P("Intro."), T, P("Between."), T, P("Outro.")], "Between.");
    const out = await run("replace", { target: `rangeId:${id}`, replaceWith: "" });
    ok(out);
    assert.deepEqual(shape(sim).map((s) => s.replace(/^[^:]*:$/, "empty")), ["Normal:Intro.", "[table]", "empty", "[table]", "Normal:Outro."]);
    assert.match(said(out), /empty paragraph stays before the table/);
  });
}
