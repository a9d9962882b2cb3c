"""Annotation storage: schema and migrations, refusal of foreign or damaged files (left byte for byte as they
were), 20 concurrent annotators without a lost update, and a 10,000-chunk export built once."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from bridge.tools.annotations import database as database_module
from bridge.tools.annotations.database import APPLICATION_ID, DB_FILE, SCHEMA_VERSION, Database, close_all
from bridge.tools.annotations.models import AnnotationFields
from bridge.tools.annotations.store import AnnotationStore
from tests.tools.test_annotations import FEE, chunks, failed, new_session, ok, server

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    yield tmp_path
    close_all()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def fresh_call(tool: str, args: dict[str, Any]) -> Any:
    async with Client(server()) as client:
        return await client.call_tool(tool, args)


async def refused(data_dir: Path, reason: str) -> None:
    """Every tool answers StorageError naming the file and the reason; the file is unchanged, nothing logged.

    (Reading a WAL-mode file, even read-only, may create an empty -wal beside it: no data goes there.)
    """
    db = data_dir / DB_FILE
    before = digest(db)
    async with Client(server()) as client:
        for tool, args in (("start_session", {"config": {"chunks": chunks(1)}}),
                           ("get_progress", {"sessionId": "33333333-3333-4333-8333-333333333333"})):
            error = await failed(client, tool, args)
            assert error["type"] == "StorageError", error
            assert str(db) in error["message"] and reason in error["message"], error["message"]
            assert "left the file untouched" in error["message"]
    assert digest(db) == before
    wal = data_dir / f"{DB_FILE}-wal"
    assert not wal.exists() or wal.stat().st_size == 0


async def test_a_new_database_is_ours_in_wal_mode(data_dir: Path) -> None:
    async with Client(server()) as client:
        await new_session(client)
    close_all()
    conn = sqlite3.connect(data_dir / DB_FILE)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    finally:
        conn.close()


async def test_a_file_that_is_not_sqlite_is_refused(data_dir: Path) -> None:
    (data_dir / DB_FILE).write_text("my notes, not a database\n" * 100)
    await refused(data_dir, "is not an SQLite database")


async def test_another_programs_database_is_refused(data_dir: Path) -> None:
    conn = sqlite3.connect(data_dir / DB_FILE)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.executemany("INSERT INTO customers (name) VALUES (?)", [(f"c{i}",) for i in range(100)])
    conn.commit()
    conn.close()
    await refused(data_dir, "belongs to another program")


async def test_a_damaged_database_is_refused(data_dir: Path) -> None:
    async with Client(server()) as client:
        await ok(client, "start_session", {"config": {"chunks": chunks(3000)}})
    close_all()
    db = data_dir / DB_FILE
    raw = bytearray(db.read_bytes())
    assert len(raw) > 40_000
    raw[20_000:28_000] = random.Random(4).randbytes(8_000)
    db.write_bytes(bytes(raw))
    await refused(data_dir, "is damaged")


async def test_a_damaged_header_is_refused(data_dir: Path) -> None:
    async with Client(server()) as client:
        await new_session(client)
    close_all()
    db = data_dir / DB_FILE
    raw = bytearray(db.read_bytes())
    raw[16:24] = b"\xff" * 8  # page size and format bytes
    db.write_bytes(bytes(raw))
    await refused(data_dir, "is damaged or not a database")


async def test_a_newer_schema_is_refused(data_dir: Path) -> None:
    async with Client(server()) as client:
        await new_session(client)
    close_all()
    conn = sqlite3.connect(data_dir / DB_FILE)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    await refused(data_dir, "newer Word Bridge (schema 99")


SIX_CALLS = (("start_session", {"config": {"chunks": chunks(1)}}),
             ("annotate_chunk", {"sessionId": "33333333-3333-4333-8333-333333333333", "chunkId": "0"}),
             ("annotate_chunks", {"sessionId": "33333333-3333-4333-8333-333333333333", "annotations": []}),
             ("add_relation", {"sessionId": "33333333-3333-4333-8333-333333333333", "sourceChunkId": "0",
                               "targetChunkId": "1", "relationType": "references"}),
             ("get_progress", {"sessionId": "33333333-3333-4333-8333-333333333333"}),
             ("export_annotations", {"sessionId": "33333333-3333-4333-8333-333333333333"}))


async def storage_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Every tool's StorageError message, on a server registered now (registering must not fail either)."""
    messages = []
    async with Client(server()) as client:
        for tool, args in SIX_CALLS:
            error = await failed(client, tool, args)
            assert error["type"] == "StorageError", (tool, error)
            messages.append(error["message"])
    assert not [r for r in caplog.records if r.exc_info], "no traceback is logged"
    return messages


@pytest.mark.parametrize("below", ["", "sub"])
async def test_a_data_dir_that_is_a_file_is_a_storage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture, below: str) -> None:
    """QA: WORD_BRIDGE_DATA_DIR naming a file stopped the server at startup (NotADirectoryError on taxonomy.json)."""
    file = tmp_path / "dd_file"
    file.write_text("not a folder")
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(file / below if below else file))
    for message in await storage_errors(caplog):
        assert str(file) in message and "is not a directory" in message, message
    assert file.read_text() == "not a folder"


async def test_a_database_path_that_is_a_directory_is_a_storage_error(data_dir: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    """QA: <data dir>/annotations.sqlite3 being a directory answered "Error executing tool" (IsADirectoryError)."""
    (data_dir / DB_FILE).mkdir()
    for message in await storage_errors(caplog):
        assert str(data_dir / DB_FILE) in message and "is a directory" in message, message


def answer_to(stdout: Any, request_id: int) -> dict[str, Any] | None:
    """The server's answer to `request_id` (None: it ended first)."""
    for line in iter(stdout.readline, ""):
        message = json.loads(line)
        if message.get("id") == request_id:
            return message  # type: ignore[no-any-return]
    return None


def test_the_bridge_starts_with_a_data_dir_that_is_a_file(tmp_path: Path, unused_tcp_port: int) -> None:
    """`word-bridge stdio` serves the Word tools and answers the annotation tools with StorageError."""
    file = tmp_path / "dd_file"
    file.touch()
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                 "protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                 "name": "get_progress", "arguments": {"sessionId": "33333333-3333-4333-8333-333333333333"}}}]
    process = subprocess.Popen([sys.executable, "-m", "bridge", "stdio", "--no-tls", "--port", str(unused_tcp_port)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=Path(__file__).parents[2], env={**os.environ, "WORD_BRIDGE_DATA_DIR": str(file)})
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
        process.stdin.flush()
        answer = answer_to(process.stdout, 2)
    finally:
        _, stderr = process.communicate(timeout=60)  # closing stdin ends the stdio server
    assert "Traceback" not in stderr, stderr
    assert answer is not None, f"the server ended without answering: {stderr}"
    result = answer["result"]
    assert result["isError"] is True, result
    assert json.loads(result["content"][0]["text"])["type"] == "StorageError"


async def test_refusal_is_not_remembered(data_dir: Path) -> None:
    db = data_dir / DB_FILE
    db.write_bytes(b"junk")
    assert (await fresh_call("start_session", {"config": {"chunks": chunks(1)}})).is_error
    db.rename(data_dir / "moved-away")
    result = await fresh_call("start_session", {"config": {"chunks": chunks(1)}})
    assert not result.is_error
    assert (data_dir / "moved-away").read_bytes() == b"junk"


async def test_an_empty_file_becomes_the_database(data_dir: Path) -> None:
    (data_dir / DB_FILE).touch()
    assert not (await fresh_call("start_session", {"config": {"chunks": chunks(1)}})).is_error


async def test_migrations_run_once_and_keep_the_data(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Client(server()) as client:
        session = await new_session(client)
        await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "1", **FEE})
    close_all()
    step = ("ALTER TABLE sessions ADD COLUMN title TEXT", "UPDATE sessions SET title = 'migrated'")
    monkeypatch.setattr(database_module, "MIGRATIONS", (*database_module.MIGRATIONS, step))
    monkeypatch.setattr(database_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    async with Client(server()) as client:
        exported = await ok(client, "export_annotations", {"sessionId": session})
    close_all()
    Database(data_dir / DB_FILE).close()  # opening a current database migrates nothing
    conn = sqlite3.connect(data_dir / DB_FILE)
    try:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION + 1,)]
        assert conn.execute("SELECT title FROM sessions").fetchall() == [("migrated",)]
    finally:
        conn.close()
    assert exported["chunks"][1]["subtypes"] == FEE["subtypes"]


ANNOTATORS = 20
PER_ANNOTATOR = 25


def annotator_work(k: int) -> list[AnnotationFields]:
    own = [AnnotationFields(chunkId=f"{k}-{i}", tags=[f"by {k}"], keywords=[f"k{k}", f"i{i}"])
           for i in range(PER_ANNOTATOR)]
    field = "notes" if k % 2 == 0 else "summary"
    return own + [AnnotationFields(chunkId="shared", **{field: f"{field} by {k}"})]


def expected_after(exported: dict[str, Any]) -> None:
    by_id = {c["chunk_id"]: c for c in exported["chunks"]}
    for k in range(ANNOTATORS):
        for i in range(PER_ANNOTATOR):
            chunk = by_id[f"{k}-{i}"]
            assert chunk["tags"] == [f"by {k}"] and chunk["keywords"] == [f"k{k}", f"i{i}"], chunk
        assert by_id[f"{k}-0"]["relations"] == {"references": ["shared"]}
    shared = by_id["shared"]
    assert shared["notes"] in {f"notes by {k}" for k in range(0, ANNOTATORS, 2)}
    assert shared["summary"] in {f"summary by {k}" for k in range(1, ANNOTATORS, 2)}


def session_config() -> list[dict[str, Any]]:
    ids = ["shared"] + [f"{k}-{i}" for k in range(ANNOTATORS) for i in range(PER_ANNOTATOR)]
    return [{"chunk_id": cid, "position": n, "text": ""} for n, cid in enumerate(ids)]


async def test_twenty_annotators_in_threads_lose_nothing(data_dir: Path) -> None:
    """Each thread has its own connections (as separate processes would) and interleaves one-chunk calls."""
    async with Client(server()) as client:
        session = (await ok(client, "start_session", {"config": {"chunks": session_config()}}))["sessionId"]
    start = threading.Barrier(ANNOTATORS)
    failures: list[BaseException] = []

    def annotate(k: int) -> None:
        store = AnnotationStore(Database(data_dir / DB_FILE))
        try:
            start.wait()
            for n, item in enumerate(annotator_work(k)):
                (outcome,) = store.annotate(session, [item], lambda merged: [])
                assert isinstance(outcome, dict), outcome
                if n == 0:
                    assert store.add_relation(session, item.chunkId, "shared", "references")
                store.progress(session)
        except BaseException as exc:  # collected: a thread's exception must fail the test
            failures.append(exc)
        finally:
            store.db.close()

    threads = [threading.Thread(target=annotate, args=(k,)) for k in range(ANNOTATORS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures
    async with Client(server()) as client:
        exported = await ok(client, "export_annotations", {"sessionId": session})
        progress = await ok(client, "get_progress", {"sessionId": session})
    expected_after(exported)
    assert progress["annotatedChunks"] == progress["totalChunks"] == 1 + ANNOTATORS * PER_ANNOTATOR


async def test_twenty_annotators_as_concurrent_mcp_calls_lose_nothing() -> None:
    async with Client(server()) as client:
        session = (await ok(client, "start_session", {"config": {"chunks": session_config()}}))["sessionId"]

        async def annotator(k: int) -> None:
            for n, item in enumerate(annotator_work(k)):
                args = item.model_dump(exclude_none=True)
                if n % 2:
                    await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [args]})
                else:
                    await ok(client, "annotate_chunk", {"sessionId": session, **args})
                if n == 0:
                    await ok(client, "add_relation", {"sessionId": session, "sourceChunkId": item.chunkId,
                                                      "targetChunkId": "shared", "relationType": "references"})

        async with anyio.create_task_group() as group:
            for k in range(ANNOTATORS):
                group.start_soon(annotator, k)
        expected_after(await ok(client, "export_annotations", {"sessionId": session}))
        assert (await ok(client, "get_progress", {"sessionId": session}))["pendingChunks"] == 0


async def test_export_of_10000_chunks_is_built_once(data_dir: Path) -> None:
    config = [{"chunk_id": f"c{i:05}", "position": 10_000 - i, "text": f"text {i}"} for i in range(10_000)]
    async with Client(server()) as client:
        session = (await ok(client, "start_session", {"config": {"chunks": config}}))["sessionId"]
        answer = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
            {"chunkId": f"c{i:05}", **FEE, "keywords": ["fee", str(i)], "notes": "n" * 40}
            for i in range(0, 10_000, 3)]})
        assert answer["errorCount"] == 0
        await ok(client, "add_relation", {"sessionId": session, "sourceChunkId": "c09999", "targetChunkId": "c00000",
                                          "relationType": "dependencies"})
        exported = await ok(client, "export_annotations", {"sessionId": session})
    assert len(exported["chunks"]) == 10_000
    assert [c["position"] for c in exported["chunks"]] == list(range(1, 10_001))
    assert exported["chunks"][0]["relations"] == {"dependencies": ["c00000"]}
    assert exported["chunks"][-1]["notes"] == "n" * 40 and exported["chunks"][-2]["notes"] == ""

    store = AnnotationStore(database_module.database())
    tracemalloc.start()
    try:
        text = store.export_text(session)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert json.loads(text) == exported
    # The pieces plus the one joined string: about twice the text. A list of dicts dumped at once costs ~10x.
    assert peak < 2.6 * len(text), (peak, len(text))
