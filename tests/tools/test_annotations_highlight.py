"""annotate_chunk's highlight is idempotent: one Word comment per chunk, kept on an exact repeat, replaced when the
annotation changes, made again when the person deleted it, and left alone (a new one beside it) when the person
edited it or replied to it.

The document is the pane's side of readDocument and the comment ops at the tool's boundary: reads list each
block's comments as the pane does (`comments: [{commentId, text, resolved, replies}]`), comment.add and
comment.delete change them. tests/tools/test_annotations_highlight_e2e.py runs the same through the simulator.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from mcp import Client

from bridge.tools.annotations.document import block_text
from tests.tools.old_sessions import old_document_session
from tests.tools.paged_document import PagedDocument
from tests.tools.test_annotations import FEE, WORD_BLOCKS, data_dir, ok, server

__all__ = ["data_dir"]  # the autouse fixture: each test gets its own data directory

pytestmark = pytest.mark.anyio

FOOTNOTES = {"categories": ["footnotes"], "labels": ["Footnotes"], "subtypes": {"footnotes": "reference"}}


class CommentedDocument(PagedDocument):
    """Paragraphs with range ids and the comments on them; comment.add and comment.delete change `live`."""

    def __init__(self, blocks: list[dict[str, Any]]) -> None:
        super().__init__(blocks)
        self.live: dict[str, dict[str, Any]] = {}  # comment id → {rangeId, text, resolved, replies}
        self.made = 0
        self.ops: list[str] = []

    def texts(self) -> list[str]:
        return [c["text"] for c in self.live.values()]

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]:
        self.ops.append(meta["op"])
        await anyio.sleep(0)  # let concurrent calls interleave, as a pane's round trips do
        if meta["op"] == "comment.add":
            self.made += 1
            comment_id = f"c{self.made}"
            self.live[comment_id] = {"rangeId": meta["args"]["scope"][len("rangeId:"):],
                                     "text": meta["args"]["text"], "resolved": False, "replies": 0}
            return {"ok": True, "op": "comment.add", "diagnostics": [],
                    "data": {"commentId": comment_id, "rangeId": "rng_new"}}
        if meta["op"] == "comment.delete":
            if self.live.pop(meta["args"]["commentId"], None) is None:
                return {"ok": False, "op": "comment.delete", "code": "E_NOT_FOUND", "data": {}, "diagnostics": [
                    {"level": "error", "msg": "No comment in the document", "field": "args.commentId"}]}
            return {"ok": True, "op": "comment.delete", "diagnostics": [],
                    "data": {"commentId": meta["args"]["commentId"], "deleted": True}}
        result = await super().edit_task(content=content, meta=meta, document=document)
        if meta["args"].get("includeRangeIds"):
            result["data"]["blocks"] = [self._with_review(b) for b in result["data"]["blocks"]]
        return result

    def _with_review(self, block: dict[str, Any]) -> dict[str, Any]:
        if block["type"] != "paragraph":
            return {**block, "tableId": f"tbl_{block['index']}"}
        range_id = f"rng_{block['index']}"
        comments = [{"commentId": cid, "text": c["text"], "author": "A", "date": "2024-01-01T00:00:00.000Z",
                     "resolved": c["resolved"], "replies": c["replies"]}
                    for cid, c in self.live.items() if c["rangeId"] == range_id]
        return {**block, "rangeId": range_id, **({"comments": comments} if comments else {})}


async def highlight(client: Client, session: str, chunk: str, fields: dict[str, Any]) -> dict[str, Any]:
    answer = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": chunk, **fields,
                                                 "highlight": True})
    return answer["highlight"]  # type: ignore[no-any-return]


async def test_a_repeat_adds_no_second_comment() -> None:
    """QA: the same annotate_chunk with highlight twice left two identical comments "Chunk 1: Fee Schedule"."""
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        first = await highlight(client, session, "1", FEE)
        again = await highlight(client, session, "1", FEE)
    assert first == {"ok": True, "commentId": "c1", "text": "Chunk 1: Fee Schedule"}
    assert again == {**first, "unchanged": True}
    assert document.texts() == ["Chunk 1: Fee Schedule"]
    assert document.ops.count("comment.add") == 1


async def test_a_changed_annotation_replaces_the_comment() -> None:
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        await highlight(client, session, "1", FEE)
        relabelled = await highlight(client, session, "1", FOOTNOTES)
        noted = await highlight(client, session, "1", {"notes": "see the footer"})
        repeated = await highlight(client, session, "1", {"notes": "see the footer"})
    assert relabelled == {"ok": True, "commentId": "c2", "text": "Chunk 1: Footnotes", "replaced": "c1"}
    assert noted == {"ok": True, "commentId": "c3", "text": "Chunk 1: Footnotes — see the footer",
                     "replaced": "c2"}
    assert repeated["unchanged"] is True and repeated["commentId"] == "c3"
    assert document.live == {"c3": {"rangeId": "rng_1", "text": "Chunk 1: Footnotes — see the footer",
                                    "resolved": False, "replies": 0}}


async def test_a_comment_deleted_in_word_is_made_again() -> None:
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        await highlight(client, session, "1", FEE)
        document.live.clear()  # the person deleted it
        again = await highlight(client, session, "1", FEE)
        changed = await highlight(client, session, "1", FOOTNOTES)
    assert again["ok"] is True and again["commentId"] == "c2" and "c1" in again["note"]
    assert changed == {"ok": True, "commentId": "c3", "text": "Chunk 1: Footnotes", "replaced": "c2"}
    assert document.texts() == ["Chunk 1: Footnotes"]


async def test_a_comment_the_person_edited_or_answered_is_left_to_them() -> None:
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        await highlight(client, session, "1", FEE)
        document.live["c1"]["text"] = "Chunk 1: Fee Schedule (checked by Ann)"
        repeat = await highlight(client, session, "1", FEE)
        changed = await highlight(client, session, "1", FOOTNOTES)
        document.live["c2"]["replies"] = 1
        answered = await highlight(client, session, "1", {"notes": "n"})
    assert repeat["unchanged"] is True and repeat["text"] == "Chunk 1: Fee Schedule (checked by Ann)"
    assert "edited in Word" in repeat["note"] and document.ops.count("comment.add") == 3
    assert changed["commentId"] == "c2" and "c1" in changed["note"] and "replaced" not in changed
    assert answered["commentId"] == "c3" and "c2" in answered["note"]
    assert document.texts() == ["Chunk 1: Fee Schedule (checked by Ann)", "Chunk 1: Footnotes",
                                "Chunk 1: Footnotes — n"]
    assert "comment.delete" not in document.ops


async def test_a_comment_with_the_same_text_is_not_written_twice() -> None:
    """Another session on the same document (or an answer lost before the id was saved): the identical comment
    already on the chunk is its comment."""
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        one = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        two = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        await highlight(client, one, "1", FEE)
        shared = await highlight(client, two, "1", FEE)
        moved_on = await highlight(client, two, "1", FOOTNOTES)
    assert shared == {"ok": True, "commentId": "c1", "text": "Chunk 1: Fee Schedule", "unchanged": True}
    assert moved_on == {"ok": True, "commentId": "c2", "text": "Chunk 1: Footnotes", "replaced": "c1"}
    assert document.texts() == ["Chunk 1: Footnotes"]


async def test_concurrent_repeats_make_one_comment() -> None:
    document = CommentedDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        answers: list[Any] = []

        async def call() -> None:
            result = await client.call_tool("annotate_chunk", {"sessionId": session, "chunkId": "1", **FEE,
                                                               "highlight": True})
            answers.append(json.loads(result.content[0].text)["highlight"])

        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(call)
    assert document.texts() == ["Chunk 1: Fee Schedule"]
    assert sorted(a.get("unchanged", False) for a in answers) == [False, True, True, True]


async def test_a_session_from_before_highlights_were_remembered_is_migrated() -> None:
    """A schema 1 database (no highlights table) opens migrated, and its sessions' highlights are idempotent."""
    document = CommentedDocument(WORD_BLOCKS)
    session = old_document_session([block_text(b) for b in WORD_BLOCKS], schema=1)
    # the comment an earlier Word Bridge made, which it did not remember
    document.live["old"] = {"rangeId": "rng_1", "text": "Chunk 1: Fee Schedule", "resolved": False, "replies": 0}
    async with Client(server(document)) as client:
        again = await highlight(client, session, "1", FEE)
        changed = await highlight(client, session, "1", FOOTNOTES)
    assert again["unchanged"] is True and again["commentId"] == "old"
    assert changed == {"ok": True, "commentId": "c1", "text": "Chunk 1: Footnotes", "replaced": "old"}
    assert document.texts() == ["Chunk 1: Footnotes"]
