// What data_formatter's word_op_note tells the model, checked against the simulated Word: a table inserted after a
// selection inside a table cell goes into that cell (a nested table), and with the table's id from readDocument as
// scope it goes after that table instead (the markdown and a picture likewise).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok, setup } from "./helpers.js";

const DOC = [{ type: "paragraph", text: "Intro" }, { type: "table", values: [["A", "B"], ["1", "2"]] }, { type: "paragraph", text: "Next" }];
const NEW_TABLE = { rows: 2, cols: 2, data: [["Product", "Price"], ["Desk", "$300"]], header: true, location: "after" };

/** Each top-level block: a paragraph's text (a picture as [pic]), a table as its values. */
function blocks(/** @type {any} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table"
    ? b.values
    : b.runs.map((/** @type {any} */ r) => (r.type === "picture" ? "[pic]" : r.text)).join("")));
}

for (const profile of PROFILES) {
  test(`a table after a selection in a cell is nested in that cell (${profile})`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    env.sim.select("1");
    ok(await env.run("table.create", { ...NEW_TABLE, scope: "selection" }));
    const table = env.sim.snapshot().blocks[1];
    assert.equal(blocks(env.sim).length, 3);
    assert.deepEqual(table.cells[1][0].blocks.map((/** @type {any} */ b) => b.type), ["paragraph", "table", "paragraph"]);
  });

  test(`with the table's id as scope the table, markdown and picture go after that table (${profile})`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const scope = `rangeId:${read.blocks[1].tableId}`;
    ok(await env.run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "MD" }] }], scope, location: "after" }));
    ok(await env.run("insertPicture", { source: "base64", data: PNG_1x1, naturalWidth: 10, naturalHeight: 10, scope, location: "after" }));
    ok(await env.run("table.create", { ...NEW_TABLE, scope }));
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"], ["1", "2"]], "", NEW_TABLE.data, "[pic]", "MD", "Next"]);
  });
}
