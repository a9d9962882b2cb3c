"""`document_analyzer` (seed 000, tool 3): readability, structure, tone, clarity and completeness of a text.

Offline and deterministic: the readability formulas come from textstat, everything else from the documented
heuristics in `bridge.tools.analysis`. Beyond the seed, `fromDocument: true` analyzes the open Word document,
read page by page through `readDocument` (Word's own headings, list items and tables).

A document longer than 50,000 characters is analyzed from its start: whole blocks while they fit, and when the
next block does not fit and less than half the limit is used (a very long paragraph early on), that block's
beginning up to the limit (cut after a sentence, else a word). Nothing after the point where the analysis stops
is read into it, and `source` says how much was analyzed (`characters` of `total_characters`, `truncated`, a
`warning`). Paragraphs are read as they currently stand: readDocument leaves tracked deletions out. A document
edited while its pages are read is read again (word_access.read_document); one that never settles is analyzed as
last read, with `changed_while_read` and a `warning`. A `document` title that several connected documents have is
refused as an invalid argument (-32602) listing their ids.
"""

from __future__ import annotations

import re
import time
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from bridge.tools.analysis import ANALYSIS_TYPES, analyze, blocks_from_document, blocks_from_text
from bridge.tools.analysis.text import Block
from bridge.tools.argument_names import refuse_unknown_arguments, seed_refusal
from bridge.tools.arguments import RawText, check, guarded, invalid, list_schema
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result
from bridge.tools.word_access import DocumentArgumentError, DocumentReadError, WordAccess, read_document

NAME: Final = "document_analyzer"
MAX_CONTENT: Final = 50_000
AUDIENCES: Final = ("general", "academic", "business", "technical", "creative")
DOCUMENT_TYPES: Final = ("report", "proposal", "email", "article", "manual", "other")

SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "content": {"type": "string", "description": "Document content to analyze (leave it out with fromDocument: true)",
                "minLength": 1, "maxLength": MAX_CONTENT},
    "analysis_type": {"type": "string", "description": "Type of analysis to perform", "enum": list(ANALYSIS_TYPES)},
    "target_audience": {"type": "string", "description": "Target audience for the document",
                        "enum": list(AUDIENCES), "default": "general"},
    "document_type": {"type": "string", "description": "Type of document being analyzed",
                      "enum": list(DOCUMENT_TYPES), "default": "other"},
    "include_suggestions": {"type": "boolean", "description": "Include improvement suggestions in analysis",
                            "default": True},
    "detailed_metrics": {"type": "boolean", "description": "Include detailed metrics and scores", "default": False},
    "fromDocument": {"type": "boolean", "default": False,
                     "description": "Analyze the Word document open in Word Bridge instead of `content` "
                                    "(its first 50,000 characters)"},
    "document": {"type": "string", "maxLength": 300,
                 "description": "With fromDocument: document id or title (see listDocuments); default the most "
                                "recently active"},
}

DESCRIPTION: Final = (
    "Analyze Word document content for insights and improvements: readability (Flesch reading ease, "
    "Flesch-Kincaid grade, Gunning fog, Coleman-Liau, SMOG, ARI), structure, tone, clarity, completeness, or all "
    "of them (comprehensive, with an overall 0-10 score). Scores follow fixed, documented rules; suggestions quote "
    "the sentences they are about. Pass `content`, or `fromDocument: true` to analyze the open Word document."
)


class StructureAnalysis(BaseModel):
    has_introduction: bool
    has_conclusion: bool
    section_count: int
    paragraph_count: int
    average_paragraph_length: float
    structure_score: float


class ToneAnalysis(BaseModel):
    primary_tone: str
    tone_consistency: float
    formality_level: Literal["low", "moderate", "high"]
    tone_score: float


class ClarityAnalysis(BaseModel):
    sentence_complexity: Literal["simple", "moderate", "complex"]
    vocabulary_level: Literal["basic", "intermediate", "advanced"]
    ambiguity_score: float
    clarity_score: float


class CompletenessAnalysis(BaseModel):
    has_executive_summary: bool
    has_references: bool
    has_appendix: bool
    completeness_score: float
    expected_elements: list[str]
    missing_elements: list[str]


class DocumentAnalysis(BaseModel):
    """The seed's `document_analysis` object; which parts are present depends on `analysis_type`."""

    model_config = ConfigDict(extra="allow")
    type: Literal["document_analysis"]
    analysis_type: str
    target_audience: str
    document_type: str
    summary: str
    metrics: dict[str, float] | None = None
    readability_level: str | None = None
    structure_analysis: StructureAnalysis | None = None
    tone_analysis: ToneAnalysis | None = None
    clarity_analysis: ClarityAnalysis | None = None
    completeness_analysis: CompletenessAnalysis | None = None
    overall_score: float | None = None
    statistics: dict[str, Any] | None = None
    source: dict[str, Any] | None = None
    suggestions: list[str]
    processing_time_ms: int


def _too_long(length: int) -> Exception:
    return seed_error(INVALID_PARAMS, "Document content exceeds maximum length", "content_too_long",
                      ["Reduce content to 50,000 characters or less", "Analyze document in sections",
                       "Use summarize operation first"],
                      content_length=length, max_length=MAX_CONTENT)


def _cut(text: str, room: int) -> str:
    """The start of `text` in at most `room` characters: after its last sentence end that keeps at least half the
    room, else after its last space, else `room` characters."""
    head = text[:room]
    ends = [m.end() for m in re.finditer(r"[.!?…][\"'”’)\]]*(?=\s)", head)]
    if ends and ends[-1] >= room // 2:
        return head[:ends[-1]].rstrip()
    space = head.rfind(" ")
    return head[:space].rstrip() if space >= room // 2 else head


def _prefix(blocks: list[Block]) -> tuple[list[Block], Block | None]:
    """The blocks analyzed: a prefix of the document up to MAX_CONTENT characters (see the module docstring), and
    the block the analysis stops in or before (None: the whole document fits)."""
    kept: list[Block] = []
    used = 0
    for block in blocks:
        if used + len(block.text) <= MAX_CONTENT:
            kept.append(block)
            used += len(block.text)
            continue
        if used < MAX_CONTENT // 2:
            part = _cut(block.text, MAX_CONTENT - used)
            if part:
                kept.append(Block(block.kind, part, block.level, block.index))
        return kept, block
    return kept, None


async def _document_blocks(word: WordAccess, document: str | None) -> tuple[list[Block], dict[str, Any]]:
    """The open document's blocks up to 50,000 characters, and where they came from."""
    try:
        read = await read_document(word, document=document)
    except DocumentArgumentError as exc:  # several documents have that title: the argument must name one
        raise invalid("document", f"{exc}", document, matching_documents=await _titled(word, document)) from exc
    except DocumentReadError as exc:
        raise seed_error(INTERNAL_ERROR, "Could not read the Word document", "document_read_failed",
                         ["Open the document in Word with the Word Bridge task pane connected",
                          "Check the document id or title with listDocuments",
                          "Pass the text as content instead"],
                         document=document, error_details=str(exc)) from exc
    blocks = blocks_from_document(read.blocks)
    kept, stop = _prefix(blocks)
    if not any(b.kind in ("paragraph", "list") for b in kept):
        raise seed_error(INVALID_PARAMS, "The document has no text to analyze", "empty_document",
                         ["Write some paragraphs first", "Check that the right document is open"],
                         document=document, block_count=len(read.blocks))
    used, total = sum(len(b.text) for b in kept), sum(len(b.text) for b in blocks)
    title = (read.document or {}).get("title")
    source: dict[str, Any] = {"type": "document", "document": title or document, "block_count": len(kept),
                              "characters": used, "truncated": stop is not None, "total_characters": total}
    if read.document:
        source["document_id"] = read.document["id"]
    if read.tries > 1:
        source["read_tries"] = read.tries
    if stop is not None:
        last = kept[-1] if kept else None
        where = (f"in block {stop.index}, cut after {len(last.text):,} of its {len(stop.text):,} characters"
                 if last is not None and last.index == stop.index and last.text != stop.text else
                 f"before block {stop.index} ({len(stop.text):,} characters), which did not fit")
        source["analyzed_through_block"] = last.index if last is not None else None
        source["warning"] = (
            f"Only the first {used:,} of {total:,} characters were analyzed: the analysis reads at most "
            f"{MAX_CONTENT:,} characters from the start of the document and stopped {where}. Every score, the "
            f"summary and the suggestions describe that part only; to analyze the rest, pass it as content in "
            f"parts of at most {MAX_CONTENT:,} characters.")
    if read.warning:
        source["changed_while_read"] = True
        source["warning"] = " ".join(filter(None, (source.get("warning"), read.warning)))
    return kept, source


async def _titled(word: WordAccess, title: str | None) -> list[dict[str, Any]]:
    """`{"id", "title"}` of each connected document titled `title` (case aside)."""
    listed = await word.list_documents()
    return [{"id": d.get("id"), "title": d.get("title")} for d in listed.get("documents") or []
            if isinstance(d, dict) and title is not None and str(d.get("title")).casefold() == title.casefold()]


def register(server: MCPServer, word: WordAccess) -> None:
    """Add `document_analyzer` to `server`."""

    async def document_analyzer(
        content: RawText = None, analysis_type: RawText = None,  # type: ignore[assignment]
        target_audience: RawText = None, document_type: RawText = None,  # type: ignore[assignment]
        include_suggestions: Any = None, detailed_metrics: Any = None, fromDocument: Any = None,
        document: RawText = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, DocumentAnalysis]:
        args = {"analysis_type": analysis_type, "target_audience": target_audience, "document_type": document_type,
                "include_suggestions": include_suggestions, "detailed_metrics": detailed_metrics,
                "fromDocument": fromDocument}
        return await guarded(NAME, _run(word, content, document, **args))

    server.tool(name=NAME, title="Analyze document", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Analyze document", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=False))(document_analyzer)
    list_schema(server, NAME, SCHEMA, ["analysis_type"])
    refuse_unknown_arguments(server, NAME, seed_refusal)


async def _run(word: WordAccess, content: Any, document: Any, **raw: Any) -> CallToolResult:
    started = time.perf_counter()
    args = {name: check(name, value, SCHEMA[name]) for name, value in raw.items()}
    if document is not None:
        document = check("document", document, SCHEMA["document"])
    source: dict[str, Any] | None = None
    if args["fromDocument"]:
        if content is not None:
            raise invalid("fromDocument", "give content or fromDocument: true, not both", True)
        blocks, source = await _document_blocks(word, document)
    else:
        if document is not None:
            raise invalid("document", "names the document to read with fromDocument: true", document)
        if content is None:
            raise seed_error(INVALID_PARAMS, "Document content is required", "missing_content",
                             ["Pass the text to analyze as content",
                              "Or set fromDocument: true to analyze the open Word document"])
        if isinstance(content, str) and len(content) > MAX_CONTENT:
            raise _too_long(len(content))
        content = check("content", content, SCHEMA["content"])
        if not content.strip():
            raise invalid("content", "has no text to analyze", content)
        blocks = blocks_from_text(content)
    found = await anyio.to_thread.run_sync(
        lambda: analyze(blocks, args["analysis_type"], args["target_audience"], args["document_type"],
                        args["include_suggestions"], args["detailed_metrics"]))
    result: dict[str, Any] = {"type": "document_analysis", "analysis_type": args["analysis_type"],
                              "target_audience": args["target_audience"], "document_type": args["document_type"]}
    if source is not None:
        result["source"] = source
    result.update(found)
    if source is not None and source["truncated"] and isinstance(result.get("summary"), str):  # the summary says it too: it is what most readers read
        result["summary"] = (f"{result['summary']} (from the first {source['characters']:,} of "
                             f"{source['total_characters']:,} characters of the document: see source.warning)")
    if source is not None and source.get("changed_while_read") and isinstance(result.get("summary"), str):
        result["summary"] += " (the document changed while it was read: see source.warning)"
    result["processing_time_ms"] = round((time.perf_counter() - started) * 1000)
    line = ("Comprehensive document analysis completed" if args["analysis_type"] == "comprehensive"
            else "Document analysis completed successfully")
    return seed_result(line, result)
