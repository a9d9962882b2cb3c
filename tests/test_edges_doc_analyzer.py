"""document_analyzer with fromDocument, rough edges from the user audit: a long document is analyzed from its
start without skipping anything in the middle, `source` says how much was analyzed and which document it was,
and tracked deletions are not read as text.

The document is the pane's side of readDocument (structure pages), at the tool's boundary or through the real
bridge to a pane over WSS; the simulator in Chromium is in tests/test_edges_doc_word_e2e.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools.document_analyzer import register
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread, read_document_pane
from tests.tools.paged_document import PagedDocument

pytestmark = pytest.mark.anyio

SENTENCE = "The committee reviewed the budget and approved the plan for the next quarter. "


def text_of(length: int) -> str:
    return (SENTENCE * (length // len(SENTENCE) + 1))[:length].strip()


def paragraph(index: int, text: str, **more: Any) -> dict[str, Any]:
    return {"index": index, "type": "paragraph", "text": text, "style": "Normal", **more}


async def analyze(word: Any, **args: Any) -> dict[str, Any]:
    built = MCPServer("edges")
    register(built, word)
    async with Client(built) as client:
        result = await client.call_tool("document_analyzer", {"fromDocument": True, "analysis_type": "comprehensive",
                                                              **args})
    assert not result.is_error, result.content
    return dict(result.structured_content or {})


async def test_a_block_that_does_not_fit_ends_the_analysis_nothing_after_it_is_used() -> None:
    """40,000 + 20,000 + 300 characters: the analysis is the first block, not the first and the third."""
    first, middle, last = text_of(40_000), text_of(20_000), "In conclusion, the plan is approved. " * 8
    found = await analyze(PagedDocument([paragraph(0, first), paragraph(1, middle), paragraph(2, last.strip())]))
    source = found["source"]
    assert source["characters"] == len(first) and source["block_count"] == 1
    assert source["truncated"] is True and source["analyzed_through_block"] == 0
    assert source["total_characters"] == len(first) + len(middle) + len(last.strip())
    assert f"stopped before block 1 ({len(middle):,} characters), which did not fit" in source["warning"]
    assert found["structure_analysis"]["paragraph_count"] == 1


async def test_a_very_long_paragraph_early_on_is_cut_at_the_limit_after_a_sentence() -> None:
    title, long = "Budget Review", text_of(100_000)
    found = await analyze(PagedDocument([paragraph(0, title, style="Title"), paragraph(1, long),
                                         paragraph(2, "Thanks to all of you.")]))
    source = found["source"]
    assert source["block_count"] == 2 and source["analyzed_through_block"] == 1
    assert 49_900 <= source["characters"] <= 50_000
    cut = source["characters"] - len(title)
    assert long[:cut].endswith("quarter."), "cut after a sentence"
    assert f"in block 1, cut after {cut:,} of its {len(long):,} characters" in source["warning"]
    assert found["overall_score"] is not None and "see source.warning" in found["summary"]


async def test_a_document_that_fits_has_no_warning() -> None:
    found = await analyze(PagedDocument([paragraph(0, text_of(2_000))]))
    assert found["source"]["truncated"] is False and "warning" not in found["source"]
    assert "source.warning" not in found["summary"]


async def test_source_names_the_document_read_from_word(bridge: ServerThread) -> None:
    """No `document` argument: the most recently active document answers, and source says which one it was."""
    blocks = [paragraph(0, text_of(3_000)), paragraph(1, "In conclusion, the plan is approved.")]
    fake = await FakePane(bridge, title="Plan.docx", handler=read_document_pane(blocks, page_size=1)).connect()
    word = RemoteEditService(bridge.config)
    try:
        document_id = bridge.bridge.hub.documents()[0]["id"]
        found = await analyze(word, analysis_type="structure")
    finally:
        await word.aclose()
        await fake.close()
    assert found["source"]["document"] == "Plan.docx" and found["source"]["document_id"] == document_id
