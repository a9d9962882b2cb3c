"""What companion tools may ask of the open Word documents: the edit service's two calls, nothing more.

Tools read a document through `readDocument`, page by page, exactly as an MCP client would, so they work
the same against a local bridge and a forwarded one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, Protocol


class WordAccess(Protocol):
    async def list_documents(self) -> dict[str, Any]: ...

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]: ...


class DocumentReadError(Exception):
    """readDocument failed: the message says why (no document connected, unknown document, …)."""


async def read_pages(word: WordAccess, *, document: str | None = None, fmt: str = "structure",
                     page_size: int = 500, max_chars: int = 200_000) -> AsyncIterator[dict[str, Any]]:
    """Yield each page's `data` of readDocument until the end of the document."""
    offset: int | None = 0
    while offset is not None:
        result = await word.edit_task(
            content=f"read the document from block {offset}", document=document,
            meta={"type": "word.op", "op": "readDocument", "version": "1.0",
                  "args": {"format": fmt, "offset": offset, "limit": page_size, "maxChars": max_chars}},
        )
        if not result.get("ok"):
            reasons = [d["msg"] for d in result.get("diagnostics") or [] if d.get("level") in ("error", "info")]
            raise DocumentReadError("; ".join(reasons) or str(result.get("code")))
        data = result.get("data") or {}
        yield data
        following = data.get("nextOffset")
        offset = following if isinstance(following, int) and following > offset else None


async def read_blocks(word: WordAccess, *, document: str | None = None) -> list[dict[str, Any]]:
    """Every block of the document in structure form (`{index, type, text, style, headingLevel?, …}`)."""
    blocks: list[dict[str, Any]] = []
    async for page in read_pages(word, document=document, fmt="structure"):
        blocks.extend(page.get("blocks") or [])
    return blocks
