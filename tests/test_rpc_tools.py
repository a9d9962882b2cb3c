"""`POST /rpc` calls every tool `list_tools` lists, not only the seven of seed 002: on the real bridge (TLS, uvicorn
in a thread) the answers match MCP's, a failure the tool reports stays a result (`success: false`), refusals are
the seed's errors; on a small server of its own, how the SDK's refusals and a crash map onto 400 and 500."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent
from starlette.applications import Starlette
from starlette.routing import Route

from bridge.config import BridgeConfig
from bridge.server.rpc import rpc_endpoint
from bridge.word.remote import mcp_client
from tests.support import ServerThread
from tests.test_rpc import result_of, rpc
from tests.tools.test_utilities_providers import providers
from tests.tools.web_servers import WebServer, web

pytestmark = pytest.mark.anyio
__all__ = ["providers", "web"]  # fixtures used below


@pytest.fixture
def bridge(certs_dir: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerThread]:
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORD_BRIDGE_LLM_URL", raising=False)
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    yield running
    running.stop()


async def answer(server: ServerThread, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = await rpc(server, {"id": "t-1", "method": method, "params": params})
    body = response.json()
    assert body["id"] == "t-1" and len(body) == 2, body
    return response.status_code, body


async def test_every_listed_tool_can_be_called(bridge: ServerThread, providers: WebServer) -> None:
    listed = [tool["name"] for tool in (await result_of(bridge, "list_tools", {}))["tools"]]
    assert {"file_reader", "editTask", "listDocuments", "start_session", "call_tool_with_file_content"} <= set(listed)
    for name in listed:
        status, body = await answer(bridge, name, {})
        assert status in (200, 400), (name, body)  # called: a result, or its arguments refused
        assert ("result" in body) == (status == 200), (name, body)


async def test_a_tools_result_is_its_structured_content_with_success(bridge: ServerThread, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    async with mcp_client(bridge.config) as client:
        over_mcp = (await client.call_tool("file_reader", {"path": "notes.txt"})).structured_content
    assert await result_of(bridge, "file_reader", {"path": "notes.txt"}) == {**over_mcp, "success": True}
    assert (await result_of(bridge, "listDocuments", {})) == {"documents": [], "success": True}


async def test_a_tools_refusals_are_the_seeds_errors(bridge: ServerThread, tmp_path: Path) -> None:
    assert await answer(bridge, "file_reader", {"path": 5}) == (400, {"id": "t-1", "error": {
        "code": 400, "message": "Invalid path: must be a string, got an integer"}})
    assert await answer(bridge, "file_reader", {"path": "missing.txt"}) == (500, {"id": "t-1", "error": {
        "code": 500, "message": f"File not found: {tmp_path / 'missing.txt'} does not exist"}})


async def test_a_failure_the_tool_reports_is_a_result_with_success_false(bridge: ServerThread) -> None:
    status, body = await answer(bridge, "editTask", {"content": "hi", "taskId": "rpc-1"})
    envelope = body["result"]
    assert status == 200 and envelope["success"] is False  # the whole envelope, as MCP's structuredContent
    assert (envelope["ok"], envelope["code"], envelope["taskId"]) == (False, "E_NOT_FOUND", "rpc-1")
    status, body = await answer(bridge, "get_progress", {"sessionId": "nope"})
    assert status == 200 and body["result"]["success"] is False
    (item,) = body["result"]["content"]  # no structuredContent: the MCP content items
    assert item["type"] == "text" and '"type":"SessionNotFound"' in item["text"]


async def test_tools_that_ask_the_mcp_client_run_without_one(bridge: ServerThread, tmp_path: Path) -> None:
    processed = await result_of(bridge, "text_processor", {"text": "Hello there. This is fine.",
                                                           "operation": "summarize"})
    assert processed["success"] is True and processed["engine"] == "offline"  # no client to sample from
    (tmp_path / "tz.json").write_text('{"timezone": "Asia/Kathmandu"}')
    called = await result_of(bridge, "call_tool_with_file_content", {
        "server": "word", "tool_name": "get_time", "file_path": "tz.json", "output_format": "string"})
    assert called["success"] is True and "in Asia/Kathmandu (UTC offset 345 min)" in called["content"][0]["text"]


# ---- the SDK's refusals and a crash, on a server of the test's own -----------------------------------------
def own_server() -> MCPServer:
    server = MCPServer("t")

    @server.tool()
    def typed(count: int) -> dict[str, int]:
        return {"double": 2 * count}

    @server.tool()
    def crash() -> str:
        raise RuntimeError("boom")

    @server.tool()
    def refuse(status: int | None = None) -> str:
        raise MCPError(code=-32602, message="Invalid thing", data={"status": status} if status else None)

    @server.tool()
    def failed() -> CallToolResult:
        return CallToolResult(content=[TextContent(type="text", text="it did not work")], is_error=True)

    return server


@pytest.fixture
async def own() -> AsyncIterator[httpx.AsyncClient]:
    app = Starlette(routes=[Route("/rpc", rpc_endpoint(own_server()))])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as http:
        yield http


@pytest.mark.parametrize(("method", "params", "status", "outcome"), [
    ("typed", {"count": 4}, 200, {"result": {"double": 8, "success": True}}),
    ("typed", {"count": "many"}, 400, {"error": {"code": 400, "message": "Invalid count: Input should be a valid "
                                                                         "integer, unable to parse string as an "
                                                                         "integer"}}),
    ("crash", {}, 500, {"error": {"code": 500, "message": "Internal error: RuntimeError: boom"}}),
    ("refuse", {}, 400, {"error": {"code": 400, "message": "Invalid thing"}}),
    ("refuse", {"status": 500}, 500, {"error": {"code": 500, "message": "Invalid thing"}}),
    ("failed", {}, 200, {"result": {"content": [{"type": "text", "text": "it did not work"}], "success": False}}),
    ("nothing", {}, 404, {"error": {"code": 404, "message": "Tool not found: nothing"}}),
])
async def test_sdk_refusals_and_crashes_map_onto_the_seeds_codes(own: httpx.AsyncClient, method: str,
                                                                 params: dict[str, Any], status: int,
                                                                 outcome: dict[str, Any]) -> None:
    response = await own.post("/rpc", json={"id": "o", "method": method, "params": params})
    assert (response.status_code, response.json()) == (status, {"id": "o", **outcome})
