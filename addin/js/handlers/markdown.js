// insertMarkdown: the canonical blocks the server made from markdown, built with Word's own styles in one
// Word.run.
//
// Every block becomes a paragraph (or a table) inserted after the previous one; the text goes in first and the
// character formatting after all of it, so no run inherits another's. Styles are set through styleBuiltIn
// (locale-independent): headings Heading 1-6, quotes Quote, code blocks No Spacing in Consolas (one paragraph, its
// lines separated by Word line breaks), list items List Paragraph, other paragraphs Normal, tables Table Grid
// (header row bold, headerRowCount 1). Lists are Word lists: the first item starts one (startNewList, each level
// it uses set to bullets or numbers) and the others are added with List.insertParagraph, so no list id has to be
// read: the op needs a sync of its own only to read the range it replaces, before it writes anything.

import { oneOf } from "../args.js";
import { PaneError } from "../errors.js";
import { LOCATIONS } from "../locations.js";
import { resolveScope } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {{ text: string, bold?: boolean, italic?: boolean, code?: boolean, strike?: boolean, link?: string }} Run */
/**
 * @typedef {{ type: "heading", level: number, runs: Run[] } | { type: "paragraph" | "quote", runs: Run[] }
 *   | { type: "listItem", kind: "bullet" | "number", level: number, runs: Run[] } | { type: "code", text: string }
 *   | { type: "table", header: boolean, rows: string[][] }} Block
 */

export const CODE_FONT = "Consolas";
const MAX_BLOCKS = 5000;

/**
 * Insert the blocks at the scope. Document: at its start or end, or instead of its whole content (replace).
 * A range or the selection: before its first paragraph (start/before), after its last (end/after), or after it
 * with the range's own content deleted (replace); paragraphs the replace leaves empty go too.
 * A replaced range is read first (one sync, reads only); everything else goes in Word.run's closing sync.
 * @param {HandlerEnv} env
 */
export async function insertMarkdown({ context, registry, args, sync }) {
  const blocks = checkBlocks(args.blocks);
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const target = resolveScope(context, registry, args.scope ?? "selection");

  /** @type {() => Word.Paragraph} the first new paragraph */
  let start;
  /** @type {(() => void) | undefined} the replaced range's deletion, queued after the insertion */
  let deleteReplaced;
  if (target.kind === "document") {
    const { body } = target;
    if (location === "replace") {
      body.clear();
      start = () => body.paragraphs.getFirst(); // the empty paragraph a cleared body keeps
    } else start = () => body.insertParagraph("", location === "start" || location === "before" ? "Start" : "End");
  } else {
    const { range } = target;
    const paragraphs = range.paragraphs;
    const last = paragraphs.getLast();
    if (location === "replace") {
      range.load("text");
      paragraphs.load("text");
      await sync();
      deleteReplaced = replacement(range, paragraphs.items.map((paragraph) => paragraph.text), last);
    }
    start = location === "start" || location === "before" ? () => paragraphs.getFirst().insertParagraph("", "Before") : () => last.insertParagraph("", "After");
  }

  const built = buildBlocks(blocks, start);
  const first = built[0];
  const lastBuilt = built[built.length - 1];
  // Up to the last paragraph's text, not its mark: "end" on the id then lands in that paragraph, "replace" keeps
  // the paragraph after it out of the edit (a range ending with a mark would reach into the next paragraph).
  const from = (first.table ?? first.paragraph).getRange("Whole");
  const whole = lastBuilt.table ? from.expandTo(lastBuilt.table.getRange("Whole")) : from.expandTo(lastBuilt.paragraph.getRange("Content"));
  const rangeId = registry.add("rng", whole, { paragraphs: !lastBuilt.table });
  deleteReplaced?.();
  return { rangeId, blocks: blocks.length };
}
/**
 * Its one sync, when it has one (replacing a range or the selection), only reads.
 * @param {HandlerEnv} env
 * @returns {import("../types.js").SyncKind}
 */
insertMarkdown.firstSync = ({ args }) => (args.scope !== "document" && (args.location ?? "replace") === "replace" ? "read" : "none");

/**
 * @typedef {{ block: Block, paragraph: Word.Paragraph, table?: Word.Table }} Built  a block's paragraph (for a
 *   table: the paragraph after it, which Word keeps there)
 */

/**
 * Insert every block's paragraph or table and its text, then format them (headerFooter.set builds a header's
 * markdown with it too, its plain paragraphs in the Header/Footer style instead of Normal).
 * @param {Block[]} blocks
 * @param {() => Word.Paragraph} start
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} [plainStyle]  the style of plain paragraphs
 * @returns {Built[]}
 */
export function buildBlocks(blocks, start, plainStyle = "Normal") {
  const plan = planLists(blocks);
  /** @type {Word.Paragraph | undefined} */
  let last;
  let spare = false; // `last` is the empty paragraph after a table: the next paragraph block uses it
  let afterList = false; // `last` is a list item
  /** @type {{ list: Word.List, levels: Map<number, string> } | undefined} */
  let list;
  // A new paragraph copies its neighbour's list membership: the first one's (from the document) and the one
  // after a list item leave the list; nothing else is in a list when the next paragraph copies it.
  const newParagraph = () => {
    const paragraph = last ? last.insertParagraph("", "After") : start();
    if (!last || afterList) paragraph.detachFromList();
    return paragraph;
  };
  /** @type {Built[]} */
  const built = [];
  /** @type {[Word.Range, Run, boolean][]} text ranges, their run, and whether the style carries bold/italic */
  const texts = [];
  blocks.forEach((block, i) => {
    if (block.type === "table") {
      const after = newParagraph();
      const cols = Math.max(1, ...block.rows.map((row) => row.length));
      const values = block.rows.map((row) => Array.from({ length: cols }, (_, c) => row[c] ?? ""));
      const table = after.insertTable(values.length, cols, "Before", values);
      built.push({ block, paragraph: after, table });
      [last, spare, afterList] = [after, true, false];
      return;
    }
    /** @type {Word.Paragraph} */
    let paragraph;
    if (block.type === "listItem" && plan[i] === "attach" && list) paragraph = list.list.insertParagraph("", "End");
    else paragraph = spare && last ? last : newParagraph();
    if (block.type === "listItem") {
      const starts = plan[i] === "start" || !list;
      if (!list || starts) list = { list: paragraph.startNewList(), levels: new Map() };
      setLevelKind(list.list, list.levels, block.level, block.kind);
      // A started item is at level 0; an added one at its predecessor's level.
      if (!starts || block.level > 0) paragraph.listItem.level = block.level;
    } else list = undefined;
    [last, spare, afterList] = [paragraph, false, block.type === "listItem"];
    built.push({ block, paragraph });
    if (block.type === "code") {
      if (block.text) texts.push([paragraph.insertText(block.text.replace(/\r\n|\r|\n/g, "\v"), "End"), { text: block.text, code: true }, false]);
      return;
    }
    const styled = block.type === "heading" || block.type === "quote";
    // "\n" in a run is a hard line break: Word's line break character, not a new paragraph.
    for (const run of block.runs) if (run.text) texts.push([paragraph.insertText(run.text.replace(/\r\n|\r|\n/g, "\v"), "End"), run, styled]);
  });
  for (const { block, paragraph, table } of built) format(block, paragraph, table, plainStyle);
  for (const [range, run, styled] of texts) formatRun(range, run, styled);
  return built;
}

/**
 * @param {Block} block
 * @param {Word.Paragraph} paragraph
 * @param {Word.Table | undefined} table
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} plainStyle
 */
function format(block, paragraph, table, plainStyle) {
  if (block.type === "table" && table) {
    paragraph.styleBuiltIn = plainStyle;
    table.styleBuiltIn = "TableGrid";
    if (block.header) {
      table.headerRowCount = 1;
      table.rows.getFirst().font.bold = true;
    }
  } else if (block.type === "heading") paragraph.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (`Heading${block.level}`);
  else if (block.type === "quote") paragraph.styleBuiltIn = "Quote";
  else if (block.type === "code") paragraph.styleBuiltIn = "NoSpacing";
  else if (block.type === "listItem") paragraph.styleBuiltIn = "ListParagraph";
  else paragraph.styleBuiltIn = plainStyle;
}

/**
 * Character formatting of one run: bold, italic and strikethrough set either way (the text may have taken the
 * neighbour's), but only switched on in a heading or quote, whose style may carry them.
 * @param {Word.Range} range
 * @param {Run} run
 * @param {boolean} styled
 */
function formatRun(range, run, styled) {
  /** @type {Partial<Record<"bold" | "italic" | "strikeThrough", boolean>>} */
  const font = {};
  for (const [key, on] of /** @type {const} */ ([["bold", run.bold], ["italic", run.italic], ["strikeThrough", run.strike]])) {
    if (on || !styled) font[key] = Boolean(on);
  }
  if (Object.keys(font).length) range.font.set(font);
  if (run.code) range.font.name = CODE_FONT;
  if (run.link) range.hyperlink = run.link;
}

/**
 * Which list items start a Word list and which join the one before: a run of list items is one list, and a new
 * one starts where its top level switches between bullets and numbers.
 * @param {Block[]} blocks
 * @returns {("start" | "attach" | undefined)[]}
 */
export function planLists(blocks) {
  /** @type {string | undefined} the open list's top-level kind ("" while it has no top-level item) */
  let open;
  return blocks.map((block) => {
    if (block.type !== "listItem") {
      open = undefined;
      return undefined;
    }
    if (open !== undefined && !(block.level === 0 && open && block.kind !== open)) {
      if (block.level === 0) open = block.kind;
      return "attach";
    }
    open = block.level === 0 ? block.kind : "";
    return "start";
  });
}

/**
 * @param {Word.List} list
 * @param {Map<number, string>} levels  the kind each level was given (the first item at a level decides)
 * @param {number} level
 * @param {"bullet" | "number"} kind
 */
function setLevelKind(list, levels, level, kind) {
  if (levels.has(level)) return;
  levels.set(level, kind);
  if (kind === "bullet") list.setLevelBullet(level, "Solid");
  else list.setLevelNumbering(level, "Arabic");
}

/**
 * Replace: the range's content is deleted; when it covered the whole text of its paragraphs (or they were
 * empty), the paragraph left empty goes too (a range that ends with a paragraph mark takes its paragraphs with it).
 * @param {Word.Range} range  its text loaded
 * @param {string[]} texts  its paragraphs' texts
 * @param {Word.Paragraph} last  its last paragraph
 * @returns {() => void} queues the deletion
 */
function replacement(range, texts, last) {
  const text = range.text;
  const covered = texts.every((t) => t === "") || text.replace(/\r$/, "") === texts.join("\r");
  return () => {
    if (text) range.delete();
    if (covered && !text.endsWith("\r")) last.delete();
  };
}

/**
 * The blocks, re-checked (the server validated them): a non-empty array of known block shapes.
 * @param {unknown} value
 * @returns {Block[]}
 */
export function checkBlocks(value) {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BLOCKS) {
    throw new PaneError("E_INVALID_ARG", `args.blocks must be a list of 1 to ${MAX_BLOCKS} blocks`, "args.blocks");
  }
  value.forEach((block, i) => {
    const field = `args.blocks[${i}]`;
    const bad = (/** @type {string} */ why) => new PaneError("E_INVALID_ARG", `${field} ${why}`, field);
    if (typeof block !== "object" || block === null) throw bad("must be an object");
    const isInt = (/** @type {unknown} */ n, /** @type {number} */ lo, /** @type {number} */ hi) => Number.isInteger(n) && /** @type {number} */ (n) >= lo && /** @type {number} */ (n) <= hi;
    switch (block.type) {
      case "heading":
        if (!isInt(block.level, 1, 6)) throw bad("level must be 1-6");
        break;
      case "listItem":
        if (!isInt(block.level, 0, 8)) throw bad("level must be 0-8");
        if (block.kind !== "bullet" && block.kind !== "number") throw bad('kind must be "bullet" or "number"');
        break;
      case "paragraph":
      case "quote":
        break;
      case "code":
        if (typeof block.text !== "string") throw bad("text must be a string");
        return;
      case "table":
        if (!Array.isArray(block.rows) || block.rows.length === 0 || !block.rows.every((/** @type {unknown} */ row) => Array.isArray(row) && row.every((cell) => typeof cell === "string"))) {
          throw bad("rows must be rows of strings");
        }
        return;
      default:
        throw bad("has an unknown type");
    }
    if (!Array.isArray(block.runs) || !block.runs.every((/** @type {any} */ run) => typeof run?.text === "string")) throw bad("runs must be a list of {text}");
  });
  return value;
}
