"""A retry after the bridge restarted goes to the document that got the op, never to another one.

Real bridges (a new Hub and ServerThread on the same port and data directory), real SQLite, panes over WSS that
come back with their session ids, as the add-in's do. Two documents: B is the most recently opened one after the
restart, so a retry routed afresh would run the edit a second time there.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from bridge.word.retry_store import FILE
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio

REPEATED = "repeated taskId: this is the first result; the op was not run again"
INSERT = meta("insertText", text="[once]")


class Document:
    """A document's pane that keeps its taskId records across its connections (the real pane stores them)."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.session: str | None = None
        self.records: dict[str, dict[str, Any]] = {}
        self.runs: list[str] = []
        self.answering = True
        self.pane: FakePane | None = None

    async def handle(self, command: dict[str, Any]) -> dict[str, Any] | None:
        task_id = command["id"]
        if task_id in self.records:
            return {**self.records[task_id], "diagnostics": [{"level": "info", "msg": REPEATED, "field": "taskId"}]}
        self.runs.append(task_id)
        result = {"ok": True, "op": command["op"]["op"], "data": {"ranIn": self.title}, "diagnostics": []}
        self.records[task_id] = result
        return result if self.answering else None

    async def open(self, server: ServerThread) -> Document:
        self.pane = await FakePane(server, title=self.title, session=self.session, handler=self.handle).connect()
        self.session = self.pane.session
        return self

    async def close(self) -> None:
        if self.pane is not None:
            await self.pane.close()
            self.pane = None


async def edit(server: ServerThread, **arguments: Any) -> dict[str, Any]:
    async with mcp_client(server.config) as client:
        result = await client.call_tool("editTask", arguments)
        return dict(result.structured_content or {})


class Bridges:
    """One bridge at a time on one port and one data directory; `restart` stops it and starts a new one."""

    def __init__(self, certs_dir: Path) -> None:
        self.certs_dir = certs_dir
        self.server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=1.0)).start()

    async def restart(self, *documents: Document) -> ServerThread:
        for document in documents:
            await document.close()
        await asyncio.to_thread(self.server.stop)
        self.server = await asyncio.to_thread(
            lambda: ServerThread(BridgeConfig(port=self.server.config.port, certs_dir=self.certs_dir,
                                              op_timeout=1.0)).start())
        return self.server


@pytest.fixture
async def bridges(certs_dir) -> AsyncIterator[Bridges]:
    running = Bridges(certs_dir)
    yield running
    await asyncio.to_thread(running.server.stop)


def rows() -> list[tuple[str, str]]:
    """(taskId, session id) of every binding in the data directory's file, read by another connection."""
    with sqlite3.connect(Path(os.environ["WORD_BRIDGE_DATA_DIR"]) / FILE) as conn:
        return conn.execute("SELECT task_id, session_id FROM bindings ORDER BY task_id").fetchall()


async def two_documents(bridges: Bridges) -> tuple[Document, Document]:
    """B opened first, then A: A is the most recently opened document, where an op without `document` goes."""
    b = await Document("B.docx").open(bridges.server)
    a = await Document("A.docx").open(bridges.server)
    return a, b


async def back_after_restart(bridges: Bridges, a: Document, b: Document) -> ServerThread:
    """Restart the bridge; A's pane reconnects first, then B's: B is now the most recently opened document."""
    server = await bridges.restart(a, b)
    await a.open(server)
    await b.open(server)
    return server


async def test_a_retry_after_a_restart_goes_to_the_document_that_got_the_op(bridges):
    a, b = await two_documents(bridges)
    first = await edit(bridges.server, meta=INSERT, taskId="k1")
    assert first["ok"] is True and first["document"]["id"] == a.session
    server = await back_after_restart(bridges, a, b)

    retry = await edit(server, meta=INSERT, taskId="k1")
    assert retry["ok"] is True and retry["data"] == {"ranIn": "A.docx"}, retry
    assert retry["document"]["id"] == a.session and REPEATED in [d["msg"] for d in retry["diagnostics"]]
    assert a.runs == ["k1"] and b.runs == [], "one request, one edit: B must never get k1"
    # Another request under that taskId is refused, as before the restart: nothing reaches a pane.
    other = await edit(server, meta=meta("insertText", text="[other]"), taskId="k1")
    assert other["ok"] is False and other["code"] == "E_INVALID_ARG", other
    assert other["diagnostics"][0]["field"] == "taskId" and "args.text" in other["diagnostics"][0]["msg"]
    assert b.pane is not None and b.pane.received == [] and a.runs == ["k1"]
    await a.close()
    await b.close()


async def test_while_that_document_is_away_after_a_restart_the_retry_may_have_been_applied_there(bridges):
    a, b = await two_documents(bridges)
    a.answering = False  # the bridge stops before A's pane answers: the caller only hears that it may have run
    timed_out = await edit(bridges.server, meta=INSERT, taskId="k2")
    assert timed_out["code"] == "E_TIMEOUT" and a.runs == ["k2"]
    server = await bridges.restart(a, b)
    server.bridge.hub.reconnect_grace = 0.3  # how long a retry waits for A's pane to come back
    await b.open(server)  # A's pane does not come back

    retry = await edit(server, meta=INSERT, taskId="k2")
    assert retry["ok"] is False and retry["code"] == "E_RUNTIME", retry
    said = retry["diagnostics"][0]["msg"]
    assert "may or may not have been applied" in said and a.session in said and "A.docx" in said
    assert b.runs == [] and b.pane is not None and b.pane.received == []
    await b.close()


async def test_a_retry_sent_before_that_document_reconnects_waits_for_its_pane(bridges):
    a, b = await two_documents(bridges)
    await edit(bridges.server, meta=INSERT, taskId="k5")
    server = await bridges.restart(a, b)
    await b.open(server)
    assert server.bridge.hub.documents()[0]["id"] == b.session, "only B is connected; A is not listed"

    retry = asyncio.create_task(edit(server, meta=INSERT, taskId="k5"))
    await asyncio.sleep(0.3)
    assert not retry.done(), "the retry waits the reconnect grace for A's pane"
    await a.open(server)
    answered = await asyncio.wait_for(retry, 10)
    assert answered["ok"] is True and answered["document"]["id"] == a.session, answered
    assert REPEATED in [d["msg"] for d in answered["diagnostics"]] and a.runs == ["k5"] and b.runs == []
    await a.close()
    await b.close()


async def test_the_binding_is_written_before_the_op_is_sent(bridges):
    """A bridge killed while its pane runs the op still knows, once restarted, where the op went."""
    a, b = await two_documents(bridges)
    a.answering = False
    running = asyncio.create_task(edit(bridges.server, meta=INSERT, taskId="k3"))
    await wait_until(lambda: a.runs == ["k3"])
    assert rows() == [("k3", a.session)]
    await running
    await a.close()
    await b.close()


async def test_a_task_id_the_bridge_made_up_is_written_only_when_an_answer_hands_it_over(bridges):
    a, b = await two_documents(bridges)
    done = await edit(bridges.server, meta=INSERT)
    assert done["ok"] is True and rows() == [], "a call without a taskId that got its result writes nothing"
    a.answering = False
    timed_out = await edit(bridges.server, meta=meta("insertText", text="[slow]"))
    assert timed_out["code"] == "E_TIMEOUT" and timed_out["taskId"] in timed_out["diagnostics"][0]["msg"]
    assert rows() == [(timed_out["taskId"], a.session)]
    a.answering = True
    server = await back_after_restart(bridges, a, b)

    retry = await edit(server, meta=meta("insertText", text="[slow]"), taskId=timed_out["taskId"])
    assert retry["ok"] is True and retry["document"]["id"] == a.session and b.runs == [], retry
    await a.close()
    await b.close()


async def test_another_bridge_on_the_same_data_directory_keeps_its_own_task_ids(bridges, certs_dir):
    a, b = await two_documents(bridges)
    await edit(bridges.server, meta=INSERT, taskId="k4")
    other = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=1.0)).start()
    try:
        c = await Document("C.docx").open(other)
        mine = await edit(other, meta=INSERT, taskId="k4")
        assert mine["ok"] is True and c.runs == ["k4"] and a.runs == ["k4"]
        await c.close()
    finally:
        await asyncio.to_thread(other.stop)
    await a.close()
    await b.close()
