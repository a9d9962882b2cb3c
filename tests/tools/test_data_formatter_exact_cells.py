"""data_formatter keeps the cells where the data has them (QA, brief W): a tab-separated table whose top-left cell is
empty (as readDocument's text format gives a document's own tables) keeps its empty first header cell instead of
shifting every column left; a row of empty cells (`,` `,,,`) is a row, as call_tool_with_file_content reads it; an
empty header cell stays empty in the table and its Word op, and is `Column <n>` where a field needs a name."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from bridge.tools.formatting.columns import field_names
from bridge.tools.formatting.tables import parse
from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

PIVOT = "\tQ1\tQ2\nNorth\t10\t12\nSouth\t5\t9"


async def formatted(args: dict[str, Any]) -> dict[str, Any]:
    async with Client(server()) as client:
        return await call(client, args)


@pytest.mark.parametrize("input_format", ["auto", "csv"])
async def test_an_empty_top_left_cell_keeps_the_columns_in_place(input_format: str) -> None:
    found = await formatted({"data": PIVOT, "output_format": "table", "input_format": input_format})
    content = found["formatted_content"]
    assert content["headers"] == ["", "Q1", "Q2"]
    assert content["rows"] == [["North", "10", "12"], ["South", "5", "9"]]
    create = found["word_op"]["args"]["ops"][0]["args"]
    assert create["data"] == [["", "Q1", "Q2"], ["North", "10", "12"], ["South", "5", "9"]]


async def test_an_empty_first_header_cell_of_comma_separated_data() -> None:
    found = await formatted({"data": ",Q1,Q2\nNorth,10,12\n", "output_format": "table", "input_format": "csv"})
    assert found["formatted_content"]["headers"] == ["", "Q1", "Q2"]
    assert found["formatted_content"]["rows"] == [["North", "10", "12"]]


@pytest.mark.parametrize("empty_row", [",", ",,"])
async def test_a_row_of_empty_cells_is_kept(empty_row: str) -> None:
    data = f"a,b,c\n1,2,3\n{empty_row}\n4,5,6\n"
    found = await formatted({"data": data, "output_format": "table", "input_format": "csv"})
    assert found["formatted_content"]["rows"] == [["1", "2", "3"], ["", "", ""], ["4", "5", "6"]]


async def test_an_explicitly_empty_record_of_one_column_is_kept_and_blank_lines_are_not_rows() -> None:
    found = await formatted({"data": 'name\nAda\n""\n\n   \nBob\n', "output_format": "table", "input_format": "csv"})
    assert found["formatted_content"]["rows"] == [["Ada"], [""], ["Bob"]]


def test_an_empty_header_is_named_only_where_a_name_is_needed() -> None:
    _, table = parse("\tQ1\t\tColumn 1\nNorth\t10\t11\t12\n", "csv")
    assert table.headers == ["", "Q1", "", "Column 1"]
    assert field_names(table) == ["Column 1 (2)", "Q1", "Column 3", "Column 1"]  # the data's own name stays


async def test_records_summaries_and_lists_name_or_skip_the_empty_header() -> None:
    structured = await formatted({"data": PIVOT, "output_format": "structured"})
    assert structured["formatted_content"]["records"][0] == {"Column 1": "North", "Q1": "10", "Q2": "12"}
    summary = await formatted({"data": PIVOT, "output_format": "summary"})
    assert summary["formatted_content"]["text"].startswith("2 record(s) with 3 field(s) (Column 1, Q1, Q2).")
    listed = await formatted({"data": PIVOT, "output_format": "list"})
    assert listed["formatted_content"]["items"] == ["North, Q1: 10, Q2: 12", "South, Q1: 5, Q2: 9"]
    chart = await formatted({"data": PIVOT, "output_format": "chart"})
    assert [s["name"] for s in chart["formatted_content"]["series"]] == ["Q1", "Q2"]
    by_blank = await formatted({"data": PIVOT, "output_format": "table", "sort_by": "Column 1", "sort_order": "desc"})
    assert [r[0] for r in by_blank["formatted_content"]["rows"]] == ["South", "North"]
