// table.applyStyle: a table style by name (built-in or the document's own) and the banding flags, with the
// checks dry-run.js makes too. The table is loaded as the other table ops load it (table-load.js).

import { nested, object, str } from "../args.js";
import { PaneError, officeCodeOf } from "../errors.js";
import { parseRef } from "../registry.js";
import { BUILT_IN_STYLES, builtInStyleValue, displayName, nearestNames } from "../styles.js";
import { queueTableLoad, tableLoadError } from "./table-load.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./table-load.js").LoadedTable} LoadedTable */

/** @type {[flag: string, apply: (table: Word.Table, on: boolean) => void][]} */
const STYLE_FLAGS = [
  ["bandedRows", (t, on) => { t.styleBandedRows = on; }],
  ["bandedColumns", (t, on) => { t.styleBandedColumns = on; }],
  ["firstColumn", (t, on) => { t.styleFirstColumn = on; }],
  ["lastColumn", (t, on) => { t.styleLastColumn = on; }],
  ["lastRow", (t, on) => { t.styleTotalRow = on; }],
  ["firstRow", (t, on) => { t.headerRowCount = on ? 1 : 0; }],
];

/**
 * `args.style` of table.applyStyle, checked: its name (if any) and flags.
 * @param {Record<string, any>} args
 */
export function tableStyleArgs(args) {
  const style = object(args, "style");
  if (!style || Object.keys(style).length === 0) throw new PaneError("E_INVALID_ARG", "args.style must set a name or a banding flag", "args.style");
  const name = nested("style", () => str(style, "name", { min: 1, optional: true }));
  for (const [flag] of STYLE_FLAGS) {
    if (style[flag] !== undefined && typeof style[flag] !== "boolean") throw new PaneError("E_INVALID_ARG", `args.style.${flag} must be true or false`, `args.style.${flag}`);
  }
  return { style, name };
}

/**
 * A table style name: a built-in table style (enum value or English display name → styleBuiltIn), or another
 * name, which must be a table style of the document (read with document.getStyles where there is one).
 * A built-in style of another kind ("Heading 1") is E_INVALID_ARG.
 * @param {typeof Word} Word
 * @param {string} name
 * @returns {{ builtIn?: string, custom?: string }}
 */
export function tableStyleName(Word, name) {
  const builtIn = builtInStyleValue(Word, name);
  if (!builtIn) return { custom: name };
  if (!BUILT_IN_STYLES.table.includes(builtIn)) {
    const nearest = nearestNames(name, BUILT_IN_STYLES.table.map(displayName));
    throw new PaneError("E_INVALID_ARG", `"${name}" is not a table style.${nearestHint(nearest)}`, "args.style.name");
  }
  return { builtIn };
}

/**
 * The table style of the document named `name` (any case), from a loaded style list, or E_NOT_FOUND naming
 * the nearest table styles.
 * @param {string} name
 * @param {Word.StyleCollection} styles  loaded with nameLocal and type
 */
export function findTableStyle(name, styles) {
  const names = styles.items.filter((style) => style.type === "Table").map((style) => style.nameLocal);
  const found = names.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (found) return found;
  throw tableStyleNotFound(name, names);
}

/**
 * @param {string} name
 * @param {string[]} names
 */
function tableStyleNotFound(name, names) {
  return new PaneError("E_NOT_FOUND", `No table style named "${name}" in this document (see listStyles with category "table").${nearestHint(nearestNames(name, names))}`, "args.style.name");
}

/** @param {string[]} nearest */
function nearestHint(nearest) {
  return nearest.length ? ` Nearest: ${nearest.map((n) => `"${n}"`).join(", ")}.` : "";
}

/**
 * Apply a table style by name (built-in names as enum value or display name → styleBuiltIn; other names →
 * style) and the banding flags (firstRow → headerRowCount 1/0: "repeat as header row", lastRow →
 * styleTotalRow). Reads first: the table and, for a custom name, the document's table styles (WordApi 1.5:
 * an unknown name is E_NOT_FOUND with the nearest names, nothing changed). The writes go with Word.run's
 * closing sync, which also reads back headerRowCount (in `data`). Below WordApi 1.5 a custom name is set
 * in the first sync, so that Word's refusal comes before anything else is written. In a batch, a table id
 * with a built-in style or flags only needs no read first: see {@link applyStyleInBatchSync}.
 * @param {HandlerEnv} env
 */
export async function applyStyle(env) {
  const { context, supports, Word } = env;
  const { style, name } = tableStyleArgs(env.args);
  const { builtIn, custom } = name === undefined ? {} : tableStyleName(Word, name);
  const queued = queueTableLoad(env);
  if (leavesSyncToBatch(env)) return applyStyleInBatchSync(env, queued, style, builtIn);
  /** @type {Word.StyleCollection | undefined} */
  let styles;
  if (custom && supports("WordApi", "1.5")) {
    styles = context.document.getStyles();
    styles.load(["nameLocal", "type"]);
  } else if (custom) {
    queued.table.style = custom;
  }
  try {
    await env.sync();
  } catch (err) {
    if (custom && !styles && officeCodeOf(err) === "ItemNotFound" && /\.style$/i.test(errorLocation(err))) {
      throw tableStyleNotFound(custom, BUILT_IN_STYLES.table.map(displayName));
    }
    throw tableLoadError(err, env.args.tableRef);
  }
  const loaded = /** @type {LoadedTable & { tableId: string }} */ (queued.finish());
  const { table } = loaded;
  applyWrites(table, style, { builtIn, custom: styles && custom ? findTableStyle(custom, styles) : undefined });
  table.load("headerRowCount");
  /** @type {Record<string, any>} */
  const data = { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
  env.afterSync(() => readBackHeaderRow(env, table, style, data));
  return data;
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
applyStyle.firstSync = (env) => {
  if (leavesSyncToBatch(env)) return "none";
  const { args, Word, supports } = env;
  const name = args.style?.name;
  const custom = typeof name === "string" && !builtInStyleValue(Word, name);
  return custom && !supports("WordApi", "1.5") ? "write" : "read";
};

/**
 * Whether the op can leave its reads to the batch's next sync: in a batch, a table id (a range's or an anchor's
 * table is known only once read: a range outside a table is E_NOT_FOUND before anything is written) and no custom
 * style name (checked against the document's styles before anything is written).
 * @param {HandlerEnv} env
 */
function leavesSyncToBatch({ deferSync, args, Word }) {
  if (!deferSync) return false;
  const name = args.style?.name;
  if (typeof name === "string" && !builtInStyleValue(Word, name)) return false;
  const ref = args.tableRef;
  if (typeof ref !== "string" || ref.startsWith("anchor:")) return false;
  try {
    const { kind, id } = parseRef(ref, "args.tableRef");
    return kind === "tableId" || id.startsWith("tbl_"); // as resolveTableRef tells a table id from a range id
  } catch {
    return false; // the handler says what is wrong
  }
}

/**
 * In a batch: the style written without a read first, so that the op shares the batch's sync instead of taking
 * one of its own (a table.create then table.applyStyle of "$0.tableId", data_formatter's word_op, takes the batch's
 * 2 syncs). The table's size and headerRowCount are read back after that sync, in the same order in `data`; a
 * table gone from Word fails the op there with E_NOT_FOUND as at a sync of its own. When a later op of the batch
 * fails in that sync, Word returns no values: the op was applied, and its data has its tableId only, with the warn
 * the batch gives every op whose read-backs were lost.
 * @param {HandlerEnv} env
 * @param {ReturnType<typeof queueTableLoad>} queued
 * @param {Record<string, any>} style
 * @param {string | undefined} builtIn
 */
function applyStyleInBatchSync(env, queued, style, builtIn) {
  const { table } = queued;
  env.deferSync?.((err) => tableLoadError(err, env.args.tableRef));
  applyWrites(table, style, { builtIn });
  table.load("headerRowCount");
  /** @type {Record<string, any>} */
  const data = { tableId: parseRef(env.args.tableRef, "args.tableRef").id };
  env.afterSync(() => {
    const loaded = queued.finish();
    Object.assign(data, { rows: loaded.rows, cols: loaded.cols });
    readBackHeaderRow(env, table, style, data);
  });
  return data;
}

/**
 * Queue the style's writes: a built-in style by its enum value or the document's style by its name, then the
 * banding flags.
 * @param {Word.Table} table
 * @param {Record<string, any>} style
 * @param {{ builtIn?: string, custom?: string }} name
 */
function applyWrites(table, style, { builtIn, custom }) {
  if (builtIn) table.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (builtIn);
  else if (custom) table.style = custom;
  for (const [flag, apply] of STYLE_FLAGS) if (style[flag] !== undefined) apply(table, style[flag]);
}

/**
 * headerRowCount read back into `data`, with a warn when firstRow did not take.
 * @param {HandlerEnv} env
 * @param {Word.Table} table  headerRowCount loaded
 * @param {Record<string, any>} style
 * @param {Record<string, any>} data
 */
function readBackHeaderRow(env, table, style, data) {
  data.headerRowCount = table.headerRowCount;
  if (style.firstRow === true && table.headerRowCount < 1) {
    env.note("warn", "Word did not make the first row a header row (headerRowCount is 0)", "args.style.firstRow");
  }
}

/**
 * @param {unknown} err
 * @returns {string}
 */
function errorLocation(err) {
  return /** @type {{ debugInfo?: { errorLocation?: string } }} */ (err)?.debugInfo?.errorLocation ?? "";
}
