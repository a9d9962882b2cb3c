// How many syncs a batch costs: ops that read nothing another op of the batch needs share one sync with Word.run's
// closing one (2 in all, however many: data_formatter's table.create + table.applyStyle, searches in a row); a later
// op that needs an earlier search's hits waits for one more (3, however many searches and edits). The results are
// what the ops answer one by one, and a Word error at a shared sync is still blamed on the op that caused it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, paragraphs, setup, tables } from "./helpers.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { HANDLERS } from "../../../addin/js/handlers/index.js";
import { PaneError } from "../../../addin/js/errors.js";

const TEXT = "Invoice 2024 for ACME.\nThe invoices of 2024 are due.\nA\nB";
const BAD_PICTURE = { source: "base64", data: "bm90IGFuIGltYWdl", naturalWidth: 1, naturalHeight: 1, scope: "document", location: "end" };

/** data_formatter's table word_op as the pane receives it (bridge/tools/data_formatter.py, after the server's parse). */
const DATA_FORMATTER_TABLE = [
  { op: "table.create", args: { rows: 3, cols: 2, scope: "selection", location: "after", header: true, data: [["Item", "Price"], ["Tea", "$3"], ["Cake", "$4"]] } },
  { op: "table.applyStyle", args: { tableRef: "tableId:$0.tableId", style: { name: "Grid Table 4 - Accent 1", bandedRows: true, firstRow: true } } },
];

/** @param {string} query @param {object} [extra] */
const search = (query, extra = {}) => ({ op: "search", args: { query, ...extra } });

/** Run a batch through the engine, counting the simulator's syncs; a failed batch must leave nothing queued. */
async function runBatch({ sim, engine }, ops, extra = {}) {
  const before = sim.syncCount;
  const outcome = await engine.execute({ type: "ai-cmd", id: `batch-${Math.random()}`, content: "batch", op: { type: "word.op", op: "batch", version: "1.0", args: { ops, ...extra } } });
  const syncs = sim.syncCount - before;
  assert.equal(outcome.stats.syncs, syncs, "engine stats vs simulator");
  assert.deepEqual(sim.leftoverOperations(), [], "operations left queued");
  return { ...outcome.result, syncs };
}

const verdicts = (result) => result.data.results.map((r) => (r.ok ? "ok" : r.code));
/** A result with its ids written as "<id>" (ids differ from run to run). */
const withoutIds = (value) => JSON.parse(JSON.stringify(value).replace(/\b(rng|tbl)_[a-z0-9]+_\d+\b/g, "<id>"));

for (const profile of PROFILES) {
  test(`data_formatter's table word_op takes 2 syncs and answers as before (${profile})`, async () => {
    const env = setup(profile, { text: "Intro" });
    const result = await runBatch(env, DATA_FORMATTER_TABLE);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.syncs, 2);
    const [created, styled] = result.data.results;
    assert.deepEqual(styled, { ok: true, op: "table.applyStyle", data: { tableId: created.data.tableId, rows: 3, cols: 2, headerRowCount: 1 }, diagnostics: [] });
    const [table] = tables(env.sim);
    assert.deepEqual(table.values, [["Item", "Price"], ["Tea", "$3"], ["Cake", "$4"]]);
    // the same style as table.applyStyle on its own gives
    const alone = setup(profile, { text: "Intro" });
    const made = (await alone.run("table.create", DATA_FORMATTER_TABLE[0].args)).result.data;
    const own = await alone.run("table.applyStyle", { ...DATA_FORMATTER_TABLE[1].args, tableRef: `tableId:${made.tableId}` });
    assert.deepEqual(withoutIds(own.result.data), withoutIds(styled.data));
    assert.deepEqual(withoutIds(env.sim.snapshot()), withoutIds(alone.sim.snapshot()));
  });

  test(`five tables created and styled in one batch still take 2 syncs (${profile})`, async () => {
    const env = setup(profile, { text: "Intro" });
    const ops = [0, 2, 4, 6, 8].flatMap((k) => DATA_FORMATTER_TABLE.map(({ op, args }) => ({ op, args: JSON.parse(JSON.stringify(args).replace("$0", `$${k}`)) })));
    const result = await runBatch(env, ops);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.syncs, 2);
    assert.equal(tables(env.sim).length, 5);
    for (const k of [1, 3, 5, 7, 9]) assert.equal(result.data.results[k].data.headerRowCount, 1);
  });

  test(`searches in a row share one sync, also after writes, with the hits each finds on its own (${profile})`, async () => {
    const env = setup(profile, { text: TEXT });
    const queries = ["invoice", "2024", "ACME", "nothing here"];
    const one = await runBatch(env, [search("invoice")]);
    assert.equal(one.syncs, 2);
    const many = await runBatch(env, queries.map((q) => search(q)));
    assert.equal(many.syncs, 2);
    for (const [k, query] of queries.entries()) {
      const alone = (await env.run("search", { query })).result.data;
      assert.deepEqual(withoutIds(many.data.results[k].data), withoutIds(alone), query);
    }
    // a search after a write sees the write, in the same sync
    const after = await runBatch(env, [
      { op: "insertText", args: { text: "Invoice again. ", scope: "document", location: "start" } },
      search("invoice"),
      { op: "insertText", args: { text: "!", scope: "document", location: "end" } },
    ]);
    assert.equal(after.syncs, 2);
    assert.equal(after.data.results[1].data.results.length, 3);
    assert.equal(after.data.results[1].data.results[0].context, "Invoice again. Invoice 2024 for ACME.");
  });

  test(`edits of the hits of earlier searches take 3 syncs, however many (${profile})`, async () => {
    for (const n of [1, 12]) {
      const env = setup(profile, { text: TEXT });
      const ops = [
        ...Array.from({ length: n }, (_, i) => search(i % 2 ? "2024" : "invoice")),
        ...Array.from({ length: n }, (_, i) => ({ op: "insertText", args: { text: "*", scope: `rangeId:$${i}.results[0].rangeId`, location: "end" } })),
      ];
      const result = await runBatch(env, ops);
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.equal(result.syncs, 3, `${n} searches and edits`);
      const stars = "*".repeat(Math.ceil(n / 2));
      assert.equal(paragraphs(env.sim)[0], n === 1 ? "Invoice* 2024 for ACME." : `Invoice${stars} 2024${"*".repeat(Math.floor(n / 2))} for ACME.`);
    }
  });

  test(`a write that fails after searches is blamed; the searches keep their hits (${profile})`, async () => {
    for (const stopOnError of [true, false]) {
      const env = setup(profile, { text: TEXT });
      const result = await runBatch(env, [
        search("invoice"),
        search("2024"),
        { op: "insertPicture", args: BAD_PICTURE },
        { op: "insertText", args: { text: "!", scope: "document", location: "end" } },
      ], { stopOnError });
      assert.deepEqual(verdicts(result), ["ok", "ok", "E_INVALID_ARG", stopOnError ? "E_RUNTIME" : "ok"]);
      assert.equal(result.data.failedAt, 2);
      assert.equal(result.data.results[0].data.results.length, 2);
      assert.equal(result.data.results[1].data.results[0].text, "2024");
      assert.equal(paragraphs(env.sim).at(-1), stopOnError ? "B" : "B!");
      // the hits' ids work afterwards
      const hit = result.data.results[0].data.results[0].rangeId;
      assert.equal((await env.run("insertText", { text: "#", scope: `rangeId:${hit}`, location: "start" })).result.ok, true);
    }
  });

  test(`a read that fails at the sync it shares is blamed, and the reads before it run again (${profile})`, async () => {
    // A read-only op whose load Word refuses (a document without a table has no first table).
    async function firstTable({ context, sync }) {
      const table = context.document.body.tables.getFirst();
      table.load("rowCount");
      try {
        await sync();
      } catch (err) {
        if (err?.code === "ItemNotFound") throw new PaneError("E_NOT_FOUND", "The document has no table", "args");
        throw err;
      }
      return { rows: table.rowCount };
    }
    firstTable.firstSync = /** @type {const} */ ("read");
    firstTable.readsOnly = true;
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText(TEXT);
    const engine = createEngine({ Word: sim.Word, Office: sim.Office, handlers: { ...HANDLERS, "test.firstTable": firstTable } });
    for (const stopOnError of [true, false]) {
      const result = await runBatch({ sim, engine }, [
        search("invoice"),
        { op: "test.firstTable", args: {} },
        search("2024"),
      ], { stopOnError });
      assert.deepEqual(verdicts(result), ["ok", "E_NOT_FOUND", stopOnError ? "E_RUNTIME" : "ok"]);
      assert.equal(result.data.failedAt, 1);
      assert.deepEqual(result.data.results[0].data.results.map((r) => r.text), ["Invoice", "invoice"]);
      // Word's error went to the op's own handler, as at a sync of its own: no note about a shared sync
      assert.deepEqual(result.data.results[1].diagnostics.map((d) => d.level), ["error"]);
    }
  });

  test(`a search whose expectText does not match stops the writes after it (${profile})`, async () => {
    const env = setup(profile, { text: TEXT });
    const hit = (await env.run("search", { query: "ACME", matchCase: true })).result.data.results[0].rangeId;
    const result = await runBatch(env, [
      search("ACME", { scope: `rangeId:${hit}`, expectText: "Globex" }),
      { op: "insertText", args: { text: "W1", scope: "document", location: "end" } },
      { op: "insertText", args: { text: "W2", scope: "document", location: "end" } },
    ]);
    assert.deepEqual(verdicts(result).slice(1), ["E_RUNTIME", "E_RUNTIME"]);
    assert.equal(result.data.failedAt, 0);
    assert.equal(paragraphs(env.sim).at(-1), "B");
  });

  test(`table.applyStyle of a table gone from Word, in a batch: E_NOT_FOUND as on its own (${profile})`, async () => {
    const env = setup(profile, { text: "Body" });
    const made = (await env.run("table.create", { rows: 1, cols: 1, scope: "document", location: "end" })).result.data;
    await env.sim.Word.run(async (context) => {
      context.document.body.tables.getFirst().delete();
      await context.sync();
    });
    const result = await runBatch(env, [
      { op: "insertText", args: { text: "A", scope: "document", location: "start" } },
      { op: "table.applyStyle", args: { tableRef: `tableId:${made.tableId}`, style: { name: "Table Grid" } } },
      { op: "insertText", args: { text: "B", scope: "document", location: "end" } },
    ]);
    assert.deepEqual(verdicts(result), ["ok", "E_NOT_FOUND", "E_RUNTIME"]);
    assert.deepEqual(result.data.results[1].diagnostics, [
      { level: "error", msg: `The table of tableId:${made.tableId} no longer exists (ItemNotFound)`, field: "args.tableRef" },
    ]);
    assert.equal(paragraphs(env.sim)[0], "ABody");
  });

  test(`a reference to a size table.applyStyle reads back waits for it (${profile})`, async () => {
    const env = setup(profile, { text: "Intro" });
    const result = await runBatch(env, [
      ...DATA_FORMATTER_TABLE,
      { op: "insertText", args: { text: "rows $1.rows, header rows $1.headerRowCount", scope: "document", location: "end", newParagraph: true } },
    ]);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(paragraphs(env.sim).at(-1), "rows 3, header rows 1");
    assert.equal(result.syncs, 3);
  });
}
