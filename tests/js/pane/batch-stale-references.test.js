// A batch op whose target is a reference to an earlier op of it ("rangeId:$0.results[0].rangeId",
// "anchor:$1.anchorId") when an op between them replaces or removes what holds that target (a table, a paragraph by
// its block id, an anchor made on a table): before, the batch said ok and the op wrote where the text had collapsed
// to (the start of the next paragraph). Now the batch places the target against what the op replaces before that
// op runs (batch-ref-placement.js): with stopOnError the replacing op does not run (E_INVALID_ARG naming the later
// op and its target; the document keeps what it had), without it the later op fails (E_NOT_FOUND) and writes
// nothing. What is not placed first (rows deleted) is read after (batch-stale-targets.js): the op then fails. An
// anchor made by the batch on a table that a later op replaces is refused up front (batch-removals.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { withTable } from "./table-fixture.js";

/** Paragraph texts, tables as their values. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? b.values : b.text));
}

/** The batch failed at op `at` with E_NOT_FOUND on its `field`, naming op `by`; returns the batch's data. */
function failedAt(outcome, at, field, by) {
  const { result } = outcome;
  assert.equal(result.ok, false, JSON.stringify(result));
  assert.equal(result.code, "E_NOT_FOUND", JSON.stringify(result));
  assert.equal(result.data.failedAt, at);
  const op = result.data.results[at];
  assert.equal(op.code, "E_NOT_FOUND");
  const note = op.diagnostics.find((d) => d.field === field);
  assert.ok(note, JSON.stringify(op.diagnostics));
  assert.match(note.msg, new RegExp(`is gone: it lay in what op ${by} \\(`));
  assert.match(note.msg, /This op wrote nothing/);
  return result.data;
}

/** The batch stopped at op `at`, which would take what op `later` targets: E_INVALID_ARG, op `later` not run. */
function stoppedAt(outcome, at, later) {
  const { result } = outcome;
  assert.equal(result.ok, false, JSON.stringify(result));
  assert.equal(result.code, "E_INVALID_ARG", JSON.stringify(result));
  assert.equal(result.data.failedAt, at);
  const { msg } = result.data.results[at].diagnostics.find((d) => d.level === "error");
  assert.match(msg, new RegExp(`op ${at} \\(\\w+\\) did not run: .* holds op ${later}'s args\\.scope`));
  assert.match(msg, new RegExp(`put op ${later} before op ${at}`));
  assert.equal(result.data.results[later].code, "E_RUNTIME");
}

async function withParagraphs(profile) {
  const env = setup(profile);
  env.sim.load([
    { type: "paragraph", text: "Title" },
    { type: "paragraph", text: "Alpha one" },
    { type: "paragraph", text: "Beta two" },
  ]);
  const ids = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((b) => b.rangeId);
  return { ...env, ids };
}

const EDIT_HIT = (k) => ({ op: "insertText", args: { text: "!", scope: `rangeId:$${k}.results[0].rangeId`, location: "end" } });

for (const profile of PROFILES) {
  test(`[${profile}] a search hit of the batch in a table the batch then replaces: the replacement does not run`, async () => {
    const env = await withTable(profile);
    const ops = [
      { op: "search", args: { query: "1", matchCase: true } },
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      EDIT_HIT(0),
    ];
    stoppedAt(await env.run("batch", { ops }, { maxSyncs: 3 }), 1, 2);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"], ["1", "2"]], "Next para"]);
    // Without stopOnError the replacement runs, and the edit of the hit fails, writing nothing.
    failedAt(await env.run("batch", { ops, stopOnError: false }, { maxSyncs: 4 }), 2, "args.scope", 1);
    assert.deepEqual(blocks(env.sim), ["Intro", "Instead", "Next para"]);
  });

  test(`[${profile}] a search hit of the batch in a table row the batch then deletes: the edit of the hit fails (read after)`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "search", args: { query: "1", matchCase: true } },
      { op: "table.deleteRows", args: { tableRef: `tableId:${env.tableId}`, indexes: [1] } },
      EDIT_HIT(0),
    ] }, { maxSyncs: 4 });
    failedAt(outcome, 2, "args.scope", 1);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"]], "Next para"]);
  });

  test(`[${profile}] a search hit of the batch in a paragraph the batch then removes by its block id: not removed`, async () => {
    const env = await withParagraphs(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "search", args: { query: "one" } },
      { op: "insertText", args: { text: "", scope: `rangeId:${env.ids[1]}` } },
      EDIT_HIT(0),
    ] }, { maxSyncs: 4 });
    stoppedAt(outcome, 1, 2);
    assert.deepEqual(blocks(env.sim), ["Title", "Alpha one", "Beta two"]);
  });

  test(`[${profile}] an anchor the batch made on a hit, the paragraph then removed: the removal does not run`, async () => {
    const env = await withParagraphs(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "search", args: { query: "one" } },
      { op: "anchor.create", args: { scope: "rangeId:$0.results[0].rangeId" } },
      { op: "insertText", args: { text: "", scope: `rangeId:${env.ids[1]}` } },
      { op: "insertText", args: { text: "!", scope: "anchor:$1.anchorId", location: "end" } },
    ] }, { maxSyncs: 4 });
    stoppedAt(outcome, 2, 3);
    assert.deepEqual(blocks(env.sim), ["Title", "Alpha one", "Beta two"]);
  });

  test(`[${profile}] an anchor the batch made on a table it then replaces: refused up front, nothing runs`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "anchor.create", args: { scope: env.scope } },
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      { op: "insertText", args: { text: "!", scope: "anchor:$0.anchorId", location: "after" } },
    ] });
    const result = fails(outcome, "E_NOT_FOUND", "args.ops[2].args.scope");
    assert.match(result.diagnostics[0].msg, /op 1 \(insertText\) replaces its table.*nothing of it ran/);
    assert.deepEqual(blocks(env.sim), ["Intro", [["A", "B"], ["1", "2"]], "Next para"]);
  });

  test(`[${profile}] a hit outside what was replaced is edited; one read for every op it can resolve`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { stopOnError: false, ops: [
      { op: "search", args: { query: "1", matchCase: true } },
      { op: "search", args: { query: "Next" } },
      { op: "insertText", args: { text: "Instead", scope: env.scope, location: "replace" } },
      EDIT_HIT(0),
      EDIT_HIT(1),
      { op: "applyStyle", args: { scope: "rangeId:$0.results[0].rangeId", char: { bold: true } } },
    ] }, { maxSyncs: 4 });
    const data = failedAt(outcome, 3, "args.scope", 2);
    assert.deepEqual(data.results.map((r) => r.code ?? "ok"), ["ok", "ok", "ok", "E_NOT_FOUND", "ok", "E_NOT_FOUND"]);
    // The searches and the replacement, the read of the 3 targets, the edit (a failed batch has no closing sync).
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual(blocks(env.sim), ["Intro", "Instead", "Next! para"]);
  });

  test(`[${profile}] every block a readDocument of the batch gave, rewritten: one read places them all, however many`, async () => {
    for (const n of [2, 8]) {
      const env = setup(profile);
      env.sim.load(Array.from({ length: n }, (_, k) => ({ type: "paragraph", text: `Para ${k}` })));
      const outcome = await env.run("batch", { ops: [
        { op: "readDocument", args: { format: "structure", includeRangeIds: true } },
        ...Array.from({ length: n }, (_, k) => ({ op: "insertText", args: { text: `New ${k}`, scope: `rangeId:$0.blocks[${k}].rangeId` } })),
      ] }, { maxSyncs: 5 });
      assert.equal(ok(outcome).completed, n + 1);
      // readDocument's 2, the placement, the batch's last sync, Word.run's closing one.
      assert.equal(outcome.stats.syncs, 5);
      assert.deepEqual(blocks(env.sim), Array.from({ length: n }, (_, k) => `New ${k}`));
    }
  });

  test(`[${profile}] a later replacement that would take a hit is placed with the first: the batch stops at it`, async () => {
    const env = await withParagraphs(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "search", args: { query: "one" } },
      { op: "readDocument", args: { format: "structure", includeRangeIds: true } },
      { op: "insertText", args: { text: "New title", scope: "rangeId:$1.blocks[0].rangeId" } },
      { op: "insertText", args: { text: "New text", scope: "rangeId:$1.blocks[1].rangeId" } },
      EDIT_HIT(0),
    ] }, { maxSyncs: 5 });
    stoppedAt(outcome, 3, 4);
    assert.deepEqual(blocks(env.sim), ["New title", "Alpha one", "Beta two"]);
  });

  test(`[${profile}] an anchor.create on its own anchor (a reference to itself) fails as before, with no endless check`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("batch", { ops: [
      { op: "anchor.create", args: { scope: "anchor:$0.anchorId" } },
      { op: "insertText", args: { text: "!", scope: "anchor:$0.anchorId", location: "after" } },
    ] });
    assert.equal(outcome.result.code, "E_INVALID_ARG");
    assert.equal(outcome.result.data.failedAt, 0);
  });

  test(`[${profile}] hits replaced one by one (no block, table or anchor replaced): no read, 3 syncs as before`, async () => {
    const env = setup(profile, { text: "one two one two" });
    const outcome = await env.run("batch", { ops: [
      { op: "search", args: { query: "one" } },
      { op: "replace", args: { target: "rangeId:$0.results[0].rangeId", replaceWith: "1" } },
      { op: "replace", args: { target: "rangeId:$0.results[1].rangeId", replaceWith: "1" } },
    ] }, { maxSyncs: 3 });
    assert.equal(ok(outcome).completed, 3);
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual(blocks(env.sim), ["1 two 1 two"]);
  });
}
