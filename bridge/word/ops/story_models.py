"""Args models of the story ops: headers/footers (`headerFooter.*`, WordApi 1.1) and notes (`footnote.insert`,
`endnote.insert`, WordApi 1.5).

Headers and footers belong to sections; `section` is a 0-based index or "all". Markdown for a header goes
through the same server conversion as `insertMarkdown`, so the pane only builds canonical blocks. The pane
refuses with E_UNSUPPORTED where the host lacks the requirement set, and with E_NOT_FOUND for a section the
document does not have: nothing here depends on the host.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Self

from pydantic import PrivateAttr, ValidationInfo, model_validator


from .base import Args
from .compose_models import markdown_blocks
from .fields import Choice, LimitedText, Scope, field_error, plain
from . import normalize as n

MAX_STORY_TEXT: Final = 32_767  # as a comment's text (UNVERIFIED: Word documents no limit for a header's text)
MAX_STORY_MARKDOWN: Final = 100_000
MAX_STORY_BLOCKS: Final = 1_000
MAX_NOTE: Final = 32_767  # UNVERIFIED: Word documents no limit for a note's text
KINDS: Final = ("header", "footer")
TYPES: Final = ("primary", "firstPage", "evenPages")
KIND_ALIASES: Final = {"headers": "header", "footers": "footer"}
TYPE_ALIASES: Final = {"first": "firstPage", "first_page": "firstPage", "even": "evenPages", "even_pages": "evenPages",
                       "default": "primary", "odd": "primary"}


def _section(value: Any) -> int | str:
    """A 0-based section index, or "all" (any case)."""
    if isinstance(value, str) and value.strip().lower() == "all":
        return "all"
    if isinstance(value, str):
        raise n.Invalid(f"must be a section index (0-based integer) or \"all\", got {n.show(value)}")
    return n.to_int(value, 0)


Section = Annotated[int | str, plain(_section)]


class HeaderFooterGet(Args):
    """headerFooter.get: header/footer texts; everything (all sections, both kinds, all types) by default."""

    ALIASES = {"sections": "section", "types": "type", "kinds": "kind"}

    section: Section = "all"
    kind: Choice((*KINDS, "both"), {**KIND_ALIASES, "all": "both"}) = "both"  # type: ignore[valid-type]
    type: Choice((*TYPES, "all"), {**TYPE_ALIASES, "both": "all"}) = "all"  # type: ignore[valid-type]


class HeaderFooterSet(Args):
    """headerFooter.set: replace a header's or footer's content with text or markdown (exactly one)."""

    ALIASES = {"sections": "section", "md": "markdown", "content": "text"}

    section: Section = "all"
    kind: Choice(KINDS, KIND_ALIASES) = "header"  # type: ignore[valid-type]
    type: Choice(TYPES, TYPE_ALIASES) = "primary"  # type: ignore[valid-type]
    text: LimitedText(0, MAX_STORY_TEXT) | None = None  # type: ignore[valid-type]
    markdown: LimitedText(1, MAX_STORY_MARKDOWN) | None = None  # type: ignore[valid-type]
    _blocks: list[dict[str, Any]] = PrivateAttr(default_factory=list)

    @model_validator(mode="after")
    def _one_source(self, info: ValidationInfo) -> Self:
        if self.text is None and self.markdown is None:
            raise field_error("is required: give text (\"\" empties it) or markdown", "text")
        if self.text is not None and self.markdown is not None:
            raise field_error("conflicts with text; give only one of text or markdown", "markdown")
        if self.markdown is not None:
            self._blocks = markdown_blocks(self.markdown, info, MAX_STORY_BLOCKS, "in a header or footer")
        return self

    def canonical(self) -> dict[str, Any]:
        out: dict[str, Any] = {"section": self.section, "kind": self.kind, "type": self.type}
        if self.markdown is not None:
            out["blocks"] = self._blocks
        else:
            out["text"] = self.text
        return out


class NoteInsert(Args):
    """footnote.insert / endnote.insert: a note whose reference mark goes right after the scope's range."""

    ALIASES = {"note": "text", "content": "text"}

    text: Annotated[str, plain(lambda v: n.to_text(v, min_len=1, max_len=MAX_NOTE))]
    scope: Scope = "selection"

    @model_validator(mode="after")
    def _not_blank(self) -> Self:
        if not self.text.strip():
            raise field_error("must not be blank", "text")
        return self


STORY_MODELS: Final[dict[str, type[Args]]] = {
    "headerFooter.get": HeaderFooterGet,
    "headerFooter.set": HeaderFooterSet,
    "footnote.insert": NoteInsert,
    "endnote.insert": NoteInsert,
}
"""Op name → args model of the header/footer and note ops."""
