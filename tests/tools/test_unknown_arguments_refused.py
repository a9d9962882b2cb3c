"""A misspelt argument of a seed-000/002 tool (and of call_tool_with_file_content) is refused by name, with the
listed argument it most likely means, instead of being dropped and the call answered as if it were absent
(`get_time {"tz": "Europe/Paris"}` answered in UTC). Over MCP in each tool's own error shape, over /rpc as 400."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.config import BridgeConfig
from bridge.tools import register_all
from bridge.tools.argument_names import nearest_name, unknown_message
from tests.support import ServerThread
from tests.test_rpc import rpc
from tests.tools.seed_calls import seed_failure, seed_success

pytestmark = pytest.mark.anyio

PRODUCTS = "Product,Price\nLaptop,1200\nBook,25"
MISSPELT: list[tuple[str, dict[str, Any], str, str]] = [  # tool, valid arguments, the misspelt key, what it means
    ("get_time", {}, "tz", "timezone"),
    ("text_processor", {"text": "hello there, friend", "operation": "format"}, "stlye", "style"),
    ("document_analyzer", {"content": "A short text. It reads well.", "analysis_type": "tone"}, "audience",
     "target_audience"),
    ("data_formatter", {"data": PRODUCTS, "output_format": "table"}, "sortBy", "sort_by"),
    ("file_reader", {"path": "notes.txt"}, "maxSize", "max_size"),
    ("web_content_fetcher", {"url": "https://example.com/"}, "maxLength", "max_length"),
    ("web_search", {"query": "word"}, "max_results", "maxResults"),
    ("http_get", {"url": "https://example.com/"}, "timout", "timeout"),
    ("get_weather", {"city": "Paris"}, "contry", "country"),
    ("get_random_user", {}, "Count", "count"),
]


@pytest.fixture
def allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORD_BRIDGE_LLM_URL", raising=False)
    (tmp_path / "notes.txt").write_text("hello")
    return tmp_path


def tools_server() -> MCPServer:
    server = MCPServer("test")
    register_all(server, None)  # type: ignore[arg-type]  # no tool here reaches the document
    return server


def test_the_nearest_listed_name() -> None:
    assert nearest_name("tz", ["timezone"]) == "timezone"
    assert nearest_name("stlye", ["text", "style", "tone"]) == "style"
    assert nearest_name("SORT-BY", ["sort_by", "sort_order"]) == "sort_by"
    assert nearest_name("audience", ["content", "target_audience", "document_type"]) == "target_audience"
    assert nearest_name("zzz", ["style", "tone"]) is None
    assert unknown_message(["zzz"], ["style", "tone"]) == ("Unknown argument 'zzz'. The arguments of this tool: "
                                                            "'style', 'tone'")
    assert unknown_message(["stlye", "zzz"], ["style"]) == ("Unknown arguments 'stlye', 'zzz': did you mean 'style' "
                                                            "for 'stlye'? The arguments of this tool: 'style'")


@pytest.mark.parametrize(("tool", "args", "key", "meant"), MISSPELT, ids=[case[0] for case in MISSPELT])
async def test_a_misspelt_argument_is_refused_over_mcp(allowed: Path, tool: str, args: dict[str, Any], key: str,
                                                       meant: str) -> None:
    async with Client(tools_server()) as client:
        error = await seed_failure(client, tool, {**args, key: 1})
    assert error.code == -32602
    assert error.message == f"Unknown argument '{key}': did you mean '{meant}'?"
    data = error.data
    assert data["error_type"] == "invalid_parameter" and data["parameter"] == key
    assert data["unknown_arguments"] == [key] and data["did_you_mean"] == {key: meant}
    assert meant in data["valid_arguments"] and data["suggestions"]


async def test_a_seed_002_refusal_carries_its_seed_code(allowed: Path) -> None:
    async with Client(tools_server()) as client:
        error = await seed_failure(client, "server_status", {"verbose": True})
        assert error.code == -32602 and error.data["status"] == 400
        assert error.message == "Unknown argument 'verbose'. The arguments of this tool: none"
        answer = await seed_success(client, "get_time", {"timezone": "Europe/Paris"})  # a listed one still works
    assert answer["time"]["data"]["timezone"] == "Europe/Paris"


async def test_the_listed_schemas_stay_as_the_seeds_write_them(allowed: Path) -> None:
    async with Client(tools_server()) as client:
        listed = {tool.name: tool.input_schema for tool in (await client.list_tools()).tools}
    for tool, *_ in MISSPELT:
        assert "additionalProperties" not in listed[tool], tool


async def test_file_tool_refuses_a_misspelt_argument_in_its_seed_shape(allowed: Path) -> None:
    (allowed / "rows.json").write_text('{"a": 1}')
    call = {"server": "word", "tool_name": "list_tools", "file_path": "rows.json", "tool_arg": {"x": 1}}
    async with Client(tools_server()) as client:
        result = await client.call_tool("call_tool_with_file_content", call)
        as_text = await client.call_tool("call_tool_with_file_content", {**call, "output_format": "string"})
    assert result.is_error and as_text.is_error
    body = json.loads(result.content[0].text)
    assert body["error"] == "Unknown argument 'tool_arg': did you mean 'tool_args'?"
    assert body["tool"] == "word:list_tools"
    assert as_text.content[0].text == ("Error in call_tool_with_file_content: Unknown argument 'tool_arg': did you "
                                       "mean 'tool_args'?")


@pytest.fixture
def bridge(certs_dir: Any, allowed: Path) -> Iterator[ServerThread]:
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    yield running
    running.stop()


async def answer(server: ServerThread, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = await rpc(server, {"id": "u-1", "method": method, "params": params})
    return response.status_code, response.json()


async def test_a_misspelt_argument_is_refused_over_rpc(bridge: ServerThread) -> None:
    for method, params, message in [
        ("get_time", {"tz": "Europe/Paris"}, "Unknown argument 'tz': did you mean 'timezone'?"),
        ("list_tools", {"verbose": True}, "Unknown argument 'verbose'. The arguments of this tool: none"),
        ("text_processor", {"text": "hello there", "operation": "format", "stlye": "casual"},
         "Unknown argument 'stlye': did you mean 'style'?"),
        ("file_reader", {"path": "notes.txt", "maxSize": 1}, "Unknown argument 'maxSize': did you mean 'max_size'?"),
    ]:
        assert await answer(bridge, method, params) == (400, {"id": "u-1", "error": {"code": 400,
                                                                                       "message": message}}), method


async def test_edit_task_and_list_documents_keep_their_own_handling(bridge: ServerThread) -> None:
    status, body = await answer(bridge, "listDocuments", {"verbose": True})
    assert status == 200 and body["result"] == {"documents": [], "success": True}
    status, body = await answer(bridge, "editTask", {"content": "hi", "taskId": "u-2", "documnet": "x"})
    assert status == 200 and body["result"]["code"] == "E_NOT_FOUND"  # no pane: the edit is answered, not refused
