"""data_formatter: the seed's schema, examples, shapes and errors; numeric-aware sorting; a real PNG chart;
and a `word_op` that the server's own op parser accepts, for every output format."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from PIL import Image

from bridge.tools.data_formatter import register
from bridge.word.ops import parse_edit_task

pytestmark = pytest.mark.anyio

SEED_PROPERTIES: dict[str, dict[str, Any]] = {  # seed 000, tool 5, as written
    "data": {"type": "string", "description": "Data to format (JSON, CSV, or plain text)", "minLength": 1,
             "maxLength": 20000},
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
PEOPLE = ('[{"name":"John","age":30,"department":"Engineering"},'
          '{"name":"Jane","age":25,"department":"Marketing"}]')
PRODUCTS = "Product,Price,Category\nLaptop,1200,Electronics\nDesk,300,Furniture\nBook,25,Education"


def server() -> MCPServer:
    s = MCPServer("test")
    register(s)
    return s


async def call(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("data_formatter", args)
    assert not result.is_error
    assert json.loads(result.content[1].text) == result.structured_content
    found = {"line": result.content[0].text, "content_items": result.content, **(result.structured_content or {})}
    assert found["word_op"] is not None, found.get("word_op_error")
    parse_edit_task(meta=found["word_op"])  # raises if the server would refuse it
    return found


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool("data_formatter", args)
    return caught.value


async def test_the_listed_schema_is_the_seeds():
    async with Client(server()) as client:
        tool = (await client.list_tools()).tools[0]
    assert tool.input_schema == {"type": "object", "properties": SEED_PROPERTIES, "required": ["data", "output_format"]}


async def test_seed_json_to_table_example():
    async with Client(server()) as client:
        found = await call(client, {"data": PEOPLE, "input_format": "json", "output_format": "table",
                                    "style": "professional", "include_headers": True})
    assert found["line"] == "Data successfully formatted as table"
    assert found["formatted_content"] == {"type": "table", "headers": ["Name", "Age", "Department"],
                                          "rows": [["John", "30", "Engineering"], ["Jane", "25", "Marketing"]],
                                          "row_count": 2, "column_count": 3}
    assert found["word_table_format"] == {"table_style": "Table Grid", "header_row": True, "alternating_rows": False,
                                          "borders": True}
    ops = found["word_op"]["args"]["ops"]
    assert ops[0] == {"op": "table.create", "args": {"header": True, "data": [
        ["Name", "Age", "Department"], ["John", "30", "Engineering"], ["Jane", "25", "Marketing"]],
        "scope": "selection", "location": "after"}}
    assert ops[1]["args"] == {"tableRef": "$0.tableId",
                              "style": {"name": "Table Grid", "firstRow": True, "bandedRows": False}}


async def test_seed_csv_to_list_example():
    async with Client(server()) as client:
        found = await call(client, {"data": PRODUCTS, "input_format": "csv", "output_format": "list",
                                    "style": "simple", "max_items": 10})
    assert found["formatted_content"] == {"type": "list", "item_count": 3, "items": [
        "Product: Laptop, Price: $1200, Category: Electronics", "Product: Desk, Price: $300, Category: Furniture",
        "Product: Book, Price: $25, Category: Education"]}
    assert found["word_list_format"] == {"list_type": "bulleted", "bullet_style": "•", "indentation": "standard"}
    blocks = parse_edit_task(meta=found["word_op"]).args["blocks"]
    assert [(b["type"], b["kind"], b["runs"][0]["text"]) for b in blocks] == [
        ("listItem", "bullet", item) for item in found["formatted_content"]["items"]]


async def test_sorting_is_numeric_aware_and_max_items_truncates():
    data = "Item,Qty\nitem 10,9\nitem 2,10\nitem 1,\nitem 3,100"
    async with Client(server()) as client:
        by_qty = await call(client, {"data": data, "output_format": "table", "sort_by": "qty", "sort_order": "desc"})
        by_name = await call(client, {"data": data, "output_format": "table", "sort_by": "Item", "max_items": 3})
    assert [r[1] for r in by_qty["formatted_content"]["rows"]] == ["100", "10", "9", ""]  # numbers, blanks last
    assert [r[0] for r in by_name["formatted_content"]["rows"]] == ["item 1", "item 2", "item 3"]  # natural order
    assert by_name["formatted_content"]["total_items"] == 4 and by_name["formatted_content"]["truncated"] is True


@pytest.mark.parametrize(("data", "detected", "headers"), [
    (PEOPLE, "json", ["Name", "Age", "Department"]),
    ("city;population\nLyon;522000\nNice;342000", "csv", ["city", "population"]),
    ("| Tool | Uses |\n|---|---|\n| Saw | 3 |\n| Drill | 7 |", "text", ["Tool", "Uses"]),
    ("Owner: Ana\nDue: Friday\nStatus: open", "text", ["Key", "Value"]),
    ("- apples\n- pears\n- plums", "text", ["Item"]),
    ('{"sales": [1, 2], "month": ["May", "June"]}', "json", ["Sales", "Month"]),
])
async def test_auto_detects_the_input(data, detected, headers):
    async with Client(server()) as client:
        found = await call(client, {"data": data, "output_format": "table"})
    assert found["input_format"] == detected and found["formatted_content"]["headers"] == headers


async def test_chart_is_a_real_png_with_an_insert_picture_op():
    data = "Month,Sales,Costs\nJan 2024,120,80\nFeb 2024,150,90\nMar 2024,170,95"
    async with Client(server()) as client:
        found = await call(client, {"data": data, "output_format": "chart", "style": "creative"})
    chart = found["formatted_content"]
    assert (chart["chart_type"], chart["labels"]) == ("line", ["Jan 2024", "Feb 2024", "Mar 2024"])
    assert chart["series"] == [{"name": "Sales", "values": [120.0, 150.0, 170.0]},
                               {"name": "Costs", "values": [80.0, 90.0, 95.0]}]
    paragraph, picture = found["word_op"]["args"]["ops"]  # a paragraph of its own after the selection, the chart in it
    assert paragraph == {"op": "insertText", "args": {"text": "", "newParagraph": True, "scope": "selection",
                                                      "location": "after"}}
    assert picture["op"] == "insertPicture" and picture["args"]["scope"] == "rangeId:$0.rangeId"
    assert picture["args"]["source"] == "base64" and picture["args"]["width"] == 432
    png = base64.b64decode(picture["args"]["data"])
    with Image.open(io.BytesIO(png)) as image:
        assert (image.format, image.size) == ("PNG", (640, 400))
    image_item = found["content_items"][2]
    assert image_item.type == "image" and base64.b64decode(image_item.data) == png
    assert chart["image"]["size_bytes"] == len(png)


async def test_summary_and_structured_outputs():
    async with Client(server()) as client:
        summary = await call(client, {"data": PRODUCTS, "output_format": "summary"})
        records = await call(client, {"data": PRODUCTS, "output_format": "structured"})
    price = summary["formatted_content"]["fields"][1]
    assert {k: price[k] for k in ("name", "type", "min", "max", "sum")} == {
        "name": "Price", "type": "number", "min": 25.0, "max": 1200.0, "sum": 1525.0}
    assert "Price: from $25 to $1200" in summary["formatted_content"]["text"]
    assert records["formatted_content"]["records"][0] == {"Product": "Laptop", "Price": "$1200",
                                                          "Category": "Electronics"}
    blocks = parse_edit_task(meta=records["word_op"]).args["blocks"]
    assert blocks[0]["type"] == "heading" and blocks[0]["runs"][0]["text"] == "Laptop"


@pytest.mark.parametrize("output_format", ["table", "list", "chart", "summary", "structured"])
async def test_every_word_op_inserts_after_the_selection(output_format):
    """QA: word_op carried no scope/location, so editTask's defaults (selection, replace) deleted the person's
    selected text. Each op now says selection/after, and the server's parser keeps it so."""
    async with Client(server()) as client:
        found = await call(client, {"data": PRODUCTS, "output_format": output_format})
    op = found["word_op"]
    placed = op["args"]["ops"][0] if op["op"] == "batch" else op
    assert (placed["args"]["scope"], placed["args"]["location"]) == ("selection", "after")
    parsed = parse_edit_task(meta=op).args
    first = parsed["ops"][0]["args"] if op["op"] == "batch" else parsed
    assert (first["scope"], first["location"]) == ("selection", "after")


async def test_without_headers_and_in_a_creative_style():
    async with Client(server()) as client:
        found = await call(client, {"data": PEOPLE, "output_format": "table", "include_headers": False,
                                    "style": "creative"})
    assert found["formatted_content"]["headers"] == [] and found["formatted_content"]["row_count"] == 2
    create, style = found["word_op"]["args"]["ops"]
    assert create["args"] == {"header": False, "data": [["John", "30", "Engineering"], ["Jane", "25", "Marketing"]],
                              "scope": "selection", "location": "after"}
    assert style["args"]["style"] == {"name": "Grid Table 4 - Accent 1", "firstRow": False, "bandedRows": True}
    assert found["word_table_format"]["alternating_rows"] is True


async def test_seed_and_tool_errors():
    async with Client(server()) as client:
        parse = await error_of(client, {"data": '[{"name": "John",}]', "input_format": "json",
                                        "output_format": "table"})
        column = await error_of(client, {"data": PRODUCTS, "output_format": "table", "sort_by": "Weight"})
        chart = await error_of(client, {"data": "- apples\n- pears", "output_format": "chart"})
        too_long = await error_of(client, {"data": "x" * 20001, "output_format": "list"})
        defaulted = await call(client, {"data": PRODUCTS})
    assert (parse.error.code, parse.error.message) == (-32603, "Failed to parse input data")
    assert parse.error.data["error_type"] == "parse_error" and parse.error.data["input_format"] == "json"
    assert parse.error.data["error_details"].startswith("Invalid JSON syntax at position 17")
    assert parse.error.data["suggestions"] == ["Check JSON syntax and formatting", "Validate JSON using online tools",
                                               "Ensure proper quote escaping"]
    assert column.error.code == -32602 and column.error.data["available_columns"] == ["Product", "Price", "Category"]
    assert chart.error.code == -32602 and chart.error.data["error_type"] == "no_numeric_data"
    assert too_long.error.data["error_type"] == "data_too_long" and too_long.error.data["data_length"] == 20001
    # Required in the seed's schema, but the seed gives it a default too: a call without it is a table.
    assert defaulted["formatted_content"]["type"] == "table"
