"""Talking to a bridge that is already running: detection, MCP over HTTP, forwarding.

`word-bridge call` and `word-bridge stdio` (when another bridge serves the
port) use this, so several MCP clients share the documents open in one bridge.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from bridge.config import BridgeConfig
from bridge.setup.certs import MissingCertificates
from bridge.setup.probe import Probe, client_ssl, probe_bridge, unreachable_message
from bridge.word.envelope import Code
from bridge.word.sessions import ProgressCallback, new_task_id

log = logging.getLogger("word_bridge.remote")

# JSON-RPC error codes our transport answers with, so a refusal reaches the caller as an MCPError.
REFUSED = -32050
UNREACHABLE = -32051  # the connection could not be made: the request was not sent
DISCONNECTED = -32052  # the connection broke after the request went out: it may have run
TOO_LARGE = -32053  # the bridge refused the request's size before reading it: nothing ran
SESSION_TERMINATED = "Session terminated"


class BridgeError(Exception):
    """The bridge on the port refused us, could not be reached or dropped the call; `msg` is one line for a person."""

    def __init__(self, code: str, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg

    def envelope(self, op: str = "unknown", task_id: str = "") -> dict[str, Any]:
        """The error envelope of a call with `task_id`; when it may have run, the message says to retry with it."""
        return {"ok": False, "op": op, "data": {}, "code": self.code,
                "diagnostics": [{"level": "error", "msg": retry_hint(self.msg, task_id)}], "taskId": task_id,
                "document": None}


def token_message(config: BridgeConfig) -> str:
    """Which token the bridge expects and where a client sets it."""
    start = "requires a token" if not config.token else "refused the token given"
    return (f"the bridge on port {config.port} {start}: pass --token or set WORD_BRIDGE_TOKEN (for `word-bridge "
            "stdio`, in the MCP client's env) to the value the bridge was started with (word-bridge serve --token …)")


_MAY_HAVE_RUN = "an edit may or may not have been applied"
_RETRY = "Retry with the same taskId"


def disconnected_message(config: BridgeConfig, detail: object, task_id: str = "") -> str:
    """A call that went out and got no answer: it may have run, and a retry with its taskId tells.

    `detail` may already be such a message (the stdio forwarder gets it from the HTTP layer below it): it is not
    wrapped again.
    """
    if isinstance(detail, BaseException):
        detail = str(detail) or type(detail).__name__
    text = str(detail)
    if _MAY_HAVE_RUN not in text:
        text = f"the bridge on port {config.port} closed the connection without answering ({text}); {_MAY_HAVE_RUN}"
    return retry_hint(text, task_id)


def retry_hint(text: str, task_id: str) -> str:
    """`text`, which may say an edit may have run, with how to find out: retry with its taskId (once)."""
    if task_id and _MAY_HAVE_RUN in text and _RETRY not in text:
        text += f". {_RETRY} ({task_id}) to get its result without running it twice."
    return text


def _headers(config: BridgeConfig) -> dict[str, str]:
    return {"Authorization": f"Bearer {config.token}"} if config.token else {}


class _BridgeTransport(httpx2.AsyncBaseTransport):
    """Turns a 401 or a refused connection into a JSON-RPC error body.

    The SDK reports any other non-2xx as "Server returned an error response" and lets a
    failed connection crash its task group (an ExceptionGroup); a JSON-RPC error body
    reaches the caller as an MCPError carrying our one-line message instead.
    """

    def __init__(self, config: BridgeConfig) -> None:
        self.config = config
        self.inner: httpx2.AsyncHTTPTransport | None = None  # made at the first request: it needs the CA

    async def _probe(self) -> Probe:
        return await anyio.to_thread.run_sync(probe_bridge, self.config)

    async def _unreachable(self) -> str:
        """Why the connection could not be made: a CA or protocol the bridge does not use, or no bridge."""
        probe = await self._probe()
        return probe.message if probe.mismatch or probe.kind == "other" else unreachable_message(self.config)

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        if self.inner is None:
            try:
                self.inner = httpx2.AsyncHTTPTransport(verify=client_ssl(self.config))
            except (MissingCertificates, ssl.SSLError):
                return _rpc_error(503, UNREACHABLE, await self._unreachable())
        try:
            response = await self.inner.handle_async_request(request)
        except httpx2.ConnectError:
            return _rpc_error(503, UNREACHABLE, await self._unreachable())
        except httpx2.TransportError as exc:
            if not self.config.tls and isinstance(exc, httpx2.NetworkError | httpx2.RemoteProtocolError):
                # Plain HTTP to an HTTPS server: the bridge read a broken TLS handshake, not our request.
                probe = await self._probe()
                if probe.kind == "https":
                    return _rpc_error(503, UNREACHABLE, f"{probe.message} (the request never reached the bridge's "
                                      "tools: no edit was applied)")
            return _rpc_error(502, DISCONNECTED, disconnected_message(self.config, exc))
        if response.status_code == 401:
            await response.aclose()
            return _rpc_error(401, REFUSED, token_message(self.config))
        if response.status_code == 413:
            return _rpc_error(413, TOO_LARGE, await _size_refusal(response))
        return response

    async def aclose(self) -> None:
        if self.inner is not None:
            await self.inner.aclose()


async def _size_refusal(response: httpx2.Response) -> str:
    """What the bridge's 413 says (its limit, and that nothing ran); the SDK's own plain-text 413 says neither."""
    try:
        error = json.loads(await response.aread()).get("error") or {}
        message = error.get("message")
    except (ValueError, AttributeError):
        message = None
    return message if isinstance(message, str) else "this request is over the bridge's size limit for one call, so " \
        "nothing was run or applied: send less per call"


def _rpc_error(status: int, code: int, message: str) -> httpx2.Response:
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    return httpx2.Response(status, json=body)


def bridge_error(exc: BaseException) -> BridgeError | None:
    """Our refusal inside `exc` (an MCPError, possibly wrapped in exception groups), if any."""
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = bridge_error(inner)
            if found is not None:
                return found
        return None
    codes = {REFUSED: Code.PERMISSION, UNREACHABLE: Code.NOT_FOUND, DISCONNECTED: Code.RUNTIME, TOO_LARGE: Code.INVALID_ARG}
    if isinstance(exc, MCPError) and exc.error.code in codes:
        return BridgeError(codes[exc.error.code].value, exc.error.message)
    return None


def unexpected_failure(config: BridgeConfig, exc: BaseException, task_id: str = "") -> BridgeError:
    """Any other failure of a call to the bridge, as one line (the innermost error, not a group)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    detail = str(exc) or type(exc).__name__
    if _MAY_HAVE_RUN not in detail:  # else it already says what happened (the connection closed mid-call)
        detail = f"the bridge on port {config.port} did not answer as expected ({detail}); {_MAY_HAVE_RUN}"
    return BridgeError(Code.RUNTIME.value, disconnected_message(config, detail, task_id))


TransportWrapper = Callable[[httpx2.AsyncBaseTransport], httpx2.AsyncBaseTransport]


def bridge_http_client(config: BridgeConfig, wrap: TransportWrapper | None = None) -> httpx2.AsyncClient:
    """HTTP to the bridge on the port, with its token; refusals come back as JSON-RPC error bodies. `wrap` puts
    a transport of the caller's around that one (a forwarding stdio's: it serves the port once nothing does)."""
    transport: httpx2.AsyncBaseTransport = _BridgeTransport(config)
    return httpx2.AsyncClient(transport=wrap(transport) if wrap else transport, headers=_headers(config),
                              timeout=httpx2.Timeout(30.0, read=300.0))


def mcp_url(config: BridgeConfig) -> str:
    return f"{config.scheme}://{config.reach_host}:{config.port}/mcp"


@contextlib.asynccontextmanager
async def mcp_client(config: BridgeConfig, http: httpx2.AsyncClient | None = None) -> AsyncIterator[Client]:
    """An MCP client connected to the running bridge's /mcp; a refusal raises BridgeError.

    `http` lets several clients (and the stdio pass-through) share one connection; it stays open after.
    """
    async with contextlib.AsyncExitStack() as stack:
        if http is None:
            http = await stack.enter_async_context(bridge_http_client(config))
        try:
            async with Client(streamable_http_client(mcp_url(config), http_client=http)) as client:
                yield client
        except BaseException as exc:
            refusal = bridge_error(exc)
            if refusal is None:
                raise
            raise refusal from None


class _Link:
    """One MCP connection to the bridge, opened and closed by a task of its own.

    anyio requires the client's task group to be entered and left in one task, while
    the calls come from the stdio server's request tasks; those use `client` freely.
    """

    def __init__(self, config: BridgeConfig, http: httpx2.AsyncClient) -> None:
        self.config = config
        self.http = http
        self.client: Client | None = None
        self._close = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def alive(self) -> bool:
        return self.client is not None and self._task is not None and not self._task.done()

    async def open(self) -> _Link:
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._hold(ready))
        await ready
        return self

    async def _hold(self, ready: asyncio.Future[None]) -> None:
        try:
            async with mcp_client(self.config, self.http) as client:
                self.client = client
                ready.set_result(None)
                await self._close.wait()
        except BaseException as exc:
            if not ready.done():  # the opener reports it
                ready.set_exception(exc if isinstance(exc, Exception) else ConnectionError(repr(exc)))
            if not isinstance(exc, Exception):
                raise
            log.debug("the connection to the bridge ended: %r", exc)  # the next call opens another
        finally:
            self.client = None

    async def aclose(self) -> None:
        self._close.set()
        if self._task is not None:
            await asyncio.wait([self._task], timeout=5)


class RemoteEditService:
    """Stands in for EditService inside `word-bridge stdio`, forwarding to the bridge on the port.

    One MCP connection serves every call for the life of the process (a new one per
    call cost ~10x the call); it is opened again once when it fails before a call
    reached the bridge (the bridge restarted, or forgot our session). `http` is the
    HTTP connection under it, which the stdio pass-through shares.
    """

    def __init__(self, config: BridgeConfig, wrap_transport: TransportWrapper | None = None) -> None:
        self.config = config
        self.http = bridge_http_client(config, wrap_transport)
        self._link: _Link | None = None
        self._opening = asyncio.Lock()
        self._warned = False

    async def start(self) -> None:
        """Connect now, so the first call is quick and a refusal is logged as the process starts."""
        try:
            await self._client()
        except BridgeError as err:
            self._warn(err)
        except Exception as exc:  # each call reports its own failure
            log.debug("could not connect yet: %r", exc)

    def _warn(self, err: BridgeError) -> None:
        """Say once on stderr why calls fail (each tool result says it too)."""
        if not self._warned:
            log.warning("%s", err.msg)
            self._warned = True

    async def aclose(self) -> None:
        if self._link is not None:
            await self._link.aclose()
            self._link = None
        await self.http.aclose()

    async def _client(self, fresh: bool = False) -> Client:
        async with self._opening:
            if self._link is not None and (fresh or not self._link.alive):
                await self._link.aclose()
                self._link = None
            if self._link is None:
                self._link = await _Link(self.config, self.http).open()
            assert self._link.client is not None
            return self._link.client

    async def _call(self, name: str, arguments: dict[str, Any], progress: ProgressCallback | None = None,
                    *, idempotent: bool = False) -> Any:
        """Call a tool on the bridge; raises BridgeError when it refuses us or cannot be reached.

        A call is sent again once on a fresh connection when it certainly did not run (no connection,
        a session the bridge forgot), or when running it twice does no harm (`idempotent`).
        """
        try:
            for attempt in range(2):
                client = await self._client(fresh=attempt > 0)
                try:
                    return await client.call_tool(name, arguments, progress_callback=progress)  # type: ignore[arg-type]
                except MCPError as exc:
                    not_sent = exc.error.code == UNREACHABLE or exc.error.message == SESSION_TERMINATED
                    if attempt == 0 and (not_sent or (idempotent and exc.error.code != REFUSED)):
                        continue
                    refusal = bridge_error(exc)
                    if refusal is not None:
                        raise refusal from None
                    raise
            raise AssertionError("unreachable")
        except BridgeError as err:
            self._warn(err)
            raise

    async def edit_task(self, *, progress: ProgressCallback | None = None, **kwargs: Any) -> dict[str, Any]:
        # A call without a taskId gets one here, so an answer lost on the way can name the key to retry with.
        given = kwargs.get("task_id")
        arguments = {k: v for k, v in {
            "content": kwargs.get("content"), "meta": kwargs.get("meta"), "action": kwargs.get("action"),
            "target": kwargs.get("target"), "taskId": new_task_id() if given is None else given,
            "document": kwargs.get("document"),
        }.items() if v is not None}
        task_id = arguments["taskId"] if isinstance(arguments["taskId"], str) else ""
        try:
            result = await self._call("editTask", arguments, progress)
        except BridgeError as err:
            return err.envelope(op_name(kwargs.get("meta")), task_id)
        except Exception as exc:  # the bridge went away mid-call
            return unexpected_failure(self.config, exc, task_id).envelope(op_name(kwargs.get("meta")), task_id)
        return dict(result.structured_content or {})

    async def list_documents(self) -> dict[str, Any]:
        """The bridge's documents; a refusal comes back as an error envelope with an empty list."""
        try:
            result = await self._call("listDocuments", {}, idempotent=True)
        except BridgeError as err:
            return {**err.envelope("listDocuments"), "documents": []}
        except Exception as exc:  # the bridge went away mid-call
            return {**unexpected_failure(self.config, exc).envelope("listDocuments"), "documents": []}
        return dict(result.structured_content or {"documents": []})


def op_name(meta: Any) -> str:
    """The op a forwarded call asked for, for the envelope of a call that never reached the bridge."""
    if isinstance(meta, str):
        try:
            meta = json.loads(meta)
        except ValueError:
            return "unknown"
    op = meta.get("op") if isinstance(meta, dict) else None
    return op if isinstance(op, str) else "unknown"
