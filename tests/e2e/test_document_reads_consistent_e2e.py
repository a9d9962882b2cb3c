"""document_analyzer and start_session with fromDocument read a 600-paragraph document (two readDocument pages)
while three paragraphs are inserted at its start between the pages: the QA's race, on the real pane and the
simulator. Before, the second page started three blocks too early: 603 blocks, three of them read twice, the
inserted ones missed. Now the read starts again and every paragraph is read once.

The edits go through the pane like any client's, right after the first page's answer (a wrapper around the edit
service), so they land between the pages every time instead of by timing.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools import document_analyzer, word_access
from bridge.tools.annotations import register as register_annotations
from bridge.tools.annotations.database import close_all
from bridge.tools.annotations.storage_calls import store
from bridge.word.remote import RemoteEditService
from tests.e2e.conftest import Word, sim_only

pytestmark = [pytest.mark.e2e, sim_only("600 paragraphs are written through the simulator's setText")]

COUNT = 600


class EditsAfterFirstPage:
    """The edit service, with `inserts` paragraphs inserted at the document's start (through the pane) once the
    first page of the next read that starts at block 0 has been answered."""

    def __init__(self, service: RemoteEditService, document: str, inserts: list[str]) -> None:
        self.service, self.document, self.pending = service, document, list(inserts)

    async def list_documents(self) -> dict[str, Any]:
        return await self.service.list_documents()

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]:
        answer = await self.service.edit_task(content=content, meta=meta, document=document)
        if meta["op"] == "readDocument" and meta["args"]["offset"] == 0 and answer["data"].get("nextOffset"):
            while self.pending:
                edit = {"type": "word.op", "op": "insertText", "version": "1.0",
                        "args": {"text": self.pending.pop(0), "scope": "document", "location": "start",
                                 "newParagraph": True}}
                inserted = await self.service.edit_task(content="an edit between pages", meta=edit,
                                                        document=self.document)
                assert inserted["ok"], inserted
        return answer


@asynccontextmanager
async def racing_tools(word: Word, inserts: list[str]) -> AsyncIterator[MCPServer]:
    """document_analyzer and the annotation tools over the playground's pane, with `inserts` landing mid-read."""
    service = RemoteEditService(word.server.config)
    built = MCPServer("race")
    racing = EditsAfterFirstPage(service, word.document_id, inserts)
    document_analyzer.register(built, racing)
    register_annotations(built, racing)
    try:
        yield built
    finally:
        await service.aclose()


def run(word: Word, tool: str, args: dict[str, Any], inserts: list[str]) -> Any:
    async def call() -> Any:
        async with racing_tools(word, inserts) as built, Client(built) as client:
            result = await client.call_tool(tool, args)
        assert not result.is_error, result.content
        return result.structured_content if tool == "document_analyzer" else json.loads(result.content[0].text)
    return word.loop.run(call(), timeout=180)


@pytest.fixture
def data_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(word_access, "RETRY_PAUSE", 0.0)
    yield tmp_path
    close_all()


def FROM(word: Word) -> dict[str, Any]:  # noqa: N802 - reads as the arguments it makes
    return {"fromDocument": True, "document": word.document_id}


def paragraphs(count: int) -> list[str]:
    return [f"Paragraph {n} of the report says one thing only." for n in range(count)]


def test_analyzer_reads_every_paragraph_once_while_paragraphs_are_inserted(word: Word, data_dir: Any) -> None:
    word.set_text("\n".join(paragraphs(COUNT)))
    inserts = [f"Inserted paragraph {n} arrived during the read." for n in range(3)]
    found = run(word, "document_analyzer", {"analysis_type": "structure", **FROM(word)}, inserts)
    source = found["source"]
    assert source["block_count"] == COUNT + 3 == found["structure_analysis"]["paragraph_count"]
    expected = sum(len(text) for text in paragraphs(COUNT) + inserts)
    assert source["characters"] == expected == source["total_characters"], "each paragraph counted once"
    assert source["read_tries"] == 2 and "warning" not in source


def test_start_session_chunks_every_paragraph_once_while_paragraphs_are_inserted(word: Word, data_dir: Any) -> None:
    word.set_text("\n".join(paragraphs(COUNT)))
    inserts = [f"Inserted paragraph {n} arrived during the read." for n in range(3)]
    made = run(word, "start_session", FROM(word), inserts)
    assert made["chunkCount"] == COUNT + 3 and "warning" not in made
    stored = store()
    texts = [stored.chunk_location(made["sessionId"], str(n)).text for n in range(COUNT + 3)]  # type: ignore[union-attr]
    assert texts == [*reversed(inserts), *paragraphs(COUNT)], "each paragraph once, the inserted ones too"
