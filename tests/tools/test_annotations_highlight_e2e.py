"""annotate_chunk's highlight through the simulated Word in headless Chromium: one comment per chunk, whatever the
repeats, and the person's deletions and replies respected. The comments are the pane's and the simulator's own.

MCP (in process) → RemoteEditService → the bridge over HTTPS → the pane in the playground → simulated Word.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools.annotations import register
from bridge.word.remote import RemoteEditService
from tests.e2e.conftest import CHROMIUM, browser, e2e_server, loop_thread  # noqa: F401  (fixtures)
from tests.e2e.targets import Playground
from tests.test_edges_doc_word_e2e import FEE, data_dir, pages, word

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")]

FOOTNOTES = {"categories": ["footnotes"], "labels": ["Footnotes"]}
__all__ = ["data_dir", "pages", "word"]  # fixtures shared with the annotation tests through the playground


def ok(word: Playground, tool: str, args: dict[str, Any]) -> Any:
    """One successful tool call on an in-process MCP server whose Word is the playground's document."""
    async def run() -> Any:
        service = RemoteEditService(word.server.config)
        built = MCPServer("highlight")
        register(built, service)
        try:
            async with Client(built) as client:
                result = await client.call_tool(tool, args)
        finally:
            await service.aclose()
        assert not result.is_error, result.content
        return json.loads(result.content[0].text)
    return word.loop.run(run())


def highlight(word: Playground, session: str, fields: dict[str, Any]) -> dict[str, Any]:
    answer = ok(word, "annotate_chunk", {"sessionId": session, "chunkId": "1", **fields, "highlight": True})
    assert answer["highlight"]["ok"] is True, answer["highlight"]
    return answer["highlight"]  # type: ignore[no-any-return]


def comments(word: Playground) -> list[tuple[str, str]]:
    listed = word.op("comment.list", includeResolved=True)
    assert listed["ok"], listed
    return [(c["anchoredText"], c["text"]) for c in listed["data"]["comments"]]


def test_one_comment_per_chunk_through_repeats_and_changes(word: Playground, data_dir: Path) -> None:
    word.set_text("Fee Schedule\nParticipants pay a monthly fee.\nFootnotes")
    session = ok(word, "start_session", {"fromDocument": True, "document": word.document_id})["sessionId"]
    first = highlight(word, session, FEE)
    again = highlight(word, session, FEE)
    assert again["unchanged"] is True and again["commentId"] == first["commentId"]
    assert comments(word) == [("Participants pay a monthly fee.", "Chunk 1: Fee Schedule")]

    changed = highlight(word, session, FOOTNOTES)
    assert changed["replaced"] == first["commentId"]
    assert comments(word) == [("Participants pay a monthly fee.", "Chunk 1: Footnotes")]


def test_deleted_comments_come_back_and_answered_ones_stay(word: Playground, data_dir: Path) -> None:
    word.set_text("Fee Schedule\nParticipants pay a monthly fee.\nFootnotes")
    session = ok(word, "start_session", {"fromDocument": True, "document": word.document_id})["sessionId"]
    first = highlight(word, session, FEE)
    assert word.op("comment.delete", commentId=first["commentId"])["ok"]
    remade = highlight(word, session, FEE)
    assert "no longer on the chunk" in remade["note"]
    assert comments(word) == [("Participants pay a monthly fee.", "Chunk 1: Fee Schedule")]

    assert word.op("comment.reply", commentId=remade["commentId"], text="Agreed")["ok"]
    changed = highlight(word, session, FOOTNOTES)
    assert "replied to" in changed["note"] and "replaced" not in changed
    assert sorted(text for _, text in comments(word)) == ["Chunk 1: Fee Schedule", "Chunk 1: Footnotes"]
