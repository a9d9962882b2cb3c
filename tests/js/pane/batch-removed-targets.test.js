// A batch op that targets what an earlier op of the same batch removes (a block replaced with "", a table replaced
// or removed, through its id, its twin or a reference) is refused before anything runs: E_NOT_FOUND on the later
// op's field, naming the earlier op, and the document untouched. Before, the later op was refused only when it
// came to run: the ops before it stayed applied (a half-done batch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { TABLE_DOC, withTable } from "./table-fixture.js";

const DOC = [
  { type: "paragraph", text: "Title" },
  { type: "paragraph", text: "Alpha one" },
  { type: "paragraph", text: "Beta two" },
];

/** Paragraph texts, tables as their values. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? b.values : b.text));
}

/**
 * The batch is refused as a whole: E_NOT_FOUND on `field`, the message naming op `earlier`; nothing ran.
 * @returns {string} the message
 */
function refused(outcome, field, earlier) {
  const result = fails(outcome, "E_NOT_FOUND", field);
  const { msg } = result.diagnostics.find((d) => d.field === field);
  assert.match(msg, new RegExp(`op ${earlier} \\(`));
  assert.match(msg, /nothing of it ran/);
  return msg;
}

for (const profile of PROFILES) {
  test(`[${profile}] a block removed by an earlier op of the batch: the later op on it refuses the batch, nothing runs`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((b) => b.rangeId);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "!", location: "end", scope: `rangeId:${ids[0]}` } },
      { op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${ids[1]}` } },
      { op: "applyStyle", args: { scope: `rangeId:${ids[1]}`, char: { bold: true } } },
    ] });
    const msg = refused(outcome, "args.ops[2].args.scope", 1);
    assert.match(msg, /removes its paragraphs/);
    assert.equal(outcome.stats.syncs <= 2, true);
    assert.deepEqual(blocks(env.sim), ["Title", "Alpha one", "Beta two"]);
    // The same ops without the conflict still run.
    ok(await env.run("batch", { ops: [
      { op: "insertText", args: { text: "!", location: "end", scope: `rangeId:${ids[0]}` } },
      { op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${ids[1]}` } },
    ] }, { maxSyncs: 3 }));
    assert.deepEqual(blocks(env.sim), ["Title!", "Beta two"]);
  });

  test(`[${profile}] a table replaced through its id: a later table op on it (or on table.create's twin id) refuses the batch`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 0, text: "X" } },
    ] });
    assert.match(refused(outcome, "args.ops[1].args.tableRef", 0), /replaces its table/);
    assert.deepEqual(blocks(env.sim), blocks({ snapshot: () => ({ blocks: TABLE_DOC }) }));

    const created = ok(await env.run("table.create", { rows: 1, cols: 1, data: [["T"]], scope: "document", location: "end" }));
    const twin = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "", scope: `rangeId:${created.rangeId}`, location: "replace" } },
      { op: "insertText", args: { text: "X", scope: "document", location: "end" } },
      { op: "table.insertRows", args: { tableRef: `tableId:${created.tableId}`, at: 1 } },
    ] });
    assert.match(refused(twin, "args.ops[2].args.tableRef", 0), /removes its table/);
    assert.deepEqual(blocks(env.sim).filter((b) => Array.isArray(b)).at(-1), [["T"]]);
  });

  test(`[${profile}] references: a table.create's table removed through $0.rangeId refuses a later op on $0.tableId`, async () => {
    const env = setup(profile, { text: "Intro" });
    const outcome = await env.run("batch", { ops: [
      { op: "table.create", args: { rows: 1, cols: 2, data: [["a", "b"]], scope: "document", location: "end" } },
      { op: "insertMarkdown", args: { blocks: [{ type: "paragraph", runs: [{ text: "New" }] }], scope: "rangeId:$0.rangeId", location: "replace" } },
      { op: "table.setCellText", args: { tableRef: "tableId:$0.tableId", row: 0, col: 0, text: "X" } },
    ] });
    assert.match(refused(outcome, "args.ops[2].args.tableRef", 1), /op 1 \(insertMarkdown\) replaces its table/);
    assert.deepEqual(blocks(env.sim), ["Intro"]);
  });

  test(`[${profile}] a dry run refuses the same batch; what a removing op leaves ($0.rangeId) is not refused`, async () => {
    const env = await withTable(profile);
    const ops = [
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${env.tableId}`, location: "after" } },
    ];
    refused(await env.run("batch", { ops, dryRun: true }), "args.ops[1].args.scope", 0);
    ops[1].args.scope = "rangeId:$0.rangeId";
    const data = ok(await env.run("batch", { ops }));
    assert.equal(data.completed, 2);
    assert.deepEqual(blocks(env.sim), ["Intro", "Instead!", "Next para"]);
  });
}
