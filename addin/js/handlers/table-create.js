// table.create: a new table at the scope, with its data; a table at a range's table edge goes on the far side of
// a paragraph of its own (tables that touch are one table in Word). Word's table limits are here too.

import { bool, int, oneOf } from "../args.js";
import { PaneError } from "../errors.js";
import { LOCATIONS, bodyBlockLocation, rangeBlockLocation } from "../locations.js";
import { firstBlockOf, lastBlockOf, resolveScope } from "../registry.js";
import { besideBlocks } from "../scopes.js";
import { readAnchor, readsAnchorFirst } from "./anchor-read.js";
import { blockEdgeParagraph, readsBlockEdge } from "./block-edge-spot.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** Word's column limit. */
export const MAX_COLUMNS = 63;
/** Rows one op may create or add: bounded so a single frame stays reasonable (Word itself allows 32,767). */
export const MAX_ROWS = 10000;

/**
 * Create a table with optional data (missing cells are ""). Nothing to read (no sync of its own) but an anchor,
 * read first (anchor-read.js: whether it starts or ends with a table now).
 * On the document: at its start or end. On a range/selection: before or after its paragraph
 * (start → before; end, after and replace → after). A range that starts (before) or ends (after) with a table —
 * a table id, table.create's rangeId, an insertMarkdown result — gets the new table before or after that table,
 * never inside a cell, with the paragraph Word keeps between two tables. Before/after an anchor go next to its
 * content control, outside it ({@link besideBlocks}); start/end/replace as on its content. The rangeId returned is
 * the table's range: edits before, after or instead of it act on the table as a block. At the start or end of a
 * block's id that starts or ends with page, column or section breaks, between the breaks and the block's text, on its
 * page (block-edge-spot.js: one sync that reads first, out of a batch).
 * @param {HandlerEnv} env
 */
export async function create(env) {
  const { context, registry, args } = env;
  const { rows, cols, location, header, values } = createArgs(args);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  await readAnchor(env, target, { change: location === "before" || location === "after" ? "same" : "unknown" });
  const where = rangeBlockLocation(location);
  // At the start or end of a block's id: between the breaks it starts or ends with and its text (block-edge-spot.js).
  const edge = await blockEdgeParagraph(env, target, location);
  /** @type {Word.Table} */
  let table;
  if (target.kind === "document") table = target.body.insertTable(rows, cols, bodyBlockLocation(location), values);
  else if (edge) table = edge.paragraph.insertTable(rows, cols, edge.where, values);
  else if (target.kind === "range" && (where === "Before" ? target.edges?.first : target.edges?.last)) {
    const next = /** @type {Word.Table} */ ((where === "Before" ? firstBlockOf(target) : lastBlockOf(target)).table);
    // Tables that touch are one table in Word: the new one goes on the far side of a paragraph of its own.
    table = next.insertParagraph("", where).insertTable(rows, cols, where, values);
  } else table = (location === "before" || location === "after" ? besideBlocks(target) : target.range).insertTable(rows, cols, where, values);
  if (header) table.headerRowCount = 1;
  const tableId = registry.add("tbl", table);
  const rangeId = registry.add("rng", table.getRange("Whole"), { edges: { first: true, last: true, only: true }, twin: tableId, empty: false });
  return { tableId, rangeId, rows, cols };
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
create.firstSync = (env) => (readsAnchorFirst(env) || readsBlockEdge(env, env.args.scope, env.args.location ?? "end") ? "read" : "none");

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

