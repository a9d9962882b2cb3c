// A table cell's paragraphs through a markdown round trip: readDocument writes them split by `<br>` (a GFM pipe cell
// is one line), the server reads a `<br>` in a cell as a paragraph break there, and insertMarkdown builds it as a new
// paragraph in the cell. Read → write back → read gives the same markdown and the same cells.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";

const READ = { format: "markdown", offset: 0, limit: 1000, maxChars: 200000 };

/**
 * Read the document as markdown and write that markdown back in place of it; returns what it read.
 * @param {Function} run
 */
async function readAndWriteBack(run) {
  const { markdown } = ok(await run("readDocument", READ));
  ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
  return markdown;
}

/**
 * The first table's values as Word gives them (a cell's paragraphs joined by "\r") and how many paragraphs each
 * cell holds.
 * @param {any} sim
 */
async function firstTable(sim) {
  return sim.Word.run(async (/** @type {any} */ context) => {
    const table = context.document.body.tables.getFirst();
    table.load("values, rowCount");
    const rows = table.rows.load("items/cellCount");
    await context.sync();
    const counts = rows.items.map((/** @type {any} */ row, /** @type {number} */ r) => Array.from({ length: row.cellCount }, (_, c) => table.getCell(r, c).body.paragraphs.load("items")));
    await context.sync();
    return { values: table.values, paragraphs: counts.map((/** @type {any[]} */ row) => row.map((p) => p.items.length)) };
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] a cell of two paragraphs reads as "a<br>a2" and goes back as two paragraphs in the cell`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Intro" },
      { type: "table", values: [["a\ra2", "b"], ["c", "d\r\rd3"]] },
      { type: "paragraph", text: "Outro" },
    ]);
    const before = await firstTable(sim);
    assert.deepEqual(before, { values: [["a\ra2", "b"], ["c", "d\r\rd3"]], paragraphs: [[2, 1], [1, 3]] });
    const markdown = await readAndWriteBack(run);
    assert.equal(markdown, "Intro\n\n| a<br>a2 | b |\n| --- | --- |\n| c | d<br><br>d3 |\n\nOutro");
    assert.deepEqual(await firstTable(sim), before);
    assert.equal(ok(await run("readDocument", READ)).markdown, markdown);
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks.find((/** @type {{ type: string }} */ b) => b.type === "table").table.values, [["a\ra2", "b"], ["c", "d\r\rd3"]]);
  });

  test(`[${profile}] a literal <br> in a cell stays text, escaped; a Word line break in a cell reads as <br>`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "table", values: [["x <br> y", "p\vq"], [" lead ", "a|b"]] }]);
    const markdown = await readAndWriteBack(run);
    assert.equal(markdown, "| x \\<br> y | p<br>q |\n| --- | --- |\n| lead | a\\|b |");
    // The line break comes back as a paragraph break: a pipe cell has one way to split its text.
    assert.deepEqual((await firstTable(sim)).values, [["x <br> y", "p\rq"], ["lead", "a|b"]]);
    assert.equal(ok(await run("readDocument", READ)).markdown, markdown);
  });
}
