"""document_analyzer: the seed's schema, examples, success shapes and errors; heuristics that quote the text;
the open document read through readDocument (an in-test pane boundary, and the real bridge over WSS)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from textstat.textstat import textstatistics

from bridge.tools.document_analyzer import register
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, read_document_pane
from tests.tools.paged_document import PagedDocument

pytestmark = pytest.mark.anyio

SEED_PROPERTIES: dict[str, dict[str, Any]] = {  # seed 000, tool 3, as written
    "content": {"type": "string", "minLength": 1, "maxLength": 50000},
    "analysis_type": {"type": "string", "description": "Type of analysis to perform",
                      "enum": ["readability", "structure", "tone", "clarity", "completeness", "comprehensive"]},
    "target_audience": {"type": "string", "description": "Target audience for the document",
                        "enum": ["general", "academic", "business", "technical", "creative"], "default": "general"},
    "document_type": {"type": "string", "description": "Type of document being analyzed",
                      "enum": ["report", "proposal", "email", "article", "manual", "other"], "default": "other"},
    "include_suggestions": {"type": "boolean", "description": "Include improvement suggestions in analysis",
                            "default": True},
    "detailed_metrics": {"type": "boolean", "description": "Include detailed metrics and scores", "default": False},
}

REPORT = """# Quarterly Report

## Executive Summary

This report summarizes the results of the third quarter. Revenue grew by 12 percent while costs stayed flat.

## Introduction

The purpose of this report is to explain the quarter's results to the board. It covers sales, costs and hiring.

## Results

Sales rose in every region. The new pricing was approved by the board in July. Hiring slowed in the second half.

## Conclusion

In conclusion, the quarter was strong and the outlook for the next quarter is good.

## References

Company ledger, third quarter.
"""




WORD_BLOCKS = [
    {"index": 0, "type": "paragraph", "text": "Launch Plan", "style": "Title"},
    {"index": 1, "type": "paragraph", "text": "Overview", "style": "Heading 1", "headingLevel": 1},
    {"index": 2, "type": "paragraph", "text": "This document describes how we launch the product in May.",
     "style": "Normal"},
    {"index": 3, "type": "paragraph", "text": "Book the venue", "style": "List Paragraph", "list": {"level": 0}},
    {"index": 4, "type": "table", "text": "", "style": "Table Grid",
     "table": {"rows": 2, "cols": 2, "values": [["Task", "Owner"], ["Venue", "Ana"]]}},
    {"index": 5, "type": "paragraph", "text": "Next Steps", "style": "Heading 1", "headingLevel": 1},
    {"index": 6, "type": "paragraph", "text": "In summary, we are ready once the venue is booked.", "style": "Normal"},
]


async def call(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("document_analyzer", args)
    assert not result.is_error
    assert json.loads(result.content[1].text) == result.structured_content
    return {"line": result.content[0].text, **(result.structured_content or {})}


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool("document_analyzer", args)
    return caught.value


def server(word: Any = None) -> MCPServer:
    s = MCPServer("test")
    register(s, word)
    return s


async def test_the_listed_schema_is_the_seeds_plus_from_document():
    async with Client(server()) as client:
        tool = (await client.list_tools()).tools[0]
    schema = tool.input_schema
    assert tool.name == "document_analyzer"
    for name, expected in SEED_PROPERTIES.items():
        assert {k: schema["properties"][name][k] for k in expected} == expected
    assert set(schema["properties"]) == set(SEED_PROPERTIES) | {"fromDocument", "document"}
    assert schema["required"] == ["analysis_type"]  # content may be left out with fromDocument
    assert tool.output_schema is not None and "document_analysis" in json.dumps(tool.output_schema)


async def test_seed_readability_example_gives_textstats_metrics():
    content = "This document contains various sections with different levels of complexity..."
    async with Client(server()) as client:
        found = await call(client, {"content": content, "analysis_type": "readability",
                                    "target_audience": "business", "include_suggestions": True})
    ts = textstatistics()
    assert found["line"] == "Document analysis completed successfully"
    assert found["type"] == "document_analysis" and found["document_type"] == "other"
    assert found["metrics"] == {
        "flesch_reading_ease": round(ts.flesch_reading_ease(content), 1),
        "flesch_kincaid_grade": round(ts.flesch_kincaid_grade(content), 1),
        "gunning_fog_index": round(ts.gunning_fog(content), 1),
        "coleman_liau_index": round(ts.coleman_liau_index(content), 1),
        "smog_index": round(ts.smog_index(content), 1),
        "automated_readability_index": round(ts.automated_readability_index(content), 1),
    }
    assert found["readability_level"] == "very difficult"  # Flesch reading ease below 30
    assert found["summary"].startswith("Document has very difficult readability")
    assert any(s.startswith("Flesch-Kincaid grade") for s in found["suggestions"])
    assert isinstance(found["processing_time_ms"], int)


async def test_seed_comprehensive_example_has_every_part_and_their_mean():
    async with Client(server()) as client:
        found = await call(client, {"content": REPORT, "analysis_type": "comprehensive", "target_audience": "academic",
                                    "document_type": "report", "include_suggestions": True, "detailed_metrics": True})
    assert found["line"] == "Comprehensive document analysis completed"
    structure = found["structure_analysis"]
    assert structure["has_introduction"] and structure["has_conclusion"]
    assert structure["section_count"] == 5 and structure["paragraph_count"] == 5
    assert found["completeness_analysis"]["has_executive_summary"] is True
    assert found["completeness_analysis"]["has_references"] is True
    assert found["completeness_analysis"]["missing_elements"] == ["appendix"]
    scores = [found["structure_analysis"]["structure_score"], found["tone_analysis"]["tone_score"],
              found["clarity_analysis"]["clarity_score"], found["completeness_analysis"]["completeness_score"]]
    assert found["overall_score"] == round(sum(scores) / 4, 1)
    assert all(0 <= s <= 10 for s in scores)
    assert found["statistics"]["heading_count"] == 6 and set(found["metrics"]) >= {"smog_index"}
    assert any("“The new pricing was approved by the board in July.”" in s for s in found["suggestions"])


async def test_suggestions_quote_the_sentence_they_are_about():
    long_sentence = ("The committee that was formed last spring to review the budget of every department in the "
                     "company and to propose savings for the coming year met on Tuesday and agreed after a long "
                     "debate to postpone the decision")
    content = f"Short opening. Another short one. {long_sentence}. A closing line."
    async with Client(server()) as client:
        found = await call(client, {"content": content, "analysis_type": "readability"})
    words = long_sentence.split()
    assert f"Sentence 3 has {len(words)} words: “{' '.join(words[:12])}…”" in found["suggestions"][0]


async def test_tone_flags_informal_words_for_a_business_audience():
    content = ("Hey guys, the numbers are gonna be awesome this quarter! We don't have all the stuff yet. "
               "Revenue and profit grew for our customers in every market.")
    async with Client(server()) as client:
        found = await call(client, {"content": content, "analysis_type": "tone", "target_audience": "business"})
    tone = found["tone_analysis"]
    assert tone["formality_level"] == "low" and tone["tone_score"] < 5
    assert tone["primary_tone"] == "business"
    assert any(s.startswith("Sentence 1 reads as informal for a business audience (“Hey”, “guys”, “gonna”")
               for s in found["suggestions"])


async def test_completeness_of_a_proposal_counts_budget_and_timeline():
    bare = "# Proposal\n\nWe propose a new website for the shop. It will help customers order online."
    full = bare + ("\n\n## Budget\n\nThe work costs $12,000 in total.\n\n## Timeline\n\nThe milestones are in "
                   "June and July.")
    async with Client(server()) as client:
        before = await call(client, {"content": bare, "analysis_type": "completeness", "document_type": "proposal"})
        after = await call(client, {"content": full, "analysis_type": "completeness", "document_type": "proposal"})
    assert {"budget", "timeline"} <= set(before["completeness_analysis"]["missing_elements"])
    assert not {"budget", "timeline"} & set(after["completeness_analysis"]["missing_elements"])
    assert after["completeness_analysis"]["completeness_score"] > before["completeness_analysis"]["completeness_score"]
    assert any("No budget or cost figures" in s and "“We propose a new website" in s for s in before["suggestions"])


async def test_completeness_finds_plain_text_headings_over_short_sections():
    content = ("Introduction\nThis report examines the quarterly sales figures of all of our regions.\n\n"
               "Conclusion\nSales grew strongly.\n\nReferences\n[1] Internal data.")
    async with Client(server()) as client:
        found = await call(client, {"content": content, "analysis_type": "completeness", "document_type": "report"})
    assert found["completeness_analysis"] == {
        "has_executive_summary": False, "has_references": True, "has_appendix": False, "completeness_score": 7.5,
        "expected_elements": ["executive_summary", "introduction", "conclusion", "sections", "references", "appendix"],
        "missing_elements": ["executive_summary", "appendix"]}
    assert [s.split(":")[0] for s in found["suggestions"]] == ["No executive summary", "No appendix"]


@pytest.mark.parametrize(("document_type", "article"), [("email", "an"), ("article", "an"), ("report", "a"),
                                                      ("other", "a")])
async def test_completeness_summary_uses_an_before_a_vowel(document_type: str, article: str) -> None:
    kind = "document" if document_type == "other" else document_type
    async with Client(server()) as client:
        found = await call(client, {"content": REPORT, "analysis_type": "completeness",
                                    "document_type": document_type})
    assert f" expected parts of {article} {kind} present" in found["summary"]


async def test_an_academic_audience_in_summaries_and_suggestions():
    content = ("Hey guys, the numbers are gonna be awesome this quarter! We don't have all the stuff yet. "
               "Revenue and profit grew for our customers in every market.")
    async with Client(server()) as client:
        tone = await call(client, {"content": content, "analysis_type": "tone", "target_audience": "academic"})
        clear = await call(client, {"content": content, "analysis_type": "clarity", "target_audience": "academic"})
    assert tone["summary"].endswith("for an academic audience") and clear["summary"].endswith("an academic audience")
    assert any("reads as informal for an academic audience" in s for s in tone["suggestions"])
    assert not any("a academic" in s for s in tone["suggestions"] + clear["suggestions"])


async def test_same_input_same_analysis_and_no_suggestions_when_not_asked():
    args = {"content": REPORT, "analysis_type": "clarity", "target_audience": "general"}
    async with Client(server()) as client:
        first, second = await call(client, args), await call(client, args)
        quiet = await call(client, {**args, "include_suggestions": False})
    first.pop("processing_time_ms"), second.pop("processing_time_ms")
    assert first == second
    assert quiet["suggestions"] == []


async def test_seed_errors():
    async with Client(server()) as client:
        too_long = await error_of(client, {"content": "x" * 75000, "analysis_type": "readability"})
        bad_type = await error_of(client, {"content": "Text.", "analysis_type": "sentiment"})
        no_content = await error_of(client, {"analysis_type": "tone"})
        wrong = await error_of(client, {"content": "Text.", "analysis_type": "tone", "detailed_metrics": "yes"})
    assert (too_long.error.code, too_long.error.message) == (-32602, "Document content exceeds maximum length")
    assert too_long.error.data == {"error_type": "content_too_long", "content_length": 75000, "max_length": 50000,
                                   "suggestions": ["Reduce content to 50,000 characters or less",
                                                   "Analyze document in sections", "Use summarize operation first"]}
    assert bad_type.error.code == -32602 and bad_type.error.data["error_type"] == "invalid_parameter"
    assert bad_type.error.data["valid_values"] == SEED_PROPERTIES["analysis_type"]["enum"]
    assert no_content.error.code == -32602 and no_content.error.data["error_type"] == "missing_content"
    assert wrong.error.data["parameter"] == "detailed_metrics" and wrong.error.data["suggestions"]


async def test_from_document_reads_every_page_and_keeps_words_headings():
    word = PagedDocument(WORD_BLOCKS)
    async with Client(server(word)) as client:
        found = await call(client, {"fromDocument": True, "document": "Plan.docx", "analysis_type": "comprehensive",
                                    "detailed_metrics": True})
    offsets = [c["meta"]["args"]["offset"] for c in word.calls]
    assert offsets == [0, 2, 4, 6] and {c["document"] for c in word.calls} == {"Plan.docx"}
    assert all(c["meta"]["op"] == "readDocument" and c["meta"]["args"]["format"] == "structure" for c in word.calls)
    characters = sum(len(b["text"]) for b in WORD_BLOCKS) + len("Task | Owner\nVenue | Ana")  # the table's cells
    assert found["source"] == {"type": "document", "document": "Plan.docx", "block_count": 7,
                               "characters": characters, "truncated": False, "total_characters": characters}
    assert found["structure_analysis"]["section_count"] == 2  # the Title opens no section
    assert found["structure_analysis"]["has_introduction"] and found["structure_analysis"]["has_conclusion"]
    assert found["statistics"]["table_count"] == 1 and found["statistics"]["list_item_count"] == 1


async def test_from_document_failures_are_seed_errors():
    async with Client(server(PagedDocument([], fail="no document is connected"))) as client:
        unread = await error_of(client, {"fromDocument": True, "analysis_type": "tone"})
        both = await error_of(client, {"fromDocument": True, "content": "Text.", "analysis_type": "tone"})
    assert unread.error.code == -32603 and unread.error.data["error_type"] == "document_read_failed"
    assert unread.error.data["error_details"] == "no document is connected"
    assert both.error.code == -32602 and both.error.data["parameter"] == "fromDocument"


async def test_from_document_through_the_real_bridge(bridge):
    """The tool reads a document served by a pane over a real WSS connection, through the bridge's editTask."""
    pane = read_document_pane(WORD_BLOCKS, page_size=3)
    fake = await FakePane(bridge, title="Plan.docx", handler=pane).connect()
    word = RemoteEditService(bridge.config)
    try:
        async with Client(server(word)) as client:
            found = await call(client, {"fromDocument": True, "analysis_type": "structure"})
    finally:
        await word.aclose()
        await fake.close()
    assert [m["op"]["op"] for m in fake.received] == ["readDocument"] * 3
    assert found["source"]["block_count"] == 7
    assert found["structure_analysis"]["section_count"] == 2


async def test_from_document_analyzes_the_first_50000_characters():
    paragraph = " ".join(["The team reviewed the plan again and agreed on the next steps for the launch."] * 10)
    blocks = [{"index": i, "type": "paragraph", "text": paragraph, "style": "Normal"} for i in range(80)]
    async with Client(server(PagedDocument(blocks))) as client:
        found = await call(client, {"fromDocument": True, "analysis_type": "readability"})
    source = found["source"]
    assert source["truncated"] is True and source["characters"] <= 50000 < source["total_characters"]
    assert source["block_count"] == 50000 // len(paragraph) and source["total_characters"] == 80 * len(paragraph)
