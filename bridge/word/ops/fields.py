"""Pydantic field types built on `normalize`, plus the one custom error kind.

Every field type is a `PlainValidator`, so pydantic never coerces on its own
("abc" never becomes a bool, "2" never an int); the normaliser decides, and its
message reaches the client as "<field path> <message>".
"""

from __future__ import annotations

from typing import Annotated, Any, Final
from collections.abc import Callable

from pydantic import PlainValidator, ValidationInfo
from pydantic_core import PydanticCustomError

from . import normalize as n

ERROR_TYPE: Final = "op_value"


def field_error(tail: str, field: str = "") -> PydanticCustomError:
    """An error reading "<path> <tail>"; `field` extends the path of the object that raised it."""
    return PydanticCustomError(ERROR_TYPE, "{tail}", {"tail": tail, "field": field})


def plain(fn: Callable[[Any], Any]) -> PlainValidator:
    """Wrap a normaliser so its `Invalid` becomes our pydantic error."""

    def validate(value: Any) -> Any:
        try:
            return fn(value)
        except n.Invalid as exc:
            raise field_error(exc.msg) from None

    return PlainValidator(validate)


Bool = Annotated[bool, plain(n.to_bool)]
Text = Annotated[str, plain(n.to_text)]
Name = Annotated[str, plain(n.to_name)]
Scope = Annotated[str, plain(n.to_scope)]
Location = Annotated[str, plain(n.to_location)]
TableRef = Annotated[str, plain(n.to_table_ref)]
Color = Annotated[str, plain(n.to_color)]
Highlight = Annotated[str | None, plain(n.to_highlight)]


def IntIn(lo: int | None = None, hi: int | None = None) -> Any:
    """An int field bounded to [lo, hi]."""
    return Annotated[int, plain(lambda v: n.to_int(v, lo, hi))]


def Points(lo: float, hi: float, *, open_lo: bool = False) -> Any:
    """A size in points (units converted), bounded."""
    return Annotated[float, plain(lambda v: n.to_points(v, lo, hi, open_lo=open_lo))]


def Ratio(lo: float, hi: float) -> Any:
    """A plain number in (lo, hi], such as a line-spacing multiple."""
    return Annotated[float, plain(lambda v: n.to_number(v, lo, hi))]


def Choice(allowed: tuple[str, ...], aliases: dict[str, str] | None = None) -> Any:
    """One of `allowed` (any case) or an alias of one."""
    return Annotated[str, plain(lambda v: n.choice(v, allowed, aliases))]


def LimitedText(min_len: int, max_len: int, what: str = "") -> Any:
    """A string with length bounds; `what` explains the limit ("Word's search limit")."""
    return Annotated[str, plain(lambda v: n.to_text(v, min_len=min_len, max_len=max_len, what=what))]


def _cell(value: Any, info: ValidationInfo) -> str:
    """A table cell: strings kept; numbers, booleans and null written as text (counted)."""
    if isinstance(value, str):
        return value
    if value is None:
        text = ""
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        text = str(int(value)) if value.is_integer() else repr(value)
    else:
        raise field_error(f"must be text (a string), got {n.json_type(value)}")
    if info.context is not None:
        info.context["cells_converted"] = info.context.get("cells_converted", 0) + 1
    return text


Cell = Annotated[str, PlainValidator(_cell)]
