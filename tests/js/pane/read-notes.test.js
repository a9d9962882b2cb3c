// readDocument shows footnotes and endnotes: structure entries list them, markdown writes [^n] references and
// their definitions; a page without notes costs nothing more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

/** The first paragraph's text as Office.js gives it. */
async function wordText(sim) {
  let text = "";
  await sim.Word.run(async (context) => {
    const paragraph = context.document.body.paragraphs.getFirst().load("text");
    await context.sync();
    text = paragraph.text;
  });
  return text;
}

for (const profile of PROFILES) {
  test(`structure and markdown show each block's notes (${profile})`, async () => {
    const { run } = setup(profile, { text: "Revenue grew.\nCosts fell.\nEnd" });
    const revenue = ok(await run("search", { query: "Revenue grew" })).results[0];
    const costs = ok(await run("search", { query: "Costs fell" })).results[0];
    ok(await run("footnote.insert", { scope: `rangeId:${revenue.rangeId}`, text: "Audited figures." }));
    ok(await run("endnote.insert", { scope: `rangeId:${costs.rangeId}`, text: "See appendix." }));
    ok(await run("footnote.insert", { scope: `rangeId:${costs.rangeId}`, text: "Second quarter only." }));

    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks.map((b) => b.notes), [
      [{ type: "footnote", text: "Audited figures." }],
      [{ type: "footnote", text: "Second quarter only." }, { type: "endnote", text: "See appendix." }],
      undefined,
    ]);
    assert.equal(blocks[0].text, "Revenue grew.", "the reference mark is not part of the text");

    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, [
      "Revenue grew.[^1]", "[^1]: Audited figures.",
      "Costs fell.[^2][^e1]", "[^2]: Second quarter only.\n[^e1]: See appendix.",
      "End",
    ].join("\n\n"));
  });

  test(`a host whose text keeps the reference mark's placeholder (U+0002) reads and compares as one that does not (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Revenue grew. Costs fell.\nEnd" });
    sim._model.quirks.noteMarkText = "\u0002";
    const revenue = ok(await run("search", { query: "Revenue grew" })).results[0];
    ok(await run("footnote.insert", { scope: `rangeId:${revenue.rangeId}`, text: "Audited figures." }));
    assert.equal(sim.snapshot().blocks[0].text.includes("\u0002") || (await wordText(sim)).includes("\u0002"), true, "the host shows the mark");

    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    assert.equal(blocks[0].text, "Revenue grew. Costs fell.");
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Revenue grew. Costs fell.\nEnd");
    // The mark is after "Revenue grew": the reference goes there.
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Revenue grew[^1]. Costs fell.\n\n[^1]: Audited figures.\n\nEnd");
    // The text a client read is the text it expects: the placeholder is not a change.
    ok(await run("applyStyle", { scope: `rangeId:${blocks[0].rangeId}`, char: { bold: true }, expectText: blocks[0].text }));
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "**Revenue grew[^1]. Costs fell.**\n\n[^1]: Audited figures.\n\nEnd");
  });

  test(`a page of a document without notes reads as before (${profile})`, async () => {
    const { run } = setup(profile, { text: "A" });
    assert.deepEqual(ok(await run("readDocument", { format: "structure" })).blocks, [{ index: 0, type: "paragraph", text: "A", style: "Normal" }]);
  });
}

test("hosts without notes (below WordApi 1.5) read as before", async () => {
  const { run } = setup("web", { text: "Plain", simOptions: { apiSets: { WordApi: "1.4" } } });
  assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Plain");
});
