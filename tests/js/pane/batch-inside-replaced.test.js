// A batch op on a range INSIDE what an earlier op of the same batch replaces or removes (a search hit in a table
// replaced, in a paragraph removed or given new text, in an anchor's content) is refused before anything runs:
// E_NOT_FOUND on the later op's field, naming the id and the earlier op, the document untouched. Before, the batch
// said ok and the later op wrote where the hit's text had collapsed to (the next paragraph, the new text's end).
// Where each later id lies is read up front (batch-table-removals.js), in one read-only sync shared with the read
// of the blocks the batch rewrites (batch-upfront.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { withTable } from "./table-fixture.js";

const DOC = [
  { type: "paragraph", text: "Title" },
  { type: "paragraph", text: "Alpha one" },
  { type: "paragraph", text: "Beta two" },
];
const UNTOUCHED = ["Title", "Alpha one", "Beta two"];

/** An edit before the removal: it would stay applied in a half-done batch. */
const EDIT_FIRST = { op: "insertText", args: { text: "X ", scope: "document", location: "start" } };

/** Paragraph texts, tables as their values. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? b.values : b.text));
}

/** The document of three paragraphs, their block ids, and the id of the search hit "one" (in the second). */
async function withHit(profile) {
  const env = setup(profile);
  env.sim.load(DOC);
  const ids = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((b) => b.rangeId);
  const hit = ok(await env.run("search", { query: "one" })).results[0].rangeId;
  return { ...env, ids, hit };
}

/** The batch is refused as a whole: E_NOT_FOUND on `field`, naming `id` and op `earlier` and saying `why`. */
function refused(outcome, field, id, earlier, why) {
  const result = fails(outcome, "E_NOT_FOUND", field);
  const { msg } = result.diagnostics.find((d) => d.field === field);
  assert.ok(msg.includes(id), msg);
  assert.match(msg, new RegExp(`op ${earlier} \\(`));
  assert.match(msg, /nothing of it ran/);
  assert.match(msg, why);
  assert.ok(outcome.stats.syncs <= 1, `${outcome.stats.syncs} syncs`);
}

/** The batch failed at op `at` with E_NOT_FOUND on its scope: that op's diagnostic. */
function failedOp(outcome, at) {
  const { result } = outcome;
  assert.equal(result.code, "E_NOT_FOUND", JSON.stringify(result));
  assert.equal(result.data.failedAt, at);
  return result.data.results[at].diagnostics.find((d) => d.field === "args.scope");
}

/** The hit's paragraph through its block id: [op, args] that replace it, and how the refusal says so. */
const BLOCK_REPLACEMENTS = [
  ["insertText \"\" (removes the paragraph)", (ids) => ({ op: "insertText", args: { text: "", scope: `rangeId:${ids[1]}`, location: "replace" } }), /removes its paragraphs/],
  ["insertText new text", (ids) => ({ op: "insertText", args: { text: "New words", scope: `rangeId:${ids[1]}` } }), /replaces the content of "rangeId:/],
  ["replace new text", (ids) => ({ op: "replace", args: { target: `rangeId:${ids[1]}`, replaceWith: "New words" } }), /replaces the content of "rangeId:/],
  ["insertMarkdown", (ids) => ({ op: "insertMarkdown", args: { blocks: [{ type: "paragraph", runs: [{ text: "New" }] }], scope: `rangeId:${ids[1]}`, location: "replace" } }), /replaces the content of "rangeId:/],
];

for (const profile of PROFILES) {
  test(`[${profile}] a table replaced, then an op on a search hit inside it: refused up front, nothing runs`, async () => {
    const env = await withTable(profile);
    const hit = ok(await env.run("search", { query: "1", matchCase: true })).results[0].rangeId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${hit}`, location: "end" } },
    ] });
    refused(outcome, "args.ops[2].args.scope", hit, 1, /replaces its table, and "rangeId:tbl_\w+" holds it.*run it before op 1/);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"], ["1", "2"]], "Next para"]);
  });

  for (const [label, replacing, why] of BLOCK_REPLACEMENTS) {
    test(`[${profile}] a paragraph replaced by its block id (${label}), then an op on a hit inside it: refused up front`, async () => {
      const env = await withHit(profile);
      const outcome = await env.run("batch", { ops: [
        EDIT_FIRST,
        replacing(env.ids),
        { op: "applyStyle", args: { scope: `rangeId:${env.hit}`, char: { bold: true } } },
      ] });
      refused(outcome, "args.ops[2].args.scope", env.hit, 1, why);
      assert.deepEqual(blocks(env.sim), UNTOUCHED);
    });
  }

  test(`[${profile}] an anchor's content replaced or removed, then an op on a hit inside it: refused up front`, async () => {
    const env = await withHit(profile);
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${env.ids[1]}` })).anchorId;
    const replaced = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertText", args: { text: "Other", scope: `anchor:${anchorId}` } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${env.hit}`, location: "end" } },
    ] });
    refused(replaced, "args.ops[2].args.scope", env.hit, 1, /replaces the content of "anchor:/);
    const removed = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "anchor.remove", args: { anchorId, keepContent: false } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${env.hit}`, location: "end" } },
    ] });
    refused(removed, "args.ops[2].args.scope", env.hit, 1, /removes the anchor with its content/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
  });

  test(`[${profile}] a paragraph replaced, then an op on an anchor inside it: refused up front`, async () => {
    const env = await withHit(profile);
    const anchorId = ok(await env.run("anchor.create", { scope: `rangeId:${env.hit}` })).anchorId;
    const outcome = await env.run("batch", { ops: [
      EDIT_FIRST,
      { op: "insertText", args: { text: "", scope: `rangeId:${env.ids[1]}` } },
      { op: "insertText", args: { text: "!", scope: `anchor:${anchorId}`, location: "end" } },
    ] });
    refused(outcome, "args.ops[2].args.scope", anchorId, 1, /removes its paragraphs/);
    assert.deepEqual(blocks(env.sim), UNTOUCHED);
  });

  test(`[${profile}] what is not inside still runs: the paragraph's own id, a hit elsewhere, one read shared with the block read`, async () => {
    const env = await withHit(profile);
    const elsewhere = ok(await env.run("search", { query: "two" })).results[0].rangeId;
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "New words", scope: `rangeId:${env.ids[1]}` } },
      { op: "applyStyle", args: { scope: `rangeId:${env.ids[1]}`, char: { bold: true } } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${elsewhere}`, location: "end" } },
    ] }, { maxSyncs: 3 });
    assert.equal(ok(outcome).completed, 3);
    // One read up front (the block's breaks and where the hit lies), the batch's sync, Word.run's closing one.
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual(blocks(env.sim), ["Title", "New words", "Beta two!"]);
  });

  test(`[${profile}] a hit edited before its paragraph is replaced: runs (only later ops are refused)`, async () => {
    const env = await withHit(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "!", scope: `rangeId:${env.hit}`, location: "end" } },
      { op: "insertText", args: { text: "New words", scope: `rangeId:${env.ids[1]}` } },
    ] }, { maxSyncs: 3 });
    assert.equal(ok(outcome).completed, 2);
    assert.deepEqual(blocks(env.sim), ["Title", "New words", "Beta two"]);
  });

  test(`[${profile}] a row deleted or a cell's text set, then an op on a hit that was in it: fails, writes nothing`, async () => {
    const env = await withTable(profile);
    const hits = ok(await env.run("search", { query: "[A1]", useRegex: true, matchCase: true })).results.map((r) => r.rangeId);
    const edit = (hit) => ({ op: "insertText", args: { text: "!", scope: `rangeId:${hit}`, location: "end" } });
    // Which rows go is known only to the table: the target is read after the deletion (before it is written to).
    const deleted = await env.run("batch", { ops: [
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [1] } },
      edit(hits[1]),
    ] }, { maxSyncs: 3 });
    const { msg } = failedOp(deleted, 1);
    assert.match(msg, /is gone: it lay in what op 0 \(table\.deleteRows\) replaced or removed.*This op wrote nothing/);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"]], "Next para"]);
    // A hit in a row that stays is edited.
    const kept = await env.run("batch", { ops: [
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 1, text: "Z" } },
      edit(hits[0]),
    ] }, { maxSyncs: 4 });
    assert.equal(ok(kept).completed, 2);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A!", "Z"]], "Next para"]);
    const set = await env.run("batch", { ops: [
      { op: "table.setCellText", args: { tableRef: `tableId:${env.tableId}`, row: 0, col: 0, text: "Y" } },
      edit(hits[0]),
    ] }, { maxSyncs: 3 });
    assert.match(failedOp(set, 1).msg, /op 0 \(table\.setCellText\)/);
    assert.deepEqual(blocks(env.sim), ["Intro", [["Y", "Z"]], "Next para"]);
  });

  test(`[${profile}] a dry run refuses the same batch`, async () => {
    const env = await withHit(profile);
    const outcome = await env.run("batch", { dryRun: true, ops: [
      { op: "insertText", args: { text: "", scope: `rangeId:${env.ids[1]}` } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${env.hit}`, location: "end" } },
    ] });
    refused(outcome, "args.ops[1].args.scope", env.hit, 0, /removes its paragraphs/);
  });
}
