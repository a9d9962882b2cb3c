"""annotate_chunk's `highlight: true`: mark the annotated chunk with a Word comment in the session's document.

The session's document is found first (session_document.locate: by its id, else the same file reopened), and
every edit of the highlight goes to it by id; the answer names it (`document: {id, title}`). A document that is
not connected is a refusal naming it: the highlight never goes to another document.
"""

from __future__ import annotations

import weakref
from typing import Any

import anyio

from bridge.tools.annotations.document import ChunkComment, ChunkPlace, comment_text, highlight_chunk
from bridge.tools.annotations.errors import AnnotationError
from bridge.tools.annotations.session_document import locate
from bridge.tools.annotations.storage_calls import in_thread, store
from bridge.tools.annotations.store import ChunkLocation
from bridge.tools.word_access import WordAccess

_highlighting: weakref.WeakValueDictionary[tuple[str, str], anyio.Lock] = weakref.WeakValueDictionary()


async def highlight_annotated(word: WordAccess, session_id: str, chunk_id: str, location: ChunkLocation,
                              chunk: dict[str, Any]) -> dict[str, Any]:
    """The `highlight` answer for a chunk just saved: `{ok, document, commentId, …}` or `{ok: false, reason}`."""
    assert location.document is not None
    found = await locate(word, location.document)
    if found.refused is not None:
        return {"ok": False, "reason": found.refused, "document": location.document.ref()}
    place = ChunkPlace(chunk_id, found.route, location.position, location.text)
    marked = await _mark_once(word, session_id, place, chunk)
    named = {"document": found.document} if found.document is not None else {}
    if found.note:
        marked["note"] = "; ".join(filter(None, (found.note, marked.get("note"))))
    return {"ok": marked.pop("ok"), **named, **marked}


async def _mark_once(word: WordAccess, session_id: str, place: ChunkPlace, chunk: dict[str, Any]) -> dict[str, Any]:
    """Mark the chunk in Word and remember its comment, one call per chunk at a time (two concurrent repeats
    would otherwise both find no comment and both add one)."""
    lock = _highlighting.setdefault((session_id, place.chunk_id), anyio.Lock())
    async with lock:
        found = await in_thread(lambda: store().comment_of(session_id, place.chunk_id))
        marked = await highlight_chunk(word, place, chunk, ChunkComment(*found) if found else None)
        text = comment_text(chunk)  # what Word Bridge wrote: a repeat tells the person's edits from it
        if marked["ok"] and isinstance(marked.get("commentId"), str) and found != (marked["commentId"], text):
            try:
                await in_thread(lambda: store().record_comment(session_id, place.chunk_id, marked["commentId"],
                                                               text))
            except AnnotationError as exc:  # the comment is made: say why a repeat may not recognise it
                marked["warning"] = f"the comment's id could not be saved ({exc.message})"
    return marked
