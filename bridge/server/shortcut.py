"""A shortcut to the MCP endpoint: every tool call's request, past the routing it does not need."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

INVALID_REQUEST = -32600


class EndpointShortcut:
    """Hands HTTP requests for `path` straight to `endpoint`; everything else goes on to `app` (the router).

    A tool call is the bridge's hot path. Through the router it would be matched against every route before
    the catch-all mount of the SDK's own Starlette app, which adds two more exception middlewares and a
    second router before the same endpoint: about 0.1 M instructions a call for nothing (a tenth of what
    the pane hop costs; tests/bench/bench_instructions.py). The access checks (GuardMiddleware) run first.

    A request whose Content-Length is over `max_body` is refused here, as the SDK would (413), but with a JSON-RPC
    error saying the limit and that nothing ran: the SDK's plain-text 413 reaches a client as "Server returned an
    error response", which a model cannot act on and a `word-bridge stdio` could only call "may or may not have been
    applied". (A body sent without a length still meets the SDK's own check.)
    """

    def __init__(self, app: ASGIApp, path: str, endpoint: ASGIApp, max_body: int | None = None) -> None:
        self.app = app
        self.path = path
        self.endpoint = endpoint
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == self.path:
            if self.max_body is not None and scope["method"] == "POST" and (size := _length(scope)) > self.max_body:
                await _too_large(send, size, self.max_body)
                return
            await self.endpoint(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _length(scope: Scope) -> int:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


async def _too_large(send: Send, size: int, limit: int) -> None:
    message = (f"this request is {size / 1024 / 1024:.1f} MiB, over the bridge's limit of {limit // 1024 // 1024} MiB "
               "for one call, so nothing was run or applied. Send less per call: split a long text into several "
               "insertText calls, a big table into table.create and then table.insertRows/table.setCellText, a batch "
               "into smaller batches")
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": message}}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
