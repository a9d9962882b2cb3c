"""The `/ws` endpoint: one task pane's connection, speaking protocol 1 (DESIGN §4)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from bridge import __version__
from bridge.word.envelope import Code, loads_clean
from bridge.word.hub import Hub
from bridge.word.sessions import HelloError, PaneSession

log = logging.getLogger("word_bridge.pane")

HELLO_TIMEOUT_S = 10.0
MAX_FRAME_BYTES = 64 * 1024 * 1024
_FRAME = json.JSONEncoder(separators=(",", ":"))  # built once: json.dumps with options builds one per call
UNSUPPORTED_DATA = 1003  # RFC 6455: a binary frame where only text (JSON) is understood
INVALID_PAYLOAD = 1007  # RFC 6455: a text frame whose content is not what the protocol carries (JSON)


class NotJson(Exception):
    """A frame that is not JSON: skipping it in silence left a broken pane waiting for an answer that never came."""

    def __init__(self, binary: bool) -> None:
        self.binary = binary
        self.kind = "a binary frame that is not JSON" if binary else "text that is not JSON"
        super().__init__(self.kind)


class PanePolicy(Protocol):
    """What `/ws` asks of the server's access rules (kept structural so the Word path never imports the server)."""

    def refusal(self, headers: dict[str, str], *, check_token: bool) -> tuple[int, str] | None: ...

    def token_ok(self, presented: str | None) -> bool: ...


class WebSocketChannel:
    """A PaneChannel over a Starlette WebSocket; sends are serialised."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self._send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.websocket.send_text(_FRAME.encode(message))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self.websocket.application_state != WebSocketState.DISCONNECTED:
            try:
                await self.websocket.close(code, reason)
            except RuntimeError:
                pass


class PaneEndpoint:
    """ASGI endpoint for `/ws`, bound to a hub and an access policy."""

    def __init__(self, hub: Hub, policy: PanePolicy, heartbeat_s: float = 15.0) -> None:
        self.hub = hub
        self.policy = policy
        self.heartbeat_s = heartbeat_s

    async def handle(self, websocket: WebSocket) -> None:
        headers = {k.lower(): v for k, v in websocket.headers.items()}
        refused = self.policy.refusal(headers, check_token=False)
        if refused is not None:
            log.warning("refused a pane connection: %s", refused[1])
            await websocket.close(code=1008, reason=refused[1][:120])
            return
        await websocket.accept()
        channel = WebSocketChannel(websocket)
        try:
            hello = await asyncio.wait_for(_receive_json(websocket), HELLO_TIMEOUT_S)
        except NotJson as exc:  # at once, not after the hello timeout: the pane hears why
            await channel.send({"type": "error", "code": Code.INVALID_ARG,
                                "msg": f'the first frame must be a hello: a JSON object with type "hello", got {exc.kind}'})
            await channel.close(UNSUPPORTED_DATA if exc.binary else INVALID_PAYLOAD, f"expected a JSON hello, got {exc.kind}")
            return
        except (TimeoutError, WebSocketDisconnect, ValueError):
            await channel.close(1002, "expected a hello frame")
            return
        token = hello.get("token") if isinstance(hello, dict) else None
        bearer = headers.get("authorization", "")
        if not (self.policy.token_ok(token if isinstance(token, str) else None)
                or (bearer.lower().startswith("bearer ") and self.policy.token_ok(bearer[7:].strip()))):
            await channel.send({"type": "error", "code": Code.PERMISSION,
                                "msg": "this bridge requires a token: open the task pane with ?token=<token>"})
            await channel.close(1008, "token required")
            return
        try:
            session = self.hub.attach(hello, channel)
        except HelloError as err:
            await channel.send({"type": "error", "code": err.code, "msg": err.msg})
            await channel.close(1002, err.msg[:120])
            return
        await channel.send({"type": "welcome", "session": session.id, "server": {"version": __version__}})
        log.info("pane connected: %s (%s, %s)", session.id, session.title, session.platform)
        await self._serve(websocket, channel, session)

    async def _serve(self, websocket: WebSocket, channel: WebSocketChannel, session: PaneSession) -> None:
        last_seen = time.monotonic()

        async def heartbeat() -> None:
            while True:
                await asyncio.sleep(self.heartbeat_s)
                if time.monotonic() - last_seen > 3 * self.heartbeat_s:
                    log.warning("pane %s stopped answering; closing", session.id)
                    await channel.close(1011, "heartbeat timeout")
                    return
                await channel.send({"type": "ping"})

        beat = asyncio.create_task(heartbeat())
        try:
            while True:
                try:
                    message = await _receive_json(websocket)
                except NotJson as exc:  # the pane shows the error frame; its connection (and its ops) go on
                    last_seen = time.monotonic()
                    await channel.send({"type": "error", "code": Code.INVALID_ARG,
                                        "msg": f"the bridge skipped {exc.kind}: protocol 1 frames are JSON objects "
                                               "(ai-result, progress, state, ping)"})
                    continue
                last_seen = time.monotonic()
                if not isinstance(message, dict):
                    continue
                kind = message.get("type")
                if kind == "ai-result":
                    self.hub.on_result(session, message)
                elif kind == "progress":
                    await self.hub.on_progress(session, message)
                elif kind == "state":
                    self.hub.on_state(session, message)
                elif kind == "ping":
                    await channel.send({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError, ValueError):
            pass
        finally:
            beat.cancel()
            self.hub.detach(session, channel)
            log.info("pane disconnected: %s", session.id)


async def _receive_json(websocket: WebSocket) -> Any:
    """Next JSON frame; raises NotJson for a frame that is not JSON, WebSocketDisconnect at a close.

    A lone UTF-16 surrogate in the frame (a JSON escape such as "\\ud83d", which a pane that cuts a string between
    the two halves of an emoji sends) comes out as U+FFFD, so no answer built from it fails to encode."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        binary = text is None
        if binary and message.get("bytes") is not None:
            text = message["bytes"].decode("utf-8", "replace")  # JSON in a binary frame is read all the same
        if text is None or len(text) > MAX_FRAME_BYTES:
            continue
        try:
            value = loads_clean(text)
        except json.JSONDecodeError:
            log.warning("a pane sent %s", "a binary frame that is not JSON" if binary else "text that is not JSON")
            raise NotJson(binary) from None
        if isinstance(value, dict) and value.get("type") == "ai-result":
            value["_chars"] = len(text)  # what keeping its result costs (TaskLedger.keep)
        return value
