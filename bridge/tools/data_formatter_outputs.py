"""`data_formatter`'s five output formats: each one's `formatted_content`, its ready `word_op` and the Word
formatting the seed reports (`word_table_format`, `word_list_format`, `word_picture_format`).

Every op inserts after the person's selection (`AFTER_SELECTION`), never over it, in paragraphs of its own: the chart
is an empty paragraph after the selection's (`insertText` with `newParagraph`) and the picture in it, as
`insertPicture` alone would put it inside the selected paragraph. A number reads the same in every
output format: as the data wrote it (thousands separators included; JSON's `1e3` as 1000), with the currency in a money
column (`Price: $1200`, the seed's list rendering; `Price (EUR)`: €10; see `formatting/money.py`) — table cells,
list items, structured records and the summary's min/max/mean/total alike. The markdown meant for Word is
markdown-inert (`_escape`); the seed's own texts (list items, summary text) are not escaped.
"""

from __future__ import annotations

import base64
import math
import re
from typing import Any, Final

from bridge.tools.formatting.chart import NoNumericData, render
from bridge.tools.formatting.money import money_text
from bridge.tools.formatting.columns import field_names
from bridge.tools.formatting.tables import Table, cell_text, is_numeric, number, present
from bridge.tools.results import INVALID_PARAMS, seed_error
from bridge.word.ops.word_limits import MAX_COLS, MAX_ROWS

Output = tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any]]
"""An output format's `formatted_content`, its word_op (None: Word would refuse it) and the result's other fields."""

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


def envelope(op: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "word.op", "op": op, "version": "1.0", "args": args}


def _markdown(markdown: str) -> dict[str, Any]:
    """An insertMarkdown op putting `markdown` after the selection."""
    return envelope("insertMarkdown", {"markdown": markdown, **AFTER_SELECTION})


def table_output(table: Table, args: dict[str, Any]) -> Output:
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


def list_output(table: Table, args: dict[str, Any]) -> Output:
    items = []
    for row in table.rows:
        cells = [(h, _money(h, v)) for h, v in zip(table.headers, row, strict=True) if v not in (None, "")]
        items.append(", ".join(f"{h}: {t}" if args["include_headers"] and len(table.headers) > 1 and h else t
                               for h, t in cells))  # an empty header cell (a row label's column) labels nothing
    numbered = args["style"] == "academic"
    content = {"type": "list", "items": items, "item_count": len(items)}
    word_format = {"list_type": "numbered" if numbered else "bulleted", "bullet_style": "1." if numbered else "•",
                   "indentation": "standard"}
    markdown = "\n".join(f"{n}. {_escape(i)}" if numbered else f"- {_escape(i)}"
                         for n, i in enumerate(items or ["(no items)"], start=1))
    return content, _markdown(markdown), {"word_list_format": word_format}


def _named(table: Table) -> Table:
    """The table with its empty header cells named (`field_names`): records, summaries and charts need a name for
    every field, where a table shows the empty cell."""
    return Table(table.keys, field_names(table), table.rows)


def chart_output(table: Table, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], bytes]:
    table = _named(table)
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
    op = envelope("batch", {"ops": [
        {"op": "insertText", "args": {"text": "", "newParagraph": True, **AFTER_SELECTION}},
        {"op": "insertPicture", "args": {"source": "base64", "data": base64.b64encode(chart.png).decode(),
                                         "width": CHART_WIDTH_PT, "scope": "rangeId:$0.rangeId", "location": "start",
                                         "altText": f"{chart.chart_type.capitalize()} chart: {chart.title}"}},
    ]})
    return content, op, {"word_picture_format": {"width_pt": CHART_WIDTH_PT, "wrap_type": "inline"}}, chart.png


def _field_stats(table: Table, i: int) -> tuple[dict[str, Any], dict[str, str]]:
    """The field's statistics, and how its min/max/mean/sum read (as the cells read: `_money`). Missing values
    (blanks, `n/a`, `-`) are no values: not counted, not in the numbers."""
    header = table.headers[i]
    values = [r[i] for r in table.rows if present(r[i])]
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


def summary_output(table: Table, total: int) -> Output:
    table = _named(table)
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


def structured_output(table: Table, args: dict[str, Any]) -> Output:
    table = _named(table)
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
