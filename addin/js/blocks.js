// A range's blocks: a table is a block of its own, so what goes before, after or instead of a range that starts
// or ends with a table goes next to the table, never into its cells; and a block id's range widened to the whole
// paragraphs it is in. Queue only: nothing here syncs.

import { cellMarksAsTabs } from "./cell-marks.js";

/**
 * Where a range of whole blocks has a table as its first or last block (`only`: the range is one table: a table
 * id used as a range, table.create's rangeId). A table is a block of its own: what goes before, after or instead
 * of such a range goes before, after or instead of the table, never into its cells (see {@link firstBlockOf}).
 * @typedef {{ first: boolean, last: boolean, only?: boolean }} TableEdges
 */

/** @typedef {import("./scopes.js").RangeTarget} RangeTarget */

/**
 * The whole paragraphs a block's range is in, up to the last one's mark (as readDocument made it). Word moves a
 * range's end back when the text at its end is replaced (the new text lands outside it, office-js#1915), so a
 * block whose last word was edited would otherwise end before that word and an edit "at its end" would land in
 * the middle of the paragraph. A range that starts with a table (an insertMarkdown result) starts with that whole
 * table (its first paragraph is a cell's). Queues only.
 * @param {Word.Range} range
 * @param {boolean} startsWithTable
 * @returns {Word.Range}
 */
export function wholeParagraphs(range, startsWithTable) {
  const { paragraphs } = range;
  const start = startsWithTable ? range.getRange("Whole").tables.getFirst().getRange("Whole") : paragraphs.getFirst().getRange("Content");
  return start.expandTo(paragraphs.getLast().getRange("Content"));
}

/**
 * Queue what tells whether a range covers its paragraphs whole (all of their text, with or without the last one's
 * mark) or only text inside them; read by the caller's sync. A range in empty paragraphs counts as whole.
 * @param {Word.Range} range
 * @param {Word.ParagraphCollection} paragraphs  the range's
 * @returns {() => { whole: boolean, text: string, texts: string[] }}  after the sync: also the range's text (Word's
 *   cell and row marks in it as tabs and "\r": cell-marks.js) and its paragraphs' texts
 */
export function queueWholeRead(range, paragraphs) {
  range.load("text");
  paragraphs.load("text");
  return () => {
    const text = cellMarksAsTabs(range.text);
    const texts = paragraphs.items.map((paragraph) => paragraph.text);
    // A range ending with its last paragraph's mark covers that paragraph too.
    return { whole: texts.every((t) => t === "") || text.replace(/\r$/, "") === texts.join("\r"), text, texts };
  };
}

/**
 * The first block of a range: the table it starts with (see {@link TableEdges}), else its first paragraph.
 * What goes "before" the range goes before it. Queues only.
 * @param {RangeTarget | { range: Word.Range, edges?: undefined, table?: undefined }} target
 * @returns {{ table: Word.Table, paragraph?: undefined } | { paragraph: Word.Paragraph, table?: undefined }}
 */
export function firstBlockOf(target) {
  if (target.table) return { table: target.table };
  if (target.edges?.first) return { table: target.range.getRange("Whole").tables.getFirst() };
  return { paragraph: target.range.paragraphs.getFirst() };
}

/**
 * The last block of a range: the table it ends with (the table of its last paragraph, a cell's: a cell ends
 * with a paragraph, so that is never a table nested in the last cell), else its last paragraph. What goes
 * "after" the range goes after it. Queues only.
 * @param {RangeTarget | { range: Word.Range, edges?: undefined, table?: undefined }} target
 * @returns {{ table: Word.Table, paragraph?: undefined } | { paragraph: Word.Paragraph, table?: undefined }}
 */
export function lastBlockOf(target) {
  if (target.table) return { table: target.table };
  if (target.edges?.last) return { table: target.range.getRange("Whole").paragraphs.getLast().parentTable };
  return { paragraph: target.range.paragraphs.getLast() };
}
