// What readDocument's markdown says about a page (a table's merged cells, a cut block) is a reader note, not
// document text: an HTML comment, which insertMarkdown leaves out, so the markdown written back adds no paragraph.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";

/** Each block's text (tables as their values). */
const layout = (/** @type {any} */ sim) => sim.snapshot().blocks.map((b) => (b.type === "paragraph" ? b.text : b.values));

for (const profile of PROFILES) {
  test(`[${profile}] the merged-cells note is a comment and the markdown written back holds no paragraph of it`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["Region", "Q1", "Q2"], ["N", "1", "2"]] }, { type: "paragraph", text: "End" }]);
    const table = ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks[1];
    ok(await run("table.mergeCells", { tableRef: `tableId:${table.tableId}`, startRow: 0, startCol: 1, rowSpan: 1, colSpan: 2 }));
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.match(markdown, /\| N \| 1 \| 2 \|\n\n<!-- This table has merged cells: [^\n]* -->\n\nEnd$/);

    ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
    const after = layout(sim);
    assert.deepEqual([after[0], after[after.length - 1]], ["Intro", "End"]);
    assert.ok(!after.some((block) => typeof block === "string" && /merged cells/.test(block)), JSON.stringify(after));
    assert.equal(after.filter((block) => typeof block !== "string").length, 1, "the table, once");
  });

  test(`[${profile}] the cut note is a comment and the cut markdown written back holds no paragraph of it`, { skip: NO_SERVER }, async () => {
    const long = `${Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ")}.`;
    const { sim, run } = setup(profile, { text: `${long}\nNext` });
    const { markdown, cut } = ok(await run("readDocument", { format: "markdown", maxChars: 200 }));
    assert.ok(cut);
    assert.match(markdown, /\n\n<!-- Block 0 is cut here: [^\n]* -->$/);
    const blocks = serverBlocks(markdown);
    assert.equal(blocks.length, 1, JSON.stringify(blocks));
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "end" }));
    assert.ok(!layout(sim).some((text) => /cut here/.test(String(text))), JSON.stringify(layout(sim)));
  });
}
