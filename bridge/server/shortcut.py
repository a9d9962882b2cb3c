"""A shortcut to the MCP endpoint: every tool call's request, past the routing it does not need."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


class EndpointShortcut:
    """Hands HTTP requests for `path` straight to `endpoint`; everything else goes on to `app` (the router).

    A tool call is the bridge's hot path. Through the router it would be matched against every route before
    the catch-all mount of the SDK's own Starlette app, which adds two more exception middlewares and a
    second router before the same endpoint: about 0.1 M instructions a call for nothing (a tenth of what
    the pane hop costs; tests/bench/bench_instructions.py). The access checks (GuardMiddleware) run first.
    """

    def __init__(self, app: ASGIApp, path: str, endpoint: ASGIApp) -> None:
        self.app = app
        self.path = path
        self.endpoint = endpoint

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == self.path:
            await self.endpoint(scope, receive, send)
        else:
            await self.app(scope, receive, send)
