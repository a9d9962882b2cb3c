// QA: table.setCellText with trackChanges on a cell holding "4" read "54" in structure's values and the text format,
// and trackChanges.list showed the deletion as "4\t" (the simulator's tracked deletion took the cell's end mark).
// Structure and text show a table as it reads with its tracked changes accepted, as they show paragraphs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

async function trackedTable(profile) {
  const env = setup(profile, { text: "Intro" });
  const { tableId } = ok(await env.run("table.create", { scope: "document", location: "end", rows: 3, cols: 3, data: [["a", "b", "c"], ["1", "4", "x"], ["7", "8", "9"]] }));
  const tableRef = `tableId:${tableId}`;
  ok(await env.run("table.setCellText", { tableRef, row: 1, col: 1, text: "5", trackChanges: true }));
  ok(await env.run("table.setCellText", { tableRef, row: 2, col: 2, text: "0", trackChanges: true }));
  return env;
}

for (const profile of PROFILES) {
  test(`a tracked cell edit: structure and text show the cell's current text; the deletion is its text (${profile})`, async () => {
    const { run } = await trackedTable(profile);
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks[1].table.values, [["a", "b", "c"], ["1", "5", "x"], ["7", "8", "0"]]);
    assert.equal(blocks[1].text, "a\tb\tc\n1\t5\tx\n7\t8\t0");
    assert.deepEqual(blocks[1].changes.map((c) => [c.type, c.text]), [["added", "5"], ["deleted", "4"], ["added", "0"], ["deleted", "9"]]);
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Intro\na\tb\tc\n1\t5\tx\n7\t8\t0\n");
    assert.deepEqual(ok(await run("trackChanges.list", {})).changes.map((c) => [c.type, c.text]), [["added", "5"], ["deleted", "4"], ["added", "0"], ["deleted", "9"]]);
  });

  test(`a cell of two paragraphs with a tracked deletion in one reads both, current (${profile})`, async () => {
    const { run } = setup(profile, { text: "Intro" });
    const { tableId } = ok(await run("table.create", { scope: "document", location: "end", rows: 1, cols: 2, data: [["keep", "x"]] }));
    ok(await run("table.setCellText", { tableRef: `tableId:${tableId}`, row: 0, col: 0, text: "one\ntwo" }));
    const hit = ok(await run("search", { query: "two" })).results[0];
    ok(await run("insertText", { scope: `rangeId:${hit.rangeId}`, text: "2", location: "replace", trackChanges: true }));
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks[1].table.values, [["one\r2", "x"]]);
  });
}
