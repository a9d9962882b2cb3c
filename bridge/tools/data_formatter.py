"""`data_formatter` (seed 000, tool 5): JSON, CSV or text as a table, list, chart, summary or structured records.

Beyond the seed, every result carries `word_op`: a ready `word.op` envelope the assistant passes unchanged to
`editTask` as `meta` — a `batch` of `table.create` (the data) and `table.applyStyle` (a built-in table style), an
`insertMarkdown` list or text, or a `batch` of an empty paragraph and an `insertPicture` of the chart (PNG, base64)
in it. Each op inserts after the person's selection (`scope` "selection", `location` "after": `AFTER_SELECTION`),
never over it — the defaults would replace the selected text. Each op is validated with the server's own op parser before it is returned; a table Word
would refuse (more than MAX_COLS columns) gets `word_op: null` and a `word_op_error` in this tool's terms. Every
`word_op` comes with a `word_op_note`: a selection inside a table cell gets the content inside that cell (a nested
table), and the note says which scope to set to put it after that table instead (this tool cannot see the document).

`output_format` is listed as the seed has it (required, `"default": "table"`), and a call that leaves it out gets
that default instead of an error that would hide the call's other mistakes. Data with nothing in it (`[]`, `{}`,
blank text) is an `empty_data` error saying so. Records found under single-key objects (an XML file's
`{"people": {"person": [...]}}`) come with a `note` naming the path they were taken from (`people.person`). This module is the tool (its schema, its checks, the word_op's check
and note); what each output format gives is `data_formatter_outputs.py`'s.
"""

from __future__ import annotations

import base64
import time
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ImageContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from bridge.tools.argument_names import refuse_unknown_arguments, seed_refusal
from bridge.tools.arguments import RawText, check, guarded, list_schema
from bridge.tools.data_formatter_limits import markdown_block_limit, refused_op
from bridge.tools.data_formatter_outputs import (
    chart_output,
    list_output,
    structured_output,
    summary_output,
    table_output,
    word_table_limit,
)
from bridge.tools.formatting.columns import column
from bridge.tools.formatting.tables import DataParseError, EmptyData, parse, sort_rows
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result
from bridge.tools.word_access import WordAccess
from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task

__all__ = ["register", "word_table_limit"]  # word_table_limit: what the tool refuses, for the tests

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
WHERE_SCOPE: Final = {"batch": "word_op.args.ops[0].args.scope", "insertMarkdown": "word_op.args.scope"}
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
    refuse_unknown_arguments(server, NAME, seed_refusal)


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
    if table.source:  # records found under single-key objects (an XML file's root and element): say where
        out["note"] = f"The rows were taken from {'.'.join(table.source)} (the records under the objects that wrap them)"
    image: bytes | None = None
    kind = args["output_format"]
    if kind == "table":
        content, op, extra = table_output(table, args)
    elif kind == "list":
        content, op, extra = list_output(table, args)
    elif kind == "chart":
        content, op, extra, image = chart_output(table, args)
    elif kind == "summary":
        content, op, extra = summary_output(table, total)
    else:
        content, op, extra = structured_output(table, args)
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
    block: table.create, insertMarkdown and insertText's new paragraph for the chart go after it, in paragraphs of
    their own)."""
    what = {"table": "the table inside that cell (a nested table)", "structured": "the records inside that cell"}.get(
        kind, f"the {kind} inside that cell")
    return (f"word_op inserts after the person's selection. If the selection is inside a table cell, Word puts "
            f"{what}; to put it after that table instead, set {WHERE_SCOPE[op]} to \"rangeId:<tableId>\" with the "
            "table's tableId from editTask readDocument (format \"structure\", includeRangeIds true).")
