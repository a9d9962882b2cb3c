"""`POST /rpc` on the real bridge (TLS, uvicorn in a thread): the seed-002 envelope, its error codes as HTTP
statuses, the same answers as the MCP tools, and the bridge's Origin, Host and token rules.

Providers are local HTTP servers (tests/tools/test_utilities_providers.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import ServerThread
from tests.tools.test_utilities_providers import providers
from tests.tools.web_servers import WebServer, web

pytestmark = pytest.mark.anyio
__all__ = ["providers", "web"]  # fixtures used below


@pytest.fixture
def bridge(certs_dir: Any) -> Iterator[ServerThread]:
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    yield running
    running.stop()


async def rpc(server: ServerThread, body: Any = None, *, content: bytes | None = None,
              headers: dict[str, str] | None = None) -> httpx.Response:
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        if content is not None:
            return await http.post(server.base_url + "/rpc", content=content, headers=headers)
        return await http.post(server.base_url + "/rpc", json=body, headers=headers)


async def result_of(server: ServerThread, method: str, params: dict[str, Any]) -> dict[str, Any]:
    response = await rpc(server, {"id": f"{method}-1", "method": method, "params": params})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert set(answer) == {"id", "result"} and answer["id"] == f"{method}-1"
    return answer["result"]


async def mcp_result(server: ServerThread, name: str, args: dict[str, Any]) -> dict[str, Any]:
    async with mcp_client(server.config) as client:
        result = await client.call_tool(name, args)
    assert not result.is_error and result.structured_content is not None
    return result.structured_content


def without_timestamps(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_timestamps(v) for k, v in value.items() if k != "timestamp"}
    if isinstance(value, list):
        return [without_timestamps(v) for v in value]
    return value


async def test_list_tools_over_rpc_is_the_mcp_servers_list(bridge: ServerThread) -> None:
    result = await result_of(bridge, "list_tools", {})
    async with mcp_client(bridge.config) as client:
        listed = (await client.list_tools()).tools
        over_mcp = (await client.call_tool("list_tools", {})).structured_content
    assert result == over_mcp
    assert result["count"] == len(listed) and result["success"] is True
    assert [t["name"] for t in result["tools"]] == [t.name for t in listed]
    names = {t["name"] for t in result["tools"]}
    assert {"editTask", "listDocuments", "web_content_fetcher", "get_weather", "server_status"} <= names
    assert next(t for t in result["tools"] if t["name"] == "get_random_user")["inputSchema"]["properties"]["count"][
        "maximum"] == 10


async def test_the_same_call_over_mcp_and_rpc_gives_the_same_result(bridge: ServerThread,
                                                                     providers: WebServer) -> None:
    weather_mcp = await mcp_result(bridge, "get_weather", {"city": "Paris", "country": "FR"})
    weather_rpc = await result_of(bridge, "get_weather", {"city": "Paris", "country": "FR"})
    assert weather_rpc == weather_mcp  # the second answer comes from the 15-minute cache, timestamp included
    assert weather_rpc["weather"]["data"]["temperature"] == 12.3
    users_mcp = await mcp_result(bridge, "get_random_user", {"count": 2})
    users_rpc = await result_of(bridge, "get_random_user", {"count": 2})
    assert without_timestamps(users_rpc) == without_timestamps(users_mcp) and len(users_rpc["users"]["data"]) == 2
    search_rpc = await result_of(bridge, "web_search", {"query": "machine learning", "maxResults": 4})
    search_mcp = await mcp_result(bridge, "web_search", {"query": "machine learning", "maxResults": 4})
    assert without_timestamps(search_rpc) == without_timestamps(search_mcp)
    time_rpc = await result_of(bridge, "get_time", {"timezone": "Asia/Kathmandu"})
    assert time_rpc["time"]["data"]["utcOffset"] == 345 and time_rpc["success"] is True


async def test_server_status_over_rpc(bridge: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORD_BRIDGE_LLM_URL", raising=False)
    status = await result_of(bridge, "server_status", {})
    tools = await result_of(bridge, "list_tools", {})
    assert status["status"] == "ok" and status["toolsCount"] == tools["count"] and status["claudeStatus"] == "none"
    monkeypatch.setenv("WORD_BRIDGE_LLM_URL", "http://127.0.0.1:8080/v1")
    assert (await result_of(bridge, "server_status", {}))["claudeStatus"] == \
        "endpoint http://127.0.0.1:8080/v1/chat/completions"


@pytest.mark.parametrize(("body", "status", "answer"), [
    (b"{not json", 400, {"id": None, "error": {"code": 400, "message": 'the body is not JSON: send {"id": "…", '
                                                                        '"method": "…", "params": {…}}'}}),
    (b"[1, 2]", 400, {"id": None, "error": {"code": 400, "message": 'the body must be a JSON object: {"id": "…", '
                                                                     '"method": "…", "params": {…}}'}}),
    (b"", 400, {"id": None, "error": {"code": 400, "message": 'the body is not JSON: send {"id": "…", '
                                                               '"method": "…", "params": {…}}'}}),
    (b'{"method": "get_time", "params": {}}', 400,
     {"id": None, "error": {"code": 400, "message": "id is required and must be a string"}}),
    (b'{"id": 7, "method": "get_time", "params": {}}', 400,
     {"id": 7, "error": {"code": 400, "message": "id is required and must be a string"}}),
    (b'{"id": "a", "params": {}}', 400,
     {"id": "a", "error": {"code": 400, "message": "method is required and must be a string"}}),
    (b'{"id": "a", "method": "get_time"}', 400,
     {"id": "a", "error": {"code": 400, "message": "params is required and must be an object ({} for a method "
                                                   "without parameters)"}}),
    (b'{"id": "a", "method": "get_time", "params": ["UTC"]}', 400,
     {"id": "a", "error": {"code": 400, "message": "params is required and must be an object ({} for a method "
                                                   "without parameters)"}}),
    (b'{"id": "a", "method": "send_email", "params": {}}', 404,
     {"id": "a", "error": {"code": 404, "message": "Tool not found: send_email"}}),
    (b'{"id": "a", "method": "mcp_word__editTask", "params": {}}', 404,  # MCP's unlisted alias: /rpc calls what it lists
     {"id": "a", "error": {"code": 404, "message": "Tool not found: mcp_word__editTask"}}),
    (b'{"id": "a", "method": "get_random_user", "params": {"count": 11}}', 400,
     {"id": "a", "error": {"code": 400, "message": "Invalid count: must be at most 10"}}),
    (b'{"id": "a", "method": "get_time", "params": {"timezone": "Nowhere/Land"}}', 400,
     {"id": "a", "error": {"code": 400, "message": "Unknown timezone 'Nowhere/Land': use an IANA time zone name "
                                                   "such as UTC, Europe/Paris or America/New_York"}}),
])
async def test_errors_carry_the_seeds_code_as_http_status(bridge: ServerThread, body: bytes, status: int,
                                                          answer: dict[str, Any]) -> None:
    response = await rpc(bridge, content=body, headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (status, answer)


async def test_a_failure_is_a_500(bridge: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORD_BRIDGE_SEARCH_URL", raising=False)
    monkeypatch.delenv("WORD_BRIDGE_DEMO", raising=False)
    response = await rpc(bridge, {"id": "s", "method": "web_search", "params": {"query": "x"}})
    assert response.status_code == 500
    error = response.json()["error"]
    assert error["code"] == 500 and error["message"].startswith("web_search has no search provider: set "
                                                                "WORD_BRIDGE_SEARCH_URL")


async def test_a_large_body_is_refused(bridge: ServerThread) -> None:
    response = await rpc(bridge, {"id": "big", "method": "get_time", "params": {"pad": "x" * (1024 * 1024)}})
    assert response.status_code == 400
    assert response.json() == {"id": None, "error": {"code": 400, "message": "the body is larger than 1,048,576 bytes"}}


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])
async def test_other_http_methods_are_405_in_the_seeds_shape(bridge: ServerThread, method: str) -> None:
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
        response = await http.request(method, bridge.base_url + "/rpc")
    assert (response.status_code, response.headers["allow"]) == (405, "POST")
    assert response.json() == {"id": None, "error": {"code": 405, "message": (
        f"Method {method} is not allowed: send POST /rpc with {{\"id\": \"…\", \"method\": \"…\", \"params\": {{…}}}}")}}


async def test_foreign_origins_and_hosts_are_refused_in_the_seeds_shape(bridge: ServerThread) -> None:
    call = {"id": "1", "method": "get_time", "params": {}}
    foreign = await rpc(bridge, call, headers={"Origin": "https://evil.example"})
    assert (foreign.status_code, foreign.json()) == (403, {"id": None, "error": {
        "code": 403, "message": "Origin 'https://evil.example' may not use this bridge"}})
    rebinding = await rpc(bridge, call, headers={"Host": "attacker.test"})
    assert rebinding.status_code == 421 and rebinding.json()["id"] is None
    assert rebinding.json()["error"]["code"] == 421
    assert rebinding.json()["error"]["message"].startswith("Host 'attacker.test' is not served here")
    own = await rpc(bridge, call, headers={"Origin": bridge.base_url})
    assert own.status_code == 200 and own.json()["result"]["success"] is True
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:  # /mcp keeps the bridge's own shape
        mcp = await http.post(bridge.base_url + "/mcp", json={}, headers={"Origin": "https://evil.example"})
    assert (mcp.status_code, mcp.json()["error"]["code"]) == (403, "E_PERMISSION")


async def test_a_token_is_required_when_set(certs_dir: Any) -> None:
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token="s3cret")).start()
    try:
        call = {"id": "1", "method": "server_status", "params": {}}
        refused = {"id": None, "error": {"code": 401, "message": "a valid token is required: send 'Authorization: "
                                                                  "Bearer <token>'"}}
        missing = await rpc(server, call)
        assert (missing.status_code, missing.json()) == (401, refused)
        wrong = await rpc(server, call, headers={"Authorization": "Bearer wrong"})
        assert (wrong.status_code, wrong.json()) == (401, refused)
        allowed = await rpc(server, call, headers={"Authorization": "Bearer s3cret"})
        assert allowed.status_code == 200 and allowed.json()["result"]["status"] == "ok"
    finally:
        server.stop()
