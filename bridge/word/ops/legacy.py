"""The legacy form of `editTask` (no `meta`): `action` + `target` + `content` → insertText.

`insert` never destroys the selection (it writes after it), `replace` does,
`append` adds a paragraph at the end of the document.
"""

from __future__ import annotations

from typing import Any, Final

from bridge.word.envelope import Code, OpError, diagnostic

from .normalize import show
from .parsed import ParsedOp, build

ACTIONS: Final = ("insert", "replace", "append")
TARGETS: Final = ("cursor", "selection", "document")


def _pick(value: Any, allowed: tuple[str, ...], default: str, name: str) -> str:
    """A case-insensitive choice; None/"" means the default."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return default
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise OpError(
        Code.INVALID_ARG,
        f"{name} must be one of {' | '.join(allowed)}, got {show(value)} (or give meta for other ops)",
        op="insertText",
        field=name,
    )


def legacy_args(action: str, target: str) -> dict[str, Any]:
    """The insertText args (without text) for an action on a target."""
    scope = "document" if target == "document" else "selection"
    if action == "replace":
        return {"scope": scope, "location": "replace"}
    if action == "insert":
        return {"scope": scope, "location": "end"}
    return {"scope": "document", "location": "end", "newParagraph": True}


def parse_legacy(content: str, action: Any, target: Any) -> ParsedOp:
    """Map the legacy arguments onto a canonical insertText."""
    act = _pick(action, ACTIONS, "insert", "action")
    tgt = _pick(target, TARGETS, "cursor", "target")
    if content == "":
        raise OpError(
            Code.INVALID_ARG,
            "content must not be empty: without meta it is the text to write (use meta for other ops)",
            op="insertText",
            field="content",
        )
    note = diagnostic("info", f"legacy form: action \"{act}\" on target \"{tgt}\" sent as insertText")
    return build("insertText", {"text": content, **legacy_args(act, tgt)}, [note])
