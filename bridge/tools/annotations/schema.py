"""The annotation database's schema: the migrations that build it, step by step (database.py applies them)."""

from __future__ import annotations

from typing import Final

# Index i holds the statements that take schema version i to i + 1. Never edit a released step: append one.
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        "INSERT INTO schema_version (version) VALUES (0)",
        """CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            source TEXT NOT NULL
        )""",
        """CREATE TABLE chunks (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            chunk_id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            annotated INTEGER NOT NULL DEFAULT 0,
            categories TEXT NOT NULL DEFAULT '[]',
            labels TEXT NOT NULL DEFAULT '[]',
            subtypes TEXT NOT NULL DEFAULT '{}',
            keywords TEXT NOT NULL DEFAULT '[]',
            tags TEXT NOT NULL DEFAULT '[]',
            notes TEXT NOT NULL DEFAULT '',
            summary TEXT NOT NULL DEFAULT '',
            updated_at TEXT,
            PRIMARY KEY (session_id, chunk_id)
        )""",
        "CREATE INDEX chunks_in_order ON chunks (session_id, position, ordinal)",
        """CREATE TABLE relations (
            seq INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            source_chunk_id TEXT NOT NULL,
            target_chunk_id TEXT NOT NULL,
            relation_type TEXT NOT NULL,
            UNIQUE (session_id, source_chunk_id, relation_type, target_chunk_id),
            FOREIGN KEY (session_id, source_chunk_id) REFERENCES chunks (session_id, chunk_id) ON DELETE CASCADE,
            FOREIGN KEY (session_id, target_chunk_id) REFERENCES chunks (session_id, chunk_id) ON DELETE CASCADE
        )""",
    ),
    (  # the Word comment annotate_chunk's highlight made last per chunk, so a repeat updates it (one per chunk)
        """CREATE TABLE highlights (
            session_id TEXT NOT NULL,
            chunk_id TEXT NOT NULL,
            comment_id TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (session_id, chunk_id),
            FOREIGN KEY (session_id, chunk_id) REFERENCES chunks (session_id, chunk_id) ON DELETE CASCADE
        )""",
    ),
    (  # the document a session from the document was read from, so that its highlights go there (not to the
       # active document); NULL for sessions from before, and from config
        "ALTER TABLE sessions ADD COLUMN document_id TEXT",
        "ALTER TABLE sessions ADD COLUMN document_title TEXT",
        "ALTER TABLE sessions ADD COLUMN document_url TEXT",
    ),
)
