"""A document read page by page stays one document (QA, reproduced twice): with edits landing between the pages of
`document_analyzer {"fromDocument": true}` (600 paragraphs, 3 paragraphs inserted at the start while it read), the
second page started 3 blocks too early, so 3 blocks were read twice and the inserted ones missed (603 blocks,
duplicated text); start_session fromDocument had the same race. And a `document` title that two connected documents
have is the caller's argument at fault (-32602 naming `document`, listing the ids), not a document that failed to
read (-32603 with advice to open the document).

Through the real bridge to a pane over WSS (tests.support.FakePane) whose document changes between pages; the QA's
case on the real pane and the simulator is tests/e2e/test_document_reads_consistent_e2e.py.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from bridge.tools import document_analyzer, word_access
from bridge.tools.annotations import register as register_annotations
from bridge.tools.annotations.database import close_all
from bridge.tools.word_access import READ_TRIES, read_document
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread

pytestmark = pytest.mark.anyio

PAGE = 5


@pytest.fixture(autouse=True)
def quick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """No pause between tries; the annotation store in a fresh folder."""
    monkeypatch.setattr(word_access, "RETRY_PAUSE", 0.0)
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    yield
    close_all()


class EditedWhileRead:
    """A pane's readDocument over paragraphs that someone edits: after it serves a first page, a paragraph is
    inserted at the start of the document, `edits` times in all (one per read, as the QA's burst of insertText
    calls landed one between each read's pages)."""

    def __init__(self, count: int, edits: int) -> None:
        self.texts = [f"Paragraph {n} says something different from every other one." for n in range(count)]
        self.edits = edits
        self.made = 0
        self.reads = 0  # first pages served

    async def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        args = command["op"]["args"]
        assert command["op"]["op"] == "readDocument" and args["format"] == "structure"
        start = args["offset"]
        end = min(start + min(PAGE, args["limit"]), len(self.texts))
        blocks = [{"index": n, "type": "paragraph", "text": self.texts[n], "style": "Normal"} for n in range(start, end)]
        data = {"format": "structure", "offset": start, "nextOffset": end if end < len(self.texts) else None,
                "totalBlocks": len(self.texts), "truncated": False, "blocks": blocks}
        if start == 0:
            self.reads += 1
            if self.made < self.edits:  # the edit lands before the next page is asked for
                self.made += 1
                self.texts.insert(0, f"Inserted paragraph {self.made}, new since the read began.")
        return {"ok": True, "op": "readDocument", "diagnostics": [], "data": data}


async def connected(bridge: ServerThread, pane: EditedWhileRead, title: str = "Report.docx") -> FakePane:
    return await FakePane(bridge, title=title, handler=pane.handle).connect()


@asynccontextmanager
async def served(bridge: ServerThread, *panes: EditedWhileRead, title: str = "Report.docx") -> AsyncIterator[Any]:
    """The edit service of the real bridge, with a FakePane connected for each of `panes`."""
    fakes = [await connected(bridge, pane, title) for pane in panes]
    word = RemoteEditService(bridge.config)
    try:
        yield word
    finally:
        await word.aclose()
        for fake in fakes:
            await fake.close()


def tools(word: Any) -> MCPServer:
    built = MCPServer("pages")
    document_analyzer.register(built, word)
    register_annotations(built, word)
    return built


async def analyze(client: Client, **args: Any) -> dict[str, Any]:
    result = await client.call_tool("document_analyzer", {"fromDocument": True, "analysis_type": "structure", **args})
    assert not result.is_error, result.content
    return dict(result.structured_content or {})


async def start_session(client: Client) -> dict[str, Any]:
    result = await client.call_tool("start_session", {"fromDocument": True})
    assert not result.is_error, result.content
    return dict(json.loads(result.content[0].text))


async def test_edits_between_pages_are_read_again_not_counted_twice(bridge: ServerThread) -> None:
    pane = EditedWhileRead(count=12, edits=2)
    async with served(bridge, pane) as word, Client(tools(word)) as client:
        found = await analyze(client)
        pane.made = 0
        session = await start_session(client)
    source = found["source"]
    assert source["block_count"] == 14 == found["structure_analysis"]["paragraph_count"]  # 12 + 2 inserted, once each
    assert source["read_tries"] == 3 and "warning" not in source and "changed_while_read" not in source
    assert "changed while it was read" not in found["summary"]
    assert session["chunkCount"] == 16 and "warning" not in session  # 14 + the 2 more inserted meanwhile


async def test_read_document_has_every_block_once(bridge: ServerThread) -> None:
    pane = EditedWhileRead(count=12, edits=1)
    async with served(bridge, pane) as word:
        read = await read_document(word)
    texts = [block["text"] for block in read.blocks]
    assert texts == pane.texts and len(set(texts)) == 13
    assert [block["index"] for block in read.blocks] == list(range(13))
    assert read.tries == 2 and read.warning is None


async def test_a_document_that_never_settles_is_answered_with_a_warning(bridge: ServerThread) -> None:
    async with served(bridge, EditedWhileRead(count=12, edits=100)) as word, Client(tools(word)) as client:
        found = await analyze(client)
        session = await start_session(client)
    source = found["source"]
    assert source["read_tries"] == READ_TRIES and source["changed_while_read"] is True
    assert f"The document changed while it was read, on each of {READ_TRIES} tries" in source["warning"]
    assert "may hold a paragraph twice or miss one" in source["warning"]
    assert found["summary"].endswith("(the document changed while it was read: see source.warning)")
    assert session["warning"].startswith(f"The document changed while it was read, on each of {READ_TRIES} tries")


async def test_an_ambiguous_document_title_is_an_invalid_argument(bridge: ServerThread) -> None:
    twins = (EditedWhileRead(count=3, edits=0), EditedWhileRead(count=3, edits=0))
    async with served(bridge, *twins, title="Document1.docx") as word, Client(tools(word)) as client:
        ids = sorted(str(d["id"]) for d in bridge.bridge.hub.documents())
        with pytest.raises(MCPError) as caught:
            await analyze(client, document="document1.DOCX")
        session = await client.call_tool("start_session", {"fromDocument": True, "document": "Document1.docx"})
    error = caught.value.error
    assert error.code == -32602 and error.data["error_type"] == "invalid_parameter"
    assert error.data["parameter"] == "document" and error.data["provided_value"] == "document1.DOCX"
    assert sorted(d["id"] for d in error.data["matching_documents"]) == ids
    assert all(document_id in error.message for document_id in ids)
    assert error.message.startswith("Invalid document: several documents are titled 'document1.DOCX'")
    refused = json.loads(session.content[0].text)
    assert session.is_error and refused["type"] == "InvalidConfig"
    assert refused["issues"][0]["path"] == ["document"] and all(document_id in refused["message"] for document_id in ids)
