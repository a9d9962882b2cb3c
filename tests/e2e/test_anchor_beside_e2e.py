"""Content put before/after an anchor stays outside it end to end: MCP → bridge → the pane in Chromium → Word.

Linked text and a table written next to an anchor survive the anchor's next replace (the pane writes at its
content control's Before/After points and through ContentControl.insertTable). On Word on the web, when configured,
this checks what the simulator models.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Word
from tests.e2e.test_ops_e2e import find, run_ok, tables, texts

pytestmark = pytest.mark.e2e


def anchor_texts(word: Word) -> list[str]:
    return [a["text"] for a in run_ok(word, "anchor.list")["anchors"]]


def test_linked_text_and_a_table_next_to_an_anchor_stay_outside_it(word: Word) -> None:
    word.set_text("Total: 100 EUR today")
    anchor = run_ok(word, "anchor.create", scope=f"rangeId:{find(word, '100')}")["scope"]
    run_ok(word, "hyperlink.set", scope=anchor, location="before", text="approx. ", url="https://example.com/a")
    run_ok(word, "hyperlink.set", scope=anchor, location="after", text=" net", url="https://example.com/n")
    assert anchor_texts(word) == ["100"]
    run_ok(word, "insertText", scope=anchor, location="replace", text="120")
    assert texts(word) == ["Total: approx. 120 net EUR today"]
    run_ok(word, "table.create", scope=anchor, location="after", rows=1, cols=1, data=[["T"]])
    run_ok(word, "insertText", scope=anchor, location="replace", text="130")
    assert anchor_texts(word) == ["130"]
    assert [t["values"] for t in tables(word)] == [[["T"]]]
