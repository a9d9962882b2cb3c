// applyStyle (character, paragraph, named styles, lists); listStyles is in style-list.js, the lookup of a style
// name in style-names.js.

import { bool, colour, nested, object, oneOf, positiveNumber, str } from "../args.js";
import { PaneError } from "../errors.js";
import { resolveScope } from "../registry.js";
import { queueAnchorUse, readsAnchorFirst } from "./anchor-read.js";
import { BUILT_IN_STYLES, builtInStyleValue, defaultCharacterStyle, nearestHighlight } from "../styles.js";
import { findTextStyle, isStyleRefused, refuseTableBuiltIn, styleNotFound } from "./style-names.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("../styles.js").StyleCategory} StyleCategory */
/** @typedef {import("../styles.js").LoadedStyle} LoadedStyle */

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
 * applyStyle's checks before it touches Word: its args (at least one thing to apply), and a built-in style name
 * that is a table style's (refused: see refuseTableBuiltIn). `builtIn`: the named style's built-in value, if any.
 * @param {HandlerEnv} env
 */
export function formatArgs({ args, Word }) {
  const namedStyle = str(args, "namedStyle", { min: 1, optional: true });
  const clearOtherStyles = bool(args, "clearOtherStyles", false);
  const char = readChar(args);
  const para = readPara(args);
  if (namedStyle === undefined && !char && !para && !clearOtherStyles) {
    throw new PaneError("E_INVALID_ARG", "Give at least one of namedStyle, char, para or clearOtherStyles", "args");
  }
  const builtIn = namedStyle === undefined ? undefined : builtInStyleValue(Word, namedStyle);
  refuseTableBuiltIn(builtIn, args.scope);
  return { namedStyle, clearOtherStyles, char, para, builtIn };
}

/**
 * Apply formatting to the scope, in this order: clearOtherStyles (Normal paragraph style, no character
 * style, no direct character formatting), the named style, the character formatting, then the paragraph
 * formatting and lists on each paragraph of the range (Range has no paragraphFormat in WordApi ≤ 1.9).
 *
 * Syncs: a built-in style and character formatting need none of their own (Word.run's closing sync). A
 * custom style name, clearOtherStyles or `para` take one, which reads what they need; the writes after it go
 * with the closing sync. A custom style name alone (no clearOtherStyles, no new list) is looked up in the
 * document's styles in that sync where the host lists them (WordApi 1.5): an unknown name is E_NOT_FOUND on
 * args.namedStyle with the nearest names, and nothing was written. Otherwise the custom style is set first
 * in that batch, so if Word refuses the name nothing else in the batch runs; the error is the same (one more
 * sync reads the document's style names).
 *
 * A table (a table id, table.create's rangeId) is styled as Word styles a selected table: the paragraph and
 * character styles and formatting go to the paragraphs of its cells, and the rangeId is the table as a block
 * (content placed before or after it goes next to the table). A table style name is refused on args.namedStyle
 * (Word refuses it on text), pointing to table.applyStyle: before anything is written for a built-in one, in the
 * lookup sync for the document's own.
 * @param {HandlerEnv} env
 */
export async function applyStyle(env) {
  const { context, registry, args, sync } = env;
  const { namedStyle, clearOtherStyles, char, para, builtIn } = formatArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  const range = target.kind === "document" ? target.body.getRange("Whole") : target.range;
  // An anchor's table edges, read with the sync below (anchor-read.js), go with its rangeId as other anchor ops'.
  const anchor = queueAnchorUse(env, target, "same");
  const custom = namedStyle !== undefined && !builtIn ? namedStyle : undefined;
  const applyNamed = () => {
    if (builtIn) range.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (builtIn);
    else if (custom) range.style = custom;
  };

  // The read batch (only when something needs reading). A custom name goes first: see above.
  /** @type {Word.StyleCollection | undefined} */
  let listed;
  if (custom && looksUpStyle(env)) {
    listed = context.document.getStyles();
    listed.load(["nameLocal", "type"]);
  } else if (custom) {
    range.style = custom;
  }
  const clearing = clearOtherStyles ? startClearing(env, range, applyNamed) : undefined;
  const finishPara = para ? startPara(range, para) : undefined;
  if (custom || clearing || finishPara || anchor?.reads) {
    try {
      await sync();
    } catch (err) {
      if (custom && isStyleRefused(err)) throw await styleNotFound(env, custom);
      throw err;
    }
  }
  anchor?.finish();
  const edges = target.kind === "range" ? target.edges : undefined;
  const rangeId = registry.add("rng", range, edges ? { edges } : {});

  // The write batch, flushed by Word.run's closing sync.
  if (listed && custom) range.style = findTextStyle(custom, listed, args.scope);
  if (clearing) {
    clearing.finish(namedStyle === undefined ? undefined : styleCategory(builtIn, custom, clearing.styles()));
    applyNamed(); // again: a character style must come after the character styles were cleared
  } else if (builtIn) {
    applyNamed();
  }
  if (char) applyChar(env, range.font, char);
  finishPara?.();
  return { rangeId };
}
/**
 * A custom style name, clearOtherStyles and a new list write before the sync that reads what they need;
 * other paragraph formatting only reads (isListItem); built-in styles and character formatting never sync.
 * @param {HandlerEnv} env
 * @returns {import("../types.js").SyncKind}
 */
applyStyle.firstSync = (env) => {
  const { args, Word } = env;
  const custom = typeof args.namedStyle === "string" && !builtInStyleValue(Word, args.namedStyle);
  if ((custom && !looksUpStyle(env)) || writesBeforeReading(args)) return "write";
  return custom || args.para || readsAnchorFirst(env) ? "read" : "none"; // an anchor's table edges (anchor-read.js)
};

/**
 * clearOtherStyles and a new list write before their sync (the Normal style, the list's first paragraph).
 * @param {Record<string, any>} args
 */
function writesBeforeReading(args) {
  const list = args.para?.list;
  return args.clearOtherStyles === true || list === "bullet" || list === "number";
}

/**
 * Whether a custom style name is looked up in the document's styles before anything is written: where the
 * host lists its styles (WordApi 1.5) and nothing else writes before the sync.
 * @param {HandlerEnv} env
 */
function looksUpStyle({ args, supports }) {
  return supports("WordApi", "1.5") && !writesBeforeReading(args);
}

/**
 * The category of the named style, when known: built-ins from the catalogue, custom ones from the loaded list.
 * @param {string | undefined} builtIn
 * @param {string | undefined} custom
 * @param {LoadedStyle[] | undefined} styles
 * @returns {"paragraph" | "character" | undefined}
 */
function styleCategory(builtIn, custom, styles) {
  if (builtIn) return BUILT_IN_STYLES.character.includes(builtIn) ? "character" : "paragraph";
  const found = styles?.find((style) => style.nameLocal.toLowerCase() === custom?.toLowerCase());
  if (found?.type === "Character") return "character";
  return found?.type === "Paragraph" ? "paragraph" : undefined;
}

/**
 * clearOtherStyles. In the read batch: the Normal paragraph style (then the named style, so that the
 * paragraph style the text ends with can be read), and the document's styles (WordApi 1.5). After the sync:
 * the character styles go (Default Paragraph Font, found in the list whatever the language), then the direct
 * character formatting: Font.reset where it exists (WordApiDesktop 1.3); elsewhere Office.js cannot remove
 * direct formatting, so bold, italic, underline, name, size and colour are set to the paragraph style's
 * (left alone, with a warning, when a character style is applied: they would override it). The highlight
 * goes in every case.
 * @param {HandlerEnv} env
 * @param {Word.Range} range
 * @param {() => void} applyNamed
 */
function startClearing({ context, supports, note }, range, applyNamed) {
  const canReset = supports("WordApiDesktop", "1.3");
  range.styleBuiltIn = "Normal";
  applyNamed();
  /** @type {Word.StyleCollection | undefined} */
  let collection;
  if (supports("WordApi", "1.5")) {
    collection = context.document.getStyles();
    const fontPaths = canReset ? [] : ["font/bold", "font/italic", "font/underline", "font/name", "font/size", "font/color"];
    collection.load(["nameLocal", "type", "builtIn", "baseStyle", ...fontPaths]);
  }
  /** @type {Word.Paragraph | undefined} */
  let first;
  if (!canReset) {
    first = range.paragraphs.getFirst();
    first.load("style");
  }
  /** @type {LoadedStyle[] | undefined} */
  let styles;
  return {
    /** The document's styles, after the sync (undefined below WordApi 1.5). */
    styles() {
      styles ??= collection?.items.map((style) => ({
        nameLocal: style.nameLocal, type: style.type, builtIn: style.builtIn, baseStyle: style.baseStyle,
        font: canReset ? undefined : {
          bold: style.font.bold, italic: style.font.italic, underline: style.font.underline,
          name: style.font.name, size: style.font.size, color: style.font.color,
        },
      }));
      return styles;
    },
    /** After the sync. @param {"paragraph" | "character" | undefined} namedCategory */
    finish(namedCategory) {
      const listed = this.styles();
      const dpf = listed ? defaultCharacterStyle(listed) : undefined;
      if (dpf) range.style = dpf;
      else note("warn", "Character styles could not be cleared: this Word does not list its styles (WordApi 1.5)", "args.clearOtherStyles");
      const font = range.font;
      if (canReset) {
        font.reset();
      } else if (namedCategory === "character") {
        note("warn", "This Word cannot remove direct formatting (Font.reset is desktop only): direct bold, italic, underline, font name, size and colour were left as they are, since setting them would override the character style", "args.clearOtherStyles");
      } else {
        const paragraphStyle = listed?.find((style) => style.nameLocal === first?.style);
        if (paragraphStyle?.font) {
          font.set(paragraphStyle.font);
          note("info", `This Word cannot remove direct formatting (Font.reset is desktop only): bold, italic, underline, font name, size and colour were set to those of the "${paragraphStyle.nameLocal}" style instead. Set that way they stay when another paragraph style is applied later: to clear and apply a style, give both in one applyStyle (namedStyle with clearOtherStyles: true)`, "args.clearOtherStyles");
        } else {
          font.set({ bold: false, italic: false, underline: "None" });
          note("warn", "Direct font name, size and colour could not be cleared: this Word has neither Font.reset nor a style list", "args.clearOtherStyles");
        }
      }
      font.highlightColor = /** @type {any} */ (null);
    },
  };
}

/**
 * @param {HandlerEnv} env
 * @param {Word.Font} font
 * @param {CharFormat} char
 */
function applyChar({ Office, note }, font, char) {
  if (char.bold !== undefined) font.bold = char.bold;
  if (char.italic !== undefined) font.italic = char.italic;
  if (char.underline !== undefined) font.underline = UNDERLINES[char.underline];
  if (char.fontName !== undefined) font.name = char.fontName;
  if (char.fontSize !== undefined) font.size = char.fontSize;
  if (char.color !== undefined) font.color = char.color;
  if (char.highlight !== undefined) font.highlightColor = /** @type {string} */ (char.highlight);
  if (typeof char.highlight === "string" && isDesktop(Office)) {
    const nearest = nearestHighlight(char.highlight);
    if (!nearest.exact) {
      note("warn", `Word on Windows and Mac has 15 highlight colours: ${char.highlight} shows as the nearest one, ${nearest.name} (${nearest.hex})`, "args.char.highlight");
    }
  }
}

/**
 * Whether the pane runs in desktop Word (Windows or Mac), whose highlights are the 15 of the Highlight menu.
 * @param {typeof Office} Office
 */
function isDesktop(Office) {
  try {
    const platform = String(Office.context?.diagnostics?.platform ?? Office.context?.platform ?? "");
    return platform === "PC" || platform === "Mac";
  } catch {
    return false;
  }
}

/**
 * Paragraph formatting on every paragraph of the range. A bullet/number list is, as Word's list buttons make it,
 * the list of the paragraph right before the range when that one is an item of a list whose first level is of
 * that kind (else of the paragraph right after it), which the paragraphs join at its first level; otherwise a
 * new list started at the first paragraph. Either way they are taken out of any list they were in. Queued with
 * the read batch: loading the paragraphs and their neighbours' lists, and starting the new list (its id is read;
 * a list is not worth another sync, and one left without paragraphs is gone). The returned function queues the
 * rest, after the sync.
 * @param {Word.Range} range
 * @param {ParaFormat} para
 * @returns {() => void}
 */
function startPara(range, para) {
  const paragraphs = range.paragraphs;
  paragraphs.load("isListItem");
  /** @type {(() => { id: number, joins: boolean }) | undefined} the list the paragraphs go in, after the sync */
  let target;
  if (para.list === "bullet" || para.list === "number") {
    const first = paragraphs.getFirst();
    const type = para.list === "bullet" ? "Bullet" : "Number";
    const neighbours = [first.getPreviousOrNullObject(), paragraphs.getLast().getNextOrNullObject()].map((next) => neighbourList(first, next, type));
    first.detachFromList();
    const started = first.startNewList();
    started.load("id");
    if (para.list === "bullet") started.setLevelBullet(0, "Solid");
    else started.setLevelNumbering(0, "Arabic");
    target = () => {
      const joined = neighbours.map((read) => read()).find((id) => id !== undefined);
      return joined === undefined ? { id: started.id, joins: false } : { id: joined, joins: true };
    };
  }
  return () => {
    const list = target?.();
    paragraphs.items.forEach((paragraph, index) => {
      if (para.alignment !== undefined) paragraph.alignment = ALIGNMENTS[para.alignment];
      if (para.lineSpacing !== undefined) paragraph.lineSpacing = para.lineSpacing * POINTS_PER_LINE;
      if (para.spaceBefore !== undefined) paragraph.spaceBefore = para.spaceBefore;
      if (para.spaceAfter !== undefined) paragraph.spaceAfter = para.spaceAfter;
      if (para.list === "none" && paragraph.isListItem) paragraph.detachFromList();
      // The first paragraph is in the started list: it moves only to join a neighbour's.
      if (list && (index > 0 || list.joins)) {
        if (index === 0 || paragraph.isListItem) paragraph.detachFromList();
        paragraph.attachToList(list.id, 0);
      }
    });
  };
}

/**
 * Queue the read of a neighbour of the range (the paragraph before or after it): the id of its list when it is
 * an item of a list whose first level is of the wanted type, in the same table cell depth as the range's first
 * paragraph (a paragraph in a table next to body text is not its neighbour in a list).
 * @param {Word.Paragraph} first  the range's first paragraph
 * @param {Word.Paragraph} neighbour  a null object when there is none
 * @param {"Bullet" | "Number"} type
 * @returns {() => number | undefined}  after the sync
 */
function neighbourList(first, neighbour, type) {
  first.load("tableNestingLevel");
  neighbour.load("isListItem, tableNestingLevel");
  const list = neighbour.listOrNullObject.load("id, levelTypes");
  return () => {
    if (neighbour.isNullObject || !neighbour.isListItem || list.isNullObject) return undefined;
    return neighbour.tableNestingLevel === first.tableNestingLevel && list.levelTypes[0] === type ? list.id : undefined;
  };
}

/**
 * applyStyle's checks of its args, made before it touches Word: a dry run makes them too (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = { applyStyle: formatArgs };
