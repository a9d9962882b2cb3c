"""bridge.word.pictures against a real local HTTP server: formats, limits, bombs, failures."""

from __future__ import annotations

import base64
import io
import socket
import struct
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from PIL import Image

from bridge.word.envelope import Code, OpError
from bridge.word.pictures import Picture, PictureLimits, load_picture
from tests.tools.web_servers import no_outside_connections

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def local_servers_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The image server listens on 127.0.0.1, which the outbound address guard refuses unless told otherwise."""
    monkeypatch.setenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", "1")


# --- image fixtures, drawn here so no binary file is needed -------------------


def encode(img: Image.Image, fmt: str, **opts: object) -> bytes:
    out = io.BytesIO()
    img.save(out, fmt, **opts)
    return out.getvalue()


def gradient(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    w, h = size
    img = Image.new("RGB", size)
    img.putdata([((x * 255) // max(1, w - 1), (y * 255) // max(1, h - 1), 128) for y in range(h) for x in range(w)])
    return img.convert(mode)


def raw_png(width: int, height: int, rows: int) -> bytes:
    """A 1-bit grey PNG declaring width×height, with `rows` rows of zeros compressed (a tiny file)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\0" * (1 + (width + 7) // 8)
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(row * rows, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


PNG = encode(gradient((64, 48), "RGBA"), "PNG")
JPEG = encode(gradient((80, 60)), "JPEG", quality=85)
WEBP_IMG = gradient((40, 30), "RGBA")
WEBP_IMG.putpixel((0, 0), (10, 20, 30, 0))  # one fully transparent pixel, to check alpha survives
WEBP = encode(WEBP_IMG, "WEBP", lossless=True)
WIDE = encode(gradient((10000, 200)), "PNG")
BIG_BODY = PNG + b"\0" * (30 * 1024 * 1024)  # a readable PNG (decoders stop at IEND) that is 30 MB long
BOMB_OURS = raw_png(8000, 8000, 8000)  # 64 Mpx, fully valid, a few KB: over our 50 Mpx guard
BOMB_PILLOW = raw_png(100_000, 100_000, 1)  # 10 Gpx declared: Pillow's own guard refuses it at open


# --- the server -----------------------------------------------------------------


@dataclass
class Route:
    status: int = 200
    ctype: str = "image/png"
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()
    length: bool = True  # send Content-Length (else the body ends when the connection closes)


class Server:
    def __init__(self) -> None:
        self.stop = threading.Event()
        self.routes: dict[str, Route] = {}
        self.special: dict[str, Callable[[BaseHTTPRequestHandler], None]] = {}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def url(self, path: str) -> str:
        return self.base + path

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # keep the test output clean
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                try:
                    if self.path in server.special:
                        server.special[self.path](self)
                        return
                    route = server.routes.get(self.path, Route(404, "text/plain", b"not found"))
                    self.send_response(route.status)
                    self.send_header("Content-Type", route.ctype)
                    for name, value in route.headers:
                        self.send_header(name, value)
                    if route.length:
                        self.send_header("Content-Length", str(len(route.body)))
                    else:
                        self.close_connection = True
                    self.end_headers()
                    self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client stopped reading: that is the point of several tests

        return Handler


def hang(h: BaseHTTPRequestHandler) -> None:
    """Read the request, then never answer."""
    SERVER_STOP.wait(30)


def trickle(h: BaseHTTPRequestHandler) -> None:
    """Answer at once, then send one byte every 0.1 s: each read is quick, the whole is not."""
    h.send_response(200)
    h.send_header("Content-Type", "image/png")
    h.send_header("Content-Length", str(len(PNG)))
    h.end_headers()
    for byte in PNG:
        if SERVER_STOP.wait(0.1):
            return
        h.wfile.write(bytes([byte]))
        h.wfile.flush()


def endless(h: BaseHTTPRequestHandler) -> None:
    """An image/png body without Content-Length that never ends (bounded so a bug cannot fill memory)."""
    h.send_response(200)
    h.send_header("Content-Type", "image/png")
    h.end_headers()
    h.close_connection = True
    chunk = PNG + b"\0" * 65536
    for _ in range(2000):
        if SERVER_STOP.is_set():
            return
        h.wfile.write(chunk)


SERVER_STOP = threading.Event()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    SERVER_STOP.clear()
    srv = Server()
    srv.routes = {
        "/a.png": Route(body=PNG),
        "/a.jpg": Route(ctype="image/jpeg", body=JPEG),
        "/a.webp": Route(ctype="image/webp", body=WEBP),
        "/wide.png": Route(body=WIDE),
        "/big.png": Route(body=BIG_BODY),
        "/big-unsized.png": Route(body=BIG_BODY, length=False),
        "/bomb.png": Route(body=BOMB_OURS),
        "/bomb-pillow.png": Route(body=BOMB_PILLOW),
        "/page.html": Route(ctype="text/html; charset=utf-8", body=b"<!doctype html><title>no</title>"),
        "/octet": Route(ctype="application/octet-stream", body=PNG),
        "/octet-text": Route(ctype="application/octet-stream", body=b"just some text, not pixels"),
        "/logo.svg": Route(ctype="image/svg+xml", body=b'<svg xmlns="http://www.w3.org/2000/svg"/>'),
        "/redirect": Route(302, "text/plain", b"", (("Location", "/a.png"),)),
        "/loop": Route(302, "text/plain", b"", (("Location", "/loop"),)),
        "/to-file": Route(302, "text/plain", b"", (("Location", "file:///etc/passwd"),)),
        "/gone": Route(410, "text/plain", b"gone"),
    }
    srv.special = {"/hang": hang, "/trickle": trickle, "/endless": endless}
    thread = threading.Thread(target=srv.httpd.serve_forever, daemon=True)
    thread.start()
    yield srv
    SERVER_STOP.set()
    srv.httpd.shutdown()
    srv.httpd.server_close()
    thread.join(5)


def decoded(pic: Picture) -> Image.Image:
    img = Image.open(io.BytesIO(base64.b64decode(pic.data_b64)))
    img.load()
    return img


async def refused(source: str, data: str, limits: PictureLimits | None = None, code: Code = Code.RUNTIME) -> OpError:
    with pytest.raises(OpError) as info:
        await load_picture(source, data, limits or PictureLimits())  # type: ignore[arg-type]
    err = info.value
    assert err.code == code, err.msg
    assert err.op == "insertPicture"
    assert err.field == "args.data"
    return err


# --- by URL ---------------------------------------------------------------------


async def test_png_kept_byte_for_byte(server: Server) -> None:
    pic = await load_picture("url", server.url("/a.png"))
    assert pic.format == "png"
    assert base64.b64decode(pic.data_b64) == PNG
    assert (pic.width, pic.height) == Image.open(io.BytesIO(PNG)).size


async def test_jpeg_kept_byte_for_byte(server: Server) -> None:
    pic = await load_picture("url", server.url("/a.jpg"))
    assert pic.format == "jpeg"
    assert base64.b64decode(pic.data_b64) == JPEG
    assert (pic.width, pic.height) == Image.open(io.BytesIO(JPEG)).size


async def test_webp_converted_to_png_with_alpha(server: Server) -> None:
    pic = await load_picture("url", server.url("/a.webp"))
    assert pic.format == "png"
    img = decoded(pic)
    assert img.format == "PNG" and img.mode == "RGBA"
    assert (pic.width, pic.height) == img.size == WEBP_IMG.size
    assert img.getpixel((0, 0))[3] == 0
    assert img.getpixel((1, 1)) == WEBP_IMG.getpixel((1, 1))


async def test_huge_dimensions_scaled_proportionally(server: Server) -> None:
    limits = PictureLimits()
    pic = await load_picture("url", server.url("/wide.png"), limits)
    w, h = Image.open(io.BytesIO(WIDE)).size
    assert pic.format == "png"
    assert pic.width == limits.max_side
    assert pic.height == round(h * limits.max_side / w)
    assert decoded(pic).size == (pic.width, pic.height)


@pytest.mark.parametrize("path", ["/big.png", "/big-unsized.png"])
async def test_30mb_body_refused_by_size(server: Server, path: str) -> None:
    assert len(BIG_BODY) > PictureLimits().max_bytes  # the case is meaningful: the file is a readable PNG
    assert Image.open(io.BytesIO(BIG_BODY)).size == Image.open(io.BytesIO(PNG)).size
    err = await refused("url", server.url(path))
    assert "limit" in err.msg and "MiB" in err.msg


async def test_endless_body_cut_at_the_limit(server: Server) -> None:
    started = time.monotonic()
    err = await refused("url", server.url("/endless"), PictureLimits(max_bytes=1024 * 1024))
    assert "larger than the 1.0 MiB limit" in err.msg
    assert time.monotonic() - started < 5


async def test_decompression_bomb_refused_by_our_guard(server: Server) -> None:
    assert len(BOMB_OURS) < 100_000
    err = await refused("url", server.url("/bomb.png"))
    assert "decompression bomb" in err.msg and "8000×8000" in err.msg


async def test_decompression_bomb_refused_by_pillow_guard(server: Server) -> None:
    err = await refused("url", server.url("/bomb-pillow.png"))
    assert "decompression bomb" in err.msg


async def test_html_refused(server: Server) -> None:
    err = await refused("url", server.url("/page.html"))
    assert "not an image" in err.msg and "text/html" in err.msg


async def test_svg_refused(server: Server) -> None:
    err = await refused("url", server.url("/logo.svg"))
    assert "SVG" in err.msg


async def test_octet_stream_is_sniffed(server: Server) -> None:
    pic = await load_picture("url", server.url("/octet"))
    assert pic.format == "png" and base64.b64decode(pic.data_b64) == PNG
    err = await refused("url", server.url("/octet-text"))
    assert "not an image" in err.msg


async def test_errors_never_echo_url_credentials(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = server.url("/missing.png").replace("http://", "http://ada:s3cret@")
    err = await refused("url", missing)
    assert "HTTP 404" in err.msg and "s3cret" not in err.msg and "http://***@127.0.0.1" in err.msg
    monkeypatch.delenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK")
    err = await refused("url", "http://ada:s3cret@10.0.0.1/logo.png" + "x" * 5000, code=Code.INVALID_ARG)
    assert "s3cret" not in err.msg and len(err.msg) < 1000


async def test_404_names_the_status(server: Server) -> None:
    url = server.url("/missing.png")
    err = await refused("url", url)
    assert err.msg.startswith(f"could not fetch {url}")
    assert "HTTP 404" in err.msg
    assert "HTTP 410" in (await refused("url", server.url("/gone"))).msg


async def test_redirects_followed_then_capped(server: Server) -> None:
    pic = await load_picture("url", server.url("/redirect"))
    assert base64.b64decode(pic.data_b64) == PNG
    assert "redirects" in (await refused("url", server.url("/loop"))).msg
    assert "non-http" in (await refused("url", server.url("/to-file"))).msg


async def test_server_that_never_answers_times_out(server: Server) -> None:
    started = time.monotonic()
    err = await refused("url", server.url("/hang"), PictureLimits(timeout_s=0.5))
    assert time.monotonic() - started < 2
    assert "0.5 s" in err.msg


async def test_trickling_server_hits_the_total_deadline(server: Server) -> None:
    started = time.monotonic()
    err = await refused("url", server.url("/trickle"), PictureLimits(timeout_s=0.5))
    assert time.monotonic() - started < 2
    assert "0.5 s" in err.msg


async def test_connection_refused() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again at once: nothing listens there
    err = await refused("url", f"http://127.0.0.1:{port}/x.png")
    assert err.msg.startswith("could not fetch")


async def test_caller_supplied_client(server: Server) -> None:
    async with httpx.AsyncClient() as client:
        pic = await load_picture("url", server.url("/a.jpg"), client=client)
    assert base64.b64decode(pic.data_b64) == JPEG


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.test/a.png", "not a url"])
async def test_non_http_url_is_an_invalid_arg(url: str) -> None:
    await refused("url", url, code=Code.INVALID_ARG)


# --- by base64 ------------------------------------------------------------------


async def test_base64_data_url_with_whitespace() -> None:
    b64 = base64.b64encode(PNG).decode()
    wrapped = "data:image/png;base64,\n" + "\n".join(b64[i : i + 76] for i in range(0, len(b64), 76))
    pic = await load_picture("base64", wrapped)
    assert base64.b64decode(pic.data_b64) == PNG


async def test_base64_urlsafe_without_padding() -> None:
    pic = await load_picture("base64", base64.urlsafe_b64encode(JPEG).decode().rstrip("="))
    assert base64.b64decode(pic.data_b64) == JPEG


@pytest.mark.parametrize("data", ["@@not base64@@", "abcde", "   "])
async def test_bad_base64_is_an_invalid_arg(data: str) -> None:
    await refused("base64", data, code=Code.INVALID_ARG)


async def test_base64_over_the_size_limit() -> None:
    err = await refused("base64", base64.b64encode(PNG + b"\0" * 4096).decode(), PictureLimits(max_bytes=4096))
    assert "limit" in err.msg


async def test_base64_non_image_and_svg_are_invalid_args() -> None:
    """Bytes the client sent that are no image are the client's input error: E_INVALID_ARG on args.data."""
    err = await refused("base64", base64.b64encode(b"hello world").decode(), code=Code.INVALID_ARG)
    assert err.msg.startswith("args.data is not an image")
    svg = base64.b64encode(b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>').decode()
    assert "SVG" in (await refused("base64", "data:image/svg+xml;base64," + svg, code=Code.INVALID_ARG)).msg


async def test_truncated_png_refused() -> None:
    big = encode(gradient((200, 200)), "PNG")
    err = await refused("base64", base64.b64encode(big[: len(big) // 2]).decode(), code=Code.INVALID_ARG)
    assert "damaged" in err.msg


def noise(size: tuple[int, int]) -> Image.Image:
    """Random pixels: PNG cannot compress them, so the encoded size follows the pixel count."""
    import os as _os
    return Image.frombytes("RGB", size, _os.urandom(size[0] * size[1] * 3))


async def test_a_picture_over_the_payload_limit_is_scaled_down_to_fit() -> None:
    limits = PictureLimits(max_payload_b64=200_000)
    src = encode(noise((600, 400)), "PNG")
    assert len(base64.b64encode(src)) > limits.max_payload_b64
    pic = await load_picture("base64", base64.b64encode(src).decode(), limits)
    assert len(pic.data_b64) <= limits.max_payload_b64
    assert decoded(pic).size == (pic.width, pic.height) and pic.width < 600
    assert abs(pic.width / pic.height - 1.5) < 0.02, "the aspect ratio is kept"


async def test_a_picture_that_cannot_fit_the_payload_limit_is_refused_clearly() -> None:
    limits = PictureLimits(max_payload_b64=2_000, min_side=64)
    err = await refused("base64", base64.b64encode(encode(noise((400, 400)), "PNG")).decode(), limits)
    assert "does not fit" in err.msg and "64 pixels" in err.msg


async def test_animated_gif_and_bmp_kept() -> None:
    frames = [Image.new("RGB", (20, 10), c) for c in ("red", "green", "blue")]
    gif = encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    pic = await load_picture("base64", base64.b64encode(gif).decode())
    assert pic.format == "gif" and base64.b64decode(pic.data_b64) == gif
    assert getattr(decoded(pic), "n_frames", 1) == 3
    bmp = encode(gradient((30, 20)), "BMP")
    pic = await load_picture("base64", base64.b64encode(bmp).decode())
    assert pic.format == "bmp" and base64.b64decode(pic.data_b64) == bmp


@pytest.mark.parametrize("fmt", ["TIFF", "ICO"])
async def test_other_formats_become_png(fmt: str) -> None:
    src = gradient((32, 32), "RGBA")
    pic = await load_picture("base64", base64.b64encode(encode(src, fmt)).decode())
    assert pic.format == "png" and decoded(pic).format == "PNG"
    assert (pic.width, pic.height) == src.size


async def test_large_jpeg_stays_jpeg_when_scaled() -> None:
    limits = PictureLimits(max_side=100)
    src = gradient((400, 300))
    pic = await load_picture("base64", base64.b64encode(encode(src, "JPEG")).decode(), limits)
    assert pic.format == "jpeg" and decoded(pic).format == "JPEG"
    assert (pic.width, pic.height) == (100, 75) == decoded(pic).size


async def test_exif_orientation_applied() -> None:
    src = gradient((60, 20))
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to display"
    pic = await load_picture("base64", base64.b64encode(encode(src, "JPEG", exif=exif)).decode())
    img = decoded(pic)
    assert pic.format == "jpeg"
    assert (pic.width, pic.height) == img.size == (src.height, src.width)
    assert img.getexif().get(0x0112) in (None, 1)


async def test_palette_png_with_transparency_keeps_it_when_scaled() -> None:
    src = Image.new("P", (300, 10), 1)
    src.putpalette([255, 0, 0, 0, 0, 255] + [0] * 762)
    src.putpixel((0, 0), 0)
    data = encode(src, "PNG", transparency=0)
    pic = await load_picture("base64", base64.b64encode(data).decode(), PictureLimits(max_side=150))
    img = decoded(pic)
    assert pic.format == "png" and img.mode == "RGBA" and img.size == (150, 5)
    assert img.getpixel((149, 4)) == (0, 0, 255, 255)


# --- the outbound address guard ---------------------------------------------------

__all__ = ["no_outside_connections"]  # a fixture, used below


@pytest.mark.parametrize(("url", "kind"), [
    ("http://10.0.0.1/logo.png", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"),
    ("http://[::1]:9/a.png", "loopback"),
    ("http://127.0.0.1:9/a.png", "loopback"),
])
async def test_a_url_at_a_forbidden_address_is_an_invalid_arg(
        url: str, kind: str, monkeypatch: pytest.MonkeyPatch, no_outside_connections: list[Any]) -> None:
    monkeypatch.delenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK")
    err = await refused("url", url, code=Code.INVALID_ARG)
    assert f"a {kind} address" in err.msg and "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK=1" in err.msg
    assert no_outside_connections == []  # refused before any socket was opened


async def test_a_redirect_to_a_forbidden_address_is_refused_before_connecting(
        server: Server, monkeypatch: pytest.MonkeyPatch, no_outside_connections: list[Any]) -> None:
    server.routes["/to-metadata"] = Route(302, "text/plain", b"", (("Location", "http://169.254.169.254/x.png"),))
    server.routes["/to-loopback"] = Route(302, "text/plain", b"", (("Location", "http://127.0.0.2:9/x.png"),))
    monkeypatch.setenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", "127.0.0.1")  # the image server only
    err = await refused("url", server.url("/to-metadata"), code=Code.INVALID_ARG)
    assert "redirected to http://169.254.169.254/x.png" in err.msg and "link-local" in err.msg
    err = await refused("url", server.url("/to-loopback"), code=Code.INVALID_ARG)
    assert "127.0.0.2 is a loopback address" in err.msg
    assert {a[0] for a in no_outside_connections} == {"127.0.0.1"}


async def test_a_caller_supplied_client_is_guarded_too(monkeypatch: pytest.MonkeyPatch,
                                                       no_outside_connections: list[Any]) -> None:
    monkeypatch.delenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK")
    async with httpx.AsyncClient() as client:
        with pytest.raises(OpError) as info:
            await load_picture("url", "http://169.254.169.254/x.png", client=client)
    assert info.value.code == Code.INVALID_ARG and no_outside_connections == []
