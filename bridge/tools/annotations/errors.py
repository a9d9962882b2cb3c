"""The seed's error objects: `{"type": …, "message": …, "issues"?: […]}`, sent with `isError: true`."""

from __future__ import annotations

from typing import Any, Literal

ErrorType = Literal["InvalidConfig", "SessionNotFound", "ChunkNotFound", "InvalidAnnotation", "DuplicateChunk",
                    "InvalidRelation", "InvalidInput", "StorageError"]
"""The seed's six types, plus InvalidInput (get_progress and export_annotations called without a string sessionId:
the seed names no validation type for them) and StorageError (the database file cannot be used, see database.py)."""


class AnnotationError(Exception):
    """A failure a client can act on; `payload()` is the seed's error object."""

    def __init__(self, type_: ErrorType, message: str, issues: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.type = type_
        self.message = message
        self.issues = issues

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": self.type, "message": self.message}
        if self.issues is not None:
            body["issues"] = self.issues
        return body


def session_not_found(session_id: str) -> AnnotationError:
    return AnnotationError("SessionNotFound", f"Session {session_id} not found")


def chunk_not_found(session_id: str, chunk_ids: list[str], hint: str | None = None) -> AnnotationError:
    names = ", ".join(f"'{c}'" for c in chunk_ids)
    return AnnotationError("ChunkNotFound", f"Chunk {names} not found in session {session_id}"
                                            + (f"; {hint}" if hint else ""))
