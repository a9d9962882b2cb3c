// table.create, table.insertRows/insertColumns, table.deleteRows/deleteColumns, table.setCellText,
// table.mergeCells (table.applyStyle: table-style.js). Every op but create loads the table once (rowCount, values, and for
// column ops isUniform; one sync) to check bounds, then queues the edit, which Word.run's closing sync
// applies. Results carry the table's size after the op.

import { bool, int, oneOf, str } from "../args.js";
import { ANCHOR_LOOKUP, PaneError, officeCodeOf } from "../errors.js";
import { LOCATIONS, bodyBlockLocation, rangeBlockLocation } from "../locations.js";
import { assertTableFound, firstBlockOf, lastBlockOf, parseRef, resolveScope, resolveTableRef } from "../registry.js";

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
 * (start → before; end, after and replace → after). A range that starts (before) or ends (after) with a table —
 * a table id, table.create's rangeId, an insertMarkdown result — gets the new table before or after that table,
 * never inside a cell, with the paragraph Word keeps between two tables. The rangeId returned is the table's
 * range: edits before, after or instead of it act on the table as a block.
 * @param {HandlerEnv} env
 */
export async function create({ context, registry, args }) {
  const { rows, cols, location, header, values } = createArgs(args);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  const where = rangeBlockLocation(location);
  /** @type {Word.Table} */
  let table;
  if (target.kind === "document") table = target.body.insertTable(rows, cols, bodyBlockLocation(location), values);
  else if (target.kind === "range" && (where === "Before" ? target.edges?.first : target.edges?.last)) {
    const next = /** @type {Word.Table} */ ((where === "Before" ? firstBlockOf(target) : lastBlockOf(target)).table);
    // Tables that touch are one table in Word: the new one goes on the far side of a paragraph of its own.
    table = next.insertParagraph("", where).insertTable(rows, cols, where, values);
  } else table = target.range.insertTable(rows, cols, where, values);
  if (header) table.headerRowCount = 1;
  const tableId = registry.add("tbl", table);
  const rangeId = registry.add("rng", table.getRange("Whole"), { edges: { first: true, last: true, only: true }, twin: tableId, empty: false });
  return { tableId, rangeId, rows, cols };
}
create.firstSync = /** @type {const} */ ("none");

/**
 * The args of table.create, checked (also by dryRun).
 * @param {Record<string, any>} args
 */
export function createArgs(args) {
  const rows = int(args, "rows", { min: 1, max: MAX_ROWS });
  const cols = int(args, "cols", { min: 1, max: MAX_COLUMNS });
  const location = oneOf(args, "location", LOCATIONS, "end");
  const header = bool(args, "header", false);
  return { rows, cols, location, header, values: fullGrid(rows, cols, args.data) };
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
 * @property {string | undefined} tableId  undefined when reached through a range and not given an id (dryRun)
 * @property {number} rows
 * @property {number} cols   the widest row (merged cells make rows narrower)
 * @property {string[][]} values
 * @property {boolean} uniform  Table.isUniform (loaded for column ops only; true otherwise)
 */

/** The ops that load isUniform (column edits are for uniform tables only). */
export const COLUMN_OPS = new Set(["table.insertColumns", "table.deleteColumns"]);

/**
 * Resolve `tableRef` and queue the load of its size and values (not synced). After the sync, `finish` gives
 * the loaded table, with an id (a table reached through a range gets one unless `mint` is false).
 * @param {{ registry: import("../registry.js").Registry, args: Record<string, any>, context?: Word.RequestContext }} env
 * @param {{ uniformity?: boolean }} [what]  also load isUniform (column ops)
 */
export function queueTableLoad({ registry, args, context }, { uniformity = false } = {}) {
  const resolved = resolveTableRef(registry, args.tableRef, "args.tableRef", context);
  resolved.table.load(uniformity ? ["rowCount", "values", "isUniform"] : ["rowCount", "values"]);
  return {
    table: resolved.table,
    /** @param {{ mint?: boolean }} [options] @returns {LoadedTable} */
    finish({ mint = true } = {}) {
      assertTableFound(resolved);
      const values = resolved.table.values;
      let tableId;
      if (!resolved.viaRange) tableId = parseRef(args.tableRef, "args.tableRef").id;
      else if (mint) tableId = registry.add("tbl", resolved.table);
      return {
        table: resolved.table,
        tableId,
        rows: resolved.table.rowCount,
        cols: values.reduce((widest, row) => Math.max(widest, row.length), 0),
        values,
        uniform: uniformity ? resolved.table.isUniform : true,
      };
    },
  };
}

/**
 * The error of a sync that loaded `tableRef`: a table that was deleted answers E_NOT_FOUND; anything else
 * (including a batch's earlier op failing in the same sync) is passed on.
 * @param {unknown} err
 * @param {unknown} ref
 */
export function tableLoadError(err, ref) {
  const code = officeCodeOf(err);
  // An anchor that is not in the document is said as such by mapError.
  if (/** @type {{ debugInfo?: { errorLocation?: string } }} */ (err)?.debugInfo?.errorLocation === ANCHOR_LOOKUP) return err;
  if (code === "ItemNotFound" || code === "GeneralException" || code === "InvalidObjectPath") {
    return new PaneError("E_NOT_FOUND", `The table of ${ref} no longer exists (${code})`, "args.tableRef");
  }
  return err;
}

/**
 * Resolve `tableRef`, load its size and values (first sync), and give it an id.
 * A table that was deleted answers E_NOT_FOUND.
 * @param {HandlerEnv} env
 * @param {{ uniformity?: boolean }} [what]  also load isUniform (column ops)
 * @returns {Promise<LoadedTable & { tableId: string }>}
 */
async function loadTable(env, what) {
  const queued = queueTableLoad(env, what);
  try {
    await env.sync();
  } catch (err) {
    throw tableLoadError(err, env.args.tableRef);
  }
  return /** @type {LoadedTable & { tableId: string }} */ (queued.finish());
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
 * Merge the rectangle startRow/startCol + rowSpan×colSpan (Table.mergeCells, WordApi 1.4).
 * @param {HandlerEnv} env
 */
export async function mergeCells(env) {
  assertCanMerge(env.supports);
  mergeArgs(env.args);
  const loaded = await loadTable(env);
  const { startRow, startCol, bottomRow, lastCell } = checkMergeCells(env.args, loaded);
  loaded.table.mergeCells(startRow, startCol, bottomRow, lastCell);
  return { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
}

for (const handler of [insertRows, insertColumns, deleteRows, deleteColumns, setCellText, mergeCells]) {
  /** @type {import("../types.js").Handler} */ (handler).firstSync = "read";
}
