// Word's built-in style names: the Word.BuiltInStyleName values (locale-independent) ↔ the English
// display names people write ("Heading 1", "Grid Table 4 - Accent 1"), and the curated catalogue
// listStyles falls back to on hosts without document.getStyles().

/** @typedef {"paragraph" | "character" | "table"} StyleCategory */

const PARAGRAPH_BUILT_INS = [
  "Normal", "Heading1", "Heading2", "Heading3", "Heading4", "Heading5", "Heading6", "Heading7", "Heading8", "Heading9",
  "Title", "Subtitle", "Quote", "IntenseQuote", "ListParagraph", "NoSpacing", "Caption", "Header", "Footer",
  "FootnoteText", "EndnoteText", "TocHeading", "Toc1", "Toc2", "Toc3", "Toc4", "Toc5", "Toc6", "Toc7", "Toc8", "Toc9",
  "Bibliography",
];
const CHARACTER_BUILT_INS = [
  "Strong", "Emphasis", "SubtleEmphasis", "IntenseEmphasis", "SubtleReference", "IntenseReference", "BookTitle",
  "Hyperlink", "FootnoteReference", "EndnoteReference",
];
const ACCENTED_TABLE_FAMILIES = [
  "GridTable1Light", "GridTable2", "GridTable3", "GridTable4", "GridTable5Dark", "GridTable6Colorful", "GridTable7Colorful",
  "ListTable1Light", "ListTable2", "ListTable3", "ListTable4", "ListTable5Dark", "ListTable6Colorful", "ListTable7Colorful",
];
const TABLE_BUILT_INS = [
  "TableGrid", "TableGridLight", "PlainTable1", "PlainTable2", "PlainTable3", "PlainTable4", "PlainTable5",
  ...ACCENTED_TABLE_FAMILIES.flatMap((family) => [family, ...[1, 2, 3, 4, 5, 6].map((n) => `${family}_Accent${n}`)]),
];

/** @type {Record<StyleCategory, readonly string[]>} Word.BuiltInStyleName values by category */
export const BUILT_IN_STYLES = {
  paragraph: PARAGRAPH_BUILT_INS,
  character: CHARACTER_BUILT_INS,
  table: TABLE_BUILT_INS,
};

/** Display names that do not follow from the enum value by spacing alone. */
const SPECIAL_DISPLAY_NAMES = /** @type {Record<string, string>} */ ({ TocHeading: "TOC Heading" });

/**
 * "GridTable4_Accent1" → "Grid Table 4 - Accent 1"; "Toc1" → "TOC 1".
 * @param {string} enumValue
 */
export function displayName(enumValue) {
  if (SPECIAL_DISPLAY_NAMES[enumValue]) return SPECIAL_DISPLAY_NAMES[enumValue];
  const spaced = (/** @type {string} */ part) => part
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .replace(/^Toc /, "TOC ");
  return enumValue.split("_").map(spaced).join(" - ");
}

/** @param {string} name */
function compact(name) {
  return name.replace(/\s*-\s*/g, "_").replace(/\s+/g, "").toLowerCase();
}

/**
 * The Word.BuiltInStyleName value a style name designates, if any: accepts the enum value itself
 * ("GridTable4_Accent1") and the English display name ("Grid Table 4 - Accent 1"), in any case.
 * Checked against the host's own enum when it has one.
 * @param {typeof Word} Word
 * @param {string} name
 * @returns {string | undefined}
 */
export function builtInStyleValue(Word, name) {
  const wanted = compact(name);
  const hostValues = Word.BuiltInStyleName ? Object.values(Word.BuiltInStyleName) : undefined;
  const known = hostValues ?? Object.values(BUILT_IN_STYLES).flat();
  return known.find((value) => typeof value === "string" && value !== "Other" && compact(value) === wanted);
}
