"""The result envelope every op returns, from the pane or from the server.

One shape for success and failure (`{ok, op, data, code?, diagnostics}`), so a
client never has to guess where an error lives.
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict


class Code(StrEnum):
    """Error codes of the contract (docs/protocol.md)."""

    INVALID_ARG = "E_INVALID_ARG"
    NOT_FOUND = "E_NOT_FOUND"
    UNSUPPORTED = "E_UNSUPPORTED"
    PERMISSION = "E_PERMISSION"
    RUNTIME = "E_RUNTIME"
    TIMEOUT = "E_TIMEOUT"


Level = Literal["info", "warn", "error"]


class Diagnostic(TypedDict):
    level: Level
    msg: str
    field: NotRequired[str]


def diagnostic(level: Level, msg: str, field: str | None = None) -> Diagnostic:
    """A diagnostic; `field` is a dotted path such as `args.text`."""
    d: Diagnostic = {"level": level, "msg": msg}
    if field:
        d["field"] = field
    return d


def ok(op: str, data: dict[str, Any] | None = None, diagnostics: list[Diagnostic] | None = None) -> dict[str, Any]:
    """A successful result envelope."""
    return {"ok": True, "op": op, "data": data or {}, "diagnostics": list(diagnostics or [])}


def fail(
    op: str,
    code: Code | str,
    msg: str,
    field: str | None = None,
    diagnostics: list[Diagnostic] | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A failed result envelope whose first error diagnostic says why."""
    diags = [diagnostic("error", msg, field), *(diagnostics or [])]
    return {"ok": False, "op": op, "data": data or {}, "code": str(code), "diagnostics": diags}


class OpError(Exception):
    """An op that cannot run; carries everything needed to build its envelope."""

    def __init__(
        self,
        code: Code | str,
        msg: str,
        *,
        op: str = "unknown",
        field: str | None = None,
        diagnostics: list[Diagnostic] | None = None,
    ) -> None:
        super().__init__(msg)
        self.code = str(code)
        self.msg = msg
        self.op = op
        self.field = field
        self.extra = list(diagnostics or [])

    def envelope(self, op: str | None = None) -> dict[str, Any]:
        return fail(op or self.op, self.code, self.msg, self.field, self.extra)


# ---- text that every transport can encode --------------------------------------------------------------------
# A string may hold a lone UTF-16 surrogate (U+D800-U+DFFF without its partner): JSON escapes carry one ("\ud83d"),
# and Python's json accepts it, but UTF-8 cannot encode it, so an MCP transport or /rpc that meets one fails the
# whole answer. The pane's answers are cleaned as they arrive, and every tool result before it leaves.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_RAW = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def clean_text(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD (a valid pair stays the character it encodes);
    `text` itself when it has none."""
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def has_lone_surrogate(value: Any) -> bool:
    """Whether a JSON-like value (strings, dicts, lists, keys included) holds a lone surrogate somewhere."""
    if isinstance(value, str):
        return not value.isascii() and _SURROGATE.search(value) is not None
    if value is None or isinstance(value, bool | int | float):
        return False
    try:
        text = _RAW.encode(value)  # C speed; a surrogate stays as it is in the text
    except (TypeError, ValueError, RecursionError):
        return True  # not plain JSON: let clean() look at every string
    return not text.isascii() and _SURROGATE.search(text) is not None


def clean(value: Any) -> Any:
    """`value` with every lone surrogate in its strings and keys replaced by U+FFFD.

    Dicts and lists are cleaned in place (tuples become lists), so a caller keeps the object it had; a string is
    returned cleaned. Cheap when there is nothing to clean.
    """
    if isinstance(value, str):
        return clean_text(value)
    if not has_lone_surrogate(value):
        return value
    stack: list[Any] = [value]
    while stack:  # iterative: a deep value from a pane must not exhaust the stack
        node = stack.pop()
        entries = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, item in entries:
            if isinstance(item, str):
                fixed = clean_text(item)
                if fixed is not item:
                    node[key] = fixed
            elif isinstance(item, dict | list):
                stack.append(item)
            elif isinstance(item, tuple):
                node[key] = list(item)
                stack.append(node[key])
            if isinstance(node, dict) and isinstance(key, str) and clean_text(key) is not key:
                node[clean_text(key)] = node.pop(key)
    return value


def loads_clean(text: str) -> Any:
    """`json.loads(text)`, lone surrogates (which only a JSON escape can carry in text) replaced by U+FFFD."""
    value = json.loads(text)
    return clean(value) if surrogate_escape(text) else value


def surrogate_escape(text: str) -> bool:
    """Whether JSON text holds a surrogate's escape (`\\ud83d`): only then can decoding it give a lone surrogate."""
    return _SURROGATE_ESCAPE.search(text) is not None


def lone_surrogate_at(value: Any, path: str) -> tuple[str, int] | None:
    """Where the first lone surrogate of a JSON-like value is: its field path (`args.text`, `args.ops[0].args.text`,
    or `path` itself for a string) and the character's index in that string (or key); None when there is none."""
    if not has_lone_surrogate(value):
        return None
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        node, where = stack.pop()
        if isinstance(node, str):
            found = _lone_index(node)
            if found is not None:
                return where, found
            continue
        if isinstance(node, dict):
            children = [(f"{where}.{key}" if where else str(key), key, item) for key, item in node.items()]
        elif isinstance(node, list | tuple):
            children = [(f"{where}[{index}]", index, item) for index, item in enumerate(node)]
        else:
            continue
        for child_path, key, item in reversed(children):  # the first field first
            stack.append((item, child_path))
            if isinstance(key, str) and _lone_index(key) is not None:
                stack.append((key, child_path))  # looked at before the value: the key is the field's name
    return None


def _lone_index(text: str) -> int | None:
    """The index of the first lone surrogate in `text`, or None."""
    if text.isascii():
        return None
    index = 0
    for found in _SURROGATE.finditer(text):
        index = found.start()
        char = text[index]
        if char < "\udc00" and index + 1 < len(text) and "\udc00" <= text[index + 1] <= "\udfff":
            continue  # a high surrogate with its low partner (a pair Python kept as two code points)
        if char >= "\udc00" and index > 0 and "\ud800" <= text[index - 1] < "\udc00":
            continue
        return index
    return None
