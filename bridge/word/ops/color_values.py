"""Colour normalisers: hex, rgb()/rgba() and CSS names to `#RRGGBB`; translucent colours are blended over white,
and a highlight may be removed."""

from __future__ import annotations

import math
import re
from typing import Any, Final

from .css_colors import CSS_COLORS
from .invalid_values import Invalid, described, show


_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_FUNC = re.compile(r"(rgba?)\(\s*([^)]*)\)", re.IGNORECASE)
_NUM = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?"


def _channel(token: str) -> float:
    """An rgb() channel, `0–255` or a percentage, clamped like CSS does."""
    if not re.fullmatch(_NUM, token, re.IGNORECASE):
        raise Invalid(f"has a bad rgb() component {show(token)}")
    v = float(token[:-1]) / 100 * 255 if token.endswith("%") else float(token)
    return min(255.0, max(0.0, v))


def _alpha(token: str) -> float:
    """An alpha value, `0–1` or a percentage, clamped."""
    if not re.fullmatch(_NUM, token, re.IGNORECASE):
        raise Invalid(f"has a bad alpha component {show(token)}")
    v = float(token[:-1]) / 100 if token.endswith("%") else float(token)
    return min(1.0, max(0.0, v))


def _over_white(rgb: tuple[float, float, float], alpha: float) -> str:
    """Blend a translucent colour over white paper: what the author would see."""
    out = [math.floor(c * alpha + 255 * (1 - alpha) + 0.5) for c in rgb]  # CSS rounds halves up
    return "#" + "".join(f"{c:02X}" for c in out)


def parse_color(value: Any) -> tuple[str, float]:
    """A colour → (`#RRGGBB` upper case, alpha 0–1).

    Accepts `#RRGGBB`, `#RGB`, `#RRGGBBAA`, `#RGBA`, bare hex digits,
    `rgb()`/`rgba()` (commas or CSS4 spaces with `/ alpha`, numbers or %), and
    the 148 CSS colour names. The alpha is returned so the caller can decide
    what full transparency means (for `highlight`: no highlight).
    """
    if not isinstance(value, str):
        raise Invalid(f"must be a colour string such as \"#1F4E79\", got {described(value)}")
    text = value.strip()
    name = re.sub(r"[\s_-]", "", text).lower()
    if name in CSS_COLORS:
        return "#" + CSS_COLORS[name], 1.0
    m = _HEX.fullmatch(text)
    if m and (text.startswith("#") or len(m.group(1)) in (6, 8)):
        digits = m.group(1).upper()
        if len(digits) in (3, 4):
            digits = "".join(ch * 2 for ch in digits)
        alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        rgb = tuple(float(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
        return (_over_white(rgb, alpha) if alpha < 1 else "#" + digits[:6]), alpha  # type: ignore[arg-type]
    m = _FUNC.fullmatch(text)
    if m:
        inner = m.group(2).strip()
        alpha_tok: str | None = None
        if "/" in inner:
            inner, alpha_tok = (part.strip() for part in inner.split("/", 1))
        parts = [p for p in re.split(r"\s*,\s*|\s+", inner) if p]
        if alpha_tok is None and len(parts) == 4:
            alpha_tok = parts.pop()
        if len(parts) != 3:
            raise Invalid(f"must have 3 colour components in {m.group(1).lower()}(), got {show(value)}")
        rgb3 = (_channel(parts[0]), _channel(parts[1]), _channel(parts[2]))
        alpha = _alpha(alpha_tok) if alpha_tok is not None else 1.0
        return _over_white(rgb3, alpha), alpha
    raise Invalid(
        f"must be a colour: \"#RRGGBB\", \"#RGB\", \"rgb(r,g,b)\", \"rgba(r,g,b,a)\" or a CSS colour name, got {show(value)}"
    )


def to_color(value: Any) -> str:
    """A colour → `#RRGGBB`; translucent colours are blended over white."""
    return parse_color(value)[0]


HIGHLIGHT_NONE: Final = ("none", "transparent", "nohighlight", "no highlight", "")


def to_highlight(value: Any) -> str | None:
    """A highlight colour, or None (= remove) for null, "none", "transparent" or alpha 0."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() in HIGHLIGHT_NONE:
        return None
    colour, alpha = parse_color(value)
    return None if alpha == 0 else colour
