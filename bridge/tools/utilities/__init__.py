"""The utility tools of seed 002: web_search, http_get, get_weather, get_random_user, get_time, list_tools,
server_status — as MCP tools (`register`) and as the plain `{id, method, params}` API behind `POST /rpc`
(`call_method`). Both run the same code and give the same result object; the MCP tools list the seed's schemas
and answer its errors as JSON-RPC errors (see `common.to_mcp`). `call_method` also calls every other tool the
server lists (`list_tools` shows them all), in process (see `tool_calls`).
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations

from bridge.tools.argument_names import refuse_unknown_arguments
from bridge.tools.arguments import RawText, guarded, list_schema
from bridge.tools.results import seed_result
from bridge.tools.utilities import models
from bridge.tools.utilities.common import UtilityError, to_mcp, unknown_params
from bridge.tools.utilities.methods import METHODS, Caller, call_method

__all__ = ["METHODS", "UtilityError", "call_method", "register"]


def register(server: MCPServer, word: object = None) -> None:
    """Add the seven tools to `server` (`word` is unused: none of them reads the document)."""

    async def answer(name: str, params: dict[str, Any], samples: bool = False) -> CallToolResult:
        method = METHODS[name]

        async def run() -> CallToolResult:
            try:
                result = await method.run(params, Caller(server, samples))
            except UtilityError as exc:
                raise to_mcp(exc) from None
            return seed_result(method.line(result), result)

        return await guarded(name, run())

    async def web_search(query: RawText = None, maxResults: Any = None,  # type: ignore[assignment]
                         ) -> Annotated[CallToolResult, models.WebSearchResult]:
        return await answer("web_search", {"query": query, "maxResults": maxResults})

    async def http_get(url: RawText = None, timeout: Any = None,  # type: ignore[assignment]
                       ) -> Annotated[CallToolResult, models.HttpGetResult]:
        return await answer("http_get", {"url": url, "timeout": timeout})

    async def get_weather(city: RawText = None, country: RawText = None,  # type: ignore[assignment]
                          ) -> Annotated[CallToolResult, models.WeatherResult]:
        return await answer("get_weather", {"city": city, "country": country})

    async def get_random_user(count: Any = None) -> Annotated[CallToolResult, models.UsersResult]:
        return await answer("get_random_user", {"count": count})

    async def get_time(timezone: RawText = None) -> Annotated[CallToolResult, models.TimeResult]:  # type: ignore[assignment]
        return await answer("get_time", {"timezone": timezone})

    async def list_tools() -> Annotated[CallToolResult, models.ToolList]:
        return await answer("list_tools", {})

    async def server_status(ctx: Context | None = None) -> Annotated[CallToolResult, models.ServerStatus]:
        caps = ctx.client_capabilities if ctx is not None else None
        return await answer("server_status", {}, samples=caps is not None and caps.sampling is not None)

    for fn in (web_search, http_get, get_weather, get_random_user, get_time, list_tools, server_status):
        method = METHODS[fn.__name__]
        server.tool(name=method.name, title=method.title, description=method.description,
                    annotations=ToolAnnotations(title=method.title, read_only_hint=True, destructive_hint=False,
                                                idempotent_hint=True,
                                                open_world_hint=method.open_world))(fn)
        list_schema(server, method.name, method.schema, list(method.required))
        refuse_unknown_arguments(server, method.name, lambda keys, known: to_mcp(unknown_params(keys, known)))
