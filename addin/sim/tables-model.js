// Tables in the model: a uniform grid of cells plus merged areas. Horizontally covered cells are
// hidden from cell indexes (Word's rows then have fewer cells); vertically covered ones stay
// addressable as empty continuation cells, as Word's vMerge cells do.
import { layout, bump, shiftInsert, shiftDelete, newContainer, newParagraph, textUnits, blockLength, deleteSpan, insertTextAt, EMPTY_FMT } from "./model.js";

/** A new cell holding one paragraph with text. */
export function newCell(doc, text = "", fmt = EMPTY_FMT) {
  const cell = { kind: "cell", props: { columnWidth: 100, shadingColor: null, horizontalAlignment: "Left", verticalAlignment: "Top" }, deleted: false };
  cell.body = newContainer(cell);
  const parts = String(text ?? "").split(/\r\n|\r|\n/);
  for (const t of parts) cell.body.blocks.push(newParagraph(doc, { units: textUnits(t, fmt) }));
  return cell;
}

function newRow(doc, cols, values) {
  return { kind: "row", props: { preferredHeight: 0, shadingColor: null, horizontalAlignment: "Left", verticalAlignment: "Top" }, cells: Array.from({ length: cols }, (_, c) => newCell(doc, values?.[c] ?? "")), deleted: false };
}

/** A new rows x cols table (values optional, already validated). */
export function createTable(doc, rows, cols, values) {
  return {
    kind: "table", id: doc.nextId++, deleted: false,
    rows: Array.from({ length: rows }, (_, r) => newRow(doc, cols, values?.[r])),
    merges: [],
    props: { style: "Table Grid", headerRowCount: 0, styleBandedRows: true, styleBandedColumns: false, styleFirstColumn: true, styleLastColumn: false, styleTotalRow: false, alignment: "Left", horizontalAlignment: "Left", verticalAlignment: "Top", width: cols * 100, shadingColor: null },
  };
}

export const columnCount = (t) => t.rows[0]?.cells.length ?? 0;

/** The merged area covering grid cell (r, c), or null. */
export function mergeAt(t, r, c) {
  return t.merges.find((m) => r >= m.row && r < m.row + m.rowSpan && c >= m.col && c < m.col + m.colSpan) || null;
}

/** Grid columns of the cells a row exposes (horizontally covered ones are skipped). */
export function visibleColumns(t, r) {
  const out = [];
  for (let c = 0; c < columnCount(t); c++) {
    const m = mergeAt(t, r, c);
    if (!m || c === m.col) out.push(c);
  }
  return out;
}

/** Grid column of the cellIndex-th cell of row r, or -1. */
export function gridColumn(t, r, cellIndex) {
  const cols = visibleColumns(t, r);
  return Number.isInteger(cellIndex) && cellIndex >= 0 && cellIndex < cols.length ? cols[cellIndex] : -1;
}

/** Text of a cell: its paragraphs joined by "\r" (as Word's cell value). */
export function cellText(cell, sep = "\r") {
  return cell.body.blocks.filter((b) => b.kind === "paragraph").map((p) => p.units.filter((u) => !u.pic && !u.note).map((u) => u.ch).join("")).join(sep);
}

/** Replace a cell's content with text. */
export function setCellText(doc, cell, text) {
  const info = layout(doc).containerInfo.get(cell.body);
  deleteSpan(doc, info.start, info.end);
  const first = cell.body.blocks[0];
  return insertTextAt(doc, layout(doc).paraInfo.get(first).start, String(text ?? ""));
}

/** Per-row values as Word reports them (visible cells only). */
export function tableValues(t) {
  return t.rows.map((row, r) => visibleColumns(t, r).map((c) => cellText(row.cells[c])));
}

/** True when no cell is merged. */
export const isUniform = (t) => t.merges.length === 0;

function rowLength(row) {
  return row.cells.reduce((n, cell) => n + cell.body.blocks.reduce((m, b) => m + blockLength(b), 0), 0) + 1;
}
function cellLength(cell) {
  return cell.body.blocks.reduce((m, b) => m + blockLength(b), 0);
}

/** Insert n rows at row index `at` (0..rowCount), copying the column count. */
export function insertRows(doc, t, at, n, values) {
  const cols = columnCount(t);
  const created = [];
  for (let k = 0; k < n; k++) {
    const L = layout(doc);
    const index = at + k;
    const p = index < t.rows.length ? L.rowInfo.get(t.rows[index]).start : L.tableInfo.get(t).end;
    const row = newRow(doc, cols, values?.[k]);
    t.rows.splice(index, 0, row);
    bump(doc);
    shiftInsert(doc, p, rowLength(row));
    created.push(row);
  }
  for (const m of t.merges) {
    if (m.row >= at) m.row += n;
    else if (m.row + m.rowSpan > at) m.rowSpan += n;
  }
  if (at < t.props.headerRowCount) t.props.headerRowCount += n;
  return created;
}

/** Insert n columns at grid column `at` (0..columnCount). */
export function insertColumns(doc, t, at, n, values) {
  for (let r = t.rows.length - 1; r >= 0; r--) {
    const row = t.rows[r];
    for (let k = n - 1; k >= 0; k--) {
      const L = layout(doc);
      const p = at < row.cells.length ? L.cellInfo.get(row.cells[at]).start : L.rowInfo.get(row).mark;
      const cell = newCell(doc, values?.[r]?.[k] ?? "");
      row.cells.splice(at, 0, cell);
      bump(doc);
      shiftInsert(doc, p, cellLength(cell));
    }
  }
  for (const m of t.merges) {
    if (m.col >= at) m.col += n;
    else if (m.col + m.colSpan > at) m.colSpan += n;
  }
  t.props.width += n * 100;
}

function shrink(merges, key, span, at, n) {
  for (const m of merges) {
    const lo = m[key], hi = m[key] + m[span];
    const cutLo = Math.max(lo, at), cutHi = Math.min(hi, at + n);
    const removed = Math.max(0, cutHi - cutLo);
    if (at + n <= lo) m[key] -= n;
    else if (removed) { m[key] = Math.min(lo, at); m[span] -= removed; }
  }
  return merges.filter((m) => m.rowSpan > 0 && m.colSpan > 0 && m.rowSpan * m.colSpan > 1);
}

/** Delete rows [at, at+n). Returns true when the table is now empty. */
export function deleteRows(doc, t, at, n) {
  for (let r = at + n - 1; r >= at; r--) {
    const info = layout(doc).rowInfo.get(t.rows[r]);
    const [row] = t.rows.splice(r, 1);
    row.deleted = true;
    for (const c of row.cells) c.deleted = true;
    bump(doc);
    shiftDelete(doc, info.start, info.end);
  }
  t.merges = shrink(t.merges, "row", "rowSpan", at, n);
  t.props.headerRowCount = Math.max(0, t.props.headerRowCount - Math.max(0, Math.min(t.props.headerRowCount, at + n) - at));
  return t.rows.length === 0;
}

/** Delete grid columns [at, at+n). Returns true when the table is now empty. */
export function deleteColumns(doc, t, at, n) {
  for (const row of t.rows) {
    for (let c = at + n - 1; c >= at; c--) {
      const info = layout(doc).cellInfo.get(row.cells[c]);
      const [cell] = row.cells.splice(c, 1);
      cell.deleted = true;
      bump(doc);
      shiftDelete(doc, info.start, info.end);
    }
  }
  t.merges = shrink(t.merges, "col", "colSpan", at, n);
  if (columnCount(t) === 0) return true;
  t.props.width = Math.max(0, t.props.width - n * 100);
  return false;
}

/**
 * Merge the grid rectangle [r1..r2] x [c1..c2]: content moves into the top-left cell,
 * merged areas inside are absorbed. Returns the top-left cell, or null when the rectangle
 * cuts through another merged area.
 */
export function mergeRect(doc, t, r1, c1, r2, c2) {
  const inside = (m) => m.row >= r1 && m.row + m.rowSpan - 1 <= r2 && m.col >= c1 && m.col + m.colSpan - 1 <= c2;
  const touches = (m) => m.row <= r2 && m.row + m.rowSpan - 1 >= r1 && m.col <= c2 && m.col + m.colSpan - 1 >= c1;
  if (t.merges.some((m) => touches(m) && !inside(m))) return null;
  const texts = [];
  for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) {
    const text = cellText(t.rows[r].cells[c]);
    if (text !== "") texts.push(text);
  }
  for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) {
    if (r === r1 && c === c1) continue;
    if (cellText(t.rows[r].cells[c]) !== "") setCellText(doc, t.rows[r].cells[c], "");
  }
  const topLeft = t.rows[r1].cells[c1];
  if (texts.length > 1 || (texts.length === 1 && texts[0] !== cellText(topLeft))) setCellText(doc, topLeft, texts.join("\r"));
  t.merges = t.merges.filter((m) => !inside(m));
  t.merges.push({ row: r1, col: c1, rowSpan: r2 - r1 + 1, colSpan: c2 - c1 + 1 });
  bump(doc);
  return topLeft;
}
