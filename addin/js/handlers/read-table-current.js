// A table's values as they read with its tracked changes accepted (readDocument text and structure, where the
// document has tracked changes). Table.values holds the text of tracked deletions too ("54" for a cell whose "4"
// was replaced by "5"), as Paragraph.text does; paragraphs are read through getReviewedText("Current") instead,
// and so is each cell's text here: the table's own paragraphs (not those of tables nested in it) give their
// current text and their cell, queued with the page's details (no sync of its own).

/**
 * @typedef {{ text: OfficeExtension.ClientResult<string>, cell: Word.TableCell }} CurrentCellParagraph
 */

/**
 * Queue the current text and the cell of each paragraph the table holds at its own level.
 * @param {Word.Table} table  its nestingLevel loaded
 * @param {Word.Paragraph[]} paragraphs  the table's paragraphs in document order, tableNestingLevel loaded
 * @returns {CurrentCellParagraph[]}
 */
export function queueCurrentCells(table, paragraphs) {
  return paragraphs
    .filter((paragraph) => paragraph.tableNestingLevel === table.nestingLevel)
    .map((paragraph) => ({ text: paragraph.getReviewedText("Current"), cell: paragraph.parentTableCellOrNullObject.load("rowIndex, cellIndex") }));
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
  for (const { text, cell } of current) {
    if (cell.isNullObject) continue;
    const key = `${cell.rowIndex},${cell.cellIndex}`;
    cells.set(key, [...(cells.get(key) ?? []), text.value]);
  }
  return values.map((row, r) => row.map((value, c) => cells.get(`${r},${c}`)?.join("\r") ?? value));
}
