// The up-front removal check of a batch (batch-removals.js, batch-table-removals.js) beyond rangeIds of blocks and
// tables: a table whose every row or column an op deletes (Word then deletes the table), an anchor removed, a table's
// anchor replaced, a table replaced under one name and used under another (its id, its anchor), a comment deleted.
// A later op on what is gone (the table's id, its anchor, a range inside it, the anchor, the comment) refuses the
// batch before anything runs: E_NOT_FOUND on its field naming the earlier op, the document untouched. Before, the
// ops before the failing one stayed applied (a half-done batch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { TABLE_DOC, withTable } from "./table-fixture.js";

/** Paragraph texts, tables as their values. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? b.values : b.text));
}

const UNTOUCHED = TABLE_DOC.map((b) => (b.type === "table" ? b.values : b.text));

/** An edit before the removal: it would stay applied in a half-done batch. */
const EDIT_FIRST = { op: "insertText", args: { text: "X ", scope: "document", location: "start" } };

/**
 * Run a batch of several table ops (each reads its table: one sync each, beyond the 2 that env.run allows).
 * @returns {Promise<any>} the batch's data
 */
async function runTableBatch(env, ops) {
  const op = { type: "word.op", op: "batch", version: "1.0", args: { ops } };
  const outcome = await env.engine.execute({ type: "ai-cmd", id: `table-batch-${Math.random()}`, content: "batch", op });
  return ok(outcome);
}

/**
 * The batch is refused as a whole: E_NOT_FOUND on `field`, the message naming op `earlier` and saying `why`.
 */
function refused(outcome, field, earlier, why) {
  const result = fails(outcome, "E_NOT_FOUND", field);
  const { msg } = result.diagnostics.find((d) => d.field === field);
  assert.match(msg, new RegExp(`op ${earlier} \\(`));
  assert.match(msg, /nothing of it ran/);
  assert.match(msg, why);
}

for (const profile of PROFILES) {
  test(`[${profile}] table.deleteRows of every row, then an op on the table's id: refused up front in one read sync`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [1, 0] } },
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 0, text: "Z" } },
    ] });
    refused(outcome, "args.ops[2].args.tableRef", 1, /deletes every row of its table, which deletes the table/);
    assert.equal(outcome.stats.syncs, 1);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
    const dry = await env.run("batch", { dryRun: true, ops: [
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [0, 1] } },
      { op: "table.insertRows", args: { tableRef: `tableId:${env.tableId}`, at: 0 } },
    ] });
    refused(dry, "args.ops[1].args.tableRef", 0, /deletes every row/);
    // Deleting some rows leaves the table: the same batch runs.
    const data = await runTableBatch(env, [
      EDIT_FIRST,
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [0] } },
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 0, text: "Z" } },
    ]);
    assert.equal(data.completed, 3);
    assert.deepEqual(blocks(env.sim), ["X Intro", [["Z", "2"]], "Next para"]);
  });

  test(`[${profile}] table.deleteColumns of every column, then an op on a range inside the table: refused up front`, async () => {
    const env = await withTable(profile);
    const hit = ok(await env.run("search", { query: "1", matchCase: true })).results[0].rangeId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "table.deleteColumns", args: { tableRef: `rangeId:${env.tableId}`, indexes: [0, 1] } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${hit}`, location: "end" } },
    ] });
    refused(outcome, "args.ops[2].args.scope", 1, /deletes every column/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
  });

  test(`[${profile}] table.deleteRows of every row, then an op on the table's anchor: refused up front`, async () => {
    const env = await withTable(profile);
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${env.tableId}` })).anchorId;
    assert.match(anchorId, /^anc_tbl_/);
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [0, 1] } },
      { op: "insertText", args: { text: "!", scope: `anchor:${anchorId}`, location: "after" } },
    ] });
    refused(outcome, "args.ops[2].args.scope", 1, /deletes every row/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
  });

  test(`[${profile}] a table made by the batch: its size comes from table.create (no read), rows inserted before count`, async () => {
    const env = setup(profile, { text: "Intro" });
    const create = { op: "table.create", args: { rows: 2, cols: 2, data: [["a", "b"], ["c", "d"]], scope: "document", location: "end" } };
    const outcome = await env.run("batch", { ops: [
      create,
      { op: "table.deleteRows", args: { tableRef: "tableId:$0.tableId", indexes: [0, 1] } },
      { op: "table.applyStyle", args: { tableRef: "tableId:$0.tableId", style: { bandedRows: true } } },
    ] });
    refused(outcome, "args.ops[2].args.tableRef", 1, /deletes every row/);
    assert.equal(outcome.stats.syncs, 0);
    assert.deepEqual(blocks(env.sim), ["Intro"]);
    // With a row inserted first, two of three rows go: the table stays.
    const data = await runTableBatch(env, [
      create,
      { op: "table.insertRows", args: { tableRef: "tableId:$0.tableId", at: 2 } },
      { op: "table.deleteRows", args: { tableRef: "tableId:$0.tableId", indexes: [0, 1] } },
      { op: "table.setCellText", args: { tableRef: "rangeId:$0.rangeId", row: 0, col: 0, text: "kept" } },
    ]);
    assert.equal(data.completed, 4);
    assert.deepEqual(blocks(env.sim), ["Intro", [["kept", ""]], ""]);
  });

  test(`[${profile}] anchor.remove, then an op on that anchor: refused up front; content put in an anchor keeps it`, async () => {
    const env = await withTable(profile);
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${read.blocks[2].rangeId}` })).anchorId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "anchor.remove", args: { anchorId } },
      { op: "insertText", args: { text: "!", scope: `anchor:${anchorId}`, location: "end" } },
    ] });
    refused(outcome, "args.ops[2].args.scope", 1, /anchor\.remove\) removes the anchor/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
    // The anchor is read up front (batch-anchor-reads.js): 3 syncs.
    ok(await env.run("batch", { ops: [
      { op: "insertText", args: { text: "Other", scope: `anchor:${anchorId}`, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: `anchor:${anchorId}`, location: "end" } },
    ] }, { maxSyncs: 3 }));
    assert.deepEqual(blocks(env.sim).at(-1), "Other!");
  });

  test(`[${profile}] a table's anchor replaced, then a table op through that anchor: refused up front`, async () => {
    const env = await withTable(profile);
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${env.tableId}` })).anchorId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertMarkdown", args: { blocks: [{ type: "paragraph", runs: [{ text: "P" }] }], scope: `anchor:${anchorId}`, location: "replace" } },
      { op: "table.setCellText", args: { tableRef: `anchor:${anchorId}`, row: 0, col: 0, text: "Z" } },
    ] });
    refused(outcome, "args.ops[2].args.tableRef", 1, /replaces its table/);
    assert.equal(outcome.stats.syncs, 0);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
  });

  test(`[${profile}] a table replaced or removed through its id or its anchor, then an op through the other: refused up front`, async () => {
    const env = await withTable(profile);
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${env.tableId}` })).anchorId;
    const byId = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertText", args: { text: "T", scope: `rangeId:${env.tableId}`, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: `anchor:${anchorId}`, location: "after" } },
    ] });
    refused(byId, "args.ops[2].args.scope", 1, /replaces its table/);
    assert.equal(byId.stats.syncs, 1);
    const byAnchor = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertText", args: { text: "T", scope: `anchor:${anchorId}`, location: "replace" } },
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 0, text: "Z" } },
    ] });
    refused(byAnchor, "args.ops[2].args.tableRef", 1, /replaces its table/);
    const removed = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "anchor.remove", args: { anchorId, keepContent: false } },
      { op: "table.applyStyle", args: { tableRef: `tableId:${env.tableId}`, style: { bandedRows: true } } },
    ] });
    refused(removed, "args.ops[2].args.tableRef", 1, /removes the anchor with its content/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
    // A table replaced, then text edited by its id elsewhere: one read (is the text in the table?), then the batch's 2.
    const edit = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "T", scope: `rangeId:${env.tableId}`, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${read.blocks[2].rangeId}`, location: "end" } },
    ] }, { maxSyncs: 3 });
    assert.equal(ok(edit).completed, 2);
    assert.equal(edit.stats.syncs, 3);
    assert.deepEqual(blocks(env.sim), ["Intro", "T", "Next para!"]);
  });

  test(`[${profile}] comment.delete, then an op on that comment: refused up front`, async () => {
    const env = setup(profile, { text: "Alpha beta\nGamma" });
    const hit = ok(await env.run("search", { query: "beta" })).results[0].rangeId;
    const commentId = ok(await env.run("comment.add", { scope: `rangeId:${hit}`, text: "Hm" })).commentId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "comment.delete", args: { commentId } },
      { op: "comment.reply", args: { commentId, text: "Done" } },
    ] });
    refused(outcome, "args.ops[2].args.commentId", 1, /deletes the comment/);
    assert.deepEqual(blocks(env.sim), ["Alpha beta", "Gamma"]);
    assert.equal(ok(await env.run("comment.list", {})).comments.length, 1);
  });
}
