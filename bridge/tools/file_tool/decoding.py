"""A file's bytes to text: gunzip held to the size limit (a small gzip bomb cannot fill the memory), then strict
UTF-8 (a byte-order mark is dropped)."""

from __future__ import annotations

import gzip
import io
import zlib

from bridge.tools.file_tool.errors import FileToolError


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
    """UTF-8 (a byte-order mark is dropped); anything else is refused with the line of the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileToolError(f"Failed to parse {fmt.upper()} file: not UTF-8 text (byte 0x{data[exc.start]:02x} "
                            f"at line {line})") from None
