"""How the server carries the pane's WebSocket and stdio: settings that are invisible until they cost time or a result."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server(certs_dir: Path):
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    yield running
    running.stop()


async def test_the_pane_socket_is_not_compressed(server):
    """permessage-deflate on localhost costs CPU on both ends (a 2 MB insertText: 300 ms against 100 ms)."""
    async with websockets.connect(server.ws_url, ssl=server.client_ssl(), compression="deflate") as ws:
        assert ws.protocol.extensions == []


async def test_a_pane_result_larger_than_16_mib_arrives(server):
    """uvicorn's default message limit (16 MiB) closed the pane's socket before the endpoint's own 64 MiB applied."""
    big = "x" * (17 * 1024 * 1024)

    async def large(command: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "op": command["op"]["op"], "data": {"text": big}, "diagnostics": []}

    pane = await FakePane(server, handler=large).connect()
    try:
        async with mcp_client(server.config) as client:
            result = await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection")})
    finally:
        await pane.close()
    envelope = result.structured_content
    assert envelope["ok"] is True, envelope["diagnostics"]
    assert len(envelope["data"]["text"]) == len(big)


async def test_stdio_serves_from_a_regular_file_too(certs_dir, unused_tcp_port, tmp_path):
    """stdin that is not a pipe (a file) takes the SDK's own transport instead of the event-loop pipes."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    requests = tmp_path / "requests.jsonl"
    requests.write_text(json.dumps(request) + "\n")
    with open(requests, "rb") as stdin:
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "bridge", "stdio", "--port", str(unused_tcp_port), "--certs",
                             str(certs_dir)], stdin=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60,
            env={k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"})
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert lines and lines[0]["result"]["serverInfo"]["name"] == "mcp_word", done.stderr


async def test_stopping_does_not_wait_for_an_idle_client(certs_dir):
    """`word-bridge stdio` keeps its connection open; a graceful TLS close waited 2 s for it on every stop."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    async with mcp_client(server.config) as client:
        await client.call_tool("listDocuments", {})
        started = time.monotonic()
        await asyncio.to_thread(server.stop)
        took = time.monotonic() - started
    assert took < 1.5, f"stopping took {took:.2f} s"
