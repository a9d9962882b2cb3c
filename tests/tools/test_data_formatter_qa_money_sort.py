"""QA defects in data_formatter's reading of the data: `$` written into columns that are not money (a substring
match found "fee" in "Feedback" and "Coffees", "cost" in "Cost center") and over the currency the header names;
JSON `1e3` shown as `1000.0`; a descending sort putting `n/a` and blanks first."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from bridge.tools.formatting.money import currency_of
from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

QA_COLUMNS = "Name,Feedback score,Coffees per day,Total votes,Cost center\nAda,4,3,1200,4410\nBo,5,2,1,3"


async def test_columns_that_are_not_money_get_no_dollar(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("WORD_BRIDGE_CURRENCY", raising=False)
    async with Client(server()) as client:
        table = await call(client, {"data": QA_COLUMNS, "output_format": "table"})
        summary = await call(client, {"data": QA_COLUMNS, "output_format": "summary"})
    assert table["formatted_content"]["rows"][0] == ["Ada", "4", "3", "1200", "4410"]
    assert table["word_op"]["args"]["ops"][0]["args"]["data"][1] == ["Ada", "4", "3", "1200", "4410"]
    text = summary["formatted_content"]["text"]
    assert "Feedback score: from 4 to 5, mean 4.5, total 9" in text and "$" not in text


@pytest.mark.parametrize(("header", "shown"), [
    ("Price (EUR)", "€10"), ("Cost in GBP", "£10"), ("Price (CHF)", "CHF 10"), ("Value (€)", "€10"),
    ("unit_price_eur", "€10"), ("Price in euros", "€10"), ("Price (USD)", "$10"), ("Price", "$10"),
])
async def test_the_currency_is_the_one_the_header_names(monkeypatch: pytest.MonkeyPatch, header: str, shown: str):
    monkeypatch.delenv("WORD_BRIDGE_CURRENCY", raising=False)
    async with Client(server()) as client:
        table = await call(client, {"data": f"Item,{header}\nA,10\nB,-3", "input_format": "csv",
                                    "output_format": "table"})
        listed = await call(client, {"data": f"Item,{header}\nA,10\nB,-3", "input_format": "csv",
                                     "output_format": "list"})
    rows = table["formatted_content"]["rows"]
    assert rows[0][1] == shown and rows[1][1] == "-" + shown.replace("10", "3")
    assert listed["formatted_content"]["items"][0] == f"Item: A, {table['formatted_content']['headers'][1]}: {shown}"


async def test_a_named_currency_wins_over_the_configured_one(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORD_BRIDGE_CURRENCY", "$")
    async with Client(server()) as client:
        found = await call(client, {"data": "Item,Price (EUR),Price\nA,10,10", "output_format": "table"})
    assert found["formatted_content"]["rows"] == [["A", "€10", "$10"]]


@pytest.mark.parametrize(("header", "currency"), [
    ("Feedback score", None), ("Coffees per day", None), ("Total votes", None), ("Cost center", None),
    ("Fee rate (%)", None), ("Price (cents)", None), ("Item count", None), ("Euro zone population", None),
    ("Total", None), ("Fees", "$"), ("totalCost", "$"), ("Salary", "$"), ("Budget (GBP)", "£"), ("Total ($)", "$"),
])
def test_money_columns_are_found_by_whole_words(monkeypatch: pytest.MonkeyPatch, header: str, currency: str | None):
    monkeypatch.delenv("WORD_BRIDGE_CURRENCY", raising=False)
    assert currency_of(header) == currency


async def test_json_numbers_keep_their_written_form():
    data = json.dumps([{"name": "A", "salary": 1}]).replace("1}", "1e3, \"rate\": 19.90, \"small\": 2.5e-3}")
    async with Client(server()) as client:
        table = await call(client, {"data": data, "output_format": "table"})
        records = await call(client, {"data": data, "output_format": "structured"})
    assert table["formatted_content"]["rows"] == [["A", "$1000", "19.90", "0.0025"]]
    assert records["formatted_content"]["records"][0]["Salary"] == "$1000"


@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_non_numbers_and_blanks_sort_last_in_a_numeric_column(order: str):
    data = json.dumps([{"k": "x", "v": 3}, {"k": "y", "v": ""}, {"k": "z", "v": "n/a"}, {"k": "w", "v": 10},
                       {"k": "q", "v": " "}, {"k": "p", "v": None}, {"k": "r", "v": "1,200"}])
    async with Client(server()) as client:
        found = await call(client, {"data": data, "output_format": "table", "sort_by": "v", "sort_order": order})
    values = [r[1] for r in found["formatted_content"]["rows"]]
    numbers = ["3", "10", "1,200"] if order == "asc" else ["1,200", "10", "3"]
    assert values == [*numbers, "n/a", "", " ", ""]


async def test_csv_blanks_and_text_sort_last_descending():
    async with Client(server()) as client:
        found = await call(client, {"data": "A,V\nx,3\ny,\nz,n/a\nw,10", "output_format": "table", "sort_by": "V",
                                    "sort_order": "desc"})
    assert [r[1] for r in found["formatted_content"]["rows"]] == ["10", "3", "n/a", ""]
