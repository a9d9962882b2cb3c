// Where insertMarkdown's blocks go: the document's start or end or its whole content, next to a range's paragraphs
// or tables, or in place of a range (read first, in the op's one sync).

import { firstBlockOf, lastBlockOf } from "../registry.js";
import { queueWholeRead } from "../blocks.js";
import { removeBlocks, retireScope } from "./text.js";
import { afterLeadingBreaks, beforeTrailingBreaks, leadingBreaks, trailingBreaksOf } from "./block-rewrite.js";
import { blockEdgeParagraph } from "./block-edge-spot.js";
import { noteWhenDone } from "./done-notes.js";
import { anchorReplaceSide } from "./anchor-read.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * A range with a table at the side the blocks go (see {@link atTable}): before its first block, after its last,
 * or (replace) in its place ({@link replacePlace}). No sync (an anchor's look, to wrap the new blocks in it again,
 * was read with its table edges: anchor-read.js).
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {string} location
 * @param {{ type: string }[]} blocks  the blocks written
 * @returns {Promise<Place>}
 */
export async function tablePlace(env, target, location, blocks) {
  // Before/after an anchor: next to its content control, outside it, wherever its table is now.
  const { control } = target;
  if (control && (location === "before" || location === "after")) return { origin: nextTo({ control }, location === "before" ? "Before" : "After"), keepSpare: true };
  if (location === "end" || location === "after") return { origin: nextTo(lastBlockOf(target), "After"), keepSpare: true };
  if (location === "replace") return replacePlace(env, target, blocks);
  return { origin: nextTo(firstBlockOf(target), "Before"), keepSpare: true };
}

/**
 * A range that starts or ends with a table replaced by blocks: they go before its first block, or next to an
 * anchor's control (anchorReplaceSide: its content may no longer start with a table), into an empty paragraph made
 * there first, which tables go before and the first paragraph after the last table takes; the range's blocks are
 * removed after that. That paragraph keeps every table written off the range's tables, and off a table after an
 * anchor (touching tables are one: Word would put a paragraph between them, left empty once the range's blocks
 * went). Blocks that end with a table leave it empty: it goes after the range's blocks, but where Word keeps it (a
 * table follows the anchor), which the answer says, as it does the mark of an anchor's last paragraph that Word
 * keeps before such a table. Queues only.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {{ type: string }[]} blocks
 * @returns {Place}
 */
function replacePlace(env, target, blocks) {
  const { control } = target;
  const side = control ? anchorReplaceSide(target, blocks[0].type === "table") : "Before";
  const first = control ? undefined : firstBlockOf(target);
  const spare = (control ?? first?.table ?? /** @type {Word.Paragraph} */ (first?.paragraph)).insertParagraph("", side);
  const spareLeft = blocks[blocks.length - 1].type === "table"; // markdown-build.js: taken by a paragraph after the last table
  // Written before an anchor, its last paragraph goes before such a table: Word keeps that one's mark.
  const lastMarkKept = side === "Before" && target.edges?.first && !target.edges.last && !target.textAfter;
  const keptBeforeTable = Boolean(control && target.tableAfter && (lastMarkKept || (spareLeft && side === "After")));
  return {
    origin: { spare },
    keepSpare: true,
    deleteText: () => {
      removeBlocks(target);
      if (spareLeft && !(keptBeforeTable && side === "After")) spare.delete();
      if (keptBeforeTable) noteWhenDone(env, "info", "An empty paragraph stays before the table right after the anchor: Word keeps one there (between two tables, and the mark of a paragraph right before a table)", "args.scope");
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
export function documentPlace(body, location) {
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
 * text deleted (queued after the insertion). Before/after an anchor (`control`, its content control): next to the
 * control, outside it (ContentControl.insertParagraph / insertTable), so the anchor's next replace leaves them.
 * @param {Word.Range} range
 * @param {string} location
 * @param {() => Promise<void>} sync
 * @param {Word.ContentControl} [control]  the anchor's content control, when `range` is an anchor's content
 * @param {ReturnType<typeof queueReplacedRangeRead>} [replacedRead]  read already (with the anchor: then no sync)
 * @returns {Promise<Place>}
 */
export async function rangePlace(range, location, sync, control = undefined, replacedRead = undefined) {
  const paragraphs = range.paragraphs;
  const last = paragraphs.getLast();
  if (location !== "replace") {
    const where = location === "start" || location === "before" ? "Before" : "After";
    const beside = control && (location === "before" || location === "after") ? { control } : { paragraph: where === "Before" ? paragraphs.getFirst() : last };
    return { origin: nextTo(beside, where), keepSpare: true };
  }
  const read = replacedRead ?? queueReplacedRead(range, paragraphs, last);
  if (!replacedRead) await sync();
  const replaced = read();
  if (!replaced.whole) return { origin: nextTo({ paragraph: last }, "After"), keepSpare: true, deleteText: replaced.text ? () => range.delete() : undefined };
  // Its tables first: Word keeps the mark of a paragraph right before a table, which emptying would leave behind.
  for (const table of replaced.tables) table.delete();
  const spare = emptyInto(paragraphs.getFirst(), last, replaced.texts) ?? last;
  return { origin: { spare }, keepSpare: replaced.required };
}

/**
 * Start or end of a block's id that starts or ends with page, column or section breaks: the blocks go between the
 * breaks and the block's text, on its page (block-edge-spot.js blockEdgeParagraph: one sync that reads, out of a
 * batch). Undefined where {@link rangePlace} places them.
 * @param {HandlerEnv} env
 * @param {import("../scopes.js").ScopeTarget} target
 * @param {string} location
 * @returns {Promise<Place | undefined>}
 */
export async function blockEdgePlace(env, target, location) {
  const edge = await blockEdgeParagraph(env, target, location);
  return edge && { origin: nextTo({ paragraph: edge.paragraph }, edge.where), keepSpare: true };
}

/**
 * Where the first block goes: an empty paragraph already there (`spare`: a cleared body's, or a replaced
 * range's), which the first paragraph block takes and tables go before; or a point where new paragraphs and
 * tables are inserted.
 * @typedef {{ spare: Word.Paragraph } | { paragraph: () => Word.Paragraph, table: (values: string[][]) => Word.Table }} Origin
 */

/**
 * New blocks before or after a paragraph, a table or a content control. Next to a table, a table goes on the far
 * side of a paragraph of its own (tables that touch are one table in Word), which stays between them.
 * @param {{ paragraph: Word.Paragraph, table?: undefined } | { table: Word.Table, paragraph?: undefined } | { control: Word.ContentControl, table?: undefined, paragraph?: undefined }} block
 * @param {"Before" | "After"} where
 * @returns {Origin}
 */
function nextTo(block, where) {
  const { table } = block;
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
  const host = block.paragraph ?? block.control;
  return { paragraph: () => host.insertParagraph("", where), table: (values) => host.insertTable(values.length, values[0].length, where, values) };
}

/**
 * Queue what replacing a range must know (read by the caller's sync): whether it covers its paragraphs whole
 * (the blocks then take their place) or only text inside them, whether Word requires a paragraph after
 * its last paragraph (the last of its body, or a table follows): where a table takes the place of the range,
 * the emptied paragraph stays only then; and the tables between its first and last paragraphs (the outermost).
 * @param {Word.Range} range
 * @param {Word.ParagraphCollection} paragraphs  the range's
 * @param {Word.Paragraph} last  its last paragraph
 * @returns {() => { whole: boolean, text: string, texts: string[], required: boolean, tables: Word.Table[] }}  after the sync
 */
function queueReplacedRead(range, paragraphs, last) {
  const read = queueWholeRead(range, paragraphs);
  last.load("isLastParagraph,tableNestingLevel");
  const next = last.getNextOrNullObject();
  next.load("tableNestingLevel");
  const tables = range.tables.load("nestingLevel");
  return () => {
    const tableNext = !next.isNullObject && next.tableNestingLevel > last.tableNestingLevel;
    const outermost = Math.min(...tables.items.map((table) => table.nestingLevel));
    const whole = read();
    // A table inside: its cells are paragraphs of their own, which the range's text separates by tabs.
    const cellsAsParagraphs = (/** @type {string} */ text) => text.replace(/\t/g, "\r");
    const wholeWithTables = tables.items.length > 0 && cellsAsParagraphs(whole.text.replace(/\r$/, "")) === cellsAsParagraphs(whole.texts.join("\r"));
    return { ...whole, whole: whole.whole || wholeWithTables, required: last.isLastParagraph || tableNext, tables: tables.items.filter((table) => table.nestingLevel === outermost) };
  };
}

/**
 * What {@link rangePlace} reads to replace a range, queued for a caller's sync (an anchor's, read anyway).
 * @param {Word.Range} range
 */
export function queueReplacedRangeRead(range) {
  return queueReplacedRead(range, range.paragraphs, range.paragraphs.getLast());
}

/**
 * Empty whole paragraphs into the last one: their text and marks go, the last one's mark stays (Word never
 * has to join a paragraph with a table, and the last paragraph of the body keeps its mark). The page, column or
 * section breaks the first one starts with stay (block-rewrite.js), at the start of what is left, which the first
 * paragraph block takes; those the last one ends with stay too, in a paragraph of their own after it (after the
 * new blocks). Returns the paragraph left for the blocks when it is not `last` (breaks at the end).
 * @param {Word.Paragraph} first
 * @param {Word.Paragraph} last
 * @param {string[]} texts  the paragraphs' texts
 * @returns {Word.Paragraph | undefined}
 */
function emptyInto(first, last, texts) {
  if (texts.length === 1 && texts[0].length === leadingBreaks(texts[0])) return undefined; // nothing but breaks, if any
  const trailing = trailingBreaksOf(texts);
  const from = afterLeadingBreaks(first, texts[0]);
  if (!trailing) {
    from.expandTo(last.getRange("Content").getRange("End")).delete();
    return undefined;
  }
  // A new paragraph mark where the text was: the breaks after it are a paragraph of their own.
  return from.expandTo(beforeTrailingBreaks(last, trailing)).insertText("\n", "Replace").paragraphs.getFirst();
}
