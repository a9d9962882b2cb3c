// Word's end-of-cell and end-of-row marks in the text of a range over a table. Word's own text ends each cell, and
// then each row, with the two characters Chr(13)+Chr(7) ("\r\u0007"); the simulator reads a cell's end as "\t" (the
// last cell of a row as nothing) and a row's end as "\r", the way readDocument shows a table (tab-separated cells,
// a row per line). Every text the pane reads from Word goes through {@link cellMarksAsTabs} (readerText, shownText,
// blocks.js), so a text with Word's marks means the same thing as the simulator's, and no U+0007 reaches a client.

/** A run of marks: each "\r\u0007" (or a bare U+0007, which some texts carry) ends a cell or a row. */
const MARK_RUN = /(?:\r?\u0007)+/g;

/**
 * A text with Word's cell and row marks written as the simulator has them: a lone mark ends a cell ("\t"); a row's
 * last cell's mark followed by the row's mark is the row's end ("\r"). Word's text cannot tell an empty cell at the
 * end of a row from one at the start of the next (both are one more mark in the run): the empty cells of a run are
 * put before the row's end ({@link looseCellOrder} compares texts without that choice).
 * @param {string} text
 */
export function cellMarksAsTabs(text) {
  if (!text.includes("\u0007")) return text;
  return text.replace(MARK_RUN, (run) => {
    const marks = run.split("\u0007").length - 1;
    return marks === 1 ? "\t" : `${"\t".repeat(marks - 2)}\r`;
  });
}

/**
 * Whether a text holds Word's cell marks (see {@link cellMarksAsTabs}).
 * @param {string} text
 */
export function hasCellMarks(text) {
  return text.includes("\u0007");
}

/**
 * A text (tabs and line ends as clients write them, "\n") with each run of cell and row ends in one order, tabs
 * first: the form in which a table's text read with Word's marks and as readDocument shows it compare equal,
 * whichever row an empty cell next to a row's end is in.
 * @param {string} text
 */
export function looseCellOrder(text) {
  return text.replace(/[\t\n]{2,}/g, (run) => [...run].sort().join(""));
}
