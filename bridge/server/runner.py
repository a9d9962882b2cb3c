"""Running the bridge under uvicorn, with TLS from the development certificates."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from typing import Any

import uvicorn
import wsproto.utilities
from uvicorn.protocols.websockets.wsproto_impl import WSProtocol

from bridge.server.app import Bridge, create_bridge
from bridge.setup.certs import DevCerts, ensure_dev_certs
from bridge.config import BridgeConfig

# Everything goes to stderr: under `word-bridge stdio`, stdout carries only MCP.
LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stderr"}},
    "loggers": {
        "uvicorn": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "uvicorn.error": {"level": "INFO"},
        "uvicorn.access": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "word_bridge": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}


class PaneSocketProtocol(WSProtocol):
    """uvicorn's wsproto protocol, tolerant of a pane whose socket closed as the server stops.

    uvicorn's shutdown sends a close frame on every tracked connection; one that the pane has
    just closed raises LocalProtocolError, which aborted the rest of the shutdown.
    """

    def shutdown(self) -> None:
        try:
            super().shutdown()
        except wsproto.utilities.LocalProtocolError:
            self.transport.close()


class RunningServer:
    """A bridge served by uvicorn on an already-bound socket."""

    def __init__(self, bridge: Bridge, sock: socket.socket, certs: DevCerts | None) -> None:
        self.bridge = bridge
        self.sock = sock
        self.certs = certs
        kwargs: dict[str, Any] = {}
        if certs is not None:
            kwargs = {"ssl_certfile": str(certs.cert), "ssl_keyfile": str(certs.key)}
        self.uvicorn = uvicorn.Server(
            uvicorn.Config(bridge.app, log_config=LOG_CONFIG, access_log=False, lifespan="on", ws=PaneSocketProtocol,
                           ws_ping_interval=None, timeout_graceful_shutdown=2, **kwargs)
        )

    async def serve(self) -> None:
        await self.uvicorn.serve(sockets=[self.sock])

    def stop(self) -> None:
        self.uvicorn.should_exit = True


def bind(host: str, port: int) -> socket.socket:
    """Bind the listening socket first, so port 0 gives a real port before the app exists."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit this. Without it, uvicorn serving a socket it did
    # not bind leaves Nagle on, and every MCP call waits ~40 ms for a delayed ACK.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def prepare(config: BridgeConfig) -> RunningServer:
    """Bind, create certificates if needed, and build the app for `config`."""
    sock = bind(config.host, config.port)
    actual_port = sock.getsockname()[1]
    if actual_port != config.port:
        from dataclasses import replace

        config = replace(config, port=actual_port)
    certs = ensure_dev_certs(config.certs_dir) if config.tls else None
    return RunningServer(create_bridge(config), sock, certs)


def run(config: BridgeConfig, banner: bool = True) -> None:
    """Serve until interrupted (the `serve` and `playground` commands)."""
    server = prepare(config)
    cfg = server.bridge.config
    if banner:
        print(f"Word Bridge {cfg.public_url}  (MCP: {cfg.public_url}/mcp, pane: {cfg.public_url}/taskpane.html)",
              file=sys.stderr)
        if cfg.playground:
            print(f"Playground: {cfg.public_url}/playground.html", file=sys.stderr)
    logging.getLogger("word_bridge").setLevel(logging.INFO)
    try:
        asyncio.run(server.serve())
    except KeyboardInterrupt:
        pass
