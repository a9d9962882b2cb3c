"""Wording: "an unspecified address" (the right article for every address class), and call_tool_with_file_content
with arguments missing says which ones instead of reporting `"tool": "None:None"`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import TextContent

from bridge import outbound
from bridge.tools import file_tool, utilities, web_content_fetcher
from tests.tools.web_servers import no_outside_connections

pytestmark = pytest.mark.anyio
__all__ = ["no_outside_connections"]  # fixture used below

KINDS = [("http://0.0.0.0/", "unspecified", "an"), ("http://127.0.0.1/", "loopback", "a"),
         ("http://169.254.169.254/", "link-local", "a"), ("http://224.0.0.1/", "multicast", "a"),
         ("http://240.0.0.1/", "reserved", "a"), ("http://10.0.0.1/", "private", "a"),
         ("http://100.64.0.1/", "non-public", "a")]


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    monkeypatch.delenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", raising=False)
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORD_BRIDGE_MCP_CONFIG", raising=False)
    web_content_fetcher.CACHE.clear()
    server = MCPServer("t")
    for toolset in (web_content_fetcher, utilities, file_tool):
        toolset.register(server, None)
    async with Client(server) as c:
        yield c


@pytest.mark.parametrize(("url", "kind", "article"), KINDS)
async def test_every_address_class_gets_the_right_article(client: Client, url: str, kind: str, article: str,
                                                          no_outside_connections: list[Any]) -> None:
    host = url.split("/")[2]
    with pytest.raises(MCPError) as fetcher:
        await client.call_tool("web_content_fetcher", {"url": url})
    with pytest.raises(MCPError) as http_get:
        await client.call_tool("http_get", {"url": url})
    assert fetcher.value.error.data["address_class"] == kind
    assert fetcher.value.error.data["error_details"].startswith(f"{host} is {article} {kind} address;")
    assert f"{host} is {article} {kind} address;" in http_get.value.error.message
    assert not re.search(r"\ba [aeiou]", fetcher.value.error.data["error_details"])
    assert no_outside_connections == []


async def test_a_host_name_resolving_to_an_unspecified_address(monkeypatch: pytest.MonkeyPatch) -> None:
    async def fake_getaddrinfo(host: str, port: int, **kwargs: Any) -> list[Any]:
        return [(2, 1, 6, "", ("0.0.0.0", port))]

    monkeypatch.setattr(outbound.anyio, "getaddrinfo", fake_getaddrinfo)
    with pytest.raises(outbound.ForbiddenAddress) as info:
        await outbound.check_address("http://nowhere.example/")
    assert str(info.value).startswith("nowhere.example resolves to 0.0.0.0, an unspecified address;")


def body(result: Any) -> dict[str, Any]:
    assert result.is_error and isinstance(result.content[0], TextContent)
    return json.loads(result.content[0].text)


async def test_missing_server_and_tool_say_so_instead_of_none(client: Client) -> None:
    empty = body(await client.call_tool("call_tool_with_file_content", {}))
    assert empty["error"] == "Invalid server, tool_name and file_path: required (non-empty strings)"
    assert empty["tool"] == "(no server):(no tool_name)" and "None" not in json.dumps(empty)
    no_tool = body(await client.call_tool("call_tool_with_file_content", {"server": "word", "file_path": "a.csv"}))
    assert no_tool["error"] == "Invalid tool_name: required (a non-empty string)"
    assert no_tool["tool"] == "word:(no tool_name)"
    two = body(await client.call_tool("call_tool_with_file_content", {"tool_name": "t"}))
    assert two["error"] == "Invalid server and file_path: required (non-empty strings)"
    assert two["tool"] == "(no server):t"
    text = await client.call_tool("call_tool_with_file_content", {"output_format": "string"})
    assert isinstance(text.content[0], TextContent) and text.content[0].text == (
        "Error in call_tool_with_file_content: Invalid server, tool_name and file_path: required (non-empty strings)")
