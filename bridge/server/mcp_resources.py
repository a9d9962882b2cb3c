"""Each connected document as an MCP resource: `word://<document id>/markdown`, read through `readDocument`.

A client that lists resources sees the open documents without calling a tool, and reading one gives the
first page of the document as markdown with a note on how to page on (`?offset=N`, or `readDocument`).
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol
from urllib.parse import parse_qs, urlsplit

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.types import Resource, ResourceTemplate

SCHEME: Final = "word"
MIME: Final = "text/markdown"
TEMPLATE: Final = "word://{document}/markdown?offset={offset}"
_DOCUMENT_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


class DocumentService(Protocol):
    """What the resources need of the edit service (local or forwarding)."""

    async def list_documents(self) -> dict[str, Any]: ...

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]: ...


def resource_uri(document_id: str, offset: int = 0) -> str:
    return f"{SCHEME}://{document_id}/markdown" + (f"?offset={offset}" if offset else "")


async def list_document_resources(service: DocumentService) -> list[Resource]:
    """One resource per connected document."""
    documents = (await service.list_documents()).get("documents") or []
    return [
        Resource(
            uri=resource_uri(doc["id"]),
            name=f"{doc['title']}",
            title=f"{doc['title']} (Word, {doc.get('platform') or 'unknown host'})",
            description="The open Word document as markdown, first page; add ?offset=N for the next pages.",
            mime_type=MIME,
        )
        for doc in documents
    ]


def document_templates() -> list[ResourceTemplate]:
    return [ResourceTemplate(
        uri_template=TEMPLATE, name="Word document page", mime_type=MIME,
        description="A page of an open Word document as markdown, from block `offset` (paragraphs and tables).",
    )]


def parse_uri(uri: str) -> tuple[str, int] | None:
    """(document id, offset) of a `word://` URI, or None when the URI is not ours."""
    parts = urlsplit(uri)
    if parts.scheme != SCHEME:
        return None
    if not _DOCUMENT_ID.fullmatch(parts.netloc) or parts.path != "/markdown":
        raise ResourceError(f"unknown Word resource {uri!r}: expected word://<document id>/markdown[?offset=N]")
    raw = parse_qs(parts.query).get("offset", ["0"])[0]
    if not raw.isdigit():
        raise ResourceError(f"offset must be a whole number of blocks, got {raw!r}")
    return parts.netloc, int(raw)


# The tools' advice to repeat a call with its taskId: a resource reader passes none, so it cannot follow it.
_TASK_RETRY: Final = re.compile(r"\s*Retry with the same taskId \([^)]*\)[^.]*\.")


def _failure(result: dict[str, Any], document_id: str, offset: int) -> str:
    """Why a page could not be read, with advice a resource reader can follow (it has no taskId to retry with)."""
    uri = resource_uri(document_id, offset)
    errors = [str(d["msg"]) for d in result.get("diagnostics") or [] if d.get("level") == "error"]
    why = "; ".join(_TASK_RETRY.sub("", msg) for msg in errors) or str(result.get("code"))
    message = f"could not read {uri}: {why}"
    if result.get("code") == "E_TIMEOUT" or any(_TASK_RETRY.search(msg) for msg in errors):
        message += (f" Read {uri} again (a read changes nothing), or read the document in smaller pages: editTask "
                    f"readDocument with format \"markdown\", offset {offset} and a smaller maxChars or limit.")
    return message


async def read_document_resource(service: DocumentService, document_id: str, offset: int) -> list[ReadResourceContents]:
    """The page of markdown at `offset`, followed by how to read the next page."""
    result = await service.edit_task(
        content=f"read page at block {offset} (resource)", document=document_id,
        meta={"type": "word.op", "op": "readDocument", "version": "1.0",
              "args": {"format": "markdown", "offset": offset}},
    )
    if not result.get("ok"):
        raise ResourceError(_failure(result, document_id, offset))
    data = result.get("data") or {}
    text = str(data.get("markdown") or "")
    following = data.get("nextOffset")
    total = data.get("totalBlocks")
    if following is None:
        note = f"\n\n<!-- end of document: {total} blocks -->\n"
    else:
        note = (f"\n\n<!-- blocks {offset}–{following - 1} of {total}. Next page: {resource_uri(document_id, following)}"
                f" or editTask readDocument with offset {following} -->\n")
    return [ReadResourceContents(content=text + note, mime_type=MIME)]
