"""Companion tools against the simulated Word in headless Chromium: annotate_chunk's highlight after the document
changed, and document_analyzer on a long document and on tracked changes.

MCP (in process) → RemoteEditService → the bridge over HTTPS → the pane in the playground → simulated Word, so
what the tools read and the comments they add are the pane's and the simulator's own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools import document_analyzer
from bridge.tools.annotations import register as register_annotations
from bridge.tools.annotations.database import close_all
from bridge.word.remote import RemoteEditService
from tests.e2e.conftest import CHROMIUM, browser, e2e_server, loop_thread  # noqa: F401  (fixtures)
from tests.e2e.targets import Playground, PlaygroundPages, call_failed
from tests.support import ServerThread

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")]

FEE = {"categories": ["fee_schedule"], "labels": ["Fee Schedule"]}


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    yield tmp_path
    close_all()


@pytest.fixture(scope="module", params=["web", "desktop"])
def pages(request: pytest.FixtureRequest, browser: Any, e2e_server: ServerThread,  # noqa: F811
          loop_thread: Any) -> Iterator[PlaygroundPages]:  # noqa: F811
    """A playground page on each simulator profile, shared by a module's tests."""
    shared = PlaygroundPages(browser, e2e_server, loop_thread, request.param)
    yield shared
    shared.discard()


@pytest.fixture
def word(request: pytest.FixtureRequest, pages: PlaygroundPages) -> Iterator[Playground]:
    """The playground on both simulator profiles, in its starting state."""
    target = pages.fresh()
    yield target
    if call_failed(request):
        pages.discard()


def call(word: Playground, tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
    """One tool call on an in-process MCP server whose Word is the bridge (and so the playground's document)."""
    async def run() -> tuple[bool, Any]:
        service = RemoteEditService(word.server.config)
        built = MCPServer("edges")
        register_annotations(built, service)
        document_analyzer.register(built, service)
        try:
            async with Client(built) as client:
                result = await client.call_tool(tool, args)
        finally:
            await service.aclose()
        if tool == "document_analyzer":
            return bool(result.is_error), result.structured_content
        return bool(result.is_error), json.loads(result.content[0].text)
    return word.loop.run(run())  # type: ignore[no-any-return]


def ok(word: Playground, tool: str, args: dict[str, Any]) -> Any:
    failed, answer = call(word, tool, args)
    assert not failed, answer
    return answer


def comments(word: Playground) -> list[tuple[str, str]]:
    listed = word.op("comment.list")
    assert listed["ok"], listed
    return [(c["anchoredText"], c["text"]) for c in listed["data"]["comments"]]


def test_highlight_lands_on_the_chunks_own_text_after_a_paragraph_is_added_above(word: Playground,
                                                                               data_dir: Path) -> None:
    """The audit: a paragraph inserted at the top moves every block down one; chunk "2" must still be marked on
    its own text (found again, once), never on whatever block now sits at position 2."""
    word.set_text("Fee Schedule\nParticipants pay a monthly fee.\nPorts cost extra.\nFootnotes")
    made = ok(word, "start_session", {"fromDocument": True, "document": word.document_id})
    inserted = word.op("insertText", text="A new first paragraph", scope="document", location="start",
                       newParagraph=True)
    assert inserted["ok"], inserted

    marked = ok(word, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "2", **FEE, "highlight": True})
    assert comments(word) == [("Ports cost extra.", "Chunk 2: Fee Schedule")]
    assert marked["highlight"]["ok"] is True, marked["highlight"]
    assert marked["highlight"]["movedTo"] == 3 and "block 3" in marked["highlight"]["note"]


def test_highlight_is_refused_when_the_chunks_text_is_gone_or_ambiguous(word: Playground, data_dir: Path) -> None:
    word.set_text("Fee Schedule\nParticipants pay a monthly fee.\nPorts cost extra.\nFootnotes")
    session = ok(word, "start_session", {"fromDocument": True, "document": word.document_id})["sessionId"]
    assert word.op("replace", target="searchQuery", query="cost extra", replaceWith="are free")["ok"]

    edited = ok(word, "annotate_chunk", {"sessionId": session, "chunkId": "2", **FEE, "highlight": True})
    assert comments(word) == []
    assert edited["highlight"]["ok"] is False
    reason = edited["highlight"]["reason"]
    assert "block 2 now reads “Ports are free.”" in reason and "no longer in the document" in reason, reason
    assert edited["labels"] == ["Fee Schedule"], "the annotation itself is saved"

    word.set_text("Participants pay a monthly fee.\nFee Schedule\nParticipants pay a monthly fee.\nFootnotes")
    twice = ok(word, "annotate_chunk", {"sessionId": session, "chunkId": "1", "highlight": True})
    assert twice["highlight"]["ok"] is False and "blocks 0, 2" in twice["highlight"]["reason"]
    assert comments(word) == []

    unchanged = ok(word, "annotate_chunk", {"sessionId": session, "chunkId": "3", "highlight": True})
    assert unchanged["highlight"]["ok"] is True and "movedTo" not in unchanged["highlight"]
    assert comments(word) == [("Footnotes", "Chunk 3: annotated")]


def test_highlight_checks_a_whole_heading_section(word: Playground, data_dir: Path) -> None:
    """A heading chunk is its heading and the section under it: an edit in the section is noticed too."""
    word.set_text("Fees\nParticipants pay a monthly fee.\nNotes\nFees are monthly.")
    for n in (0, 2):
        assert word.op("applyStyle", scope=f"rangeId:{_block_range(word, n)}", namedStyle="Heading 1")["ok"]
    made = ok(word, "start_session", {"fromDocument": True, "document": word.document_id, "split": "heading"})
    exported = ok(word, "export_annotations", {"sessionId": made["sessionId"]})
    assert [c["chunk_id"] for c in exported["chunks"]] == ["0", "2"]
    assert word.op("replace", target="searchQuery", query="monthly fee", replaceWith="yearly fee")["ok"]
    refused = ok(word, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "0", "highlight": True})
    assert comments(word) == []
    assert refused["highlight"]["ok"] is False and "no longer in the document" in refused["highlight"]["reason"]
    marked = ok(word, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "2", "highlight": True})
    assert marked["highlight"]["ok"] is True
    assert comments(word) == [("Notes", "Chunk 2: annotated")]


def _block_range(word: Playground, index: int) -> str:
    read = word.op("readDocument", format="structure", offset=index, limit=1, includeRangeIds=True)
    assert read["ok"], read
    return str(read["data"]["blocks"][0]["rangeId"])


def test_analyzer_on_two_long_paragraphs_analyzes_a_prefix_and_says_so(word: Playground) -> None:
    """The audit: two 100,000-character paragraphs and a short ending. The analysis must be the start of the
    document (the first paragraph cut at the limit), not the 276 characters after the paragraphs it skipped."""
    sentence = "The committee reviewed the budget and approved the plan for the next quarter. "
    long = (sentence * (100_000 // len(sentence) + 1))[:100_000]
    ending = "In conclusion, the plan is approved. " * 7 + "Thanks to everyone who reviewed it."
    word.set_text(f"{long}\n{long}\n{ending}")
    found = ok(word, "document_analyzer", {"fromDocument": True, "analysis_type": "comprehensive",
                                           "document": word.document_id})
    source = found["source"]
    total = 2 * len(long.strip()) + len(ending)
    assert source["truncated"] is True and source["total_characters"] == total
    assert 49_000 <= source["characters"] <= 50_000, source
    assert source["block_count"] == 1 and source["analyzed_through_block"] == 0
    assert f"first {source['characters']:,} of {total:,} characters" in source["warning"]
    assert "cut after" in source["warning"] and "in block 0" in source["warning"]
    assert f"of {total:,} characters" in found["summary"]
    assert source["document"] == "Document1.docx" and source["document_id"] == word.document_id


def test_analyzer_reads_the_current_text_of_tracked_changes(word: Playground) -> None:
    """The audit: after a tracked Thanks → Cheers replace, Word's paragraph text reads "CheersThanks"; readDocument
    gives the current text, so the analysis (and the suggestions quoting it) reads "Cheers"."""
    long_sentence = ("Thanks to the many people across the company who worked through the long weekend, the "
                     "launch of the new product went ahead as planned and the first customers received their "
                     "orders on time and without any of the problems we had feared.")
    word.set_text(f"{long_sentence}\nThe team will review the results next week.")
    assert word.op("trackChanges.set", mode="all")["ok"]
    assert word.op("replace", target="searchQuery", query="Thanks", replaceWith="Cheers")["ok"]
    found = ok(word, "document_analyzer", {"fromDocument": True, "analysis_type": "readability",
                                           "document": word.document_id, "detailed_metrics": True})
    quoted = " ".join(found["suggestions"])
    assert "“Cheers to the many" in quoted, found["suggestions"]
    assert "CheersThanks" not in quoted
    assert found["statistics"]["character_count"] == found["source"]["characters"]
