"""Chunks from the open Word document (`start_session` with `fromDocument: true`).

The document is read through readDocument's structure blocks. A chunk's position is the index of its first
block in the document and its id is that position as text, so a chunk points back at where it came from.
"""

from __future__ import annotations

from typing import Any

from bridge.tools.word_access import WordAccess, read_blocks


def block_text(block: dict[str, Any]) -> str:
    """A paragraph's text; a table's text, or its cells row by row (tab between cells) when it has none."""
    text = block.get("text")
    if isinstance(text, str) and text.strip():
        return text.strip()
    values = (block.get("table") or {}).get("values") or []
    rows = ["\t".join(str(cell) for cell in row) for row in values if isinstance(row, list)]
    return "\n".join(r for r in rows if r.strip())


def _is_heading(block: dict[str, Any]) -> bool:
    level = block.get("headingLevel")
    return block.get("type") == "paragraph" and isinstance(level, int) and level > 0


def chunk_blocks(blocks: list[dict[str, Any]], split: str) -> list[tuple[str, int, str]]:
    """(chunk id, position, text) per non-empty paragraph or table, or per heading section with `split="heading"`.

    A heading section is a heading and every block up to the next heading of any level; text before the first
    heading is a section of its own.
    """
    chunks: list[tuple[str, int, str]] = []
    if split == "paragraph":
        for n, block in enumerate(blocks):
            text = block_text(block)
            if text:
                position = block.get("index", n)
                chunks.append((str(position), position, text))
        return chunks
    section: list[str] = []
    start: int | None = None
    for n, block in enumerate(blocks):
        if _is_heading(block) and section:
            assert start is not None
            chunks.append((str(start), start, "\n".join(section)))
            section, start = [], None
        text = block_text(block)
        if text:
            if start is None:
                start = block.get("index", n)
            section.append(text)
    if section and start is not None:
        chunks.append((str(start), start, "\n".join(section)))
    return chunks


async def document_chunks(word: WordAccess, document: str | None, split: str) -> list[tuple[str, int, str]]:
    """The open document's chunks; DocumentReadError when it cannot be read."""
    return chunk_blocks(await read_blocks(word, document=document), split)


async def comment_on_block(word: WordAccess, document: str | None, position: int,
                           chunk: dict[str, Any]) -> dict[str, Any]:
    """Mark the block at `position` with a Word comment carrying the chunk's labels (annotate_chunk's highlight).

    The annotation is already saved: a comment that cannot be made is reported here, not raised.
    """
    read = await word.edit_task(
        content=f"find chunk {chunk['chunk_id']} to highlight", document=document,
        meta={"type": "word.op", "op": "readDocument", "version": "1.0",
              "args": {"format": "structure", "offset": position, "limit": 1, "includeRangeIds": True}})
    blocks = (read.get("data") or {}).get("blocks") or [] if read.get("ok") else []
    target = blocks[0].get("rangeId") or blocks[0].get("tableId") if blocks else None
    if not target:
        return {"ok": False, "reason": _reason(read) or f"no block at position {position} in the document"}
    labels = ", ".join(chunk.get("labels") or chunk.get("categories") or []) or "annotated"
    text = f"Chunk {chunk['chunk_id']}: {labels}" + (f" — {chunk['notes']}" if chunk.get("notes") else "")
    if target.startswith("tbl_"):
        return {"ok": False, "reason": "the chunk is a table: comments are anchored to text, so it was not marked"}
    scope = f"rangeId:{target}"
    added = await word.edit_task(
        content=f"highlight chunk {chunk['chunk_id']}", document=document,
        meta={"type": "word.op", "op": "comment.add", "version": "1.0", "args": {"scope": scope, "text": text}})
    if not added.get("ok"):
        return {"ok": False, "reason": _reason(added)}
    return {"ok": True, "commentId": (added.get("data") or {}).get("commentId"), "text": text}


def _reason(result: dict[str, Any]) -> str:
    return "; ".join(d["msg"] for d in result.get("diagnostics") or [] if d.get("level") == "error")
