"""Pure normalisers for the value kinds ops share: colours, sizes, ids, scopes.

Each takes what a client sent and returns the canonical value, or raises
`Invalid` with a message that reads after the field name ("args.color" +
" must be ..."). They know nothing of pydantic, so the pane-side JS port and the
tests can follow them line by line.
"""

from __future__ import annotations

import math
import re
from typing import Any, Final

from .css_colors import CSS_COLORS


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


# ---------------------------------------------------------------- scalars

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


# ---------------------------------------------------------------- colours

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


# ---------------------------------------------------------------- sizes

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


# ---------------------------------------------------------------- ids, scope, location

ID_RE: Final = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
ID_RULE: Final = "ids are 1–128 characters of A–Z a–z 0–9 _ . : -"
TABLE_PREFIX: Final = "tbl_"
# What the pane's ids start with (rng_k3f9_12, tbl_k3f9_3, anc_x7q2…): a bare value given as a scope or tableRef
# is taken as an id only when it looks like one, so a word such as "bogus" or "paragraph 2" is refused as a
# malformed value naming the accepted forms, not looked up as an unknown id.
RANGE_PREFIXES: Final = ("rng_", TABLE_PREFIX)
ANCHOR_PREFIX: Final = "anc_"


def _bare_ref(text: str, forms: str) -> tuple[str, str]:
    """A bare id → (kind, id) by its prefix; anything else is Invalid, listing `forms`."""
    if text.startswith(ANCHOR_PREFIX):
        return "anchor", text
    if text.startswith(RANGE_PREFIXES):
        return ("tableid" if text.startswith(TABLE_PREFIX) else "rangeid"), text
    raise Invalid(f"must be {forms} (ids come from earlier results, e.g. \"rng_k3f9_12\"), got {show(text)}")


def to_id(value: str) -> str:
    """Check an opaque id made by the pane's registry."""
    if not value:
        raise Invalid("has an empty id")
    if not ID_RE.fullmatch(value):
        raise Invalid(f"has an invalid id {show(value)} ({ID_RULE})")
    return value


def _split_ref(text: str) -> tuple[str | None, str]:
    """`kind:id` → (lower-case kind, id) when the kind is one we know; else (None, text)."""
    head, sep, tail = text.partition(":")
    if sep and head.lower() in ("rangeid", "tableid", "anchor"):
        return head.lower(), tail.strip()
    return None, text


SCOPE_FORMS: Final = "\"document\", \"selection\", \"rangeId:<id>\" or \"anchor:<id>\""
SCOPE_WORDS: Final[dict[str, str]] = {"document": "document", "selection": "selection", "cursor": "selection", "body": "document"}


def to_scope(value: Any) -> str:
    """`document | selection | rangeId:<id> | anchor:<id>`; a bare id becomes `rangeId:<id>`.

    An `anchor:<id>` (from anchor.create) is a tagged content control: unlike a rangeId it outlives the pane.
    """
    if not isinstance(value, str):
        raise Invalid(f"must be \"document\", \"selection\" or \"rangeId:<id>\", got {described(value)}")
    text = value.strip()
    if text.lower() in SCOPE_WORDS:
        return SCOPE_WORDS[text.lower()]
    kind, ident = _split_ref(text)
    if kind == "tableid":
        raise Invalid("must be \"document\", \"selection\" or \"rangeId:<id>\"; a tableId is only valid in tableRef")
    if not text:
        raise Invalid("must be \"document\", \"selection\" or \"rangeId:<id>\", got an empty string")
    if kind is None:
        kind, ident = _bare_ref(text, SCOPE_FORMS)
    if kind == "anchor":
        return "anchor:" + to_id(ident)
    return "rangeId:" + to_id(ident)


def to_table_ref(value: Any) -> str:
    """`tableId:<id> | rangeId:<id> | anchor:<id>`; a bare id goes by prefix (`tbl_` → tableId, else rangeId)."""
    if not isinstance(value, str):
        raise Invalid(f"must be \"tableId:<id>\" or \"rangeId:<id>\", got {described(value)}")
    text = value.strip()
    if not text:
        raise Invalid("must be \"tableId:<id>\" or \"rangeId:<id>\", got an empty string")
    kind, ident = _split_ref(text)
    if kind is None:
        kind, ident = _bare_ref(text, "\"tableId:<id>\", \"rangeId:<id>\" or \"anchor:<id>\"")
    if kind == "anchor":
        return "anchor:" + to_id(ident)
    return ("tableId:" if kind == "tableid" else "rangeId:") + to_id(ident)


LOCATIONS: Final = ("start", "end", "before", "after", "replace")
LOCATION_ALIASES: Final[dict[str, str]] = {"append": "end", "prepend": "start", "insert": "replace"}


def to_location(value: Any) -> str:
    """`start | end | before | after | replace`, with the seed's aliases, any case."""
    return choice(value, LOCATIONS, LOCATION_ALIASES)


# ---------------------------------------------------------------- pictures

MAX_URL: Final = 2048
_DATA_URL = re.compile(r"data:image/[A-Za-z0-9.+-]+(?:;[A-Za-z0-9=.+-]+)*;base64,", re.IGNORECASE)


def looks_like_url(text: str) -> bool:
    """True for an http(s) URL, the only kind the pictures module fetches."""
    return bool(re.match(r"https?://", text.strip(), re.IGNORECASE))


def to_url(value: Any) -> str:
    """An absolute http(s) URL with a host, at most 2048 characters."""
    from urllib.parse import urlsplit

    text = to_text(value, min_len=1).strip()
    if len(text) > MAX_URL:
        raise Invalid(f"must be a URL of at most {MAX_URL} characters, got {len(text)}")
    if not looks_like_url(text):
        raise Invalid(f"must be an http:// or https:// URL when source is \"url\", got {show(text)}")
    try:
        parts = urlsplit(text)
    except ValueError as exc:
        raise Invalid(f"is not a valid URL ({exc})") from None
    if not parts.hostname or any(ch.isspace() for ch in text):
        raise Invalid(f"is not a valid URL (no host, or spaces), got {show(text)}")
    return text


def to_base64(value: Any) -> str:
    """Base64 image data → standard padded base64, after stripping a `data:image/…;base64,` prefix and whitespace.

    URL-safe alphabet and missing padding are tolerated (clients produce both);
    the result is re-encoded in the standard alphabet the pane expects.
    """
    import base64
    import binascii

    text = to_text(value, min_len=1).strip()
    m = _DATA_URL.match(text)
    if m:
        text = text[m.end():]
    elif text.lower().startswith("data:"):
        raise Invalid("is a data: URL that is not base64 image data (expected \"data:image/<type>;base64,…\")")
    text = re.sub(r"\s+", "", text)
    if "-" in text or "_" in text:
        text = text.replace("-", "+").replace("_", "/")
    text += "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise Invalid("is not valid base64 (expected the image bytes in base64, optionally as a data:image/…;base64, URL)") from None
    if not raw:
        raise Invalid("decodes to no bytes")
    return base64.b64encode(raw).decode("ascii")


def looks_like_base64(text: str) -> bool:
    """A cheap guess for inferring `source` when a client left it out."""
    try:
        to_base64(text)
    except Invalid:
        return False
    return True
