"""What the annotation tools do to the database, each operation one transaction.

Merge rule of annotate (the seed's export shape): every field given replaces the stored value wholesale (a list
or the subtypes map is replaced, not appended to; an empty list clears it), fields left out keep their value,
relations are never touched (add_relation owns them), and the chunk counts as annotated from then on. A list
given keeps each value once, where it first appears (["fee_schedule", "fee_schedule"] is ["fee_schedule"]): the
seed's lists are sets of categories, labels, keywords and tags, and add_relation ignores duplicates likewise.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final

from bridge.tools.annotations.database import Database
from bridge.tools.annotations.errors import AnnotationError, chunk_not_found, session_not_found
from bridge.tools.annotations.models import UPDATABLE, AnnotationFields
from bridge.tools.annotations.session_document import SessionDocument
from bridge.tools.annotations.taxonomy import RELATION_TYPES

CHUNK_COLUMNS: Final = "chunk_id, position, categories, labels, subtypes, keywords, tags, notes, summary"
JSON_FIELDS: Final = ("categories", "labels", "subtypes", "keywords", "tags")

DOCUMENT_SOURCE: Final = "document:"
"""A session's source from the Word document: this, then start_session's `document` argument (maybe empty)."""


@dataclass(frozen=True)
class ChunkLocation:
    position: int
    text: str
    document: SessionDocument | None
    """The Word document the session was read from; None for a session from config."""


Relations = dict[str, dict[str, list[str]]]
"""source chunk id → relation type → target chunk ids, in the order they were added."""
Check = Callable[[dict[str, Any]], list[dict[str, Any]]]
"""Business rules on a merged annotation: the issues found (none: it may be saved)."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _require_session(conn: sqlite3.Connection, session_id: str) -> None:
    if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
        raise session_not_found(session_id)


def _chunk_not_found(conn: sqlite3.Connection, session_id: str, missing: list[str]) -> AnnotationError:
    """ChunkNotFound; for a session from the document (ids are block positions no one chose) with the ids to use."""
    source = conn.execute("SELECT source FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if source is None or not str(source[0]).startswith(DOCUMENT_SOURCE):
        return chunk_not_found(session_id, missing)
    rows = conn.execute("SELECT chunk_id, position FROM chunks WHERE session_id = ? ORDER BY position, ordinal",
                        (session_id,)).fetchall()
    return chunk_not_found(session_id, missing, valid_ids_hint([(str(c), int(p)) for c, p in rows], missing))


def valid_ids_hint(chunks: list[tuple[str, int]], missing: list[str], shown: int = 12) -> str:
    """Which chunk ids a document session has: all of them when few, else the nearest to the id asked for."""
    ids = [chunk_id for chunk_id, _ in chunks]
    what = "chunk ids are the positions of the document's blocks"
    if len(ids) <= shown:
        return f"{what}; this session's are {_listed(ids)}"
    asked = next((int(m) for m in missing if m.strip().isdigit()), None)
    if asked is None:
        near, how = ids[:6], "the first"
    else:
        closest = sorted(chunks, key=lambda c: (abs(c[1] - asked), c[1]))[:6]
        near, how = [c for c, _ in sorted(closest, key=lambda c: c[1])], "the nearest"
    return (f"{what}; {how} of this session's {len(ids)} are {_listed(near)} (get_progress lists the pending ones, "
            "export_annotations all)")


def _listed(ids: list[str]) -> str:
    return ", ".join(f"'{c}'" for c in ids)


def _ordered_relations(found: dict[str, list[str]]) -> dict[str, list[str]]:
    return {kind: found[kind] for kind in RELATION_TYPES if kind in found}


def _relations(conn: sqlite3.Connection, session_id: str, source: str | None = None) -> Relations:
    query = "SELECT source_chunk_id, relation_type, target_chunk_id FROM relations WHERE session_id = ?"
    params: tuple[str, ...] = (session_id,)
    if source is not None:
        query += " AND source_chunk_id = ?"
        params += (source,)
    found: Relations = {}
    for src, kind, target in conn.execute(query + " ORDER BY seq", params):
        found.setdefault(src, {}).setdefault(kind, []).append(target)
    return {src: _ordered_relations(kinds) for src, kinds in found.items()}


def _chunk_dict(row: tuple[Any, ...], relations: dict[str, list[str]]) -> dict[str, Any]:
    """The seed's chunk object (export shape) from a row in CHUNK_COLUMNS order."""
    chunk_id, position, categories, labels, subtypes, keywords, tags, notes, summary = row
    return {"chunk_id": chunk_id, "position": position, "categories": json.loads(categories),
            "labels": json.loads(labels), "subtypes": json.loads(subtypes), "keywords": json.loads(keywords),
            "tags": json.loads(tags), "relations": relations, "notes": notes, "summary": summary}


def _chunk_text(row: tuple[Any, ...], relations: dict[str, list[str]]) -> str:
    """The same object as compact JSON, splicing the stored JSON columns as they are (no parse, no copy)."""
    chunk_id, position, categories, labels, subtypes, keywords, tags, notes, summary = row
    return (f'{{"chunk_id":{_dumps(chunk_id)},"position":{position},"categories":{categories},'
            f'"labels":{labels},"subtypes":{subtypes},"keywords":{keywords},"tags":{tags},'
            f'"relations":{_dumps(relations)},"notes":{_dumps(notes)},"summary":{_dumps(summary)}}}')


class AnnotationStore:
    """The six tools' operations over one Database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_session(self, chunks: Iterable[tuple[str, int, str]], source: str,
                       document: SessionDocument | None = None) -> tuple[str, int]:
        """A new session holding `chunks` (id, position, text), all pending, read from `document` when it came
        from the Word document; returns (session id, chunk count)."""
        session_id = str(uuid.uuid4())
        found = document or SessionDocument(None)
        with self.db.write() as conn:
            conn.execute("INSERT INTO sessions (id, created_at, source, document_id, document_title, document_url) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (session_id, _now(), source, found.id, found.title, found.url))
            conn.executemany(
                "INSERT INTO chunks (session_id, chunk_id, ordinal, position, text) VALUES (?, ?, ?, ?, ?)",
                ((session_id, cid, n, pos, text) for n, (cid, pos, text) in enumerate(chunks)))
            count = conn.execute("SELECT count(*) FROM chunks WHERE session_id = ?", (session_id,)).fetchone()[0]
        return session_id, count

    def annotate(self, session_id: str, items: list[AnnotationFields],
                 check: Check) -> list[dict[str, Any] | AnnotationError]:
        """Apply each annotation in order, in one transaction; each item's outcome is its chunk or its error."""
        outcomes: list[dict[str, Any] | AnnotationError] = []
        with self.db.write() as conn:
            _require_session(conn, session_id)
            for item in items:
                outcomes.append(self._annotate_one(conn, session_id, item, check))
        return outcomes

    def _annotate_one(self, conn: sqlite3.Connection, session_id: str, item: AnnotationFields,
                      check: Check) -> dict[str, Any] | AnnotationError:
        row = conn.execute(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE session_id = ? AND chunk_id = ?",
                           (session_id, item.chunkId)).fetchone()
        if row is None:
            return _chunk_not_found(conn, session_id, [item.chunkId])
        stored = _chunk_dict(row, {})
        given = {k: list(dict.fromkeys(v)) if isinstance(v, list) else v
                 for k, v in item.model_dump(include=set(UPDATABLE)).items() if v is not None}
        merged = {field: given.get(field, stored[field]) for field in UPDATABLE}
        issues = check(merged)
        if issues:
            return AnnotationError("InvalidAnnotation", "Annotation does not fit the taxonomy", issues)
        if given:
            assignments = ", ".join(f"{field} = ?" for field in given)
            values = [_dumps(v) if field in JSON_FIELDS else v for field, v in given.items()]
            conn.execute(f"UPDATE chunks SET {assignments}, annotated = 1, updated_at = ? "
                         "WHERE session_id = ? AND chunk_id = ?", (*values, _now(), session_id, item.chunkId))
        else:
            conn.execute("UPDATE chunks SET annotated = 1, updated_at = ? WHERE session_id = ? AND chunk_id = ?",
                         (_now(), session_id, item.chunkId))
        relations = _relations(conn, session_id, item.chunkId).get(item.chunkId, {})
        return {**stored, **merged, "relations": relations}

    def add_relation(self, session_id: str, source: str, target: str, relation_type: str) -> bool:
        """Record source → target of `relation_type`; False when it was already there (duplicates are ignored)."""
        with self.db.write() as conn:
            _require_session(conn, session_id)
            query = "SELECT chunk_id FROM chunks WHERE session_id = ? AND chunk_id IN (?, ?)"
            found = {r[0] for r in conn.execute(query, (session_id, source, target))}
            missing = list(dict.fromkeys(c for c in (source, target) if c not in found))
            if missing:
                raise _chunk_not_found(conn, session_id, missing)
            cursor = conn.execute(
                "INSERT OR IGNORE INTO relations (session_id, source_chunk_id, target_chunk_id, relation_type) "
                "VALUES (?, ?, ?, ?)", (session_id, source, target, relation_type))
            return cursor.rowcount == 1

    def chunk_location(self, session_id: str, chunk_id: str) -> ChunkLocation | None:
        """Where a chunk lives, to mark it in the document."""
        with self.db.read() as conn:
            row = conn.execute(
                "SELECT s.source, c.position, c.text, s.document_id, s.document_title, s.document_url "
                "FROM chunks c JOIN sessions s ON s.id = c.session_id "
                "WHERE c.session_id = ? AND c.chunk_id = ?", (session_id, chunk_id)).fetchone()
        if row is None:
            return None
        source, position, text, doc_id, title, url = row
        document = None
        if str(source).startswith(DOCUMENT_SOURCE):
            document = SessionDocument(doc_id, title, url, str(source)[len(DOCUMENT_SOURCE):] or None)
        return ChunkLocation(int(position), str(text), document)

    def comment_of(self, session_id: str, chunk_id: str) -> tuple[str, str] | None:
        """(comment id, text) of the Word comment the chunk was highlighted with last, if any."""
        with self.db.read() as conn:
            row = conn.execute("SELECT comment_id, text FROM highlights WHERE session_id = ? AND chunk_id = ?",
                               (session_id, chunk_id)).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def record_comment(self, session_id: str, chunk_id: str, comment_id: str, text: str) -> None:
        """Remember the chunk's comment (replacing the one remembered before)."""
        with self.db.write() as conn:
            conn.execute("INSERT OR REPLACE INTO highlights (session_id, chunk_id, comment_id, text) "
                         "VALUES (?, ?, ?, ?)", (session_id, chunk_id, comment_id, text))

    def progress(self, session_id: str) -> dict[str, Any]:
        with self.db.read() as conn:
            _require_session(conn, session_id)
            total, annotated = conn.execute(
                "SELECT count(*), coalesce(sum(annotated), 0) FROM chunks WHERE session_id = ?",
                (session_id,)).fetchone()
            pending = [r[0] for r in conn.execute(
                "SELECT chunk_id FROM chunks WHERE session_id = ? AND annotated = 0 ORDER BY position, ordinal",
                (session_id,))]
        return {"totalChunks": total, "annotatedChunks": annotated, "pendingChunks": total - annotated,
                "completionPercentage": percentage(annotated, total), "pendingChunkIds": pending}

    def export_text(self, session_id: str) -> str:
        """`{"chunks":[…]}` in position order, serialized chunk by chunk while the rows stream from SQLite."""
        with self.db.read() as conn:
            _require_session(conn, session_id)
            relations = _relations(conn, session_id)
            rows = conn.execute(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE session_id = ? "
                                "ORDER BY position, ordinal", (session_id,))
            parts = ['{"chunks":[']
            for n, row in enumerate(rows):
                parts.append(("," if n else "") + _chunk_text(row, relations.get(row[0], {})))
            parts.append("]}")
        return "".join(parts)


def percentage(done: int, total: int) -> float:
    """done/total as a percentage rounded half up to two decimals, from the exact ratio (58/60 → 96.67)."""
    if total == 0:
        return 0.0
    exact = Decimal(done * 100) / Decimal(total)
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
