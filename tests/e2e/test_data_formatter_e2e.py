"""data_formatter's `word_op`, passed unchanged to editTask as its description says, end to end: MCP over HTTPS →
the bridge → WSS → the real pane in Chromium → the simulated Word. The person's selected text stays; the list,
table, chart or summary goes after it."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.remote import mcp_client
from tests.e2e.conftest import Word, sim_only

pytestmark = [pytest.mark.e2e, sim_only("selects text through the simulator's select()")]

PRODUCTS = "Product,Price\nLaptop,1200\nDesk,300"


def format_and_insert(word: Word, output_format: str) -> dict[str, Any]:
    """data_formatter, then editTask with `meta` = its word_op; the editTask envelope."""
    async def run() -> dict[str, Any]:
        async with mcp_client(word.server.config) as client:
            formatted = await client.call_tool("data_formatter", {"data": PRODUCTS, "output_format": output_format})
            assert not formatted.is_error, formatted.content
            op = (formatted.structured_content or {})["word_op"]
            result = await client.call_tool("editTask", {"content": f"insert the {output_format}",
                                                         "document": word.document_id, "meta": op})
            return dict(result.structured_content or {})
    return dict(word.loop.run(run(), timeout=120))


def texts(word: Word) -> list[str]:
    return [b["text"] if b["type"] == "paragraph" else "<table>" for b in word.snapshot()["blocks"]]


@pytest.mark.parametrize("output_format", ["list", "summary", "structured"])
def test_markdown_goes_after_the_selection(word, output_format):
    word.set_text("Intro\nKeep this sentence.\nOutro")
    word.page.evaluate("window.wordSim.select('Keep this sentence.')")
    result = format_and_insert(word, output_format)
    assert result["ok"] is True, result
    lines = texts(word)
    assert lines[:2] == ["Intro", "Keep this sentence."] and lines[-1] == "Outro"
    assert len(lines) > 3
    if output_format == "list":
        assert lines[2:4] == ["Product: Laptop, Price: $1200", "Product: Desk, Price: $300"]


def test_the_table_goes_after_the_selection(word):
    word.set_text("Intro\nKeep this sentence.\nOutro")
    word.page.evaluate("window.wordSim.select('this')")
    result = format_and_insert(word, "table")
    assert result["ok"] is True, result
    assert texts(word) == ["Intro", "Keep this sentence.", "<table>", "Outro"]
    table = next(b for b in word.snapshot()["blocks"] if b["type"] == "table")
    assert table["values"] == [["Product", "Price"], ["Laptop", "$1200"], ["Desk", "$300"]]


def picture_runs(block: dict[str, Any]) -> list[dict[str, Any]]:
    return [run for run in block.get("runs", []) if run.get("type") == "picture"]


@pytest.mark.parametrize("selected", ["Keep this sentence.", "this"])
def test_the_chart_goes_after_the_selection_in_a_paragraph_of_its_own(word, selected):
    word.set_text("Intro\nKeep this sentence.\nOutro")
    word.page.evaluate(f"window.wordSim.select({selected!r})")
    before = word.sync_count()
    result = format_and_insert(word, "chart")
    assert result["ok"] is True, result
    assert word.sync_count() - before <= 2
    blocks = word.snapshot()["blocks"]
    assert [b["text"] for b in blocks] == ["Intro", "Keep this sentence.", "", "Outro"]
    assert picture_runs(blocks[1]) == []  # the selected paragraph is as it was
    (picture,) = picture_runs(blocks[2])
    assert picture["altText"].startswith("Bar chart: Price by Product")


def test_the_chart_after_a_selected_title_leaves_the_title_alone(word):
    word.set_text("Quarterly Report\nSales went up.")
    rid = word.op("search", query="Quarterly Report")["data"]["results"][0]["rangeId"]
    assert word.op("applyStyle", scope=f"rangeId:{rid}", namedStyle="Title")["ok"] is True
    word.page.evaluate("window.wordSim.select('Quarterly Report')")
    assert format_and_insert(word, "chart")["ok"] is True
    markdown = word.op("readDocument", format="markdown")["data"]["markdown"]
    title, picture, rest = markdown.split("\n\n")
    assert title == "Quarterly Report\n================"
    assert picture.startswith("![Bar chart: Price by Product]") and rest == "Sales went up."
