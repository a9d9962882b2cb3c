// batch: many ops in one Word.run, sharing syncs; references between ops; stopOnError; Word errors at a
// shared sync attributed to the op that caused them; ids of failed ops rolled back; dryRun of a batch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok, paragraphs, setup, tables } from "./helpers.js";
import { referencesIn, substitute, valueAt, whyNoValue } from "../../../addin/js/batch.js";

const BAD_PICTURE = { source: "base64", data: "bm90IGFuIGltYWdl", naturalWidth: 1, naturalHeight: 1, scope: "document", location: "end" };

/** Run a batch through the engine, counting the simulator's syncs (no ≤2 assertion: a batch may take more). */
async function runBatch({ sim, engine }, ops, extra = {}, { id, onProgress } = {}) {
  const before = sim.syncCount;
  const outcome = await engine.execute(
    { type: "ai-cmd", id: id ?? `batch-${Math.random()}`, content: "batch", op: { type: "word.op", op: "batch", version: "1.0", args: { ops, stopOnError: true, ...extra } } },
    onProgress ? { onProgress } : undefined,
  );
  const syncs = sim.syncCount - before;
  assert.equal(outcome.stats.syncs, syncs, "engine stats vs simulator");
  return { ...outcome.result, syncs };
}

/** The batch envelope's per-op verdicts: "ok" or the error code. */
const verdicts = (result) => result.data.results.map((r) => (r.ok ? "ok" : r.code));

for (const profile of PROFILES) {
  test(`a batch creates a table and fills it through $0.tableId (${profile})`, async () => {
    const env = setup(profile, { text: "Intro" });
    const result = await runBatch(env, [
      { op: "table.create", args: { rows: 2, cols: 2, scope: "document", location: "end" } },
      { op: "table.setCellText", args: { tableRef: "tableId:$0.tableId", row: 0, col: 0, text: "Name" } },
      { op: "table.setCellText", args: { tableRef: "rangeId:$0.rangeId", row: 1, col: 1, text: "3" } },
      { op: "insertText", args: { text: "Done", scope: "document", location: "end", newParagraph: true } },
    ]);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual(verdicts(result), ["ok", "ok", "ok", "ok"]);
    assert.equal(result.data.completed, 4);
    assert.equal(result.data.failedAt, undefined);
    const created = result.data.results[0].data;
    assert.equal(result.data.results[1].data.tableId, created.tableId);
    assert.deepEqual(tables(env.sim)[0].values, [["Name", ""], ["", "3"]]);
    assert.deepEqual(paragraphs(env.sim), ["Intro", "[table]", "", "Done"]); // Word keeps a paragraph after a table
    // each setCellText reads the table once (one sync each); the rest share the last sync and the closing one
    assert.ok(result.syncs <= 4, `${result.syncs} syncs`);
    // the ids the batch returned work afterwards
    ok(await env.run("table.insertRows", { tableRef: `tableId:${created.tableId}`, at: 2 }));
  });

  test(`50 simple ops take at most 3 syncs (${profile})`, async () => {
    const env = setup(profile, { text: "Start" });
    const ops = Array.from({ length: 50 }, (_, i) => {
      if (i % 10 === 9) return { op: "table.create", args: { rows: 1, cols: 2, scope: "document", location: "end", data: [[`t${i}`, "x"]] } };
      if (i % 2) return { op: "applyStyle", args: { scope: `rangeId:$${i - 1}.rangeId`, char: { bold: true } } };
      return { op: "insertText", args: { text: `p${i}`, scope: "document", location: "end", newParagraph: true } };
    });
    const result = await runBatch(env, ops);
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    assert.equal(result.data.completed, 50);
    assert.ok(result.syncs <= 3, `${result.syncs} syncs`);
    assert.equal(tables(env.sim).length, 5);
    const bold = env.sim.snapshot().blocks.filter((b) => b.type === "paragraph" && b.text === "p0")[0];
    assert.equal(bold.runs[0].bold, true);
  });

  test(`references: into arrays, and a missing value fails the op naming it (${profile})`, async () => {
    const env = setup(profile, { text: "alpha beta" });
    const result = await runBatch(env, [
      { op: "search", args: { query: "beta" } },
      { op: "insertText", args: { text: "BETA", scope: "rangeId:$0.results.0.rangeId", location: "replace" } },
      { op: "insertText", args: { text: "x", scope: "rangeId:$0.results.5.rangeId" } },
    ], { stopOnError: false });
    assert.equal(result.ok, false);
    assert.deepEqual(verdicts(result), ["ok", "ok", "E_INVALID_ARG"]);
    const refused = result.data.results[2].diagnostics[0];
    assert.match(refused.msg, /\$0\.results\.5\.rangeId/);
    const listed = await runBatch(env, [
      { op: "search", args: { query: "alpha" } },
      { op: "replace", args: { query: "alpha", replaceWith: "$0.results" } },
    ]);
    assert.match(listed.data.results[1].diagnostics[0].msg, /results in op 0's result is a list of 1, not one value: name an item, e.g. \$0\.results\.0\.rangeId/);
    assert.equal(refused.field, "args.scope");
    assert.equal(result.data.failedAt, 2);
    assert.equal(result.data.completed, 2);
    assert.deepEqual(paragraphs(env.sim), ["alpha BETA"]);
  });

  test(`stopOnError: the ops after a failure do not run; the ones before stay applied (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "A", scope: "document", location: "start" } },
      { op: "table.setCellText", args: { tableRef: "tableId:tbl_gone_1", row: 0, col: 0, text: "x" } },
      { op: "insertText", args: { text: "B", scope: "document", location: "end" } },
    ]);
    assert.equal(result.ok, false);
    assert.equal(result.code, "E_NOT_FOUND");
    assert.deepEqual(verdicts(result), ["ok", "E_NOT_FOUND", "E_RUNTIME"]);
    assert.equal(result.data.failedAt, 1);
    assert.equal(result.data.completed, 1);
    assert.match(result.data.results[2].diagnostics[0].msg, /^not run: op 1 failed/);
    assert.equal(result.diagnostics[0].field, "args.ops[1]");
    assert.deepEqual(paragraphs(env.sim), ["ABody"]);
    // without stopOnError the later ops still run
    const more = await runBatch(env, [
      { op: "table.setCellText", args: { tableRef: "tableId:tbl_gone_1", row: 0, col: 0, text: "x" } },
      { op: "insertText", args: { text: "C", scope: "document", location: "end" } },
    ], { stopOnError: false });
    assert.deepEqual(verdicts(more), ["E_NOT_FOUND", "ok"]);
    assert.deepEqual(paragraphs(env.sim), ["ABodyC"]);
  });

  test(`a Word error at a shared sync is blamed on the op that caused it (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const sizeBefore = env.engine.registry.size();
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "A", scope: "document", location: "start" } },
      { op: "insertPicture", args: BAD_PICTURE },
      { op: "insertText", args: { text: "B", scope: "document", location: "end" } },
    ]);
    assert.deepEqual(verdicts(result), ["ok", "E_INVALID_ARG", "E_RUNTIME"]);
    assert.equal(result.data.failedAt, 1);
    const shared = result.data.results[1].diagnostics.find((d) => d.level === "info").msg;
    assert.match(shared, /ops 0\.\.2 shared one sync: Word applied op 0 and failed in op 1; op 2 did not run/);
    assert.deepEqual(paragraphs(env.sim), ["ABody"]);
    // the picture's id and the dropped op's were rolled back: only op 0's id is left
    assert.equal(env.engine.registry.size(), sizeBefore + 1);
    ok(await env.run("insertText", { text: "!", scope: `rangeId:${result.data.results[0].data.rangeId}`, location: "end" }));
    assert.deepEqual(paragraphs(env.sim), ["A!Body"]);

    // without stopOnError the dropped op runs again
    const again = await runBatch(env, [
      { op: "insertPicture", args: BAD_PICTURE },
      { op: "insertText", args: { text: "C", scope: "document", location: "end" } },
    ], { stopOnError: false });
    assert.deepEqual(verdicts(again), ["E_INVALID_ARG", "ok"]);
    assert.match(again.data.results[0].diagnostics.at(-1).msg, /op 1 ran again/);
    assert.deepEqual(paragraphs(env.sim), ["A!BodyC"]);
  });

  test(`an op whose read sync fails because of an earlier op is not blamed (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const table = ok(await env.run("table.create", { rows: 1, cols: 1, scope: "document", location: "end" }));
    const result = await runBatch(env, [
      { op: "insertPicture", args: BAD_PICTURE },
      { op: "table.setCellText", args: { tableRef: `tableId:${table.tableId}`, row: 0, col: 0, text: "x" } },
    ], { stopOnError: false });
    // the setCellText's own sync carried the picture and failed there; it ran again and succeeded
    assert.deepEqual(verdicts(result), ["E_INVALID_ARG", "ok"]);
    assert.deepEqual(tables(env.sim)[0].values, [["x"]]);
  });

  test(`without trace messages the first op of the shared sync is blamed, and the diagnostic says so (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    env.sim._model.quirks.reportsNoTraces = true;
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "A", scope: "document", location: "start" } },
      { op: "insertPicture", args: BAD_PICTURE },
    ]);
    assert.deepEqual(verdicts(result), ["E_INVALID_ARG", "E_RUNTIME"]);
    assert.match(result.data.results[0].diagnostics.at(-1).msg, /ops 0\.\.1 shared one sync and Word did not say which one failed/);
  });

  test(`read-backs in a batch: picture sizes, and a reference to one flushes first (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const result = await runBatch(env, [
      { op: "insertPicture", args: { source: "base64", data: PNG_1x1, naturalWidth: 40, naturalHeight: 20, scope: "document", location: "end", width: 60 } },
      { op: "insertText", args: { text: "width $0.width", scope: "document", location: "end", newParagraph: true } },
    ]);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual(result.data.results[0].data, { rangeId: result.data.results[0].data.rangeId, width: 60, height: 30 });
    assert.equal(paragraphs(env.sim).at(-1), "width 60");
  });

  test(`expectText in a batch: a stale range fails that op and changes nothing (${profile})`, async () => {
    const env = setup(profile, { text: "alpha beta" });
    const beta = ok(await env.run("search", { query: "beta" })).results[0].rangeId;
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "BETA", scope: `rangeId:${beta}`, expectText: "beta" } },
      { op: "insertText", args: { text: "again", scope: `rangeId:${beta}`, expectText: "beta" } },
    ]);
    assert.deepEqual(verdicts(result), ["ok", "E_NOT_FOUND"]);
    assert.match(result.data.results[1].diagnostics[0].msg, /^stale range: expected "beta", found "BETA"/);
    assert.deepEqual(paragraphs(env.sim), ["alpha BETA"]);
  });

  test(`dryRun of a batch changes nothing and reports each op (${profile})`, async () => {
    const env = setup(profile, { text: "alpha beta" });
    const beta = ok(await env.run("search", { query: "beta" })).results[0].rangeId;
    const before = JSON.stringify(env.sim.snapshot());
    const sizeBefore = env.engine.registry.size();
    const result = await runBatch(env, [
      { op: "table.create", args: { rows: 2, cols: 2, scope: "document", location: "end" } },
      { op: "table.setCellText", args: { tableRef: "tableId:$0.tableId", row: 0, col: 0, text: "A" } },
      { op: "insertText", args: { text: "x", scope: `rangeId:${beta}`, expectText: "beta" } },
      { op: "applyStyle", args: { scope: `rangeId:${beta}`, namedStyle: "Heading 1" } },
    ], { dryRun: true });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.data.dryRun, true);
    assert.ok(result.syncs <= 2, `${result.syncs} syncs`);
    assert.equal(JSON.stringify(env.sim.snapshot()), before);
    assert.equal(env.engine.registry.size(), sizeBefore);
    const [create, cell, text, style] = result.data.results.map((r) => r.data);
    assert.deepEqual(create.targets, { scope: { kind: "document" } });
    assert.equal(cell.targets.tableRef, "created by op 0");
    assert.equal(cell.wouldRun.args.tableRef, "tableId:$0.tableId");
    assert.deepEqual(text.targets.scope, { kind: "range", rangeId: beta, text: "beta" });
    assert.deepEqual(style.targets.namedStyle, { name: "Heading 1", builtIn: "Heading1" });

    // a failing op: with stopOnError the rest would not run
    const failing = await runBatch(env, [
      { op: "insertText", args: { text: "x", scope: `rangeId:${beta}`, expectText: "gamma" } },
      { op: "insertText", args: { text: "y", scope: "document" } },
    ], { dryRun: true });
    assert.deepEqual(verdicts(failing), ["E_NOT_FOUND", "E_RUNTIME"]);
    assert.match(failing.data.results[1].diagnostics[0].msg, /would fail/);
    assert.equal(JSON.stringify(env.sim.snapshot()), before);
  });

  test(`dryRun of a batch: a table gone from Word fails its op only (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const table = ok(await env.run("table.create", { rows: 1, cols: 1, scope: "document", location: "end" }));
    ok(await env.run("table.deleteRows", { tableRef: `tableId:${table.tableId}`, indexes: [0] }));
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "x", scope: "document" } },
      { op: "table.setCellText", args: { tableRef: `tableId:${table.tableId}`, row: 0, col: 0, text: "A" } },
      { op: "getSelection", args: {} },
    ], { dryRun: true, stopOnError: false });
    assert.deepEqual(verdicts(result), ["ok", "E_NOT_FOUND", "ok"]);
    assert.equal(result.data.results[1].diagnostics[0].field, "args.tableRef");
  });

  test(`long batches report progress; nested batches and unknown ops are refused (${profile})`, async () => {
    const env = setup(profile, { text: "" });
    const reports = [];
    const ops = Array.from({ length: 60 }, (_, i) => ({ op: "insertText", args: { text: `${i % 10}`, scope: "document", location: "end" } }));
    const result = await runBatch(env, ops, {}, { onProgress: (r) => reports.push(r) });
    assert.equal(result.ok, true);
    assert.deepEqual(reports.map((r) => r.done), [25, 50]);
    assert.ok(reports.every((r) => r.total === 60));
    const refused = await runBatch(env, [{ op: "batch", args: { ops: [] } }, { op: "explode", args: {} }], { stopOnError: false });
    assert.deepEqual(verdicts(refused), ["E_UNSUPPORTED", "E_UNSUPPORTED"]);
  });
}

test("references: substitution, lookups and the ops they name", () => {
  const data = [{ tableId: "tbl_a_1", results: [{ rangeId: "rng_a_2" }] }];
  const lookup = (op, path) => valueAt(data[op], path);
  assert.deepEqual(substitute({ tableRef: "tableId:$0.tableId", list: ["x $0.results.0.rangeId y"] }, lookup),
    { tableRef: "tableId:tbl_a_1", list: ["x rng_a_2 y"] });
  assert.equal(valueAt(data[0], "results"), undefined);
  assert.equal(valueAt(data[0], "results.0.missing"), undefined);
  assert.deepEqual(referencesIn({ a: "$3.x and $1.y", b: [7, "$2.z"] }), [3, 1, 2]);
  const fields = [];
  substitute({ a: { b: ["$0.q"] } }, (op, path, ref, field) => { fields.push(field); return ""; });
  assert.deepEqual(fields, ["args.a.b[0]"]);
});

test("a reference to a list or an object says so and shows how to name one item", () => {
  const data = { results: [{ rangeId: "rng_a_2", text: "Alpha" }], table: { rows: 2 }, count: null };
  assert.equal(whyNoValue(data, "results", 0), "results in op 0's result is a list of 1, not one value: name an item, e.g. $0.results.0.rangeId");
  assert.equal(whyNoValue(data, "table", 1), "table in op 1's result is an object, not one value: name a field, e.g. $1.table.rows");
  assert.equal(whyNoValue(data, "nope", 0), "op 0's result has no nope");
  assert.equal(whyNoValue(data, "results.3.rangeId", 0), "op 0's result has no results.3.rangeId");
  assert.equal(whyNoValue(data, "count", 0), "count in op 0's result is null");
});
