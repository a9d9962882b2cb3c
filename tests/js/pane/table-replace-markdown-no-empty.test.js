// insertMarkdown replacing a table (its id as rangeId:) by blocks with a table leaves no empty paragraph: the new
// blocks go into an empty paragraph made before the old table, so no table written touches it (Word would put a
// paragraph between them, left empty once the old table went), and that paragraph goes when no block took it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const U = { type: "table", header: false, rows: [["c", "d"]] };

/** Paragraph texts, tables as their cells' text. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values.flat().join("")));
}

const CASES = { table: [[U], ["cd"]], "table, paragraph": [[U, P("N")], ["cd", "N"]], "paragraph, table": [[P("N"), U], ["N", "cd"]], paragraph: [[P("N")], ["N"]] };

for (const profile of PROFILES) {
  for (const [name, [blocks, shown]] of Object.entries(CASES)) {
    test(`[${profile}] a table replaced by ${name} through its id: no empty paragraph`, async () => {
      const env = setup(profile);
      env.sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"]] }, { type: "paragraph", text: "Outro" }]);
      const { tableId } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks[1];
      ok(await env.run("insertMarkdown", { scope: `rangeId:${tableId}`, location: "replace", blocks }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", ...shown, "Outro"]);
    });
  }

  test(`[${profile}] the document's only table replaced by a table: the paragraph Word requires after it stays, no other`, async () => {
    const env = setup(profile);
    env.sim.load([{ type: "table", values: [["a", "b"]] }, { type: "paragraph", text: "" }]);
    const { tableId } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks[0];
    ok(await env.run("insertMarkdown", { scope: `rangeId:${tableId}`, location: "replace", blocks: [U] }));
    assert.deepEqual(blocksOf(env.sim), ["cd", ""]);
  });
}
