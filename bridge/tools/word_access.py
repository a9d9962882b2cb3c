"""What companion tools may ask of the open Word documents: the edit service's two calls, nothing more.

Tools read a document through `readDocument`, page by page, exactly as an MCP client would, so they work
the same against a local bridge and a forwarded one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

import anyio


class WordAccess(Protocol):
    async def list_documents(self) -> dict[str, Any]: ...

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]: ...


class DocumentReadError(Exception):
    """readDocument failed: the message says why (no document connected, unknown document, …)."""


class DocumentArgumentError(DocumentReadError):
    """The edit service refused the `document` argument itself (several connected documents have that title): the
    caller's argument is at fault, not the document."""


class DocumentChanged(DocumentReadError):
    """The document's number of blocks changed between two pages of one read: an edit landed meanwhile, so the
    pages no longer fit together (blocks counted twice, or missed)."""


READ_TRIES: Final = 4
"""How many times `read_document` reads a document that keeps changing between its pages before it settles for
the last read, with a warning."""
RETRY_PAUSE: Final = 0.25
"""Seconds before the second try, doubled before each later one: edits often come in a burst (one call each), and
the pane runs ops one at a time, so a read started at once would interleave with the next edit of the burst."""


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


def _refuses_document(result: dict[str, Any]) -> bool:
    """Whether a failed call was refused for its `document` argument (E_INVALID_ARG on the field `document`)."""
    return result.get("code") == "E_INVALID_ARG" and any(
        d.get("field") == "document" and d.get("level") == "error" for d in result.get("diagnostics") or [])


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
    tries: int = 1
    """How many times the document was read from its start (more than one: it changed between pages)."""
    warning: str | None = None
    """Set when the document changed between pages on every try: the blocks may then hold one twice or miss one."""


async def read_pages(word: WordAccess, *, document: str | None = None, fmt: str = "structure",
                     page_size: int = 500, max_chars: int = 200_000, offset: int = 0,
                     served_by: DocumentRead | None = None,
                     changes: Literal["raise", "ignore"] = "raise") -> AsyncIterator[dict[str, Any]]:
    """Yield each page's `data` of readDocument from block `offset` until the end of the document.

    Every page comes from the document that answered the first: the following pages ask for it by id, so a
    document that becomes the active one (or takes the same title) meanwhile cannot answer them. `served_by`,
    when given, records that document. A page whose `totalBlocks` differs from the first page's raises
    DocumentChanged (with `changes: "ignore"`, the read goes on: see `read_document`).
    """
    start: int | None = offset
    total: Any = None
    while start is not None:
        result = await word.edit_task(content=f"read the document from block {start}", document=document,
                                      meta=read_op(start, page_size, fmt=fmt, max_chars=max_chars))
        if not result.get("ok"):
            raise (DocumentArgumentError if _refuses_document(result) else DocumentReadError)(failure_reason(result))
        data = result.get("data") or {}
        answered = document_of(result)
        if answered is not None:
            document = answered["id"]
        if served_by is not None:
            served_by.document = served_by.document or answered
        if start == offset:
            total = data.get("totalBlocks")
        elif data.get("totalBlocks") != total and changes == "raise":
            raise DocumentChanged(f"the document changed while it was read: it had {total} blocks when its "
                                  f"first page was read and {data.get('totalBlocks')} at block {start}")
        yield data
        following = data.get("nextOffset")
        start = following if isinstance(following, int) and following > start else None


async def read_document(word: WordAccess, *, document: str | None = None) -> DocumentRead:
    """Every block of the document in structure form, and the document that answered.

    A document that changes between two pages (its number of blocks differs) is read again from its start, after a
    pause (RETRY_PAUSE), from the document that answered the first try, at most READ_TRIES times; if it changed on
    every try, the last read is kept and `warning` says so.
    """
    read = DocumentRead()
    for attempt in range(1, READ_TRIES + 1):
        read.blocks, read.tries = [], attempt
        last = attempt == READ_TRIES
        totals: set[Any] = set()
        try:
            async for page in read_pages(word, document=document, fmt="structure", served_by=read,
                                         changes="ignore" if last else "raise"):
                read.blocks.extend(page.get("blocks") or [])
                totals.add(page.get("totalBlocks"))
        except DocumentChanged:
            if read.document is not None:
                document = read.document["id"]
            await anyio.sleep(RETRY_PAUSE * 2 ** (attempt - 1))
            continue
        if len(totals) > 1:
            read.warning = (f"The document changed while it was read, on each of {READ_TRIES} tries (edits were "
                            "landing between its pages): what was read may hold a paragraph twice or miss one. "
                            "Read it again when no one is editing it.")
        break
    return read


async def read_blocks(word: WordAccess, *, document: str | None = None) -> list[dict[str, Any]]:
    """Every block of the document in structure form (`{index, type, text, style, headingLevel?, …}`)."""
    return (await read_document(word, document=document)).blocks
