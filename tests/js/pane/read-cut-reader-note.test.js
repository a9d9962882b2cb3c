// readDocument reports a cut only when content is left out: a table whose rows all fit maxChars is shown whole,
// even when the merged-cells reader note under it would take the page past maxChars (the note says how to read
// the rows shown; it is not content that a cut could leave out).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";

const VALUES = Array.from({ length: 6 }, (_, r) => [`region ${r} of the table`, `first ${r}`, `second ${r}`]);

/** A document holding a table whose first row's first two cells are merged, then "End". */
async function mergedTable(/** @type {string} */ profile) {
  const env = setup(profile);
  env.sim.load([{ type: "table", values: VALUES }, { type: "paragraph", text: "End" }]);
  const { tableId } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks[0];
  ok(await env.run("table.mergeCells", { tableRef: `tableId:${tableId}`, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 }));
  return env;
}

for (const profile of PROFILES) {
  test(`[${profile}] maxChars between a merged table's last row and its reader note: the table whole, no cut`, async () => {
    const { run } = await mergedTable(profile);
    const whole = ok(await run("readDocument", { format: "markdown", limit: 1 })).markdown;
    const [table, note] = whole.split("\n\n");
    assert.match(note, /^<!-- This table has merged cells/);
    for (const maxChars of [table.length, table.length + 2 + Math.floor(note.length / 2), whole.length - 1]) {
      const outcome = await run("readDocument", { format: "markdown", maxChars });
      const page = ok(outcome);
      assert.ok(!("cut" in page), `maxChars ${maxChars}: ${JSON.stringify(page.cut)}`);
      assert.deepEqual(outcome.result.diagnostics.filter((d) => d.level === "warn"), [], `maxChars ${maxChars}`);
      assert.equal(page.markdown, whole, "every row and the note saying how to read them");
      assert.deepEqual([page.truncated, page.nextOffset], [true, 1]);
    }
  });

  test(`[${profile}] maxChars short of a merged table's last row: still a cut, reported`, async () => {
    const { run } = await mergedTable(profile);
    const [table] = ok(await run("readDocument", { format: "markdown", limit: 1 })).markdown.split("\n\n");
    const outcome = await run("readDocument", { format: "markdown", maxChars: table.length - 1 });
    const { cut } = ok(outcome);
    assert.ok(cut.rows === 6 && cut.rowsReturned > 0 && cut.rowsReturned < 6, JSON.stringify(cut));
    assert.equal(outcome.result.diagnostics.filter((d) => d.level === "warn").length, 1);
  });
}
