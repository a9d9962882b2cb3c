"""`Invalid`, the error every normaliser raises, and the short renderings of a bad value its messages use."""

from __future__ import annotations

from typing import Any


class Invalid(ValueError):
    """A value that cannot be normalised; `msg` completes "<field> …"."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg)
        self.msg = msg


def show(value: Any) -> str:
    """A short rendering of a bad value for an error message."""
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f'"{text}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array" if value else "an empty array"
    return repr(value)


def described(value: Any) -> str:
    """A bad value with its type, for "got …" messages: 'string "x"', 'number 3', 'an object', 'null'."""
    if value is None or isinstance(value, (dict, list)):
        return show(value)
    return f"{json_type(value)} {show(value)}"


def json_type(value: Any) -> str:
    """The JSON name of a value's type, for "got …" messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__
