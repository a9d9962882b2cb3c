"""A bare MCP SDK server to measure the bridge against: one async tool, nothing else.

`python -m tests.bench.bare_server PORT CERTS` serves it until killed, with the bridge's
socket setup (`bind`: TCP_NODELAY), the bridge's uvicorn settings and the same development
certificate, so the benchmark's ratio shows what the bridge adds on top of MCP itself.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent
from starlette.types import ASGIApp

from bridge.config import BridgeConfig
from bridge.server.runner import LOG_CONFIG, bind
from bridge.server.security import AccessPolicy
from bridge.setup.certs import ensure_dev_certs


def bare_app(config: BridgeConfig) -> ASGIApp:
    """The SDK's Streamable HTTP app with one async tool that answers like editTask without doing anything."""
    server = MCPServer("bare")

    @server.tool(name="editTask")
    async def edit_task(content: str, meta: dict[str, Any] | str | None = None) -> CallToolResult:
        # The same answer on the wire as the bridge's (structured + compact text), with none of its work.
        op = meta.get("op", "unknown") if isinstance(meta, dict) else "unknown"
        result = {"ok": True, "op": op, "data": {}, "diagnostics": [], "taskId": "task_bare", "document": None}
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(result, separators=(",", ":")))],
                              structured_content=result)

    policy = AccessPolicy(port=config.port, tls=config.tls)
    return server.streamable_http_app(
        transport_security=TransportSecuritySettings(allowed_hosts=policy.allowed_hosts,
                                                     allowed_origins=policy.allowed_origins))


def main() -> None:
    logging.disable(logging.INFO)
    config = BridgeConfig(port=int(sys.argv[1]), certs_dir=Path(sys.argv[2]))
    certs = ensure_dev_certs(config.certs_dir)
    server = uvicorn.Server(uvicorn.Config(
        # h11 as the bridge's runner has it: uvicorn's "auto" would take httptools where it is installed, and
        # the baseline would then measure another HTTP parser (2.2 M instead of 2.8 M instructions a call).
        bare_app(config), log_config=LOG_CONFIG, access_log=False, lifespan="on", http="h11",
        timeout_graceful_shutdown=2, ssl_certfile=str(certs.cert), ssl_keyfile=str(certs.key)))
    asyncio.run(server.serve(sockets=[bind("127.0.0.1", config.port)]))


if __name__ == "__main__":
    main()
