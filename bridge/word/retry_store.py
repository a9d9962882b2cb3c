"""Which document each retryable taskId's op was sent to, kept in an SQLite file so that it outlives the bridge.

A taskId belongs to the document its op was sent to (retries.py); in memory only, a bridge that restarts (or is
killed) would route a retry afresh, and with two documents open could run the edit a second time in the other one.
Pane session ids survive a restart (the pane names its session in `hello`), so a binding read back here still names
the right document.

One row per binding, written with one small transaction on the event loop before the op is sent (write-ahead: a
bridge killed right after sending still knows where the op went). WAL with `synchronous = NORMAL` makes that
commit a write to the WAL without an fsync: it survives the process being killed, which is what this protects
against (a power cut may lose the last rows; the panes still answer repeats from their own records). A thread
would cost more than the write.

The file is a cache: a file that cannot be used (damaged, foreign, locked, unwritable) never stops or stalls the
bridge. It logs one warning and the bridge keeps its bindings in memory only, as it did before.

Rows are scoped by the bridge's address (its origin): two bridges sharing a data directory serve different panes,
and one must not refuse or re-route the other's taskIds.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import Final, NamedTuple

log = logging.getLogger("word_bridge.retries")

FILE: Final = "task-bindings.sqlite3"
APPLICATION_ID: Final = 0x57425442  # "WBTB": Word Bridge task bindings (PRAGMA application_id)
SCHEMA_VERSION: Final = 1
BUSY_TIMEOUT_S: Final = 1.0
"""Short: a write runs on the event loop, and a file another program holds locked is given up on, not waited for."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS bindings (
    bridge TEXT NOT NULL,
    task_id TEXT NOT NULL,
    request TEXT NOT NULL,
    session_id TEXT NOT NULL,
    title TEXT NOT NULL,
    sent_at REAL NOT NULL,
    PRIMARY KEY (bridge, task_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS bindings_by_age ON bindings (bridge, sent_at);
"""


class StoredBinding(NamedTuple):
    task_id: str
    request: str
    """The request key, as RequestKey.to_json wrote it."""
    session_id: str
    title: str


class BindingStore:
    """The bindings of one bridge in the data directory's SQLite file; in memory only once the file failed."""

    def __init__(self, path: Path, bridge: str, *, cap: int, forget_after: float) -> None:
        self.path = path
        self.bridge = bridge
        self.cap = cap
        self.forget_after = forget_after
        self._conn: sqlite3.Connection | None = None
        self._rows = 0
        """Rows of this bridge in the file, about: past the cap by a tenth, the oldest are deleted."""

    @property
    def active(self) -> bool:
        return self._conn is not None

    @classmethod
    def open(cls, path: Path, bridge: str, *, cap: int, forget_after: float) -> BindingStore:
        """The store at `path`, its expired rows gone; an inactive one (and one warning) if the file is unusable."""
        store = cls(path, bridge, cap=cap, forget_after=forget_after)
        try:
            store._conn = _connect(path)
            store._prune()
        except (sqlite3.Error, OSError) as exc:
            store._give_up(exc)
        return store

    def load(self) -> list[StoredBinding]:
        """This bridge's bindings, oldest first (as they were made: the in-memory ledger forgets the oldest first)."""
        if self._conn is None:
            return []
        try:
            rows = self._conn.execute(
                "SELECT task_id, request, session_id, title FROM bindings WHERE bridge = ? "
                "ORDER BY sent_at DESC LIMIT ?", (self.bridge, self.cap)).fetchall()
        except sqlite3.Error as exc:
            self._give_up(exc)
            return []
        return [StoredBinding(*row) for row in reversed(rows)]

    def save(self, task_id: str, request: str, session_id: str, title: str) -> None:
        """Keep one binding (the first one of a taskId stands): one small transaction."""
        if self._conn is None:
            return
        try:
            self._conn.execute("INSERT OR IGNORE INTO bindings VALUES (?, ?, ?, ?, ?, ?)",
                               (self.bridge, task_id, request, session_id, title, time.time()))
            self._rows += 1
            if self._rows > self.cap + self.cap // 10:
                self._prune()
        except sqlite3.Error as exc:
            self._give_up(exc)

    def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                conn.close()
            except sqlite3.Error:
                pass

    def _prune(self) -> None:
        """Forget what the in-memory ledger would have forgotten: rows past `forget_after`, and past the cap."""
        assert self._conn is not None
        self._conn.execute("DELETE FROM bindings WHERE sent_at < ?", (time.time() - self.forget_after,))
        self._conn.execute(
            "DELETE FROM bindings WHERE bridge = ? AND task_id IN (SELECT task_id FROM bindings WHERE bridge = ? "
            "ORDER BY sent_at DESC LIMIT -1 OFFSET ?)", (self.bridge, self.bridge, self.cap))
        self._rows = self._conn.execute("SELECT count(*) FROM bindings WHERE bridge = ?", (self.bridge,)).fetchone()[0]

    def _give_up(self, exc: BaseException) -> None:
        self.close()
        log.warning("the taskId bindings file %s cannot be used (%s): taskIds are kept in memory only, so a retry "
                    "after a restart of this bridge may go to another document; delete the file (and its -wal and "
                    "-shm) or set WORD_BRIDGE_DATA_DIR to another directory", self.path, exc)


def _connect(path: Path) -> sqlite3.Connection:
    """Open (creating if need be) the bindings file; sqlite3.Error if it is not ours or not usable."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)  # each statement: its own transaction
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        app_id, version = (conn.execute("PRAGMA application_id").fetchone()[0],
                           conn.execute("PRAGMA user_version").fetchone()[0])
        if (app_id, version) == (0, 0):
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise sqlite3.DatabaseError("it is another program's database")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif (app_id, version) != (APPLICATION_ID, SCHEMA_VERSION):
            raise sqlite3.DatabaseError(f"it is not a taskId bindings file of this version (application_id "
                                        f"{app_id:#x}, version {version})")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.executescript(_SCHEMA)
    except BaseException:
        conn.close()
        raise
    return conn
