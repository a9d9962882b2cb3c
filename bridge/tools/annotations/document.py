"""Chunks from the open Word document (`start_session` with `fromDocument: true`), and marking one in it.

The document is read through readDocument's structure blocks. A chunk's position is the index of its first
block in the document and its id is that position as text, so a chunk points back at where it came from.

A chunk's text is the text of its non-empty blocks joined by new lines (one block per paragraph chunk, the
heading and its section for heading chunks). `highlight_chunk` marks a chunk only where the document still holds
exactly that text: at the chunk's position, or else at the one place the text has moved to (a paragraph added or
removed above it). Anything else (the text edited, deleted, or found twice) is refused with the reason. The
comment goes on the range id of the very read that checked the text: Word tracks that range through later edits,
so an edit elsewhere between the check and the comment cannot move it onto another paragraph.

A chunk has one comment, however often it is highlighted (annotate_chunk is idempotent): the comment made last
is remembered (its Word id and the text it was given) and looked for among the comments that same read lists on
the block. An exact repeat leaves it as it is; a changed annotation replaces it, unless the person edited it or
replied to it meanwhile (their words are kept, and a new comment is added beside it); one deleted in Word is made
again. A comment on the block with exactly the text to write counts as the chunk's own (an answer lost before its
id was remembered, another session on the same document), so it is not written twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from bridge.tools.word_access import (DocumentReadError, WordAccess, failure_reason, read_blocks, read_document,
                                      read_op, read_pages)

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


async def document_chunks(word: WordAccess, document: str | None,
                          split: str) -> tuple[list[tuple[str, int, str]], dict[str, Any] | None, str | None]:
    """The open document's chunks, the document that answered (`{"id", "title"}`, None where the edit service
    does not say) and a warning when it kept changing while it was read (word_access.read_document);
    DocumentReadError when it cannot be read."""
    read = await read_document(word, document=document)
    return chunk_blocks(read.blocks, split), read.document, read.warning


# ---- highlight: a comment on the chunk's own text ------------------------------------------------------------

@dataclass(frozen=True)
class ChunkPlace:
    """Where a chunk of a document session came from: what `highlight_chunk` checks before marking it."""

    chunk_id: str
    document: str | None
    """The document every edit of the highlight goes to: the session's document, by its id (None: the active
    one, for a session that does not record it; see session_document.locate)."""
    position: int
    text: str


def match(texts: Iterable[str], expected: str) -> bool | None:
    """Whether consecutive blocks (their `block_text`, from the first) hold exactly the chunk text `expected`:
    True, False, or None when the blocks end before that is decided.

    The first block must hold text (a chunk starts at a non-empty block); empty blocks after it are skipped, as
    chunking skips them.
    """
    seen = ""
    for n, text in enumerate(texts):
        if not text:
            if n == 0:
                return False
            continue
        seen = f"{seen}\n{text}" if seen else text
        if seen == expected:
            return True
        if not expected.startswith(seen + "\n"):
            return False
    return None


def _quote(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return f"“{flat[:limit]}{'…' if len(flat) > limit else ''}”"


async def _read_at(word: WordAccess, place: ChunkPlace, index: int) -> tuple[dict[str, Any] | None, str | None]:
    """The block at `index` with its range id, or (None, why not)."""
    read = await word.edit_task(content=f"find chunk {place.chunk_id} to highlight", document=place.document,
                                meta=read_op(index, 1, include_range_ids=True))
    if not read.get("ok"):
        return None, failure_reason(read, ("error",)) or "the document could not be read"
    blocks = (read.get("data") or {}).get("blocks") or []
    if not blocks:
        return None, f"the document has no block {index} any more"
    return blocks[0], None


async def _holds_at(word: WordAccess, place: ChunkPlace, first: dict[str, Any]) -> bool:
    """Whether the document, from `first` (the block at the chunk's position) on, still holds the chunk's text."""
    texts = [block_text(first)]
    found = match(texts, place.text)
    if found is None:  # a heading section: read on until its text is covered or differs
        async for page in read_pages(word, document=place.document, page_size=50,
                                     offset=int(first.get("index", place.position)) + 1):
            texts.extend(block_text(b) for b in page.get("blocks") or [])
            found = match(texts, place.text)
            if found is not None:
                break
    return found is True


async def _find_again(word: WordAccess, place: ChunkPlace) -> list[int]:
    """Every block index the chunk's text starts at, in the document as it is now."""
    texts = [block_text(b) for b in await read_blocks(word, document=place.document)]
    return [n for n, text in enumerate(texts) if text and match(islice(texts, n, None), place.text) is True]


@dataclass(frozen=True)
class ChunkComment:
    """The comment a chunk was last marked with: Word's comment id and the text Word Bridge gave it."""

    comment_id: str
    text: str


def comment_text(chunk: dict[str, Any]) -> str:
    """The text of a chunk's comment: its labels (else categories) and notes."""
    labels = ", ".join(chunk.get("labels") or chunk.get("categories") or []) or "annotated"
    return f"Chunk {chunk['chunk_id']}: {labels}" + (f" — {chunk['notes']}" if chunk.get("notes") else "")


async def highlight_chunk(word: WordAccess, place: ChunkPlace, chunk: dict[str, Any],
                          previous: ChunkComment | None = None) -> dict[str, Any]:
    """Mark the chunk's first block with a Word comment carrying the chunk's labels (annotate_chunk's highlight).

    Only where the document still holds the chunk's text (see the module docstring). The annotation is already
    saved: a comment that cannot be made is reported here, not raised. `previous` is the comment the chunk was
    marked with before, so that a repeat updates it instead of adding another.
    """
    first, why = await _read_at(word, place, place.position)
    moved_to: int | None = None
    try:
        if first is None or not await _holds_at(word, place, first):
            found = await _find_again(word, place)
            now = f"block {place.position} now reads {_quote(block_text(first))}" if first else why
            if not found:
                return {"ok": False, "reason": (
                    f"the document changed since the session started: {now}, and chunk {place.chunk_id}'s text "
                    f"({_quote(place.text)}) is no longer in the document, so nothing was marked")}
            if len(found) > 1:
                return {"ok": False, "reason": (
                    f"the document changed since the session started: {now}, and chunk {place.chunk_id}'s text "
                    f"is now at {len(found)} places (blocks {', '.join(map(str, found[:10]))}); nothing was "
                    f"marked rather than risk marking the wrong one")}
            moved_to = found[0]
            first, why = await _read_at(word, place, moved_to)
            if first is None or match([block_text(first)], place.text) is False:
                return {"ok": False, "reason": why or "the document changed while the chunk was looked up; "
                                                      "nothing was marked"}
    except DocumentReadError as exc:
        return {"ok": False, "reason": f"the document could not be read: {exc}"}
    if first.get("type") == "table" or first.get("tableId"):
        return {"ok": False, "reason": "the chunk is a table: comments are anchored to text, so it was not marked"}
    marked = await _mark(word, place, first, comment_text(chunk), previous)
    if marked["ok"] and moved_to is not None:
        marked["movedTo"] = moved_to
        marked["note"] = " ".join(filter(None, (
            f"the document changed since the session started: chunk {place.chunk_id}'s text is now block "
            f"{moved_to} (it was block {place.position}); the comment is on its text there.", marked.get("note"))))
    return marked


def _comments_on(block: dict[str, Any]) -> list[dict[str, Any]]:
    """The comments readDocument lists on a block (`{commentId, text, resolved, replies (count), …}`)."""
    return [c for c in block.get("comments") or [] if isinstance(c, dict) and c.get("commentId")]


def _made(comments: list[dict[str, Any]], previous: ChunkComment | None) -> dict[str, Any] | None:
    """The comment the chunk was marked with last, if it is still on the block."""
    if previous is None:
        return None
    return next((c for c in comments if c["commentId"] == previous.comment_id), None)


def _kept(comment: dict[str, Any], text: str) -> dict[str, Any]:
    """The answer for a comment left as it is (no comment added)."""
    kept: dict[str, Any] = {"ok": True, "commentId": comment["commentId"], "text": comment.get("text"),
                            "unchanged": True}
    if comment.get("text") != text:
        kept["note"] = "the comment was edited in Word since it was made; it was left as it is."
    return kept


async def _mark(word: WordAccess, place: ChunkPlace, block: dict[str, Any], text: str,
                previous: ChunkComment | None) -> dict[str, Any]:
    """Put `text` on the block as the chunk's one comment: keep, replace or add (see the module docstring)."""
    comments = _comments_on(block)
    made = _made(comments, previous)
    if made is not None and previous is not None and previous.text == text:
        return _kept(made, text)  # an exact repeat: whatever the person did to the comment stays
    same = next((c for c in comments if c.get("text") == text), None)
    marked = _kept(same, text) if same is not None else await _add(word, place, block, text)
    if not marked["ok"]:
        return marked
    if made is not None and made is not same:
        marked.update(await _retire(word, place, made, previous))
    elif previous is not None and made is None and same is None:
        marked["note"] = (f"the comment made before ({previous.comment_id}) is no longer on the chunk's text "
                          "(deleted in Word?); this one replaces it.")
    return marked


async def _add(word: WordAccess, place: ChunkPlace, block: dict[str, Any], text: str) -> dict[str, Any]:
    """A new comment holding `text` on the block's range."""
    target = block.get("rangeId")
    if not target:
        return {"ok": False, "reason": "the pane gave no range id for the chunk's block; nothing was marked"}
    args = {"scope": f"rangeId:{target}", "text": text}
    added = await word.edit_task(content=f"highlight chunk {place.chunk_id}", document=place.document,
                                 meta={"type": "word.op", "op": "comment.add", "version": "1.0", "args": args})
    if not added.get("ok"):
        return {"ok": False, "reason": failure_reason(added, ("error",)) or str(added.get("code"))}
    return {"ok": True, "commentId": (added.get("data") or {}).get("commentId"), "text": text}


async def _retire(word: WordAccess, place: ChunkPlace, old: dict[str, Any],
                  previous: ChunkComment | None) -> dict[str, Any]:
    """Delete the chunk's outdated comment, the new one being in place; one the person edited is left to them."""
    if previous is None or old.get("text") != previous.text or old.get("replies"):
        return {"note": f"the chunk's earlier comment ({old['commentId']}) was edited or replied to in Word, so it "
                        "was left as it is; this one carries the new annotation."}
    meta = {"type": "word.op", "op": "comment.delete", "version": "1.0", "args": {"commentId": old["commentId"]}}
    deleted = await word.edit_task(content=f"remove chunk {place.chunk_id}'s earlier comment",
                                   document=place.document, meta=meta)
    if not deleted.get("ok") and deleted.get("code") != "E_NOT_FOUND":
        return {"note": f"the chunk's earlier comment ({old['commentId']}) could not be removed: "
                        f"{failure_reason(deleted, ('error',)) or deleted.get('code')}"}
    return {"replaced": old["commentId"]}
