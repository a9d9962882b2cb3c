"""One pydantic model per op: the seed's fields and defaults, the canonical shape of docs/canonical-ops.md.

Field types do per-value normalisation (see `fields`); the `after` validators
here do the cross-field rules, raising `field_error(..., field)` so the client
is pointed at the exact argument.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Final, Self

from pydantic import ValidationInfo, model_validator

from .base import Args, note
from .compose_models import InsertMarkdown, ReadDocument
from .revision_models import REVISION_MODELS
from .review_models import REVIEW_MODELS
from .inline_models import INLINE_MODELS
from .story_models import STORY_MODELS
from .fields import (
    Bool,
    Cell,
    Choice,
    Color,
    Highlight,
    IntIn,
    LimitedText,
    Location,
    Name,
    Points,
    Ratio,
    Scope,
    TableRef,
    Text,
    field_error,
    plain,
)
from . import normalize as n

MAX_ROWS: Final = 10_000  # rows one op may create or add (Word itself allows 32,767)
MAX_COLS: Final = 63  # Word's column limit
MAX_QUERY: Final = 255  # Word's search-string limit
MAX_SIZE_PT: Final = 1584  # 22 in, Word's largest page side
WORD_LIMIT: Final = " (Word's search limit)"

Query = LimitedText(1, MAX_QUERY, WORD_LIMIT)


def _document_edges(model: Args, info: ValidationInfo) -> None:
    """`before`/`after` the whole document mean `start`/`end` (Body only takes Start/End)."""
    location = getattr(model, "location")  # noqa: B009 - every model this runs on has one; Args does not
    if getattr(model, "scope") == "document" and location in ("before", "after"):  # noqa: B009
        edge = "start" if location == "before" else "end"
        setattr(model, "location", edge)  # noqa: B010
        note(info, "info", f"location \"{location}\" of the whole document is \"{edge}\"", "location")


# ------------------------------------------------------------------ text

class InsertText(Args):
    """insertText: write text at a place; replacing the selection by default."""

    ALIASES = {"where": "location"}

    text: Text
    scope: Scope = "selection"
    location: Location = "replace"
    newParagraph: Bool = False
    keepFormatting: Bool = True

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        _document_edges(self, info)
        return self


class GetSelection(Args):
    """getSelection: no arguments."""


class Search(Args):
    """search: Word's search options (wildcards, not regex, behind `useRegex`)."""

    query: Query  # type: ignore[valid-type]  # an Annotated[str, ...] built by LimitedText
    scope: Scope = "document"
    useRegex: Bool = False
    matchCase: Bool = False
    matchWholeWord: Bool = False
    matchPrefix: Bool = False
    matchSuffix: Bool = False
    maxResults: IntIn(1, 10000) = 100  # type: ignore[valid-type]
    trackResults: IntIn(0, 10000) = 100  # type: ignore[valid-type]  # hits that get a rangeId (each is tracked in Word)


SEARCH_FLAGS: Final = ("useRegex", "matchCase", "matchWholeWord", "matchPrefix", "matchSuffix")


def _replace_target(value: Any) -> str:
    """`searchQuery` or a scope (bare ids → rangeId:)."""
    if isinstance(value, str) and value.strip().lower() in ("searchquery", "search", "query"):
        return "searchQuery"
    try:
        return n.to_scope(value)
    except n.Invalid:
        raise n.Invalid(
            f"must be \"searchQuery\", \"document\", \"selection\" or \"rangeId:<id>\", got {n.show(value)}"
        ) from None


ReplaceTarget = Annotated[str, plain(_replace_target)]


class Replace(Args):
    """replace: a search-and-replace, or replacing a whole target range."""

    target: ReplaceTarget | None = None
    query: Query | None = None  # type: ignore[valid-type]
    replaceWith: Text
    mode: Choice(("replaceAll", "replaceFirst"), {"all": "replaceAll", "first": "replaceFirst"}) = "replaceAll"  # type: ignore[valid-type]
    scope: Scope | None = None
    useRegex: Bool | None = None
    matchCase: Bool | None = None
    matchWholeWord: Bool | None = None
    matchPrefix: Bool | None = None
    matchSuffix: Bool | None = None

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        scope_as_target = self.target is None and self.query is None and self.scope is not None
        if scope_as_target:
            # {scope, replaceWith}: the way every other op names its range; without a query there is nothing to
            # search for, so the scope is the range to replace.
            self.target, self.scope = self.scope, None
            note(info, "info", f"no query: the scope \"{self.target}\" is the range replaced (args.target)", "target")
        if self.target is None:
            if self.query is None:
                raise field_error(
                    "required: \"searchQuery\" (with query), \"document\", \"selection\" or \"rangeId:<id>\"", "target"
                )
            self.target = "searchQuery"
        if self.target == "searchQuery":
            if self.query is None:
                raise field_error("required when target is searchQuery", "query")
            return self
        if self.query is not None:
            # target names a range *and* a query is given: search inside that range.
            if self.scope is not None and self.scope != self.target:
                raise field_error(
                    f"conflicts with target \"{self.target}\": with a query, target is where to search; "
                    "use target \"searchQuery\" and scope",
                    "scope",
                )
            note(info, "info", f"query given: searching within \"{self.target}\" (target \"searchQuery\", scope \"{self.target}\")", "target")
            self.scope, self.target = self.target, "searchQuery"
            return self
        ignored = [f for f in ("scope", *SEARCH_FLAGS) if f in self.model_fields_set and not (f == "scope" and scope_as_target)]
        if ignored:
            note(info, "warn", f"ignored without a query (target \"{self.target}\" is replaced whole): " + ", ".join(f"args.{f}" for f in ignored), ignored[0])
        return self

    def canonical(self) -> dict[str, Any]:
        out: dict[str, Any] = {"target": self.target, "replaceWith": self.replaceWith, "mode": self.mode}
        if self.target == "searchQuery":
            out["query"] = self.query
            out["scope"] = self.scope or "document"
            for flag in SEARCH_FLAGS:
                out[flag] = bool(getattr(self, flag))
        return out


# ------------------------------------------------------------------ pictures

WRAP_TYPES: Final = ("inline", "square", "tight", "behind", "inFront")
WRAP_ALIASES: Final = {"in front": "inFront", "in_front": "inFront", "in-front": "inFront", "front": "inFront", "infrontoftext": "inFront", "behindtext": "behind"}


class InsertPicture(Args):
    """insertPicture: `data` is a URL or base64; the pictures module fetches and converts later."""

    ALIASES = {"where": "location"}

    source: Choice(("url", "base64"), {"uri": "url", "link": "url", "b64": "base64"}) | None = None  # type: ignore[valid-type]
    data: Text
    scope: Scope = "selection"
    location: Location = "replace"
    width: Points(0, MAX_SIZE_PT, open_lo=True) | None = None  # type: ignore[valid-type]
    height: Points(0, MAX_SIZE_PT, open_lo=True) | None = None  # type: ignore[valid-type]
    lockAspectRatio: Bool = True
    altText: Text | None = None
    wrapType: Choice(WRAP_TYPES, WRAP_ALIASES) = "inline"  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.source is None:
            if n.looks_like_url(self.data):
                self.source = "url"
            elif n.looks_like_base64(self.data):
                self.source = "base64"
            else:
                raise field_error("required: \"url\" or \"base64\" (data is neither an http(s) URL nor base64)", "source")
            note(info, "info", f"source not given: \"{self.source}\" inferred from data", "source")
        try:
            self.data = n.to_url(self.data) if self.source == "url" else n.to_base64(self.data)
        except n.Invalid as exc:
            hint = "; it looks like a URL: use source \"url\"" if self.source == "base64" and n.looks_like_url(self.data) else ""
            raise field_error(exc.msg + hint, "data") from None
        _document_edges(self, info)
        return self


# ------------------------------------------------------------------ tables

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
        if _are_records(data.get("data")):
            data = _from_records(data, info)
        values = data.get("data")
        if not (isinstance(values, list) and values and all(isinstance(r, list) for r in values)):
            return data
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
        _document_edges(self, info)
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


# ------------------------------------------------------------------ styles

UNDERLINES: Final = ("none", "single", "double")


def _underline(value: Any) -> str:
    """Booleans read as on/off; otherwise none | single | double."""
    if isinstance(value, bool):
        return "single" if value else "none"
    return n.choice(value, UNDERLINES)


Underline = Annotated[str, plain(_underline)]


class CharStyle(Args):
    """Character formatting (Word's `range.font`)."""

    ALIASES = {"size": "fontSize", "font": "fontName", "name": "fontName", "highlightColor": "highlight", "fontColor": "color"}
    NULLABLE = frozenset({"highlight"})

    bold: Bool | None = None
    italic: Bool | None = None
    underline: Underline | None = None
    fontName: Name | None = None
    fontSize: Points(1, 1638) | None = None  # type: ignore[valid-type]
    color: Color | None = None
    highlight: Highlight = None


ALIGN_ALIASES: Final = {
    "centre": "center", "centered": "center", "centred": "center", "middle": "center",
    "justified": "justify", "both": "justify", "full": "justify",
}
LIST_ALIASES: Final = {
    "bulleted": "bullet", "bullets": "bullet", "unordered": "bullet",
    "numbered": "number", "numbers": "number", "numbering": "number", "ordered": "number",
}


class ParaStyle(Args):
    """Paragraph formatting (Word's `paragraphFormat`, plus list kind)."""

    alignment: Choice(("left", "center", "right", "justify"), ALIGN_ALIASES) | None = None  # type: ignore[valid-type]
    lineSpacing: Ratio(0, 132) | None = None  # type: ignore[valid-type]
    spaceBefore: Points(0, MAX_SIZE_PT) | None = None  # type: ignore[valid-type]
    spaceAfter: Points(0, MAX_SIZE_PT) | None = None  # type: ignore[valid-type]
    list: Choice(("none", "bullet", "number"), LIST_ALIASES) | None = None  # type: ignore[valid-type]


class ApplyStyle(Args):
    """applyStyle: named style and/or direct character/paragraph formatting."""

    scope: Scope = "selection"
    namedStyle: Name | None = None
    char: CharStyle | None = None
    para: ParaStyle | None = None
    clearOtherStyles: Bool = False

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.char is not None and not self.char.canonical():
            self.char = None
        if self.para is not None and not self.para.canonical():
            self.para = None
        if self.namedStyle is None and self.char is None and self.para is None and not self.clearOtherStyles:
            stray = sorted(set(self.model_extra or {}) & (set(CharStyle.model_fields) | set(ParaStyle.model_fields)))
            hint = f" (put {', '.join(stray)} inside args.char or args.para)" if stray else ""
            raise field_error("needs at least one of namedStyle, char, para or clearOtherStyles=true" + hint)
        return self

    def canonical(self) -> dict[str, Any]:
        out = super().canonical()
        return {"scope": out.pop("scope"), "clearOtherStyles": out.pop("clearOtherStyles"), **out}


class ListStyles(Args):
    """listStyles: the style names applyStyle / table.applyStyle accept."""

    category: Choice(("all", "paragraph", "character", "table"), {"paragraphs": "paragraph", "characters": "character", "tables": "table"}) = "all"  # type: ignore[valid-type]
    builtInOnly: Bool = True
    includeLocalized: Bool = True
    query: Text | None = None
    max: IntIn(1) | None = None  # type: ignore[valid-type]


MODELS: Final[dict[str, type[Args]]] = {
    "insertText": InsertText,
    "getSelection": GetSelection,
    "search": Search,
    "replace": Replace,
    "insertPicture": InsertPicture,
    "table.create": TableCreate,
    "table.insertRows": TableInsertRows,
    "table.insertColumns": TableInsertColumns,
    "table.deleteRows": TableDeleteRows,
    "table.deleteColumns": TableDeleteColumns,
    "table.setCellText": TableSetCellText,
    "table.mergeCells": TableMergeCells,
    "table.applyStyle": TableApplyStyle,
    "applyStyle": ApplyStyle,
    "listStyles": ListStyles,
    "readDocument": ReadDocument,
    "insertMarkdown": InsertMarkdown,
    **REVISION_MODELS,
    **REVIEW_MODELS,
    **INLINE_MODELS,
    **STORY_MODELS,
}
"""Op name → args model, in the seed's order."""
