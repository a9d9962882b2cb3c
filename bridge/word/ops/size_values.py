"""Size normalisers: lengths in pt, px, in, cm, mm or pc to points, and plain ratios."""

from __future__ import annotations

import math
import re
from typing import Any, Final

from .invalid_values import Invalid, described, show


UNIT_PT: Final[dict[str, float]] = {
    "pt": 1.0,
    "px": 0.75,
    "in": 72.0,
    "cm": 72 / 2.54,
    "mm": 72 / 25.4,
    "pc": 12.0,
}
_SIZE = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+))\s*([a-zA-Z]*)")


def to_points(value: Any, lo: float, hi: float, *, open_lo: bool = False) -> float:
    """A length → points, rounded to 2 decimals, within [lo, hi] (or (lo, hi] with `open_lo`).

    Bare numbers and numeric strings are points; `pt px in cm mm pc` units are
    converted. Integral results are returned as int so the JSON stays tidy.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise Invalid(f"must be a size in points (e.g. 12 or \"12pt\"), got {described(value)}")
    if isinstance(value, str):
        m = _SIZE.fullmatch(value.strip())
        if not m:
            raise Invalid(f"must be a size such as 12, \"12pt\", \"16px\", \"1in\", \"2cm\" or \"10mm\", got {show(value)}")
        unit = m.group(2).lower() or "pt"
        if unit not in UNIT_PT:
            raise Invalid(f"has an unknown unit {show(m.group(2))} (use pt, px, in, cm or mm)")
        number = float(m.group(1)) * UNIT_PT[unit]
    else:
        number = float(value)
    if not math.isfinite(number):
        raise Invalid(f"must be a finite number, got {show(value)}")
    pts = round(number, 2)
    if (pts <= lo if open_lo else pts < lo) or pts > hi:
        rule = f"must be greater than {lo:g} and at most {hi:g} pt" if open_lo else f"must be between {lo:g} and {hi:g} pt"
        shown = show(value) if isinstance(value, str) and not _is_plain(value) else f"{pts:g}"
        raise Invalid(f"{rule}, got {shown}" + (f" = {pts:g} pt" if shown != f"{pts:g}" else ""))
    return int(pts) if pts.is_integer() else pts


def _is_plain(text: str) -> bool:
    """True when a size string is a bare number (no unit)."""
    m = _SIZE.fullmatch(text.strip())
    return m is not None and not m.group(2)


def to_number(value: Any, lo: float, hi: float) -> float:
    """A plain positive number (a ratio, not a length); numeric strings accepted."""
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise Invalid(f"must be a number, got {show(value)}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Invalid(f"must be a number, got {described(value)}")
    num = round(float(value), 2)
    if num <= lo or num > hi:
        raise Invalid(f"must be greater than {lo:g} and at most {hi:g}, got {show(value)}")
    return int(num) if num.is_integer() else num
