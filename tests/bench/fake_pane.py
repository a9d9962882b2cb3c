"""`python -m tests.bench.fake_pane PORT CERTS`: a fake task pane in a process of its own.

In Word the pane runs in the browser, not in the bridge's process nor the client's; the benchmark
runs it here so its work is not charged to either. It stands in for a browser, whose WebSocket is
native code, so it does as little as a Python pane can: the `websockets` sans-I/O protocol on a
plain asyncio protocol, answering each `ai-cmd` (ok, its args echoed) inside the callback that read
it, with no task, queue or future per message. What the hop then costs is the bridge's; the
benchmarks print the pane's own CPU time and instructions apart.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any, cast

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting

_FRAME = json.JSONEncoder(separators=(",", ":"))


class LeanPane(asyncio.Protocol):
    """One pane connection: handshake, hello, then an answer to every ai-cmd and ping."""

    def __init__(self, url: str, connected: asyncio.Future[str]) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=None)
        self.connected = connected
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                self._send({"type": "hello", "protocol": 1, "session": None, "token": None,
                            "document": {"title": "Bench.docx", "url": "https://example.test/Bench.docx"},
                            "host": {"app": "Word", "platform": "Simulator", "version": "bench"},
                            "apiSets": {"WordApi": "1.9"}})
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self._on_message(json.loads(event.data))
        self._flush()

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "ai-cmd":
            op = message["op"]
            self._send({"type": "ai-result", "id": message["id"], "stats": {"ms": 1.0, "syncs": 1},
                        "result": {"ok": True, "op": op["op"], "data": {"echo": op["args"]}, "diagnostics": []}})
        elif kind == "ping":
            self._send({"type": "pong"})
        elif kind == "welcome" and not self.connected.done():
            self.connected.set_result(str(message["session"]))
        elif kind == "error" and not self.connected.done():
            self.connected.set_exception(ConnectionRefusedError(message.get("msg")))

    def _send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(_FRAME.encode(message).encode())

    def _flush(self) -> None:
        if self.transport is not None:
            self.transport.write(b"".join(self.ws.data_to_send()))

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.connected.done():
            self.connected.set_exception(exc or ConnectionError("the bridge closed the connection"))


async def serve(port: int, certs_dir: Path) -> None:
    loop = asyncio.get_running_loop()
    connected: asyncio.Future[str] = loop.create_future()
    transport, _ = await loop.create_connection(
        lambda: LeanPane(f"wss://localhost:{port}/ws", connected), "127.0.0.1", port,
        ssl=ssl_context_trusting(ensure_dev_certs(certs_dir)), server_hostname="localhost")
    print("connected", await asyncio.wait_for(connected, 30), flush=True)
    await loop.run_in_executor(None, sys.stdin.read)  # until the benchmark closes stdin
    transport.close()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1]), Path(sys.argv[2])))
