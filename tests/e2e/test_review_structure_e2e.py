"""Headers, footers, footnotes and endnotes end to end: through the MCP tool, the server's validation, the pane and
Word (the simulator on both profiles, or a real document).

Both simulator profiles offer WordApi 1.5 (notes) and 1.1 (headers and footers), so every step runs on both.
"""

from __future__ import annotations


import pytest

from tests.e2e.conftest import Word, op_data as ok

pytestmark = pytest.mark.e2e



def test_header_and_footer_text_and_markdown_read_back(word: Word) -> None:
    word.set_text("Quarterly report\nFigures follow.")
    done = ok(word, "headerFooter.set", text="ACME Corp — Confidential")
    assert done["kind"] == "header" and done["type"] == "primary" and done["text"] == "ACME Corp — Confidential"
    assert done["sections"] == list(range(done["sectionCount"]))
    ok(word, "headerFooter.set", kind="footer", markdown="**Page footer** — *draft*")

    read = ok(word, "headerFooter.get", section=0)["sections"][0]
    assert read["index"] == 0
    assert read["headers"]["primary"] == "ACME Corp — Confidential"
    assert read["footers"]["primary"] == "Page footer — draft"
    assert set(read["headers"]) == {"primary", "firstPage", "evenPages"}
    only = ok(word, "headerFooter.get", kind="footer", type="primary")["sections"]
    assert all(set(s) == {"index", "footers"} and set(s["footers"]) == {"primary"} for s in only)
    if word.simulated:
        snap = word.snapshot()
        assert snap["sections"][0]["headers"]["primary"] == "ACME Corp — Confidential"
        assert snap["sections"][0]["footers"]["primary"] == "Page footer — draft"
        assert [b["text"] for b in snap["blocks"]] == ["Quarterly report", "Figures follow."]


def test_header_section_beyond_the_document_is_not_found(word: Word) -> None:
    word.set_text("One section")
    result = word.op("headerFooter.set", section=40, text="x")
    assert result["ok"] is False and result["code"] == "E_NOT_FOUND", result
    assert result["diagnostics"][0]["field"] == "args.section"
    refused = word.op("headerFooter.set", markdown="x", text="y")
    assert refused["ok"] is False and refused["code"] == "E_INVALID_ARG"
    assert refused["diagnostics"][0]["field"] == "args.markdown"


def test_footnote_and_endnote(word: Word) -> None:
    word.set_text("The claim needs a source.\nClosing line.")
    hit = ok(word, "search", query="claim")["results"][0]["rangeId"]
    foot = ok(word, "footnote.insert", scope=f"rangeId:{hit}", text="Survey of 2024, p. 4.")
    assert foot["type"] == "footnote"
    assert foot["noteId"].startswith("note_")
    assert foot["referenceRangeId"].startswith("rng_")
    end = ok(word, "endnote.insert", scope="document", text="All figures are estimates.")
    assert end["type"] == "endnote" and end["noteId"] != foot["noteId"]
    if word.simulated:
        snap = word.snapshot()
        assert [(n["type"], n["text"]) for n in snap["notes"]] == [
            ("Footnote", "Survey of 2024, p. 4."), ("Endnote", "All figures are estimates.")]
        assert snap["notes"][0]["reference"] == len("The claim")
        assert [b["text"] for b in snap["blocks"]] == ["The claim needs a source.", "Closing line."]
    # The bridge's own read shows the notes (so this holds on Word on the web too).
    blocks = ok(word, "readDocument", format="structure")["blocks"]
    notes = [(n["type"], n["text"]) for b in blocks for n in b.get("notes", [])]
    assert ("footnote", "Survey of 2024, p. 4.") in notes and ("endnote", "All figures are estimates.") in notes
    assert "[^1]: Survey of 2024, p. 4." in ok(word, "readDocument", format="markdown")["markdown"]
    blank = word.op("footnote.insert", text="  ")
    assert blank["ok"] is False and blank["diagnostics"][0]["field"] == "args.text"


def test_a_note_proposed_as_a_tracked_change(word: Word) -> None:
    word.set_text("Tracked body")
    ok(word, "footnote.insert", scope="document", text="Proposed note", trackChanges=True)
    assert ok(word, "trackChanges.get")["mode"] == "off"
    if word.simulated:
        assert word.snapshot()["notes"][0]["text"] == "Proposed note"
