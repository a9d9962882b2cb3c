"""Paths with control characters (NUL, line breaks, …) or lone surrogates: refused as invalid input naming the
argument and the reason, never an "Internal error" with a ValueError and a logged traceback — in file_reader,
call_tool_with_file_content (file_path, storage_path, filename) and the allowed-directory fence itself."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent

from bridge.tools import file_reader, file_tool
from bridge.tools.allowed_paths import InvalidPath, path_problem, resolve_allowed
from tests.tools.seed_calls import seed_failure, seed_success

pytestmark = pytest.mark.anyio

BAD_PATHS = [
    ("files/hello.txt\u0000.csv", "NUL at character 16"),
    ("files/hello\n.txt", "U+000A at character 12"),
    ("files/\thello.txt", "U+0009 at character 7"),
    ("files/hello\u007f.txt", "U+007F at character 12"),
    ("files/hello\u0085.txt", "U+0085 at character 12"),
]


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    allowed = tmp_path / "allowed"
    (allowed / "files").mkdir(parents=True)
    (allowed / "files" / "hello.txt").write_text("hello", encoding="utf-8")
    (allowed / "users.csv").write_text("name,age\nJohn,30\n", encoding="utf-8")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORD_BRIDGE_MCP_CONFIG", raising=False)
    return allowed


def server() -> MCPServer:
    s = MCPServer("t")
    file_reader.register(s)
    file_tool.register(s, None)
    return s


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize(("path", "where"), BAD_PATHS)
async def test_file_reader_refuses_control_characters_as_invalid_path(
        root: Path, caplog: pytest.LogCaptureFixture, path: str, where: str) -> None:
    caplog.set_level(logging.DEBUG)
    async with Client(server()) as client:
        err = await seed_failure(client, "file_reader", {"path": path})
        assert (await seed_success(client, "file_reader", {"path": "files/hello.txt"}))["content"] == "hello"
    assert err.error.code == -32602
    assert err.error.message == f"Invalid path: contains a control character ({where})"
    assert err.error.data["error_type"] == "invalid_parameter" and err.error.data["parameter"] == "path"
    assert err.error.data["provided_value"] == path
    no_traceback(caplog)


async def test_file_reader_refuses_a_lone_surrogate(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    async with Client(server()) as client:
        err = await seed_failure(client, "file_reader", {"path": "files/\ud800.txt"})
    assert err.error.code == -32602 and err.error.data["parameter"] == "path"
    assert "cannot encode" in err.error.message and "Internal error" not in err.error.message
    no_traceback(caplog)


def error_of(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error
    first = result.content[0]
    assert isinstance(first, TextContent)
    return json.loads(first.text)


@pytest.mark.parametrize(("argument", "extra"), [
    ("file_path", {}),
    ("storage_path", {"file_path": "users.csv"}),
    ("filename", {"file_path": "users.csv"}),
])
async def test_call_tool_with_file_content_refuses_control_characters(
        root: Path, caplog: pytest.LogCaptureFixture, argument: str, extra: dict[str, str]) -> None:
    caplog.set_level(logging.DEBUG)
    args = {"server": "word", "tool_name": "file_reader", **extra, argument: "users\u0000.csv"}
    async with Client(server()) as client:
        as_json = error_of(await client.call_tool("call_tool_with_file_content", args))
        as_text = await client.call_tool("call_tool_with_file_content", {**args, "output_format": "string"})
    assert as_json["error"] == f"Invalid {argument}: contains a control character (NUL at character 6)"
    assert as_json["tool"] == "word:file_reader"
    assert isinstance(as_text.content[0], TextContent) and as_text.content[0].text == (
        f"Error in call_tool_with_file_content: Invalid {argument}: contains a control character (NUL at character 6)")
    assert "ValueError" not in json.dumps(as_json)
    no_traceback(caplog)


def test_the_fence_says_why_a_path_is_invalid(tmp_path: Path) -> None:
    dirs = [tmp_path.resolve()]
    with pytest.raises(InvalidPath) as info:
        resolve_allowed("a\u0000b.txt", dirs)
    assert isinstance(info.value, ValueError) and info.value.reason == "contains a control character (NUL at character 2)"
    assert path_problem("files/Café – ü.txt") is None and path_problem("C:\\Users\\user\\file.txt") is None
    assert path_problem("x\ud800") is not None
    assert resolve_allowed("files/Café.txt", dirs) == dirs[0] / "files" / "Café.txt"
