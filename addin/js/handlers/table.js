// table.insertRows/insertColumns, table.deleteRows/deleteColumns, table.setCellText, table.mergeCells
// (table.create: table-create.js; table.applyStyle: table-style.js). Every op loads the table once (rowCount,
// values, and for column ops isUniform; one sync, table-load.js) to check bounds, then queues the edit, which
// Word.run's closing sync applies. Results carry the table's size after the op.

import { int, str } from "../args.js";
import { PaneError } from "../errors.js";
import { MAX_COLUMNS, MAX_ROWS, createArgs } from "./table-create.js";
import { loadTable } from "./table-load.js";

export { create, createArgs } from "./table-create.js";
export { COLUMN_OPS, queueTableLoad, tableLoadError } from "./table-load.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./table-load.js").LoadedTable} LoadedTable */

/** Report progress for deletions of more rows/columns than this. */
const PROGRESS_THRESHOLD = 50;

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
 * The checks each table op makes against the loaded table before it writes anything (also what dryRun
 * checks): each reads its args, throws the op's error, and returns what the op needs.
 * @type {Record<string, (args: Record<string, any>, loaded: LoadedTable) => any>}
 */
export const TABLE_CHECKS = {
  "table.insertRows": checkInsertRows,
  "table.insertColumns": checkInsertColumns,
  "table.deleteRows": (args, loaded) => deletionRuns(args.indexes, loaded.rows, "rows"),
  "table.deleteColumns": checkDeleteColumns,
  "table.setCellText": checkSetCellText,
  "table.mergeCells": checkMergeCells,
};

/**
 * @param {Record<string, any>} args
 * @param {LoadedTable} loaded
 */
function checkInsertRows(args, loaded) {
  const count = int(args, "count", { min: 1, max: MAX_ROWS, fallback: 1 });
  const at = int(args, "at", { min: 0 });
  if (at > loaded.rows) throw new PaneError("E_INVALID_ARG", `args.at is ${at}; the table has ${loaded.rows} rows (at most ${loaded.rows} appends)`, "args.at");
  return { count, at };
}

/**
 * Insert `count` rows so that the first new row has index `at` (at = rowCount appends).
 * @param {HandlerEnv} env
 */
export async function insertRows(env) {
  const loaded = await loadTable(env);
  const { count, at } = checkInsertRows(env.args, loaded);
  const { table, rows } = loaded;
  if (at === 0) table.addRows("Start", count);
  else if (at === rows) table.addRows("End", count);
  else table.getCell(at, 0).insertRows("Before", count);
  return { tableId: loaded.tableId, rows: rows + count, cols: loaded.cols };
}

/**
 * @param {Record<string, any>} args
 * @param {LoadedTable} loaded
 */
function checkInsertColumns(args, loaded) {
  const count = int(args, "count", { min: 1, max: MAX_COLUMNS, fallback: 1 });
  const at = int(args, "at", { min: 0 });
  assertUniform(loaded, "insert");
  const firstRowCells = loaded.values[0]?.length ?? loaded.cols;
  if (at > firstRowCells) throw new PaneError("E_INVALID_ARG", `args.at is ${at}; the table has ${firstRowCells} columns (at most ${firstRowCells} appends)`, "args.at");
  if (loaded.cols + count > MAX_COLUMNS) throw new PaneError("E_INVALID_ARG", `A Word table has at most ${MAX_COLUMNS} columns`, "args.count");
  return { count, at, firstRowCells };
}

/**
 * Insert `count` columns so that the first new column has index `at` (at = column count appends), through
 * the cells of the first row. Uniform tables only (E_UNSUPPORTED otherwise).
 * @param {HandlerEnv} env
 */
export async function insertColumns(env) {
  const loaded = await loadTable(env, { uniformity: true });
  const { count, at, firstRowCells } = checkInsertColumns(env.args, loaded);
  if (at < firstRowCells) loaded.table.getCell(0, at).insertColumns("Before", count);
  else loaded.table.getCell(0, firstRowCells - 1).insertColumns("After", count);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols + count };
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
 * Deleting every column deletes the table (which works on any table); deleting some is for uniform tables only.
 * @param {Record<string, any>} args
 * @param {LoadedTable} loaded
 */
function checkDeleteColumns(args, loaded) {
  const runs = deletionRuns(args.indexes, loaded.cols, "columns");
  const deleted = runs.reduce((n, run) => n + run.count, 0);
  if (deleted !== loaded.cols) assertUniform(loaded, "delete");
  return { runs, deleted };
}

/**
 * Delete columns by index. Deleting every column deletes the table (which works on any table); deleting
 * some is for uniform tables only (E_UNSUPPORTED otherwise).
 * @param {HandlerEnv} env
 */
export async function deleteColumns(env) {
  const loaded = await loadTable(env, { uniformity: true });
  const { runs, deleted } = checkDeleteColumns(env.args, loaded);
  if (deleted === loaded.cols) return deleteWholeTable(env, loaded);
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
 * @param {Record<string, any>} args
 * @param {LoadedTable} loaded
 */
function checkSetCellText(args, loaded) {
  const row = int(args, "row", { min: 0 });
  const col = int(args, "col", { min: 0 });
  const text = str(args, "text");
  assertCell(loaded, row, col, "args.row", "args.col");
  return { row, col, text };
}

/**
 * Replace the text of one cell.
 * @param {HandlerEnv} env
 */
export async function setCellText(env) {
  const loaded = await loadTable(env);
  const { row, col, text } = checkSetCellText(env.args, loaded);
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
 * The merge rectangle's args, checked before anything is loaded.
 * @param {Record<string, any>} args
 */
function mergeArgs(args) {
  const startRow = int(args, "startRow", { min: 0 });
  const startCol = int(args, "startCol", { min: 0 });
  const rowSpan = int(args, "rowSpan", { min: 1 });
  const colSpan = int(args, "colSpan", { min: 1 });
  if (rowSpan * colSpan < 2) throw new PaneError("E_INVALID_ARG", "rowSpan × colSpan must cover more than one cell", "args.colSpan");
  return { startRow, startCol, rowSpan, colSpan };
}

/**
 * A start cell outside the table is E_NOT_FOUND; a span that runs past the table is E_INVALID_ARG.
 * @param {Record<string, any>} args
 * @param {LoadedTable} loaded
 */
function checkMergeCells(args, loaded) {
  const { startRow, startCol, rowSpan, colSpan } = mergeArgs(args);
  assertCell(loaded, startRow, startCol, "args.startRow", "args.startCol");
  const bottomRow = startRow + rowSpan - 1;
  const lastCell = startCol + colSpan - 1;
  if (bottomRow >= loaded.rows) throw new PaneError("E_INVALID_ARG", `rowSpan ${rowSpan} from row ${startRow} runs past the table's ${loaded.rows} rows`, "args.rowSpan");
  for (let r = startRow; r <= bottomRow; r += 1) {
    if (lastCell >= (loaded.values[r]?.length ?? 0)) {
      throw new PaneError("E_INVALID_ARG", `colSpan ${colSpan} from column ${startCol} runs past row ${r}'s ${loaded.values[r]?.length ?? 0} cells`, "args.colSpan");
    }
  }
  return { startRow, startCol, bottomRow, lastCell };
}

/**
 * Merging cells needs WordApi 1.4.
 * @param {(name: string, version: string) => boolean} supports
 */
export function assertCanMerge(supports) {
  if (!supports("WordApi", "1.4")) throw new PaneError("E_UNSUPPORTED", "Merging cells needs WordApi 1.4", "op");
}

/**
 * mergeCells' checks before it touches Word: the host, then the rectangle's args.
 * @param {HandlerEnv} env
 */
function checkMerge(env) {
  assertCanMerge(env.supports);
  mergeArgs(env.args);
}

/**
 * Merge the rectangle startRow/startCol + rowSpan×colSpan (Table.mergeCells, WordApi 1.4).
 * @param {HandlerEnv} env
 */
export async function mergeCells(env) {
  checkMerge(env);
  const loaded = await loadTable(env);
  const { startRow, startCol, bottomRow, lastCell } = checkMergeCells(env.args, loaded);
  loaded.table.mergeCells(startRow, startCol, bottomRow, lastCell);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
}

for (const handler of [insertRows, insertColumns, deleteRows, deleteColumns, setCellText, mergeCells]) {
  /** @type {import("../types.js").Handler} */ (handler).firstSync = "read";
}

/**
 * The checks the table ops make of the host and their args before they touch Word, by op (those made against the
 * loaded table are TABLE_CHECKS): a dry run makes them too (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = {
  "table.create": (env) => createArgs(env.args),
  "table.mergeCells": checkMerge,
};
