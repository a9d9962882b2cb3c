"""A JSON file's numbers read as the file writes them, by the rule a CSV cell and a YAML scalar follow (QA: a JSON file's
`1.50` came out 1.5 in a Word table, where the same CSV cell stays `1.50`). A number stays a number when its JSON
text is exactly what the file wrote (`1.5`, `-0.25`, `12`); `1.50`, `1.0`, `2E3`, `1e3`, `-0`, integers a JavaScript
client would round and `1e400` (beyond the float range) stay the text they are, for every tool (the merged arguments
do not depend on the target, as for CSV and YAML). data_formatter still sorts and sums such text as numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.tools.file_tool.formats import parse_file
from bridge.tools.file_tool.merge import merge_file_data
from tests.tools.test_file_tool_bridge import bridge
from tests.tools.test_file_tool_yaml_numbers import word_table_data

pytestmark = pytest.mark.anyio
__all__ = ["bridge"]  # the fixture used below

PRICES = '[{"item": "Pen", "price": 1.50}, {"item": "Ink", "price": 12.00}, {"item": "Pad", "price": 0.5}]'


def value(text: str, name: str) -> Any:
    return parse_file(text.encode(), name, 1 << 20).value


def test_json_numbers_keep_their_text_as_csv_cells_and_yaml_scalars_do() -> None:
    records = value(PRICES, "prices.json")
    assert records == [{"item": "Pen", "price": "1.50"}, {"item": "Ink", "price": "12.00"},
                       {"item": "Pad", "price": 0.5}]
    assert records == value("item,price\nPen,1.50\nInk,12.00\nPad,0.5\n", "prices.csv")
    assert records == value("- item: Pen\n  price: 1.50\n- item: Ink\n  price: 12.00\n- item: Pad\n  price: 0.5\n",
                            "prices.yaml")
    found = value('{"n": [1.5, -0.25, 12, 0, 1.0, 2E3, 1e3, 1.50e2, 0.10, -0, 12345678901234567890, 1e400]}',
                  "n.json")
    assert found == {"n": [1.5, -0.25, 12, 0, "1.0", "2E3", "1e3", "1.50e2", "0.10", "-0", "12345678901234567890",
                           "1e400"]}
    assert isinstance(found["n"][2], int) and not isinstance(found["n"][0], str)


def test_a_txt_that_spells_json_follows_the_same_rule() -> None:
    assert value('[{"price": 1.50, "qty": 2}]', "prices.txt") == [{"price": "1.50", "qty": 2}]


def test_an_upstream_tool_gets_the_same_merged_arguments() -> None:
    """Upstream or this bridge's own tool: the parse does not depend on the target (as for CSV and YAML)."""
    merged = merge_file_data(value(PRICES, "prices.json"), "records", {"table": "products"})
    assert merged.arguments == {"table": "products", "records": [{"item": "Pen", "price": "1.50"},
                                                                 {"item": "Ink", "price": "12.00"},
                                                                 {"item": "Pad", "price": 0.5}]}


async def test_a_json_file_fills_a_word_table_as_written(bridge, tmp_path: Path) -> None:
    assert await word_table_data(bridge, tmp_path, "prices.json", PRICES) == [
        ["item", "price"], ["Pen", "1.50"], ["Ink", "12.00"], ["Pad", "0.5"]]
