"""Sessions as an earlier Word Bridge stored them: a database at an older schema version, written the way that
version wrote it (the current store no longer can: its tables have more columns)."""

from __future__ import annotations

import uuid

import pytest

from bridge.tools.annotations import database as database_module
from bridge.tools.annotations.database import close_all, database


def old_document_session(texts: list[str], schema: int) -> str:
    """A session from the document (a chunk per non-empty paragraph of `texts`, its id the paragraph's index, none
    annotated) in a database at `schema`, as that version stored it: the source `document:` and no record of
    which document answered. Returns its id."""
    session_id = str(uuid.uuid4())
    with pytest.MonkeyPatch.context() as old:
        old.setattr(database_module, "MIGRATIONS", database_module.MIGRATIONS[:schema])
        old.setattr(database_module, "SCHEMA_VERSION", schema)
        with database().write() as conn:
            conn.execute("INSERT INTO sessions (id, created_at, source) VALUES (?, '2024-01-01T00:00:00.000+00:00', "
                         "'document:')", (session_id,))
            conn.executemany("INSERT INTO chunks (session_id, chunk_id, ordinal, position, text) "
                             "VALUES (?, ?, ?, ?, ?)", [(session_id, str(n), n, n, text) for n, text in enumerate(texts) if text])
        close_all()
    return session_id
