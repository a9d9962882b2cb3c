"""Picture data normalisers: an http(s) URL to fetch, or base64 image bytes (a `data:image/…` URL included)."""

from __future__ import annotations

import re
from typing import Any, Final

from .invalid_values import Invalid, show
from .scalar_values import to_text


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
