"""The rule that `before`/`after` the whole document mean its `start`/`end`, shared by the insert ops."""

from __future__ import annotations

from pydantic import ValidationInfo

from .base import Args, note


def document_edges(model: Args, info: ValidationInfo) -> None:
    """`before`/`after` the whole document mean `start`/`end` (Body only takes Start/End)."""
    location = getattr(model, "location")  # noqa: B009 - every model this runs on has one; Args does not
    if getattr(model, "scope") == "document" and location in ("before", "after"):  # noqa: B009
        edge = "start" if location == "before" else "end"
        setattr(model, "location", edge)  # noqa: B010
        note(info, "info", f"location \"{location}\" of the whole document is \"{edge}\"", "location")
