import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, selectText, setup, tables } from "./helpers.js";

const DATA = [["Name", "Qty"], ["Apples", "3"], ["Pears", "5"]];

/** A document with one 3×2 table at its end; returns the ids too. */
async function withTable(profile, args = {}) {
  const env = setup(profile, { text: "Intro" });
  const created = ok(await env.run("table.create", { rows: 3, cols: 2, scope: "document", location: "end", data: DATA, ...args }));
  return { ...env, created, ref: `tableId:${created.tableId}` };
}

for (const profile of PROFILES) {
  test(`table.create with data and header at the document end (${profile})`, async () => {
    const { sim, created } = await withTable(profile, { header: true });
    assert.match(created.tableId, /^tbl_/);
    assert.match(created.rangeId, /^rng_/);
    assert.equal(created.rows, 3);
    assert.equal(created.cols, 2);
    const [table] = tables(sim);
    assert.deepEqual(table.values, DATA);
    assert.equal(table.headerRowCount, 1);
    assert.equal(paragraphs(sim)[0], "Intro");
  });

  test(`table.create pads missing cells and inserts relative to the selection (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "First\nSecond" });
    await selectText(sim, "First");
    ok(await run("table.create", { rows: 2, cols: 3, data: [["a"]] }));
    ok(await run("table.create", { rows: 1, cols: 1, scope: "document", location: "start" }));
    const blocks = paragraphs(sim);
    assert.deepEqual(blocks.slice(0, 3), ["[table]", "First", "[table]"]);
    assert.deepEqual(tables(sim)[1].values, [["a", "", ""], ["", "", ""]]);
    assert.equal(tables(sim)[1].headerRowCount, 0);
  });

  test(`table.create failures (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("table.create", { rows: 0, cols: 2 }), "E_INVALID_ARG", "args.rows");
    fails(await run("table.create", { rows: 2, cols: 64 }), "E_INVALID_ARG", "args.cols");
    fails(await run("table.create", { rows: 1, cols: 1, data: [["a", "b"]] }), "E_INVALID_ARG", "args.data[0]");
    fails(await run("table.create", { rows: 1, cols: 1, data: [[7]] }), "E_INVALID_ARG", "args.data[0][0]");
    fails(await run("table.create", { rows: 1, cols: 1, scope: "rangeId:rng_dead_1" }), "E_NOT_FOUND", "args.scope");
  });

  test(`table.insertRows at the start, middle and end (${profile})`, async () => {
    const { sim, run, ref, created } = await withTable(profile);
    assert.deepEqual(ok(await run("table.insertRows", { tableRef: ref, at: 1, count: 2 })), { tableId: created.tableId, rows: 5, cols: 2 });
    assert.deepEqual(tables(sim)[0].values, [DATA[0], ["", ""], ["", ""], DATA[1], DATA[2]]);
    ok(await run("table.insertRows", { tableRef: ref, at: 0 }));
    ok(await run("table.insertRows", { tableRef: ref, at: 6 }));
    const values = tables(sim)[0].values;
    assert.equal(values.length, 7);
    assert.deepEqual(values[0], ["", ""]);
    assert.deepEqual(values[1], DATA[0]);
    assert.deepEqual(values[6], ["", ""]);
    fails(await run("table.insertRows", { tableRef: ref, at: 8 }), "E_INVALID_ARG", "args.at");
  });

  test(`table.insertColumns at the start, middle and end (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    assert.equal(ok(await run("table.insertColumns", { tableRef: ref, at: 1, count: 1 })).cols, 3);
    assert.deepEqual(tables(sim)[0].values[1], ["Apples", "", "3"]);
    ok(await run("table.insertColumns", { tableRef: ref, at: 0 }));
    const end = ok(await run("table.insertColumns", { tableRef: ref, at: 4, count: 2 }));
    assert.equal(end.cols, 6);
    assert.deepEqual(tables(sim)[0].values[2], ["", "Pears", "", "5", "", ""]);
    assert.equal(tables(sim)[0].columnCount, 6);
    fails(await run("table.insertColumns", { tableRef: ref, at: 7 }), "E_INVALID_ARG", "args.at");
    fails(await run("table.insertColumns", { tableRef: ref, at: 0, count: 60 }), "E_INVALID_ARG", "args.count");
  });

  test(`table.deleteRows and deleteColumns by index (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    ok(await run("table.insertRows", { tableRef: ref, at: 3, count: 2 }));
    ok(await run("table.setCellText", { tableRef: ref, row: 4, col: 0, text: "Plums" }));
    const after = ok(await run("table.deleteRows", { tableRef: ref, indexes: [3, 2, 0] }));
    assert.equal(after.rows, 2);
    assert.deepEqual(tables(sim)[0].values, [DATA[1], ["Plums", ""]]);
    assert.equal(ok(await run("table.deleteColumns", { tableRef: ref, indexes: [1] })).cols, 1);
    assert.deepEqual(tables(sim)[0].values, [["Apples"], ["Plums"]]);
    fails(await run("table.deleteRows", { tableRef: ref, indexes: [5] }), "E_NOT_FOUND", "args.indexes[0]");
    fails(await run("table.deleteColumns", { tableRef: ref, indexes: [1] }), "E_NOT_FOUND", "args.indexes[0]");
    fails(await run("table.deleteRows", { tableRef: ref, indexes: [] }), "E_INVALID_ARG", "args.indexes");
  });

  test(`column ops refuse tables with merged cells: E_UNSUPPORTED, the table unchanged (${profile})`, async () => {
    const { sim, run, ref, created } = await withTable(profile);
    ok(await run("table.insertColumns", { tableRef: ref, at: 2 }));
    ok(await run("table.mergeCells", { tableRef: ref, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 }));
    const before = tables(sim)[0].values;
    fails(await run("table.insertColumns", { tableRef: ref, at: 1 }), "E_UNSUPPORTED", "args.tableRef");
    fails(await run("table.insertColumns", { tableRef: ref, at: 2 }), "E_UNSUPPORTED", "args.tableRef");
    fails(await run("table.deleteColumns", { tableRef: ref, indexes: [2] }), "E_UNSUPPORTED", "args.tableRef");
    assert.deepEqual(tables(sim)[0].values, before);
    // Rows, cells and deleting the whole table still work.
    ok(await run("table.insertRows", { tableRef: ref, at: 3 }));
    ok(await run("table.setCellText", { tableRef: ref, row: 0, col: 0, text: "Both" }));
    assert.deepEqual(ok(await run("table.deleteColumns", { tableRef: ref, indexes: [0, 1, 2] })), { tableId: created.tableId, rows: 0, cols: 0 });
    assert.equal(tables(sim).length, 0);
  });

  test(`deleting every row deletes the table; its id then is not found (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    const gone = ok(await run("table.deleteRows", { tableRef: ref, indexes: [2, 1, 0] }));
    assert.deepEqual([gone.rows, gone.cols], [0, 0]);
    assert.equal(tables(sim).length, 0);
    fails(await run("table.setCellText", { tableRef: ref, row: 0, col: 0, text: "x" }), "E_NOT_FOUND", "args.tableRef");
  });

  test(`table.setCellText, also through a range inside the table (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    ok(await run("table.setCellText", { tableRef: ref, row: 2, col: 1, text: "7" }));
    assert.equal(tables(sim)[0].values[2][1], "7");
    const hit = ok(await run("search", { query: "Apples" })).results[0];
    const viaRange = ok(await run("table.setCellText", { tableRef: `rangeId:${hit.rangeId}`, row: 0, col: 0, text: "Fruit" }));
    assert.match(viaRange.tableId, /^tbl_/);
    assert.deepEqual([viaRange.rows, viaRange.cols], [3, 2]);
    assert.equal(tables(sim)[0].values[0][0], "Fruit");
    // the table id minted through the range works too
    ok(await run("table.setCellText", { tableRef: `tableId:${viaRange.tableId}`, row: 0, col: 1, text: "Count" }));
    assert.deepEqual(tables(sim)[0].values[0], ["Fruit", "Count"]);
    fails(await run("table.setCellText", { tableRef: ref, row: 3, col: 0, text: "x" }), "E_NOT_FOUND", "args.row");
    fails(await run("table.setCellText", { tableRef: ref, row: 0, col: 2, text: "x" }), "E_NOT_FOUND", "args.col");
  });

  test(`a range outside any table is not a tableRef (${profile})`, async () => {
    const { run } = await withTable(profile);
    const intro = ok(await run("search", { query: "Intro" })).results[0];
    fails(await run("table.insertRows", { tableRef: `rangeId:${intro.rangeId}`, at: 0 }), "E_NOT_FOUND", "args.tableRef");
    fails(await run("table.insertRows", { tableRef: "tableId:tbl_zzzz_4", at: 0 }), "E_NOT_FOUND", "args.tableRef");
    fails(await run("table.insertRows", { tableRef: "table 1", at: 0 }), "E_INVALID_ARG", "args.tableRef");
  });

  test(`table.mergeCells (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    ok(await run("table.insertColumns", { tableRef: ref, at: 2 }));
    const merged = ok(await run("table.mergeCells", { tableRef: ref, startRow: 1, startCol: 0, rowSpan: 2, colSpan: 2 }));
    assert.deepEqual([merged.rows, merged.cols], [3, 3]);
    const [table] = tables(sim);
    assert.deepEqual(table.merges, [{ row: 1, col: 0, rowSpan: 2, colSpan: 2 }]);
  });

  test(`table.mergeCells bounds (${profile})`, async () => {
    const { run, ref } = await withTable(profile);
    fails(await run("table.mergeCells", { tableRef: ref, startRow: 5, startCol: 0, rowSpan: 1, colSpan: 2 }), "E_NOT_FOUND", "args.startRow");
    fails(await run("table.mergeCells", { tableRef: ref, startRow: 0, startCol: 2, rowSpan: 2, colSpan: 1 }), "E_NOT_FOUND", "args.startCol");
    fails(await run("table.mergeCells", { tableRef: ref, startRow: 1, startCol: 0, rowSpan: 3, colSpan: 1 }), "E_INVALID_ARG", "args.rowSpan");
    fails(await run("table.mergeCells", { tableRef: ref, startRow: 0, startCol: 1, rowSpan: 1, colSpan: 2 }), "E_INVALID_ARG", "args.colSpan");
    fails(await run("table.mergeCells", { tableRef: ref, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 1 }), "E_INVALID_ARG", "args.colSpan");
  });

  test(`table.applyStyle with built-in names and banding flags (${profile})`, async () => {
    const { sim, run, ref, created } = await withTable(profile);
    assert.deepEqual(ok(await run("table.applyStyle", { tableRef: ref, style: { name: "Grid Table 4 - Accent 1", firstRow: true, bandedRows: true } })),
      { tableId: created.tableId, rows: 3, cols: 2, headerRowCount: 1 });
    let [table] = tables(sim);
    assert.match(table.style, /Grid Table 4.*Accent 1|GridTable4_Accent1/);
    assert.equal(table.headerRowCount, 1);
    const plain = ok(await run("table.applyStyle", { tableRef: ref, style: { name: "PlainTable2", firstRow: false, lastRow: true, firstColumn: true, lastColumn: true, bandedColumns: true } }));
    assert.equal(plain.headerRowCount, 0);
    [table] = tables(sim);
    assert.match(table.style, /Plain Table 2|PlainTable2/);
    assert.equal(table.headerRowCount, 0);
    ok(await run("table.applyStyle", { tableRef: ref, style: { name: "Table Grid" } }));
    assert.match(tables(sim)[0].style, /Table Grid|TableGrid/);
  });

  test(`table.applyStyle failures (${profile})`, async () => {
    const { run, ref } = await withTable(profile);
    fails(await run("table.applyStyle", { tableRef: ref, style: {} }), "E_INVALID_ARG", "args.style");
    fails(await run("table.applyStyle", { tableRef: ref, style: { bandedRows: "yes" } }), "E_INVALID_ARG", "args.style.bandedRows");
    fails(await run("table.applyStyle", { tableRef: ref, style: { name: "" } }), "E_INVALID_ARG", "args.style.name");
    const unknown = await run("table.applyStyle", { tableRef: ref, style: { name: "No Such Table Style" } });
    assert.equal(unknown.result.ok, false);
  });

  test(`table.applyStyle: firstRow is the repeated header row, read back in data (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    const on = await run("table.applyStyle", { tableRef: ref, style: { firstRow: true } });
    assert.equal(ok(on).headerRowCount, 1);
    assert.equal(on.stats.syncs, 2);
    assert.equal(tables(sim)[0].headerRowCount, 1);
    assert.equal(ok(await run("table.applyStyle", { tableRef: ref, style: { firstRow: false, bandedRows: true } })).headerRowCount, 0);
    // without firstRow the current header rows are reported as they are
    assert.equal(ok(await run("table.applyStyle", { tableRef: ref, style: { bandedRows: false } })).headerRowCount, 0);
  });

  test(`table.applyStyle with an unknown or non-table style name: nothing changes (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    const before = JSON.stringify(sim.snapshot());
    const unknown = fails(await run("table.applyStyle", { tableRef: ref, style: { name: "Grid Tabel 4 Accent 1", firstRow: true } }), "E_NOT_FOUND", "args.style.name");
    assert.match(unknown.diagnostics[0].msg, /No table style named "Grid Tabel 4 Accent 1".*Nearest: "Grid Table 4/);
    const paragraphStyle = fails(await run("table.applyStyle", { tableRef: ref, style: { name: "Heading 1" } }), "E_INVALID_ARG", "args.style.name");
    assert.match(paragraphStyle.diagnostics[0].msg, /"Heading 1" is not a table style/);
    assert.equal(JSON.stringify(sim.snapshot()), before);
  });

  test(`table.applyStyle with a custom table style of the document, any case (${profile})`, async () => {
    const { sim, run, ref } = await withTable(profile);
    await sim.Word.run(async (context) => {
      context.document.addStyle("Client Table", "Table");
      await context.sync();
    });
    ok(await run("table.applyStyle", { tableRef: ref, style: { name: "client table" } }));
    assert.equal(tables(sim)[0].style, "Client Table");
  });

  test(`table.create from records: the header row repeats (${profile})`, async () => {
    // the server turns records into data with a header row of the keys and header: true
    const { sim, run } = setup(profile, { text: "" });
    const created = ok(await run("table.create", { rows: 3, cols: 2, scope: "document", header: true, data: [["name", "age"], ["Ada", "36"], ["Alan", "41"]] }));
    assert.equal(created.rows, 3);
    const [table] = tables(sim);
    assert.equal(table.headerRowCount, 1);
    assert.deepEqual(table.values[0], ["name", "age"]);
  });
}

test("table.applyStyle below WordApi 1.5: an unknown custom name is Word's refusal, E_NOT_FOUND, nothing changed", async () => {
  const { sim, run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.4" } } });
  const created = ok(await run("table.create", { rows: 2, cols: 2, scope: "document" }));
  const before = JSON.stringify(sim.snapshot());
  const refused = fails(await run("table.applyStyle", { tableRef: `tableId:${created.tableId}`, style: { name: "Gird Table 4", bandedRows: false } }), "E_NOT_FOUND", "args.style.name");
  assert.match(refused.diagnostics[0].msg, /Nearest: "Grid Table 4/);
  assert.equal(JSON.stringify(sim.snapshot()), before);
});

test("table.mergeCells needs WordApi 1.4", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.3" } } });
  const created = ok(await run("table.create", { rows: 2, cols: 2, scope: "document" }));
  fails(await run("table.mergeCells", { tableRef: `tableId:${created.tableId}`, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 }), "E_UNSUPPORTED");
});
