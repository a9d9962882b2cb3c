"""A table reached through a range id is a block, end to end (MCP over HTTPS → bridge → the pane → Word): content
put before or after it through its id lands next to the table, and replacing it replaces the whole table, never
writing into its cells or deleting it silently.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Word, op_data

pytestmark = pytest.mark.e2e


def blocks(word: Word) -> list[Any]:
    return [b["values"] if b["type"] == "table" else b.get("text", "") for b in word.snapshot()["blocks"]]


def test_caption_paragraphs_around_a_table_through_its_range_id(word):
    word.set_text("Intro\nNext para")
    read = op_data(word, "readDocument", format="structure", includeRangeIds=True)
    result = word.op("batch", ops=[
        {"op": "table.create", "args": {"data": [["A", "B"], ["1", "2"]], "scope": f"rangeId:{read['blocks'][0]['rangeId']}",
                                        "location": "after"}},
        {"op": "insertMarkdown", "args": {"markdown": "*Table 1*: Values.", "scope": "rangeId:$0.rangeId", "location": "after"}},
        {"op": "insertText", "args": {"text": "Caption above", "scope": "rangeId:$0.rangeId", "location": "before",
                                      "newParagraph": True}},
    ])
    assert result["ok"] is True, result
    assert blocks(word) == ["Intro", "Caption above", [["A", "B"], ["1", "2"]], "Table 1: Values.", "Next para"]


def test_replacing_a_table_by_its_table_id_replaces_the_whole_table(word):
    word.set_text("Intro\nNext para")
    op_data(word, "table.create", data=[["A", "B"], ["1", "2"]], scope="document", location="end")
    op_data(word, "insertText", text="Outro", scope="document", location="end", newParagraph=True)
    read = op_data(word, "readDocument", format="structure", includeRangeIds=True)
    table_id = next(b["tableId"] for b in read["blocks"] if b["type"] == "table")
    data = op_data(word, "insertMarkdown", markdown="New paragraph\n\n| x | y |\n|---|---|\n| 1 | 2 |",
                   scope=f"rangeId:{table_id}", location="replace")
    assert data["blocks"] == 2
    after = blocks(word)
    assert [["A", "B"], ["1", "2"]] not in after
    assert after[:3] == ["Intro", "Next para", "New paragraph"] and after[-1] == "Outro"
    assert [["x", "y"], ["1", "2"]] in after
    # The returned rangeId is the new content; the table's id is gone.
    dry = op_data(word, "insertText", text="", scope=f"rangeId:{data['rangeId']}", location="end", dryRun=True)
    assert dry["targets"]["scope"]["text"].startswith("New paragraph")
    gone = word.op("insertText", text="Z", scope=f"rangeId:{table_id}", location="after")
    assert gone["ok"] is False and gone["code"] == "E_NOT_FOUND", gone
    assert "is gone" in gone["diagnostics"][0]["msg"]
