"""Talking to a bridge that is already running: detection, MCP over HTTP, forwarding.

`word-bridge call` and `word-bridge stdio` (when another bridge serves the
port) use this, so several MCP clients share the documents open in one bridge.
"""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import AsyncIterator
from typing import Any

import httpx
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.config import BridgeConfig
from bridge.word.hub import ProgressCallback


def _client_ssl(config: BridgeConfig) -> ssl.SSLContext | bool:
    if not config.tls:
        return False
    return ssl_context_trusting(ensure_dev_certs(config.certs_dir))


def _headers(config: BridgeConfig) -> dict[str, str]:
    return {"Authorization": f"Bearer {config.token}"} if config.token else {}


def bridge_is_running(config: BridgeConfig, timeout: float = 1.5) -> bool:
    """True when a Word Bridge answers /healthz on the configured port."""
    url = f"{config.scheme}://127.0.0.1:{config.port}/healthz"
    try:
        verify: ssl.SSLContext | bool = _client_ssl(config) if config.tls else False
        response = httpx.get(url, verify=verify, timeout=timeout, headers={"Host": f"127.0.0.1:{config.port}"})
    except (httpx.HTTPError, OSError, ssl.SSLError):
        return False
    return response.status_code == 200 and response.json().get("status") == "ok"


@contextlib.asynccontextmanager
async def mcp_client(config: BridgeConfig) -> AsyncIterator[Client]:
    """An MCP client connected to the running bridge's /mcp."""
    verify = _client_ssl(config)
    http = httpx2.AsyncClient(verify=verify, headers=_headers(config), timeout=httpx2.Timeout(30.0, read=300.0))
    async with http:
        url = f"{config.scheme}://127.0.0.1:{config.port}/mcp"
        async with Client(streamable_http_client(url, http_client=http)) as client:
            yield client


class RemoteEditService:
    """Stands in for EditService inside `word-bridge stdio`, forwarding to the bridge on the port.

    Each call opens its own MCP connection: it lives and ends in the calling
    task (anyio's rule), and a bridge that restarted is simply reached anew.
    """

    def __init__(self, config: BridgeConfig) -> None:
        self.config = config

    async def aclose(self) -> None:
        """Nothing is held between calls."""

    async def _call(self, name: str, arguments: dict[str, Any], progress: ProgressCallback | None = None) -> Any:
        async with mcp_client(self.config) as client:
            return await client.call_tool(name, arguments, progress_callback=progress)  # type: ignore[arg-type]

    async def edit_task(self, *, progress: ProgressCallback | None = None, **kwargs: Any) -> dict[str, Any]:
        arguments = {k: v for k, v in {
            "content": kwargs.get("content"), "meta": kwargs.get("meta"), "action": kwargs.get("action"),
            "target": kwargs.get("target"), "taskId": kwargs.get("task_id"), "document": kwargs.get("document"),
        }.items() if v is not None}
        try:
            result = await self._call("editTask", arguments, progress)
        except Exception as exc:  # the bridge went away mid-call
            return {"ok": False, "op": "unknown", "data": {}, "code": "E_RUNTIME",
                    "diagnostics": [{"level": "error", "msg": f"the bridge on port {self.config.port} did not answer: {exc}"}],
                    "taskId": kwargs.get("task_id") or "", "document": None}
        return dict(result.structured_content or {})

    async def list_documents(self) -> dict[str, Any]:
        result = await self._call("listDocuments", {})
        return dict(result.structured_content or {"documents": []})
