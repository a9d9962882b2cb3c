"""call_tool_with_file_content through an MCP client: the seed's schema, both output formats (answers and errors),
the size limit, traversal and symlink escapes, response storage, and the built-in `word` server (this server's
own tools, called in process)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ImageContent, ResourceLink, TextContent

from bridge.tools import file_tool
from tests.tools.upstream_stdio import PNG_1PX

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
SEED_PROPERTIES = {  # seed 003's inputSchema: names, types and the output_format enum
    "server": "string", "tool_name": "string", "file_path": "string", "data_key": "string", "tool_args": "object",
    "output_format": "string", "description": "string", "storage_path": "string", "filename": "string",
    "response_format": "string",
}
USERS_CSV = "name,email,age\nJohn,john@example.com,30\nJane,jane@example.com,25\n"
USERS = [{"name": "John", "email": "john@example.com", "age": 30}, {"name": "Jane", "email": "jane@example.com",
                                                                   "age": 25}]


INSERTED: list[str] = []
"""Tables `bulk_insert` was called for: a call that should not happen shows up here."""


def build() -> MCPServer:
    """A server with the file tool and a few tools of its own, reached as server `word`."""
    server = MCPServer("t")
    file_tool.register(server, None)

    @server.tool()
    def bulk_insert(records: list[dict[str, Any]], table: str, validate: bool = False) -> str:
        INSERTED.append(table)
        return f"Successfully inserted {len(records)} records into {table} table"

    @server.tool()
    def inspect(records: Any = None, table: Any = None, meta: Any = None, database: Any = None) -> dict[str, Any]:
        return {k: v for k, v in {"records": records, "table": table, "meta": meta, "database": database}.items()
                if v is not None}

    @server.tool()
    def squat(records: Any = None, path: str = "") -> str:
        Path(path).write_text("written by the tool meanwhile")
        return "done"

    @server.tool()
    def picture() -> CallToolResult:
        return CallToolResult(content=[ImageContent(type="image", data=PNG_1PX, mime_type="image/png")])

    @server.tool()
    def refuse(records: Any = None) -> CallToolResult:
        return CallToolResult(content=[TextContent(type="text", text="Invalid data format")], is_error=True)

    return server


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "users.csv").write_text(USERS_CSV)
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORD_BRIDGE_MCP_CONFIG", raising=False)
    return allowed


async def call(args: dict[str, Any], server: MCPServer | None = None) -> CallToolResult:
    async with Client(server or build()) as client:
        return await client.call_tool(NAME, args)


def texts(result: CallToolResult) -> list[str]:
    return [item.text for item in result.content if isinstance(item, TextContent)]


def error_text(result: CallToolResult) -> str:
    assert result.is_error, result
    return texts(result)[0]


async def test_the_listed_schema_is_the_seeds():
    async with Client(build()) as client:
        tool = next(t for t in (await client.list_tools()).tools if t.name == NAME)
    schema = tool.input_schema
    assert {name: prop["type"] for name, prop in schema["properties"].items()} == SEED_PROPERTIES
    assert schema["required"] == ["server", "tool_name", "file_path"]
    assert schema["properties"]["output_format"]["enum"] == ["json", "string"]
    assert all("default" not in prop for prop in schema["properties"].values())  # the seed's are optional, no defaults
    assert tool.annotations is not None and tool.annotations.destructive_hint is True


async def test_seed_bulk_insert_string_output(files):
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"table": "users"}, "output_format": "string"})
    assert not result.is_error and texts(result) == ["Successfully inserted 2 records into users table"]


async def test_json_output_is_the_full_upstream_response(files):
    args = {"server": "word", "tool_name": "inspect", "file_path": str(files / "users.csv"), "data_key": "records",
            "tool_args": {"table": "customers"}}
    result = await call(args)
    response = json.loads(texts(result)[0])
    assert response["isError"] is False and response["structuredContent"] == {"records": USERS, "table": "customers"}
    assert response["content"][0]["type"] == "text"
    assert texts(result)[0] == json.dumps(response, indent=2, ensure_ascii=False)  # pretty-printed
    assert texts(await call({**args, "output_format": "json"})) == texts(result)


async def test_string_output_without_text_is_the_content_as_json(files):
    result = await call({"server": "word", "tool_name": "picture", "file_path": "users.csv", "data_key": "x",
                         "output_format": "string"})
    assert json.loads(texts(result)[0]) == [{"type": "image", "data": PNG_1PX, "mimeType": "image/png"}]


async def test_case_1_file_content_is_the_whole_arguments(files):
    (files / "config.yaml").write_text("database:\n  host: localhost\n  port: 5432\n")
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "config.yaml",
                         "output_format": "string"})
    assert json.loads(texts(result)[0]) == {"database": {"host": "localhost", "port": 5432}}
    refused = await call({"server": "word", "tool_name": "inspect", "file_path": "users.csv", "output_format": "string"})
    assert error_text(refused) == ("Error in call_tool_with_file_content: The file's content is an array, but tool "
                                   "arguments must be an object: give data_key to pass the content under a parameter name")


async def test_conflict_warning_is_in_the_result(files):
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"records": "old", "table": "t"}, "output_format": "string"})
    assert not result.is_error
    answer, warning = texts(result)
    assert json.loads(answer) == {"records": USERS, "table": "t"}
    assert warning == "Warning: data_key 'records' conflicts with existing tool_args. File content will overwrite."


async def test_dotted_data_key_creates_args_inside_meta(files):
    meta = {"type": "word.op", "op": "table.create", "version": "1.0"}
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "users.csv",
                         "data_key": "meta.args.data", "tool_args": {"meta": meta}, "output_format": "string"})
    assert json.loads(texts(result)[0]) == {"meta": {**meta, "args": {"data": USERS}}}


def _iso(text: str) -> dt.datetime:
    assert text.endswith("Z") and len(text) == len("2024-01-01T00:00:00.000Z")
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


async def test_errors_in_both_formats(files):
    args = {"server": "word", "tool_name": "bulk_insert", "file_path": "missing.csv", "data_key": "records"}
    as_string = await call({**args, "output_format": "string"})
    assert error_text(as_string) == "Error in call_tool_with_file_content: File 'missing.csv' does not exist or is " \
                                    "not readable"
    as_json = json.loads(error_text(await call(args)))
    assert list(as_json) == ["error", "tool", "timestamp"]
    assert as_json["error"] == "File 'missing.csv' does not exist or is not readable"
    assert as_json["tool"] == "word:bulk_insert"
    assert abs((dt.datetime.now(dt.UTC) - _iso(as_json["timestamp"])).total_seconds()) < 60


async def test_upstream_tool_failure_texts(files):
    failed = await call({"server": "word", "tool_name": "refuse", "file_path": "users.csv", "data_key": "records",
                         "output_format": "string"})
    assert error_text(failed) == ("Error in call_tool_with_file_content: Upstream tool 'refuse' failed: "
                                  "Invalid data format")
    as_json = json.loads(error_text(await call({"server": "word", "tool_name": "refuse", "file_path": "users.csv",
                                                "data_key": "records"})))
    assert as_json["error"] == "Upstream tool 'refuse' failed: Invalid data format"
    assert as_json["response"]["isError"] is True  # the upstream's own answer, kept
    invalid = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "rows",
                          "output_format": "string"})
    assert error_text(invalid).startswith("Error in call_tool_with_file_content: Upstream tool 'bulk_insert' failed:")
    assert "records" in error_text(invalid)


async def test_word_server_names_its_tools_and_refuses_recursion(files):
    unknown = await call({"server": "word", "tool_name": "nope", "file_path": "users.csv", "data_key": "r",
                          "output_format": "string"})
    assert "Unknown tool 'nope' on server 'word'. Available tools: bulk_insert, call_tool_with_file_content" \
        in error_text(unknown)
    itself = await call({"server": "word", "tool_name": NAME, "file_path": "users.csv", "data_key": "r",
                         "output_format": "string"})
    assert error_text(itself).endswith("Tool 'call_tool_with_file_content' cannot call itself")


async def test_unknown_server_lists_the_configured_ones(files, tmp_path):
    result = await call({"server": "database-mcp", "tool_name": "bulk_insert", "file_path": "users.csv",
                         "output_format": "string"})
    assert error_text(result) == (
        "Error in call_tool_with_file_content: Unknown server 'database-mcp'. Configured servers: word. 'word' is "
        f"this bridge; upstream servers are read from {tmp_path / 'data' / 'mcp.json'} (no such file; create it or "
        "set WORD_BRIDGE_MCP_CONFIG)")


async def test_invalid_arguments_are_seed_errors(files):
    cases = [
        ({"tool_name": "t", "file_path": "users.csv"}, "Invalid server: required (a non-empty string)"),
        ({"server": 3, "tool_name": "t", "file_path": "users.csv"}, "Invalid server: must be a string"),
        ({"server": "word", "tool_name": "t", "file_path": "users.csv", "tool_args": [1]},
         "Invalid tool_args: must be an object"),
        ({"server": "word", "tool_name": "t", "file_path": "users.csv", "output_format": "xml"},
         "Invalid output_format: must be one of json, string"),
        ({"server": "word", "tool_name": "t", "file_path": "users.csv", "response_format": "csv"},
         "Invalid response_format: must be one of json, string"),
    ]
    for args, message in cases:
        body = json.loads(error_text(await call(args)))
        assert body["error"] == message, args


async def test_tool_args_as_a_json_string_is_accepted(files):
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
                         "tool_args": json.dumps({"table": "users"}), "output_format": "string"})
    assert texts(result) == ["Successfully inserted 2 records into users table"]


# ---- files: the fence and the size limit -------------------------------------------------------------------
async def test_file_size_limit(files):
    big = files / "big.csv"
    with big.open("wb") as handle:
        handle.truncate(10 * 1024 * 1024 + 1)
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "big.csv", "data_key": "records",
                         "output_format": "string"})
    assert error_text(result) == ("Error in call_tool_with_file_content: File size 10485761 bytes exceeds maximum "
                                  "allowed size of 10485760 bytes (10MB)")
    at_limit = files / "limit.txt"
    at_limit.write_bytes(b"x" * (10 * 1024 * 1024))
    ok = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "limit.txt", "data_key": "records",
                     "output_format": "string"})
    assert "Upstream tool 'bulk_insert' failed" in error_text(ok)  # read and passed on (a string is not records)


async def test_traversal_and_outside_paths_are_refused(files, tmp_path):
    (tmp_path / "secret.csv").write_text("a\n1\n")
    for path in ("../secret.csv", str(tmp_path / "secret.csv"), "sub/../../secret.csv"):
        result = await call({"server": "word", "tool_name": "inspect", "file_path": path, "data_key": "records",
                             "output_format": "string"})
        assert error_text(result) == (f"Error in call_tool_with_file_content: File path '{path}' is not within "
                                      f"allowed directories ({files})")


async def test_symlink_escapes_are_refused(files, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.csv").write_text("a\n1\n")
    (files / "link.csv").symlink_to(outside / "secret.csv")
    (files / "dir").symlink_to(outside, target_is_directory=True)
    (files / "inside.csv").symlink_to(files / "users.csv")
    for path in ("link.csv", "dir/secret.csv"):
        result = await call({"server": "word", "tool_name": "inspect", "file_path": path, "data_key": "records",
                             "output_format": "string"})
        assert "is not within allowed directories" in error_text(result), path
    ok = await call({"server": "word", "tool_name": "inspect", "file_path": "inside.csv", "data_key": "records",
                     "output_format": "string"})
    assert json.loads(texts(ok)[0]) == {"records": USERS}  # a link that stays inside is fine


async def test_a_directory_is_not_readable(files):
    (files / "folder.csv").mkdir()
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "folder.csv", "data_key": "r",
                         "output_format": "string"})
    assert "File 'folder.csv' does not exist or is not readable" in error_text(result)


async def test_parse_errors_reach_the_client_with_their_line(files):
    (files / "bad.csv").write_text("a,b\n1,2\n3,4,5\n")
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "bad.csv", "data_key": "records",
                         "output_format": "string"})
    assert error_text(result) == ("Error in call_tool_with_file_content: Failed to parse CSV file: Invalid format at "
                                  "line 3: 3 field(s) where the header has 2")


# ---- response storage --------------------------------------------------------------------------------------
async def test_response_storage_returns_a_resource_link(files):
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "users.csv", "data_key": "records",
                         "storage_path": "responses", "filename": "inserted.json", "description": "Inserted users"})
    assert not result.is_error
    link = next(item for item in result.content if isinstance(item, ResourceLink))
    stored = files / "responses" / "inserted.json"
    assert str(link.uri) == stored.as_uri() and link.name == "inserted.json"
    assert link.description == "Inserted users" and link.mime_type == "application/json"
    body = json.loads(stored.read_text())
    assert body["structuredContent"] == {"records": USERS} and link.size == stored.stat().st_size
    assert str(stored) in texts(result)[0] or stored.as_uri() in texts(result)[0]
    assert "John" not in "".join(texts(result))  # the response itself stays out of the context


async def test_storage_as_text_with_a_default_name(files):
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"table": "users"}, "response_format": "string"})
    link = next(item for item in result.content if isinstance(item, ResourceLink))
    assert link.name.startswith("word_bulk_insert_") and link.name.endswith(".txt")
    assert (files / link.name).read_text() == "Successfully inserted 2 records into users table"
    assert link.mime_type == "text/plain"


async def test_storage_outside_or_over_an_existing_file_is_refused_before_the_call(files, tmp_path):
    base = {"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
            "tool_args": {"table": "refused"}, "output_format": "string"}
    outside = await call({**base, "storage_path": str(tmp_path)})
    assert error_text(outside).startswith(f"Error in call_tool_with_file_content: Storage path '{tmp_path}' is not "
                                          "within allowed directories")
    escape = await call({**base, "storage_path": "../elsewhere"})
    assert "is not within allowed directories" in error_text(escape)
    assert not (tmp_path / "elsewhere").exists()
    sneaky = await call({**base, "filename": "../x.json"})
    assert "Invalid filename '../x.json'" in error_text(sneaky)
    (files / "taken.txt").write_text("keep me")
    taken = await call({**base, "filename": "taken.txt"})
    assert "already exists" in error_text(taken) and (files / "taken.txt").read_text() == "keep me"
    (files / "trap.txt").symlink_to(tmp_path / "written-outside.txt")
    trap = await call({**base, "filename": "trap.txt"})
    assert "is not within allowed directories" in error_text(trap)
    assert not (tmp_path / "written-outside.txt").exists()
    assert "refused" not in INSERTED  # no refusal cost a call


async def test_a_file_that_appears_during_the_call_is_not_overwritten(files):
    result = await call({"server": "word", "tool_name": "squat", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"path": str(files / "out.txt")}, "filename": "out.txt",
                         "response_format": "string"})
    body = json.loads(error_text(result))
    assert body["error"] == (f"The tool call succeeded but its response could not be stored: File "
                             f"'{files / 'out.txt'}' already exists; choose another filename")
    assert body["response"]["content"][0]["text"] == "done"  # the answer is not lost
    assert (files / "out.txt").read_text() == "written by the tool meanwhile"


async def test_storage_failure_after_the_call_is_still_an_error(files):
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv",
                         "data_key": "records", "tool_args": {"table": "u"}, "storage_path": "users.csv/new-dir",
                         "output_format": "string"})
    assert "Storage path 'users.csv/new-dir' cannot be created" in error_text(result)
