"""The annotation database file while the server runs: moved away, replaced or damaged under a running server,
and SQLite failures (a -wal directory, a read-only data directory, a path too long) answered as StorageError
naming the file and what to do."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from bridge.tools.annotations.database import DB_FILE, close_all
from tests.tools.test_annotations import chunks, failed, new_session, ok, server
from tests.tools.test_annotations_storage import storage_errors

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    folder = tmp_path / "d4"
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(folder))
    yield folder
    close_all()


def move_database(data_dir: Path, to: Path) -> None:
    """`mv <data dir>/annotations.sqlite3* <to>/`, as a person would, the server running."""
    to.mkdir(exist_ok=True)
    for file in data_dir.glob(f"{DB_FILE}*"):
        shutil.move(file, to / file.name)


def session_ids(db: Path) -> set[str]:
    conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        return {row[0] for row in conn.execute("SELECT id FROM sessions")}
    finally:
        conn.close()


async def test_a_database_moved_away_while_running_is_let_go(data_dir: Path, tmp_path: Path) -> None:
    """QA: after `mv annotations.sqlite3*` the next session went into the moved file and was lost on restart."""
    elsewhere = tmp_path / "elsewhere"
    async with Client(server()) as client:
        first = await new_session(client)
        move_database(data_dir, elsewhere)
        second = await new_session(client, 2)
        error = await failed(client, "get_progress", {"sessionId": first})
        assert error["type"] == "SessionNotFound", error  # a new database: the first session moved away with its file
        assert (await ok(client, "get_progress", {"sessionId": second}))["totalChunks"] == 2
    close_all()  # a restart
    async with Client(server()) as client:
        assert (await ok(client, "get_progress", {"sessionId": second}))["totalChunks"] == 2
    close_all()
    assert session_ids(data_dir / DB_FILE) == {second}
    assert session_ids(elsewhere / DB_FILE) == {first}


async def test_a_database_moved_without_its_wal_file_keeps_what_was_answered(data_dir: Path, tmp_path: Path) -> None:
    """QA: `mv annotations.sqlite3 moved.sqlite3` (the main file only) left every answered write in the -wal at the
    old path: SQLite skips the checkpoint on close once the file has moved, so the moved file held no tables."""
    moved = tmp_path / "moved.sqlite3"
    async with Client(server()) as client:
        first = await new_session(client)
        shutil.move(data_dir / DB_FILE, moved)
        second = await new_session(client, 2)  # noticed: the moved database is let go, a new one starts here
        assert (await failed(client, "get_progress", {"sessionId": first}))["type"] == "SessionNotFound"
    close_all()
    assert session_ids(moved) == {first}
    assert session_ids(data_dir / DB_FILE) == {second}  # the old write-ahead log did not leak into the new file


async def test_a_database_replaced_while_running_is_checked_again(data_dir: Path, tmp_path: Path) -> None:
    async with Client(server()) as client:
        await new_session(client)
        move_database(data_dir, tmp_path / "elsewhere")
        (data_dir / DB_FILE).write_text("my notes, not a database\n")
        error = await failed(client, "start_session", {"config": {"chunks": chunks(1)}})
        assert error["type"] == "StorageError" and "is not an SQLite database" in error["message"], error
    assert (data_dir / DB_FILE).read_text() == "my notes, not a database\n"


def damage(db: Path) -> None:
    """Write the data into the main file (checkpoint), then overwrite every page after the first in place."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    finally:
        conn.close()
    with db.open("r+b") as handle:
        size = handle.seek(0, os.SEEK_END)
        assert size > 100_000
        handle.seek(4096)
        handle.write(random.Random(4).randbytes(size - 4096))


async def test_a_database_damaged_while_running_is_let_go(data_dir: Path, tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """QA: a file damaged at runtime answered "database disk image is malformed" until a restart, even moved away."""
    db = data_dir / DB_FILE
    async with Client(server()) as client:
        session = (await ok(client, "start_session", {"config": {"chunks": chunks(3000)}}))["sessionId"]
        damage(db)
        error = await failed(client, "get_progress", {"sessionId": session})
        assert error["type"] == "StorageError", error
        message = error["message"]
        assert str(db) in message and "malformed" in message and "damaged" in message, message
        assert "move" in message.lower() and "WORD_BRIDGE_DATA_DIR" in message, message
        # let go: the next call checks the file again, read-only, and refuses it without touching it
        error = await failed(client, "start_session", {"config": {"chunks": chunks(1)}})
        assert error["type"] == "StorageError" and "is damaged" in error["message"], error
        assert "left the file untouched" in error["message"], error
        # moving the bad file away is enough, no restart
        move_database(data_dir, tmp_path / "elsewhere")
        fresh = await new_session(client)
        assert (await ok(client, "get_progress", {"sessionId": fresh}))["totalChunks"] == 3
    assert not [r for r in caplog.records if r.exc_info], "no traceback is logged"


def assert_names_the_file_and_the_fix(messages: list[str], db: Path, failure: str) -> None:
    for message in messages:
        assert message.startswith(f"The annotation database {db} failed: {failure}. "), message
        assert "WORD_BRIDGE_DATA_DIR" in message, message


async def test_a_wal_file_that_is_a_directory_names_the_file_and_the_fix(data_dir: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    """QA: answered "The annotation database failed: disk I/O error", naming no file."""
    (data_dir / f"{DB_FILE}-wal").mkdir(parents=True)
    messages = await storage_errors(caplog)
    assert_names_the_file_and_the_fix(messages, data_dir / DB_FILE, "disk I/O error")
    for message in messages:
        assert f"{DB_FILE}-wal" in message and "not directories" in message, message


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a user the permissions apply to")
async def test_a_read_only_data_dir_names_the_file_and_the_fix(data_dir: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    """QA: answered "The annotation database failed: unable to open database file", naming no file."""
    data_dir.mkdir()
    data_dir.chmod(0o555)
    try:
        messages = await storage_errors(caplog)
    finally:
        data_dir.chmod(0o755)
    assert_names_the_file_and_the_fix(messages, data_dir / DB_FILE, "unable to open database file")
    for message in messages:
        assert "can write to" in message, message


async def test_a_path_too_long_for_sqlite_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """SQLite opens no path of more than 512 bytes: "unable to open database file" (as root, this stands in for a
    read-only directory)."""
    deep = tmp_path
    while len(os.fsencode(deep / DB_FILE)) <= 520:
        deep /= "x" * 60
    deep.mkdir(parents=True)
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(deep))
    messages = await storage_errors(caplog)
    assert_names_the_file_and_the_fix(messages, deep / DB_FILE, "unable to open database file")
    for message in messages:
        assert "path this long" in message and "shorter path" in message, message
