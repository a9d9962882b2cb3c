// Word's built-in style names: the Word.BuiltInStyleName values (locale-independent) ↔ the English
// display names people write ("Heading 1", "Grid Table 4 - Accent 1"), the curated catalogue listStyles
// falls back to on hosts without document.getStyles(), nearest-name hints for unknown style names, the
// no-character-style style in any language, and Word's 15 highlight colours.

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

/**
 * Edit distance between two strings (insertions, deletions, substitutions).
 * @param {string} a
 * @param {string} b
 */
export function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The names closest to `name`, best first, for "did you mean" hints (like Python's difflib.get_close_matches):
 * case, spaces and punctuation are ignored, names containing the wanted one (or contained in it) come first, then by edit
 * distance; names further than half their length away are left out.
 * @param {string} name
 * @param {Iterable<string>} candidates
 * @param {number} [count]
 * @returns {string[]}
 */
export function nearestNames(name, candidates, count = 3) {
  const loose = (/** @type {string} */ text) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const wanted = loose(name);
  /** @type {Map<string, number>} */
  const scored = new Map();
  for (const candidate of candidates) {
    const key = loose(candidate);
    if (!key || scored.has(candidate)) continue;
    const contains = key.includes(wanted) || wanted.includes(key);
    const distance = editDistance(wanted, key);
    if (!contains && distance > Math.max(2, Math.floor(Math.max(wanted.length, key.length) / 2))) continue;
    scored.set(candidate, (contains ? 0 : 1000) + distance);
  }
  return [...scored].sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0])).slice(0, count).map(([candidate]) => candidate);
}

/**
 * @typedef {{ bold: boolean, italic: boolean, underline: Word.Font["underline"], name: string, size: number, color: string }} StyleFont
 * @typedef {{ nameLocal: string, type: string, builtIn: boolean, baseStyle: string, font?: StyleFont }} LoadedStyle
 */

/**
 * The local name of Word's "no character style" style (Default Paragraph Font in English): the English
 * name if present, else the built-in character style the other character styles are based on.
 * @param {LoadedStyle[]} styles
 * @returns {string | undefined}
 */
export function defaultCharacterStyle(styles) {
  const characters = styles.filter((style) => style.type === "Character");
  const english = characters.find((style) => style.builtIn && style.nameLocal.toLowerCase() === "default paragraph font");
  if (english) return english.nameLocal;
  /** @type {Map<string, number>} */
  const bases = new Map();
  for (const style of characters) if (style.baseStyle) bases.set(style.baseStyle, (bases.get(style.baseStyle) ?? 0) + 1);
  const ranked = [...bases].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return ranked.find((name) => characters.some((style) => style.builtIn && style.nameLocal === name && !style.baseStyle));
}

/**
 * Word's 15 highlight colours (its Highlight menu): desktop Word shows any other highlight colour as one
 * of them.
 * @type {readonly [name: string, hex: string][]}
 */
export const WORD_HIGHLIGHTS = [
  ["Yellow", "#FFFF00"], ["Bright Green", "#00FF00"], ["Turquoise", "#00FFFF"], ["Pink", "#FF00FF"], ["Blue", "#0000FF"],
  ["Red", "#FF0000"], ["Dark Blue", "#000080"], ["Teal", "#008080"], ["Green", "#008000"], ["Violet", "#800080"],
  ["Dark Red", "#800000"], ["Dark Yellow", "#808000"], ["Gray 50%", "#808080"], ["Gray 25%", "#C0C0C0"], ["Black", "#000000"],
];

/**
 * The Word highlight colour nearest to a #RRGGBB colour (RGB distance), and whether it is that colour exactly.
 * @param {string} hex
 * @returns {{ name: string, hex: string, exact: boolean }}
 */
export function nearestHighlight(hex) {
  const rgb = (/** @type {string} */ h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [r, g, b] = rgb(hex);
  let best = WORD_HIGHLIGHTS[0];
  let bestDistance = Infinity;
  for (const entry of WORD_HIGHLIGHTS) {
    const [r2, g2, b2] = rgb(entry[1]);
    const distance = (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [entry, distance];
  }
  return { name: best[0], hex: best[1], exact: bestDistance === 0 };
}
