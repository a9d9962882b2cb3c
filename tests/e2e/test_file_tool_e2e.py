"""call_tool_with_file_content end to end: an MCP client names a CSV file; the bridge reads it, puts its records into
a table.create envelope (`data_key: meta.args.data`) and runs its own editTask in process → WSS → the real pane in
Chromium → the simulated Word. The table is read back from `window.wordSim.snapshot()`, on both profiles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.word.remote import mcp_client
from tests.e2e.conftest import Word

pytestmark = pytest.mark.e2e

PEOPLE = "name,email,age\nJohn,john@example.com,30\nJane,jane@example.com,25\n"


@pytest.fixture
def allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))  # read at call time by the bridge's thread
    return tmp_path


def call_file_tool(word: Word, arguments: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with mcp_client(word.server.config) as client:
            return await client.call_tool("call_tool_with_file_content", arguments)
    return word.loop.run(run(), timeout=120)


def table_args(word: Word, file_path: str, **args: Any) -> dict[str, Any]:
    return {"server": "word", "tool_name": "editTask", "file_path": file_path, "data_key": "meta.args.data",
            "tool_args": {"content": "People from people.csv", "document": word.document_id,
                          "meta": {"type": "word.op", "op": "table.create", "version": "1.0", "args": args}}}


def tables(word: Word) -> list[dict[str, Any]]:
    return [b for b in word.snapshot()["blocks"] if b["type"] == "table"]


def test_a_csv_file_becomes_a_table(word, allowed):
    (allowed / "people.csv").write_text(PEOPLE)
    word.set_text("Team")
    before = word.sync_count()
    result = call_file_tool(word, table_args(word, "people.csv"))  # args: {} — `data` lands in a created `args`
    assert not result.is_error, result.content
    envelope = json.loads(result.content[0].text)["structuredContent"]
    assert envelope["ok"] is True and envelope["data"]["tableId"].startswith("tbl_")
    assert word.sync_count() - before <= 2
    (table,) = tables(word)
    assert table["rowCount"] == 3 and table["columnCount"] == 3
    assert table["values"] == [["name", "email", "age"], ["John", "john@example.com", "30"],
                               ["Jane", "jane@example.com", "25"]]
    assert table.get("headerRowCount", 1) == 1


def test_five_thousand_rows(word, allowed):
    if word.profile != "web":
        pytest.skip("one profile is enough for the size check")
    lines = ["id,name,amount"] + [f"{i},Customer {i},{i * 2}" for i in range(5000)]
    (allowed / "big.csv").write_text("\n".join(lines) + "\n")
    word.set_text("")
    before = word.sync_count()
    result = call_file_tool(word, {**table_args(word, "big.csv", scope="document", location="end"),
                                   "output_format": "string"})
    assert not result.is_error, result.content
    assert word.sync_count() - before <= 2
    (table,) = tables(word)
    assert table["rowCount"] == 5001 and table["values"][5000] == ["4999", "Customer 4999", "9998"]


def test_a_bad_file_changes_nothing(word, allowed):
    (allowed / "bad.csv").write_text("name,age\nAda,36,extra\n")
    word.set_text("Untouched")
    before = word.sync_count()
    result = call_file_tool(word, {**table_args(word, "bad.csv"), "output_format": "string"})
    assert result.is_error
    assert result.content[0].text == ("Error in call_tool_with_file_content: Failed to parse CSV file: Invalid format "
                                      "at line 2: 3 field(s) where the header has 2")
    assert word.sync_count() == before and tables(word) == []


def test_numbers_reach_the_table_as_written(word, allowed):
    """QA: cells `19.90, 1.0, 1e3, 0.50, +5, -0, 1.000` showed as `19.9, 1, 1000, 0.5, 5, 0, 1` in the Word table
    (a European "1.000", one thousand, became 1)."""
    cells = ["19.90", "1.0", "1e3", "0.50", "+5", "-0", "1.000", "30", "2.5"]
    (allowed / "prices.csv").write_text(",".join(f"c{i}" for i in range(len(cells))) + "\n" + ",".join(cells) + "\n")
    word.set_text("")
    result = call_file_tool(word, {**table_args(word, "prices.csv", scope="document", location="end"),
                                   "output_format": "string"})
    assert not result.is_error, result.content
    (table,) = tables(word)
    assert table["values"][1] == cells
