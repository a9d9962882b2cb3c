// The text an op answers with, shown as readDocument shows it. Word's texts carry its control characters: "\r"
// ends a paragraph (a range over two paragraphs reads "one\rBeta"), "\v" is a line break (Shift+Enter), "\f" a page
// or section break, U+0002 a note's reference mark on some hosts, "\r\u0007" the end of a table cell or row.
// readDocument writes both breaks as "\n", a table's cells tab-separated and its rows one per line, and leaves the
// others out ({@link readerText}, cell-marks.js); a text copied from one op's answer into another op's args (a
// search query, expectText) then means the same thing everywhere.

import { readerText } from "./expect.js";

/**
 * A text read from Word as clients see it: readDocument's normalisation, and paragraph marks as "\n" too.
 * @param {string} text
 */
export function shownText(text) {
  return readerText(text).replace(/\r\n?/g, "\n");
}
