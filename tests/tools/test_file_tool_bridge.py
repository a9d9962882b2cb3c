"""call_tool_with_file_content through the real bridge: MCP over HTTPS → the bridge's own `editTask` (server
`word`, in process) → a pane over a real WSS connection. The CSV's rows reach the pane as a table.create op,
never the MCP client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
YAML_PEOPLE = "- name: John\n  age: 30\n- name: Jane\n  age: 25\n"


@pytest.fixture
def bridge(certs_dir, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=10.0)).start()
    yield running
    running.stop()


async def table_pane(command: dict[str, Any]) -> dict[str, Any]:
    args = command["op"]["args"]
    return {"ok": True, "op": command["op"]["op"], "diagnostics": [],
            "data": {"tableId": "tbl_1", "rows": args["rows"], "cols": args["cols"]}}


def word_call(file_path: str, **meta_args: Any) -> dict[str, Any]:
    return {"server": "word", "tool_name": "editTask", "file_path": file_path, "data_key": "meta.args.data",
            "tool_args": {"content": "People table",
                          "meta": {"type": "word.op", "op": "table.create", "version": "1.0", "args": meta_args}}}


async def test_a_csv_becomes_a_table_create_op(bridge, tmp_path):
    (tmp_path / "people.csv").write_text("name,email,age\nJohn,john@example.com,30\nJane,jane@example.com,25\n")
    pane = await FakePane(bridge, title="People.docx", handler=table_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, word_call("people.csv", scope="document", location="end"))
    finally:
        await pane.close()
    assert not result.is_error, result.content
    response = json.loads(result.content[0].text)  # type: ignore[union-attr]
    envelope = response["structuredContent"]
    assert envelope["ok"] is True and envelope["data"] == {"tableId": "tbl_1", "rows": 3, "cols": 3}
    (command,) = pane.received
    op = command["op"]
    assert op["op"] == "table.create"
    assert op["args"]["header"] is True and op["args"]["rows"] == 3 and op["args"]["cols"] == 3
    assert [[str(v) for v in row] for row in op["args"]["data"]] == [
        ["name", "email", "age"], ["John", "john@example.com", "30"], ["Jane", "jane@example.com", "25"]]


async def test_five_thousand_rows_in_one_op(bridge, tmp_path):
    lines = ["id,name,region,amount"] + [f"{i},Customer {i},Region {i % 7},{i * 3.5}" for i in range(5000)]
    (tmp_path / "big.csv").write_text("\n".join(lines) + "\n")
    pane = await FakePane(bridge, handler=table_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, {**word_call("big.csv"), "output_format": "string"})
    finally:
        await pane.close()
    assert not result.is_error, result.content
    assert json.loads(result.content[0].text)["data"]["rows"] == 5001  # type: ignore[union-attr]
    (command,) = pane.received
    data = command["op"]["args"]["data"]
    assert len(data) == 5001 and [str(v) for v in data[4321 + 1]] == ["4321", "Customer 4321", "Region 2", "15123.5"]
    assert len(result.content[0].text) < 2000  # type: ignore[union-attr]  # the rows did not come back either


async def test_no_pane_is_the_upstream_failure(bridge, tmp_path):
    (tmp_path / "people.csv").write_text("name\nAda\n")
    async with mcp_client(bridge.config) as client:
        result = await client.call_tool(NAME, {**word_call("people.csv"), "output_format": "string"})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("Error in call_tool_with_file_content: Upstream tool 'editTask' failed:")
    assert "E_NOT_FOUND" in text


BATCH_META = {"type": "word.op", "op": "batch", "version": "1.0",
              "args": {"ops": [{"op": "table.create", "args": {"scope": "document", "location": "end"}},
                               {"op": "insertText", "args": {"text": "Source: people.csv", "scope": "document",
                                                             "location": "end"}}]}}


async def batch_pane(command: dict[str, Any]) -> dict[str, Any]:
    ops = command["op"]["args"]["ops"]
    return {"ok": True, "op": "batch", "diagnostics": [],
            "data": {"results": [{"ok": True, "op": op["op"], "data": {}} for op in ops]}}


@pytest.mark.parametrize("data_key", ["meta.args.ops[0].args.data", "meta.args.ops.0.args.data"])
async def test_a_csv_feeds_the_first_op_of_a_batch(bridge, tmp_path, data_key):
    (tmp_path / "people.csv").write_text("name,age\nAda,36\n")
    pane = await FakePane(bridge, handler=batch_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, {"server": "word", "tool_name": "editTask", "file_path": "people.csv",
                                                   "data_key": data_key, "output_format": "string",
                                                   "tool_args": {"content": "People", "meta": BATCH_META}})
    finally:
        await pane.close()
    assert not result.is_error, result.content
    (command,) = pane.received
    first = command["op"]["args"]["ops"][0]
    assert first["op"] == "table.create" and [[str(v) for v in row] for row in first["args"]["data"]] == [
        ["name", "age"], ["Ada", "36"]]


async def test_an_op_refusing_the_files_content_names_data_key(bridge, tmp_path):
    (tmp_path / "people.json").write_text('{"name": "Ada"}')
    async with mcp_client(bridge.config) as client:
        result = await client.call_tool(NAME, {"server": "word", "tool_name": "editTask", "file_path": "people.json",
                                               "data_key": "meta.args.ops[0].args.data", "output_format": "string",
                                               "tool_args": {"content": "People", "meta": BATCH_META}})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert "args.ops[0].args.data" in text
    assert text.endswith("(that is where data_key 'meta.args.ops[0].args.data' put the file's content: "
                         "an object of 1 key)")


async def text_pane(command: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "op": command["op"]["op"], "diagnostics": [], "data": {}}


async def test_edit_task_content_from_yaml_is_json_text(bridge, tmp_path):
    (tmp_path / "people.yaml").write_text(YAML_PEOPLE)
    pane = await FakePane(bridge, handler=text_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, {"server": "word", "tool_name": "editTask",
                                                   "file_path": "people.yaml", "data_key": "content",
                                                   "output_format": "string"})
    finally:
        await pane.close()
    assert not result.is_error, result.content
    (command,) = pane.received
    assert command["op"]["op"] == "insertText"  # the legacy form: content is the text to insert
    assert command["op"]["args"]["text"] == '[{"name":"John","age":30},{"name":"Jane","age":25}]'
    assert result.content[-1].text.endswith("converted from YAML to JSON text")  # type: ignore[union-attr]
