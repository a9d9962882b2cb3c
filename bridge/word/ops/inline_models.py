"""Args models of `insertBreak` and `hyperlink.set`: what sits inside the text flow but is not plain text.

Links accept http(s) and mailto addresses only: a `file:` or `javascript:` link in a document someone opens
later is a trap, and the same rule already holds for links in `insertMarkdown`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Final, Self
from urllib.parse import urlsplit

from pydantic import ValidationInfo, model_validator

from .base import Args, note
from .fields import Choice, LimitedText, Location, Scope, field_error, plain
from . import normalize as n

BREAK_TYPES: Final = ("page", "line", "sectionNext", "sectionContinuous")
BREAK_ALIASES: Final = {
    "pagebreak": "page", "linebreak": "line", "section": "sectionNext", "sectionbreak": "sectionNext",
    "next": "sectionNext", "nextpage": "sectionNext", "continuous": "sectionContinuous",
}
MAX_LINK: Final = 2048  # the longest address the pane writes (browsers' practical URL limit)
MAX_LINK_TEXT: Final = 32_767
_EMAIL: Final = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


def _link_address(value: Any) -> str:
    """An http(s) URL with a host or a mailto: address; "" removes the links of the range."""
    text = n.to_text(value).strip()
    if text == "":
        return ""
    if len(text) > MAX_LINK:
        raise n.Invalid(f"must be a link of at most {MAX_LINK} characters, got {len(text)}")
    if any(ch.isspace() for ch in text):
        raise n.Invalid(f"must not contain spaces (encode them as %20), got {n.show(text)}")
    lowered = text.lower()
    if lowered.startswith("mailto:"):
        address = text[len("mailto:"):].split("?", 1)[0]
        if not _EMAIL.fullmatch(address):
            raise n.Invalid(f"is a mailto: link without an e-mail address, got {n.show(text)}")
        return text
    if not lowered.startswith(("http://", "https://")):
        raise n.Invalid(f"must be an http://, https:// or mailto: link (other schemes are refused), got {n.show(text)}")
    try:
        host = urlsplit(text).hostname
    except ValueError as exc:
        raise n.Invalid(f"is not a valid URL ({exc})") from None
    if not host:
        raise n.Invalid(f"is not a valid URL (no host), got {n.show(text)}")
    return text


LinkAddress = Annotated[str, plain(_link_address)]


class InsertBreak(Args):
    """insertBreak: a page, line or section break at the scope (after the selection by default)."""

    ALIASES = {"breakType": "type", "kind": "type", "where": "location"}

    type: Choice(BREAK_TYPES, BREAK_ALIASES) = "page"  # type: ignore[valid-type]
    scope: Scope = "selection"
    location: Location = "after"

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.location == "replace":
            raise field_error("must be \"start\", \"end\", \"before\" or \"after\": a break is inserted, it cannot "
                              "replace text (delete the text with insertText text=\"\" first)", "location")
        if self.scope == "document" and self.location in ("before", "after"):
            edge = "start" if self.location == "before" else "end"
            note(info, "info", f"location \"{self.location}\" of the whole document is \"{edge}\"", "location")
            self.location = edge
        return self


class HyperlinkSet(Args):
    """hyperlink.set: link the scope's text to `url`, or insert `text` as a link at the scope."""

    ALIASES = {"href": "url", "link": "url", "address": "url", "where": "location"}

    url: LinkAddress
    scope: Scope = "selection"
    text: LimitedText(1, MAX_LINK_TEXT) | None = None  # type: ignore[valid-type]
    location: Location = "replace"

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.text is None and "location" in self.model_fields_set and self.location != "replace":
            raise field_error("only applies with text (the linked text to insert); without text the scope's own "
                              "text is linked", "location")
        if self.url == "" and self.text is not None:
            raise field_error("is empty: an empty url removes links and takes no text", "url")
        if self.scope == "document" and self.text is not None and self.location in ("before", "after"):
            edge = "start" if self.location == "before" else "end"
            note(info, "info", f"location \"{self.location}\" of the whole document is \"{edge}\"", "location")
            self.location = edge
        return self


INLINE_MODELS: Final[dict[str, type[Args]]] = {
    "insertBreak": InsertBreak,
    "hyperlink.set": HyperlinkSet,
}
"""Op name → args model of the break and link ops."""
