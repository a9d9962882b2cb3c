"""A column of numbers with a missing value (`n/a`, `N/A`, `NA`, `-`, `—`, a blank) is a column of numbers in every
output format, as it is for sorting: `chart` drew nothing ("No numeric data to chart"), `summary` and `structured`
called Price text while its cells read `$1200`. The missing value is no value: not charted, not counted."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

MISSING_WRITTEN = ["n/a", "N/A", "NA", "-", "—", " "]


def products(missing: str) -> str:
    return ("Product,Price,Category\nLaptop,1200,Electronics\nDesk,300,Furniture\nBook,25,Education\n"
            f"Pen,{missing},Office")


@pytest.mark.parametrize("missing", MISSING_WRITTEN)
async def test_a_missing_price_leaves_a_column_of_numbers(missing: str) -> None:
    data = products(missing)
    async with Client(server()) as client:
        chart = await call(client, {"data": data, "output_format": "chart"})
        summary = await call(client, {"data": data, "output_format": "summary"})
        structured = await call(client, {"data": data, "output_format": "structured"})
        table = await call(client, {"data": data, "output_format": "table", "sort_by": "Price"})
    assert chart["formatted_content"]["labels"] == ["Laptop", "Desk", "Book", "Pen"]
    assert chart["formatted_content"]["series"] == [{"name": "Price", "values": [1200.0, 300.0, 25.0, None]}]
    (price,) = [f for f in summary["formatted_content"]["fields"] if f["name"] == "Price"]
    assert price == {"name": "Price", "count": 3, "distinct": 3, "type": "number", "min": 25.0, "max": 1200.0,
                     "mean": 508.33, "sum": 1525.0}
    assert "Price: from $25 to $1200, mean $508.33, total $1525" in summary["formatted_content"]["text"]
    assert {"name": "Price", "type": "number"} in structured["formatted_content"]["fields"]
    assert [r[1] for r in table["formatted_content"]["rows"]] == ["$25", "$300", "$1200", missing.strip()]


async def test_a_missing_value_is_no_value_in_a_text_column_either() -> None:
    data = "Name,Team\nAna,Red\nBo,n/a\nCy,Red\nDi,-"
    async with Client(server()) as client:
        summary = await call(client, {"data": data, "output_format": "summary"})
    (team,) = [f for f in summary["formatted_content"]["fields"] if f["name"] == "Team"]
    assert team == {"name": "Team", "count": 2, "distinct": 1, "type": "text", "top_values": ["Red"]}


async def test_a_column_of_missing_values_only_is_not_numbers() -> None:
    async with Client(server()) as client:
        structured = await call(client, {"data": "Name,Score\nAna,n/a\nBo,-", "output_format": "structured"})
    assert {"name": "Score", "type": "text"} in structured["formatted_content"]["fields"]
