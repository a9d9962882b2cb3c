// applyStyle (character, paragraph, named styles, lists) and listStyles.

import { bool, colour, int, nested, object, oneOf, positiveNumber, str } from "../args.js";
import { PaneError } from "../errors.js";
import { resolveScopeRange } from "../registry.js";
import { BUILT_IN_STYLES, builtInStyleValue, displayName } from "../styles.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("../styles.js").StyleCategory} StyleCategory */

/** Word's "single" line spacing, in points: lineSpacing multiples are converted with it. */
const POINTS_PER_LINE = 12;
const ALIGNMENTS = /** @type {const} */ ({ left: "Left", center: "Centered", right: "Right", justify: "Justified" });
const UNDERLINES = /** @type {const} */ ({ none: "None", single: "Single", double: "Double" });

/**
 * @typedef {object} CharFormat
 * @property {boolean} [bold]
 * @property {boolean} [italic]
 * @property {"none" | "single" | "double"} [underline]
 * @property {string} [fontName]
 * @property {number} [fontSize]
 * @property {string} [color]
 * @property {string | null} [highlight]  null removes the highlight
 */

/**
 * @typedef {object} ParaFormat
 * @property {"left" | "center" | "right" | "justify"} [alignment]
 * @property {number} [lineSpacing]  multiple of single spacing
 * @property {number} [spaceBefore]
 * @property {number} [spaceAfter]
 * @property {"none" | "bullet" | "number"} [list]
 */

/**
 * @param {Record<string, any>} args
 * @returns {CharFormat | undefined}
 */
function readChar(args) {
  const char = object(args, "char");
  if (!char) return undefined;
  return nested("char", () => ({
    bold: char.bold === undefined ? undefined : bool(char, "bold", false),
    italic: char.italic === undefined ? undefined : bool(char, "italic", false),
    underline: char.underline === undefined ? undefined : oneOf(char, "underline", /** @type {const} */ (["none", "single", "double"])),
    fontName: str(char, "fontName", { min: 1, optional: true }),
    fontSize: positiveNumber(char, "fontSize"),
    color: colour(char, "color"),
    highlight: char.highlight === null ? null : colour(char, "highlight"),
  }));
}

/**
 * @param {Record<string, any>} args
 * @returns {ParaFormat | undefined}
 */
function readPara(args) {
  const para = object(args, "para");
  if (!para) return undefined;
  return nested("para", () => {
    for (const name of ["spaceBefore", "spaceAfter"]) {
      const value = para[name];
      if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
        throw new PaneError("E_INVALID_ARG", `args.${name} must be a number ≥ 0`, `args.${name}`);
      }
    }
    return {
      alignment: para.alignment === undefined ? undefined : oneOf(para, "alignment", /** @type {const} */ (["left", "center", "right", "justify"])),
      lineSpacing: positiveNumber(para, "lineSpacing"),
      spaceBefore: para.spaceBefore,
      spaceAfter: para.spaceAfter,
      list: para.list === undefined ? undefined : oneOf(para, "list", /** @type {const} */ (["none", "bullet", "number"])),
    };
  });
}

/**
 * Apply formatting to the scope, in this order: clearOtherStyles (Normal style, plain characters), the
 * named style, the character formatting, then the paragraph formatting and lists on each paragraph of the
 * range (Range has no paragraphFormat in WordApi ≤ 1.9). Without `para` nothing is read (no sync of its
 * own); with it, one sync reads the paragraphs.
 * @param {HandlerEnv} env
 */
export async function applyStyle({ context, registry, args, sync, Word }) {
  const namedStyle = str(args, "namedStyle", { min: 1, optional: true });
  const clearOtherStyles = bool(args, "clearOtherStyles", false);
  const char = readChar(args);
  const para = readPara(args);
  if (namedStyle === undefined && !char && !para && !clearOtherStyles) {
    throw new PaneError("E_INVALID_ARG", "Give at least one of namedStyle, char, para or clearOtherStyles", "args");
  }
  const range = resolveScopeRange(context, registry, args.scope ?? "selection");

  if (clearOtherStyles) {
    range.styleBuiltIn = "Normal";
    range.font.set({ bold: false, italic: false, underline: "None", highlightColor: /** @type {any} */ (null) });
  }
  if (namedStyle !== undefined) {
    const builtIn = builtInStyleValue(Word, namedStyle);
    if (builtIn) range.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (builtIn);
    else range.style = namedStyle;
  }
  if (char) applyChar(range.font, char);
  const rangeId = registry.add("rng", range);
  if (para) await applyPara(range, para, sync);
  return { rangeId };
}

/**
 * @param {Word.Font} font
 * @param {CharFormat} char
 */
function applyChar(font, char) {
  if (char.bold !== undefined) font.bold = char.bold;
  if (char.italic !== undefined) font.italic = char.italic;
  if (char.underline !== undefined) font.underline = UNDERLINES[char.underline];
  if (char.fontName !== undefined) font.name = char.fontName;
  if (char.fontSize !== undefined) font.size = char.fontSize;
  if (char.color !== undefined) font.color = char.color;
  if (char.highlight !== undefined) font.highlightColor = /** @type {string} */ (char.highlight);
}

/**
 * Paragraph formatting on every paragraph of the range. A bullet/number list starts at the first paragraph
 * (taken out of any list it was in) and the others join it: one sync loads the paragraphs and the new
 * list's id; what follows is queued for Word.run's closing sync.
 * @param {Word.Range} range
 * @param {ParaFormat} para
 * @param {() => Promise<void>} sync
 */
async function applyPara(range, para, sync) {
  const paragraphs = range.paragraphs;
  paragraphs.load("isListItem");
  /** @type {Word.List | undefined} */
  let list;
  if (para.list === "bullet" || para.list === "number") {
    const first = paragraphs.getFirst();
    first.detachFromList();
    list = first.startNewList();
    list.load("id");
    if (para.list === "bullet") list.setLevelBullet(0, "Solid");
    else list.setLevelNumbering(0, "Arabic");
  }
  await sync();

  paragraphs.items.forEach((paragraph, index) => {
    if (para.alignment !== undefined) paragraph.alignment = ALIGNMENTS[para.alignment];
    if (para.lineSpacing !== undefined) paragraph.lineSpacing = para.lineSpacing * POINTS_PER_LINE;
    if (para.spaceBefore !== undefined) paragraph.spaceBefore = para.spaceBefore;
    if (para.spaceAfter !== undefined) paragraph.spaceAfter = para.spaceAfter;
    if (para.list === "none" && paragraph.isListItem) paragraph.detachFromList();
    if (list && index > 0) {
      if (paragraph.isListItem) paragraph.detachFromList();
      paragraph.attachToList(list.id, 0);
    }
  });
}

/**
 * @typedef {{ name: string, builtIn: boolean, localizedName?: string }} StyleItem
 * @typedef {{ name: string, builtIn: boolean, localizedName?: string, category: StyleCategory }} CategorisedStyle
 */

const CATEGORY_KEYS = /** @type {const} */ ({ paragraph: "paragraphStyles", character: "characterStyles", table: "tableStyles" });
/** @type {Record<string, StyleCategory>} */
const CATEGORY_OF_TYPE = { Paragraph: "paragraph", Character: "character", Table: "table" };

/**
 * The document's styles (document.getStyles, WordApi 1.5; one sync), else the curated built-in list.
 * Filters: category, builtInOnly, query (case-insensitive, on name and localized name); `max` caps the
 * total, filled in the order paragraph, character, table.
 * @param {HandlerEnv} env
 */
export async function listStyles({ context, args, supports, sync }) {
  const category = oneOf(args, "category", /** @type {const} */ (["all", "paragraph", "character", "table"]), "all");
  const builtInOnly = bool(args, "builtInOnly", true);
  const includeLocalized = bool(args, "includeLocalized", true);
  const query = str(args, "query", { optional: true });
  const max = args.max === undefined ? Infinity : int(args, "max", { min: 1 });

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
