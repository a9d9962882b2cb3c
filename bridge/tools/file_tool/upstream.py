"""Upstream MCP servers: the `mcpServers` config, and connections opened on first use and kept.

The config is the file most MCP clients use (`WORD_BRIDGE_MCP_CONFIG`, default `<data dir>/mcp.json`), read at
each call so edits apply without a restart:

    {"mcpServers": {
        "database-mcp": {"command": "uvx", "args": ["db-mcp"], "env": {"DB_URL": "…"}, "cwd": "/srv/db"},
        "analytics-mcp": {"url": "http://127.0.0.1:9000/mcp", "headers": {"Authorization": "Bearer …"}}}}

An entry with `command` is spawned over stdio; one with `url` is reached over Streamable HTTP (`type` may say
`stdio`, `http` or `streamable-http`; SSE is not supported). HTTPS is verified against the default trust store and
the bridge's own development CA (`upstream_tls`), so another bridge (`https://localhost:3001/mcp`) is reached as
this bridge's clients reach it. Each connection lives in a task of its own (the SDK's
transports are task-scoped), is reused by later calls (a server that exited in between is replaced, not
blamed), is reopened when its entry changes or after it broke, and is closed by `aclose()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import ssl
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CONNECTION_CLOSED, CallToolResult

from bridge.paths import data_dir
from bridge.tools.allowed_paths import CERTS_PLACE, protected_places
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.results import clip

log = logging.getLogger(__name__)

CONFIG_ENV: Final = "WORD_BRIDGE_MCP_CONFIG"
BUILT_IN: Final = "word"
CONNECT_TIMEOUT_S: Final = 30.0
CALL_TIMEOUT_S: Final = 300.0
CLOSE_TIMEOUT_S: Final = 5.0
MAX_LIST_PAGES: Final = 100
SCHEMAS_TTL_S: Final = 60.0
"""How long a connection reuses the input schemas it listed (`input_schema`). Longer than the `ttlMs: 0` SDK servers
send: a schema only decides whether a tool gets the file's text, and a stale one costs one failed call at most."""


def config_path() -> Path:
    """`$WORD_BRIDGE_MCP_CONFIG`, else `mcp.json` in the data directory."""
    configured = os.environ.get(CONFIG_ENV)
    return Path(configured).expanduser() if configured else data_dir() / "mcp.json"


def load_servers() -> tuple[dict[str, dict[str, Any]], Path]:
    """The configured servers by name (empty when there is no config file), and where the config was looked for."""
    path = config_path()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return {}, path
    except OSError as exc:
        raise FileToolError(f"Cannot read the MCP server config {path}: {exc.strerror or exc}") from None
    try:
        config = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileToolError(f"The MCP server config {path} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno}") from None
    servers = config.get("mcpServers") if isinstance(config, dict) else None
    if not isinstance(servers, dict):
        raise FileToolError(f"The MCP server config {path} has no \"mcpServers\" object")
    return {str(name): spec for name, spec in servers.items() if isinstance(spec, dict)}, path


def unknown_server(name: str, servers: Mapping[str, Any], path: Path) -> FileToolError:
    names = [BUILT_IN, *(n for n in servers if n != BUILT_IN)]
    found = "" if path.exists() else f" (no such file; create it or set {CONFIG_ENV})"
    return FileToolError(f"Unknown server '{clip(name)}'. Configured servers: {', '.join(names)}. '{BUILT_IN}' is this "
                         f"bridge; upstream servers are read from {path}{found}")


def _strings(value: Any, what: str, name: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FileToolError(f"Server '{name}' in the MCP config: \"{what}\" must be an object of strings")
    return {str(k): str(v) for k, v in value.items()}


def upstream_tls() -> ssl.SSLContext:
    """The default trust store (the system's, or SSL_CERT_FILE's) plus the CA of each certificates directory of this
    bridge (the default one and the one it serves with, `protected_places`): another bridge on this machine signs
    with that CA, which a person need not have installed system-wide. Host names and chains are still verified."""
    context = httpx2.create_ssl_context(verify=True, trust_env=True)
    for place, what in protected_places():
        ca = place / "ca.crt"
        if what != CERTS_PLACE or not ca.is_file():
            continue
        try:
            context.load_verify_locations(cafile=str(ca))
        except (OSError, ssl.SSLError) as exc:  # a broken CA file: the system store still applies
            log.warning("Not trusting %s for upstream servers: %s", ca, exc)
    return context


def _client(name: str, spec: dict[str, Any], base: Path, stack: contextlib.AsyncExitStack) -> Client:
    """An un-entered SDK client for one config entry (its HTTP client, if any, is entered on `stack`)."""
    kind = str(spec.get("type") or spec.get("transport") or ("stdio" if "command" in spec else "http")).lower()
    if kind == "stdio":
        command = spec.get("command")
        args = spec.get("args") or []
        if not isinstance(command, str) or not command or not isinstance(args, list):
            raise FileToolError(f"Server '{name}' in the MCP config: a stdio server needs \"command\" (a string) and "
                                "optionally \"args\" (an array)")
        cwd = spec.get("cwd")
        params = StdioServerParameters(command=command, args=[str(a) for a in args],
                                       env=_strings(spec.get("env"), "env", name) or None,
                                       cwd=(base / str(cwd)) if cwd else None)
        return Client(params)
    if kind in ("http", "streamable-http", "streamable_http", "streamablehttp"):
        url = spec.get("url")
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise FileToolError(f"Server '{name}' in the MCP config: an HTTP server needs \"url\" (http:// or https://)")
        http = httpx2.AsyncClient(headers=_strings(spec.get("headers"), "headers", name), verify=upstream_tls(),
                                  timeout=httpx2.Timeout(CONNECT_TIMEOUT_S, read=CALL_TIMEOUT_S))
        stack.push_async_callback(http.aclose)
        return Client(streamable_http_client(url, http_client=http))
    raise FileToolError(f"Server '{name}' in the MCP config: transport \"{kind}\" is not supported "
                        "(use \"command\" for stdio or \"url\" for Streamable HTTP)")


class Connection:
    """One upstream session, held open by a task of its own until `close()`."""

    def __init__(self, name: str, spec: dict[str, Any], base: Path) -> None:
        self.name, self.spec, self.base = name, spec, base
        self.client: Client | None = None
        self.error: BaseException | None = None
        self._ready = asyncio.Event()
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.schemas: tuple[float, dict[str, dict[str, Any]]] | None = None
        """When the tools were listed (`time.monotonic()`), and their input schemas by name."""

    @property
    def alive(self) -> bool:
        client = self.client
        return client is not None and self._task is not None and not self._task.done() and not _ended(client)

    async def open(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._hold(), name=f"mcp upstream {self.name}")
        try:
            await asyncio.wait_for(self._ready.wait(), CONNECT_TIMEOUT_S)
        except TimeoutError:
            await self.close()
            raise FileToolError(f"Upstream server '{self.name}' did not answer within {CONNECT_TIMEOUT_S:.0f} s") \
                from None
        if self.client is None:
            error = self.error
            if isinstance(error, FileToolError):
                raise error
            detail = _describe(error) if error is not None else "the connection closed"
            raise FileToolError(f"Cannot connect to upstream server '{self.name}': {detail}")

    async def _hold(self) -> None:
        try:
            async with contextlib.AsyncExitStack() as stack:
                client = _client(self.name, self.spec, self.base, stack)
                self.client = await stack.enter_async_context(client)
                self._ready.set()
                await self._closing.wait()
        except Exception as exc:  # spawn or handshake failed, or the connection broke later
            self.error = exc
            if self.client is not None:
                log.warning("upstream MCP server %s: connection lost: %s", self.name, _describe(exc))
        finally:
            self.client = None
            self._ready.set()

    async def close(self) -> None:
        self._closing.set()
        if self._task is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(self._task), CLOSE_TIMEOUT_S)
        except TimeoutError:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        except BaseException:  # the task's own failure was recorded in `error`
            pass


async def _list_schemas(connection: Connection) -> dict[str, dict[str, Any]] | None:
    """Every tool's input schema, page after page; None when the listing fails."""
    schemas: dict[str, dict[str, Any]] = {}
    cursor: str | None = None
    try:
        for _ in range(MAX_LIST_PAGES):
            client = connection.client
            if client is None:
                return None
            page = await client.list_tools(cursor=cursor)
            schemas.update((t.name, t.input_schema) for t in page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
    except Exception as exc:  # optional knowledge: the call reports a broken connection in its own words
        log.info("upstream MCP server %s: tools/list failed: %s", connection.name, _describe(exc))
        return None
    return schemas


def _ended(client: Client) -> bool:
    """Whether the SDK saw the transport end (a stdio server that exited, a closed stream).

    The SDK keeps a session open after its transport ended and has no public flag for it (and `ping` is gone
    from protocol 2026-07-28), so this reads the dispatcher's `_closed`. Were it renamed, a dead server would fail
    one call (CONNECTION_CLOSED drops it) instead of being replaced before the call.
    """
    dispatcher = getattr(client.session, "_dispatcher", None)
    return getattr(dispatcher, "_closed", False) is True


def _describe(exc: BaseException) -> str:
    """The innermost useful message: the SDK wraps transport failures in exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return str(exc) or type(exc).__name__


class UpstreamPool:
    """The open upstream connections of one MCP server, by name."""

    def __init__(self) -> None:
        self._connections: dict[str, Connection] = {}
        self._lock: asyncio.Lock | None = None
        self._lock_loop: asyncio.AbstractEventLoop | None = None

    async def _connection(self, name: str, spec: dict[str, Any], base: Path) -> Connection:
        if self._lock is None or self._lock_loop is not asyncio.get_running_loop():
            self._lock, self._lock_loop = asyncio.Lock(), asyncio.get_running_loop()
        async with self._lock:  # two first calls at once open one connection
            current = self._connections.get(name)
            if current is not None and current.alive and current.spec == spec:
                return current
            if current is not None:
                self._connections.pop(name, None)
                await current.close()
            connection = Connection(name, spec, base)
            await connection.open()
            self._connections[name] = connection
            return connection

    async def call(self, name: str, spec: dict[str, Any], base: Path, tool: str,
                   arguments: dict[str, Any]) -> CallToolResult:
        """Call `tool` on the named upstream; a JSON-RPC error from it is raised as MCPError."""
        connection = await self._connection(name, spec, base)
        client = connection.client
        if client is None:
            raise FileToolError(f"Upstream server '{name}' closed the connection")
        try:
            return await client.call_tool(tool, arguments, read_timeout_seconds=CALL_TIMEOUT_S)
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED or not connection.alive:
                await self._drop(name, connection)
            raise
        except Exception as exc:  # e.g. a result that fails its own output schema, or a broken connection
            if connection.alive:
                raise FileToolError(f"Upstream tool '{tool}' failed: {_describe(exc)}") from None
            await self._drop(name, connection)
            raise FileToolError(f"Upstream tool '{tool}' failed: the connection to '{name}' broke "
                                f"({_describe(exc)})") from None

    async def input_schema(self, name: str, spec: dict[str, Any], base: Path, tool: str) -> dict[str, Any] | None:
        """`tool`'s input schema as the upstream lists it (kept `SCHEMAS_TTL_S`, listed again for a tool not in
        it); None when it is not listed or the listing fails: the call then says what is wrong."""
        connection = await self._connection(name, spec, base)
        listed = connection.schemas
        if listed is None or tool not in listed[1] or time.monotonic() - listed[0] > SCHEMAS_TTL_S:
            schemas = await _list_schemas(connection)
            if schemas is None:
                return None
            connection.schemas = listed = (time.monotonic(), schemas)
        return listed[1].get(tool)

    async def _drop(self, name: str, connection: Connection) -> None:
        if self._connections.get(name) is connection:
            del self._connections[name]
        await connection.close()

    def open_names(self) -> list[str]:
        """Names of the connections currently open (for tests and diagnostics)."""
        return [name for name, c in self._connections.items() if c.alive]

    async def aclose(self) -> None:
        """Close the connections opened on this event loop (stdio servers terminated, HTTP sessions ended)."""
        loop = asyncio.get_running_loop()
        connections = [c for c in self._connections.values() if c.loop is loop]
        self._connections = {n: c for n, c in self._connections.items() if c.loop is not loop}
        await asyncio.gather(*(c.close() for c in connections), return_exceptions=True)
