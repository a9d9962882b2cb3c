// New paragraphs at the start or end of a block whose paragraph starts or ends with a page or column break split
// that paragraph at the break (block-edge-spot.js): the break's own paragraph gets the look a person's Enter leaves
// there, Word's Normal and no list, not the heading or list item it was cut from. Before, a heading left an empty
// heading (in the navigation pane and a TOC) and a list item a bullet holding only the break.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";

/** The document's paragraphs as [text, style, list kind or null]. @param {any} sim */
function looks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? ["[table]"] : [b.text, b.style, b.list?.kind ?? null]));
}

for (const profile of PROFILES) {
  test(`[${profile}] a new paragraph at the end of a heading that ends with a page break leaves the break in a Normal paragraph`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Title\f");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, namedStyle: "Heading 1" }));
    const out = await run("insertText", { text: "Outro", scope: `rangeId:${id}`, location: "end", newParagraph: true });
    ok(out);
    assert.equal(out.stats.syncs, 2);
    const [, title, , breaks] = looks(sim);
    assert.deepEqual(title, ["Title", "Heading 1", null]);
    assert.deepEqual(breaks, ["\f", "Normal", null]);
  });

  test(`[${profile}] a new paragraph at the start of a list item that starts with a page break: the break's paragraph is no list item`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fItem");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, para: { list: "bullet" } }));
    const style = looks(sim)[1][1];
    ok(await run("insertText", { text: "Lead", scope: `rangeId:${id}`, location: "start", newParagraph: true }));
    const [, breaks, , item] = looks(sim);
    assert.deepEqual(breaks, ["\f", "Normal", null]);
    assert.deepEqual(item, ["Item", style, "bullet"]);
  });

  test(`[${profile}] insertMarkdown at the start of a heading that starts with a column break: the break's paragraph is Normal`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\x0eTitle");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, namedStyle: "Heading 2" }));
    const out = await run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "Lead" }] }], scope: `rangeId:${id}`, location: "start" });
    ok(out);
    assert.equal(out.stats.syncs, 2);
    assert.deepEqual(looks(sim).slice(1, 4), [["\x0e", "Normal", null], ["Lead", "Normal", null], ["Title", "Heading 2", null]]);
  });

  test(`[${profile}] a paragraph of a break alone keeps its own style: it was not split`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\f");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, namedStyle: "Heading 1" }));
    ok(await run("insertText", { text: "X", scope: `rangeId:${id}`, location: "end", newParagraph: true }));
    assert.deepEqual(looks(sim)[1], ["\f", "Heading 1", null]);
  });

  test(`[${profile}] a batch's new paragraph at the end of a heading ending with a page break: the break's paragraph is Normal (3 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Title\f");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, namedStyle: "Heading 1" }));
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "Intro", scope: "document", location: "start", newParagraph: true } },
      { op: "insertText", args: { text: "Outro", scope: `rangeId:${id}`, location: "end", newParagraph: true } },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual(looks(sim).slice(2).map(([text, style]) => [text, style]), [["Title", "Heading 1"], ["Outro", looks(sim)[3][1]], ["\f", "Normal"], ["Two", "Normal"]]);
  });
}
