"""Rewriting a block or an anchor twice end to end: MCP → bridge → the pane in Chromium → Word.

A replace through a readDocument block id leaves the id on all it wrote, so the next replace rewrites all of it;
an anchor replaced by markdown keeps wrapping every block; text before/after an anchor stays outside it; a
newParagraph replace of a whole paragraph leaves no empty paragraph. On Word on the web, when configured, these
check what the simulator models: how Word moves ranges and content controls.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Word
from tests.e2e.test_ops_e2e import find, run_ok, texts

pytestmark = pytest.mark.e2e


def block_id(word: Word, index: int) -> str:
    blocks = run_ok(word, "readDocument", format="structure", includeRangeIds=True)["blocks"]
    return str(blocks[index]["rangeId"])


def anchor_texts(word: Word) -> list[str]:
    return [a["text"] for a in run_ok(word, "anchor.list")["anchors"]]


def test_a_block_rewritten_twice_through_its_id(word: Word) -> None:
    word.set_text("Title line\nOriginal paragraph two.\nClosing line")
    block = block_id(word, 1)
    run_ok(word, "insertText", scope=f"rangeId:{block}", location="replace", text="Part A.\nPart B.")
    run_ok(word, "insertText", scope=f"rangeId:{block}", location="replace", text="Short version.")
    assert texts(word) == ["Title line", "Short version.", "Closing line"]
    run_ok(word, "insertMarkdown", scope=f"rangeId:{block}", location="replace", markdown="Markdown X\n\nMarkdown Y")
    run_ok(word, "replace", target=f"rangeId:{block}", replaceWith="Final.")
    assert texts(word) == ["Title line", "Final.", "Closing line"]


def test_an_anchor_rewritten_by_markdown_twice(word: Word) -> None:
    word.set_text("Intro\nOutro")
    section = run_ok(word, "insertMarkdown", scope=f"rangeId:{find(word, 'Intro')}", location="after",
                     markdown="Section A1\n\nSection A2")["rangeId"]
    anchor = run_ok(word, "anchor.create", scope=f"rangeId:{section}", name="section")["scope"]
    run_ok(word, "insertMarkdown", scope=anchor, location="replace", markdown="New A1\n\nNew A2\n\nNew A3")
    assert anchor_texts(word) == ["New A1\nNew A2\nNew A3"]
    run_ok(word, "insertMarkdown", scope=anchor, location="replace", markdown="Final B1\n\nFinal B2")
    assert texts(word) == ["Intro", "Final B1", "Final B2", "Outro"]
    assert anchor_texts(word) == ["Final B1\nFinal B2"]


def test_text_before_and_after_an_anchor_stays_outside_it(word: Word) -> None:
    word.set_text("Total: 100 EUR today")
    anchor = run_ok(word, "anchor.create", scope=f"rangeId:{find(word, '100')}")["scope"]
    run_ok(word, "insertText", scope=anchor, location="after", text=" (net)")
    run_ok(word, "insertText", scope=anchor, location="before", text="approx. ")
    assert anchor_texts(word) == ["100"]
    run_ok(word, "insertText", scope=anchor, location="replace", text="120")
    assert texts(word) == ["Total: approx. 120 (net) EUR today"]


def test_a_paragraph_replaced_by_a_new_paragraph_leaves_none_empty(word: Word) -> None:
    word.set_text("Intro\nOld paragraph\nOutro")
    run_ok(word, "insertText", scope=f"rangeId:{find(word, 'Old paragraph')}", location="replace",
           text="New paragraph", newParagraph=True)
    assert texts(word) == ["Intro", "New paragraph", "Outro"]
