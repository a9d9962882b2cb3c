// Tables: insertTable, rows/columns, cells, merges, header rows, styles and banding.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

const run = (sim, fn) => sim.Word.run(async (ctx) => { const v = await fn(ctx); await ctx.sync(); return v; });
async function withTable(values = [["A", "B", "C"], ["1", "2", "3"], ["4", "5", "6"]]) {
  const sim = createSimulator();
  sim.setText("before");
  await run(sim, (ctx) => ctx.document.body.insertTable(values.length, values[0].length, "End", values));
  return sim;
}
const table = (sim) => sim.snapshot().blocks.find((b) => b.type === "table");
const first = (ctx) => ctx.document.body.tables.getFirst();

test("insertTable with values; a trailing paragraph follows the table", async () => {
  const sim = await withTable();
  const snap = sim.snapshot();
  assert.deepEqual(snap.blocks.map((b) => b.type), ["paragraph", "table", "paragraph"]);
  assert.deepEqual(table(sim).values, [["A", "B", "C"], ["1", "2", "3"], ["4", "5", "6"]]);
  assert.equal(table(sim).rowCount, 3);
  assert.equal(table(sim).columnCount, 3);
});

test("a new table never touches another: an empty paragraph goes between (Word keeps one between two tables)", async () => {
  const sim = createSimulator();
  sim.load([{ type: "table", values: [["A"]] }, { type: "paragraph", text: "mid" }, { type: "table", values: [["B"]] }, { type: "paragraph", text: "end" }]);
  const types = () => sim.snapshot().blocks.map((b) => (b.type === "table" ? `[${b.values[0][0]}]` : b.text));
  await run(sim, (ctx) => ctx.document.body.insertTable(1, 1, "Start", [["S"]]));
  assert.deepEqual(types(), ["[S]", "", "[A]", "mid", "[B]", "end"]);
  await run(sim, (ctx) => ctx.document.body.tables.getFirst().getNext().insertTable(1, 1, "After", [["T"]]));
  assert.deepEqual(types(), ["[S]", "", "[A]", "", "[T]", "mid", "[B]", "end"]);
  await run(sim, (ctx) => ctx.document.body.tables.getFirst().insertTable(1, 1, "Before", [["U"]]));
  assert.deepEqual(types(), ["[U]", "", "[S]", "", "[A]", "", "[T]", "mid", "[B]", "end"]);
});

test("insertTable values larger than the table: InvalidArgument", async () => {
  const sim = createSimulator();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertTable(1, 2, "End", [["a", "b", "c"]])), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertTable(1, 2, "End", [["a"], ["b"]])), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertTable(0, 2, "End")), "InvalidArgument");
});

test("insertTable of more than 63 columns (Word's limit): InvalidArgument, on every kind of holder", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "p" }, { type: "table", values: [["A"]] }, { type: "paragraph", text: "q" }]);
  const before = sim.snapshot();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertTable(1, 64, "End")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().insertTable(1, 70, "After")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().getRange().insertTable(1, 64, "Before")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.tables.getFirst().insertTable(1, 64, "After")), "InvalidArgument");
  assert.deepEqual(sim.snapshot(), before);
  await run(sim, (ctx) => ctx.document.body.insertTable(1, 63, "End"));
  assert.equal(sim.snapshot().blocks.filter((b) => b.type === "table")[1].columnCount, 63);
});

test("table properties load: rowCount, values, headerRowCount, style, styleBuiltIn", async () => {
  const sim = await withTable();
  const t = await run(sim, async (ctx) => { const t = first(ctx); t.load("rowCount,values,headerRowCount,style,styleBuiltIn,isUniform"); await ctx.sync(); return t.toJSON(); });
  assert.equal(t.rowCount, 3);
  assert.equal(t.headerRowCount, 0);
  assert.equal(t.style, "Table Grid");
  assert.equal(t.styleBuiltIn, "TableGrid");
  assert.equal(t.isUniform, true);
});

test("addRows Start/End with values; wrong location is InvalidArgument", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => { first(ctx).addRows("End", 1, [["7", "8", "9"]]); first(ctx).addRows("Start", 1); });
  assert.deepEqual(table(sim).values.map((r) => r[0]), ["", "A", "1", "4", "7"]);
  await rejectsWith(run(sim, (ctx) => first(ctx).addRows("After", 1)), "InvalidArgument");
});

test("addColumns on a uniform table; refused once cells are merged", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => first(ctx).addColumns("End", 1, [["D"], ["4"]]));
  assert.deepEqual(table(sim).values[0], ["A", "B", "C", "D"]);
  await run(sim, (ctx) => first(ctx).mergeCells(1, 0, 1, 1));
  await rejectsWith(run(sim, (ctx) => first(ctx).addColumns("Start", 1)), "GeneralException");
});

test("isUniform (WordApi 1.3) turns false after a merge, horizontal or vertical", async () => {
  const uniform = async (sim) => run(sim, async (ctx) => { const t = first(ctx); t.load("isUniform"); await ctx.sync(); return t.isUniform; });
  const wide = await withTable();
  assert.equal(await uniform(wide), true);
  await run(wide, (ctx) => first(ctx).mergeCells(0, 0, 0, 1));
  assert.equal(await uniform(wide), false);
  const tall = await withTable();
  await run(tall, (ctx) => first(ctx).mergeCells(0, 2, 1, 2));
  assert.equal(await uniform(tall), false);
});

test("column edits on a non-uniform table: GeneralException (Table.deleteColumns, TableCell.insertColumns/deleteColumn)", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => first(ctx).mergeCells(1, 0, 1, 1));
  const before = table(sim).values;
  await rejectsWith(run(sim, (ctx) => first(ctx).deleteColumns(2)), "GeneralException");
  await rejectsWith(run(sim, (ctx) => first(ctx).getCell(0, 0).insertColumns("After", 1)), "GeneralException");
  await rejectsWith(run(sim, (ctx) => first(ctx).getCell(0, 2).deleteColumn()), "GeneralException");
  assert.deepEqual(table(sim).values, before);
  // Rows still work on it.
  await run(sim, (ctx) => first(ctx).deleteRows(2));
  assert.equal(table(sim).rowCount, 2);
});

test("deleteRows / deleteColumns; deleting every row deletes the table", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => { first(ctx).deleteRows(1); first(ctx).deleteColumns(0, 2); });
  assert.deepEqual(table(sim).values, [["C"], ["6"]]);
  await rejectsWith(run(sim, (ctx) => first(ctx).deleteRows(5)), "ItemNotFound");
  await run(sim, (ctx) => first(ctx).deleteRows(0, 2));
  assert.equal(table(sim), undefined);
});

test("getCell and getCellOrNullObject; a missing cell is ItemNotFound", async () => {
  const sim = await withTable();
  const v = await run(sim, async (ctx) => { const c = first(ctx).getCell(1, 2); c.load("value,rowIndex,cellIndex"); await ctx.sync(); return c.toJSON(); });
  assert.deepEqual(v, { value: "3", rowIndex: 1, cellIndex: 2 });
  await rejectsWith(run(sim, (ctx) => first(ctx).getCell(3, 0).load("value")), "ItemNotFound");
  const isNull = await run(sim, async (ctx) => { const c = first(ctx).getCellOrNullObject(0, 9); await ctx.sync(); return c.isNullObject; });
  assert.equal(isNull, true);
});

test("cell.value set, cell.body insertText, row.values", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => {
    first(ctx).getCell(0, 0).value = "Name";
    first(ctx).getCell(0, 1).body.insertText("!", "End");
  });
  const rowValues = await run(sim, async (ctx) => { const rows = first(ctx).rows; rows.load("items/values"); await ctx.sync(); return rows.items[0].values; });
  assert.deepEqual(rowValues, [["Name", "B!", "C"]]);
});

test("rows collection, row.insertRows, cell.insertRows/insertColumns/deleteRow/deleteColumn", async () => {
  const sim = await withTable();
  await run(sim, async (ctx) => {
    const rows = first(ctx).rows;
    rows.load("items");
    await ctx.sync();
    rows.items[0].insertRows("After", 1, [["x", "y", "z"]]);
    first(ctx).getCell(0, 0).insertColumns("Before", 1, [["c0"]]);
  });
  assert.deepEqual(table(sim).values.slice(0, 2), [["c0", "A", "B", "C"], ["", "x", "y", "z"]]);
  await run(sim, (ctx) => { first(ctx).getCell(1, 1).deleteRow(); first(ctx).getCell(0, 0).deleteColumn(); });
  assert.deepEqual(table(sim).values, [["A", "B", "C"], ["1", "2", "3"], ["4", "5", "6"]]);
  await rejectsWith(run(sim, (ctx) => first(ctx).getCell(0, 0).insertRows("End", 1)), "InvalidArgument");
});

test("mergeCells (WordApi 1.4): content moves to the first cell; merges in the snapshot", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => first(ctx).mergeCells(1, 0, 2, 1));
  const t = table(sim);
  assert.deepEqual(t.merges, [{ row: 1, col: 0, rowSpan: 2, colSpan: 2 }]);
  assert.equal(t.values[1][0], "1\n2\n4\n5");
  const cellCount = await run(sim, async (ctx) => { const rows = first(ctx).rows; rows.load("items/cellCount"); await ctx.sync(); return rows.items.map((r) => r.cellCount); });
  assert.deepEqual(cellCount, [3, 2, 2]);
  await rejectsWith(run(sim, (ctx) => first(ctx).mergeCells(0, 0, 1, 0)), "InvalidArgument");
});

test("mergeCells on a WordApi 1.3 host: ApiNotFound", async () => {
  const sim = createSimulator({ apiSets: { WordApi: "1.3" } });
  sim.load([{ type: "table", values: [["a", "b"]] }]);
  await rejectsWith(run(sim, (ctx) => first(ctx).mergeCells(0, 0, 0, 1)), "ApiNotFound", "The method or property Table.mergeCells is part of the WordApi 1.4 requirement set, which is not available in your version of Word.");
});

test("header rows, style by name and built-in, banding flags", async () => {
  const sim = await withTable();
  await run(sim, (ctx) => {
    const t = first(ctx);
    t.headerRowCount = 1;
    t.styleBuiltIn = sim.Word.BuiltInStyleName.gridTable4_Accent1;
    t.styleBandedRows = false;
    t.styleFirstColumn = false;
    t.styleTotalRow = true;
  });
  const t = table(sim);
  assert.equal(t.headerRowCount, 1);
  assert.equal(t.style, "Grid Table 4 - Accent 1");
  assert.deepEqual([t.styleBandedRows, t.styleFirstColumn, t.styleTotalRow], [false, false, true]);
  await run(sim, (ctx) => { first(ctx).style = "Plain Table 2"; });
  assert.equal(table(sim).style, "Plain Table 2");
  await rejectsWith(run(sim, (ctx) => { first(ctx).style = "Nope Table"; }), "ItemNotFound");
  await rejectsWith(run(sim, (ctx) => { first(ctx).styleBandedRows = "yes"; }), "InvalidArgument");
});

test("parentTable / parentTableOrNullObject from a range inside a cell", async () => {
  const sim = await withTable();
  sim.select("5");
  const rc = await run(sim, async (ctx) => { const t = ctx.document.getSelection().parentTable; t.load("rowCount"); await ctx.sync(); return t.rowCount; });
  assert.equal(rc, 3);
  sim.select("before");
  const isNull = await run(sim, async (ctx) => { const t = ctx.document.getSelection().parentTableOrNullObject; t.load("rowCount"); await ctx.sync(); return t.isNullObject; });
  assert.equal(isNull, true);
});

test("insertTable on a range After, table getRange and insertParagraph After", async () => {
  const sim = createSimulator();
  sim.setText("one\ntwo");
  sim.select("one");
  await run(sim, (ctx) => {
    const t = ctx.document.getSelection().insertTable(1, 2, "After", [["a", "b"]]);
    t.insertParagraph("after table", "After");
  });
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.type === "table" ? "T" : b.text), ["one", "T", "after table", "two"]);
});
