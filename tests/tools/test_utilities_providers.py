"""get_weather (Open-Meteo) and get_random_user (randomuser.me) against local stand-ins for the providers.

The stand-ins are real HTTP servers on 127.0.0.1 answering with the shapes the providers document (Open-Meteo's
geocoding and forecast APIs, randomuser.me's `results[]`); `PROVIDERS` and the `providers` fixture are also
used by tests/test_rpc.py and the web_search tests (SearXNG's `results[]`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from bridge.tools.utilities import register
from bridge.tools.utilities.providers import CACHE
from tests.tools.web_servers import WebServer, no_outside_connections, send, web

pytestmark = pytest.mark.anyio
__all__ = ["no_outside_connections", "web"]  # fixtures used below

Answer = Callable[[dict[str, list[str]]], tuple[int, Any]]

# Open-Meteo geocoding `results[]` entries as its documentation shows them.
PLACES = [
    {"id": 2988507, "name": "Paris", "latitude": 48.85341, "longitude": 2.3488, "elevation": 42.0,
     "feature_code": "PPLC", "country_code": "FR", "admin1_id": 3012874, "timezone": "Europe/Paris",
     "population": 2138551, "country_id": 3017382, "country": "France", "admin1": "Île-de-France"},
    {"id": 4717560, "name": "Paris", "latitude": 33.66094, "longitude": -95.55551, "elevation": 183.0,
     "feature_code": "PPLA2", "country_code": "US", "admin1_id": 4736286, "timezone": "America/Chicago",
     "population": 24782, "country_id": 6252001, "country": "United States", "admin1": "Texas"},
    {"id": 2643743, "name": "London", "latitude": 51.50853, "longitude": -0.12574, "elevation": 25.0,
     "feature_code": "PPLC", "country_code": "GB", "admin1_id": 6269131, "timezone": "Europe/London",
     "population": 8961989, "country_id": 2635167, "country": "United Kingdom", "admin1": "England"},
]
# Current conditions per latitude: temperature °C, humidity %, wind km/h, WMO code.
CONDITIONS = {48.85341: (12.3, 81, 18.0, 2), 33.66094: (24.6, 40, 9.0, 0), 51.50853: (7.1, 93, 27.0, 63)}


def geocoding(query: dict[str, list[str]]) -> tuple[int, Any]:
    name = query["name"][0].casefold()
    found = [p for p in PLACES if p["name"].casefold() == name
             and ("countryCode" not in query or p["country_code"] == query["countryCode"][0])]
    body: dict[str, Any] = {"generationtime_ms": 0.7}
    if found:  # Open-Meteo leaves `results` out when nothing matches
        body["results"] = found[: int(query.get("count", ["10"])[0])]
    return 200, body


def forecast(query: dict[str, list[str]]) -> tuple[int, Any]:
    lat = float(query["latitude"][0])
    if lat not in CONDITIONS:
        return 400, {"error": True, "reason": "Latitude must be in range of -90 to 90°."}
    temperature, humidity, wind_kmh, code = CONDITIONS[lat]
    per_second = query.get("wind_speed_unit", ["kmh"])[0] == "ms"
    return 200, {
        "latitude": lat, "longitude": float(query["longitude"][0]), "generationtime_ms": 0.05,
        "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 42.0,
        "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C",
                          "relative_humidity_2m": "%", "wind_speed_10m": "m/s" if per_second else "km/h",
                          "weather_code": "wmo code"},
        "current": {"time": "2024-01-15T10:30", "interval": 900, "temperature_2m": temperature,
                    "relative_humidity_2m": humidity,
                    "wind_speed_10m": round(wind_kmh / 3.6, 2) if per_second else wind_kmh, "weather_code": code},
    }


def person(n: int) -> dict[str, Any]:
    """One randomuser.me result, shaped as in its documentation."""
    return {
        "gender": "female", "name": {"title": "Miss", "first": f"Jennie{n}", "last": "Nichols"},
        "location": {"street": {"number": 8929, "name": "Valwood Pkwy"}, "city": "Billings", "state": "Michigan",
                     "country": "United States", "postcode": "63104",
                     "coordinates": {"latitude": "-69.8246", "longitude": "134.8719"},
                     "timezone": {"offset": "+9:30", "description": "Adelaide, Darwin"}},
        "email": f"jennie{n}.nichols@example.com",
        "login": {"uuid": "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", "username": "yellowpeacock117"},
        "dob": {"date": "1992-03-08T15:13:16.688Z", "age": 30},
        "registered": {"date": "2007-07-09T05:51:59.390Z", "age": 14},
        "phone": "(272) 790-0888", "cell": "(489) 330-2385", "id": {"name": "SSN", "value": "405-88-3636"},
        "picture": {"large": f"https://randomuser.me/api/portraits/women/{n}.jpg",
                    "medium": f"https://randomuser.me/api/portraits/med/women/{n}.jpg",
                    "thumbnail": f"https://randomuser.me/api/portraits/thumb/women/{n}.jpg"},
        "nat": "US",
    }


def random_users(query: dict[str, list[str]]) -> tuple[int, Any]:
    count = int(query["results"][0])
    return 200, {"results": [person(n) for n in range(1, count + 1)],
                 "info": {"seed": "56d27f4a53bd5441", "results": count, "page": 1, "version": "1.4"}}


SEARCH_HITS = [
    {"url": "https://en.wikipedia.org/wiki/Machine_learning", "title": "Machine learning - Wikipedia",
     "content": "Machine learning (ML) is a field of study in artificial intelligence…", "engine": "wikipedia",
     "parsed_url": ["https", "en.wikipedia.org", "/wiki/Machine_learning", "", "", ""],
     "template": "default.html", "engines": ["wikipedia", "duckduckgo"], "positions": [1, 3], "score": 4.5,
     "category": "general", "publishedDate": None},
    {"url": "https://www.ibm.com/topics/machine-learning-algorithms", "title": " Machine  learning algorithms ",
     "content": "An overview of  supervised,\nunsupervised and reinforcement learning.", "engine": "duckduckgo",
     "engines": ["duckduckgo"], "positions": [2], "score": 2.0, "category": "general", "publishedDate": None},
    {"url": "magnet:?xt=urn:btih:123", "title": "Not a web page", "content": "", "engine": "torrent"},
] + [{"url": f"https://example.org/ml/{n}", "title": f"ML page {n}", "content": f"Snippet {n}.",
      "engine": "bing"} for n in range(3, 14)]


def searxng(query: dict[str, list[str]]) -> tuple[int, Any]:
    if query.get("format") != ["json"]:
        return 403, {"error": "format not allowed"}
    return 200, {"query": query["q"][0], "number_of_results": 0, "results": SEARCH_HITS, "answers": [],
                 "corrections": [], "infoboxes": [], "suggestions": [], "unresponsive_engines": []}


def json_route(answer: Answer, *, ctype: str = "application/json") -> Callable[[BaseHTTPRequestHandler], None]:
    def handle(h: BaseHTTPRequestHandler) -> None:
        status, body = answer(parse_qs(urlsplit(h.path).query))
        send(h, status, json.dumps(body).encode(), ctype)
    return handle


PROVIDERS = {"/v1/search": json_route(geocoding), "/v1/forecast": json_route(forecast),
             "/api/": json_route(random_users), "/search": json_route(searxng)}
ENVS = ("WORD_BRIDGE_GEOCODING_URL", "WORD_BRIDGE_WEATHER_URL", "WORD_BRIDGE_RANDOM_USER_URL",
        "WORD_BRIDGE_SEARCH_URL")


@pytest.fixture
def providers(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> Iterator[WebServer]:
    """Every provider on one loopback server, its address allowed by the guard (and only that one)."""
    server = web(routes=dict(PROVIDERS))
    for env in ENVS:
        monkeypatch.setenv(env, server.url(""))
    monkeypatch.setenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", "127.0.0.1")
    monkeypatch.delenv("WORD_BRIDGE_DEMO", raising=False)
    monkeypatch.delenv("WORD_BRIDGE_PROVIDER_TIMEOUT", raising=False)
    CACHE.clear()
    CACHE.clock = time.monotonic
    yield server
    CACHE.clear()
    CACHE.clock = time.monotonic


@pytest.fixture
async def client() -> Any:
    server = MCPServer("test")
    register(server)
    async with Client(server) as c:
        yield c


async def call(client: Client, name: str, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(name, args)
    assert not result.is_error, result.content
    assert json.loads(result.content[1].text) == result.structured_content
    assert result.structured_content is not None and result.structured_content["success"] is True
    return {"line": result.content[0].text, **result.structured_content}


async def error_of(client: Client, name: str, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool(name, args)
    return caught.value


def paths(server: WebServer) -> list[tuple[str, dict[str, list[str]]]]:
    return [(urlsplit(r["path"]).path, parse_qs(urlsplit(r["path"]).query)) for r in server.requests]


# --- get_weather ------------------------------------------------------------------------------


async def test_weather_geocodes_then_reads_current_conditions(client: Client, providers: WebServer) -> None:
    found = await call(client, "get_weather", {"city": "Paris"})
    weather = found["weather"]
    assert weather["data"] == {"city": "Paris", "country": "FR", "temperature": 12.3, "description": "Partly cloudy",
                               "humidity": 81, "windSpeed": 5.0}
    assert weather["source"] == "Open-Meteo" and weather["timestamp"].endswith("Z")
    assert found["line"] == "Weather in Paris, FR: 12.3 °C, Partly cloudy, humidity 81 %, wind 5.0 m/s"
    (geo_path, geo), (fc_path, fc) = paths(providers)
    assert geo_path == "/v1/search" and geo == {"name": ["Paris"], "count": ["1"]}
    assert fc_path == "/v1/forecast" and fc["latitude"] == ["48.85341"] and fc["longitude"] == ["2.3488"]
    assert fc["current"] == ["temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code"]
    assert fc["wind_speed_unit"] == ["ms"]


@pytest.mark.parametrize(("city", "country", "sent"), [("Paris", "US", "US"), ("Paris", "usa", "US"),
                                                       ("Paris", "FRA", "FR"), ("London", "UK", "GB")])
async def test_country_codes_alpha2_and_alpha3_filter_the_city(client: Client, providers: WebServer, city: str,
                                                              country: str, sent: str) -> None:
    found = await call(client, "get_weather", {"city": city, "country": country})
    assert paths(providers)[0][1]["countryCode"] == [sent]
    if sent == "US":
        assert found["weather"]["data"] == {"city": "Paris", "country": "US", "temperature": 24.6,
                                            "description": "Clear sky", "humidity": 40, "windSpeed": 2.5}


async def test_wind_in_km_h_is_converted_to_m_s(client: Client, web: Callable[..., WebServer],
                                                providers: WebServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A forecast answering in km/h (its default unit) still gives m/s."""
    def ignoring_unit(query: dict[str, list[str]]) -> tuple[int, Any]:
        return forecast({k: v for k, v in query.items() if k != "wind_speed_unit"})

    other = web(routes={"/v1/forecast": json_route(ignoring_unit)})
    monkeypatch.setenv("WORD_BRIDGE_WEATHER_URL", other.url(""))
    data = (await call(client, "get_weather", {"city": "London"}))["weather"]["data"]
    assert data["windSpeed"] == 7.5 and data["description"] == "Moderate rain"


async def test_weather_is_cached_for_15_minutes(client: Client, providers: WebServer) -> None:
    now = [1000.0]
    CACHE.clock = lambda: now[0]
    first = await call(client, "get_weather", {"city": "Paris", "country": "FR"})
    now[0] += 14 * 60
    again = await call(client, "get_weather", {"city": "paris", "country": "fr"})
    assert again["weather"] == first["weather"] and len(providers.requests) == 2
    now[0] += 61
    await call(client, "get_weather", {"city": "Paris", "country": "FR"})
    assert len(providers.requests) == 4


@pytest.mark.parametrize(("args", "message"), [
    ({}, "Invalid city: required"),
    ({"city": ""}, "Invalid city: must have at least 1 character(s)"),
    ({"city": "   "}, "Invalid city: must not be empty"),
    ({"city": 7}, "Invalid city: must be a string, got an integer"),
    ({"city": "Paris", "country": "F"}, "Invalid country: must have at least 2 character(s)"),
    ({"city": "Paris", "country": "FRAN"}, "Invalid country: must have at most 3 characters"),
    ({"city": "Paris", "country": "QQ"}, "Invalid country: 'QQ' is not an ISO 3166 country code (e.g. FR or FRA)"),
])
async def test_weather_parameters_are_checked_before_any_request(client: Client, providers: WebServer,
                                                                 args: dict[str, Any], message: str) -> None:
    error = await error_of(client, "get_weather", args)
    assert (error.code, error.message) == (-32602, message)
    assert error.data["status"] == 400 and error.data["error_type"] == "invalid_parameter"
    assert providers.requests == []


async def test_unknown_city_is_a_400(client: Client, providers: WebServer) -> None:
    error = await error_of(client, "get_weather", {"city": "London", "country": "FR"})
    assert (error.code, error.message) == (-32602, "No city called 'London' was found in FR")
    assert error.data["status"] == 400 and error.data["error_type"] == "city_not_found"


async def test_provider_failures_are_500s_naming_the_provider(client: Client, web: Callable[..., WebServer],
                                                              providers: WebServer,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    broken = web(routes={"/v1/search": lambda h: send(h, 503, b"down", "text/plain"),
                         "/v1/forecast": json_route(lambda q: (200, {"latitude": 1.0})),
                         "/api/": lambda h: send(h, 200, b"<html>not json</html>", "text/html")})
    monkeypatch.setenv("WORD_BRIDGE_GEOCODING_URL", broken.url(""))
    error = await error_of(client, "get_weather", {"city": "Paris"})
    assert error.code == -32603 and error.data["status"] == 500 and error.data["provider"] == "Open-Meteo geocoding"
    assert error.message == f"Open-Meteo geocoding (127.0.0.1:{broken.port}) failed: HTTP 503 Service Unavailable"
    monkeypatch.setenv("WORD_BRIDGE_GEOCODING_URL", providers.url(""))
    monkeypatch.setenv("WORD_BRIDGE_WEATHER_URL", broken.url(""))
    error = await error_of(client, "get_weather", {"city": "Paris"})
    assert error.message == "Open-Meteo forecast failed: its answer has no current values"
    monkeypatch.setenv("WORD_BRIDGE_RANDOM_USER_URL", broken.url(""))
    error = await error_of(client, "get_random_user", {})
    assert error.message == f"randomuser.me (127.0.0.1:{broken.port}) failed: the answer is not JSON"


async def test_a_slow_provider_times_out_as_a_500(client: Client, web: Callable[..., WebServer],
                                                  providers: WebServer, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = web(routes={"/api/": lambda h: (time.sleep(2), json_route(random_users)(h))})
    monkeypatch.setenv("WORD_BRIDGE_RANDOM_USER_URL", slow.url(""))
    monkeypatch.setenv("WORD_BRIDGE_PROVIDER_TIMEOUT", "0.3")
    started = time.monotonic()
    error = await error_of(client, "get_random_user", {"count": 2})
    assert time.monotonic() - started < 1.5
    assert error.message == f"randomuser.me (127.0.0.1:{slow.port}) failed: no answer within 0.3 s"
    assert error.data["status"] == 500


async def test_providers_pass_the_address_guard(client: Client, providers: WebServer,
                                                monkeypatch: pytest.MonkeyPatch,
                                                no_outside_connections: list[Any]) -> None:
    """Without an allowance for 127.0.0.1 the provider is refused before any connection."""
    monkeypatch.delenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK")
    error = await error_of(client, "get_weather", {"city": "Paris"})
    assert error.data["status"] == 500 and error.data["provider"] == "Open-Meteo geocoding"
    assert "127.0.0.1 is a loopback address" in error.message and "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK" in error.message
    assert providers.connections == 0 and no_outside_connections == []


async def test_a_provider_url_that_is_not_http_is_a_500(client: Client, providers: WebServer,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORD_BRIDGE_WEATHER_URL", "ftp://weather.example")
    error = await error_of(client, "get_weather", {"city": "Paris"})
    assert error.message == "Open-Meteo forecast: WORD_BRIDGE_WEATHER_URL='ftp://weather.example' is not an http(s) URL"
    assert error.data["status"] == 500


# --- get_random_user ------------------------------------------------------------------------------


async def test_random_users(client: Client, providers: WebServer) -> None:
    found = await call(client, "get_random_user", {"count": 3})
    users = found["users"]
    assert users["source"] == "randomuser.me" and users["timestamp"].endswith("Z")
    assert users["data"][0] == {"name": "Jennie1 Nichols", "email": "jennie1.nichols@example.com",
                                "location": "Billings, Michigan, United States",
                                "picture": "https://randomuser.me/api/portraits/women/1.jpg"}
    assert len(users["data"]) == 3
    assert paths(providers) == [("/api/", {"results": ["3"]})]
    one = await call(client, "get_random_user", {})
    assert len(one["users"]["data"]) == 1 and paths(providers)[1][1] == {"results": ["1"]}


async def test_a_user_without_a_picture_has_null(client: Client, web: Callable[..., WebServer],
                                                 providers: WebServer, monkeypatch: pytest.MonkeyPatch) -> None:
    bare = {k: v for k, v in person(1).items() if k != "picture"}
    other = web(routes={"/api/": json_route(lambda q: (200, {"results": [bare]}))})
    monkeypatch.setenv("WORD_BRIDGE_RANDOM_USER_URL", other.url(""))
    assert (await call(client, "get_random_user", {}))["users"]["data"][0]["picture"] is None


@pytest.mark.parametrize(("count", "message"), [
    (0, "Invalid count: must be at least 1"), (11, "Invalid count: must be at most 10"),
    (2.5, "Invalid count: must be an integer, got a number"), (True, "Invalid count: must be an integer, got a boolean"),
])
async def test_count_is_1_to_10(client: Client, providers: WebServer, count: Any, message: str) -> None:
    error = await error_of(client, "get_random_user", {"count": count})
    assert (error.code, error.message, error.data["status"]) == (-32602, message, 400)
    assert providers.requests == []
