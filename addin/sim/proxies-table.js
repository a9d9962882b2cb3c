// Table, TableRow, TableCell and their collections.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, removeBlock, bump, ensureTrailingParagraph } from "./model.js";
import { checkLocation, spanOf, insertParagraphBlock, insertTableBlock } from "./inline-ops.js";
import { buildSearchRegExp, findHits } from "./search.js";
import { parseColor } from "./colors.js";
import { columnCount, visibleColumns, gridColumn, cellText, setCellText, tableValues, isUniform, insertRows, insertColumns, deleteRows, deleteColumns, mergeRect } from "./tables-model.js";
import { anchorOf } from "./proxies-text.js";

const invalid = (loc) => wordError("InvalidArgument", loc);
const notFound = (loc) => wordError("ItemNotFound", loc);
const isInt = Number.isInteger;
// Column edits are documented "applicable to uniform tables"; the code Word raises otherwise is not documented
// (UNVERIFIED): GeneralException, as for any edit Word cannot carry out.
function requireUniform(t, loc) {
  if (!isUniform(t)) throw wordError("GeneralException", loc, "The table isn't uniform: columns can only be added to or deleted from a table without merged cells.");
}

/** Validate a values array for n new rows of `cols` cells. */
function checkValues(values, rows, cols, loc) {
  if (values === undefined || values === null) return;
  if (!Array.isArray(values) || values.length > rows || values.some((r) => !Array.isArray(r) || r.length > cols || r.some((v) => typeof v !== "string" && typeof v !== "number"))) throw invalid(loc);
}

function deleteTable(doc, t) {
  const info = layout(doc).tableInfo.get(t);
  removeBlock(doc, info.container, info.index);
  ensureTrailingParagraph(doc, info.container);
}

const tableProp = (k, check) => ({
  get(loc) { return this._target(loc).props[k]; },
  put(v, loc) { if (!check(v)) throw invalid(loc); this._target(loc).props[k] = v; bump(this._doc); },
});
const isBool = (v) => typeof v === "boolean";
const H_ALIGN = ["Left", "Centered", "Right", "Justified"];
const V_ALIGN = ["Top", "Center", "Bottom"];

function searchIn(self, kind, text, options) {
  return self._spawn("search", classes.RangeCollection, (loc) => {
    const re = buildSearchRegExp(text, options || {}, loc, self._sim.profile);
    const s = spanOf(self._doc, kind, self._target(loc));
    const infos = layout(self._doc).paras.filter((i) => i.start >= s.start && i.end <= s.end);
    return { items: findHits(infos, re).map((h) => anchorOf(self._doc, h)) };
  });
}

// ---------------------------------------------------------------- Table

export class Table extends ClientObject {
  addRows(insertLocation, rowCount, values) {
    return this._spawn("addRows", classes.TableRowCollection, (loc) => {
      if (insertLocation !== "Start" && insertLocation !== "End") throw invalid(loc);
      if (!isInt(rowCount) || rowCount < 1) throw invalid(loc);
      const t = this._target(loc);
      checkValues(values, rowCount, columnCount(t), loc);
      return { items: insertRows(this._doc, t, insertLocation === "Start" ? 0 : t.rows.length, rowCount, values) };
    });
  }
  addColumns(insertLocation, columnCount_, values) {
    this._api("addColumns");
    this._enqueue("Table.addColumns", () => {
      const loc = "Table.addColumns";
      if (insertLocation !== "Start" && insertLocation !== "End") throw invalid(loc);
      if (!isInt(columnCount_) || columnCount_ < 1) throw invalid(loc);
      const t = this._target(loc);
      requireUniform(t, loc);
      if (values != null && (!Array.isArray(values) || values.length > t.rows.length || values.some((r) => !Array.isArray(r) || r.length > columnCount_))) throw invalid(loc);
      insertColumns(this._doc, t, insertLocation === "Start" ? 0 : columnCount(t), columnCount_, values);
    });
  }
  deleteRows(rowIndex, rowCount = 1) {
    this._api("deleteRows");
    this._enqueue("Table.deleteRows", () => {
      const loc = "Table.deleteRows";
      const t = this._target(loc);
      if (!isInt(rowIndex) || !isInt(rowCount) || rowCount < 1) throw invalid(loc);
      if (rowIndex < 0 || rowIndex >= t.rows.length) throw notFound(loc);
      if (deleteRows(this._doc, t, rowIndex, Math.min(rowCount, t.rows.length - rowIndex))) deleteTable(this._doc, t);
    });
  }
  deleteColumns(columnIndex, columnCount_ = 1) {
    this._api("deleteColumns");
    this._enqueue("Table.deleteColumns", () => {
      const loc = "Table.deleteColumns";
      const t = this._target(loc);
      if (!isInt(columnIndex) || !isInt(columnCount_) || columnCount_ < 1) throw invalid(loc);
      if (columnIndex < 0 || columnIndex >= columnCount(t)) throw notFound(loc);
      requireUniform(t, loc);
      if (deleteColumns(this._doc, t, columnIndex, Math.min(columnCount_, columnCount(t) - columnIndex))) deleteTable(this._doc, t);
    });
  }
  _cell(member, r, c, orNull) {
    return this._spawn(member, classes.TableCell, (loc) => {
      const t = this._target(loc);
      const col = isInt(r) && r >= 0 && r < t.rows.length ? gridColumn(t, r, c) : -1;
      if (col < 0) { if (orNull) return null; throw notFound(loc); }
      return t.rows[r].cells[col];
    });
  }
  getCell(rowIndex, cellIndex) { return this._cell("getCell", rowIndex, cellIndex, false); }
  getCellOrNullObject(rowIndex, cellIndex) { return this._cell("getCellOrNullObject", rowIndex, cellIndex, true); }
  mergeCells(topRow, firstCell, bottomRow, lastCell) {
    return this._spawn("mergeCells", classes.TableCell, (loc) => {
      const t = this._target(loc);
      if (![topRow, firstCell, bottomRow, lastCell].every(isInt)) throw invalid(loc);
      if (topRow < 0 || bottomRow >= t.rows.length || topRow >= t.rows.length || bottomRow < 0) throw notFound(loc);
      const c1 = gridColumn(t, topRow, firstCell);
      const c2 = gridColumn(t, bottomRow, lastCell);
      if (c1 < 0 || c2 < 0) throw notFound(loc);
      if (bottomRow < topRow || c2 < c1) throw invalid(loc);
      const cell = mergeRect(this._doc, t, topRow, c1, bottomRow, c2);
      if (!cell) throw invalid(loc);
      return cell;
    });
  }
  insertParagraph(text, insertLocation) {
    return this._spawn("insertParagraph", classes.Paragraph, (loc) => {
      checkLocation("Table", "insertParagraph", insertLocation);
      if (typeof text !== "string") throw invalid(loc);
      return insertParagraphBlock(this._doc, "Table", this._target(loc), insertLocation, text);
    });
  }
  insertTable(rowCount, colCount, insertLocation, values) {
    return this._spawn("insertTable", classes.Table, (loc) => {
      checkLocation("Table", "insertTable", insertLocation);
      if (!isInt(rowCount) || !isInt(colCount) || rowCount < 1 || colCount < 1) throw invalid(loc);
      checkValues(values, rowCount, colCount, loc);
      return insertTableBlock(this._doc, "Table", this._target(loc), insertLocation, rowCount, colCount, values);
    });
  }
  delete() {
    this._api("delete");
    this._enqueue("Table.delete", () => deleteTable(this._doc, this._target("Table.delete")));
  }
  clear() {
    this._api("clear");
    this._enqueue("Table.clear", () => {
      const t = this._target("Table.clear");
      for (const row of t.rows) for (const cell of row.cells) if (cellText(cell) !== "") setCellText(this._doc, cell, "");
    });
  }
  getRange(rangeLocation = "Whole") {
    return this._spawn("getRange", classes.Range, (loc) => {
      const s = spanOf(this._doc, "Table", this._target(loc));
      if (!["Whole", "Start", "End", "After"].includes(rangeLocation)) throw invalid(loc);
      const span = rangeLocation === "Whole" ? s : rangeLocation === "Start" ? { start: s.start, end: s.start } : rangeLocation === "End" ? { start: s.end - 1, end: s.end - 1 } : { start: s.end, end: s.end };
      return anchorOf(this._doc, span);
    });
  }
  search(text, options) { return searchIn(this, "Table", text, options); }
  select(mode = "Select") {
    this._api("select");
    this._enqueue("Table.select", () => {
      const s = spanOf(this._doc, "Table", this._target("Table.select"));
      this._sim.setSelectionSpan(mode === "Start" ? { start: s.start, end: s.start } : mode === "End" ? { start: s.end, end: s.end } : s);
    });
  }
  _neighbour(member, which, orNull) {
    return this._spawn(member, which === "table" ? classes.Table : classes.Paragraph, (loc) => {
      const info = layout(this._doc).tableInfo.get(this._target(loc));
      const blocks = info.container.blocks;
      let found = null;
      if (which === "table") found = blocks.slice(info.index + 1).find((b) => b.kind === "table") || null;
      else if (which === "before") found = blocks[info.index - 1]?.kind === "paragraph" ? blocks[info.index - 1] : null;
      else found = blocks[info.index + 1]?.kind === "paragraph" ? blocks[info.index + 1] : null;
      if (!found && !orNull) throw notFound(loc);
      return found;
    });
  }
  getNext() { return this._neighbour("getNext", "table", false); }
  getNextOrNullObject() { return this._neighbour("getNextOrNullObject", "table", true); }
  getParagraphBefore() { return this._neighbour("getParagraphBefore", "before", false); }
  getParagraphBeforeOrNullObject() { return this._neighbour("getParagraphBeforeOrNullObject", "before", true); }
  getParagraphAfter() { return this._neighbour("getParagraphAfter", "after", false); }
  getParagraphAfterOrNullObject() { return this._neighbour("getParagraphAfterOrNullObject", "after", true); }
  autoFitWindow() { this._api("autoFitWindow"); this._enqueue("Table.autoFitWindow", () => this._target()); }
  distributeColumns() { this._api("distributeColumns"); this._enqueue("Table.distributeColumns", () => this._target()); }
}
defineProxy(Table, {
  name: "Table",
  props: {
    rowCount: { get(loc) { return this._target(loc).rows.length; } },
    values: {
      get(loc) { return tableValues(this._target(loc)); },
      put(v, loc) {
        const t = this._target(loc);
        if (!Array.isArray(v) || v.length > t.rows.length || v.some((r, i) => !Array.isArray(r) || r.length > visibleColumns(t, i).length)) throw invalid(loc);
        v.forEach((row, r) => row.forEach((val, c) => setCellText(this._doc, t.rows[r].cells[gridColumn(t, r, c)], String(val))));
      },
    },
    headerRowCount: tableProp("headerRowCount", (v) => isInt(v) && v >= 0),
    style: {
      get(loc) { return this._target(loc).props.style; },
      put(v, loc) {
        const s = this._doc.styles.find(v);
        if (!s) throw notFound(loc);
        if (s.type !== "Table") throw invalid(loc);
        this._target(loc).props.style = s.nameLocal;
        bump(this._doc);
      },
    },
    styleBuiltIn: {
      get(loc) { return this._doc.styles.find(this._target(loc).props.style)?.builtInKey || "Other"; },
      put(v, loc) {
        const s = this._doc.styles.findBuiltIn(v);
        if (!s || s.type !== "Table") throw invalid(loc);
        this._target(loc).props.style = s.nameLocal;
        bump(this._doc);
      },
    },
    styleBandedRows: tableProp("styleBandedRows", isBool),
    styleBandedColumns: tableProp("styleBandedColumns", isBool),
    styleFirstColumn: tableProp("styleFirstColumn", isBool),
    styleLastColumn: tableProp("styleLastColumn", isBool),
    styleTotalRow: tableProp("styleTotalRow", isBool),
    alignment: tableProp("alignment", (v) => ["Left", "Centered", "Right"].includes(v)),
    horizontalAlignment: tableProp("horizontalAlignment", (v) => H_ALIGN.includes(v)),
    verticalAlignment: tableProp("verticalAlignment", (v) => V_ALIGN.includes(v)),
    width: tableProp("width", (v) => typeof v === "number" && v > 0),
    shadingColor: { get(loc) { return this._target(loc).props.shadingColor || ""; }, put(v, loc) { const c = parseColor(v); if (!c) throw invalid(loc); this._target(loc).props.shadingColor = c; bump(this._doc); } },
    isUniform: { get(loc) { return isUniform(this._target(loc)); } },
    nestingLevel: { get(loc) { return layout(this._doc).tableInfo.get(this._target(loc)).depth; } },
  },
  navs: {
    rows: { cls: "TableRowCollection", resolve(t) { return { items: t.rows }; } },
    font: { cls: "Font", resolve: (t) => ({ kind: "Table", ref: t, deleted: !!t.deleted }) },
    tables: { cls: "TableCollection", resolve(t) { const s = spanOf(this._doc, "Table", t); return { items: layout(this._doc).tables.filter((i) => i.start >= s.start && i.end <= s.end && i.table !== t).map((i) => i.table) }; } },
    parentTable: { cls: "Table", resolve(t) { const p = layout(this._doc).tableInfo.get(t).parentTable; if (!p) throw notFound("Table.parentTable"); return p; } },
    parentTableOrNullObject: { cls: "Table", orNull: true, resolve(t) { return layout(this._doc).tableInfo.get(t).parentTable; } },
    parentTableCell: { cls: "TableCell", resolve(t) { const p = layout(this._doc).tableInfo.get(t).parentCell; if (!p) throw notFound("Table.parentTableCell"); return p; } },
    parentTableCellOrNullObject: { cls: "TableCell", orNull: true, resolve(t) { return layout(this._doc).tableInfo.get(t).parentCell; } },
    parentBody: { cls: "Body", resolve(t) { return layout(this._doc).tableInfo.get(t).container; } },
  },
  sets: Object.fromEntries(["rows", "font", "tables", "parentTable", "parentTableOrNullObject", "parentTableCell", "parentTableCellOrNullObject", "parentBody", "rowCount", "values", "headerRowCount", "style", "styleBuiltIn", "styleBandedRows", "styleBandedColumns", "styleFirstColumn", "styleLastColumn", "styleTotalRow", "alignment", "horizontalAlignment", "verticalAlignment", "width", "shadingColor", "isUniform", "nestingLevel", "addRows", "addColumns", "deleteRows", "deleteColumns", "getCell", "getCellOrNullObject", "insertParagraph", "insertTable", "delete", "clear", "getRange", "search", "select", "getNext", "getNextOrNullObject", "getParagraphBefore", "getParagraphBeforeOrNullObject", "getParagraphAfter", "getParagraphAfterOrNullObject", "autoFitWindow", "distributeColumns"].map((k) => [k, "1.3"]).concat([["mergeCells", "1.4"]])),
});

// ---------------------------------------------------------------- TableRow

const rowInfo = (self, row) => layout(self._doc).rowInfo.get(row);

export class TableRow extends ClientObject {
  insertRows(insertLocation, rowCount, values) {
    return this._spawn("insertRows", classes.TableRowCollection, (loc) => {
      if (insertLocation !== "Before" && insertLocation !== "After") throw invalid(loc);
      if (!isInt(rowCount) || rowCount < 1) throw invalid(loc);
      const info = rowInfo(this, this._target(loc));
      checkValues(values, rowCount, columnCount(info.table), loc);
      return { items: insertRows(this._doc, info.table, info.rowIndex + (insertLocation === "After" ? 1 : 0), rowCount, values) };
    });
  }
  delete() {
    this._api("delete");
    this._enqueue("TableRow.delete", () => {
      const info = rowInfo(this, this._target("TableRow.delete"));
      if (deleteRows(this._doc, info.table, info.rowIndex, 1)) deleteTable(this._doc, info.table);
    });
  }
  clear() {
    this._api("clear");
    this._enqueue("TableRow.clear", () => { for (const cell of this._target("TableRow.clear").cells) if (cellText(cell) !== "") setCellText(this._doc, cell, ""); });
  }
  search(text, options) { return searchIn(this, "TableRow", text, options); }
  select() {
    this._api("select");
    this._enqueue("TableRow.select", () => this._sim.setSelectionSpan(spanOf(this._doc, "TableRow", this._target("TableRow.select"))));
  }
  _next(member, orNull) {
    return this._spawn(member, classes.TableRow, (loc) => {
      const info = rowInfo(this, this._target(loc));
      const next = info.table.rows[info.rowIndex + 1];
      if (!next && !orNull) throw notFound(loc);
      return next || null;
    });
  }
  getNext() { return this._next("getNext", false); }
  getNextOrNullObject() { return this._next("getNextOrNullObject", true); }
}
defineProxy(TableRow, {
  name: "TableRow",
  props: {
    cellCount: { get(loc) { const i = rowInfo(this, this._target(loc)); return visibleColumns(i.table, i.rowIndex).length; } },
    rowIndex: { get(loc) { return rowInfo(this, this._target(loc)).rowIndex; } },
    isHeader: { get(loc) { const i = rowInfo(this, this._target(loc)); return i.rowIndex < i.table.props.headerRowCount; } },
    values: {
      get(loc) { const i = rowInfo(this, this._target(loc)); return [tableValues(i.table)[i.rowIndex]]; },
      put(v, loc) {
        const i = rowInfo(this, this._target(loc));
        const row = Array.isArray(v?.[0]) ? v[0] : v;
        const cols = visibleColumns(i.table, i.rowIndex);
        if (!Array.isArray(row) || row.length > cols.length) throw invalid(loc);
        row.forEach((val, c) => setCellText(this._doc, i.row.cells[cols[c]], String(val)));
      },
    },
    preferredHeight: { get(loc) { return this._target(loc).props.preferredHeight; }, put(v, loc) { if (typeof v !== "number" || v < 0) throw invalid(loc); this._target(loc).props.preferredHeight = v; bump(this._doc); } },
    shadingColor: { get(loc) { return this._target(loc).props.shadingColor || ""; }, put(v, loc) { const c = parseColor(v); if (!c) throw invalid(loc); this._target(loc).props.shadingColor = c; bump(this._doc); } },
    horizontalAlignment: { get(loc) { return this._target(loc).props.horizontalAlignment; }, put(v, loc) { if (!H_ALIGN.includes(v)) throw invalid(loc); this._target(loc).props.horizontalAlignment = v; bump(this._doc); } },
    verticalAlignment: { get(loc) { return this._target(loc).props.verticalAlignment; }, put(v, loc) { if (!V_ALIGN.includes(v)) throw invalid(loc); this._target(loc).props.verticalAlignment = v; bump(this._doc); } },
  },
  navs: {
    cells: { cls: "TableCellCollection", resolve(row) { const i = rowInfo(this, row); return { items: visibleColumns(i.table, i.rowIndex).map((c) => row.cells[c]) }; } },
    parentTable: { cls: "Table", resolve(row) { return rowInfo(this, row).table; } },
    font: { cls: "Font", resolve: (row) => ({ kind: "TableRow", ref: row, deleted: !!row.deleted }) },
  },
  sets: { merge: "1.4" },
});

// ---------------------------------------------------------------- TableCell

const cellInfo = (self, cell) => layout(self._doc).cellInfo.get(cell);

export class TableCell extends ClientObject {
  insertRows(insertLocation, rowCount, values) {
    return this._spawn("insertRows", classes.TableRowCollection, (loc) => {
      if (insertLocation !== "Before" && insertLocation !== "After") throw invalid(loc);
      if (!isInt(rowCount) || rowCount < 1) throw invalid(loc);
      const i = cellInfo(this, this._target(loc));
      checkValues(values, rowCount, columnCount(i.table), loc);
      return { items: insertRows(this._doc, i.table, i.rowIndex + (insertLocation === "After" ? 1 : 0), rowCount, values) };
    });
  }
  insertColumns(insertLocation, columnCount_, values) {
    this._api("insertColumns");
    this._enqueue("TableCell.insertColumns", () => {
      const loc = "TableCell.insertColumns";
      if (insertLocation !== "Before" && insertLocation !== "After") throw invalid(loc);
      if (!isInt(columnCount_) || columnCount_ < 1) throw invalid(loc);
      const i = cellInfo(this, this._target(loc));
      requireUniform(i.table, loc);
      if (values != null && (!Array.isArray(values) || values.length > i.table.rows.length || values.some((r) => !Array.isArray(r) || r.length > columnCount_))) throw invalid(loc);
      insertColumns(this._doc, i.table, i.col + (insertLocation === "After" ? 1 : 0), columnCount_, values);
    });
  }
  deleteRow() {
    this._api("deleteRow");
    this._enqueue("TableCell.deleteRow", () => {
      const i = cellInfo(this, this._target("TableCell.deleteRow"));
      if (deleteRows(this._doc, i.table, i.rowIndex, 1)) deleteTable(this._doc, i.table);
    });
  }
  deleteColumn() {
    this._api("deleteColumn");
    this._enqueue("TableCell.deleteColumn", () => {
      const i = cellInfo(this, this._target("TableCell.deleteColumn"));
      requireUniform(i.table, "TableCell.deleteColumn");
      if (deleteColumns(this._doc, i.table, i.col, 1)) deleteTable(this._doc, i.table);
    });
  }
  _next(member, orNull) {
    return this._spawn(member, classes.TableCell, (loc) => {
      const i = cellInfo(this, this._target(loc));
      const cols = visibleColumns(i.table, i.rowIndex);
      const k = cols.indexOf(i.col);
      const next = k + 1 < cols.length ? i.row.cells[cols[k + 1]] : i.table.rows[i.rowIndex + 1]?.cells[visibleColumns(i.table, i.rowIndex + 1)[0]];
      if (!next && !orNull) throw notFound(loc);
      return next || null;
    });
  }
  getNext() { return this._next("getNext", false); }
  getNextOrNullObject() { return this._next("getNextOrNullObject", true); }
}
defineProxy(TableCell, {
  name: "TableCell",
  props: {
    value: { get(loc) { return cellText(this._target(loc)); }, put(v, loc) { if (typeof v !== "string") throw invalid(loc); setCellText(this._doc, this._target(loc), v); } },
    rowIndex: { get(loc) { return cellInfo(this, this._target(loc)).rowIndex; } },
    cellIndex: { get(loc) { const i = cellInfo(this, this._target(loc)); return visibleColumns(i.table, i.rowIndex).indexOf(i.col); } },
    columnWidth: { get(loc) { return this._target(loc).props.columnWidth; }, put(v, loc) { if (typeof v !== "number" || v <= 0) throw invalid(loc); this._target(loc).props.columnWidth = v; bump(this._doc); } },
    width: { get(loc) { return this._target(loc).props.columnWidth; } },
    shadingColor: { get(loc) { return this._target(loc).props.shadingColor || ""; }, put(v, loc) { const c = parseColor(v); if (!c) throw invalid(loc); this._target(loc).props.shadingColor = c; bump(this._doc); } },
    horizontalAlignment: { get(loc) { return this._target(loc).props.horizontalAlignment; }, put(v, loc) { if (!H_ALIGN.includes(v)) throw invalid(loc); this._target(loc).props.horizontalAlignment = v; bump(this._doc); } },
    verticalAlignment: { get(loc) { return this._target(loc).props.verticalAlignment; }, put(v, loc) { if (!V_ALIGN.includes(v)) throw invalid(loc); this._target(loc).props.verticalAlignment = v; bump(this._doc); } },
  },
  navs: {
    body: { cls: "Body", resolve: (cell) => cell.body },
    parentRow: { cls: "TableRow", resolve(cell) { return cellInfo(this, cell).row; } },
    parentTable: { cls: "Table", resolve(cell) { return cellInfo(this, cell).table; } },
  },
});

// ---------------------------------------------------------------- collections

class RefCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => !x.deleted);
  }
}
export class TableCollection extends RefCollection {}
TableCollection.itemClass = Table;
// Word has TableRow and TableCell from WordApi 1.3 on: every member not tagged otherwise (merge, split) is 1.3.
for (const Cls of [TableRow, TableCell]) {
  const members = [...Object.keys(Cls.props), ...Object.keys(Cls.navs), ...Object.getOwnPropertyNames(Cls.prototype).filter((k) => k !== "constructor" && !k.startsWith("_"))];
  for (const member of members) Cls.sets[member] ??= "1.3";
}

defineProxy(TableCollection, { name: "TableCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });
export class TableRowCollection extends RefCollection {}
TableRowCollection.itemClass = TableRow;
defineProxy(TableRowCollection, { name: "TableRowCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });
export class TableCellCollection extends RefCollection {}
TableCellCollection.itemClass = TableCell;
defineProxy(TableCellCollection, { name: "TableCellCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });

