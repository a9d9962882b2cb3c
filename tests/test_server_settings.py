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
import uvicorn
import websockets
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.protocol import State
from websockets.uri import parse_uri

from bridge.config import BridgeConfig
from bridge.server.runner import PaneSocketProtocol
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


class RecordingTransport(asyncio.Transport):
    """A socket's transport that keeps what is written and notes the close (no socket)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 3000), "peername": ("127.0.0.1", 50000)}.get(name, default)


async def test_a_pane_closing_as_the_server_stops_does_not_break_the_shutdown():
    """uvicorn's shutdown sends a close frame on each open socket; one whose pane began closing it first is CLOSING,
    and sending another close frame raised InvalidState, which aborted the shutdown of every later connection."""
    async def endpoint(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await receive()

    config = uvicorn.Config(endpoint, ws=PaneSocketProtocol, ws_ping_interval=None, ws_per_message_deflate=False,
                            log_level="warning")
    config.load()
    protocol = PaneSocketProtocol(config, ServerState(), app_state={})
    transport = RecordingTransport()
    protocol.connection_made(transport)
    pane = ClientProtocol(parse_uri("ws://localhost:3000/ws"))
    pane.send_request(pane.connect())
    protocol.data_received(b"".join(pane.data_to_send()))
    for _ in range(200):
        if protocol.handshake_complete:
            break
        await asyncio.sleep(0.005)
    pane.receive_data(bytes(transport.written))
    assert pane.state is State.OPEN

    pane.send_close(1001, "the pane is closing")
    protocol.data_received(b"".join(pane.data_to_send()))  # the server answers the close and closes the transport
    protocol.shutdown()  # the server stops before the connection is gone: must not raise
    assert transport.closed
