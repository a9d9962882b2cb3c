"""insertBreak and hyperlink.set end to end, checked through the bridge's own readDocument (so the same checks
hold on Word on the web) and, on the playground, against the simulated document."""

from __future__ import annotations


import pytest

from tests.e2e.conftest import Word, op_data as ok

pytestmark = pytest.mark.e2e



def test_a_link_on_existing_text_and_an_inserted_link(word: Word) -> None:
    word.set_text("Read the guide today.\nContact: ")
    hit = ok(word, "search", query="the guide")["results"][0]
    linked = ok(word, "hyperlink.set", scope=f"rangeId:{hit['rangeId']}", url="https://example.com/guide")
    assert linked["text"] == "the guide"
    ok(word, "hyperlink.set", scope="document", location="end", url="mailto:help@example.com", text="help desk")
    markdown = ok(word, "readDocument", format="markdown")["markdown"]
    assert "Read [the guide](https://example.com/guide) today." in markdown
    assert "[help desk](mailto:help@example.com)" in markdown
    # Refusals reach the client typed, before anything is sent to Word.
    result = word.op("hyperlink.set", scope="document", url="javascript:alert(1)")
    assert result["ok"] is False and result["code"] == "E_INVALID_ARG"
    assert result["diagnostics"][0]["field"] == "args.url"


def test_page_and_line_breaks(word: Word) -> None:
    word.set_text("Chapter one\nChapter two")
    hit = ok(word, "search", query="Chapter two")["results"][0]
    ok(word, "insertBreak", type="page", scope=f"rangeId:{hit['rangeId']}", location="before")
    ok(word, "insertBreak", type="line", scope="document", location="end")
    if word.simulated:
        texts = [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]
        assert texts == ["Chapter one", "\fChapter two\v"]
    # readDocument shows a page break as a form feed (markdown: a comment) and line breaks as new lines.
    text = ok(word, "readDocument", format="text")["text"]
    assert "\f" in text and text.replace("\f", "").startswith("Chapter one\nChapter two")
    markdown = ok(word, "readDocument", format="markdown")["markdown"]
    assert "<!-- page break -->" in markdown
    if word.simulated:
        assert text.startswith("Chapter one\n\fChapter two")


def test_a_tracked_link_insertion_can_be_rejected(word: Word) -> None:
    word.set_text("Sources: ")
    ok(word, "hyperlink.set", scope="document", location="end", url="https://example.org", text="example",
       trackChanges=True)
    changes = ok(word, "trackChanges.list")["changes"]
    assert [(c["type"], c["text"]) for c in changes] == [("added", "example")]
    ok(word, "trackChanges.reject", all=True)
    assert ok(word, "readDocument", format="text")["text"] == "Sources: "
