"""Args models of the table ops (`table.*`): creating a table, adding and deleting rows and columns, cell text,
merging and styling. Every op but `table.create` names its table with `tableRef`."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from pydantic import ValidationInfo, model_validator

from .base import Args, note
from .document_edges import document_edges
from .fields import Bool, Cell, IntIn, Location, Name, Scope, TableRef, Text, field_error
from .word_limits import MAX_COLS, MAX_ROWS
from . import normalize as n


class TableArgs(Args):
    """A table op: `tableRef`, also accepted as `tableId` (a bare id then means a table id)."""

    tableRef: TableRef

    @model_validator(mode="before")
    @classmethod
    def _table_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("tableId") is not None and "tableRef" not in data:
            data = dict(data)
            value = data.pop("tableId")
            data["tableRef"] = f"tableId:{value}" if isinstance(value, str) and ":" not in value else value
        return data


class TableCreate(Args):
    """table.create: rows × cols, optional initial values padded with ""."""

    ALIASES = {"where": "location"}

    rows: IntIn(1, MAX_ROWS)  # type: ignore[valid-type]
    cols: IntIn(1, MAX_COLS)  # type: ignore[valid-type]
    scope: Scope = "selection"
    location: Location = "end"
    header: Bool = False
    data: list[list[Cell]] | None = None

    @model_validator(mode="before")
    @classmethod
    def _size_from_data(cls, data: Any, info: ValidationInfo) -> Any:
        """rows/cols left out but data given: the table is as large as the data."""
        if not isinstance(data, dict):
            return data
        records = _are_records(data.get("data"))
        if records:
            data = _from_records(data, info)
        values = data.get("data")
        if not (isinstance(values, list) and values and all(isinstance(r, list) for r in values)):
            return data
        if data.get("rows") is None and len(values) > MAX_ROWS:  # say so on data: the caller gave no rows
            given = f" (a header row and {len(values) - 1:,} records)" if records else ""
            raise field_error(f"has {len(values):,} rows{given}; a table has at most {MAX_ROWS:,}, the header row included", "data")
        data = dict(data)
        for key, size in (("rows", len(values)), ("cols", max(len(r) for r in values))):
            if data.get(key) is None and size:
                data[key] = size
                note(info, "info", f"{key} not given: {size} from data", key)
        return data

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.location == "replace":
            raise field_error("cannot be \"replace\" for a table: use start, end, before or after", "location")
        document_edges(self, info)
        if self.data is not None:
            if len(self.data) > self.rows:
                raise field_error(f"has {len(self.data)} rows but the table has rows={self.rows}", "data")
            for i, row in enumerate(self.data):
                if len(row) > self.cols:
                    raise field_error(f"has {len(row)} cells but the table has cols={self.cols}", f"data[{i}]")
            short = [i for i, row in enumerate(self.data) if len(row) < self.cols]
            if short:
                which = ", ".join(map(str, short[:5])) + (f" and {len(short) - 5} more" if len(short) > 5 else "")
                rows_have = f"row {which} has" if len(short) == 1 else f"rows {which} have"
                note(info, "info", f"{rows_have} fewer than cols={self.cols} cells: filled with empty cells", "data")
            self.data = [
                [*row, *[""] * (self.cols - len(row))] for row in self.data
            ] + [[""] * self.cols for _ in range(self.rows - len(self.data))]
            converted = (info.context or {}).pop("cells_converted", 0)
            if converted:
                note(info, "info", f"{converted} non-text cell value(s) written as text", "data")
        return self


def _are_records(values: Any) -> bool:
    return isinstance(values, list) and bool(values) and isinstance(values[0], dict)


def _from_records(data: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
    """`data` as records (`[{"name": "Ada", "age": 36}, …]`): a header row of the keys, one row per record."""
    records: list[Any] = data["data"]
    keys: dict[str, None] = {}
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise field_error(f"must be an object like data[0] (records), got {n.show(record)}", f"data[{i}]")
        for key in record:
            keys.setdefault(str(key), None)
    header = list(keys)
    if len(header) > MAX_COLS:
        raise field_error(f"records have {len(header)} different keys; a Word table has at most {MAX_COLS} columns", "data")
    rows = [header, *([record.get(k) for k in header] for record in records)]
    note(info, "info", f"{len(records)} records: a header row of their {len(header)} keys and one row per record", "data")
    out = {**data, "data": [["" if v is None else v for v in row] for row in rows]}
    out.setdefault("header", True)
    return out


class TableInsertRows(TableArgs):
    """table.insertRows: `at` is the index the first new row takes."""

    at: IntIn(0)  # type: ignore[valid-type]
    count: IntIn(1, MAX_ROWS) = 1  # type: ignore[valid-type]


class TableInsertColumns(TableArgs):
    """table.insertColumns: as insertRows, bounded by Word's 63 columns."""

    at: IntIn(0, MAX_COLS)  # type: ignore[valid-type]
    count: IntIn(1, MAX_COLS) = 1  # type: ignore[valid-type]


class _TableDelete(TableArgs):
    """Delete rows or columns by index: sorted highest first so each delete leaves the rest in place."""

    MAX_INDEX: ClassVar[int | None] = None

    indexes: list[Any]

    @model_validator(mode="before")
    @classmethod
    def _single(cls, data: Any) -> Any:
        """A single index is accepted for `indexes`."""
        if isinstance(data, dict) and isinstance(data.get("indexes"), (int, float)) and not isinstance(data.get("indexes"), bool):
            data = {**data, "indexes": [data["indexes"]]}
        return data

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.indexes:
            raise field_error("must list at least one index", "indexes")
        seen: set[int] = set()
        for i, value in enumerate(self.indexes):
            try:
                index = n.to_int(value, 0, self.MAX_INDEX)
            except n.Invalid as exc:
                raise field_error(exc.msg, f"indexes[{i}]") from None
            if index in seen:
                raise field_error(f"repeats index {index}; list each index once", "indexes")
            seen.add(index)
        self.indexes = sorted(seen, reverse=True)
        return self


class TableDeleteRows(_TableDelete):
    """table.deleteRows."""


class TableDeleteColumns(_TableDelete):
    """table.deleteColumns."""

    MAX_INDEX = MAX_COLS - 1


class TableSetCellText(TableArgs):
    """table.setCellText: replace one cell's text."""

    row: IntIn(0)  # type: ignore[valid-type]
    col: IntIn(0, MAX_COLS - 1)  # type: ignore[valid-type]
    text: Text


class TableMergeCells(TableArgs):
    """table.mergeCells: a rectangle of at least two cells; spans default to 1."""

    startRow: IntIn(0)  # type: ignore[valid-type]
    startCol: IntIn(0, MAX_COLS - 1)  # type: ignore[valid-type]
    rowSpan: IntIn(1, MAX_ROWS) = 1  # type: ignore[valid-type]
    colSpan: IntIn(1, MAX_COLS) = 1  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.rowSpan * self.colSpan < 2:
            raise field_error("× args.colSpan must cover more than one cell, got 1 × 1", "rowSpan")
        if self.startCol + self.colSpan > MAX_COLS:
            raise field_error(f"reaches past Word's {MAX_COLS} columns (startCol {self.startCol} + colSpan {self.colSpan})", "colSpan")
        return self


class TableStyle(Args):
    """A table style: a name and/or the six look flags."""

    ALIASES = {"headerRow": "firstRow", "totalRow": "lastRow", "style": "name"}

    name: Name | None = None
    bandedRows: Bool | None = None
    bandedColumns: Bool | None = None
    firstRow: Bool | None = None
    lastRow: Bool | None = None
    firstColumn: Bool | None = None
    lastColumn: Bool | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.canonical():
            raise field_error(
                "needs a style name or at least one of bandedRows, bandedColumns, firstRow, lastRow, firstColumn, lastColumn"
            )
        return self


class TableApplyStyle(TableArgs):
    """table.applyStyle: a style name string is shorthand for `{"name": ...}`."""

    style: TableStyle

    @model_validator(mode="before")
    @classmethod
    def _name(cls, data: Any) -> Any:
        if isinstance(data, dict) and "style" in data and not isinstance(data["style"], dict):
            try:
                data = {**data, "style": {"name": n.to_name(data["style"])}}
            except n.Invalid as exc:
                raise field_error(
                    exc.msg.replace("must be a string", "must be a style name or an object of flags"), "style"
                ) from None
        return data


TABLE_MODELS: Final[dict[str, type[Args]]] = {
    "table.create": TableCreate,
    "table.insertRows": TableInsertRows,
    "table.insertColumns": TableInsertColumns,
    "table.deleteRows": TableDeleteRows,
    "table.deleteColumns": TableDeleteColumns,
    "table.setCellText": TableSetCellText,
    "table.mergeCells": TableMergeCells,
    "table.applyStyle": TableApplyStyle,
}
"""Op name → args model of the table ops."""
