"""The taskId bindings file: what it keeps and forgets, and a file it cannot use never stops or stalls the bridge."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.config import BridgeConfig
from bridge.word.hub import Hub
from bridge.word.retries import RequestKey, TaskLedger
from bridge.word.retry_store import FILE, BindingStore
from tests.support import FakePane, ServerThread, meta

KEY = RequestKey.of(meta("insertText", text="x"), "A.docx")
A = {"id": "doc_A", "title": "A.docx"}


@pytest.fixture
def warnings() -> Iterator[list[logging.LogRecord]]:
    """The warnings of word_bridge.retries (its logger does not propagate to the root once a server configured it)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("word_bridge.retries")
    handler = Keep(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


def open_store(path: Path, bridge: str = "https://localhost:3000", cap: int = 100,
               forget_after: float = 3600) -> BindingStore:
    return BindingStore.open(path, bridge, cap=cap, forget_after=forget_after)


def test_a_binding_comes_back_in_a_new_ledger_with_its_request_and_document(tmp_path):
    first = TaskLedger(10)
    first.persist(open_store(tmp_path / FILE))
    first.sent("t1", KEY, A, given=True)
    first.sent("t1", RequestKey.of(meta("getSelection")), {"id": "doc_B", "title": "B"}, given=True)  # first stands
    first.sent("generated", KEY, A, given=False)
    first.close()
    again = TaskLedger(10)
    again.persist(open_store(tmp_path / FILE))
    assert again.bound("t1") == (KEY, A)
    assert again.bound("generated") is None, "a taskId the bridge made up and never handed over is not written"
    other = TaskLedger(10)
    other.persist(open_store(tmp_path / FILE, bridge="https://localhost:3001"))
    assert other.bound("t1") is None, "another bridge's taskIds are not this one's"


def test_the_file_keeps_at_most_the_cap_and_forgets_after_the_time(tmp_path):
    store = open_store(tmp_path / FILE, cap=10)
    for n in range(25):
        store.save(f"t{n}", KEY.to_json(), "doc_A", "A.docx")
    assert len(store.load()) == 10 and store.load()[-1].task_id == "t24"
    with sqlite3.connect(tmp_path / FILE) as conn:
        assert conn.execute("SELECT count(*) FROM bindings").fetchone()[0] <= 11
        conn.execute("UPDATE bindings SET sent_at = sent_at - 7200 WHERE task_id != 't24'")
    store.close()
    assert [b.task_id for b in open_store(tmp_path / FILE).load()] == ["t24"]


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_damaged_file_leaves_the_bridge_in_memory_with_one_warning(tmp_path, warnings, content):
    (tmp_path / FILE).write_bytes(content)
    hub = Hub()
    hub.keep_bindings_in(tmp_path, "https://localhost:3000")
    assert len(warnings) == 1 and str(tmp_path / FILE) in warnings[0].getMessage()
    assert "kept in memory only" in warnings[0].getMessage()
    assert (tmp_path / FILE).read_bytes() == content
    hub.close()


def test_another_programs_database_is_left_untouched(tmp_path, warnings):
    with sqlite3.connect(tmp_path / FILE) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    before = (tmp_path / FILE).read_bytes()
    assert not open_store(tmp_path / FILE).active
    assert len(warnings) == 1 and "another program's database" in warnings[0].getMessage()
    assert (tmp_path / FILE).read_bytes() == before


def test_a_locked_file_is_given_up_on_at_once_not_waited_for(tmp_path, warnings):
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("CREATE TABLE held (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        store = open_store(tmp_path / FILE)
        assert not store.active and time.monotonic() - started < 5
        assert len(warnings) == 1
    finally:
        holder.close()


def test_a_write_that_fails_later_warns_once_and_the_ledger_goes_on_in_memory(tmp_path, warnings):
    ledger = TaskLedger(10)
    ledger.persist(open_store(tmp_path / FILE))
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        for n in range(3):
            ledger.sent(f"t{n}", KEY, A, given=True)
        started = time.monotonic()
        ledger.sent("t-later", KEY, A, given=True)
        assert time.monotonic() - started < 0.1, "once given up on, the file costs nothing"
    finally:
        holder.close()
    assert len(warnings) == 1 and [ledger.bound(f"t{n}") for n in range(3)] == [(KEY, A)] * 3


@pytest.mark.anyio
async def test_a_bridge_starts_and_edits_with_a_damaged_file_in_its_data_directory(certs_dir, monkeypatch, tmp_path,
                                                                                  capfd):
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    (tmp_path / FILE).write_bytes(b"garbage" * 1000)
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=5.0)).start()
    try:
        from bridge.word.remote import mcp_client

        pane = await FakePane(server).connect()
        async with mcp_client(server.config) as client:
            done = await client.call_tool("editTask", {"meta": meta("insertText", text="x"), "taskId": "t1"})
        assert (done.structured_content or {})["ok"] is True and len(pane.received) == 1
        await pane.close()
    finally:
        server.stop()
    logged = [line for line in capfd.readouterr().err.splitlines() if "word_bridge.retries" in line]
    assert len(logged) == 1 and "WARNING" in logged[0] and str(tmp_path / FILE) in logged[0]
