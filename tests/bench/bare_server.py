"""A bare MCP SDK server to measure the bridge against: one async tool, nothing else.

The tool declares editTask's output schema, as the bridge does: the SDK's client checks every result
against a tool's declared output schema (`validate_tool_result`, about 0.2 ms of the client's CPU a
call here), a cost of the tool's published interface that any server offering editTask puts on its
clients. Without it the baseline would bill the bridge for work the client does, and with 8 clients
in one process that client is what limits the throughput of both servers.

`python -m tests.bench.bare_server PORT CERTS [--hop]` serves it until killed, with the bridge's
socket setup (`bind`: TCP_NODELAY), the bridge's uvicorn settings and the same development
certificate, so the benchmark's ratio shows what the bridge adds on top of MCP itself.

With `--hop` the tool hands each call to a pane on `/ws` (the fake pane) and answers what it sends back,
with nothing else: no validation, routing, queue or retry records. That is the floor of any design in
which a second process (the pane in Word) does the work; on 2 CPUs that process's CPU and the extra
wake-ups count against every server, so the benchmark prints the bridge against this floor too.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sys
from pathlib import Path
from typing import Any

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent, Tool
from starlette.types import ASGIApp, Receive, Scope, Send

from bridge.config import BridgeConfig
from bridge.server.runner import LOG_CONFIG, PaneSocketProtocol, bind
from bridge.server.mcp_tools import EDIT_RESULT_SCHEMA
from bridge.server.security import AccessPolicy
from bridge.setup.certs import ensure_dev_certs


class BareServer(MCPServer):
    """MCPServer whose tools list editTask's output schema (the bridge's `WordMCPServer._published` does the same)."""

    async def list_tools(self) -> list[Tool]:
        return [t.model_copy(update={"output_schema": EDIT_RESULT_SCHEMA}) for t in await super().list_tools()]


class MinimalHop:
    """The least a server can do to have a pane run each call: send it over /ws, wait for the answer."""

    def __init__(self) -> None:
        self.send: Send | None = None
        self.pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.ids = itertools.count()

    async def run(self, content: str, meta: Any) -> dict[str, Any]:
        assert self.send is not None, "no pane connected"
        task_id = f"task_{next(self.ids)}"
        answer = self.pending[task_id] = asyncio.get_running_loop().create_future()
        await self.send({"type": "websocket.send", "text": json.dumps(
            {"type": "ai-cmd", "id": task_id, "content": content, "op": meta}, separators=(",", ":"))})
        return {**await answer, "taskId": task_id, "document": None}

    async def pane(self, receive: Receive, send: Send) -> None:
        """One pane connection: accept, answer its hello, then resolve each ai-result."""
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await receive()  # hello
        await send({"type": "websocket.send", "text": json.dumps({"type": "welcome", "session": "doc_hop"})})
        self.send = send
        while (message := await receive())["type"] != "websocket.disconnect":
            frame = json.loads(message["text"])
            if frame.get("type") == "ai-result" and (answer := self.pending.pop(frame["id"], None)):
                answer.set_result(frame["result"])


def bare_app(config: BridgeConfig, *, hop: bool = False) -> ASGIApp:
    """The SDK's Streamable HTTP app with one async tool that answers like editTask without doing anything
    (or, with `hop`, with what a pane on /ws answers)."""
    server = BareServer("bare")
    minimal = MinimalHop() if hop else None

    @server.tool(name="editTask")
    async def edit_task(content: str, meta: dict[str, Any] | str | None = None) -> CallToolResult:
        # The same answer on the wire as the bridge's (structured + compact text), with none of its work.
        if minimal is not None:
            result = await minimal.run(content, meta)
        else:
            op = meta.get("op", "unknown") if isinstance(meta, dict) else "unknown"
            result = {"ok": True, "op": op, "data": {}, "diagnostics": [], "taskId": "task_bare", "document": None}
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(result, separators=(",", ":")))],
                              structured_content=result)

    policy = AccessPolicy(port=config.port, tls=config.tls)
    http = server.streamable_http_app(
        transport_security=TransportSecuritySettings(allowed_hosts=policy.allowed_hosts,
                                                     allowed_origins=policy.allowed_origins))
    if minimal is None:
        return http

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await minimal.pane(receive, send)
        else:
            await http(scope, receive, send)
    return app


def main() -> None:
    logging.disable(logging.INFO)
    config = BridgeConfig(port=int(sys.argv[1]), certs_dir=Path(sys.argv[2]))
    certs = ensure_dev_certs(config.certs_dir)
    server = uvicorn.Server(uvicorn.Config(
        # h11 as the bridge's runner has it: uvicorn's "auto" would take httptools where it is installed, and
        # the baseline would then measure another HTTP parser (2.2 M instead of 2.8 M instructions a call).
        bare_app(config, hop="--hop" in sys.argv), log_config=LOG_CONFIG, access_log=False, lifespan="on", http="h11",
        ws=PaneSocketProtocol, ws_ping_interval=None, ws_per_message_deflate=False,
        timeout_graceful_shutdown=2, ssl_certfile=str(certs.cert), ssl_keyfile=str(certs.key)))
    asyncio.run(server.serve(sockets=[bind("127.0.0.1", config.port)]))


if __name__ == "__main__":
    main()
