// The document the table-as-block tests start from: a 2×2 table between two paragraphs, and the table's id.
import assert from "node:assert/strict";
import { ok, setup } from "./helpers.js";

export const TABLE_DOC = [
  { type: "paragraph", text: "Intro" },
  { type: "table", values: [["A", "B"], ["1", "2"]] },
  { type: "paragraph", text: "Next para" },
];

/**
 * The document with a table between two paragraphs, the table block's id from readDocument, and that id as a scope.
 * @param {string} profile
 */
export async function withTable(profile) {
  const env = setup(profile);
  env.sim.load(TABLE_DOC);
  const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
  const tableId = read.blocks[1].tableId;
  assert.match(tableId, /^tbl_/);
  return { ...env, tableId, scope: `rangeId:${tableId}` };
}
