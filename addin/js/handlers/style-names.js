// The paragraph or character style a name designates for applyStyle: found in the document's styles, or refused
// saying why (E_NOT_FOUND with the nearest names; a table style: E_INVALID_ARG pointing to table.applyStyle).
// applyStyle and its dryRun use the same checks.

import { PaneError, officeCodeOf } from "../errors.js";
import { BUILT_IN_STYLES, displayName, nearestNames } from "../styles.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * The document's paragraph or character style called `name` (in any case), from its styles loaded with nameLocal
 * and type: E_INVALID_ARG for a table style ({@link tableStyleRefused}), E_NOT_FOUND with the nearest names for
 * an unknown one. applyStyle's lookup, and dryRun's.
 * @param {string} name
 * @param {Word.StyleCollection} styles
 * @param {unknown} scope  the op's scope, for the refusal's suggestion
 * @returns {string}
 */
export function findTextStyle(name, styles, scope) {
  const names = styles.items.filter((style) => style.type === "Paragraph" || style.type === "Character").map((style) => style.nameLocal);
  const found = names.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const table = styles.items.find((style) => style.type === "Table" && style.nameLocal.toLowerCase() === name.toLowerCase());
  if (table) throw tableStyleRefused(table.nameLocal, scope);
  throw namedStyleNotFound(name, names);
}

/**
 * E_INVALID_ARG when the built-in style named is a table style ({@link tableStyleRefused}); applyStyle and dryRun
 * check it before anything is queued.
 * @param {string | undefined} builtIn  a Word.BuiltInStyleName value
 * @param {unknown} scope
 */
export function refuseTableBuiltIn(builtIn, scope) {
  if (builtIn && BUILT_IN_STYLES.table.includes(builtIn)) throw tableStyleRefused(displayName(builtIn), scope);
}

/**
 * E_INVALID_ARG on args.namedStyle for a table style: Word applies those to tables (table.applyStyle), not to text.
 * The tableRef suggested is the scope when it names a range (a table's id or a range in a table), else a table id.
 * @param {string} name
 * @param {unknown} scope
 */
function tableStyleRefused(name, scope) {
  const ref = typeof scope === "string" && /^(rangeId|anchor):/.test(scope) ? scope : "tableId:<id>";
  return new PaneError("E_INVALID_ARG", `"${name}" is a table style: apply it with table.applyStyle {tableRef: "${ref}", style: {name: "${name}"}}. applyStyle sets paragraph and character styles (on a table, those of the text in its cells)`, "args.namedStyle");
}

/**
 * Whether a failed sync is Word refusing the style name (ItemNotFound at Range.style).
 * @param {unknown} err
 */
export function isStyleRefused(err) {
  if (officeCodeOf(err) !== "ItemNotFound") return false;
  const where = /** @type {{ debugInfo?: { errorLocation?: string } }} */ (err).debugInfo?.errorLocation;
  return !where || /\.style$/i.test(where);
}

/**
 * E_NOT_FOUND for a style name Word does not know, with the nearest names of the document's styles
 * (WordApi 1.5; one sync) or of the built-in catalogue.
 * @param {HandlerEnv} env
 * @param {string} name
 */
export async function styleNotFound({ context, supports, sync }, name) {
  /** @type {string[]} */
  let names;
  if (supports("WordApi", "1.5")) {
    const styles = context.document.getStyles();
    styles.load(["nameLocal", "type"]);
    await sync();
    names = styles.items.filter((style) => style.type === "Paragraph" || style.type === "Character").map((style) => style.nameLocal);
  } else {
    names = [...BUILT_IN_STYLES.paragraph, ...BUILT_IN_STYLES.character].map(displayName);
  }
  return namedStyleNotFound(name, names);
}

/**
 * E_NOT_FOUND on args.namedStyle for a style name Word does not know, naming the nearest of `names`.
 * @param {string} name
 * @param {string[]} names
 */
function namedStyleNotFound(name, names) {
  const nearest = nearestNames(name, names);
  const hint = nearest.length ? ` Nearest: ${nearest.map((n) => `"${n}"`).join(", ")}.` : "";
  return new PaneError("E_NOT_FOUND", `No style named "${name}" in this document (see listStyles).${hint}`, "args.namedStyle");
}

