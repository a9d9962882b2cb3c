"""http_get: every field of the seed from a page served on loopback, the caps, the timeout in milliseconds, the
validation rules, the address guard (refusals before any connection), a page with an error status returned as
the answer (over MCP and /rpc) and the failures to fetch as 500s."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from mcp import Client

from bridge.config import BridgeConfig
from tests.support import ServerThread
from tests.test_rpc import result_of
from tests.tools.test_utilities_providers import call, client, error_of
from tests.tools.web_servers import WebServer, fake_dns, no_outside_connections, page, redirect, send, web

pytestmark = pytest.mark.anyio
__all__ = ["client", "fake_dns", "no_outside_connections", "web"]  # fixtures used below

ENV = "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK"
PAGE = """<!doctype html>
<html><head><title>  Quarterly
 report </title>
<META NAME="Description" content="Sales by region, Q3.">
<meta name="keywords" content="sales, regions, Q3">
<style>p { color: red }</style>
</head><body>
<h2>Summary first</h2>
<h1>Quarterly <em>report</em></h1>
<h1>Second heading one</h1>
<h3>Details</h3>
<p>Sales grew in   every region.</p>
<p><script>var tracking = 1;</script>Costs fell.</p>
<p>  </p>
<p>Café owners were pleased.</p>
</body></html>"""


@pytest.fixture
def site(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    """Pages on 127.0.0.1, which the guard allows (and no other private address)."""
    monkeypatch.setenv(ENV, "127.0.0.1")
    big = "<html><body>" + "<p>" + "word " * 20_000 + "</p>" + "</body></html>"
    return web(routes={
        "/report": lambda h: send(h, 200, PAGE.encode(), "text/html; charset=utf-8", (("X-Report", "q3"),)),
        "/latin": page(PAGE.encode("cp1252"), "text/html; charset=windows-1252"),
        "/meta-charset": page(PAGE.replace("<head>", '<head><meta charset="iso-8859-1">').encode("latin-1"), ""),
        "/plain": page("just text", "text/plain"),
        "/big": page(big),
        "/moved": redirect("/report", 301),
        "/to-loopback-2": lambda h: redirect(f"http://127.0.0.2:{h.server.server_address[1]}/report")(h),
        "/to-ftp": redirect("ftp://files.example/report"),
        "/logo.png": page(b"\x89PNG\r\n\x1a\n", "image/png"),
        "/gone": lambda h: send(h, 404, b"<h1>Not here</h1>"),
        "/broken": lambda h: send(h, 503, b"<title>Down for maintenance</title>", headers=(("Retry-After", "120"),)),
        "/moved-to-broken": redirect("/broken"),
        "/huge-error": lambda h: send(h, 500, b"x" * (5 * 1024 * 1024 + 1)),
        "/missing.png": lambda h: send(h, 404, b"\x89PNG\r\n\x1a\n", "image/png"),
        "/slow": lambda h: (time.sleep(2), page(PAGE)(h)),
    })


async def test_every_field_of_the_seed(client: Client, site: WebServer) -> None:
    found = await call(client, "http_get", {"url": site.url("/report")})
    r = found["httpResponse"]
    assert (r["url"], r["finalUrl"], r["statusCode"]) == (site.url("/report"), site.url("/report"), 200)
    assert r["title"] == "Quarterly report"
    assert (r["metaDescription"], r["metaKeywords"]) == ("Sales by region, Q3.", "sales, regions, Q3")
    assert (r["h1"], r["h2"], r["h3"]) == ("Quarterly report", "Summary first", "Details")
    assert r["paragraphs"] == "Sales grew in every region.\n\nCosts fell.\n\nCafé owners were pleased."
    assert r["html"] == PAGE and r["htmlLength"] == len(PAGE) and r["htmlTruncated"] is False
    assert r["paragraphsTruncated"] is False and r["contentType"] == "text/html"
    assert r["headers"]["x-report"] == "q3" and r["headers"]["content-type"] == "text/html; charset=utf-8"
    assert r["timestamp"].endswith("Z")
    assert found["line"] == f"GET {site.url('/report')} → HTTP 200: Quarterly report"
    assert site.requests[0]["user_agent"].startswith("Word-Bridge/")


async def test_charsets_from_the_header_or_the_page(client: Client, site: WebServer) -> None:
    for path in ("/latin", "/meta-charset"):
        r = (await call(client, "http_get", {"url": site.url(path)}))["httpResponse"]
        assert r["paragraphs"].endswith("Café owners were pleased."), path


async def test_text_that_is_not_html_has_empty_fields(client: Client, site: WebServer) -> None:
    r = (await call(client, "http_get", {"url": site.url("/plain")}))["httpResponse"]
    assert r["html"] == "just text" and r["title"] == r["paragraphs"] == r["h1"] == ""


async def test_html_and_paragraphs_are_capped_and_say_so(client: Client, site: WebServer) -> None:
    r = (await call(client, "http_get", {"url": site.url("/big")}))["httpResponse"]
    assert len(r["html"]) == 50_000 and r["htmlTruncated"] is True and r["htmlLength"] > 100_000
    assert len(r["paragraphs"]) == 50_000 and r["paragraphsTruncated"] is True


async def test_redirects_are_followed(client: Client, site: WebServer) -> None:
    r = (await call(client, "http_get", {"url": site.url("/moved")}))["httpResponse"]
    assert r["url"] == site.url("/moved") and r["finalUrl"] == site.url("/report") and r["title"]


async def test_timeout_is_in_milliseconds(client: Client, site: WebServer) -> None:
    started = time.monotonic()
    error = await error_of(client, "http_get", {"url": site.url("/slow"), "timeout": 300})
    assert time.monotonic() - started < 1.5
    assert error.message == f"http_get: 127.0.0.1:{site.port} failed: no complete answer within 300 ms"
    assert (error.code, error.data["status"], error.data["error_type"]) == (-32603, 500, "timeout")
    r = (await call(client, "http_get", {"url": site.url("/slow"), "timeout": 5000}))["httpResponse"]
    assert r["statusCode"] == 200


@pytest.mark.parametrize(("args", "message"), [
    ({}, "Invalid url: required"),
    ({"url": ""}, "Invalid url: must have at least 1 character(s)"),
    ({"url": "ftp://files.example/report"},
     "Invalid url: must be a valid http:// or https:// URL (only http:// and https:// URLs with a host name can be "
     "fetched)"),
    ({"url": "example.com/page"},
     "Invalid url: must be a valid http:// or https:// URL (only http:// and https:// URLs with a host name can be "
     "fetched)"),
    ({"url": "http://exa mple.com/"},
     "Invalid url: must be a valid http:// or https:// URL (a URL cannot contain spaces or control characters)"),
    ({"url": "https://example.com", "timeout": 0}, "Invalid timeout: must be greater than 0"),
    ({"url": "https://example.com", "timeout": -5}, "Invalid timeout: must be greater than 0"),
    ({"url": "https://example.com", "timeout": True}, "Invalid timeout: must be a number"),
    ({"url": "https://example.com", "timeout": "soon"}, "Invalid timeout: must be a number"),
])
async def test_parameters(client: Client, args: dict[str, Any], message: str,
                          no_outside_connections: list[Any]) -> None:
    error = await error_of(client, "http_get", args)
    assert (error.code, error.message, error.data["status"]) == (-32602, message, 400)
    assert no_outside_connections == []


async def test_private_addresses_are_refused_before_connecting(client: Client, web: Callable[..., WebServer],
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               fake_dns: dict[str, Any],
                                                               no_outside_connections: list[Any]) -> None:
    monkeypatch.delenv(ENV, raising=False)
    local = web(routes={"/report": page(PAGE)})
    error = await error_of(client, "http_get", {"url": local.url("/report")})
    assert (error.code, error.data["status"], error.data["error_type"]) == (-32602, 400, "forbidden_address")
    assert error.message.startswith("Forbidden address: 127.0.0.1 is a loopback address")
    fake_dns["intranet.test"] = ["10.0.0.5"]
    error = await error_of(client, "http_get", {"url": "http://intranet.test/wiki"})
    assert error.message.startswith("Forbidden address: intranet.test resolves to 10.0.0.5, a private address")
    assert local.connections == 0 and no_outside_connections == []


async def test_a_redirect_to_a_refused_address_is_refused(client: Client, site: WebServer) -> None:
    error = await error_of(client, "http_get", {"url": site.url("/to-loopback-2")})
    assert error.data["status"] == 400 and error.data["error_type"] == "forbidden_address"
    assert "127.0.0.2 is a loopback address" in error.message
    assert [r["path"] for r in site.requests] == ["/to-loopback-2"]


async def test_a_page_with_an_error_status_is_the_answer(client: Client, site: WebServer) -> None:
    """Seed 002: statusCode is the response's and the HTML is returned as-is (it was a 500 "failed: HTTP 404")."""
    found = await call(client, "http_get", {"url": site.url("/gone")})
    r = found["httpResponse"]
    assert found["success"] is True and found["line"] == f"GET {site.url('/gone')} → HTTP 404"
    assert (r["statusCode"], r["html"], r["h1"], r["finalUrl"]) == (404, "<h1>Not here</h1>", "Not here",
                                                                    site.url("/gone"))
    r = (await call(client, "http_get", {"url": site.url("/moved-to-broken")}))["httpResponse"]
    assert (r["statusCode"], r["title"], r["finalUrl"]) == (503, "Down for maintenance", site.url("/broken"))
    assert r["headers"]["retry-after"] == "120"


async def test_failures_of_the_site_are_500s_naming_it(client: Client, site: WebServer) -> None:
    error = await error_of(client, "http_get", {"url": site.url("/to-ftp")})
    assert error.data["status"] == 500 and "non-http URL" in error.message
    with_password = site.url("/huge-error").replace("http://", "http://user:s3cret@")
    error = await error_of(client, "http_get", {"url": with_password})
    assert error.message == f"http_get: 127.0.0.1:{site.port} failed: the page is larger than 5 MiB"
    assert (error.code, error.data["status"], error.data["error_type"]) == (-32603, 500, "too_large")
    assert error.data["url"] == f"http://***@127.0.0.1:{site.port}/huge-error" and "s3cret" not in str(error.data)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now: the connection is refused
    error = await error_of(client, "http_get", {"url": f"http://127.0.0.1:{port}/"})
    assert (error.code, error.data["status"], error.data["error_type"]) == (-32603, 500, "network_error")
    assert error.message.startswith(f"http_get: 127.0.0.1:{port} failed: ")


async def test_an_error_page_over_rpc(site: WebServer, certs_dir: Any) -> None:
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        result = await result_of(running, "http_get", {"url": site.url("/gone")})
    finally:
        running.stop()
    assert result["success"] is True
    assert (result["httpResponse"]["statusCode"], result["httpResponse"]["html"]) == (404, "<h1>Not here</h1>")


async def test_an_error_page_that_is_not_text_is_refused(client: Client, site: WebServer) -> None:
    error = await error_of(client, "http_get", {"url": site.url("/missing.png")})
    assert (error.code, error.data["status"], error.data["error_type"]) == (-32602, 400, "unsupported_content_type")


async def test_a_body_that_is_not_text_is_refused(client: Client, site: WebServer) -> None:
    error = await error_of(client, "http_get", {"url": site.url("/logo.png")})
    assert (error.code, error.data["status"]) == (-32602, 400)
    assert error.message == f"http_get reads text pages; {site.url('/logo.png')} answered image/png"
