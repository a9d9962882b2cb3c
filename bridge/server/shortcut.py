"""A shortcut to the MCP endpoint: every tool call's request, past the routing it does not need."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

INVALID_REQUEST = -32600


class EndpointShortcut:
    """Hands HTTP requests for `path` straight to `endpoint`; everything else goes on to `app` (the router).

    A tool call is the bridge's hot path. Through the router it would be matched against every route before
    the catch-all mount of the SDK's own Starlette app, which adds two more exception middlewares and a
    second router before the same endpoint: about 0.1 M instructions a call for nothing (a tenth of what
    the pane hop costs; tests/bench/bench_instructions.py). The access checks (GuardMiddleware) run first.

    A request whose body is over `max_body` is refused here, as the SDK would (413), but with a JSON-RPC error saying
    the limit and that nothing ran: the SDK's plain-text 413 reaches a client as "Server returned an error response",
    which a model cannot act on and a `word-bridge stdio` could only call "may or may not have been applied". A
    Content-Length tells at once; a body sent without one (chunked) is counted as it arrives, then handed on whole.
    """

    def __init__(self, app: ASGIApp, path: str, endpoint: ASGIApp, max_body: int | None = None) -> None:
        self.app = app
        self.path = path
        self.endpoint = endpoint
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == self.path:
            if self.max_body is not None and scope["method"] == "POST":
                size = _length(scope)
                if size is None:  # no length given: read it here, counting, as the SDK would have
                    replay = await _read_within(receive, self.max_body)
                    if replay is None:
                        await _too_large(send, None, self.max_body)
                        return
                    receive = replay
                elif size > self.max_body:
                    await _too_large(send, size, self.max_body)
                    return
            await self.endpoint(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _length(scope: Scope) -> int | None:
    """The request's Content-Length; None without one (0 for one that is not a number: the server refuses those)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return None


async def _read_within(receive: Receive, limit: int) -> Receive | None:
    """The whole body, as a `receive` that hands it on in one message; None once it grows past `limit`."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away: the endpoint hears it
            break
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body", False):
            break
    waiting: list[Message] = [{"type": "http.request", "body": bytes(body), "more_body": False}]
    if message["type"] != "http.request":
        waiting.append(message)

    async def replay() -> Message:
        return waiting.pop(0) if waiting else await receive()

    return replay


async def _too_large(send: Send, size: int | None, limit: int) -> None:
    """413 with a JSON-RPC error; `size` None: a body without a length, read until it passed the limit."""
    mib = limit // 1024 // 1024
    over = (f"this request is {size / 1024 / 1024:.1f} MiB, over" if size is not None
            else f"this request is more than {mib} MiB, over")
    message = (f"{over} the bridge's limit of {mib} MiB for one call, so nothing was run or applied. Send less per "
               "call: split a long text into several insertText calls, a big table into table.create and then "
               "table.insertRows/table.setCellText, a batch into smaller batches")
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": message}}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
