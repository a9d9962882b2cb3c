// QA: a table id used as a scope after its table was deleted (in Word, or through another id of it) answered Word's
// bare "The requested resource doesn't exist. [ItemNotFound at Table.getRange]" with no field. Every scope use of a
// gone table id now says what the table ops say: E_NOT_FOUND on the arg that named it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** A table made through the pane, then deleted in Word (as a person would): the pane's id is still tracked. */
async function goneTable(profile) {
  const env = setup(profile, { text: "Intro" });
  const { tableId } = ok(await env.run("table.create", { scope: "document", location: "end", rows: 2, cols: 2, data: [["a", "b"], ["c", "d"]] }));
  await env.sim.Word.run(async (ctx) => {
    ctx.document.body.tables.getFirst().delete();
    await ctx.sync();
  });
  return { ...env, tableId };
}

const SCOPE_OPS = [
  ["search", { query: "a" }],
  ["footnote.insert", { text: "n" }],
  ["endnote.insert", { text: "n" }],
  ["readDocument", {}],
  ["insertText", { text: "x", location: "after" }],
  ["insertBreak", { type: "page", location: "after" }],
  ["comment.add", { text: "x" }],
  ["comment.list", {}],
  ["trackChanges.list", {}],
  ["anchor.create", {}],
  ["table.create", { rows: 1, cols: 1, location: "after" }],
  ["applyStyle", { namedStyle: "Heading 1" }],
];

for (const profile of PROFILES) {
  test(`a gone table's id as a scope is E_NOT_FOUND on args.scope, in words (${profile})`, async () => {
    const { run, tableId } = await goneTable(profile);
    const message = `The table of rangeId:${tableId} no longer exists (ItemNotFound)`;
    for (const [op, args] of SCOPE_OPS) {
      const { diagnostics } = fails(await run(op, { ...args, scope: `rangeId:${tableId}` }), "E_NOT_FOUND", "args.scope");
      assert.equal(diagnostics.find((d) => d.level === "error")?.msg, message, op);
    }
    const replaced = fails(await run("replace", { target: `rangeId:${tableId}`, replaceWith: "x" }), "E_NOT_FOUND", "args.target");
    assert.equal(replaced.diagnostics.find((d) => d.level === "error")?.msg, message);
    const tableOp = fails(await run("table.setCellText", { tableRef: `tableId:${tableId}`, row: 0, col: 0, text: "x" }), "E_NOT_FOUND", "args.tableRef");
    assert.equal(tableOp.diagnostics[0].msg, `The table of tableId:${tableId} no longer exists (ItemNotFound)`, "the table ops say the same");
  });

  test(`in a batch, the op using a gone table's id fails on its scope, in words (${profile})`, async () => {
    const { run, tableId } = await goneTable(profile);
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { scope: "document", text: " more", location: "end" } },
      { op: "search", args: { query: "a", scope: `rangeId:${tableId}` } },
    ] });
    const failed = outcome.result.data.results[1];
    assert.equal(failed.code, "E_NOT_FOUND");
    assert.deepEqual(failed.diagnostics, [{ level: "error", msg: `The table of rangeId:${tableId} no longer exists (ItemNotFound)`, field: "args.scope" }]);
  });

  test(`a table's anchor whose table was deleted from it, as a scope: E_NOT_FOUND on args.scope, in words (${profile})`, async () => {
    const { run, sim } = setup(profile, { text: "Intro" });
    const { tableId } = ok(await run("table.create", { scope: "document", location: "end", rows: 1, cols: 2, data: [["a", "b"]] }));
    const { anchorId } = ok(await run("anchor.create", { scope: `rangeId:${tableId}` }));
    await sim.Word.run(async (ctx) => {
      ctx.document.body.tables.getFirst().delete();
      await ctx.sync();
    });
    const { diagnostics } = fails(await run("search", { query: "a", scope: `anchor:${anchorId}` }), "E_NOT_FOUND", "args.scope");
    assert.equal(diagnostics[0].msg, `The table of anchor:${anchorId} no longer exists (ItemNotFound)`);
  });
}
