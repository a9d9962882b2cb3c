"""text_processor's offline `format` and `correct` keep tabs: a tab separates the cells of a table's text (a
pasted TSV, the text readDocument gives for a table), so an empty cell is two tabs in a row or a tab at either end.
QA: `South\\t\\t9` came back as `South 9` (repeated spaces *and tabs* collapsed; trailing tabs and tabs before
punctuation removed), and `Yes\\tYes` (two cells) as `Yes` (a "doubled word")."""

from __future__ import annotations

import pytest
from mcp import Client

from bridge.tools.analysis.rewrite import format_text
from bridge.tools.analysis.spelling import correct_text
from tests.tools.test_text_processor import call, no_endpoint, server  # noqa: F401 - no_endpoint is a fixture

pytestmark = pytest.mark.anyio


async def test_format_keeps_the_qa_tables_empty_cell(no_endpoint):  # noqa: F811 - the fixture
    text = "Name\tQ1\tQ2\nNorth\t10\t12\nSouth\t\t9"
    async with Client(server()) as client:
        found = await call(client, {"text": text, "operation": "format"})
    assert found["processed_text"] == text and found["changes"] == []


@pytest.mark.parametrize("style", ["formal", "casual", "academic", "business", "creative"])
def test_format_keeps_every_tab_of_a_read_table(style: str):
    read_table = "\tQ1\tQ2\tNorth\t10\t\tSouth\t--\t9\t"  # readDocument's text of a 3×3 table: cells joined by tabs
    processed, _ = format_text(read_table, style)
    assert processed.count("\t") == read_table.count("\t")
    assert processed.split("\t")[:6] == ["", "Q1", "Q2", "North", "10", ""]
    assert processed.endswith("\t")


def test_format_still_tidies_spaces_around_tabs():
    processed, changes = format_text("North  \t10   apples .\t \nSouth\t9  ", "casual")
    assert processed == "North \t10 apples.\t\nSouth\t9"
    assert "Collapsed repeated spaces (3)" in changes and "Removed trailing spaces (1)" in changes


def test_correct_does_not_merge_equal_cells():
    found = correct_text("Answer\tYes\tYes\nMaybe\tNo\tNo\nIt is is done", "en")
    processed, corrections = found.text, found.corrections
    assert processed == "Answer\tYes\tYes\nMaybe\tNo\tNo\nIt is done"
    assert corrections == [{"original": "is is", "correction": "is"}]
