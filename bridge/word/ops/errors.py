"""Turn pydantic's `ValidationError` into our `OpError`: dotted field paths, plain messages."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from bridge.word.envelope import Code, OpError, diagnostic

from .fields import ERROR_TYPE
from .normalize import described


def field_path(loc: tuple[str | int, ...], extra: str = "", root: str = "args") -> str:
    """`("char", "fontSize")` → `args.char.fontSize`; `("data", 1, 2)` → `args.data[1][2]`."""
    path = root
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    if extra:
        path += extra if extra.startswith("[") else f".{extra}"
    return path


_BUILTIN: dict[str, str] = {
    "missing": "required",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "dict_type": "must be an object",
    "list_type": "must be an array",
    "string_type": "must be a string",
}


def _message(err: ErrorDetails) -> tuple[str, str]:
    """(field path, full message) of one pydantic error."""
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    path = field_path(tuple(err["loc"]), ctx.get("field", "") if err["type"] == ERROR_TYPE else "")
    if err["type"] == ERROR_TYPE:
        return path, f"{path} {ctx['tail']}"
    if err["type"] == "missing":
        return path, f"{path} required"
    tail = _BUILTIN.get(err["type"])
    if tail is None:
        tail = err["msg"][:1].lower() + err["msg"][1:]
    elif tail.startswith("must be an"):
        tail += f", got {described(err.get('input'))}"
    return path, f"{path} {tail}"


def op_error(op: str, exc: ValidationError) -> OpError:
    """The first error as the main message, the others as extra error diagnostics."""
    # A field reported missing is often the consequence of another one's error (no valid data, no size from it):
    # the others come first.
    errors = sorted(exc.errors(include_url=False), key=lambda err: err["type"] == "missing")
    found = [_message(err) for err in errors]
    (field, msg), rest = found[0], found[1:]
    return OpError(
        Code.INVALID_ARG,
        msg,
        op=op,
        field=field,
        diagnostics=[diagnostic("error", m, f) for f, m in rest],
    )
