// The layout: the position of every paragraph, table, row, cell and container in the character stream
// (cached per model version), and the queries over it: which paragraph holds a position, which paragraphs
// and units a span covers, a span's text.
import { isLayoutCurrent } from "./model-version.js";

/**
 * Positions of everything, cached per model version.
 * @returns {{paras: object[], paraInfo: Map, tableInfo: Map, rowInfo: Map, cellInfo: Map, containerInfo: Map, tables: object[], chars: string[], length: number}}
 */
export function layout(doc) {
  if (isLayoutCurrent(doc)) return doc._layout;
  const L = {
    version: doc.version, paras: [], paraInfo: new Map(), tableInfo: new Map(), rowInfo: new Map(), cellInfo: new Map(), containerInfo: new Map(), tables: [], _chars: null,
    // Built on first use: most edits never read the whole character stream.
    get chars() { return this._chars || (this._chars = buildChars(this)); },
  };
  let pos = 0;
  const walk = (container, parent, lastCellInRow) => {
    const start = pos;
    container.blocks.forEach((b, index) => {
      if (b.kind === "paragraph") {
        const isCellEnd = parent && index === container.blocks.length - 1;
        const markCh = isCellEnd ? (lastCellInRow ? "" : "\t") : "\r";
        const info = { para: b, start: pos, mark: pos + b.units.length, end: pos + b.units.length + 1, container, index, cell: parent?.cell || null, table: parent?.table || null, depth: parent?.depth || 0, markCh };
        pos = info.end;
        L.paras.push(info);
        L.paraInfo.set(b, info);
      } else walkTable(b, container, index, parent);
    });
    L.containerInfo.set(container, { start, end: pos, cell: parent?.cell || null, table: parent?.table || null });
  };
  const walkTable = (t, container, index, parent) => {
    const depth = (parent?.depth || 0) + 1;
    const info = { table: t, start: pos, end: 0, container, index, parentCell: parent?.cell || null, parentTable: parent?.table || null, depth };
    L.tables.push(info);
    t.rows.forEach((row, r) => {
      const rowStart = pos;
      row.cells.forEach((cell, c) => {
        const cellStart = pos;
        walk(cell.body, { cell, table: t, depth }, c === row.cells.length - 1);
        L.cellInfo.set(cell, { cell, table: t, row, rowIndex: r, col: c, start: cellStart, end: pos });
      });
      L.rowInfo.set(row, { row, table: t, rowIndex: r, start: rowStart, mark: pos, end: pos + 1 });
      pos += 1;
    });
    info.end = pos;
    L.tableInfo.set(t, info);
  };
  walk(doc.body, null, false);
  L.length = pos;
  doc._layout = L;
  return L;
}

/**
 * The character stream: units (pictures ""), each paragraph's mark, and "\r" for every
 * end-of-row mark (the positions no paragraph covers).
 */
function buildChars(L) {
  const chars = [];
  for (const info of L.paras) {
    while (chars.length < info.start) chars.push("\r");
    for (const u of info.para.units) chars.push(u.pic || u.note ? "" : u.ch);
    chars.push(info.markCh);
  }
  while (chars.length < L.length) chars.push("\r");
  return chars;
}

/** Index in L.paras of the last paragraph starting at or before pos (-1 if none); paras are in order. */
export function paraIndexAt(L, pos) {
  let lo = 0, hi = L.paras.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (L.paras[mid].start <= pos) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

/** The paragraph holding position pos (end-of-row marks and the story end clamp backwards). */
export function locate(doc, pos) {
  const L = layout(doc);
  // Paragraphs do not overlap, so the last one starting at or before pos holds it or precedes it.
  const k = paraIndexAt(L, pos);
  return k < 0 ? L.paras[0] : L.paras[k];
}

/** Paragraph infos intersecting [s, e); a collapsed span yields the paragraph that holds it. */
export function parasInSpan(doc, s, e) {
  const L = layout(doc);
  if (e <= s) return [locate(doc, s)];
  const out = [];
  let k = Math.max(0, paraIndexAt(L, s));
  if (L.paras[k] && L.paras[k].end <= s) k++;
  for (; k < L.paras.length && L.paras[k].start < e; k++) out.push(L.paras[k]);
  return out;
}

/** What Word's own text has for an end-of-cell or end-of-row mark (the `cellMarks` quirk). */
const WORD_CELL_MARK = "\r\u0007";

/**
 * Text of [s, e): paragraph marks read "\r", cell ends "\t" (the last of a row ""), row ends "\r" (with the
 * `cellMarks` quirk both read "\r\u0007"), pictures and note reference marks "".
 */
export function spanText(doc, s, e) {
  const L = layout(doc);
  const from = Math.max(0, s), to = Math.min(Math.max(0, e), L.length);
  if (to <= from) return "";
  const noteMark = doc.quirks?.noteMarkText || "";
  const cellMarks = Boolean(doc.quirks?.cellMarks);
  if (L._chars && !noteMark && !cellMarks) return L._chars.slice(from, to).join("");
  const rowEnd = cellMarks ? WORD_CELL_MARK : "\r";
  // Walk only the paragraphs the span covers instead of building the whole stream.
  let out = "";
  let pos = from;
  for (let k = Math.max(0, paraIndexAt(L, from)); k < L.paras.length && pos < to; k++) {
    const info = L.paras[k];
    for (; pos < info.start && pos < to; pos++) out += rowEnd;
    for (; pos < info.mark && pos < to; pos++) { const u = info.para.units[pos - info.start]; out += u.pic ? "" : u.note ? noteMark : u.ch; }
    if (pos === info.mark && pos < to) { out += cellMarks && info.markCh !== "\r" ? WORD_CELL_MARK : info.markCh; pos++; }
  }
  for (; pos < to; pos++) out += rowEnd;
  return out;
}

/** Find an inline picture unit: {info, index, pos}. */
export function findUnit(doc, unit) {
  for (const info of layout(doc).paras) {
    const index = info.para.units.indexOf(unit);
    if (index >= 0) return { info, index, pos: info.start + index };
  }
  return null;
}

/** Units (with their paragraph) inside [s, e), marks excluded. */
export function unitsInSpan(doc, s, e) {
  const out = [];
  forEachUnit(doc, s, e, (unit, info, index) => { out.push({ info, unit, index }); });
  return out;
}

/**
 * Each unit inside [s, e) (marks excluded) given to `fn` with its paragraph and index, until `fn` returns true:
 * a scan of a paragraph of millions of characters (its pictures, its links, its style) allocates nothing per unit.
 * @returns {boolean} whether `fn` stopped the scan
 */
export function forEachUnit(doc, s, e, fn) {
  for (const info of parasInSpan(doc, s, e)) {
    const { units } = info.para;
    const to = Math.min(e, info.mark) - info.start;
    for (let k = Math.max(0, Math.max(s, info.start) - info.start); k < to; k++) if (fn(units[k], info, k) === true) return true;
  }
  return false;
}
