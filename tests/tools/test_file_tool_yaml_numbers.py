"""A YAML file's numbers read as the file writes them, by the rule a CSV cell follows (QA: `price: 1.50` came out
1.5 in a Word table, where the same CSV cell stays `1.50`). A plain scalar is a number only when that number's
JSON text is exactly the scalar (`1.5`, `-0.25`, `12`); `1.50`, `12.00`, `1.0` and `2e3` stay the text they are,
which data_formatter still reads as numbers (sorting, summaries)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from bridge.tools.file_tool.formats import parse_file
from bridge.word.remote import mcp_client
from tests.support import FakePane
from tests.tools.test_data_formatter import call, server
from tests.tools.test_file_tool_bridge import NAME, bridge, table_pane, word_call

pytestmark = pytest.mark.anyio
__all__ = ["bridge"]  # the fixture used below

PRICES = "- item: Pen\n  price: 1.50\n- item: Ink\n  price: 12.00\n- item: Pad\n  price: 0.5\n"
PRICES_CSV = "item,price\nPen,1.50\nInk,12.00\nPad,0.5\n"


def value(text: str, name: str) -> Any:
    return parse_file(text.encode(), name, 1 << 20).value


def test_yaml_numbers_keep_their_text_as_csv_cells_do() -> None:
    yaml_records = value(PRICES, "prices.yaml")
    assert yaml_records == value(PRICES_CSV, "prices.csv")
    assert yaml_records == [{"item": "Pen", "price": "1.50"}, {"item": "Ink", "price": "12.00"},
                            {"item": "Pad", "price": 0.5}]
    assert value("n: [1.5, -0.25, 12, 1.0, 2e3, 1.50e2, 0.10]\n", "x.yaml") == {
        "n": [1.5, -0.25, 12, "1.0", "2e3", "1.50e2", "0.10"]}


async def word_table_data(bridge: Any, folder: Path, name: str, text: str) -> list[list[Any]]:
    """The `data` of the table.create op a file `name` holding `text` sends the pane through editTask."""
    (folder / name).write_text(text)
    pane = await FakePane(bridge, title="Prices.docx", handler=table_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, word_call(name, scope="document", location="end"))
    finally:
        await pane.close()
    assert not result.is_error, result.content
    data: list[list[Any]] = pane.received[0]["op"]["args"]["data"]
    return data


async def test_a_yaml_file_fills_a_word_table_as_written(bridge, tmp_path: Path) -> None:
    assert await word_table_data(bridge, tmp_path, "prices.yaml", PRICES) == [
        ["item", "price"], ["Pen", "1.50"], ["Ink", "12.00"], ["Pad", "0.5"]]


async def test_the_numbers_still_sort_and_sum_as_numbers() -> None:
    rows = '[{"item":"Pen","weight":"1.50"},{"item":"Ink","weight":"12.00"},{"item":"Pad","weight":0.5}]'
    async with Client(server()) as client:
        table = await call(client, {"data": rows, "output_format": "table", "sort_by": "weight", "sort_order": "desc"})
        summary = await call(client, {"data": rows, "output_format": "summary"})
    assert [r[1] for r in table["formatted_content"]["rows"]] == ["12.00", "1.50", "0.5"]
    assert "Weight: from 0.5 to 12.00, mean 4.67, total 14" in summary["formatted_content"]["text"]
