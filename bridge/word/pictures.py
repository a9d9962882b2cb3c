"""Fetch, verify and normalise the images of `insertPicture`.

The pane receives only base64 of a format every Word host renders (PNG, JPEG,
GIF, BMP) with its pixel size, so all the risky work — downloading from the
network, decoding untrusted bytes, refusing decompression bombs — happens here,
once, on the server, with hard limits on bytes, time and pixels.
"""

from __future__ import annotations

import base64
import dataclasses
import binascii
import io
import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urljoin, urlsplit

import anyio
import anyio.to_thread
import httpx
from PIL import Image, ImageOps, UnidentifiedImageError

from bridge import outbound

from .envelope import Code, OpError

__all__ = ["PictureLimits", "Picture", "PictureFormat", "load_picture"]

PictureFormat = Literal["png", "jpeg", "gif", "bmp"]

_OP = "insertPicture"
_FIELD = "args.data"
_MAX_REDIRECTS = 5

# Formats Word renders natively: kept byte-for-byte when small enough.
# MPO is how Pillow names the multi-picture JPEGs many phones write; it is a JPEG file.
_KEPT: dict[str, PictureFormat] = {"PNG": "png", "JPEG": "jpeg", "MPO": "jpeg", "GIF": "gif", "BMP": "bmp"}
# Only these decoders ever see untrusted bytes (no EPS/Ghostscript, PDF, exotic plugins).
_ALLOWED_DECODERS = ("PNG", "JPEG", "MPO", "GIF", "BMP", "DIB", "WEBP", "TIFF", "ICO", "TGA", "PPM", "AVIF")
_OCTET_TYPES = {"application/octet-stream", "binary/octet-stream", ""}
_NOT_AN_IMAGE = ("is not an image", "is an SVG image", "is damaged or unreadable", "has no pixels")
_DATA_URL = re.compile(r"^\s*data:[^,]*?;base64,", re.IGNORECASE)


@dataclass(frozen=True)
class PictureLimits:
    """Bounds on what one picture may cost the server."""

    max_bytes: int = 20 * 1024 * 1024  # encoded bytes, downloaded or decoded from base64
    timeout_s: float = 10.0  # total deadline for a download, redirects included
    # Decompression-bomb guard, checked on the header before decoding. Pillow's own
    # global guard (2 × Image.MAX_IMAGE_PIXELS, ~179 Mpx) still applies above this.
    max_pixels: int = 50_000_000
    max_side: int = 4096  # larger images are scaled down proportionally
    # What one picture may add to an ai-cmd frame: Word on the web refuses large base64 payloads
    # (Office.js request size limits), so bigger pictures are scaled down on the server first.
    max_payload_b64: int = 4 * 1024 * 1024
    min_side: int = 64  # below this, scaling down to fit the payload limit would only destroy the picture


@dataclass(frozen=True)
class Picture:
    """A picture ready for the canonical `insertPicture` args."""

    data_b64: str
    format: PictureFormat
    width: int  # pixels, after any scaling
    height: int


def _runtime(msg: str) -> OpError:
    return OpError(Code.RUNTIME, msg, op=_OP, field=_FIELD)


def _mib(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


async def load_picture(
    source: Literal["url", "base64"],
    data: str,
    limits: PictureLimits = PictureLimits(),
    *,
    client: httpx.AsyncClient | None = None,
) -> Picture:
    """Return the picture at `data` (a URL or base64), verified and normalised.

    Raises `OpError` (E_RUNTIME for an unreachable or unusable image, E_INVALID_ARG
    for malformed input) whose message says what went wrong.
    """
    if not isinstance(data, str) or not data.strip():
        raise OpError(Code.INVALID_ARG, "args.data must be a non-empty string", op=_OP, field=_FIELD)
    if source == "url":
        raw = await _download(data.strip(), limits, client)
        what = f"the image at {outbound.display_url(data.strip())}"
    elif source == "base64":
        raw = _decode_base64(data, limits)
        what = "the base64 image"
    else:
        raise OpError(Code.INVALID_ARG, f"args.source must be 'url' or 'base64', not {source!r}", op=_OP, field="args.source")
    return await anyio.to_thread.run_sync(_normalise_within_payload, raw, limits, what, source == "base64")


def _normalise_within_payload(raw: bytes, limits: PictureLimits, what: str, from_client: bool) -> Picture:
    """`_normalise`, then scale down until the base64 fits the payload limit (or say why it cannot)."""
    try:
        picture = _normalise(raw, limits, what)
    except OpError as err:
        if from_client and err.code == Code.RUNTIME and any(why in err.msg for why in _NOT_AN_IMAGE):
            # Bytes the client sent that are no image are the client's input error, not a failure of ours.
            raise OpError(Code.INVALID_ARG, err.msg.replace(what, "args.data", 1), op=_OP, field=_FIELD) from None
        raise
    side = max(picture.width, picture.height)
    for _ in range(8):
        if len(picture.data_b64) <= limits.max_payload_b64:
            return picture
        # Encoded size grows roughly with the pixel count: shrink both sides by the square root of the excess.
        side = int(side * min(0.9, (limits.max_payload_b64 / len(picture.data_b64)) ** 0.5 * 0.95))
        if side < limits.min_side:
            break
        picture = _normalise(raw, dataclasses.replace(limits, max_side=side), what)
    raise _runtime(f"{what} does not fit the {_mib(limits.max_payload_b64)} a picture may send to Word even when "
                   f"scaled down to {limits.min_side} pixels; use a smaller or simpler image (a JPEG for photos)")


# --- base64 -----------------------------------------------------------------


def _decode_base64(data: str, limits: PictureLimits) -> bytes:
    """Decode plain or data-URL base64, tolerating whitespace, url-safe letters and lost padding."""
    text = _DATA_URL.sub("", data, count=1)
    text = "".join(text.split()).translate(str.maketrans("-_", "+/")).rstrip("=")
    if len(text) * 3 // 4 > limits.max_bytes:
        raise _runtime(f"the base64 image is larger than the {_mib(limits.max_bytes)} limit")
    if len(text) % 4 == 1:
        raise OpError(Code.INVALID_ARG, "args.data is not valid base64 (truncated)", op=_OP, field=_FIELD)
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise OpError(Code.INVALID_ARG, f"args.data is not valid base64: {exc}", op=_OP, field=_FIELD) from None
    if not raw:
        raise OpError(Code.INVALID_ARG, "args.data decodes to nothing", op=_OP, field=_FIELD)
    return raw


# --- download ---------------------------------------------------------------


async def _download(url: str, limits: PictureLimits, client: httpx.AsyncClient | None) -> bytes:
    """GET `url` within the byte and time limits and the outbound address guard; only image bodies pass.

    A URL that is or resolves (directly or after a redirect) to a private, loopback, link-local or other
    non-public address is the client's input error: E_INVALID_ARG on args.data, naming the address class and
    the setting that allows it (bridge/outbound.py). The pane never sees such a URL.
    """
    _check_http_url(url, url)
    shown = outbound.display_url(url)
    try:
        with anyio.fail_after(limits.timeout_s):
            if client is not None:
                return await _follow(client, url, limits)
            async with outbound.guarded_client(timeout=limits.timeout_s) as own:
                return await _follow(own, url, limits)
    except outbound.ForbiddenAddress as exc:
        raise OpError(Code.INVALID_ARG, f"args.data {shown} is refused: {exc}", op=_OP, field=_FIELD) from None
    except outbound.OutboundError as exc:  # invalid_url or network_error (a name that does not resolve)
        raise _runtime(f"could not fetch {shown}: {exc}") from None
    except TimeoutError:
        raise _runtime(f"could not fetch {shown}: no complete answer within {limits.timeout_s:g} s") from None
    except httpx.TimeoutException:
        raise _runtime(f"could not fetch {shown}: timed out") from None
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        reason = str(exc) or type(exc).__name__
        raise _runtime(f"could not fetch {shown}: {reason}") from None


def _check_http_url(url: str, original: str) -> None:
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        if url == original:
            raise OpError(
                Code.INVALID_ARG, f"args.data must be an http(s) URL, not {outbound.display_url(url)!r}", op=_OP, field=_FIELD
            )
        raise _runtime(f"could not fetch {outbound.display_url(original)}: redirected to a non-http URL {outbound.display_url(url)!r}")


async def _follow(client: httpx.AsyncClient, url: str, limits: PictureLimits) -> bytes:
    """Follow at most `_MAX_REDIRECTS` redirects by hand, so every hop passes the same checks (address guard too)."""
    original = url
    for _ in range(_MAX_REDIRECTS + 1):
        # Checked before each request, so a caller-supplied client is guarded too; the guarded client
        # checks again where it connects (no DNS answer can change in between).
        try:
            await outbound.check_address(url)
        except outbound.ForbiddenAddress as exc:
            if url != original:
                exc.args = (f"redirected to {outbound.display_url(url)}: {exc}",)
            raise
        headers = {"Accept": "image/png,image/jpeg,image/gif,image/bmp,image/webp,image/*;q=0.8,*/*;q=0.1"}
        async with client.stream("GET", url, headers=headers, follow_redirects=False) as resp:
            if resp.is_redirect:  # httpx: a 3xx that has a Location
                url = urljoin(str(resp.url), resp.headers["location"])
                _check_http_url(url, original)
                continue
            if not resp.is_success:
                reason = f" {resp.reason_phrase}" if resp.reason_phrase else ""
                raise _runtime(f"could not fetch {outbound.display_url(original)}: HTTP {resp.status_code}{reason}")
            _check_content_type(resp, original)
            return await _read_capped(resp, original, limits.max_bytes)
    raise _runtime(f"could not fetch {outbound.display_url(original)}: more than {_MAX_REDIRECTS} redirects")


def _check_content_type(resp: httpx.Response, url: str) -> None:
    ctype = resp.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if ctype == "image/svg+xml":
        raise _runtime(f"{outbound.display_url(url)} is an SVG image; Word Bridge inserts raster images only (PNG, JPEG, GIF, BMP, WEBP…)")
    if not ctype.startswith("image/") and ctype not in _OCTET_TYPES:
        raise _runtime(f"{outbound.display_url(url)} is not an image (Content-Type {ctype})")


async def _read_capped(resp: httpx.Response, url: str, max_bytes: int) -> bytes:
    """Read the body, stopping as soon as it passes `max_bytes` (an endless body is cut too)."""
    too_big = f"could not fetch {outbound.display_url(url)}: the image is larger than the {_mib(max_bytes)} limit"
    declared = resp.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise _runtime(f"{too_big} (Content-Length {_mib(int(declared))})")
    buf = bytearray()
    async for chunk in resp.aiter_bytes():
        buf += chunk
        if len(buf) > max_bytes:
            raise _runtime(too_big)
    if not buf:
        raise _runtime(f"could not fetch {outbound.display_url(url)}: the body is empty")
    return bytes(buf)


# --- decode and normalise (runs in a worker thread) ---------------------------


def _normalise(raw: bytes, limits: PictureLimits, what: str) -> Picture:
    """Verify `raw` with Pillow, keep it if Word can use it as is, else convert and/or scale."""
    if len(raw) > limits.max_bytes:
        raise _runtime(f"{what} is larger than the {_mib(limits.max_bytes)} limit")
    head = raw[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in raw[:4096].lower()):
        raise _runtime(f"{what} is an SVG image; Word Bridge inserts raster images only (PNG, JPEG, GIF, BMP, WEBP…)")
    try:
        with Image.open(io.BytesIO(raw), formats=_decoders()) as im:
            width, height = im.size
            if width < 1 or height < 1:
                raise _runtime(f"{what} has no pixels ({width}×{height})")
            if width * height > limits.max_pixels:
                raise _bomb(what, width, height, limits)
            kept = _KEPT.get(im.format or "")
            oriented = kept == "jpeg" and _exif_orientation(im) not in (1, None)
            if kept and max(width, height) <= limits.max_side and not oriented:
                im.load()  # decode fully once: a truncated or corrupt file fails here, not in Word
                return Picture(base64.b64encode(raw).decode("ascii"), kept, width, height)
            return _reencode(im, kept, limits)
    except OpError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise _runtime(f"{what} is refused as a decompression bomb: {exc}") from None
    except UnidentifiedImageError:
        raise _runtime(f"{what} is not an image Word Bridge can read (PNG, JPEG, GIF, BMP, WEBP, TIFF, ICO…)") from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:  # what Pillow's decoders raise on bad data
        raise _runtime(f"{what} is damaged or unreadable: {exc}") from None


def _decoders() -> tuple[str, ...]:
    Image.init()
    return tuple(f for f in _ALLOWED_DECODERS if f in Image.OPEN)


def _bomb(what: str, width: int, height: int, limits: PictureLimits) -> OpError:
    return _runtime(
        f"{what} is refused as a possible decompression bomb: {width}×{height} = {width * height:,} pixels "
        f"exceeds the {limits.max_pixels:,} pixel limit"
    )


def _exif_orientation(im: Image.Image) -> int | None:
    try:
        value = im.getexif().get(0x0112)
    except Exception:  # a broken EXIF block must not make a readable image unusable
        return None
    return value if isinstance(value, int) else None


def _reencode(im: Image.Image, kept: PictureFormat | None, limits: PictureLimits) -> Picture:
    """Re-encode: JPEG stays JPEG (quality 90, EXIF orientation applied), everything else becomes PNG."""
    im.load()
    icc = im.info.get("icc_profile")
    is_jpeg = kept == "jpeg"
    if is_jpeg:
        img = ImageOps.exif_transpose(im) or im
        if img.mode not in ("RGB", "L", "CMYK"):
            img = img.convert("RGB")
    else:
        img = _png_ready(im)
    if max(img.size) > limits.max_side:
        scale = limits.max_side / max(img.size)
        size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
        img = img.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    extra = {"icc_profile": icc} if icc else {}
    if is_jpeg:
        img.save(out, "JPEG", quality=90, optimize=True, **extra)
    else:
        img.save(out, "PNG", optimize=False, **extra)
    fmt: PictureFormat = "jpeg" if is_jpeg else "png"
    return Picture(base64.b64encode(out.getvalue()).decode("ascii"), fmt, img.width, img.height)


def _png_ready(im: Image.Image) -> Image.Image:
    """A mode PNG can store and LANCZOS can scale, keeping transparency."""
    has_alpha = "A" in im.getbands() or "transparency" in im.info
    if im.mode in ("RGB", "RGBA", "L", "LA"):
        return im
    if im.mode.startswith("I;16"):
        im = im.convert("I")
    if im.mode == "I":  # 16-bit grey: scale to 8 bits instead of clipping everything to white
        return im.point(lambda v: v * (1 / 256)).convert("L")
    if im.mode == "1":
        return im.convert("L")
    return im.convert("RGBA" if has_alpha else "RGB")
