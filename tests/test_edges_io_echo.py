"""What errors echo back: long values clipped to their first 200 characters and their length, URL credentials
never (`http://***@host/`) — web_content_fetcher, http_get, get_time, file_reader, call_tool_with_file_content.
Every connection stays on loopback (`no_outside_connections`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import TextContent

from bridge import outbound
from bridge.tools import file_reader, file_tool, utilities, web_content_fetcher
from bridge.tools.results import clip_value
from tests.tools.web_servers import WebServer, no_outside_connections, page, redirect, web

pytestmark = pytest.mark.anyio
__all__ = ["no_outside_connections", "web"]  # fixtures used below

ENV = "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK"
LONG_URL = "http://example.com/" + "a" * 100_000
SECRET = "hunter2secret"


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv(ENV, raising=False)
    web_content_fetcher.CACHE.clear()
    server = MCPServer("t")
    for toolset in (web_content_fetcher, utilities, file_reader, file_tool):
        toolset.register(server, None)
    async with Client(server) as c:
        yield c
    web_content_fetcher.CACHE.clear()


@pytest.fixture
def site(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    """Pages on 127.0.0.1 (allowed); 127.0.0.2 stays refused."""
    monkeypatch.setenv(ENV, "127.0.0.1")
    return web(routes={
        "/gone": lambda h: h.send_error(404),
        "/to-private": lambda h: redirect(f"http://user:{SECRET}@127.0.0.2:{h.server.server_address[1]}/x")(h),
        "/to-ftp": redirect(f"ftp://user:{SECRET}@files.example/report"),
        "/ok": page("<html><body><p>fine</p></body></html>"),
    })


async def error_of(client: Client, tool: str, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool(tool, args)
    return caught.value


def everything(err: MCPError) -> str:
    return err.error.message + json.dumps(err.error.data, ensure_ascii=False)


@pytest.mark.parametrize("tool", ["web_content_fetcher", "http_get"])
async def test_a_huge_url_is_clipped_in_the_error(client: Client, tool: str,
                                                  no_outside_connections: list[Any]) -> None:
    err = await error_of(client, tool, {"url": LONG_URL})
    assert len(everything(err)) < 2_000
    shown = err.error.data["provided_url" if tool == "web_content_fetcher" else "provided_value"]
    assert shown == LONG_URL[:200] + f"… ({len(LONG_URL):,} characters)"
    assert no_outside_connections == []


@pytest.mark.parametrize("tool", ["web_content_fetcher", "http_get"])
@pytest.mark.parametrize("url", [f"http://user:{SECRET}@10.0.0.1/", f"ftp://user:{SECRET}@example.com/",
                                 f"http://user:{SECRET}@127.0.0.2/{'p' * 300}"])
async def test_url_credentials_are_never_echoed(client: Client, tool: str, url: str,
                                                no_outside_connections: list[Any]) -> None:
    err = await error_of(client, tool, {"url": url})
    assert SECRET not in everything(err) and "user:" not in everything(err)
    assert "***@" in everything(err)
    assert no_outside_connections == []


async def test_credentials_in_redirects_and_failures_are_redacted(client: Client, site: WebServer) -> None:
    base = site.url("/").rstrip("/")
    with_creds = base.replace("http://", f"http://user:{SECRET}@")
    failures = [
        await error_of(client, "web_content_fetcher", {"url": f"{base}/to-private"}),
        await error_of(client, "web_content_fetcher", {"url": f"{base}/to-ftp"}),
        await error_of(client, "web_content_fetcher", {"url": f"{with_creds}/gone"}),
        await error_of(client, "http_get", {"url": f"{base}/to-private"}),
        await error_of(client, "http_get", {"url": f"{with_creds}/to-ftp"}),  # a 404 is a page now, not a failure
    ]
    for err in failures:
        assert SECRET not in everything(err), everything(err)
    assert "redirected to http://***@127.0.0.2:" in failures[0].error.data["error_details"]
    assert failures[1].error.data["error_details"] == "redirected to a non-http URL 'ftp://***@files.example/report'"
    assert failures[2].error.data["url"] == f"http://***@127.0.0.1:{site.port}/gone"
    assert failures[4].error.data["url"] == f"http://***@127.0.0.1:{site.port}/to-ftp"


async def test_other_long_values_are_clipped(client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    zone = await error_of(client, "get_time", {"timezone": "Z" * 50_000})
    assert len(everything(zone)) < 2_000 and "(50,000 characters)" in zone.error.message
    path = await error_of(client, "file_reader", {"path": "p" * 5_000})
    assert err_len(path) < 2_000 and path.error.data["provided_value"].endswith("… (5,000 characters)")
    result = await client.call_tool("call_tool_with_file_content",
                                    {"server": "word", "tool_name": "x" * 50_000, "file_path": "f" * 50_000})
    assert result.is_error and isinstance(result.content[0], TextContent)
    body = json.loads(result.content[0].text)
    assert len(result.content[0].text) < 4_000 and "(50,000 characters)" in body["error"]
    assert body["tool"] == "word:" + "x" * 200 + "… (50,000 characters)"


def err_len(err: MCPError) -> int:
    return len(everything(err))


def test_redaction_and_clipping_rules() -> None:
    cases = {
        "http://user:pass@10.0.0.1/": "http://***@10.0.0.1/",
        "https://token@example.com:8443/a?b=c@d#e@f": "https://***@example.com:8443/a?b=c@d#e@f",
        "http://a@b@host/": "http://***@host/",
        "user:pass@10.0.0.1": "***@10.0.0.1",
        "//user:pass@host/x": "//***@host/x",
        "http://host/path@x": "http://host/path@x",
        "not-a-valid-url": "not-a-valid-url",
    }
    assert {url: outbound.redact_url(url) for url in cases} == cases
    assert outbound.display_url("http://u:p@h/" + "x" * 300) == ("http://***@h/" + "x" * 300)[:200] + "… (313 characters)"
    assert outbound.clip("short") == "short"
    assert clip_value(list(range(1000))).endswith("… (3,891 characters)") and clip_value([1, 2]) == [1, 2]
