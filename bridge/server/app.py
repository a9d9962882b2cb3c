"""The Starlette application: routes of DESIGN §4 on one origin."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from bridge import __version__
from bridge.config import BridgeConfig
from bridge.paths import addin_dir, data_dir
from bridge.server.mcp_tools import build_mcp_server
from bridge.server.rpc import refusal as rpc_refusal
from bridge.server.rpc import rpc_endpoint
from bridge.server.security import AccessPolicy, GuardMiddleware
from bridge.server.shortcut import EndpointShortcut
from bridge.setup.hints import playground_url
from bridge.setup.icons import icon_png
from bridge.setup.manifest import render_manifest
from bridge.tools import file_tool
from bridge.word.hub import Hub
from bridge.word.pane_socket import PaneEndpoint
from bridge.word.service import EditService

NO_CACHE = {"Cache-Control": "no-cache"}
MAX_MCP_BODY_BYTES = 32 * 1024 * 1024
# What the pane and the playground load: pages, modules, styles and images. Not the development files beside them
# (package.json, package-lock.json, jsconfig.json, READMEs, the simulator's .mjs tools).
SERVED_SUFFIXES = (".js", ".css", ".html", ".png", ".svg", ".ico")
MCP_PATH = "/mcp"


@dataclass
class Bridge:
    """Everything one running bridge holds; tests reach in through it."""

    config: BridgeConfig
    hub: Hub
    service: EditService
    mcp: MCPServer
    policy: AccessPolicy
    app: Starlette


class AddinFiles(StaticFiles):
    """The pane's files under /addin/ (SERVED_SUFFIXES), without development tooling: node_modules, hidden files."""

    def lookup_path(self, path: str) -> tuple[str, object]:  # type: ignore[override]
        parts = Path(path).parts
        if "node_modules" in parts or any(part.startswith(".") for part in parts) or not path.endswith(SERVED_SUFFIXES):
            return "", None
        return super().lookup_path(path)


def mcp_endpoint(mcp_app: Starlette) -> ASGIApp:
    """The SDK's Streamable HTTP endpoint inside the Starlette app it builds (a Route at MCP_PATH)."""
    for route in mcp_app.routes:
        if isinstance(route, Route) and route.path == MCP_PATH:
            return route.app
    raise RuntimeError(f"the MCP SDK's app has no route at {MCP_PATH}")


def create_bridge(config: BridgeConfig) -> Bridge:
    """Wire hub, service, MCP and routes for one configuration."""
    hub = Hub(op_timeout=config.op_timeout, playground_url=playground_url(config))
    service = EditService(hub)
    mcp = build_mcp_server(service)
    policy = AccessPolicy(port=config.port, tls=config.tls, host=config.host, token=config.token,
                          extra_origins=config.extra_origins)
    mcp_app = mcp.streamable_http_app(
        # Room for a base64 picture as large as a downloaded one may be (PictureLimits.max_bytes).
        max_request_body_size=MAX_MCP_BODY_BYTES,
        transport_security=TransportSecuritySettings(allowed_hosts=policy.allowed_hosts,
                                                     allowed_origins=policy.allowed_origins),
        host=config.host,
    )
    files = addin_dir()

    def presents_token(request: Request) -> bool:
        """Whether a request carries the bridge's token (`Authorization: Bearer` or `?token=`); True without one."""
        if config.token is None:
            return True
        auth = request.headers.get("authorization", "")
        return policy.token_ok(auth[7:].strip() if auth.lower().startswith("bearer ") else request.query_params.get("token"))

    async def healthz(request: Request) -> Response:
        if presents_token(request):
            return JSONResponse({"status": "ok", "version": __version__, "documents": hub.documents()})
        # Any local process may ask: which documents are open (titles, URLs) is for token holders.
        return JSONResponse({"status": "ok", "version": __version__, "documents": [],
                             "documentsHidden": "this bridge has a token: send 'Authorization: Bearer <token>' "
                                                "to list the connected documents"})

    def page(name: str):  # noqa: ANN202 - a tiny route factory
        async def serve(request: Request) -> Response:
            return FileResponse(files / name, headers=NO_CACHE)
        return serve

    async def manifest(request: Request) -> Response:
        # The manifest carries the token in the pane's URL, so only a request that presents the token gets it:
        # any local process may fetch /manifest.xml. `word-bridge manifest --token T` writes the full one.
        token = config.token if presents_token(request) else None
        try:
            xml = render_manifest(config.public_url, token=token)
        except ValueError as exc:  # e.g. --no-tls: Office loads add-ins only over https
            return JSONResponse({"error": {"code": "E_UNSUPPORTED", "msg": str(exc)}}, status_code=409)
        return Response(xml, media_type="application/xml", headers=NO_CACHE)

    async def icon(request: Request) -> Response:
        try:
            return Response(icon_png(int(request.path_params["size"])), media_type="image/png")
        except ValueError:
            return JSONResponse({"error": "no icon of that size"}, status_code=404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with mcp.session_manager.run():
            hub.keep_bindings_in(data_dir(), config.public_url)  # in the serving thread, which writes to it
            try:
                yield
            finally:
                hub.close()
                await service.aclose()
                await file_tool.aclose()  # upstream MCP connections of call_tool_with_file_content

    routes = [
        Route("/healthz", healthz),
        Route("/taskpane.html", page("taskpane.html")),
        Route("/playground.html", page("playground.html")),
        Route("/manifest.xml", manifest),
        Route("/assets/icon-{size:int}.png", icon),
        Route("/rpc", rpc_endpoint(mcp)),  # every method: a GET is answered 405 in the seed's shape
        WebSocketRoute("/ws", PaneEndpoint(hub, policy, heartbeat_s=config.heartbeat_s).handle),
        Mount("/addin", app=AddinFiles(directory=files), name="addin"),
        Mount("/", app=mcp_app),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(EndpointShortcut, path=MCP_PATH, endpoint=mcp_endpoint(mcp_app), max_body=MAX_MCP_BODY_BYTES)
    app.add_middleware(GuardMiddleware, policy=policy, prefixes=("/mcp", "/rpc"), shapes={"/rpc": rpc_refusal})
    return Bridge(config=config, hub=hub, service=service, mcp=mcp, policy=policy, app=app)
