"""The Word tools' calls from a stdio client, passed straight through to the running bridge.

`word-bridge stdio` forwarding to a bridge on the port used to serve each call through a whole
SDK server and then a whole SDK client in one process: 6.5 M instructions per editTask, more than
the bridge itself spends on it. The Word tools need none of that. Their request goes to the bridge
as it came, as one self-contained 2026-07-28 HTTP exchange (no session to keep), and the bridge's
answer and any progress on the way go back to the client as they are, in the protocol version the
client speaks.

Whatever the bridge did not take (a refused token, nothing on the port, a bridge too old for
the per-request protocol) goes the SDK route instead (`RemoteEditService`), which says why in
an envelope; that is safe because such a call did not run. A call that went out and got no
answer is not sent again: it may have run.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import anyio
import httpx2
from mcp.shared.inbound import encode_header_value
from mcp_types import (
    CLIENT_CAPABILITIES_META_KEY,
    CLIENT_INFO_META_KEY,
    HEADER_MISMATCH,
    PROTOCOL_VERSION_META_KEY,
    SERVER_INFO_META_KEY,
    UNSUPPORTED_PROTOCOL_VERSION,
    JSONRPCMessage,
    JSONRPCNotification,
    JSONRPCRequest,
    jsonrpc_message_adapter,
)
from mcp_types import methods as protocol_methods
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION, MODERN_PROTOCOL_VERSIONS
from pydantic import ValidationError

from bridge.config import BridgeConfig
from bridge.word.envelope import Code, loads_clean
from bridge.word.remote import (
    DISCONNECTED,
    REFUSED,
    TOO_LARGE,
    UNREACHABLE,
    BridgeError,
    disconnected_message,
    mcp_url,
    op_name,
)
from bridge.word.service import compact_json
from bridge.word.sessions import new_task_id

log = logging.getLogger("word_bridge.pass_through")

WIRE_VERSION = MODERN_PROTOCOL_VERSIONS[-1]  # per-request envelopes: no session to open, keep or lose
READ_ONLY_TOOLS = frozenset({"listDocuments"})  # running one twice does no harm

Send = Callable[[JSONRPCMessage], Awaitable[None]]


class _Unanswered(Exception):
    """The call went out and no answer came back: it may have run."""


class PassThrough:
    """Decides which client messages go straight to the bridge, and carries them there and back."""

    def __init__(self, config: BridgeConfig, http: httpx2.AsyncClient, tools: frozenset[str]) -> None:
        self.config = config
        self.http = http
        self.tools = tools
        self.url = mcp_url(config)
        self.enabled = True  # until the bridge says it does not speak the per-request protocol
        self.client_version: str | None = None  # as negotiated by the client's initialize
        self.client_info: Any = None
        self._running: dict[str | int, anyio.CancelScope] = {}

    def observe(self, message: JSONRPCMessage) -> None:
        """Learn from every client message: its protocol version, and which calls it cancels."""
        if isinstance(message, JSONRPCRequest) and message.method == "initialize":
            params = message.params or {}
            requested = params.get("protocolVersion")
            # The SDK server's rule (runner._negotiate_initialize): a version it knows, else its latest.
            self.client_version = requested if requested in HANDSHAKE_PROTOCOL_VERSIONS else LATEST_HANDSHAKE_VERSION
            self.client_info = params.get("clientInfo")
        elif isinstance(message, JSONRPCNotification) and message.method == "notifications/cancelled":
            scope = self._running.get((message.params or {}).get("requestId"))  # type: ignore[arg-type]
            if scope is not None:
                scope.cancel()

    def takes(self, message: JSONRPCMessage) -> bool:
        """A call of one of our tools from a client whose protocol version is known."""
        if not (self.enabled and isinstance(message, JSONRPCRequest) and message.method == "tools/call"):
            return False
        params = message.params or {}
        return params.get("name") in self.tools and self._version_of(params) is not None

    def _version_of(self, params: Mapping[str, Any]) -> str | None:
        meta = params.get("_meta")
        version = meta.get(PROTOCOL_VERSION_META_KEY) if isinstance(meta, Mapping) else None
        return version if isinstance(version, str) else self.client_version

    async def forward(self, request: JSONRPCRequest, send: Send) -> bool:
        """Answer `request` through the bridge; False when the bridge did not run it (the SDK route should)."""
        params = dict(request.params or {})
        arguments = params.get("arguments")
        if params.get("name") not in READ_ONLY_TOOLS and isinstance(arguments, dict) and arguments.get("taskId") is None:
            # An edit without a taskId gets one here, so an answer lost on the way can name the key to retry with.
            params["arguments"] = {**arguments, "taskId": new_task_id()}
        version = self._version_of(params) or LATEST_HANDSHAKE_VERSION
        taken = True  # a cancelled call is answered: closing our request told the bridge, the client waits for nothing
        with anyio.CancelScope() as scope:
            self._running[request.id] = scope
            try:
                taken = await self._exchange(request, params, version, send)
            except _Unanswered as unanswered:
                if params.get("name") in READ_ONLY_TOOLS:
                    return False  # asking again does no harm
                await send(self._unanswered_result(request, params, version, unanswered))
            finally:
                self._running.pop(request.id, None)
        return taken

    async def _exchange(self, request: JSONRPCRequest, params: dict[str, Any], version: str, send: Send) -> bool:
        meta = dict(params.get("_meta") or {})
        meta[PROTOCOL_VERSION_META_KEY] = WIRE_VERSION
        meta.setdefault(CLIENT_CAPABILITIES_META_KEY, {})  # the Word tools never ask the client anything
        if self.client_info is not None:
            meta.setdefault(CLIENT_INFO_META_KEY, self.client_info)
        body = {"jsonrpc": "2.0", "id": request.id, "method": "tools/call", "params": {**params, "_meta": meta}}
        headers = {"content-type": "application/json", "accept": "application/json, text/event-stream",
                   "mcp-protocol-version": WIRE_VERSION, "mcp-method": "tools/call",
                   "mcp-name": encode_header_value(params["name"])}
        try:
            async with self.http.stream("POST", self.url, content=json.dumps(body, ensure_ascii=False),
                                        headers=headers) as response:
                if response.headers.get("content-type", "").startswith("text/event-stream"):
                    return await self._relay_events(response, request, params, version, send)
                return await self._answer(response, _parsed(await response.aread()), request, params, version, send)
        except httpx2.TransportError as exc:  # the answer broke off (a refused connection is a body already)
            raise _Unanswered(str(exc) or type(exc).__name__) from exc

    async def _relay_events(self, response: httpx2.Response, request: JSONRPCRequest, params: Mapping[str, Any],
                            version: str, send: Send) -> bool:
        """Progress goes on to the client as it comes; the stream ends with the call's answer."""
        async for event in httpx2.EventSource(response):
            if not event.data:
                continue  # a keep-alive
            message = _parsed(event.data)
            if not isinstance(message, dict):
                raise _Unanswered("the event stream carried something other than JSON-RPC")
            if "id" in message and ("result" in message or "error" in message):
                return await self._answer(response, message, request, params, version, send)
            if "method" in message and "id" not in message:
                await send(jsonrpc_message_adapter.validate_python(message, by_name=False))
        raise _Unanswered("the event stream ended before the answer")

    async def _answer(self, response: httpx2.Response, message: Any, request: JSONRPCRequest,
                      params: Mapping[str, Any], version: str, send: Send) -> bool:
        """Send the bridge's answer (parsed, or None) on to the client; False when the bridge did not run the call.

        `params` are the ones sent (with the taskId `forward` gave an edit), which an envelope built here names."""
        if not isinstance(message, dict) or ("result" not in message and "error" not in message):
            # Not JSON-RPC: a refusal before our route (the bridge's guard) did not run it; a server error may have.
            if response.status_code < 500:
                return False
            raise _Unanswered(f"HTTP {response.status_code}")
        if "error" in message:
            code = message["error"].get("code") if isinstance(message["error"], dict) else None
            if code in (REFUSED, UNREACHABLE):  # the SDK route says so in an envelope, and on stderr once
                return False
            if code == TOO_LARGE:  # refused before the bridge read it: nothing ran, and sending it again would not help
                await send(self._envelope_result(request, params, version, BridgeError(
                    Code.INVALID_ARG.value, str(message["error"].get("message")))))
                return True
            if code == DISCONNECTED:  # the transport lost the connection after sending
                raise _Unanswered(message["error"].get("message", "disconnected"))
            # A server that never dispatched our call answers for some other id (a session-only server says
            # "Missing session ID"), or says the per-request protocol is not its own.
            if code in (HEADER_MISMATCH, UNSUPPORTED_PROTOCOL_VERSION) or message.get("id") != request.id:
                log.info("the bridge on port %s does not take per-request calls: forwarding through a session",
                         self.config.port)
                self.enabled = False
                return False
            await send(jsonrpc_message_adapter.validate_python(message, by_name=False))
            return True
        result = for_version(version, message["result"])
        await send(jsonrpc_message_adapter.validate_python(
            {"jsonrpc": "2.0", "id": request.id, "result": result}, by_name=False))
        return True

    def _unanswered_result(self, request: JSONRPCRequest, params: Mapping[str, Any], version: str,
                           unanswered: _Unanswered) -> JSONRPCMessage:
        """The envelope RemoteEditService gives a call that went out unanswered."""
        arguments = params.get("arguments") or {}
        task_id = arguments.get("taskId")
        task_id = task_id if isinstance(task_id, str) else ""
        reason = unanswered.args[0] if unanswered.args else "no answer"
        return self._envelope_result(request, params, version,
                                     BridgeError(Code.RUNTIME.value, disconnected_message(self.config, reason, task_id)))

    def _envelope_result(self, request: JSONRPCRequest, params: Mapping[str, Any], version: str,
                         error: BridgeError) -> JSONRPCMessage:
        """`error` as the editTask envelope RemoteEditService would answer with."""
        arguments = params.get("arguments") or {}
        task_id = arguments.get("taskId")
        task_id = task_id if isinstance(task_id, str) else ""
        envelope = error.envelope(op_name(arguments.get("meta")), task_id)
        result = {"content": [{"type": "text", "text": compact_json(envelope)}],
                  "structuredContent": envelope, "isError": True, "resultType": "complete"}
        return jsonrpc_message_adapter.validate_python(
            {"jsonrpc": "2.0", "id": request.id, "result": for_version(version, result)}, by_name=False)


def _parsed(raw: str | bytes) -> Any:
    """JSON, or None where it is not; a lone surrogate (which the client's stdout could not encode) as U+FFFD."""
    try:
        return loads_clean(raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw)
    except (ValueError, RecursionError):
        return None


def for_version(version: str, result: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 tools/call result as a client of `version` expects it (the SDK's own per-version sieve)."""
    if version in MODERN_PROTOCOL_VERSIONS:
        return result
    try:
        shaped = protocol_methods.serialize_server_result("tools/call", version, result)
    except (KeyError, ValidationError):
        shaped = {key: value for key, value in result.items() if key != "resultType"}
    meta = shaped.get("_meta")
    if isinstance(meta, dict) and SERVER_INFO_META_KEY in meta:
        meta = {key: value for key, value in meta.items() if key != SERVER_INFO_META_KEY}
        shaped = {**shaped, "_meta": meta} if meta else {k: v for k, v in shaped.items() if k != "_meta"}
    return shaped
