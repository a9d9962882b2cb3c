"""The annotation database: one SQLite file in WAL mode, checked before use, migrated by the application.

Every tool call is one transaction (writers take the lock up front with `BEGIN IMMEDIATE`), so a server killed
between or during calls loses nothing that was answered and leaves nothing half written. A file that is not
ours (another program's database, a damaged file, a newer schema) is refused with a clear message and never
written to: the checks run on a read-only connection before anything else touches it.

An open database is kept per path while that path still names the file it opened: a file moved away (or
replaced) while the server runs is let go, and the path is opened afresh, so nothing is written into a file that
is no longer there. A file found damaged while in use is let go too, so the next call checks it again (and,
once it is moved away, starts a new database). SQLite failures become `StorageFailed`, naming the file and what
to do.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from bridge.paths import data_dir
from bridge.tools.annotations.schema import MIGRATIONS

DB_FILE: Final = "annotations.sqlite3"
APPLICATION_ID: Final = 0x57424E41  # "WBNA": marks the file as Word Bridge annotations (PRAGMA application_id)
SQLITE_MAGIC: Final = b"SQLite format 3\x00"
BUSY_TIMEOUT_S: Final = 30.0
MAX_DB_PATH: Final = 512 - len("-journal")  # SQLite (Unix) opens paths of at most 512 bytes, its -journal included

SCHEMA_VERSION: Final = len(MIGRATIONS)


class DatabaseRefused(Exception):
    """The database file cannot be used; it was left exactly as it was. The message says why and what to do."""


class StorageFailed(Exception):
    """SQLite failed on the database file while in use. The message names the file and says what to do."""


_DAMAGED: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_LET_GO: Final = _DAMAGED | {sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY,
                             sqlite3.SQLITE_PERM}
"""Failures after which the open database is let go, so that the next call opens the path afresh."""


def _primary_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def storage_failed(path: Path, exc: sqlite3.Error) -> StorageFailed:
    """The failure `exc` of the database at `path`, said with the file and what to do about it."""
    code = _primary_code(exc)
    files = f"{path.name}, {path.name}-wal and {path.name}-shm"
    if code in _DAMAGED:
        advice = (f"The file is damaged; Word Bridge stopped using it. Move {files} away from {path.parent} (or "
                  "set WORD_BRIDGE_DATA_DIR to another directory) to start a new annotation database.")
    elif code == sqlite3.SQLITE_FULL:
        advice = (f"The disk holding {path.parent} is full: free some space (or set WORD_BRIDGE_DATA_DIR to a "
                  "directory on another disk).")
    elif code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        advice = "Another program holds the database locked: close it (or wait for it to finish) and try again."
    elif code == sqlite3.SQLITE_CANTOPEN and len(os.fsencode(path)) > MAX_DB_PATH:
        advice = (f"SQLite cannot open a path this long ({len(os.fsencode(path))} bytes; at most {MAX_DB_PATH}): "
                  "set WORD_BRIDGE_DATA_DIR to a directory with a shorter path.")
    else:
        advice = (f"Check that Word Bridge can write to {path.parent} and that {files} there are files it can "
                  "read and write (not directories); else move them away or set WORD_BRIDGE_DATA_DIR to another "
                  "directory.")
    return StorageFailed(f"The annotation database {path} failed: {exc}. {advice}")


def _refuse(path: Path, why: str) -> DatabaseRefused:
    return DatabaseRefused(
        f"{path} {why}. Word Bridge left the file untouched; move it away (or set WORD_BRIDGE_DATA_DIR to "
        "another directory) to start a new annotation database.")


def inspect(path: Path) -> int:
    """The file's schema version (0: absent, empty or a new database); DatabaseRefused if it is not usable.

    Runs on a read-only connection, so a foreign or damaged file is never modified.
    """
    if path.is_dir():
        raise DatabaseRefused(f"{path} is a directory, not an annotation database file. Move it away (or set "
                              "WORD_BRIDGE_DATA_DIR to another directory) to start a new annotation database.")
    if not path.exists() or path.stat().st_size == 0:
        return 0
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_MAGIC))
    if header != SQLITE_MAGIC:
        raise _refuse(path, "is not an SQLite database (it does not start with the SQLite header)")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as exc:
        raise _refuse(path, f"cannot be opened ({exc})") from exc
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if app_id != APPLICATION_ID:
            if not tables and app_id == 0:
                return 0  # an empty database: nothing to overwrite
            listed = ", ".join(sorted(tables)[:8]) or "none"
            raise _refuse(path, f"belongs to another program (application_id {app_id:#x}, tables: {listed}), "
                                "not to Word Bridge annotations")
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise _refuse(path, f"is damaged (SQLite integrity check: {'; '.join(problems)})")
        if "schema_version" not in tables:
            raise _refuse(path, "is damaged (its schema_version table is missing)")
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        if row is None or not isinstance(row[0], int):
            raise _refuse(path, "is damaged (its schema_version table is empty)")
        if row[0] > SCHEMA_VERSION:
            raise _refuse(path, f"was written by a newer Word Bridge (schema {row[0]}; this one knows up to "
                                f"{SCHEMA_VERSION})")
        return int(row[0])
    except sqlite3.DatabaseError as exc:
        raise _refuse(path, f"is damaged or not a database ({exc})") from exc
    finally:
        conn.close()


def _rollback(conn: sqlite3.Connection) -> None:
    """Undo the open transaction, unless SQLite already has (it does after some failures, a full disk or an I/O
    error): the failure that led here is the one to tell, not "cannot rollback - no transaction is active"."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


class Database:
    """One annotation database file, with a small pool of connections shared by the worker threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        version = inspect(path)
        conn = self._connect()
        try:
            if version < SCHEMA_VERSION:
                self._migrate(conn)
        except BaseException:
            conn.close()
            raise
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._idle.put(conn)
        self._all = [conn]
        self._lock = threading.Lock()
        self._retired = False
        self._identity = self._file_identity()

    def _file_identity(self) -> tuple[int, int] | None:
        """The (device, inode) of the file the path names now; None when it names none."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def names_the_opened_file(self) -> bool:
        """Whether the path still names the file this database opened (not moved away, deleted or replaced)."""
        return self._identity is not None and self._file_identity() == self._identity

    def _connect(self) -> sqlite3.Connection:
        # Autocommit mode: transactions are exactly the BEGIN/COMMIT written below.
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            conn.close()
            raise DatabaseRefused(f"{self.path}: SQLite could not switch it to WAL mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")  # an answered call is on disk, even across a power cut
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Bring the schema to SCHEMA_VERSION in one transaction (another process may be doing the same)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            current = 0
            if "schema_version" in tables:
                current = conn.execute("SELECT version FROM schema_version").fetchone()[0]
            if current == 0 and tables - {"schema_version"}:
                raise _refuse(self.path, "changed while it was being opened")
            for version in range(current, SCHEMA_VERSION):
                for statement in MIGRATIONS[version]:
                    conn.execute(statement)
                conn.execute("UPDATE schema_version SET version = ?", (version + 1,))
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    @contextlib.contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """A connection of the pool; a SQLite failure as StorageFailed (the damaged file let go)."""
        try:
            try:
                conn = self._idle.get_nowait()
            except queue.Empty:
                conn = self._connect()
                with self._lock:
                    self._all.append(conn)
            try:
                yield conn
            finally:
                self._give_back(conn)
        except sqlite3.Error as exc:
            if _primary_code(exc) in _LET_GO:
                _forget(self)
            raise storage_failed(self.path, exc) from exc

    def _give_back(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            if not self._retired:
                self._idle.put(conn)
                return
            if conn in self._all:
                self._all.remove(conn)
        _close_retired(conn)

    def retire(self) -> None:
        """Stop using this database: idle connections close now, those in use when they are given back."""
        with self._lock:
            self._retired = True
            while True:
                try:
                    conn = self._idle.get_nowait()
                except queue.Empty:
                    break
                self._all.remove(conn)
                _close_retired(conn)

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: the write lock is taken at BEGIN, so read-modify-write cannot lose an update."""
        with self.connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                _rollback(conn)
                raise
            conn.execute("COMMIT")

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: a consistent snapshot while writers go on (WAL)."""
        with self.connection() as conn:
            conn.execute("BEGIN")
            try:
                yield conn
            except BaseException:
                _rollback(conn)
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()


_open_lock = threading.Lock()
_open: dict[Path, Database] = {}


def check_data_dir(directory: Path | None = None) -> Path:
    """The data directory in force now; DatabaseRefused when it (or a folder above it) is not a directory, so
    that no annotation file can be kept there. It need not exist yet: the database creates it."""
    found = directory or data_dir()
    for folder in (found, *found.parents):
        if folder.exists():
            if folder.is_dir():
                return found
            what = "is not a directory" if folder == found else f"cannot be created: {folder} is not a directory"
            raise DatabaseRefused(f"The annotation data directory {found} {what}. Set WORD_BRIDGE_DATA_DIR to a "
                                  "directory (or move that file away) to keep annotations.")
    return found


def _close_retired(conn: sqlite3.Connection) -> None:
    """Close a connection of a database let go, its write-ahead log first copied into the file it opened.

    SQLite skips that checkpoint on close once the file has been moved or deleted, so everything already answered
    would stay in the -wal at the old path (moved with `mv annotations.sqlite3 elsewhere`, the main file alone);
    TRUNCATE also leaves that -wal empty, so it cannot leak into the new database started at the path.
    """
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error:
        pass  # a damaged or vanished file: nothing more can be saved into it
    conn.close()


def database(directory: Path | None = None) -> Database:
    """The database of the data directory in force now (`WORD_BRIDGE_DATA_DIR`), opened once per path and kept
    while the path names the file it opened (one `os.stat` a call): a file moved away or replaced is let go and
    the path opened afresh (a new database when nothing is there).

    A refusal is not remembered: the next call checks again, so moving the bad file away is enough.
    """
    path = (check_data_dir(directory) / DB_FILE).resolve()
    with _open_lock:
        found = _open.get(path)
        if found is not None and not found.names_the_opened_file():
            del _open[path]
            found.retire()
            found = None
        if found is None:
            found = _open[path] = _opened(path)
        return found


def _forget(db: Database) -> None:
    """Let `db` go (after its file turned out damaged or unusable): the next call opens its path afresh."""
    with _open_lock:
        if _open.get(db.path) is db:
            del _open[db.path]
    db.retire()


def _opened(path: Path) -> Database:
    """Database(path); a file system refusal (permissions, a read-only disk…) as DatabaseRefused, and a SQLite
    failure as StorageFailed, saying so."""
    try:
        return Database(path)
    except OSError as exc:
        where = exc.filename or path
        raise DatabaseRefused(f"The annotation database {path} cannot be opened: {where}: "
                              f"{exc.strerror or exc}") from None
    except sqlite3.Error as exc:
        raise storage_failed(path, exc) from None


def close_all() -> None:
    """Close every open database (tests; a process exit does it anyway)."""
    with _open_lock:
        for db in _open.values():
            db.close()
        _open.clear()
