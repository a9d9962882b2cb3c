"""Which Word document a session from the document was read from, and finding it again to highlight a chunk.

start_session records the document that answered its read (the bridge's id, its title and its file URL), not
merely what it was asked for: without a `document` argument the read goes to the most recently active document,
and a highlight later must go to that same document, not to whichever is active then.

The id is the pane's session id, which the pane keeps across reconnects and a restart of the bridge (it sends it
again in `hello`), so the id normally finds the document. When Word reopens the file the pane starts a new
session with a new id; the file's URL then finds it, when exactly one connected document has it (an unsaved
document or a playground page has no URL). Otherwise the highlight is refused, naming the session's document:
never another document, even one holding the same text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridge.tools.word_access import WordAccess


@dataclass(frozen=True)
class SessionDocument:
    """The document of a session started with fromDocument: true."""

    id: str | None
    """The bridge's id of the document that answered the read; None for a session recorded before Word Bridge
    remembered it, or an edit service that does not say which document answered."""
    title: str | None = None
    url: str | None = None
    asked: str | None = None
    """start_session's `document` argument (an id or a title), if it was given."""

    def ref(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title}

    def named(self) -> str:
        title = f"'{self.title}'" if self.title else "the document"
        return f"{title} ({self.id})" if self.id else title


@dataclass(frozen=True)
class Located:
    """Where a highlight goes (`route`: the `document` argument of its edits) or why it cannot (`refused`)."""

    route: str | None = None
    document: dict[str, Any] | None = None
    """`{"id", "title"}` of the document the highlight goes to, for the answer (None: not known beforehand)."""
    note: str | None = None
    refused: str | None = None


async def connected_documents(word: WordAccess) -> list[dict[str, Any]] | None:
    """The connected documents (`{id, title, url, …}`), or None when the edit service could not list them."""
    listed = await word.list_documents()
    if listed.get("ok") is False:
        return None
    return [d for d in listed.get("documents") or [] if isinstance(d, dict) and d.get("connected", True)]


async def identify(word: WordAccess, answered: dict[str, Any] | None, asked: str | None) -> SessionDocument:
    """The session's document from the read's answer (`{"id", "title"}`, or None), with its URL when listed."""
    if answered is None:
        return SessionDocument(None, asked=asked)
    found = next((d for d in await connected_documents(word) or [] if d.get("id") == answered["id"]), {})
    return SessionDocument(answered["id"], answered.get("title"), found.get("url") or None, asked)


async def locate(word: WordAccess, document: SessionDocument) -> Located:
    """Where the session's document is now (see the module docstring)."""
    connected = await connected_documents(word)
    if document.id is None:
        return _without_id(document, connected)
    if connected is None or any(d.get("id") == document.id for d in connected):
        return Located(document.id, document.ref())  # listed now (or not listable: the edit itself will say)
    reopened = [d for d in connected if document.url and d.get("url") == document.url]
    if len(reopened) == 1:
        found = reopened[0]
        return Located(found["id"], {"id": found["id"], "title": found.get("title")}, note=(
            f"the session's document {document.named()} is connected again as {found['id']} (the same file, "
            f"{document.url}); the chunk was looked for there"))
    why = (f"it is open in {len(reopened)} panes ({', '.join(d['id'] for d in reopened)}), so none was chosen"
           if reopened else "open it in Word with the Word Bridge task pane, then annotate again with "
                            "highlight: true")
    return Located(refused=f"the session's document {document.named()} is not connected: {why}; the annotation "
                           "is saved, nothing was marked (no other document is marked in its place)")


def _without_id(document: SessionDocument, connected: list[dict[str, Any]] | None) -> Located:
    """A session that does not record which document answered: the document it asked for (as the bridge finds
    an id or a title), else the one connected document; with several, none is guessed."""
    if connected is None:
        return Located(document.asked)
    asked = (document.asked or "").casefold()
    found = [d for d in connected if not asked or asked in (str(d.get("id")).casefold(),
                                                              str(d.get("title")).casefold())]
    if len(found) == 1:
        return Located(found[0]["id"], {"id": found[0]["id"], "title": found[0].get("title")})
    if document.asked or not connected:
        return Located(document.asked)  # the edit says what became of it (not connected, ambiguous)
    listed = ", ".join(f"{d.get('id')} ({d.get('title')})" for d in connected)
    return Located(refused=(
        "this session does not record which document it was read from (it was started by an earlier Word Bridge) "
        f"and {len(connected)} documents are connected ({listed}); nothing was marked rather than guess. Start a "
        "new session with fromDocument: true to highlight"))
