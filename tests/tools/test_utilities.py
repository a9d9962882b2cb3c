"""The seed-002 tools' listed schemas, get_time, list_tools, server_status and web_search (SearXNG and demo mode).

Providers are local HTTP servers (tests/tools/test_utilities_providers.py); nothing leaves the machine.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CreateMessageResult, TextContent

from bridge.tools import web_content_fetcher
from bridge.tools.utilities import register
from bridge.tools.utilities.clock import _zones
from tests.tools.test_utilities_providers import call, client, error_of, json_route, paths, providers
from tests.tools.web_servers import WebServer, send, web

pytestmark = pytest.mark.anyio
__all__ = ["client", "providers", "web"]  # fixtures used below

# Seed 002's request schemas as JSON Schema: names, defaults and the constraints of its "Validation Rules".
SEED_SCHEMAS: dict[str, tuple[dict[str, dict[str, Any]], list[str]]] = {
    "web_search": ({"query": {"type": "string", "description": "What to search the web for", "minLength": 1},
                    "maxResults": {"type": "integer", "description": "How many results to return", "minimum": 1,
                                   "maximum": 10, "default": 10}}, ["query"]),
    "http_get": ({"url": {"type": "string", "format": "uri", "description": "The http:// or https:// URL to fetch"},
                  "timeout": {"type": "number", "description": "Request timeout in milliseconds (at most 60000 are "
                                                               "used)", "default": 10000, "exclusiveMinimum": 0}},
                 ["url"]),
    "get_weather": ({"city": {"type": "string", "description": "City name, e.g. Paris", "minLength": 1},
                     "country": {"type": "string", "description": "Country code (ISO 3166 alpha-2 or alpha-3), "
                                                                  "e.g. FR or FRA", "minLength": 2, "maxLength": 3}},
                    ["city"]),
    "get_random_user": ({"count": {"type": "integer", "description": "How many users to generate", "minimum": 1,
                                   "maximum": 10, "default": 1}}, []),
    "get_time": ({"timezone": {"type": "string", "description": "IANA time zone name, e.g. UTC, Europe/Paris, "
                                                                "America/New_York", "default": "UTC"}}, []),
    "list_tools": ({}, []),
    "server_status": ({}, []),
}


async def test_the_seven_tools_list_the_seeds_schemas(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == set(SEED_SCHEMAS)
    for name, (properties, required) in SEED_SCHEMAS.items():
        tool = tools[name]
        assert tool.input_schema == {"type": "object", "properties": properties, "required": required}, name
        assert tool.output_schema is not None and "success" in tool.output_schema["properties"], name
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        assert tool.description


# --- get_time ------------------------------------------------------------------------------


def check_consistent(data: dict[str, Any], timestamp: str) -> dt.datetime:
    """Every field of the seed agrees with `datetime` and with the UTC timestamp of the answer."""
    local = dt.datetime.fromisoformat(data["datetime"])
    offset = local.utcoffset()
    assert offset is not None and data["utcOffset"] == offset.total_seconds() / 60
    assert data["date"] == local.date().isoformat() and data["time"] == local.strftime("%H:%M:%S")
    assert data["dayOfWeek"] == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                                 "Sunday"][local.weekday()]
    assert timestamp.endswith("Z") and dt.datetime.fromisoformat(timestamp.replace("Z", "+00:00")) == local
    assert abs(dt.datetime.now(dt.UTC) - local) < dt.timedelta(seconds=5)
    return local


async def test_time_defaults_to_utc(client: Client) -> None:
    found = await call(client, "get_time", {})
    time = found["time"]
    assert time["data"]["timezone"] == "UTC" and time["data"]["utcOffset"] == 0
    assert time["source"] == "IANA Time Zone Database"
    check_consistent(time["data"], time["timestamp"])
    assert found["line"].startswith(time["data"]["dayOfWeek"]) and "in UTC" in found["line"]


@pytest.mark.parametrize(("zone", "canonical", "offsets"), [
    ("Asia/Kathmandu", "Asia/Kathmandu", {345}),      # no daylight saving time, a 45-minute offset
    ("asia/kolkata", "Asia/Kolkata", {330}),
    ("AMERICA/CARACAS", "America/Caracas", {-240}),   # negative offsets are negative minutes
    ("Europe/Paris", "Europe/Paris", {60, 120}),
])
async def test_time_in_iana_zones(client: Client, zone: str, canonical: str, offsets: set[int]) -> None:
    data = (await call(client, "get_time", {"timezone": zone}))["time"]
    assert data["data"]["timezone"] == canonical and data["data"]["utcOffset"] in offsets
    check_consistent(data["data"], data["timestamp"])


@pytest.mark.parametrize(("zone", "message"), [
    ("Mars/Olympus_Mons", "Unknown timezone 'Mars/Olympus_Mons': use an IANA time zone name such as UTC, "
                          "Europe/Paris or America/New_York"),
    ("../../etc/passwd", "Unknown timezone '../../etc/passwd': use an IANA time zone name such as UTC, "
                         "Europe/Paris or America/New_York"),
    ("Europe", "Unknown timezone 'Europe': use an IANA time zone name such as UTC, Europe/Paris or America/New_York"),
    ("", "Invalid timezone: must not be empty (leave it out for UTC)"),
    (3, "Invalid timezone: must be a string, got an integer"),
])
async def test_unknown_zones_are_400s(client: Client, zone: Any, message: str) -> None:
    error = await error_of(client, "get_time", {"timezone": zone})
    assert (error.code, error.message, error.data["status"]) == (-32602, message, 400)


async def test_time_works_without_a_system_zone_database(client: Client) -> None:
    """As on Windows: only the tzdata package (a declared dependency) knows the zones."""
    zoneinfo.reset_tzpath(to=[])
    zoneinfo.ZoneInfo.clear_cache()
    _zones.cache_clear()
    try:
        data = (await call(client, "get_time", {"timezone": "Australia/Adelaide"}))["time"]["data"]
        assert data["utcOffset"] in (570, 630)
    finally:
        zoneinfo.reset_tzpath()
        zoneinfo.ZoneInfo.clear_cache()
        _zones.cache_clear()


# --- list_tools and server_status ------------------------------------------------------------


async def test_list_tools_lists_every_tool_of_the_server() -> None:
    server = MCPServer("test")
    web_content_fetcher.register(server)
    register(server)
    async with Client(server) as c:
        listed = (await c.list_tools()).tools
        found = await call(c, "list_tools", {})
        status = await call(c, "server_status", {})
    assert found["count"] == len(listed) == 8 and found["line"] == "8 tools"
    assert found["tools"] == [{"name": t.name, "description": t.description, "inputSchema": t.input_schema}
                              for t in listed]
    assert "web_content_fetcher" in [t["name"] for t in found["tools"]]
    assert status["status"] == "ok" and status["toolsCount"] == 8 and status["timestamp"].endswith("Z")


@pytest.fixture
def no_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    for env in ("WORD_BRIDGE_LLM_URL", "WORD_BRIDGE_LLM_MODEL", "WORD_BRIDGE_LLM_API_KEY"):
        monkeypatch.delenv(env, raising=False)


async def test_claude_status_names_the_engine_text_processor_would_use(no_llm: None,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    server = MCPServer("test")
    register(server)
    async with Client(server) as plain:
        assert (await call(plain, "server_status", {}))["claudeStatus"] == "none"
        monkeypatch.setenv("WORD_BRIDGE_LLM_URL", "http://user:secret@127.0.0.1:11434/v1/")
        found = await call(plain, "server_status", {})
        assert found["claudeStatus"] == "endpoint http://127.0.0.1:11434/v1/chat/completions"
        assert "secret" not in found["line"]

    async def sampling(context: Any, params: Any) -> CreateMessageResult:
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text="hi"), model="m")

    async with Client(server, sampling_callback=sampling) as sampler:
        assert (await call(sampler, "server_status", {}))["claudeStatus"] == "sampling"


# --- web_search ------------------------------------------------------------------------------


async def test_search_through_searxng(client: Client, providers: WebServer) -> None:
    found = await call(client, "web_search", {"query": "machine learning algorithms", "maxResults": 5})
    search = found["searchResults"]
    assert paths(providers) == [("/search", {"q": ["machine learning algorithms"], "format": ["json"]})]
    assert search["query"] == "machine learning algorithms" and search["source"] == "SearXNG"
    assert search["totalResults"] == 13 and len(search["results"]) == 5
    first, second = search["results"][:2]
    assert first == {"link": "https://en.wikipedia.org/wiki/Machine_learning",
                     "title": "Machine learning - Wikipedia", "source": "en.wikipedia.org",
                     "snippet": "Machine learning (ML) is a field of study in artificial intelligence…",
                     "timestamp": search["timestamp"]}
    assert second["source"] == "ibm.com" and second["title"] == "Machine learning algorithms"
    assert second["snippet"] == "An overview of supervised, unsupervised and reinforcement learning."
    assert all(r["link"].startswith("https://") for r in search["results"])  # the magnet: link is left out
    assert found["line"] == '5 results for "machine learning algorithms" (SearXNG)'
    assert len((await call(client, "web_search", {"query": "ml"}))["searchResults"]["results"]) == 10


@pytest.mark.parametrize(("args", "message"), [
    ({}, "Invalid query: required"), ({"query": ""}, "Invalid query: must have at least 1 character(s)"),
    ({"query": " \n"}, "Invalid query: must not be empty"),
    ({"query": "x", "maxResults": 0}, "Invalid maxResults: must be at least 1"),
    ({"query": "x", "maxResults": 11}, "Invalid maxResults: must be at most 10"),
    ({"query": "x", "maxResults": 1.5}, "Invalid maxResults: must be an integer, got a number"),
])
async def test_search_parameters(client: Client, providers: WebServer, args: dict[str, Any], message: str) -> None:
    error = await error_of(client, "web_search", args)
    assert (error.code, error.message, error.data["status"]) == (-32602, message, 400)
    assert providers.requests == []


@pytest.fixture
def unconfigured(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("WORD_BRIDGE_SEARCH_URL", raising=False)
    monkeypatch.delenv("WORD_BRIDGE_DEMO", raising=False)
    yield


async def test_without_a_provider_search_says_how_to_configure_one(client: Client, unconfigured: None) -> None:
    error = await error_of(client, "web_search", {"query": "x"})
    assert error.code == -32603 and error.data["status"] == 500
    assert error.message == ("web_search has no search provider: set WORD_BRIDGE_SEARCH_URL to a SearXNG instance "
                             "with the JSON format enabled (or WORD_BRIDGE_DEMO=1 for mock results)")
    assert any("search.formats" in tip for tip in error.data["suggestions"])


async def test_demo_mode_answers_marked_mock_results(client: Client, unconfigured: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORD_BRIDGE_DEMO", "1")
    search = (await call(client, "web_search", {"query": "Word add-ins", "maxResults": 3}))["searchResults"]
    assert search["source"] == "Mock Search Results (Demo Mode)"
    assert search["totalResults"] == 3 and len(search["results"]) == 3
    assert all("Demo data" in r["snippet"] and r["link"].startswith("https://example.com/demo/")
               for r in search["results"])


async def test_a_configured_provider_wins_over_demo_mode(client: Client, providers: WebServer,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORD_BRIDGE_DEMO", "1")
    assert (await call(client, "web_search", {"query": "x"}))["searchResults"]["source"] == "SearXNG"


async def test_searxng_without_json_format_is_a_500_naming_it(client: Client, web: Callable[..., WebServer],
                                                              providers: WebServer,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    html_only = web(routes={"/search": lambda h: send(h, 403, b"Forbidden", "text/html")})
    monkeypatch.setenv("WORD_BRIDGE_SEARCH_URL", html_only.url(""))
    error = await error_of(client, "web_search", {"query": "x"})
    assert error.message == f"SearXNG (127.0.0.1:{html_only.port}) failed: HTTP 403 Forbidden"
    assert (error.code, error.data["status"], error.data["provider"]) == (-32603, 500, "SearXNG")
    monkeypatch.setenv("WORD_BRIDGE_SEARCH_URL", web(routes={"/search": json_route(lambda q: (200, {}))}).url(""))
    error = await error_of(client, "web_search", {"query": "x"})
    assert error.message == "SearXNG failed: its answer has no results list"
