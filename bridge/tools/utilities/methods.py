"""The seven methods of seed 002 by name, and `call_method`, the dispatcher behind `/rpc` (any other tool the
server lists is called through tool_calls.py).

`list_tools` and `server_status` describe the MCP server they are given: every tool it lists (all seeds), and
which language model `text_processor` would use now (`claudeStatus`: `sampling` when the calling MCP client
offers it, else `endpoint <url>` for WORD_BRIDGE_LLM_URL, else `none`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from mcp.server.mcpserver import MCPServer

from bridge.tools import language_model
from bridge.tools.utilities import clock, providers, tool_calls, web
from bridge.tools.argument_names import unknown_keys
from bridge.tools.utilities.common import BAD_REQUEST, UtilityError, now_iso, unknown_params


@dataclass(frozen=True)
class Caller:
    """Who calls: the MCP server the tools belong to, and whether the calling client offers sampling."""

    server: MCPServer
    samples: bool = False


@dataclass(frozen=True)
class Method:
    name: str
    title: str
    description: str
    schema: dict[str, dict[str, Any]]
    required: tuple[str, ...]
    run: Callable[[dict[str, Any], Caller], Awaitable[dict[str, Any]]]
    line: Callable[[dict[str, Any]], str]
    open_world: bool


async def list_tools(params: dict[str, Any], caller: Caller) -> dict[str, Any]:
    tools = [{"name": t.name, "description": t.description or "", "inputSchema": t.input_schema}
             for t in await caller.server.list_tools()]
    return {"tools": tools, "count": len(tools), "success": True}


def claude_status(samples: bool) -> str:
    """Which engine text_processor would use now: `sampling`, `endpoint <url>` (credentials left out), `none`."""
    if samples:
        return "sampling"
    where = language_model.endpoint()
    if where is None:
        return "none"
    parts = urlsplit(where.url)
    host = parts.hostname or ""
    netloc = (f"[{host}]" if ":" in host else host) + (f":{parts.port}" if parts.port else "")
    return f"endpoint {urlunsplit((parts.scheme, netloc, parts.path, '', ''))}"


async def server_status(params: dict[str, Any], caller: Caller) -> dict[str, Any]:
    count = len(await caller.server.list_tools())
    return {"status": "ok", "timestamp": now_iso(), "toolsCount": count,
            "claudeStatus": claude_status(caller.samples), "success": True}


def _plain(run: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
           ) -> Callable[[dict[str, Any], Caller], Awaitable[dict[str, Any]]]:
    """A method that does not need to know its caller."""
    async def call(params: dict[str, Any], caller: Caller) -> dict[str, Any]:
        return await run(params)
    return call


METHODS: Final[dict[str, Method]] = {m.name: m for m in (
    Method(web.WEB_SEARCH, "Search the web", web.WEB_SEARCH_DESCRIPTION, web.WEB_SEARCH_SCHEMA, ("query",),
           _plain(web.web_search), web.web_search_line, True),
    Method(web.HTTP_GET, "Fetch a web page", web.HTTP_GET_DESCRIPTION, web.HTTP_GET_SCHEMA, ("url",),
           _plain(web.http_get), web.http_get_line, True),
    Method(providers.WEATHER, "Current weather", providers.WEATHER_DESCRIPTION, providers.WEATHER_SCHEMA,
           ("city",), _plain(providers.get_weather), providers.weather_line, True),
    Method(providers.USERS, "Random user data", providers.USERS_DESCRIPTION, providers.USERS_SCHEMA, (),
           _plain(providers.get_random_user), providers.users_line, True),
    Method(clock.NAME, "Current time", clock.DESCRIPTION, clock.SCHEMA, (), _plain(clock.get_time), clock.line,
           False),
    Method("list_tools", "List tools",
           "Every tool this MCP server offers (all of Word Bridge's tools): name, description and input schema, "
           "and how many there are.", {}, (), list_tools, lambda r: f"{r['count']} tools", False),
    Method("server_status", "Server status",
           "Whether the server is up, how many tools it offers, and which language model text_processor would "
           "use now (claudeStatus: sampling, endpoint <url>, or none).", {}, (), server_status,
           lambda r: f"Server {r['status']}: {r['toolsCount']} tools, language model: {r['claudeStatus']}", False),
)}


async def call_method(method: str, params: dict[str, Any], *, server: MCPServer,
                      client_samples: bool = False) -> dict[str, Any]:
    """The seed's `result` for one call; raises UtilityError (400 bad parameters, 404 unknown method, 500).

    A method is one of the seven, or any other tool `server` lists (`list_tools` shows them all, so each can be
    called): those run as an MCP client's call would (tool_calls.py)."""
    if not isinstance(params, dict):
        raise UtilityError(BAD_REQUEST, "params must be an object", "invalid_request", ["Send params as {}"])
    found = METHODS.get(method) if isinstance(method, str) else None
    if found is None:
        return await tool_calls.call_tool(server, str(method), params)
    unknown = unknown_keys(params, found.schema)
    if unknown:
        raise unknown_params(unknown, list(found.schema))
    return await found.run(params, Caller(server, client_samples))
