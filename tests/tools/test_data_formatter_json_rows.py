"""data_formatter with JSON rows (a list of lists), read as the CSV path reads rows: the first row is the header when
it holds names (text; an empty cell, "" or null, stays an empty header cell as a CSV's does), whatever the rows
under it hold, so all-text rows take their first row as the header too, as a CSV does. A first row with a number
or a nested value is data (`Column <n>` headers). QA: rows wrapped in an object (`{"rows": [[...]]}`) became one
column of JSON text, the header row among the data; they are unwrapped as records in an object are."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from bridge.tools.formatting.tables import parse
from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

ROWS = '[["Name","Age"],["Ann",3],["Bo",5]]'


async def formatted(args: dict[str, Any]) -> dict[str, Any]:
    async with Client(server()) as client:
        return await call(client, args)


@pytest.mark.parametrize("data", [ROWS, '{"rows": ' + ROWS + "}", '{"data": ' + ROWS + "}"])
@pytest.mark.parametrize("output_format", ["table", "structured", "summary", "list", "chart"])
async def test_the_first_row_of_names_is_the_header(data: str, output_format: str) -> None:
    found = await formatted({"data": data, "output_format": output_format})
    content = found["formatted_content"]
    if output_format == "table":
        assert content["headers"] == ["Name", "Age"] and content["rows"] == [["Ann", "3"], ["Bo", "5"]]
    elif output_format == "structured":
        assert content["records"] == [{"Name": "Ann", "Age": "3"}, {"Name": "Bo", "Age": "5"}]
    elif output_format == "summary":
        assert content["text"].startswith("2 record(s) with 2 field(s) (Name, Age).")
    elif output_format == "list":
        assert content["items"] == ["Name: Ann, Age: 3", "Name: Bo, Age: 5"]
    else:
        assert content["labels"] == ["Ann", "Bo"] and content["series"][0]["name"] == "Age"


def test_rows_all_of_text_take_the_first_as_the_header_as_csv_does() -> None:
    json_rows = parse('[["Name","City"],["Ann","Oslo"],["Bo","Rome"]]', "auto")[1]
    csv_rows = parse("Name,City\nAnn,Oslo\nBo,Rome\n", "auto")[1]
    assert json_rows.headers == csv_rows.headers == ["Name", "City"]
    assert json_rows.rows == csv_rows.rows == [["Ann", "Oslo"], ["Bo", "Rome"]]


def test_an_empty_header_cell_as_csv_has_it() -> None:
    for data in ('[[null,"Q1","Q2"],["North",10,12]]', '[["","Q1","Q2"],["North",10,12]]'):
        table = parse(data, "json")[1]
        assert table.headers == ["", "Q1", "Q2"] and table.rows == [["North", 10, 12]]
    assert parse(",Q1,Q2\nNorth,10,12\n", "csv")[1].headers == ["", "Q1", "Q2"]


@pytest.mark.parametrize(("data", "rows"), [
    ("[[2023,2024],[5,6]]", 2), ('[["Year",2024],["Sales",6]]', 2), ("[[null,null],[1,2]]", 2),
    ('[["Name","Age"]]', 1),  # one row: nothing under it to name
])
def test_a_first_row_that_is_data(data: str, rows: int) -> None:
    table = parse(data, "json")[1]
    assert table.headers == ["Column 1", "Column 2"] and len(table.rows) == rows
