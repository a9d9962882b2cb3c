// readDocument shows footnotes and endnotes: structure entries list them, markdown writes [^n] references and
// their definitions; a page without notes costs nothing more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

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

  test(`a page of a document without notes reads as before (${profile})`, async () => {
    const { run } = setup(profile, { text: "A" });
    assert.deepEqual(ok(await run("readDocument", { format: "structure" })).blocks, [{ index: 0, type: "paragraph", text: "A", style: "Normal" }]);
  });
}

test("hosts without notes (below WordApi 1.5) read as before", async () => {
  const { run } = setup("web", { text: "Plain", simOptions: { apiSets: { WordApi: "1.4" } } });
  assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Plain");
});
