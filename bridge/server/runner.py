"""Running the bridge under uvicorn, with TLS from the development certificates."""

from __future__ import annotations

import asyncio
import errno
import gc
import logging
import socket
import sys
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from bridge.server.app import Bridge, create_bridge
from bridge.word.pane_socket import MAX_FRAME_BYTES
from bridge.setup.certs import DevCerts, ensure_dev_certs
from bridge.setup.hints import TOKEN_VARIABLE, client_options, command_line, playground_hint, playground_url
from bridge.tools.allowed_paths import protect
from bridge.config import DEFAULT_HOST, BridgeConfig

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


class PaneSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O `websockets` protocol, tolerant of a pane whose socket closed as the server stops.

    Chosen over wsproto: the pane hop (two messages) costs 0.1 M fewer instructions per editTask with it,
    a tenth of what editTask adds to a bare call (tests/bench/bench_instructions.py).

    uvicorn's shutdown sends a close frame on every tracked connection; one whose close handshake the
    pane has already begun raises InvalidState, which would abort the rest of the shutdown.
    """

    def shutdown(self) -> None:
        try:
            super().shutdown()
        except InvalidState:
            self.transport.close()


class IdleDroppingH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, dropping an idle keep-alive connection at once when the server stops.

    A graceful TLS close waits for the client's close_notify, which an idle client never sends (a
    `word-bridge stdio` keeps its connection for its whole life): each stop sat out the graceful timeout.
    Clients reconnect on their next request anyway.
    """

    def shutdown(self) -> None:
        if self.cycle is None or self.cycle.response_complete:
            self.transport.abort()
        else:
            super().shutdown()


class StoppingServer(uvicorn.Server):
    """uvicorn's server, telling the bridge first when it stops (SIGTERM, Ctrl+C, `stop`).

    uvicorn waits `timeout_graceful_shutdown` for requests in progress and then cancels them, which a caller sees
    as a bare HTTP 500: the hub answers every op it holds before that (`Hub.stop`).
    """

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.on_stop()
        await super().shutdown(sockets)


class RunningServer:
    """A bridge served by uvicorn on an already-bound socket."""

    def __init__(self, bridge: Bridge, sock: socket.socket, certs: DevCerts | None) -> None:
        self.bridge = bridge
        self.sock = sock
        self.certs = certs
        kwargs: dict[str, Any] = {}
        if certs is not None:
            kwargs = {"ssl_certfile": str(certs.cert), "ssl_keyfile": str(certs.key)}
        self.uvicorn = StoppingServer(uvicorn.Config(
            bridge.app, log_config=LOG_CONFIG, access_log=False, lifespan="on", timeout_graceful_shutdown=2,
            http=IdleDroppingH11Protocol, ws=PaneSocketProtocol, ws_ping_interval=None,
            # On localhost compression only costs CPU on both ends: a 2 MB insertText to the benchmark's
            # fake pane took 300 ms with permessage-deflate and 100 ms without.
            ws_per_message_deflate=False,
            # uvicorn's default (16 MiB) closed the pane's socket on a large result before the endpoint's own
            # limit applied.
            ws_max_size=MAX_FRAME_BYTES,
            **kwargs,
        ), on_stop=bridge.hub.stop)

    async def serve(self) -> None:
        await self.uvicorn.serve(sockets=[self.sock])

    def stop(self) -> None:
        self.uvicorn.should_exit = True


def bind(host: str, port: int) -> socket.socket:
    """Bind the listening socket first, so port 0 gives a real port before the app exists."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if sys.platform == "win32":
        # On Windows SO_REUSEADDR lets a second bridge bind a port already served: refuse instead.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
    else:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit this. Without it, uvicorn serving a socket it did
    # not bind leaves Nagle on, and every MCP call waits ~40 ms for a delayed ACK.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def prepare(config: BridgeConfig, sock: socket.socket | None = None) -> RunningServer:
    """Bind (unless given the socket), create certificates if needed, and build the app for `config`."""
    sock = sock or bind(config.host, config.port)
    actual_port = sock.getsockname()[1]
    if actual_port != config.port:
        from dataclasses import replace

        config = replace(config, port=actual_port)
    # A bridge on another address (127.0.0.2) is reached, and its URLs printed, there: its certificate names it too.
    hosts = () if config.reach_host == DEFAULT_HOST else (config.reach_host,)
    certs = ensure_dev_certs(config.certs_dir, hosts) if config.tls else None
    if certs is not None:
        protect(certs.directory)  # the file tools must not read the keys this server serves with
    return RunningServer(create_bridge(config), sock, certs)


ADDRESS_IN_USE = (errno.EADDRINUSE, 10048)  # 10048: WSAEADDRINUSE
NOT_ALLOWED = (errno.EACCES, 10013)  # 10013: WSAEACCES (also a port Windows reserved)


def port_problem(config: BridgeConfig, exc: OSError) -> str:
    """One line for a person: why the port cannot be served, and what to do instead."""
    if exc.errno in ADDRESS_IN_USE:
        from bridge.setup.probe import bridge_health

        health = bridge_health(config)  # asked with our token: one the bridge refuses gets `documentsHidden`
        if health is not None:
            served = (f"port {config.port} is already served by a Word Bridge (perhaps one that `word-bridge stdio` "
                      "started for an MCP client)")
            doctor = command_line("doctor", options=client_options(config))
            if "documentsHidden" in health:  # its playground and tools would refuse our token: no URL carrying it
                return (f"{served} that {'runs with another token' if config.token else 'requires a token'}: use that one "
                        f"with its token (pass --token, or set {TOKEN_VARIABLE}, to the value it was started with; "
                        f"`{doctor}` checks it), or pass --port to start another")
            return (f"{served}: use that one ({playground_url(config)}, `word-bridge call`, `{doctor}`), or pass "
                    "--port to start another")
        return (f"port {config.port} is in use by another program: pass --port (and sideload with the same --port, "
                "or write a matching manifest with `word-bridge manifest --port PORT`)")
    if exc.errno in NOT_ALLOWED:
        return f"not allowed to listen on port {config.port}: pass --port with a port above 1023"
    return f"cannot listen on {config.host}:{config.port}: {exc.strerror or exc}; check --host and --port"


def freeze_what_lasts() -> None:
    """Leave what exists now out of the cyclic garbage collector's walks: in a serving process it lives as long as
    the process (the modules, the app, the tools' schemas: some 110,000 objects). The results kept for retries set
    off a full collection every few thousand calls, which walked all of it: 57 ms each, 29 µs a call on average
    (bench_roundtrip's server CPU); frozen, 5 ms. Not for a process that serves a bridge among other work (tests)."""
    gc.collect()
    gc.freeze()


def run(config: BridgeConfig, banner: bool = True, open_page: str | None = None) -> int:
    """Serve until interrupted (the `serve` and `playground` commands); 1 when the port cannot be served.

    `open_page` (a path such as /playground.html) opens in the default browser once the port is ours.
    """
    try:
        sock = bind(config.host, config.port)
    except OSError as exc:
        print(f"word-bridge: {port_problem(config, exc)}", file=sys.stderr)
        return 1
    server = prepare(config, sock)
    cfg = server.bridge.config
    if banner:
        print(f"Word Bridge {cfg.public_url}  (MCP: {cfg.public_url}/mcp, pane: {cfg.public_url}/taskpane.html)",
              file=sys.stderr)
        if cfg.playground:
            print(playground_hint(cfg), file=sys.stderr)
    if open_page:
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, [cfg.public_url + open_page]).start()
    logging.getLogger("word_bridge").setLevel(logging.INFO)
    freeze_what_lasts()
    try:
        asyncio.run(server.serve())
    except KeyboardInterrupt:
        pass
    return 0
