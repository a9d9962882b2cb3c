"""The result envelope every op returns, from the pane or from the server.

One shape for success and failure (`{ok, op, data, code?, diagnostics}`), so a
client never has to guess where an error lives.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, TypedDict, NotRequired


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
