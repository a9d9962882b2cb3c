// insertMarkdown: the canonical blocks the server made from markdown, built with Word's own styles in one
// Word.run.
//
// Every block becomes a paragraph (or a table) inserted after the previous one; the text goes in first and the
// character formatting after all of it, so no run inherits another's. Styles are set through styleBuiltIn
// (locale-independent): headings Heading 1-6 (a `title` heading, markdown's setext `===` one, Title), quotes
// Quote, code blocks No Spacing in Consolas (one paragraph, its lines separated by Word line breaks), list items
// List Paragraph, other paragraphs Normal, tables Table Grid
// (header row bold, headerRowCount 1). Lists are Word lists: the first item starts one (startNewList, each level
// it uses set to bullets or numbers) and the others are added with List.insertParagraph, so no list id has to be
// read: the op needs a sync of its own only to read the range it replaces, before it writes anything.

import { oneOf } from "../args.js";
import { PaneError } from "../errors.js";
import { LOCATIONS } from "../locations.js";
import { firstBlockOf, lastBlockOf, resolveScope } from "../registry.js";
import { atTable, removeBlocks, retireScope } from "./text.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {{ text: string, bold?: boolean, italic?: boolean, code?: boolean, strike?: boolean, link?: string }} Run */
/**
 * A heading with `title: true` (level 1 only: the server's setext `===` heading, the way readDocument writes a
 * Title paragraph) is built in the Title style rather than Heading 1.
 * @typedef {{ type: "heading", level: number, title?: boolean, runs: Run[] } | { type: "paragraph" | "quote", runs: Run[] }
 *   | { type: "listItem", kind: "bullet" | "number", level: number, runs: Run[] } | { type: "code", text: string }
 *   | { type: "table", header: boolean, rows: string[][] }} Block
 */

export const CODE_FONT = "Consolas";
const MAX_BLOCKS = 5000;
/** Word's column limit (insertTable refuses a wider table at the sync, after the blocks before it were inserted). */
const MAX_COLUMNS = 63;

/**
 * Insert the blocks at the scope. Document: at its start or end, or instead of its whole content (replace).
 * A range or the selection: before its first paragraph (start/before), after its last (end/after), or instead
 * of it (replace): a range of whole paragraphs (or an empty one) is emptied into one paragraph that the blocks
 * take over, so no paragraph is left empty; of a range inside a paragraph only the text goes, the blocks follow
 * its paragraph. Tables go in next to their neighbours: Word adds the one paragraph it requires after a table
 * that ends the body and between two tables, and no other.
 * A range that starts or ends with a table (a table id as `rangeId:`, table.create's rangeId, an insertMarkdown
 * result beginning or ending with a table) is blocks on that side: start/before put the blocks before that table,
 * end/after after it (never in its cells), and replace puts them in place of the whole range, tables included
 * (its id is retired).
 * A replaced range is read first (one sync, reads only; none at a table); everything else goes in Word.run's
 * closing sync.
 * @param {HandlerEnv} env
 */
export async function insertMarkdown(env) {
  const { context, registry, args, sync } = env;
  const blocks = checkBlocks(args.blocks);
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const target = resolveScope(context, registry, args.scope ?? "selection");

  const { origin, keepSpare, deleteText } = target.kind === "document"
    ? documentPlace(target.body, location)
    : target.kind === "range" && atTable(target, location)
      ? tablePlace(env, target, location)
      : await rangePlace(target.range, location, sync);
  const { built, spare } = buildBlocks(blocks, origin);
  if (spare && !keepSpare) spare.delete();
  const first = built[0];
  const lastBuilt = built[built.length - 1];
  // Up to the last paragraph's text, not its mark: "end" on the id then lands in that paragraph, "replace" keeps
  // the paragraph after it out of the edit (a range ending with a mark would reach into the next paragraph).
  const from = (first.table ?? first.paragraph).getRange("Whole");
  const whole = lastBuilt.table ? from.expandTo(lastBuilt.table.getRange("Whole")) : from.expandTo(lastBuilt.paragraph.getRange("Content"));
  const edges = { first: Boolean(first.table), last: Boolean(lastBuilt.table), ...(built.length === 1 && first.table ? { only: true } : {}) };
  const rangeId = registry.add("rng", whole, { paragraphs: !lastBuilt.table, edges, empty: false });
  deleteText?.();
  return { rangeId, blocks: blocks.length };
}
/**
 * Its one sync, when it has one (replacing a range or the selection, unless the range has a table at an edge),
 * only reads.
 * @param {HandlerEnv} env
 * @returns {import("../types.js").SyncKind}
 */
insertMarkdown.firstSync = ({ args, registry }) => (args.scope !== "document" && (args.location ?? "replace") === "replace" && !tableEdged(registry, args.scope) ? "read" : "none");

/**
 * Whether a scope is a range id whose range starts or ends with a table (no sync: the registry knows).
 * @param {import("../registry.js").Registry} registry
 * @param {unknown} scope
 */
function tableEdged(registry, scope) {
  return typeof scope === "string" && scope.startsWith("rangeId:") && registry.edgesOf(scope.slice(8)) !== undefined;
}

/**
 * A range with a table at the side the blocks go (see {@link atTable}): before its first block, after its last,
 * or (replace) before its first block with the whole range removed after the insertion. No sync.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} location
 * @returns {Place}
 */
function tablePlace(env, target, location) {
  if (location === "end" || location === "after") return { origin: nextTo(lastBlockOf(target), "After"), keepSpare: true };
  const origin = nextTo(firstBlockOf(target), "Before");
  if (location !== "replace") return { origin, keepSpare: true };
  return {
    origin,
    keepSpare: true,
    deleteText: () => {
      removeBlocks(target);
      retireScope(env, target.id, `its ${target.edges?.only ? "table was" : "blocks were"} replaced (insertMarkdown's rangeId is the new content's)`);
    },
  };
}

/**
 * Where the blocks go, what becomes of an empty paragraph no block took, and what else a replace deletes.
 * @typedef {{ origin: Origin, keepSpare: boolean, deleteText?: () => void }} Place
 */

/**
 * The document: at its start or end, or in the empty paragraph a cleared body keeps (replace), which stays
 * after a table: it is the body's last.
 * @param {Word.Body} body
 * @param {string} location
 * @returns {Place}
 */
function documentPlace(body, location) {
  if (location === "replace") {
    body.clear();
    return { origin: { spare: body.paragraphs.getFirst() }, keepSpare: true };
  }
  const where = location === "start" || location === "before" ? "Start" : "End";
  return { origin: { paragraph: () => body.insertParagraph("", where), table: (values) => body.insertTable(values.length, values[0].length, where, values) }, keepSpare: true };
}

/**
 * A range: before its first paragraph, after its last, or (replace, after one sync that reads it) instead
 * of its whole paragraphs, emptied into one that the blocks take over, or after its paragraph with only its
 * text deleted (queued after the insertion).
 * @param {Word.Range} range
 * @param {string} location
 * @param {() => Promise<void>} sync
 * @returns {Promise<Place>}
 */
async function rangePlace(range, location, sync) {
  const paragraphs = range.paragraphs;
  const last = paragraphs.getLast();
  if (location !== "replace") {
    return { origin: location === "start" || location === "before" ? nextTo({ paragraph: paragraphs.getFirst() }, "Before") : nextTo({ paragraph: last }, "After"), keepSpare: true };
  }
  const read = queueReplacedRead(range, paragraphs, last);
  await sync();
  const replaced = read();
  if (!replaced.whole) return { origin: nextTo({ paragraph: last }, "After"), keepSpare: true, deleteText: replaced.text ? () => range.delete() : undefined };
  emptyInto(paragraphs.getFirst(), last, replaced.texts);
  return { origin: { spare: last }, keepSpare: replaced.required };
}

/**
 * Where the first block goes: an empty paragraph already there (`spare`: a cleared body's, or a replaced
 * range's), which the first paragraph block takes and tables go before; or a point where new paragraphs and
 * tables are inserted.
 * @typedef {{ spare: Word.Paragraph } | { paragraph: () => Word.Paragraph, table: (values: string[][]) => Word.Table }} Origin
 */

/**
 * @typedef {{ block: Block, paragraph: Word.Paragraph, table?: undefined } | { block: Block, table: Word.Table, paragraph?: undefined }} Built
 */

/**
 * New blocks before or after a paragraph or a table. Next to a table, a table goes on the far side of a paragraph
 * of its own (tables that touch are one table in Word), which stays between them.
 * @param {{ paragraph: Word.Paragraph, table?: undefined } | { table: Word.Table, paragraph?: undefined }} block
 * @param {"Before" | "After"} where
 * @returns {Origin}
 */
function nextTo({ paragraph, table }, where) {
  if (table) {
    return {
      paragraph: () => table.insertParagraph("", where),
      table: (values) => {
        const between = table.insertParagraph("", where);
        between.styleBuiltIn = "Normal";
        return between.insertTable(values.length, values[0].length, where, values);
      },
    };
  }
  return { paragraph: () => paragraph.insertParagraph("", where), table: (values) => paragraph.insertTable(values.length, values[0].length, where, values) };
}

/**
 * Queue what replacing a range must know (read by the caller's sync): whether it covers its paragraphs whole
 * (the blocks then take their place) or only text inside them, and whether Word requires a paragraph after
 * its last paragraph (the last of its body, or a table follows): where a table takes the place of the range,
 * the emptied paragraph stays only then.
 * @param {Word.Range} range
 * @param {Word.ParagraphCollection} paragraphs  the range's
 * @param {Word.Paragraph} last  its last paragraph
 * @returns {() => { whole: boolean, text: string, texts: string[], required: boolean }}  after the sync
 */
function queueReplacedRead(range, paragraphs, last) {
  range.load("text");
  paragraphs.load("text");
  last.load("isLastParagraph,tableNestingLevel");
  const next = last.getNextOrNullObject();
  next.load("tableNestingLevel");
  return () => {
    const { text } = range;
    const texts = paragraphs.items.map((paragraph) => paragraph.text);
    // A range ending with its last paragraph's mark covers that paragraph too.
    const whole = texts.every((t) => t === "") || text.replace(/\r$/, "") === texts.join("\r");
    const tableNext = !next.isNullObject && next.tableNestingLevel > last.tableNestingLevel;
    return { whole, text, texts, required: last.isLastParagraph || tableNext };
  };
}

/**
 * Empty whole paragraphs into the last one: their text and marks go, the last one's mark stays (Word never
 * has to join a paragraph with a table, and the last paragraph of the body keeps its mark).
 * @param {Word.Paragraph} first
 * @param {Word.Paragraph} last
 * @param {string[]} texts  the paragraphs' texts
 */
function emptyInto(first, last, texts) {
  if (texts.length === 1 && texts[0] === "") return; // already one empty paragraph: nothing to delete
  first.getRange("Start").expandTo(last.getRange("Content")).delete();
}

/**
 * Insert every block's paragraph or table and its text, then format them (headerFooter.set builds a header's
 * markdown with it too, its plain paragraphs in the Header/Footer style instead of Normal). Each block goes
 * after the one before; a paragraph between two tables is the one Word requires there.
 * @param {Block[]} blocks
 * @param {Origin} origin
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} [plainStyle]  the style of plain paragraphs
 * @returns {{ built: Built[], spare: Word.Paragraph | undefined }}  spare: the origin's empty paragraph when no
 *   block took it (the blocks are one table, which went before it): the caller keeps or deletes it
 */
export function buildBlocks(blocks, origin, plainStyle = "Normal") {
  const plan = planLists(blocks);
  /** @type {Word.Paragraph | Word.Table | undefined} the block built last */
  let last;
  /** @type {"paragraph" | "listItem" | "table" | undefined} what `last` is */
  let lastKind;
  /** @type {Word.Paragraph | undefined} an empty paragraph right after `last` (or at the origin) */
  let spare = "spare" in origin ? origin.spare : undefined;
  /** @type {Word.Paragraph[]} paragraphs that only separate tables, or follow the last one */
  const fillers = [];
  /** @type {{ list: Word.List, levels: Map<number, string> } | undefined} */
  let list;
  // The spare is taken only by a paragraph no table follows: a table put after a paragraph that took a body's
  // last paragraph would end the body, and Word would add an empty paragraph after it.
  const lastTable = blocks.map((block) => block.type).lastIndexOf("table");
  // A new paragraph copies its neighbour's list membership: the first one (from the document) and one after a
  // list item or a table leave any list; nothing else is in a list when the next paragraph copies it.
  const newParagraph = (/** @type {number} */ i) => {
    /** @type {Word.Paragraph} */
    let paragraph;
    if (spare && i > lastTable) [paragraph, spare] = [spare, undefined];
    else if (last) paragraph = last.insertParagraph("", "After");
    else paragraph = spare ? spare.insertParagraph("", "Before") : /** @type {{ paragraph: () => Word.Paragraph }} */ (origin).paragraph();
    if (lastKind !== "paragraph") paragraph.detachFromList();
    return paragraph;
  };
  /** @param {string[][]} values */
  const newTable = (values) => {
    const [rows, cols] = [values.length, values[0].length];
    if (spare && !last) return spare.insertTable(rows, cols, "Before", values); // the spare stays after it
    if (lastKind === "table") {
      // One paragraph between two tables (the spare, if there is one): Word merges touching tables.
      const between = newParagraph(-1); // never the spare: a table follows
      fillers.push(between);
      return between.insertTable(rows, cols, "After", values);
    }
    return last ? last.insertTable(rows, cols, "After", values) : /** @type {{ table: (values: string[][]) => Word.Table }} */ (origin).table(values);
  };
  /** @type {Built[]} */
  const built = [];
  /** @type {[Word.Range, Run, boolean][]} text ranges, their run, and whether the style carries bold/italic */
  const texts = [];
  blocks.forEach((block, i) => {
    if (block.type === "table") {
      const cols = Math.max(1, ...block.rows.map((row) => row.length));
      const table = newTable(block.rows.map((row) => Array.from({ length: cols }, (_, c) => row[c] ?? "")));
      built.push({ block, table });
      [last, lastKind, list] = [table, "table", undefined];
      return;
    }
    /** @type {Word.Paragraph} */
    let paragraph;
    if (block.type === "listItem" && plan[i] === "attach" && list) paragraph = list.list.insertParagraph("", "End");
    else paragraph = newParagraph(i);
    if (block.type === "listItem") {
      const starts = plan[i] === "start" || !list;
      if (!list || starts) list = { list: paragraph.startNewList(), levels: new Map() };
      setLevelKind(list.list, list.levels, block.level, block.kind);
      // A started item is at level 0; an added one at its predecessor's level.
      if (!starts || block.level > 0) paragraph.listItem.level = block.level;
    } else list = undefined;
    [last, lastKind] = [paragraph, block.type === "listItem" ? "listItem" : "paragraph"];
    built.push({ block, paragraph });
    if (block.type === "code") {
      if (block.text) texts.push([paragraph.insertText(block.text.replace(/\r\n|\r|\n/g, "\v"), "End"), { text: block.text, code: true }, false]);
      return;
    }
    const styled = block.type === "heading" || block.type === "quote";
    // "\n" in a run is a hard line break: Word's line break character, not a new paragraph.
    for (const run of block.runs) if (run.text) texts.push([paragraph.insertText(run.text.replace(/\r\n|\r|\n/g, "\v"), "End"), run, styled]);
  });
  if (spare) {
    spare.detachFromList(); // it may be a replaced list item or heading
    fillers.push(spare);
  }
  for (const filler of fillers) filler.styleBuiltIn = plainStyle;
  for (const { block, paragraph, table } of built) format(block, paragraph, table, plainStyle);
  for (const [range, run, styled] of texts) formatRun(range, run, styled);
  return { built, spare };
}

/**
 * @param {Block} block
 * @param {Word.Paragraph | undefined} paragraph  a paragraph block's
 * @param {Word.Table | undefined} table  a table block's
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} plainStyle
 */
function format(block, paragraph, table, plainStyle) {
  if (block.type === "table") {
    if (!table) return;
    table.styleBuiltIn = "TableGrid";
    if (block.header) {
      table.headerRowCount = 1;
      table.rows.getFirst().font.bold = true;
    }
  } else if (!paragraph) return;
  else if (block.type === "heading" && block.title) paragraph.styleBuiltIn = "Title";
  else if (block.type === "heading") paragraph.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (`Heading${block.level}`);
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
        if (block.title !== undefined && typeof block.title !== "boolean") throw bad("title must be true or false");
        if (block.title && block.level !== 1) throw bad("is a title, which must be level 1");
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
        if (block.rows.some((/** @type {string[]} */ row) => row.length > MAX_COLUMNS)) {
          const cols = Math.max(...block.rows.map((/** @type {string[]} */ row) => row.length));
          throw bad(`is a table of ${cols} columns; a Word table has at most ${MAX_COLUMNS}`);
        }
        return;
      default:
        throw bad("has an unknown type");
    }
    if (!Array.isArray(block.runs) || !block.runs.every((/** @type {any} */ run) => typeof run?.text === "string")) throw bad("runs must be a list of {text}");
  });
  return value;
}
