"""The bridge a `word-bridge stdio` serves on the port: at start, or when the bridge it forwarded to is gone.

Two desktop MCP clients each start a `word-bridge stdio`: the first serves the port, the second forwards to it.
When the first client quits, its bridge goes with it; the forwarder then finds nothing on the port and serves it
itself (same config, certificates and token as it would have at start), so the second client keeps working and
the task pane reconnects to it. Only a call that certainly did not reach a bridge (the connection was refused)
does this; a call in flight when the bridge died keeps its "may or may not have been applied" answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from typing import TYPE_CHECKING

import httpx2

from bridge.config import BridgeConfig
from bridge.setup.probe import bridge_is_running, not_a_bridge_message, unreachable_message
from bridge.word.remote import UNREACHABLE

if TYPE_CHECKING:
    from bridge.server.runner import RunningServer

log = logging.getLogger("word_bridge.stdio")
STARTUP_SECONDS = 30.0  # for uvicorn to start the app (its lifespan), on a busy machine too


async def wait_for_bridge(config: BridgeConfig, seconds: float) -> bool:
    """Whether a Word Bridge answers on the port within `seconds`."""
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        if await asyncio.to_thread(bridge_is_running, config):
            return True
        await asyncio.sleep(0.25)
    return False


class OwnBridge:
    """The bridge this process serves on the port, on the event loop of its stdio session (at most one)."""

    def __init__(self, config: BridgeConfig) -> None:
        self.config = config
        self.server: RunningServer | None = None
        self._web: asyncio.Task[None] | None = None
        self._taking = asyncio.Lock()

    def serve(self, sock: socket.socket) -> RunningServer:
        """Serve the pane, /mcp and the rest on `sock` (bound to the port) from now on."""
        from bridge.server.runner import prepare

        self.server = prepare(self.config, sock)
        self._web = asyncio.create_task(self.server.serve())
        return self.server

    @property
    def serving(self) -> bool:
        return self._web is not None and not self._web.done()

    async def take_over(self) -> bool:
        """Serve the port now that nothing answers on it; True when a bridge should answer there now.

        Forwarders racing for the port: the one whose bind succeeds serves, the others wait for it.
        """
        from bridge.server.runner import ADDRESS_IN_USE, bind, port_problem

        async with self._taking:
            if self.server is not None:
                return self.serving  # a call that waited for the lock: ours serves (unless it failed to start)
            try:
                sock = bind(self.config.host, self.config.port)
            except OSError as exc:
                if exc.errno in ADDRESS_IN_USE:
                    return await wait_for_bridge(self.config, seconds=10)  # another forwarder took it first
                log.warning("%s", port_problem(self.config, exc))
                return False
            try:
                server = self.serve(sock)
            except Exception as exc:  # e.g. certificates it could not write: the call says nothing answers
                sock.close()
                log.warning("could not serve port %s: %s", self.config.port, exc)
                return False
            log.info("no bridge answers on port %s any more: this process serves it now (task pane at "
                     "%s/taskpane.html)", self.config.port, server.bridge.config.public_url)
            return await self._started()

    async def _started(self) -> bool:
        """Wait for the app to accept requests (the socket already queues them)."""
        assert self.server is not None and self._web is not None
        deadline = asyncio.get_running_loop().time() + STARTUP_SECONDS
        while not self.server.uvicorn.started and not self._web.done():
            if asyncio.get_running_loop().time() > deadline:
                return False
            await asyncio.sleep(0.02)
        return self.serving

    async def aclose(self) -> None:
        if self.server is not None and self._web is not None:
            self.server.stop()
            await asyncio.wait_for(self._web, 10)


class TakeOverWhenGone(httpx2.AsyncBaseTransport):
    """The forwarder's HTTP to the port: a call that found no bridge there makes this process serve it, then goes
    again, to this process's own bridge (or to the forwarder that won the port first).

    Wraps the transport of `RemoteEditService.http` (its `wrap_transport`), which refuses connections as JSON-RPC error bodies; every
    forwarded call, the pass-through's and the SDK route's, goes through it. Only a POST (a call or its session's
    set-up) takes over: closing the session, at exit, must not.
    """

    def __init__(self, inner: httpx2.AsyncBaseTransport, own: OwnBridge) -> None:
        self.inner = inner
        self.own = own

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self.inner.handle_async_request(request)
        if request.method == "POST" and await self._nothing_answered(response) and await self.own.take_over():
            return await self.inner.handle_async_request(request)  # never sent: sending it again is safe
        return response

    async def _nothing_answered(self, response: httpx2.Response) -> bool:
        """The connection failed and nothing answers on the port, or something that does not answer yet (a bridge
        another forwarder is starting); not a bridge with another CA or protocol."""
        if response.status_code != 503:
            return False
        try:
            error = json.loads(await response.aread()).get("error") or {}
        except (ValueError, AttributeError):
            return False
        config = self.own.config
        return error.get("code") == UNREACHABLE and error.get("message") in (unreachable_message(config),
                                                                             not_a_bridge_message(config))

    async def aclose(self) -> None:
        await self.inner.aclose()
