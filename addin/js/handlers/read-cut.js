// readDocument's cut block: the first block of a page that alone is longer than maxChars. Nothing of it is lost
// silently: it is cut where it still reads well (a table after a whole row, a paragraph between characters), the
// page's `cut` says how much of it is there and what maxChars reads it whole, and a warn diagnostic (in markdown
// also a line under the block, which a reader of the markdown alone sees) says how to read the rest.

import { headOf } from "../expect.js";
import { MERGED_NOTE, escapeLineStart, tableText } from "./read-markdown.js";

/** @typedef {"text" | "markdown" | "structure"} Format */
/** @typedef {import("./read-markdown.js").Piece} Piece */
/**
 * What a page says about its cut block. `returnedChars` and `totalChars` count what the block costs on a page of
 * the format (structure: its JSON, with the page's brackets), so `totalChars` is the maxChars that reads it whole;
 * `rows` / `rowsReturned`: a table's rows and the whole rows on the page.
 * @typedef {{ index: number, returnedChars: number, totalChars: number, rows?: number, rowsReturned?: number }} BlockCut
 */

/** The largest maxChars readDocument takes: a block longer than that can be read only in part. */
export const MAX_PAGE_CHARS = 200_000;

/**
 * The block cut down to `room` characters, and what the page says about it.
 * @param {Format} format
 * @param {any} piece  the block as the page would hold it whole (text, markdown piece or structure entry)
 * @param {{ index: number, room: number, rows?: number }} where  its index, the room left, a table's row count
 * @returns {{ piece: any, cut?: BlockCut }}  no `cut` when nothing of the block's content is left out
 */
export function cutBlock(format, piece, { index, room, rows }) {
  if (format === "structure") return cutEntry(piece, index, room);
  if (format === "markdown" && rows !== undefined && wholeBeforeNote(piece.md, rows, room)) return { piece };
  if (format === "text") {
    const kept = rows === undefined ? prefix(piece, room) : wholeLines(piece, room);
    return { piece: kept.text, cut: { index, returnedChars: kept.text.length, totalChars: piece.length, ...rowCounts(rows, kept.lines) } };
  }
  return cutMarkdown(piece, index, room, rows);
}

/**
 * A markdown piece cut, with a line under it saying so when that line fits. A table keeps its header, its
 * delimiter row and the body rows that fit (the first `rows + 1` lines of its markdown are its rows).
 * @param {Piece} piece
 * @param {number} index
 * @param {number} room
 * @param {number | undefined} rows
 * @returns {{ piece: Piece, cut: BlockCut }}
 */
function cutMarkdown(piece, index, room, rows) {
  const total = piece.md.length;
  // The note's length with the largest numbers it can hold, so the real one fits where this one does.
  const longest = cutNote({ index, returnedChars: total, totalChars: total, ...rowCounts(rows, rows ?? 0) });
  const withNote = room >= longest.length + 2 + MIN_CONTENT;
  const space = withNote ? room - longest.length - 2 : room;
  const table = rows === undefined ? undefined : wholeLines(piece.md.split("\n").slice(0, rows + 1).join("\n"), space);
  // Header and delimiter row, or the table is cut as text would be.
  const kept = table && table.lines >= 2 ? { text: table.text, lines: table.lines - 1 } : { text: cleanEnd(prefix(piece.md, space).text, piece.md), lines: 0 };
  const cut = { index, returnedChars: kept.text.length, totalChars: total, ...rowCounts(rows, kept.lines) };
  const md = withNote ? `${kept.text}\n\n${cutNote(cut)}` : kept.text;
  return { piece: { ...piece, md }, cut };
}

/**
 * Whether a markdown table's rows all fit `room` and nothing but the merged-cells reader note follows them: the
 * table is then shown whole, with its note (which says how to read the rows, so it goes with them even past
 * maxChars), and is not cut, as no content is left out.
 * @param {string} md
 * @param {number} rows
 * @param {number} room
 */
function wholeBeforeNote(md, rows, room) {
  const table = md.split("\n").slice(0, rows + 1).join("\n");
  return table.length <= room && md === `${table}\n\n${MERGED_NOTE}`;
}

/** Characters of a cut block worth showing before the note under it. */
const MIN_CONTENT = 20;

/**
 * A structure entry cut: a table keeps the whole rows that fit (in `values` and `text`, with
 * `table.rowsReturned`); when not even its first row fits, that row's cells are cut. A paragraph's text is cut.
 * Sizes are the JSON's, escapes included.
 * @param {Record<string, any>} entry
 * @param {number} index
 * @param {number} room  characters left for the entry in the page's JSON
 * @returns {{ piece: Record<string, any>, cut: BlockCut }}
 */
function cutEntry(entry, index, room) {
  const totalChars = JSON.stringify(entry).length + 2;
  const fits = (/** @type {Record<string, any>} */ candidate) => JSON.stringify(candidate).length <= room;
  if (!entry.table) {
    const n = longestFitting(entry.text.length, (length) => fits({ ...entry, text: headOf(entry.text, length) }));
    const piece = { ...entry, text: headOf(entry.text, n) };
    return { piece, cut: { index, returnedChars: JSON.stringify(piece).length + 2, totalChars } };
  }
  /** @type {string[][]} */
  const values = entry.table.values;
  const withRows = (/** @type {string[][]} */ kept, /** @type {number} */ whole) => ({ ...entry, text: tableText(kept), table: { ...entry.table, values: kept, rowsReturned: whole } });
  const rowsFit = longestFitting(values.length, (n) => fits(withRows(values.slice(0, n), n)));
  const piece = rowsFit > 0 || values.length === 0
    ? withRows(values.slice(0, rowsFit), rowsFit)
    : withRows([clipRow(values[0], longestFitting(rowLength(values[0]), (n) => fits(withRows([clipRow(values[0], n)], 0))))], 0);
  return { piece, cut: { index, returnedChars: JSON.stringify(piece).length + 2, totalChars, rows: entry.table.rows, rowsReturned: rowsFit } };
}

/**
 * The warn diagnostic's message: which block, how much of it the page holds, and how to read the rest.
 * @param {BlockCut} cut
 * @param {number} maxChars
 */
export function cutMessage(cut, maxChars) {
  const what = cut.rows === undefined ? "a paragraph" : `a table of ${cut.rows} rows`;
  const held = cut.rows === undefined
    ? `${cut.returnedChars} of them`
    : cut.rowsReturned ? `its first ${cut.rowsReturned} rows (${cut.returnedChars} characters)` : `the start of its first row (${cut.returnedChars} characters)`;
  return `block ${cut.index} (${what}) takes ${cut.totalChars} characters in this format, more than maxChars ${maxChars}: this page holds ${held} and nextOffset goes on after it. ${howToReadRest(cut)}`;
}

/**
 * The line under a cut block in markdown: an HTML comment, which insertMarkdown leaves out (see MERGED_NOTE).
 * @param {BlockCut} cut
 */
function cutNote(cut) {
  const shown = cut.rows === undefined ? `${cut.returnedChars} of ${cut.totalChars} characters` : `${cut.rowsReturned} of ${cut.rows} rows`;
  return `<!-- Block ${cut.index} is cut here: ${shown} shown. ${howToReadRest(cut)} -->`;
}

/** @param {BlockCut} cut */
function howToReadRest(cut) {
  return cut.totalChars <= MAX_PAGE_CHARS
    ? `Read it whole with offset ${cut.index} and maxChars ${cut.totalChars}.`
    : `It is longer than the largest page (maxChars ${MAX_PAGE_CHARS}), which shows the most of it readDocument can.`;
}

/**
 * @param {number | undefined} rows  a table's row count (undefined: a paragraph)
 * @param {number} returned
 */
function rowCounts(rows, returned) {
  return rows === undefined ? {} : { rows, rowsReturned: returned };
}

/**
 * The longest start of `text` that fits `room`, never splitting a surrogate pair.
 * @param {string} text
 * @param {number} room
 */
function prefix(text, room) {
  return { text: headOf(text, Math.max(0, room)), lines: 0 };
}

/**
 * The whole lines (a table's rows) of `text` that fit `room`; none fitting, the first line cut.
 * @param {string} text
 * @param {number} room
 */
function wholeLines(text, room) {
  const lines = text.split("\n");
  let length = -1;
  let count = 0;
  while (count < lines.length && length + 1 + lines[count].length <= room) length += 1 + lines[count++].length;
  return count > 0 ? { text: lines.slice(0, count).join("\n"), lines: count } : prefix(lines[0], room);
}

/**
 * Markdown cut where the cut would change what it reads as: an escaping backslash at the end goes (it would
 * escape what follows), and so does a last line that the cut made block syntax ("-- x" cut to "--", a setext
 * underline; "1.5 l" to "1.", a list item) together with the line break before it.
 * @param {string} md  the cut
 * @param {string} whole  the block's markdown
 */
function cleanEnd(md, whole) {
  const run = /\\*$/.exec(md)?.[0].length ?? 0;
  const cut = beforeOpenComment(run % 2 === 1 ? md.slice(0, -1) : md, whole);
  const start = cut.lastIndexOf("\n") + 1;
  const partial = cut.slice(start);
  const line = whole.slice(start).split("\n")[0];
  const madeSyntax = escapeLineStart(partial) !== partial && escapeLineStart(line) === line;
  return madeSyntax ? cut.slice(0, start).replace(/\\?\n$/, "") : cut;
}

/**
 * Markdown cut inside an HTML comment (a page break's: read-markdown.js BREAK_NOTES), cut before it instead: what is
 * left of it would read as text ("<!-- pa", a bare "<").
 * @param {string} md  the cut
 * @param {string} whole  the block's markdown
 */
function beforeOpenComment(md, whole) {
  const open = md.lastIndexOf("<");
  return open >= 0 && whole.startsWith("<!--", open) && !md.includes("-->", open) ? md.slice(0, open) : md;
}

/**
 * A row's first `length` characters, cell by cell (the cells after them empty).
 * @param {string[]} row
 * @param {number} length
 */
function clipRow(row, length) {
  let left = length;
  return row.map((cell) => {
    const kept = headOf(cell, left);
    left -= kept.length;
    return kept;
  });
}

/** @param {string[]} row */
function rowLength(row) {
  return row.reduce((sum, cell) => sum + cell.length, 0);
}

/**
 * The largest n in 0..max for which `fits(n)` holds (it holds for all smaller n), 0 when none does.
 * @param {number} max
 * @param {(n: number) => boolean} fits
 */
function longestFitting(max, fits) {
  let low = 0;
  let high = max;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
