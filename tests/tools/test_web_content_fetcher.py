"""web_content_fetcher: the seed's schema, examples (as written, over HTTPS to a local server), content types,
links, max_length, the 30-minute cache, and every error — SSRF refusals proven to happen before any connection.

Pages are served on loopback; `fake_dns` answers the seed's host names with 127.0.0.1, so nothing leaves the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from bridge.tools import web_content_fetcher
from bridge.tools.web_content_fetcher import CACHE, register
from tests.tools.seed_calls import seed_failure, seed_success
from tests.tools.web_servers import (WebServer, fake_dns, free_port_443, no_outside_connections, page, redirect,
                                     trusted_tls, web)

pytestmark = pytest.mark.anyio
__all__ = ["fake_dns", "no_outside_connections", "trusted_tls", "web"]  # fixtures used below

ENV = "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK"
SEED_PROPERTIES: dict[str, dict[str, Any]] = {  # seed 000, tool 4, as written
    "url": {"type": "string", "description": "URL to fetch content from", "format": "uri",
            "examples": ["https://example.com/article", "https://news.site.com/story"]},
    "content_type": {"type": "string", "description": "Type of content to extract",
                     "enum": ["full", "text", "summary", "headlines", "metadata"], "default": "text"},
    "max_length": {"type": "integer", "description": "Maximum content length to return", "minimum": 100,
                   "maximum": 10000, "default": 2000},
    "include_links": {"type": "boolean", "description": "Include hyperlinks in extracted content", "default": False},
    "timeout": {"type": "integer", "description": "Request timeout in seconds", "minimum": 5, "maximum": 60,
                "default": 30},
    "user_agent": {"type": "string", "description": "Custom user agent string", "default": "Word-Addin-MCP/1.0"},
}
PARAGRAPHS = [
    "Artificial intelligence continues to evolve rapidly, and companies of every size are adapting their "
    "business practices to the new tools that arrive each month.",
    "Researchers report that language models now summarise long documents, draft reports and answer questions "
    "about spreadsheets with an accuracy that was out of reach two years ago.",
    "Regulators in several countries are preparing rules on transparency, and businesses are asking how those "
    "rules will affect the systems they already run in production.",
    "Analysts expect investment in artificial intelligence to keep growing, although the cost of computing "
    "power remains a concern for smaller companies that compete with the largest firms.",
]
ARTICLE = f"""<!doctype html>
<html lang="en-US"><head><title>Latest Developments in AI Technology | TechNews</title>
<meta name="author" content="Tech Reporter">
<meta property="article:published_time" content="2024-01-15T09:00:00Z">
<meta name="description" content="What changed in AI this month.">
</head><body>
<nav><a href="/">Home</a> <a href="/login">Log in</a></nav>
<article>
<h1>Latest Developments in AI Technology</h1>
<p>{PARAGRAPHS[0]}</p>
<h2>What the research says</h2>
<p>{PARAGRAPHS[1]} <a href="/2024/01/10/models">Earlier coverage</a> explains the background.</p>
<h2>Rules and money</h2>
<p>{PARAGRAPHS[2]}</p>
<p>{PARAGRAPHS[3]} <a href="https://example.com/full-article">Read more</a></p>
</article>
<footer>Copyright TechNews</footer>
</body></html>"""
NO_AUTHOR = ARTICLE.replace('<meta name="author" content="Tech Reporter">', "").replace(
    '<meta property="article:published_time" content="2024-01-15T09:00:00Z">', "")
SPANISH = ("<html><head><title>Noticias</title></head><body><article><p>La inteligencia artificial sigue avanzando "
           "muy rápido y las empresas de todos los tamaños están adaptando sus prácticas de negocio a las nuevas "
           "herramientas que llegan cada mes.</p><p>Los investigadores dicen que los modelos de lenguaje ya resumen "
           "documentos largos y redactan informes con una precisión que hace dos años era imposible.</p>"
           "</article></body></html>")
NETWORK_TIPS = ["Check internet connection", "Verify URL is accessible", "Try again later"]
URL_TIPS = ["Use valid HTTP/HTTPS URL format", "Include protocol (http:// or https://)", "Check URL spelling"]


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> Any:
    CACHE.clear()
    CACHE.clock = time.monotonic
    monkeypatch.delenv(ENV, raising=False)
    yield
    CACHE.clear()
    CACHE.clock = time.monotonic


@pytest.fixture
async def client() -> Any:
    server = MCPServer("test")
    register(server)
    async with Client(server) as c:
        yield c


@pytest.fixture
def site(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    """Plain HTTP on 127.0.0.1 with the guard lifted (the tests of the guard turn it back on)."""
    monkeypatch.setenv(ENV, "1")
    return web(routes={
        "/article": page(ARTICLE), "/anonymous": page(NO_AUTHOR), "/es": page(SPANISH),
        "/plain": page("Just a line of plain text, nothing more.", "text/plain; charset=utf-8"),
        "/latin": page(ARTICLE.replace("Technology</h1>", "Technology – café</h1>").encode("cp1252"),
                       "text/html; charset=windows-1252"),
        "/logo.png": page(b"\x89PNG\r\n\x1a\n", "image/png"),
        "/moved": redirect("/article", 301),
        "/slow": lambda h: (time.sleep(8), page(ARTICLE)(h)),
    })


async def fetch(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    return await seed_success(client, "web_content_fetcher", args)


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    return await seed_failure(client, "web_content_fetcher", args)


async def test_listed_schema_is_the_seeds(client: Client) -> None:
    tool = next(t for t in (await client.list_tools()).tools if t.name == "web_content_fetcher")
    assert tool.input_schema == {"type": "object", "properties": SEED_PROPERTIES, "required": ["url"]}
    assert tool.output_schema is not None and "content_length" in tool.output_schema["properties"]
    assert tool.annotations is not None and tool.annotations.open_world_hint is True


@pytest.fixture
def seed_sites(web: Callable[..., WebServer], fake_dns: dict[str, Any], trusted_tls: Callable[[list[str]], Any],
               monkeypatch: pytest.MonkeyPatch) -> WebServer:
    """techcrunch.com and example.com over HTTPS on 127.0.0.1:443, with certificates from a test CA."""
    if not free_port_443():
        pytest.skip("cannot listen on 127.0.0.1:443 here")
    fake_dns["techcrunch.com"] = ["127.0.0.1"]
    fake_dns["example.com"] = ["127.0.0.1"]
    monkeypatch.setenv(ENV, "127.0.0.1")
    return web(port=443, tls=trusted_tls(["techcrunch.com", "example.com"]),
               routes={"/2024/01/15/ai-news": page(ARTICLE), "/article": page(NO_AUTHOR)})


async def test_seed_example_basic_fetch(seed_sites: WebServer, client: Client,
                                        no_outside_connections: list[Any]) -> None:
    found = await fetch(client, {"url": "https://techcrunch.com/2024/01/15/ai-news"})
    assert found["line"] == "Web content successfully fetched"
    assert found["type"] == "web_content" and found["url"] == "https://techcrunch.com/2024/01/15/ai-news"
    assert found["title"] == "Latest Developments in AI Technology"
    assert found["content"].startswith("Latest Developments in AI Technology\n" + PARAGRAPHS[0])
    assert "Log in" not in found["content"] and "Copyright" not in found["content"]  # boilerplate removed
    assert found["content_type"] == "text" and found["content_length"] == len(found["content"]) <= 2000
    assert found["metadata"] == {"author": "Tech Reporter", "publish_date": "2024-01-15T09:00:00Z",
                                 "word_count": len(found["content"].split()), "language": "en"}
    assert found["status"] == "success" and "links" not in found
    assert isinstance(found["extraction_time_ms"], int)
    assert seed_sites.sni == ["techcrunch.com"]
    assert seed_sites.requests[0]["user_agent"] == "Word-Addin-MCP/1.0"
    assert {a[0] for a in no_outside_connections} == {"127.0.0.1"}


async def test_seed_example_summary_with_links(seed_sites: WebServer, client: Client,
                                               no_outside_connections: list[Any]) -> None:
    found = await fetch(client, {"url": "https://example.com/article", "content_type": "summary",
                                 "max_length": 1000, "include_links": True})
    assert found["line"] == "Web content summary generated successfully"
    assert found["content_type"] == "summary" and 0 < found["content_length"] <= 1000
    prose = " ".join(PARAGRAPHS) + " Earlier coverage explains the background."
    assert all(part.rstrip(".") in prose for part in found["content"].split(". "))  # whole sentences of the page
    assert "Latest Developments" not in found["content"] and "Read more" not in found["content"]
    assert {"text": "Read more", "url": "https://example.com/full-article"} in found["links"]
    assert {"text": "Earlier coverage", "url": "https://example.com/2024/01/10/models"} in found["links"]
    assert found["metadata"]["author"] is None and found["metadata"]["publish_date"] is None
    assert found["metadata"]["language"] == "en"


async def test_full_headlines_and_metadata(site: WebServer, client: Client) -> None:
    url = site.url("/article")
    full = await fetch(client, {"url": url, "content_type": "full", "include_links": True})
    assert full["content"].startswith("# Latest Developments in AI Technology")
    assert "## What the research says" in full["content"]
    assert "[Read more](https://example.com/full-article)" in full["content"]
    headlines = await fetch(client, {"url": url, "content_type": "headlines"})
    assert headlines["content"] == "Latest Developments in AI Technology\nWhat the research says\nRules and money"
    meta = await fetch(client, {"url": url, "content_type": "metadata"})
    assert meta["line"] == "Web page metadata successfully extracted"
    assert "Author: Tech Reporter" in meta["content"] and "Published: 2024-01-15T09:00:00Z" in meta["content"]
    assert meta["metadata"]["description"] == "What changed in AI this month."
    text = await fetch(client, {"url": url})
    assert "[" not in text["content"]  # plain text carries no link markup


async def test_max_length_cuts_at_a_word(site: WebServer, client: Client) -> None:
    found = await fetch(client, {"url": site.url("/article"), "max_length": 100})
    assert found["content_length"] == len(found["content"]) <= 100
    assert found["content"].endswith("…") and found["truncated"] is True
    assert found["metadata"]["word_count"] > 100  # counted on the whole text


async def test_results_are_cached_for_30_minutes(site: WebServer, client: Client) -> None:
    now = [1000.0]
    CACHE.clock = lambda: now[0]
    url = site.url("/article")
    first = await fetch(client, {"url": url})
    second = await fetch(client, {"url": url, "timeout": 10})  # timeout is not part of the key
    assert len(site.requests) == 1 and first["cached"] is False and second["cached"] is True
    assert {k: v for k, v in second.items() if k != "cached"} == {k: v for k, v in first.items() if k != "cached"}
    await fetch(client, {"url": url, "content_type": "headlines"})  # other options: fetched again
    assert len(site.requests) == 2
    now[0] += 29 * 60
    assert (await fetch(client, {"url": url}))["cached"] is True and len(site.requests) == 2
    now[0] += 61
    assert (await fetch(client, {"url": url}))["cached"] is False and len(site.requests) == 3


async def test_the_cache_does_not_outlive_the_guard_setting(site: WebServer, client: Client,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    await fetch(client, {"url": site.url("/article")})
    monkeypatch.delenv(ENV)
    err = await error_of(client, {"url": site.url("/article")})
    assert err.error.data["error_type"] == "forbidden_address" and len(site.requests) == 1


async def test_user_agent_redirects_plain_text_and_charsets(site: WebServer, client: Client) -> None:
    moved = await fetch(client, {"url": site.url("/moved"), "user_agent": "MyBot/2.0"})
    assert moved["url"] == site.url("/moved") and moved["final_url"] == site.url("/article")
    assert [r["user_agent"] for r in site.requests] == ["MyBot/2.0", "MyBot/2.0"]
    plain = await fetch(client, {"url": site.url("/plain")})
    assert plain["content"] == "Just a line of plain text, nothing more." and plain["title"] is None
    latin = await fetch(client, {"url": site.url("/latin"), "content_type": "headlines"})
    assert latin["content"].startswith("Latest Developments in AI Technology – café")


async def test_language_is_detected_when_the_page_does_not_say(site: WebServer, client: Client) -> None:
    found = await fetch(client, {"url": site.url("/es")})
    assert found["metadata"]["language"] == "es"


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["not-a-valid-url", "ftp://example.com/a", "file:///etc/passwd", "http://"])
async def test_invalid_url(client: Client, url: str, no_outside_connections: list[Any]) -> None:
    err = await error_of(client, {"url": url})
    assert err.error.code == -32602 and err.error.message == "Invalid URL format"
    assert err.error.data["error_type"] == "invalid_url" and err.error.data["provided_url"] == url
    assert err.error.data["suggestions"] == URL_TIPS
    assert no_outside_connections == []


async def test_network_error_connection_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again at once: nothing listens there
    monkeypatch.setenv(ENV, "1")
    err = await error_of(client, {"url": f"http://127.0.0.1:{port}/article"})
    assert err.error.code == -32603 and err.error.message == "Failed to fetch web content"
    assert err.error.data["error_type"] == "network_error" and err.error.data["suggestions"] == NETWORK_TIPS
    assert err.error.data["url"] == f"http://127.0.0.1:{port}/article" and err.error.data["error_details"]


async def test_network_error_timeout(site: WebServer, client: Client) -> None:
    started = time.monotonic()
    err = await error_of(client, {"url": site.url("/slow"), "timeout": 5})
    assert err.error.data["error_type"] == "network_error"
    assert err.error.data["error_details"] == "Connection timeout"
    assert time.monotonic() - started < 7


async def test_http_status_and_content_type_errors(site: WebServer, client: Client) -> None:
    err = await error_of(client, {"url": site.url("/missing")})
    assert err.error.data["error_type"] == "network_error" and err.error.data["status_code"] == 404
    assert "HTTP 404" in err.error.data["error_details"]
    err = await error_of(client, {"url": site.url("/logo.png")})
    assert err.error.code == -32603 and err.error.data["error_type"] == "unsupported_content_type"
    assert err.error.data["received_content_type"] == "image/png"


@pytest.mark.parametrize(("url", "kind"), [
    ("http://127.0.0.1/", "loopback"), ("http://10.0.0.1/admin", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"), ("http://[::1]/", "loopback"),
])
async def test_forbidden_addresses_are_refused_before_connecting(client: Client, url: str, kind: str,
                                                                 no_outside_connections: list[Any]) -> None:
    err = await error_of(client, {"url": url})
    assert err.error.code == -32602 and err.error.data["error_type"] == "forbidden_address"
    assert err.error.data["address_class"] == kind and err.error.data["url"] == url
    assert ENV in err.error.data["suggestions"][1]
    assert no_outside_connections == []


async def test_a_redirect_to_loopback_is_refused(web: Callable[..., WebServer], client: Client,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 no_outside_connections: list[Any]) -> None:
    inner = web(host="127.0.0.2", routes={"/": page(ARTICLE)})
    outer = web(routes={"/go": redirect(inner.url("/"))})
    monkeypatch.setenv(ENV, "127.0.0.1")
    err = await error_of(client, {"url": outer.url("/go")})
    assert err.error.data["error_type"] == "forbidden_address" and err.error.data["address"] == "127.0.0.2"
    assert inner.connections == 0 and outer.connections == 1


async def test_content_too_large(site: WebServer, client: Client) -> None:
    site.routes["/huge"] = page(b"<p>" + b"x" * (web_content_fetcher.MAX_BYTES + 1) + b"</p>")
    err = await error_of(client, {"url": site.url("/huge")})
    assert err.error.code == -32603 and err.error.data["error_type"] == "content_too_large"
    assert err.error.data["max_bytes"] == web_content_fetcher.MAX_BYTES


@pytest.mark.parametrize(("args", "parameter"), [
    ({}, "url"), ({"url": 5}, "url"),
    ({"url": "https://example.com/", "content_type": "everything"}, "content_type"),
    ({"url": "https://example.com/", "max_length": 99}, "max_length"),
    ({"url": "https://example.com/", "max_length": 10001}, "max_length"),
    ({"url": "https://example.com/", "timeout": 4}, "timeout"),
    ({"url": "https://example.com/", "timeout": 61}, "timeout"),
    ({"url": "https://example.com/", "include_links": "yes"}, "include_links"),
    ({"url": "https://example.com/", "user_agent": 7}, "user_agent"),
])
async def test_bad_arguments_are_invalid_params(client: Client, args: dict[str, Any], parameter: str,
                                                no_outside_connections: list[Any]) -> None:
    err = await error_of(client, args)
    assert err.error.code == -32602 and err.error.data["error_type"] == "invalid_parameter"
    assert err.error.data["parameter"] == parameter
    assert no_outside_connections == []


@pytest.mark.parametrize(("user_agent", "problem"), [
    ("x\nInjected: 1", "contains a control character (U+000A at character 2)"),
    ("x\r\nInjected: 1", "contains a control character (U+000D at character 2)"),
    ("tab\there", "contains a control character (U+0009 at character 4)"),
    ("Bot\x00", "contains a control character (U+0000 at character 4)"),
    ("Café-Bot/1.0", "contains a non-ASCII character (U+00E9 at character 4)"),
    ("", "must not be empty"), ("   ", "must not be empty"),
    ("B" * (web_content_fetcher.MAX_USER_AGENT + 1), f"must have at most {web_content_fetcher.MAX_USER_AGENT}"),
])
async def test_a_bad_user_agent_is_refused_before_connecting(site: WebServer, client: Client, user_agent: str,
                                                             problem: str) -> None:
    """Not a network error once httpx refuses the header: the argument is named, and nothing is sent."""
    err = await error_of(client, {"url": site.url("/plain"), "user_agent": user_agent})
    assert err.error.code == -32602 and err.error.message.startswith(f"Invalid user_agent: {problem}")
    assert err.error.data["error_type"] == "invalid_parameter" and err.error.data["parameter"] == "user_agent"
    assert "Check internet connection" not in err.error.data["suggestions"]
    assert site.connections == 0 and site.requests == []


async def test_a_user_agent_at_the_limit_is_sent_trimmed(site: WebServer, client: Client) -> None:
    longest = "B" * web_content_fetcher.MAX_USER_AGENT
    await fetch(client, {"url": site.url("/plain"), "user_agent": f" {longest} "})
    assert [r["user_agent"] for r in site.requests] == [longest]
