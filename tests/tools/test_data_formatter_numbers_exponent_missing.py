"""QA (README literally): a CSV number written `1e3` is a number, 1000, as JSON's is (it sorted last as text and got
no `$`); `n/a` sorts after every value, before the blanks, in both orders, in a column of numbers with an exponent
and in a text column (it sorted first descending, or alphabetically)."""

from __future__ import annotations

import pytest
from mcp import Client

from bridge.tools.formatting.tables import number
from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

QA_SALARIES = "Item,Salary\nA,1e3\nC,200\nE,50"


async def test_a_csv_exponent_is_a_number_that_sorts_and_reads_as_json_numbers_do(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("WORD_BRIDGE_CURRENCY", raising=False)
    async with Client(server()) as client:
        found = await call(client, {"data": QA_SALARIES, "sort_by": "Salary", "sort_order": "desc"})
        summary = await call(client, {"data": QA_SALARIES, "output_format": "summary"})
    assert found["formatted_content"]["rows"] == [["A", "$1000"], ["C", "$200"], ["E", "$50"]]
    assert found["word_op"]["args"]["ops"][0]["args"]["data"][1] == ["A", "$1000"]
    assert "Salary: from $50 to $1000, mean $416.67, total $1250" in summary["formatted_content"]["text"]


@pytest.mark.parametrize(("written", "value"), [("1e3", 1000.0), ("2.5E-3", 0.0025), ("-1e2", -100.0),
                                                 (".5e1", 5.0), ("1e400", None), ("1e", None), ("e3", None),
                                                 ("1,000e3", None), ("1.e3", None)])
def test_which_texts_are_numbers_with_an_exponent(written: str, value: float | None):
    assert number(written) == value


async def test_an_exponent_in_a_text_column_stays_as_written():
    async with Client(server()) as client:
        found = await call(client, {"data": "Code,Name\n1E5,a\nAB7,b\nXY9,c", "output_format": "table"})
    assert [r[0] for r in found["formatted_content"]["rows"]] == ["1E5", "AB7", "XY9"]


@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_n_a_sorts_last_beside_numbers_with_an_exponent(order: str):
    async with Client(server()) as client:
        found = await call(client, {"data": "K,V\nx,1e3\ny,n/a\nz,200\nw,", "sort_by": "V", "sort_order": order})
    numbers = ["200", "1000"] if order == "asc" else ["1000", "200"]
    assert [r[1] for r in found["formatted_content"]["rows"]] == [*numbers, "n/a", ""]


@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_n_a_sorts_last_in_a_text_column(order: str):
    async with Client(server()) as client:
        found = await call(client, {"data": "K,Team\nx,Zeta\ny,N/A\nz,\nw,Alpha\nv,Omega\nu,n/a",
                                    "sort_by": "Team", "sort_order": order})
    names = ["Alpha", "Omega", "Zeta"] if order == "asc" else ["Zeta", "Omega", "Alpha"]
    assert [r[1] for r in found["formatted_content"]["rows"]] == [*names, "N/A", "n/a", ""]


@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_many_n_a_do_not_make_a_column_of_numbers_text(order: str):
    async with Client(server()) as client:
        found = await call(client, {"data": "K,V\na,n/a\nb,100\nc,n/a\nd,n/a\ne,5", "sort_by": "V",
                                    "sort_order": order})
    numbers = ["5", "100"] if order == "asc" else ["100", "5"]
    assert [r[1] for r in found["formatted_content"]["rows"]] == [*numbers, "n/a", "n/a", "n/a"]
