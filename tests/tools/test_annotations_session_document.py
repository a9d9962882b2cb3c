"""A session from the document remembers the document that answered its read, and annotate_chunk's highlight goes
to that document, naming it, whichever document is active then.

QA: with document A read by start_session and a second document B (the same text) opened afterwards, the
highlight's comment landed on B (the most recently active), nothing on A, and the answer did not say which
document it had marked; with B's text different, the refusal said the chunk's text "is no longer in the
document". Through the real bridge: two panes on WSS connections, the MCP tools over RemoteEditService.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest
from mcp import Client

from bridge.tools.annotations.session_document import SessionDocument, locate
from bridge.tools.word_access import read_document
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread
from tests.tools.old_sessions import old_document_session
from tests.tools.paged_document import PagedDocument
from tests.tools.test_annotations import FEE, data_dir, ok, server

__all__ = ["data_dir"]  # the autouse fixture: each test gets its own data directory

pytestmark = pytest.mark.anyio

CONTRACT = ["Contract A intro", "Payment is due in 30 days.", "Termination clause"]


class CommentingPane:
    """A pane's document: readDocument pages (with range ids when asked) and comment.add, as the pane answers."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.comments: list[tuple[str, str]] = []  # (range id, text)

    async def __call__(self, command: dict[str, Any]) -> dict[str, Any]:
        op, args = command["op"]["op"], command["op"]["args"]
        if op == "comment.add":
            self.comments.append((args["scope"][len("rangeId:"):], args["text"]))
            return {"ok": True, "op": op, "diagnostics": [], "data": {"commentId": f"c{len(self.comments)}"}}
        start, end = args["offset"], min(args["offset"] + args["limit"], len(self.texts))
        blocks = [{"index": n, "type": "paragraph", "text": self.texts[n], "style": "Normal",
                   **({"rangeId": f"rng_{n}"} if args.get("includeRangeIds") else {})} for n in range(start, end)]
        return {"ok": True, "op": op, "diagnostics": [], "data": {
            "format": "structure", "offset": start, "nextOffset": end if end < len(self.texts) else None,
            "totalBlocks": len(self.texts), "blocks": blocks}}


@pytest.fixture
async def word(bridge: ServerThread) -> AsyncIterator[RemoteEditService]:
    service = RemoteEditService(bridge.config)
    yield service
    await service.aclose()


async def connect(bridge: ServerThread, title: str, texts: list[str], session: str | None = None
                  ) -> tuple[FakePane, CommentingPane]:
    document = CommentingPane(texts)
    return await FakePane(bridge, title=title, handler=document, session=session).connect(), document


async def close(word: RemoteEditService, pane: FakePane) -> None:
    """Close the pane's connection and wait until the bridge no longer lists its document."""
    await pane.close()
    for _ in range(500):
        if all(d["id"] != pane.session for d in (await word.list_documents())["documents"]):
            return
        await anyio.sleep(0.01)
    raise TimeoutError(f"the bridge still lists {pane.session}")


async def highlight(word: RemoteEditService, session: str, chunk: str = "1") -> dict[str, Any]:
    async with Client(server(word)) as client:
        answer = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": chunk, **FEE,
                                                     "highlight": True})
    return answer["highlight"]  # type: ignore[no-any-return]


async def start(word: RemoteEditService, **args: Any) -> dict[str, Any]:
    async with Client(server(word)) as client:
        return await ok(client, "start_session", {"fromDocument": True, **args})  # type: ignore[no-any-return]


async def read_then_closed(bridge: ServerThread, word: RemoteEditService
                           ) -> tuple[str, FakePane, FakePane, CommentingPane]:
    """A session read from A, whose pane then closed, and B (the same text) connected since: (the session id,
    A's closed pane, B's pane and document)."""
    pane_a, _ = await connect(bridge, "Contract A.docx", CONTRACT)
    made = await start(word)
    await close(word, pane_a)
    pane_b, b = await connect(bridge, "Contract B.docx", CONTRACT)
    return made["sessionId"], pane_a, pane_b, b


@pytest.mark.parametrize("b_text", [CONTRACT, ["Something else entirely", "Another paragraph", "End"]])
async def test_the_highlight_goes_to_the_document_the_session_was_read_from(
        bridge: ServerThread, word: RemoteEditService, b_text: list[str]) -> None:
    pane_a, a = await connect(bridge, "Contract A.docx", CONTRACT)
    try:
        made = await start(word)  # A is the only document: the active one
        pane_b, b = await connect(bridge, "Contract B.docx", b_text)  # now B is the most recently active
        try:
            marked = await highlight(word, made["sessionId"])
        finally:
            await pane_b.close()
    finally:
        await pane_a.close()
    assert a.comments == [("rng_1", "Chunk 1: Fee Schedule")] and b.comments == []
    assert marked == {"ok": True, "document": {"id": pane_a.session, "title": "Contract A.docx"},
                      "commentId": "c1", "text": "Chunk 1: Fee Schedule"}
    assert made["document"] == {"id": pane_a.session, "title": "Contract A.docx"}


async def test_a_disconnected_document_is_named_and_no_other_is_marked(bridge: ServerThread,
                                                                       word: RemoteEditService) -> None:
    session, pane_a, pane_b, b = await read_then_closed(bridge, word)
    try:
        async with Client(server(word)) as client:
            answer = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "1", **FEE,
                                                         "highlight": True})
            progress = await ok(client, "get_progress", {"sessionId": session})
    finally:
        await pane_b.close()
    refused = answer["highlight"]
    assert refused["ok"] is False and refused["document"] == {"id": pane_a.session, "title": "Contract A.docx"}
    assert refused["reason"].startswith(f"the session's document 'Contract A.docx' ({pane_a.session}) is not "
                                        "connected")
    assert "no other document" in refused["reason"]
    assert b.comments == []
    assert answer["labels"] == ["Fee Schedule"] and progress["annotatedChunks"] == 1  # the annotation is saved


async def test_a_pane_back_with_its_session_id_is_the_same_document(bridge: ServerThread,
                                                                     word: RemoteEditService) -> None:
    """The pane keeps its session id across a reload and a restart of the bridge (it says it again in hello)."""
    session, pane_a, pane_b, b = await read_then_closed(bridge, word)
    back, a = await connect(bridge, "Contract A.docx", CONTRACT, session=pane_a.session)
    try:
        marked = await highlight(word, session)
    finally:
        await back.close()
        await pane_b.close()
    assert back.session == pane_a.session
    assert marked["ok"] is True and marked["document"]["id"] == pane_a.session and "note" not in marked
    assert a.comments == [("rng_1", "Chunk 1: Fee Schedule")] and b.comments == []


async def test_the_same_file_reopened_under_a_new_id_is_found_by_its_url(bridge: ServerThread,
                                                                         word: RemoteEditService) -> None:
    session, pane_a, pane_b, _ = await read_then_closed(bridge, word)
    reopened, a = await connect(bridge, "Contract A.docx", CONTRACT)  # Word opened the file again: a new pane
    await close(word, pane_b)
    pane_b, b = await connect(bridge, "Contract B.docx", CONTRACT)  # and B is the active one again
    try:
        marked = await highlight(word, session)
    finally:
        await reopened.close()
        await pane_b.close()
    assert reopened.session != pane_a.session
    assert marked["ok"] is True and marked["document"] == {"id": reopened.session, "title": "Contract A.docx"}
    assert f"connected again as {reopened.session}" in marked["note"]
    assert a.comments == [("rng_1", "Chunk 1: Fee Schedule")] and b.comments == []


async def test_a_document_without_a_url_is_not_looked_for_elsewhere() -> None:
    """A playground page or an unsaved document has no URL: another one with the same title is not it."""
    class Listed(PagedDocument):
        async def list_documents(self) -> dict[str, Any]:
            return {"documents": [{"id": "doc_new", "title": "Untitled", "url": "", "connected": True}]}

    found = await locate(Listed([]), SessionDocument("doc_old", "Untitled", None))
    assert found.route is None and found.refused is not None and "'Untitled' (doc_old)" in found.refused


async def test_a_session_from_before_documents_were_recorded(bridge: ServerThread, word: RemoteEditService) -> None:
    """Such a session (schema 2) highlights the one connected document, naming it; with two it guesses neither."""
    session = old_document_session(CONTRACT, schema=2)
    pane_a, a = await connect(bridge, "Contract A.docx", CONTRACT)
    try:
        alone = await highlight(word, session)
        pane_b, b = await connect(bridge, "Contract B.docx", CONTRACT)
        try:
            two = await highlight(word, session, "2")
        finally:
            await pane_b.close()
    finally:
        await pane_a.close()
    assert alone["ok"] is True and alone["document"] == {"id": pane_a.session, "title": "Contract A.docx"}
    assert two["ok"] is False and "2 documents are connected" in two["reason"]
    assert a.comments == [("rng_1", "Chunk 1: Fee Schedule")] and b.comments == []


class SwitchingWord(PagedDocument):
    """Two documents; the active one changes after the first page is read (another document gets the focus)."""

    def __init__(self) -> None:
        super().__init__([{"index": n, "type": "paragraph", "text": f"A{n}"} for n in range(5)])
        self.other = PagedDocument([{"index": n, "type": "paragraph", "text": f"B{n}"} for n in range(5)])
        self.active = "doc_a"

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]:
        target = document or self.active
        source = self if target == "doc_a" else self.other
        result = await PagedDocument.edit_task(source, content=content, meta=meta, document=document)
        self.active = "doc_b"
        return {**result, "document": {"id": target, "title": target}}


async def test_a_read_of_several_pages_stays_on_the_document_that_answered_first() -> None:
    word = SwitchingWord()
    read = await read_document(word)
    assert [b["text"] for b in read.blocks] == ["A0", "A1", "A2", "A3", "A4"]
    assert read.document == {"id": "doc_a", "title": "doc_a"}
    assert [c["document"] for c in word.calls] == [None, "doc_a", "doc_a"]
