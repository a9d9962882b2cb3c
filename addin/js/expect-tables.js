// A range's text with its tables read as readDocument shows them, for expectText. Word's text of a table cannot be
// told from that of paragraphs alone: a cell's paragraphs end with "\r" as rows end in the simulator's text, and Word
// gives no mark where a table's first cell starts. readDocument writes each table from Table.values instead, a cell's
// paragraphs (and tabs and line breaks) on the table's line split by spaces (read-markdown.js tableText); so the
// check loads the values of the range's tables in its own sync and reads the text again with each table's own text
// put back as readDocument writes it.

import { hasCellMarks } from "./cell-marks.js";
import { pipeTable, tableText } from "./handlers/read-markdown.js";

/** Readings {@link tableReadings} tries before it gives up (a text in which a table's text recurs many times). */
const READINGS_BUDGET = 1_000;
/** Word's end-of-cell and end-of-row mark (cell-marks.js). */
const WORD_CELL_MARK = "\r\u0007";

/**
 * Queue the load of the values of the tables an expectation's range holds (not synced): the table itself for a
 * table id, else the range's tables (WordApi 1.3; none below it). After the sync, the returned function gives them
 * in document order.
 * @param {Word.Range} range
 * @param {Word.Table | undefined} table  the target, when it is a table's id
 * @param {((name: string, version: string) => boolean) | undefined} supports
 * @returns {() => string[][][]}
 */
export function queueTableValues(range, table, supports) {
  if (table) {
    table.load("values");
    return () => [table.values];
  }
  if (!supports?.("WordApi", "1.3")) return () => [];
  const tables = range.tables.load("items/values");
  return () => tables.items.map((item) => item.values);
}

/**
 * The text Word gives for a whole table with these values: each cell's paragraphs ended by "\r" but the last; with
 * Word's marks each cell and each row ended by "\r\u0007", else cells split by tabs and rows ended by "\r" (the
 * simulator's text, cell-marks.js).
 * @param {string[][]} values
 * @param {boolean} marks
 */
export function wordTableText(values, marks) {
  const cell = (/** @type {string} */ value) => value.replace(/\r\n?|\n/g, "\r");
  if (marks) return values.map((row) => row.map((value) => cell(value) + WORD_CELL_MARK).join("") + WORD_CELL_MARK).join("");
  return values.map((row) => `${row.map(cell).join("\t")}\r`).join("");
}

/**
 * A reading of `text` with each table's text, one after the other in document order, written as readDocument shows
 * it, for which `wanted` holds, else the first reading found (for a message). A table whose text is the whole range
 * (line ends aside) may read as its markdown pipe table too. A table whose text is not found whole (a range that starts or ends inside
 * it) is left as Word wrote it.
 * @param {string} text  Range.text
 * @param {string[][][]} tables  the values of the range's tables, in document order
 * @param {(reading: string) => boolean} wanted
 * @returns {{ text: string, matches: boolean } | undefined}  undefined when the range holds no table found whole
 */
export function tableReadings(text, tables, wanted) {
  const marks = hasCellMarks(text);
  const forms = tables.map((values) => {
    const word = wordTableText(values, marks);
    const shown = tableText(values);
    return { word, shown: `${shown}\n`, pipe: pipeTable(values) };
  });
  /** Whether text around a table's text is line ends alone: the range is that table (its markdown may be given). */
  const alone = (/** @type {number} */ at, /** @type {number} */ end) => /^[\r\n]*$/.test(text.slice(0, at)) && /^[\r\n]*$/.test(text.slice(end));
  let budget = READINGS_BUDGET;
  /** @type {string | undefined} */
  let first;
  /**
   * @param {number} k  the table to place
   * @param {number} from  where in `text` its text may start
   * @param {string} kept  the reading before `from`
   * @param {boolean} placed  whether a table was read as readDocument shows it
   * @returns {string | undefined}  a wanted reading
   */
  const place = (k, from, kept, placed) => {
    if (budget <= 0) return undefined;
    if (k === forms.length) {
      if (!placed) return undefined;
      budget -= 1;
      const reading = kept + text.slice(from);
      first ??= reading;
      return wanted(reading) ? reading : undefined;
    }
    const { word, shown, pipe } = forms[k];
    for (let at = word ? text.indexOf(word, from) : -1; at >= 0; at = text.indexOf(word, at + 1)) {
      for (const form of alone(at, at + word.length) ? [shown, pipe] : [shown]) {
        const found = place(k + 1, at + word.length, kept + text.slice(from, at) + form, true);
        if (found !== undefined) return found;
      }
    }
    return place(k + 1, from, kept, placed);
  };
  const found = place(0, 0, "", false);
  if (found !== undefined) return { text: found, matches: true };
  return first === undefined ? undefined : { text: first, matches: false };
}
