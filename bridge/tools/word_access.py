"""What companion tools may ask of the open Word documents: the edit service's two calls, nothing more.

Tools read a document through `readDocument`, page by page, exactly as an MCP client would, so they work
the same against a local bridge and a forwarded one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol


class WordAccess(Protocol):
    async def list_documents(self) -> dict[str, Any]: ...

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]: ...


class DocumentReadError(Exception):
    """readDocument failed: the message says why (no document connected, unknown document, …)."""


def read_op(offset: int, limit: int, *, fmt: str = "structure", max_chars: int = 200_000,
            include_range_ids: bool = False) -> dict[str, Any]:
    """The `meta` of one readDocument page."""
    args: dict[str, Any] = {"format": fmt, "offset": offset, "limit": limit, "maxChars": max_chars}
    if include_range_ids:
        args["includeRangeIds"] = True
    return {"type": "word.op", "op": "readDocument", "version": "1.0", "args": args}


def failure_reason(result: dict[str, Any], levels: tuple[str, ...] = ("error", "info")) -> str:
    """Why an op failed, from its diagnostics (else its code). A message another one already says is left out:
    the bridge's "no Word document is connected" error comes with an info that says it again, with the how-to."""
    reasons = [d["msg"] for d in result.get("diagnostics") or [] if d.get("level") in levels]
    keys = [_gist(reason) for reason in reasons]
    kept = [reason for i, reason in enumerate(reasons)
            if not any(j != i and keys[i] in other and (keys[i] != other or j < i) for j, other in enumerate(keys))]
    return "; ".join(kept) or str(result.get("code") or "")


def _gist(message: str) -> str:
    """A message compared with another: case and a final full stop do not count."""
    return message.strip().rstrip(".").casefold()


def document_of(result: dict[str, Any]) -> dict[str, Any] | None:
    """`{"id", "title"}` of the document that answered an editTask call, when the bridge says (None otherwise)."""
    found = result.get("document")
    if isinstance(found, dict) and isinstance(found.get("id"), str):
        return {"id": found["id"], "title": found.get("title")}
    return None


@dataclass
class DocumentRead:
    """The blocks of a whole document read page by page, and which document answered."""

    blocks: list[dict[str, Any]] = field(default_factory=list)
    document: dict[str, Any] | None = None
    """`{"id", "title"}` from the bridge's envelope; None where the edit service does not say."""


async def read_pages(word: WordAccess, *, document: str | None = None, fmt: str = "structure",
                     page_size: int = 500, max_chars: int = 200_000, offset: int = 0,
                     served_by: DocumentRead | None = None) -> AsyncIterator[dict[str, Any]]:
    """Yield each page's `data` of readDocument from block `offset` until the end of the document.

    Every page comes from the document that answered the first: the following pages ask for it by id, so a
    document that becomes the active one (or takes the same title) meanwhile cannot answer them. `served_by`,
    when given, records that document.
    """
    start: int | None = offset
    while start is not None:
        result = await word.edit_task(content=f"read the document from block {start}", document=document,
                                      meta=read_op(start, page_size, fmt=fmt, max_chars=max_chars))
        if not result.get("ok"):
            raise DocumentReadError(failure_reason(result))
        data = result.get("data") or {}
        answered = document_of(result)
        if answered is not None:
            document = answered["id"]
        if served_by is not None:
            served_by.document = served_by.document or answered
        yield data
        following = data.get("nextOffset")
        start = following if isinstance(following, int) and following > start else None


async def read_document(word: WordAccess, *, document: str | None = None) -> DocumentRead:
    """Every block of the document in structure form, and the document that answered."""
    read = DocumentRead()
    async for page in read_pages(word, document=document, fmt="structure", served_by=read):
        read.blocks.extend(page.get("blocks") or [])
    return read


async def read_blocks(word: WordAccess, *, document: str | None = None) -> list[dict[str, Any]]:
    """Every block of the document in structure form (`{index, type, text, style, headingLevel?, …}`)."""
    return (await read_document(word, document=document)).blocks
