"""`word-bridge stdio`: MCP over stdin/stdout for desktop clients.

If a bridge already serves the port, this process forwards to it, so several
MCP clients share the documents open there. Otherwise it serves the pane
itself, on the same event loop as the stdio session. Nothing but protocol
goes to stdout.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from bridge.config import BridgeConfig
from bridge.server.mcp_tools import build_mcp_server
from bridge.word.remote import RemoteEditService, bridge_is_running

log = logging.getLogger("word_bridge.stdio")


async def run_stdio(config: BridgeConfig) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if await asyncio.to_thread(bridge_is_running, config):
        log.info("a bridge already serves port %s: forwarding to it", config.port)
        await _forward(config)
        return
    from bridge.server.runner import prepare

    try:
        server = prepare(config)
    except OSError as exc:
        # Two clients starting at once race for the port: the loser forwards to the winner.
        if await _wait_for_bridge(config, seconds=10):
            log.info("another bridge took port %s first: forwarding to it", config.port)
            await _forward(config)
            return
        log.error("port %s is taken by something that is not a Word Bridge (%s); "
                  "pass --port to use another one", config.port, exc)
        raise SystemExit(1) from exc
    log.info("serving the task pane at %s/taskpane.html", server.bridge.config.public_url)
    web = asyncio.create_task(server.serve())
    try:
        await server.bridge.mcp.run_stdio_async()
    finally:
        server.stop()
        await asyncio.wait_for(web, 10)


async def _wait_for_bridge(config: BridgeConfig, seconds: float) -> bool:
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        if await asyncio.to_thread(bridge_is_running, config):
            return True
        await asyncio.sleep(0.25)
    return False


async def _forward(config: BridgeConfig) -> None:
    remote = RemoteEditService(config)
    try:
        await build_mcp_server(remote).run_stdio_async()
    finally:
        await remote.aclose()
