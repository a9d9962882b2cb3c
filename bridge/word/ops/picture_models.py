"""Args model of `insertPicture`: where the picture goes, its size and wrapping; `data` is checked here and
fetched or converted later by the pictures module."""

from __future__ import annotations

from typing import Final, Self

from pydantic import ValidationInfo, model_validator

from .base import Args, note
from .document_edges import document_edges
from .fields import Bool, Choice, Location, Points, Scope, Text, field_error
from .word_limits import MAX_SIZE_PT
from . import normalize as n

WRAP_TYPES: Final = ("inline", "square", "tight", "behind", "inFront")
WRAP_ALIASES: Final = {"in front": "inFront", "in_front": "inFront", "in-front": "inFront", "front": "inFront", "infrontoftext": "inFront", "behindtext": "behind"}


class InsertPicture(Args):
    """insertPicture: `data` is a URL or base64; the pictures module fetches and converts later."""

    ALIASES = {"where": "location"}

    source: Choice(("url", "base64"), {"uri": "url", "link": "url", "b64": "base64"}) | None = None  # type: ignore[valid-type]
    data: Text
    scope: Scope = "selection"
    location: Location = "replace"
    width: Points(0, MAX_SIZE_PT, open_lo=True) | None = None  # type: ignore[valid-type]
    height: Points(0, MAX_SIZE_PT, open_lo=True) | None = None  # type: ignore[valid-type]
    lockAspectRatio: Bool = True
    altText: Text | None = None
    wrapType: Choice(WRAP_TYPES, WRAP_ALIASES) = "inline"  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.source is None:
            if n.looks_like_url(self.data):
                self.source = "url"
            elif n.looks_like_base64(self.data):
                self.source = "base64"
            else:
                raise field_error("required: \"url\" or \"base64\" (data is neither an http(s) URL nor base64)", "source")
            note(info, "info", f"source not given: \"{self.source}\" inferred from data", "source")
        try:
            self.data = n.to_url(self.data) if self.source == "url" else n.to_base64(self.data)
        except n.Invalid as exc:
            hint = "; it looks like a URL: use source \"url\"" if self.source == "base64" and n.looks_like_url(self.data) else ""
            raise field_error(exc.msg + hint, "data") from None
        document_edges(self, info)
        return self


PICTURE_MODELS: Final[dict[str, type[Args]]] = {
    "insertPicture": InsertPicture,
}
"""Op name → args model of the picture op."""
