// The style catalogue: built-in paragraph, character, table and list styles plus custom ones,
// the BuiltInStyleName <-> local name mapping, and style defaults used for effective formatting.
import { BuiltInStyleName } from "./enums.js";

/** "GridTable4_Accent1" -> "Grid Table 4 - Accent 1", "Heading1" -> "Heading 1", "Toc1" -> "TOC 1". */
export function builtInToLocalName(key) {
  if (key === "Other") return null;
  const [main, accent] = key.split("_");
  let name = main
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Z])/g, "$1 $2")
    .replace(/^Toc\b/, "TOC");
  if (accent) name += " - " + accent.replace(/([a-z])([0-9])/g, "$1 $2");
  return name;
}

const CHARACTER = new Set(["Strong", "Emphasis", "SubtleEmphasis", "IntenseEmphasis", "SubtleReference", "IntenseReference", "BookTitle", "Hyperlink", "FootnoteReference", "EndnoteReference"]);
const isTableKey = (k) => k === "TableGrid" || /Table/.test(k);

// Effective formatting per style; anything absent falls back to Normal.
const DEFAULTS = {
  Normal: { font: { name: "Aptos", size: 12, color: "#000000" }, para: { lineSpacing: 13.8, spaceBefore: 0, spaceAfter: 8 } },
  "Heading 1": { font: { name: "Aptos Display", size: 20, color: "#0F4761" }, para: { spaceBefore: 18, spaceAfter: 4 } },
  "Heading 2": { font: { name: "Aptos Display", size: 16, color: "#0F4761" }, para: { spaceBefore: 8, spaceAfter: 4 } },
  "Heading 3": { font: { size: 14, color: "#0F4761" }, para: { spaceBefore: 8, spaceAfter: 4 } },
  "Heading 4": { font: { italic: true, color: "#0F4761" }, para: { spaceBefore: 4, spaceAfter: 2 } },
  Title: { font: { name: "Aptos Display", size: 28 }, para: { spaceAfter: 4, lineSpacing: 12 } },
  Subtitle: { font: { size: 14, color: "#595959" } },
  Quote: { font: { italic: true, color: "#404040" }, para: { alignment: "Centered" } },
  "Intense Quote": { font: { italic: true, color: "#0F4761" }, para: { alignment: "Centered" } },
  "No Spacing": { para: { spaceAfter: 0, lineSpacing: 12 } },
  Caption: { font: { italic: true, size: 9, color: "#0E2841" } },
  Strong: { font: { bold: true } },
  Emphasis: { font: { italic: true } },
  "Intense Emphasis": { font: { italic: true, color: "#0F4761" } },
  "Subtle Emphasis": { font: { italic: true, color: "#404040" } },
  "Book Title": { font: { bold: true, italic: true } },
  Hyperlink: { font: { color: "#467886", underline: "Single" } },
};

/** The character style that means "no character style": applying it removes character styles. */
export const DEFAULT_CHARACTER_STYLE = "Default Paragraph Font";

/** What a style is based on, as in Word's template: paragraph styles on Normal, character styles on Default
 * Paragraph Font, table styles on Normal Table; those three (and No List) on nothing. */
function baseStyleOf(nameLocal, type) {
  if (["Normal", DEFAULT_CHARACTER_STYLE, "Normal Table", "No List"].includes(nameLocal)) return "";
  return { Paragraph: "Normal", Character: DEFAULT_CHARACTER_STYLE, Table: "Normal Table" }[type] ?? "";
}

/** Paragraph styles that carry list numbering. */
export const LIST_STYLES = Object.freeze({ "List Bullet": "Bullet", "List Number": "Number" });

/**
 * Create the document's style catalogue.
 * @returns {{all: object[], find(name: string): object|null, findBuiltIn(key: string): object|null, add(name: string, type: string): object}}
 */
export function createStyleCatalogue() {
  const all = [];
  const add = (nameLocal, type, builtInKey, builtIn = true) => {
    const style = { nameLocal, type, builtInKey: builtInKey || null, builtIn, custom: !builtIn, priority: builtIn ? 99 : 1, font: {}, para: {}, baseStyle: baseStyleOf(nameLocal, type) };
    all.push(style);
    return style;
  };
  for (const key of Object.values(BuiltInStyleName)) {
    if (key === "Other") continue;
    const type = CHARACTER.has(key) ? "Character" : isTableKey(key) ? "Table" : "Paragraph";
    add(builtInToLocalName(key), type, key);
  }
  // Built-ins without a BuiltInStyleName member.
  add("Default Paragraph Font", "Character");
  add("Normal Table", "Table");
  add("No List", "List");
  add("List Bullet", "Paragraph");
  add("List Number", "Paragraph");
  const find = (name) => {
    if (typeof name !== "string") return null;
    const n = name.trim().toLowerCase();
    return all.find((s) => s.nameLocal.toLowerCase() === n) || null;
  };
  return {
    all,
    find,
    findBuiltIn: (key) => all.find((s) => s.builtInKey && s.builtInKey.toLowerCase() === String(key).toLowerCase()) || null,
    add: (name, type) => add(name, type, null, false),
  };
}

/** Effective style defaults for a paragraph style name (merged over Normal). */
export function styleDefaults(styleName) {
  const normal = DEFAULTS.Normal;
  const own = DEFAULTS[styleName] || {};
  return { font: { ...normal.font, ...(own.font || {}) }, para: { alignment: "Left", ...normal.para, ...(own.para || {}) } };
}

/** Font defaults contributed by a character style (or {}). */
export function characterStyleFont(styleName) {
  return (styleName && DEFAULTS[styleName]?.font) || {};
}
