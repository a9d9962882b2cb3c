"""web_content_fetcher's title, headlines and tags, as the page states them: `title` is the page's <title> (less a
site name beside the page's own heading), else og:title, else the first h1; `headlines` are the h1–h3 headings in
page order; the keywords meta (`ai,ml`) becomes one tag per comma-separated item. Pages are served on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mcp import Client

from tests.tools.seed_calls import seed_success
from tests.tools.test_web_content_fetcher import client, fresh_cache
from tests.tools.web_servers import WebServer, page, web

pytestmark = pytest.mark.anyio
__all__ = ["client", "fresh_cache", "web"]  # fixtures used below (fresh_cache: an empty cache, autouse)

PROSE = ("<p>Artificial intelligence keeps changing how companies work, and analysts follow each new model that "
         "arrives with care.</p>")
PAGES = {
    "/qa": ('<html><head><title>Latest Developments in AI</title><meta name="keywords" content="ai,ml"></head>'
            "<body><h1>AI news</h1><h2>Models</h2><h3>Small models</h3></body></html>"),
    "/long": ('<html lang="en"><head><title>Latest Developments in AI</title>'
              '<meta name="keywords" content="ai, machine learning ,, ai"></head><body><article><h1>AI news</h1>'
              f"{PROSE}<h2>Models</h2>{PROSE}<h3>Small models</h3>{PROSE}<h4>Footnote</h4>{PROSE}</article>"
              "</body></html>"),
    "/og": ('<html><head><meta property="og:title" content="Open Graph title"></head><body><h1>Heading</h1>'
            f"{PROSE}</body></html>"),
    "/h1": f"<html><head></head><body><h1>Only a heading</h1>{PROSE}</body></html>",
    "/site": ('<html><head><title>Quarterly results | Example News</title></head><body><article>'
              f"<h1>Quarterly results</h1>{PROSE}</article></body></html>"),
    "/pipe": (f"<html><head><title>Cats | Dogs</title></head><body><h1>Pets</h1>{PROSE}</body></html>"),
}


@pytest.fixture
def site(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    monkeypatch.setenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", "1")
    return web(routes={path: page(html) for path, html in PAGES.items()})


async def fetch(client: Client, site: WebServer, path: str, content_type: str = "text") -> dict[str, Any]:
    return await seed_success(client, "web_content_fetcher", {"url": site.url(path), "content_type": content_type})


async def test_the_qa_page(site: WebServer, client: Client) -> None:
    found = await fetch(client, site, "/qa", "headlines")
    assert found["title"] == "Latest Developments in AI"  # the <title>, not the h1
    assert found["content"] == "AI news\nModels\nSmall models"
    meta = await fetch(client, site, "/qa", "metadata")
    assert meta["metadata"]["tags"] == ["ai", "ml"]
    assert meta["content"].startswith("Title: Latest Developments in AI\n")


async def test_headlines_are_h1_to_h3_in_order_and_keywords_split(site: WebServer, client: Client) -> None:
    found = await fetch(client, site, "/long", "headlines")
    assert found["content"] == "AI news\nModels\nSmall models"
    meta = await fetch(client, site, "/long", "metadata")
    assert meta["metadata"]["tags"] == ["ai", "machine learning"]  # trimmed, empty and repeated items dropped
    assert "Tags: ai, machine learning" in meta["content"]


@pytest.mark.parametrize(("path", "title"), [
    ("/og", "Open Graph title"), ("/h1", "Only a heading"), ("/site", "Quarterly results"),
    ("/pipe", "Cats | Dogs"),  # no side of the <title> is the page's heading: the whole <title>
])
async def test_title_falls_back_to_og_title_then_h1(site: WebServer, client: Client, path: str, title: str) -> None:
    assert (await fetch(client, site, path))["title"] == title
