// A table's values as they read with its tracked changes accepted (readDocument text and structure, where the
// document has tracked changes). Table.values holds the text of tracked deletions too ("54" for a cell whose "4"
// was replaced by "5"), as Paragraph.text does; each cell's text is worked out from the texts and tracked changes of
// the table's own paragraphs (not those of tables nested in it), as a paragraph's is (accepted-text.js; never
// getReviewedText, which has frozen and crashed Word), queued with the page's details (no sync of its own).

import { reviewedReading } from "../accepted-text.js";

/**
 * @typedef {{ paragraph: Word.Paragraph, changes: Word.TrackedChangeCollection, cell: Word.TableCell }} CurrentCellParagraph
 */

/**
 * Queue the text, tracked changes and cell of each paragraph the table holds at its own level.
 * @param {Word.Table} table  its nestingLevel loaded
 * @param {Word.Paragraph[]} paragraphs  the table's paragraphs in document order, tableNestingLevel loaded
 * @returns {CurrentCellParagraph[]}
 */
export function queueCurrentCells(table, paragraphs) {
  return paragraphs
    .filter((paragraph) => paragraph.tableNestingLevel === table.nestingLevel)
    .map((paragraph) => ({
      paragraph: paragraph.load("text"),
      changes: paragraph.getTrackedChanges().load("items/type,items/text"),
      cell: paragraph.parentTableCellOrNullObject.load("rowIndex, cellIndex"),
    }));
}

/**
 * The table's values with each cell's text as it reads current (a cell's paragraphs joined by "\r", as Word's
 * cell value joins them); a cell no paragraph was read for keeps its value.
 * @param {string[][]} values  Table.values
 * @param {CurrentCellParagraph[] | undefined} current
 * @returns {string[][]}
 */
export function currentValues(values, current) {
  if (!current) return values;
  /** @type {Map<string, string[]>} */
  const cells = new Map();
  for (const { paragraph, changes, cell } of current) {
    if (cell.isNullObject) continue;
    const key = `${cell.rowIndex},${cell.cellIndex}`;
    const text = changes.items.length ? reviewedReading(paragraph.text, changes.items).current : paragraph.text;
    cells.set(key, [...(cells.get(key) ?? []), text]);
  }
  return values.map((row, r) => row.map((value, c) => cells.get(`${r},${c}`)?.join("\r") ?? value));
}
