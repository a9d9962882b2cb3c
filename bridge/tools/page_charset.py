"""A fetched page's text: its bytes decoded once, with one charset decision, for web_content_fetcher.

The decision follows what browsers do (the WHATWG encoding sniffing algorithm, simplified): a byte order mark,
then the Content-Type header's charset, then (HTML only) a `<meta charset>` or `<meta http-equiv>` near the top,
then detection: UTF-8 when the bytes are UTF-8, else charset_normalizer's guess, where a tie between code pages
goes to windows-1252, the web's default for undeclared pages (Latin-1 text decodes the same under cp1250, so
a bare guess turned "crème" into "crčme"). Labels are read as browsers read them: ISO-8859-1 and ASCII mean
windows-1252, a `<meta>` naming UTF-16 means UTF-8 (the bytes were just read as ASCII to find it).

Everything derived from a page (title, content, metadata) is taken from the one text decoded here.
"""

from __future__ import annotations

import codecs
import re
from typing import Final

from charset_normalizer import from_bytes

WEB_DEFAULT: Final = "cp1252"
BOMS: Final = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
META_SCAN_BYTES: Final = 4096
"""How far into an HTML page a <meta> charset is looked for (browsers: 1024 bytes; pages put long heads first)."""
_META: Final = re.compile(rb"""<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"'<>;/]+)""", re.IGNORECASE)
_AS_WINDOWS_1252: Final = frozenset({"iso8859-1", "ascii"})
_NOT_PAGE_CHARSETS: Final = frozenset({"utf-7", "idna", "punycode", "unicode-escape", "raw-unicode-escape",
                                       "undefined"})
DETECT_BYTES: Final = 512 * 1024
"""At most this much of a page is given to detection (it samples anyway; this bounds the work)."""


def charset_name(label: str | None) -> str | None:
    """The Python codec a charset label names, as a browser reads the label; None for none or one to ignore."""
    if not label:
        return None
    try:
        info = codecs.lookup(label.strip().strip("\"'"))
    except (LookupError, ValueError):
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_PAGE_CHARSETS:
        return None
    return WEB_DEFAULT if info.name in _AS_WINDOWS_1252 else info.name


def _from_bom(content: bytes) -> tuple[str, int] | None:
    for bom, name in BOMS:
        if content.startswith(bom):
            return name, len(bom)
    return None


def _from_meta(content: bytes) -> str | None:
    found = _META.search(content[:META_SCAN_BYTES])
    name = charset_name(found.group(1).decode("ascii", "replace")) if found else None
    return "utf-8" if name and name.startswith("utf-16") else name


def _is_utf8(content: bytes) -> bool:
    """Valid UTF-8; also with a character cut short at the very end (the body is capped at a size limit) when
    the text before it holds UTF-8 characters of more than one byte (else one stray byte at the end would do)."""
    try:
        content.decode("utf-8")
    except UnicodeDecodeError as exc:
        cut_short = exc.reason == "unexpected end of data" and exc.start >= len(content) - 3
        return cut_short and max(content[:exc.start], default=0) >= 0x80
    return True


def _detected(content: bytes) -> str:
    if _is_utf8(content):
        return "utf-8"
    matches = from_bytes(content[:DETECT_BYTES])
    best = matches.best()
    if best is None:
        return WEB_DEFAULT
    tied = [m for m in matches if m.chaos == best.chaos and m.coherence == best.coherence]
    if any(WEB_DEFAULT in m.could_be_from_charset for m in tied):
        return WEB_DEFAULT
    return charset_name(best.encoding) or WEB_DEFAULT


def decode_page(content: bytes, declared: str | None, *, html: bool = True) -> tuple[str, str]:
    """(the page's text, the codec it was decoded with); `declared` is the Content-Type header's charset.

    Bytes the charset cannot decode become U+FFFD: a page is never refused for its encoding.
    """
    bom = _from_bom(content)
    if bom is not None:
        name, skip = bom
        return content[skip:].decode(name, errors="replace"), name
    name = charset_name(declared) or (_from_meta(content) if html else None) or _detected(content)
    return content.decode(name, errors="replace"), name
