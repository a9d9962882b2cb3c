"""Models of the read-and-compose ops: `readDocument` and `insertMarkdown`.

`batch` has its own module (`batch.py`): it validates other ops rather than fields.
"""

from __future__ import annotations

from typing import Any, Final, Self

from pydantic import PrivateAttr, ValidationInfo, model_validator

from bridge.word.markdown_blocks import markdown_to_blocks

from .base import Args, note
from .fields import Bool, Choice, IntIn, LimitedText, Location, Scope, field_error
from .word_limits import MAX_COLS

MAX_MARKDOWN: Final = 200_000
MAX_BLOCKS: Final = 5_000
READ_FORMATS: Final = ("text", "markdown", "structure")


class ReadDocument(Args):
    """readDocument: one page of blocks (paragraphs and tables, in document order) as text, markdown or structure."""

    scope: Scope = "document"
    format: Choice(READ_FORMATS, {"md": "markdown", "plain": "text", "blocks": "structure", "json": "structure"}) = "text"  # type: ignore[valid-type]
    offset: IntIn(0) = 0  # type: ignore[valid-type]
    limit: IntIn(1, 1000) = 200  # type: ignore[valid-type]
    maxChars: IntIn(200, 200_000) = 20_000  # type: ignore[valid-type]
    includeRangeIds: Bool = False


def markdown_blocks(markdown: str, info: ValidationInfo, max_blocks: int, where: str) -> list[dict[str, Any]]:
    """Markdown → canonical blocks for the pane, at most `max_blocks` (what was left out becomes info diagnostics)."""
    converted = markdown_to_blocks(markdown)
    if len(converted.blocks) > max_blocks:
        raise field_error(f"makes {len(converted.blocks)} blocks; at most {max_blocks} {where}", "markdown")
    if not converted.blocks:
        raise field_error("has no content to insert", "markdown")
    # Word would refuse a wider table only in the closing sync, after the blocks before it were inserted.
    cols = max((len(row) for block in converted.blocks if block["type"] == "table" for row in block["rows"]), default=0)
    if cols > MAX_COLS:
        raise field_error(f"has a table of {cols} columns; a Word table has at most {MAX_COLS}", "markdown")
    for what in converted.notes:
        note(info, "info", what, "markdown")
    return converted.blocks


class InsertMarkdown(Args):
    """insertMarkdown: markdown converted here to canonical blocks; the pane builds them with Word's styles.

    A setext level-1 heading (`Report` over `======`, as readDocument writes a Title paragraph) is a heading block
    with `"title": true`, built in the Title style; `# text` stays Heading 1.
    """

    ALIASES = {"where": "location", "md": "markdown"}

    markdown: LimitedText(1, MAX_MARKDOWN)  # type: ignore[valid-type]
    scope: Scope = "selection"
    location: Location = "replace"
    _blocks: list[dict[str, Any]] = PrivateAttr(default_factory=list)

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.scope == "document" and self.location in ("before", "after"):
            edge = "start" if self.location == "before" else "end"
            note(info, "info", f"location \"{self.location}\" of the whole document is \"{edge}\"", "location")
            self.location = edge
        self._blocks = markdown_blocks(self.markdown, info, MAX_BLOCKS, "in one op (split it)")
        return self

    def canonical(self) -> dict[str, Any]:
        return {"blocks": self._blocks, "scope": self.scope, "location": self.location}
