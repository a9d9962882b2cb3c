"""QA defects in what data_formatter detects and hands to Word: a CSV with one short row read as a one-column
"Item" list (prose with commas must still read as text); a word_op Word would refuse (more columns than a Word
table holds) answered with the op parser's `args.ops[0].args.cols`, which the caller never set; and the note
that a selection inside a table cell gets the table nested in that cell."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from bridge.tools.data_formatter import word_table_limit
from bridge.tools.formatting.csv_detect import detect
from bridge.word.ops.word_limits import MAX_COLS, MAX_ROWS
from tests.tools.test_data_formatter import PRODUCTS, server

pytestmark = pytest.mark.anyio

SHORT_ROW = "Name,Email,Phone\nAda,ada@x.org,555\nBob,bob@x.org\nCy,cy@x.org,777"
PROSE = [
    "Hello, how are you today?\nI am fine, thank you.",
    "Buy milk, eggs and bread\nCall Ann, then Bob\nPay rent, water and power",
    "We met on Monday, as planned.\nThe budget, however, was late.\nAnn, Bob and Cy agreed.",
    "Dear John,\nThanks for the report, it was great.",
    "Buy milk, eggs and bread\nCall Ann\nPay rent, water and power",
]


async def formatted(args: dict[str, Any]) -> dict[str, Any]:
    async with Client(server()) as client:
        result = await client.call_tool("data_formatter", args)
    assert not result.is_error, result.content
    return dict(result.structured_content or {})


@pytest.mark.parametrize("input_format", ["auto", "csv"])
async def test_a_short_row_is_padded_not_a_reason_to_read_text(input_format: str):
    found = await formatted({"data": SHORT_ROW, "input_format": input_format, "output_format": "table"})
    assert found["input_format"] == "csv"
    assert found["formatted_content"]["headers"] == ["Name", "Email", "Phone"]
    assert found["formatted_content"]["rows"] == [["Ada", "ada@x.org", "555"], ["Bob", "bob@x.org", ""],
                                                  ["Cy", "cy@x.org", "777"]]


@pytest.mark.parametrize(("data", "headers"), [
    ("city;population\nLyon;522000\nNice\nParis;2100000", ["city", "population"]),
    ("Name\tQ1\tQ2\nNorth\t10\t12\nSouth\t\t9\nWest\t4", ["Name", "Q1", "Q2"]),
    ("Name,Comment\nAda,Great work.\nBob,Needs more tests.", ["Name", "Comment"]),
    ("Name, Age\nAda, 36\nBo, 4", ["Name", "Age"]),
])
async def test_auto_detects_csv_with_any_delimiter_and_ragged_rows(data: str, headers: list[str]):
    found = await formatted({"data": data, "output_format": "table"})
    assert (found["input_format"], found["formatted_content"]["headers"]) == ("csv", headers)


@pytest.mark.parametrize("prose", PROSE)
async def test_prose_with_commas_stays_text(prose: str):
    found = await formatted({"data": prose, "output_format": "table"})
    assert found["input_format"] == "text" and found["formatted_content"]["headers"] == ["Item"]
    assert [r[0] for r in found["formatted_content"]["rows"]] == prose.splitlines()


def test_the_caller_saying_csv_reads_prose_as_csv_too():
    assert detect(PROSE[0]) is None
    dialect = detect(PROSE[0], allow_prose=True)
    assert dialect is not None and dialect.delimiter == ","


async def test_too_many_columns_for_word_say_so_in_the_tools_terms():
    wide = "\n".join(",".join(f"c{i}" for i in range(MAX_COLS + 7)) for _ in range(3))
    found = await formatted({"data": wide, "output_format": "table"})
    assert found["word_op"] is None and found["formatted_content"]["column_count"] == MAX_COLS + 7
    assert found["word_op_error"].startswith(f"data has {MAX_COLS + 7} columns, and a Word table has at most 63")
    assert "args." not in found["word_op_error"] and "output_format" in found["word_op_error"]
    exact = await formatted({"data": wide.replace(",c63,c64,c65,c66,c67,c68,c69", ""), "output_format": "table"})
    assert exact["word_op"] is not None


def test_the_row_limit_is_table_creates_with_the_header_row_counted():
    assert word_table_limit(MAX_ROWS, 2) is None
    message = word_table_limit(MAX_ROWS + 1, 2)
    assert message is not None and "10,001 rows, the header row included" in message
    assert "at most 10,000 (the header row and 9,999 data rows): lower max_items" in message


@pytest.mark.parametrize(("output_format", "path", "what"), [
    ("table", ("args", "ops", 0, "args", "scope"), "the table inside that cell (a nested table)"),
    ("list", ("args", "scope"), "the list inside that cell"),
    ("chart", ("args", "ops", 0, "args", "scope"), "the chart inside that cell"),  # its paragraph, then the picture
    ("summary", ("args", "scope"), "the summary inside that cell"),
    ("structured", ("args", "scope"), "the records inside that cell"),
])
async def test_the_note_says_a_selection_in_a_cell_nests_and_where_the_scope_is(output_format, path, what):
    found = await formatted({"data": PRODUCTS, "output_format": output_format})
    note = found["word_op_note"]
    assert f"If the selection is inside a table cell, Word puts {what};" in note
    scope: Any = found["word_op"]
    for step in path:
        scope = scope[step]
    assert scope == "selection"
    assert "set word_op." + ".".join(f"{s}" if isinstance(s, str) else f"[{s}]" for s in path).replace(".[", "[") \
        + ' to "rangeId:<tableId>"' in note
