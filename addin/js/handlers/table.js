// table.create, table.insertRows/insertColumns, table.deleteRows/deleteColumns, table.setCellText,
// table.mergeCells, table.applyStyle. Every op but create loads the table once (rowCount, values, and for
// column ops isUniform; one sync) to check bounds, then queues the edit, which Word.run's closing sync
// applies. Results carry the table's size after the op.

import { bool, int, nested, object, oneOf, str } from "../args.js";
import { PaneError, officeCodeOf } from "../errors.js";
import { LOCATIONS, bodyBlockLocation, rangeBlockLocation } from "../locations.js";
import { assertTableFound, parseRef, resolveScope, resolveTableRef } from "../registry.js";
import { builtInStyleValue } from "../styles.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** Word's column limit. */
const MAX_COLUMNS = 63;
/** Rows one op may create or add: bounded so a single frame stays reasonable (Word itself allows 32,767). */
const MAX_ROWS = 10000;
/** Report progress for deletions of more rows/columns than this. */
const PROGRESS_THRESHOLD = 50;

/**
 * Create a table with optional data (missing cells are ""). Nothing to read: no sync of its own.
 * On the document: at its start or end. On a range/selection: before or after its paragraph
 * (start → before; end, after and replace → after).
 * @param {HandlerEnv} env
 */
export async function create({ context, registry, args }) {
  const rows = int(args, "rows", { min: 1, max: MAX_ROWS });
  const cols = int(args, "cols", { min: 1, max: MAX_COLUMNS });
  const location = oneOf(args, "location", LOCATIONS, "end");
  const header = bool(args, "header", false);
  const values = fullGrid(rows, cols, args.data);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  const table = target.kind === "document"
    ? target.body.insertTable(rows, cols, bodyBlockLocation(location), values)
    : target.range.insertTable(rows, cols, rangeBlockLocation(location), values);
  if (header) table.headerRowCount = 1;
  const tableId = registry.add("tbl", table);
  const rangeId = registry.add("rng", table.getRange("Whole"));
  return { tableId, rangeId, rows, cols };
}

/**
 * @param {number} rows
 * @param {number} cols
 * @param {unknown} data
 * @returns {string[][]}
 */
function fullGrid(rows, cols, data) {
  if (data !== undefined && !Array.isArray(data)) throw new PaneError("E_INVALID_ARG", "args.data must be an array of rows", "args.data");
  const given = /** @type {unknown[]} */ (data ?? []);
  if (given.length > rows) throw new PaneError("E_INVALID_ARG", `args.data has ${given.length} rows; the table has ${rows}`, "args.data");
  return Array.from({ length: rows }, (_, r) => {
    const row = given[r] ?? [];
    if (!Array.isArray(row)) throw new PaneError("E_INVALID_ARG", `args.data[${r}] must be an array of strings`, `args.data[${r}]`);
    if (row.length > cols) throw new PaneError("E_INVALID_ARG", `args.data[${r}] has ${row.length} cells; the table has ${cols} columns`, `args.data[${r}]`);
    return Array.from({ length: cols }, (_, c) => {
      const cell = row[c] ?? "";
      if (typeof cell !== "string") throw new PaneError("E_INVALID_ARG", `args.data[${r}][${c}] must be a string`, `args.data[${r}][${c}]`);
      return cell;
    });
  });
}

/**
 * A table loaded for an edit.
 * @typedef {object} LoadedTable
 * @property {Word.Table} table
 * @property {string} tableId
 * @property {number} rows
 * @property {number} cols   the widest row (merged cells make rows narrower)
 * @property {string[][]} values
 * @property {boolean} uniform  Table.isUniform (loaded for column ops only; true otherwise)
 */

/**
 * Resolve `tableRef`, load its size and values (first sync), and give it an id.
 * A table that was deleted answers E_NOT_FOUND.
 * @param {HandlerEnv} env
 * @param {{ uniformity?: boolean }} [what]  also load isUniform (column ops)
 * @returns {Promise<LoadedTable>}
 */
async function loadTable({ registry, args, sync }, { uniformity = false } = {}) {
  const resolved = resolveTableRef(registry, args.tableRef);
  resolved.table.load(uniformity ? ["rowCount", "values", "isUniform"] : ["rowCount", "values"]);
  try {
    await sync();
  } catch (err) {
    const code = officeCodeOf(err);
    if (code === "ItemNotFound" || code === "GeneralException" || code === "InvalidObjectPath") {
      throw new PaneError("E_NOT_FOUND", `The table of ${args.tableRef} no longer exists (${code})`, "args.tableRef");
    }
    throw err;
  }
  assertTableFound(resolved);
  const values = resolved.table.values;
  const tableId = resolved.viaRange ? registry.add("tbl", resolved.table) : parseRef(args.tableRef, "args.tableRef").id;
  return {
    table: resolved.table,
    tableId,
    rows: resolved.table.rowCount,
    cols: values.reduce((widest, row) => Math.max(widest, row.length), 0),
    values,
    uniform: uniformity ? resolved.table.isUniform : true,
  };
}

/**
 * Word documents column edits (Table.addColumns/deleteColumns, TableCell.insertColumns/deleteColumn) for
 * uniform tables only: refuse them on tables with merged cells instead of letting Word fail or guess.
 * @param {LoadedTable} loaded
 * @param {string} what  "insert" | "delete"
 */
function assertUniform(loaded, what) {
  if (!loaded.uniform) {
    throw new PaneError("E_UNSUPPORTED", `Word can only ${what} columns in a uniform table; this table has merged cells (its rows have different cell counts or span several columns)`, "args.tableRef");
  }
}

/**
 * Insert `count` rows so that the first new row has index `at` (at = rowCount appends).
 * @param {HandlerEnv} env
 */
export async function insertRows(env) {
  const count = int(env.args, "count", { min: 1, max: MAX_ROWS, fallback: 1 });
  const at = int(env.args, "at", { min: 0 });
  const loaded = await loadTable(env);
  const { table, rows } = loaded;
  if (at > rows) throw new PaneError("E_INVALID_ARG", `args.at is ${at}; the table has ${rows} rows (at most ${rows} appends)`, "args.at");
  if (at === 0) table.addRows("Start", count);
  else if (at === rows) table.addRows("End", count);
  else table.getCell(at, 0).insertRows("Before", count);
  return { tableId: loaded.tableId, rows: rows + count, cols: loaded.cols };
}

/**
 * Insert `count` columns so that the first new column has index `at` (at = column count appends), through
 * the cells of the first row. Uniform tables only (E_UNSUPPORTED otherwise).
 * @param {HandlerEnv} env
 */
export async function insertColumns(env) {
  const count = int(env.args, "count", { min: 1, max: MAX_COLUMNS, fallback: 1 });
  const at = int(env.args, "at", { min: 0 });
  const loaded = await loadTable(env, { uniformity: true });
  assertUniform(loaded, "insert");
  const { table, cols } = loaded;
  const firstRowCells = loaded.values[0]?.length ?? cols;
  if (at > firstRowCells) throw new PaneError("E_INVALID_ARG", `args.at is ${at}; the table has ${firstRowCells} columns (at most ${firstRowCells} appends)`, "args.at");
  if (cols + count > MAX_COLUMNS) throw new PaneError("E_INVALID_ARG", `A Word table has at most ${MAX_COLUMNS} columns`, "args.count");
  if (at < firstRowCells) table.getCell(0, at).insertColumns("Before", count);
  else table.getCell(0, firstRowCells - 1).insertColumns("After", count);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: cols + count };
}

/**
 * Check `indexes` (unique, non-negative) and return them grouped into runs of consecutive indexes, highest
 * run first, so that each run is one delete call and earlier deletes do not shift later ones.
 * @param {unknown} indexes
 * @param {number} size
 * @param {string} what "rows" | "columns"
 * @returns {{ start: number, count: number }[]}
 */
function deletionRuns(indexes, size, what) {
  if (!Array.isArray(indexes) || indexes.length === 0) throw new PaneError("E_INVALID_ARG", "args.indexes must be a non-empty array of indexes", "args.indexes");
  indexes.forEach((index, k) => {
    if (!Number.isInteger(index) || index < 0) throw new PaneError("E_INVALID_ARG", `args.indexes[${k}] must be an integer ≥ 0`, `args.indexes[${k}]`);
    if (index >= size) throw new PaneError("E_NOT_FOUND", `args.indexes[${k}] is ${index}; the table has ${size} ${what}`, `args.indexes[${k}]`);
  });
  const sorted = [...new Set(/** @type {number[]} */ (indexes))].sort((a, b) => b - a);
  if (sorted.length !== indexes.length) throw new PaneError("E_INVALID_ARG", "args.indexes has duplicates", "args.indexes");
  /** @type {{ start: number, count: number }[]} */
  const runs = [];
  for (const index of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.start === index + 1) {
      last.start = index;
      last.count += 1;
    } else {
      runs.push({ start: index, count: 1 });
    }
  }
  return runs;
}

/**
 * Delete rows by index. Deleting every row deletes the table (its id then stops working).
 * @param {HandlerEnv} env
 */
export async function deleteRows(env) {
  const loaded = await loadTable(env);
  const runs = deletionRuns(env.args.indexes, loaded.rows, "rows");
  const deleted = runs.reduce((n, run) => n + run.count, 0);
  if (deleted === loaded.rows) return deleteWholeTable(env, loaded);
  if (deleted > PROGRESS_THRESHOLD) env.progress(0, deleted, `Deleting ${deleted} rows`);
  for (const run of runs) loaded.table.deleteRows(run.start, run.count);
  return { tableId: loaded.tableId, rows: loaded.rows - deleted, cols: loaded.cols };
}

/**
 * Delete columns by index. Deleting every column deletes the table (which works on any table); deleting
 * some is for uniform tables only (E_UNSUPPORTED otherwise).
 * @param {HandlerEnv} env
 */
export async function deleteColumns(env) {
  const loaded = await loadTable(env, { uniformity: true });
  const runs = deletionRuns(env.args.indexes, loaded.cols, "columns");
  const deleted = runs.reduce((n, run) => n + run.count, 0);
  if (deleted === loaded.cols) return deleteWholeTable(env, loaded);
  assertUniform(loaded, "delete");
  if (deleted > PROGRESS_THRESHOLD) env.progress(0, deleted, `Deleting ${deleted} columns`);
  for (const run of runs) loaded.table.deleteColumns(run.start, run.count);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols - deleted };
}

/**
 * @param {HandlerEnv} env
 * @param {LoadedTable} loaded
 */
async function deleteWholeTable(env, loaded) {
  loaded.table.delete();
  env.note("info", "Every row or column was deleted, so the table was deleted", "args.indexes");
  return { tableId: loaded.tableId, rows: 0, cols: 0 };
}

/**
 * Replace the text of one cell.
 * @param {HandlerEnv} env
 */
export async function setCellText(env) {
  const row = int(env.args, "row", { min: 0 });
  const col = int(env.args, "col", { min: 0 });
  const text = str(env.args, "text");
  const loaded = await loadTable(env);
  assertCell(loaded, row, col, "args.row", "args.col");
  loaded.table.getCell(row, col).body.insertText(text, "Replace");
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
}

/**
 * @param {LoadedTable} loaded
 * @param {number} row
 * @param {number} col
 * @param {string} rowField
 * @param {string} colField
 */
function assertCell(loaded, row, col, rowField, colField) {
  if (row >= loaded.rows) throw new PaneError("E_NOT_FOUND", `Row ${row} does not exist; the table has ${loaded.rows} rows`, rowField);
  const cells = loaded.values[row]?.length ?? 0;
  if (col >= cells) throw new PaneError("E_NOT_FOUND", `Cell ${col} does not exist in row ${row}, which has ${cells} cells`, colField);
}

/**
 * Merge the rectangle startRow/startCol + rowSpan×colSpan (Table.mergeCells, WordApi 1.4).
 * A start cell outside the table is E_NOT_FOUND; a span that runs past the table is E_INVALID_ARG.
 * @param {HandlerEnv} env
 */
export async function mergeCells(env) {
  if (!env.supports("WordApi", "1.4")) throw new PaneError("E_UNSUPPORTED", "Merging cells needs WordApi 1.4", "op");
  const startRow = int(env.args, "startRow", { min: 0 });
  const startCol = int(env.args, "startCol", { min: 0 });
  const rowSpan = int(env.args, "rowSpan", { min: 1 });
  const colSpan = int(env.args, "colSpan", { min: 1 });
  if (rowSpan * colSpan < 2) throw new PaneError("E_INVALID_ARG", "rowSpan × colSpan must cover more than one cell", "args.colSpan");
  const loaded = await loadTable(env);
  assertCell(loaded, startRow, startCol, "args.startRow", "args.startCol");
  const bottomRow = startRow + rowSpan - 1;
  const lastCell = startCol + colSpan - 1;
  if (bottomRow >= loaded.rows) throw new PaneError("E_INVALID_ARG", `rowSpan ${rowSpan} from row ${startRow} runs past the table's ${loaded.rows} rows`, "args.rowSpan");
  for (let r = startRow; r <= bottomRow; r += 1) {
    if (lastCell >= (loaded.values[r]?.length ?? 0)) {
      throw new PaneError("E_INVALID_ARG", `colSpan ${colSpan} from column ${startCol} runs past row ${r}'s ${loaded.values[r]?.length ?? 0} cells`, "args.colSpan");
    }
  }
  loaded.table.mergeCells(startRow, startCol, bottomRow, lastCell);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
}

/**
 * Apply a table style by name (built-in names as enum value or display name → styleBuiltIn; other names →
 * style) and the banding flags (firstRow → headerRowCount 1/0, lastRow → styleTotalRow).
 * @param {HandlerEnv} env
 */
export async function applyStyle(env) {
  const style = object(env.args, "style");
  if (!style || Object.keys(style).length === 0) throw new PaneError("E_INVALID_ARG", "args.style must set a name or a banding flag", "args.style");
  const name = nested("style", () => str(style, "name", { min: 1, optional: true }));
  /** @type {[flag: string, apply: (table: Word.Table, on: boolean) => void][]} */
  const flags = [
    ["bandedRows", (t, on) => { t.styleBandedRows = on; }],
    ["bandedColumns", (t, on) => { t.styleBandedColumns = on; }],
    ["firstColumn", (t, on) => { t.styleFirstColumn = on; }],
    ["lastColumn", (t, on) => { t.styleLastColumn = on; }],
    ["lastRow", (t, on) => { t.styleTotalRow = on; }],
    ["firstRow", (t, on) => { t.headerRowCount = on ? 1 : 0; }],
  ];
  for (const [flag] of flags) {
    if (style[flag] !== undefined && typeof style[flag] !== "boolean") throw new PaneError("E_INVALID_ARG", `args.style.${flag} must be true or false`, `args.style.${flag}`);
  }
  const loaded = await loadTable(env);
  if (name !== undefined) {
    const builtIn = builtInStyleValue(env.Word, name);
    if (builtIn) loaded.table.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (builtIn);
    else loaded.table.style = name;
  }
  for (const [flag, apply] of flags) if (style[flag] !== undefined) apply(loaded.table, style[flag]);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
}
