"""`word-bridge stdio`: MCP over stdin/stdout for desktop clients.

If a bridge already serves the port, this process forwards to it, so several
MCP clients share the documents open there. Otherwise it serves the pane
itself, on the same event loop as the stdio session; a forwarder also does
when the bridge it forwarded to goes away (stdio_takeover). Nothing but
protocol goes to stdout.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCMessage, JSONRPCRequest

from bridge.config import BridgeConfig
from bridge.server.mcp_tools import QUALIFIED_EDIT_TASK, build_mcp_server
from bridge.server.stdio_takeover import OwnBridge, TakeOverWhenGone, wait_for_bridge
from bridge.tools import file_tool
from bridge.word.pass_through import PassThrough
from bridge.setup.probe import bridge_is_running
from bridge.word.remote import RemoteEditService

log = logging.getLogger("word_bridge.stdio")
MAX_LINE_BYTES = 64 * 1024 * 1024  # a message carrying a base64 picture is one long line

# Libraries that log every HTTP request (or MCP message) at INFO: a client's stderr log is not the place.
QUIET_LOGGERS = ("httpx", "httpx2", "httpcore", "httpcore2", "mcp")


async def run_stdio(config: BridgeConfig) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    if await asyncio.to_thread(bridge_is_running, config):
        log.info("a bridge already serves port %s: forwarding to it", config.port)
        await _forward(config)
        return
    from bridge.server.runner import ADDRESS_IN_USE, bind, port_problem

    try:
        sock = bind(config.host, config.port)
    except OSError as exc:
        # Two clients starting at once race for the port: the loser forwards to the winner.
        if exc.errno in ADDRESS_IN_USE and await wait_for_bridge(config, seconds=10):
            log.info("another bridge took port %s first: forwarding to it", config.port)
            await _forward(config)
            return
        log.error("%s", port_problem(config, exc))
        raise SystemExit(1) from exc
    own = OwnBridge(config)
    server = own.serve(sock)
    log.info("serving the task pane at %s/taskpane.html", server.bridge.config.public_url)
    try:
        await serve_stdio(server.bridge.mcp)
    finally:
        await own.aclose()


async def _forward(config: BridgeConfig) -> None:
    own = OwnBridge(config)  # serves the port once the bridge there is gone
    remote = RemoteEditService(config, wrap_transport=lambda inner: TakeOverWhenGone(inner, own))
    lane = PassThrough(config, remote.http, tools=frozenset({"editTask", QUALIFIED_EDIT_TASK, "listDocuments"}))
    try:
        await remote.start()
        await serve_stdio(build_mcp_server(remote), lane)
    finally:
        await remote.aclose()  # before our bridge stops: closing the session may talk to it
        await file_tool.aclose()
        await own.aclose()


class _PipeLines:
    """stdin as an async iterator of lines, stdout as an async writer: both on the event loop.

    The SDK's stdio transport reads and writes through worker threads, several thread hand-offs per
    message; forwarding one editTask spent more CPU on them than on the call itself.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    def __aiter__(self) -> _PipeLines:
        return self

    async def __anext__(self) -> str:
        line = await self.reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", "replace")

    async def write(self, text: str) -> None:
        self.writer.write(text.encode("utf-8"))
        await self.writer.drain()

    async def flush(self) -> None:
        """`write` already drained to the pipe."""


def _is_pipe(fd: int) -> bool:
    """The event loop can watch pipes and sockets (what MCP clients give us), not files or terminals everywhere."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


@contextlib.asynccontextmanager
async def _stdio_on_loop() -> AsyncIterator[_PipeLines | None]:
    """stdin and stdout as event-loop pipes, or None where they are not pipes (or on Windows).

    Like the SDK, fd 0 and 1 point at /dev/null and stderr meanwhile, so a stray print cannot corrupt
    the protocol; the wire is served from private duplicates.
    """
    if sys.platform == "win32" or not (_is_pipe(0) and _is_pipe(1)):
        yield None
        return
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_LINE_BYTES)
    read_transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader),
                                                     os.fdopen(os.dup(0), "rb", 0))
    write_transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                              os.fdopen(os.dup(1), "wb", 0))
    writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
    saved = os.dup(0), os.dup(1)
    with open(os.devnull, "rb") as devnull:
        os.dup2(devnull.fileno(), 0)
    os.dup2(2, 1)
    try:
        yield _PipeLines(reader, writer)
    finally:
        with contextlib.suppress(OSError, RuntimeError):
            await writer.drain()
        writer.close()
        read_transport.close()
        for fd, copy in zip((0, 1), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


async def serve_stdio(server: MCPServer, lane: PassThrough | None = None) -> None:
    """`server.run_stdio_async()`, with stdin and stdout on the event loop where they are pipes.

    With a `lane`, the calls it takes go straight to the bridge on the port, the rest to `server`.
    """
    async with _stdio_on_loop() as pipes:
        # stdio_server only iterates lines and awaits write/flush: _PipeLines is enough of an AsyncFile.
        transport = stdio_server() if pipes is None else stdio_server(pipes, pipes)  # type: ignore[arg-type]
        async with transport as (read_stream, write_stream):
            lowlevel = server._lowlevel_server  # the route run_stdio_async takes, with our streams
            options = lowlevel.create_initialization_options()
            if lane is None:
                await lowlevel.run(read_stream, write_stream, options)
                return
            to_server, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](0)
            async with server_reads, anyio.create_task_group() as group:
                group.start_soon(lowlevel.run, server_reads, write_stream.clone(), options)
                async with to_server, write_stream:
                    await _route(read_stream, to_server, write_stream, lane)


async def _route(client: Any, to_server: MemoryObjectSendStream[SessionMessage | Exception],
                 to_client: Any, lane: PassThrough) -> None:
    """Each client message to the lane or to the SDK server; returns when stdin ends and the lane's calls did."""

    async def send(message: JSONRPCMessage) -> None:
        await to_client.send(SessionMessage(message))

    async def pass_through(item: SessionMessage) -> None:
        assert isinstance(item.message, JSONRPCRequest)
        if not await lane.forward(item.message, send):
            await to_server.send(item)  # the bridge did not run it: the SDK route answers

    async with anyio.create_task_group() as calls:
        async for item in client:
            if isinstance(item, SessionMessage):
                lane.observe(item.message)
                if lane.takes(item.message):
                    calls.start_soon(pass_through, item)
                    continue
            await to_server.send(item)
