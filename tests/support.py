"""Test helpers: a real bridge in a thread, and a Python fake pane over real WSS.

The fake pane plays the add-in's side of protocol 1 (docs/protocol.md) so the hub,
the WebSocket endpoint and MCP can be tested without a browser.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from bridge.server.app import Bridge
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.config import BridgeConfig
from bridge.server.runner import RunningServer, prepare


class ServerThread:
    """`word-bridge serve` on a free port, in a thread with its own event loop."""

    def __init__(self, config: BridgeConfig) -> None:
        self.server: RunningServer = prepare(config)
        self._thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    @property
    def bridge(self) -> Bridge:
        return self.server.bridge

    @property
    def config(self) -> BridgeConfig:
        return self.server.bridge.config

    @property
    def base_url(self) -> str:
        return f"{self.config.scheme}://localhost:{self.config.port}"

    @property
    def ws_url(self) -> str:
        return f"{'wss' if self.config.tls else 'ws'}://localhost:{self.config.port}/ws"

    def client_ssl(self) -> ssl.SSLContext | None:
        return ssl_context_trusting(ensure_dev_certs(self.config.certs_dir)) if self.config.tls else None

    def start(self) -> ServerThread:
        self._thread.start()
        deadline = time.monotonic() + 15
        while not self.server.uvicorn.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the bridge did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.stop()
        self._thread.join(10)


Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]


async def echo_handler(command: dict[str, Any]) -> dict[str, Any]:
    """Answer every op with ok and echo its canonical args."""
    op = command["op"]
    return {"ok": True, "op": op["op"], "data": {"echo": op["args"]}, "diagnostics": []}


@dataclass
class FakePane:
    """A task pane played by Python: hello, welcome, then answer ai-cmds with `handler`."""

    server: ServerThread
    title: str = "Report.docx"
    handler: Handler = echo_handler
    session: str | None = None
    token: str | None = None
    origin: str | None = None
    instance: str | None = None
    """Sent as `hello.instance` (the real pane sends its id registry's salt, new on every load)."""
    inline: bool = False
    """Answer each ai-cmd before reading the next frame (a benchmark's lean pane), not in a task of its own."""
    received: list[dict[str, Any]] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)
    """Frames other than ai-cmd and ping (e.g. ai-refused), in arrival order."""
    welcome: dict[str, Any] | None = None
    _ws: Any = None
    _task: asyncio.Task[None] | None = None

    async def connect(self) -> FakePane:
        headers = {"Origin": self.origin} if self.origin else None
        self._ws = await websockets.connect(self.server.ws_url, ssl=self.server.client_ssl(),
                                            additional_headers=headers, max_size=None)
        await self._ws.send(json.dumps({
            "type": "hello", "protocol": 1, "session": self.session, "token": self.token,
            "document": {"title": self.title, "url": f"https://example.test/{self.title}"},
            "host": {"app": "Word", "platform": "Simulator", "version": "test"},
            "apiSets": {"WordApi": "1.9"}, **({"instance": self.instance} if self.instance else {}),
        }))
        reply = json.loads(await self._ws.recv())
        if reply["type"] != "welcome":
            raise ConnectionRefusedError(reply)
        self.welcome = reply
        self.session = reply["session"]
        self._task = asyncio.create_task(self._serve())
        return self

    async def _serve(self) -> None:
        try:
            async for frame in self._ws:
                message = json.loads(frame)
                if message["type"] == "ping":
                    await self._ws.send(json.dumps({"type": "pong"}))
                elif message["type"] == "ai-cmd" and self.inline:
                    await self._answer(message)
                elif message["type"] == "ai-cmd":
                    self.received.append(message)
                    asyncio.create_task(self._answer(message))
                else:
                    self.notices.append(message)
        except websockets.ConnectionClosed:
            pass

    async def _answer(self, message: dict[str, Any]) -> None:
        result = await self.handler(message)
        if result is None:  # the handler chose not to answer
            return
        stats = result.pop("__stats__", None) or {"ms": 1.0, "syncs": 1}  # a handler may set the frame's stats
        try:
            await self._ws.send(json.dumps({"type": "ai-result", "id": message["id"], "result": result,
                                            "stats": stats}))
        except websockets.ConnectionClosed:
            pass

    async def send(self, message: dict[str, Any]) -> None:
        await self._ws.send(json.dumps(message))

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            await asyncio.wait([self._task], timeout=5)


async def wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met in time")
        await asyncio.sleep(0.01)


def meta(op: str, **args: Any) -> dict[str, Any]:
    return {"type": "word.op", "op": op, "version": "1.0", "args": args}


def certs_dir_for_tests(base: Path) -> Path:
    ensure_dev_certs(base)
    return base


def read_document_pane(blocks: list[dict[str, Any]], page_size: int) -> Handler:
    """A FakePane handler answering readDocument with `blocks`, `page_size` per page (as the real pane pages them)."""
    async def handle(command: dict[str, Any]) -> dict[str, Any]:
        args = command["op"]["args"]
        start = args["offset"]
        end = min(start + page_size, len(blocks))
        return {"ok": True, "op": "readDocument", "diagnostics": [], "data": {
            "format": args["format"], "offset": start, "nextOffset": end if end < len(blocks) else None,
            "totalBlocks": len(blocks), "blocks": blocks[start:end]}}
    return handle
