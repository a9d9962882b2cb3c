// The table an op on one table edits: `tableRef` resolved, its size and values loaded in one sync (isUniform too
// for column ops), and a table that is gone answered as E_NOT_FOUND. table.js, table-style.js and dryRun use it.

import { ANCHOR_LOOKUP, PaneError, officeCodeOf, tableGoneMessage } from "../errors.js";
import { assertTableFound, parseRef, resolveTableRef } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

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
    return new PaneError("E_NOT_FOUND", tableGoneMessage(ref, code), "args.tableRef");
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
export async function loadTable(env, what) {
  const queued = queueTableLoad(env, what);
  try {
    await env.sync();
  } catch (err) {
    throw tableLoadError(err, env.args.tableRef);
  }
  return /** @type {LoadedTable & { tableId: string }} */ (queued.finish());
}

