"""call_tool_with_file_content against real upstream MCP servers from an `mcpServers` config: one spawned over
stdio, one served over Streamable HTTP on 127.0.0.1; connections opened on first use, reused, reopened when the
entry changes or the process dies, and closed by `aclose()`."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent

from bridge.tools import file_tool
from tests.tools.upstream_http import HttpUpstream

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
SCRIPT = str(Path(__file__).with_name("upstream_stdio.py"))
USERS_CSV = "name,email,age\nJohn,john@example.com,30\nJane,jane@example.com,25\n"
USERS = [{"name": "John", "email": "john@example.com", "age": 30}, {"name": "Jane", "email": "jane@example.com",
                                                                   "age": 25}]


def stdio_entry(name: str, **env: str) -> dict[str, Any]:
    return {"command": sys.executable, "args": [SCRIPT, name], "env": env}


@pytest.fixture
def http_upstream() -> Iterator[HttpUpstream]:
    with HttpUpstream("api") as upstream:
        yield upstream


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, http_upstream: HttpUpstream) -> dict[str, Any]:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "users.csv").write_text(USERS_CSV)
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    config = tmp_path / "mcp.json"
    servers = {"db": stdio_entry("db", UPSTREAM_SECRET="from-config"),
               "api": {"url": http_upstream.url, "headers": {"Authorization": "Bearer test-token"}}}
    config.write_text(json.dumps({"mcpServers": servers}))
    monkeypatch.setenv("WORD_BRIDGE_MCP_CONFIG", str(config))
    return {"config": config, "servers": servers, "http": http_upstream}


@pytest.fixture
async def client(setup: dict[str, Any]) -> AsyncIterator[Client]:
    server = MCPServer("t")
    file_tool.register(server, None)
    async with Client(server) as connected:
        yield connected
    await file_tool.aclose()


async def call(client: Client, **args: Any) -> CallToolResult:
    return await client.call_tool(NAME, {"file_path": "users.csv", **args})


def text(result: CallToolResult) -> str:
    first = result.content[0]
    assert isinstance(first, TextContent)
    return first.text


async def whoami(client: Client, server: str) -> int:
    result = await call(client, server=server, tool_name="whoami", data_key="ignored", output_format="string")
    assert not result.is_error, text(result)
    return int(json.loads(text(result))["pid"])


def process_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("server", ["db", "api"])
async def test_seed_bulk_insert_over_both_transports(client, server):
    result = await call(client, server=server, tool_name="bulk_insert", data_key="records",
                        tool_args={"table": "users"}, output_format="string")
    assert not result.is_error and text(result) == "Successfully inserted 2 records into users table"


@pytest.mark.parametrize("server", ["db", "api"])
async def test_the_upstream_receives_exactly_the_merged_arguments(client, server):
    result = await call(client, server=server, tool_name="echo", data_key="records",
                        tool_args={"table": "users", "validate": True})
    response = json.loads(text(result))
    assert response["isError"] is False
    assert response["structuredContent"] == {"received": {"table": "users", "validate": True, "records": USERS}}


async def test_stdio_connection_is_reused_then_closed(client, setup):
    first = await whoami(client, "db")
    assert await whoami(client, "db") == first != os.getpid()
    env = await call(client, server="db", tool_name="env", data_key="x", tool_args={"variable": "UPSTREAM_SECRET"},
                     output_format="string")
    assert text(env) == "from-config"
    await file_tool.aclose()
    assert process_gone(first)
    assert await whoami(client, "db") != first  # opened again on the next use


async def test_http_session_is_reused_and_sends_the_configured_headers(client, setup):
    first = await whoami(client, "api")
    assert first == os.getpid()  # served by the uvicorn thread of this process
    before = len(setup["http"].headers)
    await whoami(client, "api")
    (again,) = setup["http"].headers[before:]  # one request: no new handshake
    assert again.get("mcp-method") == "tools/call" and again.get("mcp-name") == "whoami"
    assert all(h.get("authorization") == "Bearer test-token" for h in setup["http"].headers)


async def test_a_changed_entry_reconnects(client, setup):
    first = await whoami(client, "db")
    setup["servers"]["db"] = stdio_entry("db", UPSTREAM_SECRET="changed")
    setup["config"].write_text(json.dumps({"mcpServers": setup["servers"]}))
    second = await whoami(client, "db")
    assert second != first
    await asyncio.sleep(0.2)
    assert process_gone(first)


async def test_a_dead_process_is_replaced(client):
    first = await whoami(client, "db")
    os.kill(first, signal.SIGKILL)
    await asyncio.sleep(0.3)
    second = await whoami(client, "db")  # the ping before reuse finds it gone: no failed call
    assert second != first and not process_gone(second)


async def test_concurrent_first_calls_share_one_connection(client):
    pids = await asyncio.gather(*(whoami(client, "db") for _ in range(4)))
    assert len(set(pids)) == 1


async def test_upstream_failures_in_the_seeds_words(client):
    failed = await call(client, server="db", tool_name="fail", data_key="x", output_format="string")
    assert text(failed) == ("Error in call_tool_with_file_content: Upstream tool 'fail' failed: Error executing tool "
                            "fail: Invalid data format")
    rpc = await call(client, server="api", tool_name="rpc_error", data_key="x", output_format="string")
    assert text(rpc) == ("Error in call_tool_with_file_content: Upstream tool 'rpc_error' failed: records rejected "
                         "by the database")
    missing = await call(client, server="db", tool_name="no_such_tool", data_key="x")
    assert missing.is_error and "Upstream tool 'no_such_tool' failed" in json.loads(text(missing))["error"]


async def test_unknown_server_lists_the_configured_ones(client, setup):
    result = await call(client, server="shopify-mcp", tool_name="create_products", data_key="products",
                        output_format="string")
    assert text(result) == ("Error in call_tool_with_file_content: Unknown server 'shopify-mcp'. Configured servers: "
                            f"word, db, api. 'word' is this bridge; upstream servers are read from {setup['config']}")


async def test_config_problems_are_explained(client, setup):
    config: Path = setup["config"]
    config.write_text('{"mcpServers": {\n  "db": {"command": "x",}\n}}')
    broken = await call(client, server="db", tool_name="whoami", data_key="x", output_format="string")
    assert f"The MCP server config {config} is not valid JSON" in text(broken) and "line 2" in text(broken)
    config.write_text(json.dumps({"mcpServers": {"old": {"type": "sse", "url": "http://127.0.0.1:1/sse"},
                                                 "ghost": {"command": "/nonexistent/mcp-server"}}}))
    sse = await call(client, server="old", tool_name="t", data_key="x", output_format="string")
    assert "transport \"sse\" is not supported" in text(sse)
    ghost = await call(client, server="ghost", tool_name="t", data_key="x", output_format="string")
    assert text(ghost).startswith("Error in call_tool_with_file_content: Cannot connect to upstream server 'ghost':")
    config.write_text(json.dumps({"servers": {}}))
    shape = await call(client, server="db", tool_name="t", data_key="x", output_format="string")
    assert "has no \"mcpServers\" object" in text(shape)


async def test_file_errors_come_before_any_upstream_call(client, setup):
    result = await call(client, server="api", tool_name="echo", file_path="../mcp.json", data_key="x",
                        output_format="string")
    assert "is not within allowed directories" in text(result)
    assert not any(h.get("mcp-method") == "tools/call" for h in setup["http"].headers)


@pytest.mark.parametrize("server", ["db", "api"])
async def test_a_string_parameter_gets_the_files_text(client, setup, server):
    result = await call(client, server=server, tool_name="lines", data_key="text", output_format="string")
    assert not result.is_error, text(result)
    assert text(result) == "3 lines, the first: name,email,age"
    before = len(setup["http"].headers)
    await call(client, server=server, tool_name="lines", data_key="text", output_format="string")
    if server == "api":  # the listed schemas are kept: the second call is one request
        assert [h.get("mcp-method") for h in setup["http"].headers[before:]] == ["tools/call"]


@pytest.mark.parametrize("server", ["db", "api"])
async def test_a_missing_other_argument_does_not_blame_data_key(client, server):
    result = await call(client, server=server, tool_name="bulk_insert", data_key="records", output_format="string")
    message = text(result)
    assert result.is_error and "table" in message and "Field required" in message, message
    assert "input_value={'records'" in message  # pydantic echoes the input, which names data_key's argument
    assert "data_key" not in message
