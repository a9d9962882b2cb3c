"""The QA case end to end: a batch whose second op targets `"$0.results[0].rangeId"` (a list item by index in
brackets) runs through MCP → bridge → WSS → the real pane → Word, like `$0.results.0.rangeId`."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Word

pytestmark = pytest.mark.e2e


def test_a_bracketed_index_reaches_the_search_result(word: Word) -> None:
    word.set_text("alpha beta gamma")
    result = word.op("batch", ops=[
        {"op": "search", "args": {"query": "beta"}},
        {"op": "insertText", "args": {"text": "BETA", "scope": "$0.results[0].rangeId", "location": "replace"}},
    ])
    assert result["ok"] is True, result
    assert [b.get("text") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"] == ["alpha BETA gamma"]


def test_a_doubled_dollar_reaches_word_as_one_dollar(word: Word) -> None:
    """The server keeps the escape as written and the pane writes it as text: `$$0.length` inserts `$0.length`."""
    word.set_text("")
    result = word.op("batch", ops=[
        {"op": "insertText", "args": {"text": "alpha", "scope": "document", "location": "end"}},
        {"op": "insertText", "args": {"text": " $$0.length [$$$0.length]", "scope": "document", "location": "end"}},
    ])
    assert result["ok"] is True, result
    assert [b.get("text") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"] == ["alpha $0.length [$5]"]
