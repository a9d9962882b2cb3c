"""A call over the bridge's request-size limit is refused saying the limit and that nothing ran.

Before, the SDK's plain-text 413 reached a direct client as "Server returned an error response", and through
`word-bridge stdio` or `word-bridge call` as "an edit may or may not have been applied" with a retry that failed
the same way.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mcp_types import JSONRPCRequest

import bridge.server.app as app_module
from bridge.config import BridgeConfig
from bridge.word.pass_through import PassThrough
from bridge.word.remote import RemoteEditService, bridge_http_client, mcp_client
from tests.support import FakePane, ServerThread, meta
from tests.test_cli_edges import _stdio

pytestmark = pytest.mark.anyio
LIMIT = 1024 * 1024
WORD_TOOLS = frozenset({"editTask", "mcp_word__editTask", "listDocuments"})


@pytest.fixture
def server(certs_dir: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(app_module, "MAX_MCP_BODY_BYTES", LIMIT)
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=10.0)).start()
    yield running
    running.stop()


def too_big() -> dict[str, Any]:
    return {"meta": meta("insertText", text="x" * (LIMIT + 10), scope="document", location="end"), "taskId": "big-1"}


async def test_a_direct_client_is_told_the_limit_and_that_nothing_ran(server: Any) -> None:
    pane = await FakePane(server).connect()
    async with mcp_client(server.config) as client:
        with pytest.raises(Exception) as raised:
            await client.call_tool("editTask", too_big())
        assert "over the bridge's limit of 1 MiB" in str(raised.value)
        assert "nothing was run or applied" in str(raised.value)
        ok = await client.call_tool("editTask", {"meta": meta("getSelection")})  # the connection still serves
        assert ok.structured_content["ok"] is True
    assert pane.received == [c for c in pane.received if c["op"]["op"] == "getSelection"]
    await pane.close()


async def test_the_sdk_route_answers_e_invalid_arg(server: Any) -> None:
    pane = await FakePane(server).connect()
    remote = RemoteEditService(server.config)
    try:
        envelope = await remote.edit_task(**too_big())
    finally:
        await remote.aclose()
    assert envelope["ok"] is False and envelope["code"] == "E_INVALID_ARG"
    message = envelope["diagnostics"][0]["msg"]
    assert "limit of 1 MiB" in message and "may or may not" not in message
    assert pane.received == []
    await pane.close()


async def test_the_stdio_pass_through_answers_e_invalid_arg_and_stays_on(server: Any) -> None:
    pane = await FakePane(server).connect()
    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    request = JSONRPCRequest(jsonrpc="2.0", id=7, method="tools/call",
                             params={"name": "editTask", "arguments": too_big()})
    async with bridge_http_client(server.config) as http:
        lane = PassThrough(server.config, http, WORD_TOOLS)
        lane.observe(JSONRPCRequest(jsonrpc="2.0", id=1, method="initialize", params={
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}))
        assert await lane.forward(request, send) is True
        assert lane.enabled, "a refusal of one call's size says nothing about the bridge's protocol"
    result = sent[0].result
    envelope = result["structuredContent"]
    assert envelope["code"] == "E_INVALID_ARG" and "limit of 1 MiB" in envelope["diagnostics"][0]["msg"]
    assert pane.received == []
    await pane.close()


async def test_through_word_bridge_stdio_the_refusal_names_the_task_id_the_forwarder_gave(server: Any,
                                                                                           tmp_path: Any) -> None:
    """It answered `"taskId": ""`: the refusal was built from the client's arguments, not the ones sent."""
    pane = await FakePane(server).connect()
    arguments = too_big()
    del arguments["taskId"]
    with open(tmp_path / "stderr.txt", "w") as errlog:
        async with _stdio(server.config, errlog) as client:
            answer = await client.call_tool("editTask", arguments)
    envelope = answer.structured_content
    assert envelope["code"] == "E_INVALID_ARG" and "limit of 1 MiB" in envelope["diagnostics"][0]["msg"]
    assert isinstance(envelope["taskId"], str) and envelope["taskId"], envelope
    assert pane.received == []
    await pane.close()


def _post_chunked(server: Any, body: bytes) -> httpx.Response:
    """POST /mcp with `body` sent in chunks, without a Content-Length (Transfer-Encoding: chunked)."""
    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 64 * 1024):
            yield body[start:start + 64 * 1024]

    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    with httpx.Client(verify=server.client_ssl(), timeout=30) as http:
        return http.post(server.base_url + "/mcp", content=chunks(), headers=headers)


async def test_a_chunked_body_over_the_limit_is_refused_with_the_same_json_rpc_error(server: Any) -> None:
    """It met the SDK's own check: a plain-text "Request body too large" a client cannot act on."""
    pane = await FakePane(server).connect()
    call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "editTask", "arguments": too_big()}}
    response = await asyncio.to_thread(_post_chunked, server, json.dumps(call).encode())
    assert response.status_code == 413 and response.headers["content-type"] == "application/json", response.text
    message = response.json()["error"]["message"]
    assert "over the bridge's limit of 1 MiB" in message and "nothing was run or applied" in message
    small = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    answered = await asyncio.to_thread(_post_chunked, server, json.dumps(small).encode())
    assert answered.status_code == 200, answered.text  # a chunked body under the limit still reaches MCP
    assert pane.received == []
    await pane.close()
