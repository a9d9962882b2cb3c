"""call_tool_with_file_content to an upstream over HTTPS signed by the bridge's development CA (another bridge on
loopback, `https://localhost:<port>/mcp`): trusted, as the system store's CAs are, with verification on. A
certificate from any other CA is still refused."""

from __future__ import annotations

import json
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.types import CallToolResult, TextContent

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs
from bridge.word.remote import mcp_client
from tests.support import ServerThread
from tests.tools.web_servers import WebServer, page

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"


@pytest.fixture
def bridges(certs_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, ServerThread]]:
    """Bridge `caller` with an mcp.json naming bridge `upstream` by its https://localhost URL; same certs dir."""
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "people.csv").write_text("name,age\nAda,36\nAlan,41\n")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    monkeypatch.setenv("WORD_BRIDGE_MCP_CONFIG", str(tmp_path / "mcp.json"))
    upstream = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    caller = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    write_config(tmp_path, f"https://localhost:{upstream.config.port}/mcp")
    yield {"caller": caller, "upstream": upstream}
    caller.stop()
    upstream.stop()


def write_config(folder: Path, url: str) -> None:
    (folder / "mcp.json").write_text(json.dumps({"mcpServers": {"other": {"url": url}}}))


async def format_on_other(caller: ServerThread) -> CallToolResult:
    async with mcp_client(caller.config) as client:
        return await client.call_tool(NAME, {"server": "other", "tool_name": "data_formatter",
                                             "file_path": "people.csv", "data_key": "data",
                                             "tool_args": {"output_format": "table"}, "output_format": "string"})


def first_text(result: CallToolResult) -> str:
    item = result.content[0]
    assert isinstance(item, TextContent)
    return item.text


async def test_another_bridge_over_https_is_trusted(bridges):
    result = await format_on_other(bridges["caller"])
    assert not result.is_error, first_text(result)
    answer: dict[str, Any] = json.loads(first_text(result).split("\n", 1)[1])
    assert answer["formatted_content"]["rows"] == [["Ada", "36"], ["Alan", "41"]]


async def test_a_certificate_from_another_ca_is_still_refused(bridges, tmp_path):
    stranger = ensure_dev_certs(tmp_path / "stranger")  # a CA of the same kind that the bridge does not serve with
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(stranger.cert, stranger.key)
    with WebServer(tls=tls, routes={"/mcp": page("{}")}) as web:
        write_config(tmp_path, web.url("/mcp", host="localhost"))
        result = await format_on_other(bridges["caller"])
    assert result.is_error and "CERTIFICATE_VERIFY_FAILED" in first_text(result), first_text(result)
