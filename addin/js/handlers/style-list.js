// listStyles: the document's styles (WordApi 1.5), else the curated built-in list, filtered and capped.

import { bool, int, oneOf, str } from "../args.js";
import { BUILT_IN_STYLES, displayName } from "../styles.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("../styles.js").StyleCategory} StyleCategory */

/**
 * @typedef {{ name: string, builtIn: boolean, localizedName?: string }} StyleItem
 * @typedef {{ name: string, builtIn: boolean, localizedName?: string, category: StyleCategory }} CategorisedStyle
 */

const CATEGORY_KEYS = /** @type {const} */ ({ paragraph: "paragraphStyles", character: "characterStyles", table: "tableStyles" });
/** @type {Record<string, StyleCategory>} */
const CATEGORY_OF_TYPE = { Paragraph: "paragraph", Character: "character", Table: "table" };

/**
 * listStyles' checks of its args before it touches Word (a dry run makes them too: op-checks.js).
 * @param {Record<string, any>} args
 */
export function listArgs(args) {
  return {
    category: oneOf(args, "category", /** @type {const} */ (["all", "paragraph", "character", "table"]), "all"),
    builtInOnly: bool(args, "builtInOnly", true),
    includeLocalized: bool(args, "includeLocalized", true),
    query: str(args, "query", { optional: true }),
    max: args.max === undefined ? Infinity : int(args, "max", { min: 1 }),
  };
}

/**
 * The document's styles (document.getStyles, WordApi 1.5; one sync), else the curated built-in list.
 * Filters: category, builtInOnly, query (case-insensitive, on name and localized name); `max` caps the
 * total, filled in the order paragraph, character, table.
 * @param {HandlerEnv} env
 */
export async function listStyles({ context, args, supports, sync }) {
  const { category, builtInOnly, includeLocalized, query, max } = listArgs(args);

  /** @type {CategorisedStyle[]} */
  let styles;
  /** @type {"document" | "builtin"} */
  let source;
  if (supports("WordApi", "1.5")) {
    const collection = context.document.getStyles();
    collection.load(["nameLocal", "builtIn", "type"]);
    await sync();
    source = "document";
    styles = collection.items.flatMap((style) => {
      const kind = CATEGORY_OF_TYPE[style.type];
      return kind ? [{ name: style.nameLocal, localizedName: style.nameLocal, builtIn: style.builtIn, category: kind }] : [];
    });
  } else {
    source = "builtin";
    styles = /** @type {StyleCategory[]} */ (["paragraph", "character", "table"]).flatMap((kind) =>
      BUILT_IN_STYLES[kind].map((value) => ({ name: displayName(value), builtIn: true, category: kind })));
  }

  const needle = query?.toLowerCase();
  const wanted = styles.filter((style) =>
    (category === "all" || style.category === category)
    && (!builtInOnly || style.builtIn)
    && (needle === undefined || style.name.toLowerCase().includes(needle) || (style.localizedName ?? "").toLowerCase().includes(needle)));

  /** @type {Record<string, any>} */
  const data = {};
  const categories = category === "all" ? /** @type {StyleCategory[]} */ (["paragraph", "character", "table"]) : [category];
  let budget = max;
  for (const kind of categories) {
    const items = wanted.filter((style) => style.category === kind).slice(0, budget);
    budget -= items.length;
    data[CATEGORY_KEYS[kind]] = items.map((style) => styleItem(style, includeLocalized));
  }
  data.source = source;
  return data;
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
listStyles.firstSync = ({ supports }) => (supports("WordApi", "1.5") ? "read" : "none");

/**
 * @param {CategorisedStyle} style
 * @param {boolean} includeLocalized
 * @returns {StyleItem}
 */
function styleItem(style, includeLocalized) {
  return includeLocalized && style.localizedName !== undefined
    ? { name: style.name, builtIn: style.builtIn, localizedName: style.localizedName }
    : { name: style.name, builtIn: style.builtIn };
}
