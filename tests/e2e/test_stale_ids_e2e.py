"""Ids whose text an op removed or replaced answer E_NOT_FOUND end to end (MCP over HTTPS → bridge → the pane →
Word), instead of writing where the text used to be.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Word, op_data

pytestmark = pytest.mark.e2e


def texts(word: Word) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def test_a_hit_in_a_removed_paragraph_and_hits_a_replace_took_are_gone(word):
    word.set_text("Intro\nThe vendor shipped late.\nConclusion\nDue December 2024.")
    vendor = op_data(word, "search", query="vendor")["results"][0]["rangeId"]
    read = op_data(word, "readDocument", format="structure", includeRangeIds=True)
    op_data(word, "insertText", scope=f"rangeId:{read['blocks'][1]['rangeId']}", text="")
    gone = word.op("insertText", scope=f"rangeId:{vendor}", text="ZZZ", location="replace")
    assert gone["ok"] is False and gone["code"] == "E_NOT_FOUND", gone
    assert "its text was removed or replaced" in gone["diagnostics"][0]["msg"]

    year = op_data(word, "search", query="2024")["results"][0]["rangeId"]
    op_data(word, "replace", query="2024", replaceWith="2026")
    for op, args in (("applyStyle", {"char": {"bold": True}}), ("insertText", {"text": "(est.) ", "location": "before"})):
        refused = word.op(op, scope=f"rangeId:{year}", **args)
        assert refused["ok"] is False and refused["code"] == "E_NOT_FOUND", refused
        assert "search for it" in refused["diagnostics"][0]["msg"]
    assert texts(word) == ["Intro", "Conclusion", "Due December 2026."]
