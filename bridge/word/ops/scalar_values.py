"""Normalisers of plain JSON values: booleans, integers, strings, names and choices among fixed words."""

from __future__ import annotations

import math
from typing import Any

from .invalid_values import Invalid, described, show


def to_bool(value: Any) -> bool:
    """JSON booleans only: "true" or 1 are refused rather than guessed."""
    if isinstance(value, bool):
        return value
    raise Invalid(f"must be true or false (a JSON boolean), got {described(value)}")


def to_int(value: Any, lo: int | None = None, hi: int | None = None) -> int:
    """An integer; an integral float (2.0) is accepted, strings and booleans are not."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Invalid(f"must be an integer, got {described(value)}")
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise Invalid(f"must be an integer, got {show(value)}")
        value = int(value)
    if lo is not None and value < lo:
        raise Invalid(f"must be ≥ {lo}, got {value}" if hi is None else f"must be between {lo} and {hi}, got {value}")
    if hi is not None and value > hi:
        raise Invalid(f"must be ≤ {hi}, got {value}" if lo is None else f"must be between {lo} and {hi}, got {value}")
    return value


def to_text(value: Any, *, min_len: int = 0, max_len: int | None = None, what: str = "") -> str:
    """A string within length bounds; `what` names the limit's origin in the message."""
    if not isinstance(value, str):
        raise Invalid(f"must be a string, got {described(value)}")
    if len(value) < min_len:
        raise Invalid("must not be empty" if min_len == 1 else f"must have at least {min_len} characters")
    if max_len is not None and len(value) > max_len:
        raise Invalid(f"must be at most {max_len} characters{what}, got {len(value)}")
    return value


def to_name(value: Any) -> str:
    """A non-blank name (style, font); surrounding whitespace is trimmed."""
    text = to_text(value).strip()
    if not text:
        raise Invalid("must not be empty")
    return text


def choice(value: Any, allowed: tuple[str, ...], aliases: dict[str, str] | None = None) -> str:
    """One of `allowed`, matched case-insensitively, after `aliases` (lower-case keys)."""
    if isinstance(value, str):
        key = value.strip().lower()
        for option in allowed:
            if option.lower() == key:
                return option
        if aliases and key in aliases:
            return aliases[key]
    options = " | ".join(allowed)
    raise Invalid(f"must be one of {options}, got {show(value)}")
