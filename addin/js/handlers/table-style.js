// table.applyStyle: a table style by name (built-in or the document's own) and the banding flags, with the
// checks dry-run.js makes too. The table is loaded as the other table ops load it (table-load.js).

import { nested, object, str } from "../args.js";
import { PaneError, officeCodeOf } from "../errors.js";
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
 * in the first sync, so that Word's refusal comes before anything else is written.
 * @param {HandlerEnv} env
 */
export async function applyStyle(env) {
  const { context, supports, Word } = env;
  const { style, name } = tableStyleArgs(env.args);
  const { builtIn, custom } = name === undefined ? {} : tableStyleName(Word, name);
  const queued = queueTableLoad(env);
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
  if (builtIn) table.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (builtIn);
  else if (styles && custom) table.style = findTableStyle(custom, styles);
  for (const [flag, apply] of STYLE_FLAGS) if (style[flag] !== undefined) apply(table, style[flag]);
  table.load("headerRowCount");
  /** @type {Record<string, any>} */
  const data = { tableId: loaded.tableId, rows: loaded.rows, cols: loaded.cols };
  env.afterSync(() => {
    data.headerRowCount = table.headerRowCount;
    if (style.firstRow === true && table.headerRowCount < 1) {
      env.note("warn", "Word did not make the first row a header row (headerRowCount is 0)", "args.style.firstRow");
    }
  });
  return data;
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
applyStyle.firstSync = ({ args, Word, supports }) => {
  const name = args.style?.name;
  const custom = typeof name === "string" && !builtInStyleValue(Word, name);
  return custom && !supports("WordApi", "1.5") ? "write" : "read";
};

/**
 * @param {unknown} err
 * @returns {string}
 */
function errorLocation(err) {
  return /** @type {{ debugInfo?: { errorLocation?: string } }} */ (err)?.debugInfo?.errorLocation ?? "";
}
