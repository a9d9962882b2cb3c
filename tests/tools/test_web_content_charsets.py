"""web_content_fetcher decodes a page once, with one charset decision (BOM, Content-Type header, <meta>, then
detection), and the title, content and metadata all come from that one text.

QA: a Latin-1 page served without a charset came back as "crčme" in the content (the bytes were left to
trafilatura, whose guess was cp1250) while its title "Zürich" looked right (ü is the same byte in both).
Pages are served by a local HTTP server on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools.page_charset import decode_page
from bridge.tools.web_content_fetcher import CACHE, register
from tests.tools.seed_calls import seed_success
from tests.tools.web_servers import WebServer, page, web

pytestmark = pytest.mark.anyio
__all__ = ["web"]  # the fixture used below

ENV = "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK"
ZURICH = ("<html><head><title>Zürich</title></head><body><article><p>La crème brûlée de Zürich est célèbre dans "
          "toute la région, et les cafés la servent chaque jour à midi.</p><p>Les touristes adorent la crème "
          "fraîche.</p></article></body></html>")
RUSSIAN = ("<html><head><title>Новости</title></head><body><article><p>Искусственный интеллект продолжает быстро "
           "развиваться, и компании всех размеров адаптируют свои методы работы к новым инструментам.</p>"
           "</article></body></html>")


@pytest.fixture(autouse=True)
def fresh_cache() -> Any:
    CACHE.clear()
    yield
    CACHE.clear()


@pytest.fixture
def site(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    monkeypatch.setenv(ENV, "1")
    meta = ZURICH.replace("<head>", '<head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">')
    return web(routes={
        "/latin": page(ZURICH.encode("latin-1"), "text/html"),
        "/latin-meta": page(meta.encode("latin-1"), "text/html"),
        "/bom": page(b"\xef\xbb\xbf" + ZURICH.encode(), "text/html; charset=iso-8859-1"),
        "/russian": page(RUSSIAN.encode("cp1251"), "text/html"),
        "/plain-latin": page("Crème brûlée à Zürich.".encode("latin-1"), "text/plain"),
    })


async def fetch(site: WebServer, path: str, content_type: str = "text") -> dict[str, Any]:
    server = MCPServer("test")
    register(server)
    async with Client(server) as client:
        return await seed_success(client, "web_content_fetcher", {"url": site.url(path),
                                                                 "content_type": content_type})


@pytest.mark.parametrize("path", ["/latin", "/latin-meta", "/bom"])
async def test_title_and_content_share_one_decoding(site: WebServer, path: str) -> None:
    found = await fetch(site, path)
    assert found["title"] == "Zürich"
    assert "La crème brûlée de Zürich est célèbre" in found["content"]
    assert "č" not in found["content"] and "\ufffd" not in found["content"]
    full = await fetch(site, path, "full")
    assert "crème fraîche" in full["content"]


async def test_an_undeclared_cyrillic_page_is_detected(site: WebServer) -> None:
    found = await fetch(site, "/russian")
    assert found["title"] == "Новости" and "Искусственный интеллект" in found["content"]


async def test_undeclared_plain_text(site: WebServer) -> None:
    assert (await fetch(site, "/plain-latin"))["content"] == "Crème brûlée à Zürich."


@pytest.mark.parametrize(("body", "declared", "expected"), [
    ("café".encode(), None, ("café", "utf-8")),
    (b"plain ascii", None, ("plain ascii", "utf-8")),
    ("café".encode("cp1252"), "windows-1252", ("café", "cp1252")),
    ("“café”".encode("cp1252"), "ISO-8859-1", ("“café”", "cp1252")),  # the web's label for cp1252
    (b"\xef\xbb\xbfcaf\xc3\xa9", "iso-8859-1", ("café", "utf-8")),  # a BOM outranks the header
    ("\ufeffcafé".encode("utf-16-le"), None, ("café", "utf-16-le")),
    ("café".encode("cp1252"), "no-such-charset", ("café", "cp1252")),  # an unknown label is no decision
    (b'<meta charset="utf-16"><p>caf\xc3\xa9', None, ('<meta charset="utf-16"><p>café', "utf-8")),
])
def test_decode_page(body: bytes, declared: str | None, expected: tuple[str, str]) -> None:
    assert decode_page(body, declared) == expected


def test_meta_is_read_only_for_html() -> None:
    body = b'<meta charset="utf-8">caf\xe9'
    assert decode_page(body, None, html=True) == ('<meta charset="utf-8">caf\ufffd', "utf-8")
    assert decode_page(body, None, html=False) == ('<meta charset="utf-8">caf\xe9', "cp1252")
