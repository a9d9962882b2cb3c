"""The upstream test server of upstream_stdio.py over Streamable HTTP: uvicorn on 127.0.0.1 in a thread.

Every request's headers are recorded (to check the config's `headers` reach the server).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from typing import Any

import uvicorn

from tests.tools.upstream_stdio import build


class HttpUpstream:
    """`with HttpUpstream() as up:` serves the test tools at `up.url` until the block ends."""

    def __init__(self, name: str = "http-upstream") -> None:
        self.app = build(name).streamable_http_app()
        self.headers: list[dict[str, str]] = []
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self.port: int = self._sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        config = uvicorn.Config(self._record, log_level="warning", lifespan="on", interface="asgi3")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=lambda: asyncio.run(self._server.serve(sockets=[self._sock])),
                                        daemon=True)

    async def _record(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            self.headers.append({k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]})
        await self.app(scope, receive, send)

    def __enter__(self) -> HttpUpstream:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the upstream HTTP server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        self._sock.close()
