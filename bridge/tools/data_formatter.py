"""`data_formatter` (seed 000, tool 5): JSON, CSV or text as a table, list, chart, summary or structured records.

Beyond the seed, every result carries `word_op`: a ready `word.op` envelope the assistant passes unchanged to
`editTask` as `meta` — a `batch` of `table.create` (the data) and `table.applyStyle` (a built-in table style), an
`insertMarkdown` list or text, or an `insertPicture` of the chart (PNG, base64). Each op inserts after the
person's selection (`scope` "selection", `location` "after": `AFTER_SELECTION`), never over it — the defaults would
replace the selected text. Each op is validated with the server's own op parser before it is returned; a table Word
would refuse (more than MAX_COLS columns) gets `word_op: null` and a `word_op_error` in this tool's terms. Every
`word_op` comes with a `word_op_note`: a selection inside a table cell gets the content inside that cell (a nested
table), and the note says which scope to set to put it after that table instead (this tool cannot see the document).

`output_format` is listed as the seed has it (required, `"default": "table"`), and a call that leaves it out gets
that default instead of an error that would hide the call's other mistakes. A number reads the same in every output
format: as the data wrote it (thousands separators included; JSON's `1e3` as 1000), with the currency in a money
column (`Price: $1200`, the seed's list rendering; `Price (EUR)`: €10; see `formatting/money.py`) — table cells,
list items, structured records and the summary's min/max/mean/total alike. Data with nothing in it (`[]`, `{}`, blank text) is an `empty_data` error saying so. The
markdown meant for Word is markdown-inert (`_escape`); the seed's own texts (list items, summary text) are not escaped.
"""

from __future__ import annotations

import base64
import math
import re
import time
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ImageContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from bridge.tools.arguments import RawText, check, guarded, list_schema
from bridge.tools.data_formatter_limits import markdown_block_limit, refused_op
from bridge.tools.formatting.chart import NoNumericData, render
from bridge.tools.formatting.money import money_text
from bridge.tools.formatting.tables import (
    DataParseError,
    EmptyData,
    Table,
    cell_text,
    column,
    is_numeric,
    number,
    parse,
    sort_rows,
)
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result
from bridge.tools.word_access import WordAccess
from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task
from bridge.word.ops.word_limits import MAX_COLS, MAX_ROWS

NAME: Final = "data_formatter"
MAX_DATA: Final = 20_000
SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "data": {"type": "string", "description": "Data to format (JSON, CSV, or plain text)", "minLength": 1,
             "maxLength": MAX_DATA},
    "input_format": {"type": "string", "description": "Format of input data", "enum": ["json", "csv", "text", "auto"],
                     "default": "auto"},
    "output_format": {"type": "string", "description": "Desired output format",
                      "enum": ["table", "list", "chart", "summary", "structured"], "default": "table"},
    "style": {"type": "string", "description": "Visual style for the output",
              "enum": ["simple", "professional", "academic", "creative"], "default": "professional"},
    "max_items": {"type": "integer", "description": "Maximum number of items to include", "minimum": 1,
                  "maximum": 1000, "default": 100},
    "include_headers": {"type": "boolean", "description": "Include column headers in table output", "default": True},
    "sort_by": {"type": "string", "description": "Column to sort by (for table output)", "default": None},
    "sort_order": {"type": "string", "description": "Sort order (ascending or descending)", "enum": ["asc", "desc"],
                   "default": "asc"},
}
TABLE_STYLES: Final = {
    "simple": {"table_style": "Plain Table 1", "alternating_rows": False, "borders": True},
    "professional": {"table_style": "Table Grid", "alternating_rows": False, "borders": True},
    "academic": {"table_style": "Plain Table 2", "alternating_rows": False, "borders": False},
    "creative": {"table_style": "Grid Table 4 - Accent 1", "alternating_rows": True, "borders": True},
}
_MARKDOWN_PUNCTUATION: Final = re.compile(r"[\\`*_\[\]<>|#~&]")
_BLOCK_START: Final = re.compile(r"^(\d*)([-+=.)])")  # "- ", "+ ", "---", "===", "1. ", "1) " where a block begins
_LINE_BREAK: Final = re.compile(r"\n")
_EDGE_SPACE: Final = re.compile(r"^\s+|\s+$")
CHART_WIDTH_PT: Final = 432  # 6 in: the text width of a default Word page
AFTER_SELECTION: Final = {"scope": "selection", "location": "after"}
"""Where every `word_op` inserts: after the selection (seed 001's defaults, selection/replace, would delete it)."""
WHERE_SCOPE: Final = {"batch": "word_op.args.ops[0].args.scope", "insertMarkdown": "word_op.args.scope",
                      "insertPicture": "word_op.args.scope"}
"""Where the model changes a word_op's place (the `word_op_note`)."""

DESCRIPTION: Final = (
    "Format and structure data for document presentation: JSON, CSV or plain text (auto-detected) as a table, "
    "bulleted list, chart (PNG), summary or structured records, with sort_by/sort_order (numeric-aware) and "
    "max_items. The result's `word_op` is a ready word.op envelope: pass it unchanged as `meta` to editTask to "
    "put the table, list, chart or summary into the Word document, after the person's selection (scope "
    "\"selection\", location \"after\"; the selected text stays). Change its scope/location to put it elsewhere "
    "(`word_op_note` says how to put it after a table the selection is in, rather than into the cell)."
)


class FormattedData(BaseModel):
    """The seed's `formatted_data` object plus the ready `word_op`."""

    model_config = ConfigDict(extra="allow")
    type: Literal["formatted_data"]
    input_format: str
    output_format: str
    style: str
    formatted_content: dict[str, Any]
    word_op: dict[str, Any] | None
    processing_time_ms: int


def register(server: MCPServer, word: WordAccess | None = None) -> None:
    """Add `data_formatter` to `server` (`word` is unused: the result's word_op goes through editTask)."""

    async def data_formatter(
        data: RawText = None, input_format: RawText = None, output_format: RawText = None,  # type: ignore[assignment]
        style: RawText = None, max_items: Any = None, include_headers: Any = None,  # type: ignore[assignment]
        sort_by: RawText = None, sort_order: RawText = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, FormattedData]:
        raw = {"data": data, "input_format": input_format, "output_format": output_format, "style": style,
               "max_items": max_items, "include_headers": include_headers, "sort_by": sort_by,
               "sort_order": sort_order}
        return await guarded(NAME, _run(raw))

    server.tool(name=NAME, title="Format data", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Format data", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=False))(data_formatter)
    list_schema(server, NAME, SCHEMA, ["data", "output_format"])


async def _run(raw: dict[str, Any]) -> CallToolResult:
    started = time.perf_counter()
    if isinstance(raw["data"], str) and len(raw["data"]) > MAX_DATA:
        raise seed_error(INVALID_PARAMS, "Data exceeds maximum length", "data_too_long",
                         ["Reduce data to 20,000 characters or less", "Split the data into smaller parts"],
                         data_length=len(raw["data"]), max_length=MAX_DATA)
    args = {name: check(name, value, SCHEMA[name]) for name, value in raw.items()}
    result, image = await anyio.to_thread.run_sync(lambda: _format(args))
    result["processing_time_ms"] = round((time.perf_counter() - started) * 1000)
    answer = seed_result(f"Data successfully formatted as {args['output_format']}", result)
    if image is not None:
        answer.content.append(ImageContent(type="image", data=base64.b64encode(image).decode(), mime_type="image/png"))
    return answer


def _parse_failure(exc: DataParseError) -> Exception:
    if isinstance(exc, EmptyData):
        return seed_error(INVALID_PARAMS, str(exc), "empty_data",
                          ["Give at least one record or row of data", "Check that the right data was passed"],
                          input_format=exc.input_format, error_details=str(exc))
    tips = {
        "json": ["Check JSON syntax and formatting", "Validate JSON using online tools", "Ensure proper quote escaping"],
        "csv": ["Put the column names in the first row", "Give every row the same number of columns",
                "Quote values that contain the delimiter"],
    }.get(exc.input_format, ["Put one item per line", "Use JSON or CSV for tables"])
    return seed_error(INTERNAL_ERROR, "Failed to parse input data", "parse_error", tips,
                      input_format=exc.input_format, error_details=str(exc))


def _format(args: dict[str, Any]) -> tuple[dict[str, Any], bytes | None]:
    try:
        detected, table = parse(args["data"], args["input_format"])
    except DataParseError as exc:
        raise _parse_failure(exc) from exc
    if args["sort_by"]:
        index = column(table, args["sort_by"])
        if index is None:
            raise seed_error(INVALID_PARAMS, "Sort column not found", "invalid_sort_column",
                             ["Use one of the available columns", "Check the column name's spelling"],
                             sort_by=args["sort_by"], available_columns=table.headers)
        sort_rows(table, index, args["sort_order"] == "desc")
    total = len(table.rows)
    table.rows = table.rows[: args["max_items"]]
    out: dict[str, Any] = {"type": "formatted_data", "input_format": detected, "output_format": args["output_format"],
                           "style": args["style"]}
    image: bytes | None = None
    kind = args["output_format"]
    if kind == "table":
        content, op, extra = _table(table, args)
    elif kind == "list":
        content, op, extra = _list(table, args)
    elif kind == "chart":
        content, op, extra, image = _chart(table, args)
    elif kind == "summary":
        content, op, extra = _summary(table, total)
    else:
        content, op, extra = _structured(table, args)
    if total > len(table.rows):
        content["total_items"] = total
        content["truncated"] = True
    out["formatted_content"] = content
    out.update(extra)
    too_many = markdown_block_limit(kind, len(table.rows), len(table.headers), len(args["data"]))
    if op is not None and too_many:
        out.update({"word_op": None, "word_op_error": too_many})
    elif op is not None:
        out.update(_checked(op, kind))
    return out, image


def _checked(op: dict[str, Any], kind: str) -> dict[str, Any]:
    """The op as `word_op` if the server's parser accepts it, with `word_op_note`; else `word_op: null` and why."""
    try:
        parse_edit_task(meta=op)
    except OpError as exc:
        return {"word_op": None, "word_op_error": refused_op(op["op"], str(exc))}
    return {"word_op": op, "word_op_note": _in_a_cell_note(op["op"], kind)}


def _in_a_cell_note(op: str, kind: str) -> str:
    """What the model cannot see from here: an insertion after a selection inside a table cell goes into that cell
    (Word nests a table there), and how to put it after that table instead (a table's id as scope is the table as a
    block: table.create, insertMarkdown and insertPicture go after it, in a paragraph of their own)."""
    what = {"table": "the table inside that cell (a nested table)", "structured": "the records inside that cell"}.get(
        kind, f"the {kind} inside that cell")
    return (f"word_op inserts after the person's selection. If the selection is inside a table cell, Word puts "
            f"{what}; to put it after that table instead, set {WHERE_SCOPE[op]} to \"rangeId:<tableId>\" with the "
            "table's tableId from editTask readDocument (format \"structure\", includeRangeIds true).")


def envelope(op: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "word.op", "op": op, "version": "1.0", "args": args}


def _markdown(markdown: str) -> dict[str, Any]:
    """An insertMarkdown op putting `markdown` after the selection."""
    return envelope("insertMarkdown", {"markdown": markdown, **AFTER_SELECTION})


def _table(table: Table, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any]]:
    rows = [[_money(h, v) for h, v in zip(table.headers, r, strict=True)] for r in table.rows]
    headers = table.headers if args["include_headers"] else []
    look = TABLE_STYLES[args["style"]]
    content = {"type": "table", "headers": headers, "rows": rows, "row_count": len(rows),
               "column_count": len(table.headers)}
    word_format = {"table_style": look["table_style"], "header_row": bool(headers),
                   "alternating_rows": look["alternating_rows"], "borders": look["borders"]}
    too_large = word_table_limit(len(rows) + bool(headers), len(table.headers))
    if too_large:
        return content, None, {"word_table_format": word_format, "word_op": None, "word_op_error": too_large}
    op = envelope("batch", {"ops": [
        {"op": "table.create", "args": {"data": ([headers] if headers else []) + rows, "header": bool(headers),
                                        **AFTER_SELECTION}},
        {"op": "table.applyStyle", "args": {"tableRef": "$0.tableId", "style": {
            "name": look["table_style"], "firstRow": bool(headers), "bandedRows": look["alternating_rows"]}}},
    ]})
    return content, op, {"word_table_format": word_format}


def word_table_limit(rows: int, cols: int) -> str | None:
    """Why Word's table.create would refuse a table of `rows` (the header row included) × `cols`, in this tool's
    terms (its `data`, `max_items`, `output_format`), or None when it fits. max_items (≤ 1000, the seed's) keeps the
    rows far below MAX_ROWS today; the check stays so that the word_op never outgrows what table.create takes."""
    if cols > MAX_COLS:
        return (f"data has {cols} columns, and a Word table has at most {MAX_COLS}: give data with at most "
                f"{MAX_COLS} columns for a table, or use output_format \"structured\" or \"list\"")
    if rows > MAX_ROWS:
        return (f"the table would have {rows:,} rows, the header row included, and a Word table made by "
                f"table.create has at most {MAX_ROWS:,} (the header row and {MAX_ROWS - 1:,} data rows): lower max_items")
    return None


def _money(header: str, value: Any) -> str:
    """How a value reads in every output format: `cell_text`, and a plain number in a money column with its currency
    (`money_text`: the one the header names, else WORD_BRIDGE_CURRENCY), as the seed's list shows (`Price: $1200`)."""
    return money_text(header, cell_text(value))


def _escape(text: str) -> str:
    """Markdown-inert text, so that Word shows the user's characters rather than formatting them.

    CommonMark backslash escapes (which markdown-it honours) for every punctuation character that can mean something
    (`&` too: `&amp;` stays as typed), and for a list marker or `=` where the text starts a block (`1.`, `+`, `---`).
    Line breaks (as markdown's hard breaks give them) and white space at either end (which would indent into a code
    block, or be trimmed) become character references, so the text stays one line inside the block it was put in.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a line ending is a line break, as markdown's own
    text = _MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", text)
    text = _BLOCK_START.sub(r"\g<1>\\\g<2>", text, count=1)
    text = _LINE_BREAK.sub(_reference, text)
    return _EDGE_SPACE.sub(_reference, text)


def _reference(found: re.Match[str]) -> str:
    return "".join(f"&#{ord(c)};" for c in found.group())


def _list(table: Table, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    items = []
    for row in table.rows:
        cells = [(h, _money(h, v)) for h, v in zip(table.headers, row, strict=True) if v not in (None, "")]
        items.append(", ".join(f"{h}: {t}" if args["include_headers"] and len(table.headers) > 1 else t
                               for h, t in cells))
    numbered = args["style"] == "academic"
    content = {"type": "list", "items": items, "item_count": len(items)}
    word_format = {"list_type": "numbered" if numbered else "bulleted", "bullet_style": "1." if numbered else "•",
                   "indentation": "standard"}
    markdown = "\n".join(f"{n}. {_escape(i)}" if numbered else f"- {_escape(i)}"
                         for n, i in enumerate(items or ["(no items)"], start=1))
    return content, _markdown(markdown), {"word_list_format": word_format}


def _chart(table: Table, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], bytes]:
    try:
        chart = render(table, args["style"])
    except NoNumericData as exc:
        raise seed_error(INVALID_PARAMS, "No numeric data to chart", "no_numeric_data",
                         ["Include at least one column of numbers", "Use table or list output for text data"],
                         columns=table.headers, error_details=f"no column of numbers among: {exc}") from exc
    content = {"type": "chart", "chart_type": chart.chart_type, "title": chart.title, "x_label": chart.x_label,
               "labels": chart.labels, "series": chart.series,
               "image": {"mime_type": "image/png", "width_px": chart.width_px, "height_px": chart.height_px,
                         "size_bytes": len(chart.png)}}
    op = envelope("insertPicture", {"source": "base64", "data": base64.b64encode(chart.png).decode(),
                                    "width": CHART_WIDTH_PT, "altText": f"{chart.chart_type.capitalize()} chart: "
                                                                        f"{chart.title}", **AFTER_SELECTION})
    return content, op, {"word_picture_format": {"width_pt": CHART_WIDTH_PT, "wrap_type": "inline"}}, chart.png


def _field_stats(table: Table, i: int) -> tuple[dict[str, Any], dict[str, str]]:
    """The field's statistics, and how its min/max/mean/sum read (as the cells read: `_money`)."""
    header = table.headers[i]
    values = [r[i] for r in table.rows if r[i] not in (None, "")]
    out: dict[str, Any] = {"name": header, "count": len(values),
                           "distinct": len({cell_text(v) for v in values})}
    shown: dict[str, str] = {}
    if is_numeric(values):
        nums = [number(v) or 0.0 for v in values]
        low, high = min(range(len(nums)), key=nums.__getitem__), max(range(len(nums)), key=nums.__getitem__)
        total = _total(nums)
        mean = total / len(nums) if total is not None else math.fsum(n / len(nums) for n in nums)
        out.update({"type": "number", "min": nums[low], "max": nums[high], "mean": round(mean, 2),
                    "sum": None if total is None else round(total, 2)})
        grouped = any("," in cell_text(v) for v in values)
        shown = {"min": _money(header, values[low]), "max": _money(header, values[high]),
                 "mean": _money(header, _num(out["mean"], grouped)),
                 "sum": "too large to show" if total is None else _money(header, _num(out["sum"], grouped))}
    else:
        counts: dict[str, int] = {}
        for v in values:
            counts[cell_text(v)] = counts.get(cell_text(v), 0) + 1
        out.update({"type": "text", "top_values": sorted(counts, key=lambda k: -counts[k])[:3]})
    return out, shown


def _total(nums: list[float]) -> float | None:
    """The exact sum, or None past the float range (JSON has no Infinity)."""
    try:
        total = math.fsum(nums)
    except OverflowError:
        return None
    return total if math.isfinite(total) else None


def _num(value: float, grouped: bool = False) -> str:
    """A computed number as the data's numbers read: 1525.0 → "1525", 508.333 → "508.33"; with thousands separators
    ("1,525") only when the column's own numbers have them."""
    comma = "," if grouped else ""
    if float(value).is_integer():
        return f"{int(value):{comma}}"
    return f"{value:{comma}.2f}".rstrip("0").rstrip(".")


def _summary(table: Table, total: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    stats = [_field_stats(table, i) for i in range(len(table.headers))]
    fields = [f for f, _ in stats]
    lines = []
    for f, shown in stats:
        if f["type"] == "number":
            lines.append(f"{f['name']}: from {shown['min']} to {shown['max']}, mean {shown['mean']}, "
                         f"total {shown['sum']}")
        else:
            lines.append(f"{f['name']}: {f['distinct']} distinct value(s), most often {', '.join(f['top_values'])}")
    opening = (f"{len(table.rows)} record(s) with {len(fields)} field(s) ({', '.join(table.headers)})"
               + (f", the first {len(table.rows)} of {total}" if total > len(table.rows) else "") + ".")
    text = opening + " " + "; ".join(lines) + "."
    content = {"type": "summary", "text": text, "record_count": len(table.rows), "field_count": len(fields),
               "fields": fields}
    markdown = _escape(opening) + "\n\n" + "\n".join(f"- {_escape(line)}" for line in lines)
    return content, _markdown(markdown), {}


def _structured(table: Table, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    records = [{h: _money(h, v) for h, v in zip(table.headers, r, strict=True)} for r in table.rows]
    fields = [{"name": h, "type": "number" if is_numeric([r[i] for r in table.rows]) else "text"}
              for i, h in enumerate(table.headers)]
    content = {"type": "structured", "records": records, "record_count": len(records), "fields": fields}
    parts = []
    for n, record in enumerate(records, start=1):
        values = list(record.items())
        title = values[0][1] or f"Record {n}"
        rest = values[1:] if len(values) > 1 else values
        parts.append(f"#### {_escape(title)}\n\n" + "\n".join(
            f"- **{_escape(k)}:** {_escape(v)}" for k, v in rest))
    return content, _markdown("\n\n".join(parts)), {}
