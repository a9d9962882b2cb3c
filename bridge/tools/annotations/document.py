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
