"""A file's bytes to text: gunzip held to the size limit (a small gzip bomb cannot fill the memory), then strict
UTF-8, or the encoding a byte-order mark names (UTF-16 as Excel's "Unicode Text" writes it, UTF-32); the mark is
dropped."""

from __future__ import annotations

import codecs
import gzip
import io
import zlib
from typing import Final

from bridge.tools.file_tool.errors import FileToolError

BYTE_ORDER_MARKS: Final = (  # UTF-32 first: its little-endian mark starts like UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"), (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"), (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


def gunzip(data: bytes, path: str, max_size: int) -> bytes:
    """Decompress at most `max_size` bytes, so a small gzip bomb cannot fill the memory."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header expected
    try:
        out = inflater.decompress(data, max_size + 1)
    except zlib.error as exc:
        raise FileToolError(f"Failed to parse gzip file: {exc}") from None
    if len(out) > max_size:
        raise FileToolError(f"Decompressed size of '{path}' exceeds maximum allowed size of "
                            f"{max_size} bytes ({max_size // (1024 * 1024)}MB)")
    if not inflater.eof:
        raise FileToolError("Failed to parse gzip file: the compressed data is truncated")
    if inflater.unused_data:  # concatenated members (gzip allows them): rare, fall back to the gzip module
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(max_size + 1)
        if len(out) > max_size:
            raise FileToolError(f"Decompressed size of '{path}' exceeds maximum allowed size of "
                                f"{max_size} bytes ({max_size // (1024 * 1024)}MB)")
    return out


def decode(data: bytes, fmt: str) -> str:
    """The text in the encoding its byte-order mark names, else UTF-8; bytes that do not decode are refused with
    the line of the first of them."""
    encoding, name, start = "utf-8", "UTF-8", 0
    for mark, codec, label in BYTE_ORDER_MARKS:
        if data.startswith(mark):
            encoding, name, start = codec, label, len(mark)
            break
    try:
        return data[start:].decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[start:exc.start + start].decode(encoding, errors="replace").count("\n") + 1
        raise FileToolError(f"Failed to parse {fmt.upper()} file: not {name} text "
                            f"(byte 0x{data[start + exc.start]:02x} at line {line})") from None
