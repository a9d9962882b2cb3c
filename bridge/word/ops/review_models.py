"""Args models of the review ops: comments (`comment.*`, WordApi 1.4) and anchors (`anchor.*`, content controls).

An anchor is a content control the pane tags with a generated id: the tag lives in the document, so an
`anchor:<id>` scope outlives the pane, the document's reload and the server. The pane refuses with
E_UNSUPPORTED where the host lacks the requirement set, so nothing here depends on the host.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from pydantic import model_validator

from .base import Args
from .fields import Bool, LimitedText, Scope, plain
from . import normalize as n

MAX_COMMENT: Final = 32_767  # Word's limit on a comment's text (UNVERIFIED: Word's UI limit; the API documents none)
MAX_ANCHOR_NAME: Final = 64  # a content control's title is at most 64 characters
COMMENT_ID_ALIASES: Final = {"id": "commentId"}

CommentText = LimitedText(1, MAX_COMMENT)
MAX_COMMENT_ID: Final = 256


def _comment_id(value: Any) -> str:
    """Word's own comment id (opaque: Word writes GUIDs in braces), trimmed."""
    text = n.to_text(value, min_len=1, max_len=MAX_COMMENT_ID).strip()
    if not text:
        raise n.Invalid("must not be empty")
    return text


ItemId = Annotated[str, plain(_comment_id)]
"""A comment id: the opaque string comment.add / comment.list returned."""


def _anchor_id(value: Any) -> str:
    """An anchor id, with or without its `anchor:` prefix (the scope form is accepted too)."""
    text = n.to_text(value, min_len=1).strip()
    if text.lower().startswith("anchor:"):
        text = text[len("anchor:"):].strip()
    return n.to_id(text)


AnchorId = Annotated[str, plain(_anchor_id)]


class CommentAdd(Args):
    """comment.add: a comment on the scope's range (the selection by default)."""

    ALIASES = {"comment": "text", "content": "text"}

    text: CommentText  # type: ignore[valid-type]
    scope: Scope = "selection"


class CommentList(Args):
    """comment.list: the comments in a scope (the whole document by default); resolved ones only when asked."""

    scope: Scope = "document"
    includeResolved: Bool = False


class CommentReply(Args):
    """comment.reply: a reply in the comment's thread."""

    ALIASES = {**COMMENT_ID_ALIASES, "content": "text", "reply": "text"}

    commentId: ItemId
    text: CommentText  # type: ignore[valid-type]


class CommentResolve(Args):
    """comment.resolve: mark a comment resolved (or open again with resolved=false)."""

    ALIASES = COMMENT_ID_ALIASES

    commentId: ItemId
    resolved: Bool = True


class CommentDelete(Args):
    """comment.delete: remove a comment and its replies."""

    ALIASES = COMMENT_ID_ALIASES

    commentId: ItemId


class AnchorCreate(Args):
    """anchor.create: wrap the scope's range in a tagged content control; `name` becomes its title."""

    ALIASES = {"title": "name"}

    scope: Scope = "selection"
    name: LimitedText(0, MAX_ANCHOR_NAME, " (a content control title)") | None = None  # type: ignore[valid-type]


class AnchorList(Args):
    """anchor.list: no arguments."""


class AnchorRemove(Args):
    """anchor.remove: unwrap the anchor, keeping its content unless keepContent=false."""

    ALIASES = {"id": "anchorId"}

    anchorId: AnchorId
    keepContent: Bool = True

    @model_validator(mode="before")
    @classmethod
    def _scope_form(cls, data: Any) -> Any:
        """`scope: "anchor:<id>"` names the anchor too (what anchor.create's callers hold)."""
        if isinstance(data, dict) and "anchorId" not in data and isinstance(data.get("scope"), str):
            data = {k: v for k, v in data.items() if k != "scope"} | {"anchorId": data["scope"]}
        return data


REVIEW_MODELS: Final[dict[str, type[Args]]] = {
    "comment.add": CommentAdd,
    "comment.list": CommentList,
    "comment.reply": CommentReply,
    "comment.resolve": CommentResolve,
    "comment.delete": CommentDelete,
    "anchor.create": AnchorCreate,
    "anchor.list": AnchorList,
    "anchor.remove": AnchorRemove,
}
"""Op name → args model of the comment and anchor ops."""
