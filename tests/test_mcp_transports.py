"""MCP through each transport: in-memory Client(server), a real `word-bridge stdio` subprocess, and the CLI."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from typing import Annotated, Any

import pytest
from jsonschema import Draft202012Validator
from mcp import Client, StdioServerParameters
from mcp.shared.inbound import validate_mcp_param_headers
from pydantic import WithJsonSchema

from bridge.config import BridgeConfig
from bridge.word.hub import Hub
from bridge.server.flat_schema import inline_refs
from bridge.server.mcp_tools import EDIT_TASK_DESCRIPTION, build_mcp_server
from bridge.word.service import EditService
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class InProcessPane:
    """The pane's side of the hub, answering in the same event loop (no socket)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.session = hub.attach({"type": "hello", "protocol": 1, "session": None,
                                   "document": {"title": "Memo.docx"}, "host": {"platform": "Simulator"}}, self)
        self.commands: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.commands.append(message)
        op = message["op"]
        result = {"ok": True, "op": op["op"], "data": {"args": op["args"]}, "diagnostics": []}
        asyncio.get_running_loop().call_soon(self.hub.on_result, self.session,
                                             {"type": "ai-result", "id": message["id"], "result": result})

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.hub.detach(self.session, self)


async def test_in_memory_client_lists_tools_with_a_usable_description():
    hub = Hub()
    server = build_mcp_server(EditService(hub))
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    edit = tools["editTask"]
    assert "required" not in edit.input_schema, "content is optional when meta is given"
    assert set(edit.input_schema["properties"]) >= {"content", "meta", "action", "target", "taskId", "document"}
    # The description teaches every op so a model can author meta unaided.
    for op in ("insertText", "getSelection", "search", "replace", "insertPicture", "table.create",
               "table.mergeCells", "table.applyStyle", "applyStyle", "listStyles"):
        assert op in edit.description
    assert edit.description.startswith(EDIT_TASK_DESCRIPTION[:40])
    assert edit.output_schema is not None and "ok" in edit.output_schema["properties"]


async def test_in_memory_client_runs_edit_task_against_a_pane():
    hub = Hub()
    pane = InProcessPane(hub)
    server = build_mcp_server(EditService(hub))
    async with Client(server) as client:
        result = await client.call_tool("editTask", {"content": "bold it", "meta": meta(
            "applyStyle", char={"bold": True, "color": "red", "fontSize": "16px"})})
        listed = await client.call_tool("listDocuments", {})
    assert result.is_error is False
    args = result.structured_content["data"]["args"]
    assert args["char"] == {"bold": True, "color": "#FF0000", "fontSize": 12}
    assert listed.structured_content["documents"][0]["title"] == "Memo.docx"
    assert pane.commands[0]["type"] == "ai-cmd"


async def test_in_memory_error_result_is_flagged():
    hub = Hub()
    server = build_mcp_server(EditService(hub))
    async with Client(server) as client:
        result = await client.call_tool("editTask", {"content": "x", "meta": {"type": "word.op", "op": "search",
                                                                             "version": "1.0", "args": {}}})
    assert result.is_error is True
    assert result.structured_content["code"] == "E_INVALID_ARG"
    assert result.structured_content["diagnostics"][0]["field"] == "args.query"


def _stdio_params(port: int, certs_dir: Any) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "bridge", "stdio", "--port", str(port), "--certs", str(certs_dir)],
                                 cwd=ROOT)


async def test_stdio_forwards_to_the_bridge_already_on_the_port(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        pane = await FakePane(server, title="Shared.docx").connect()
        async with Client(_stdio_params(server.config.port, certs_dir)) as client:
            result = await client.call_tool("editTask", {"content": "x", "meta": meta("insertText", text="via stdio")})
            listed = await client.call_tool("listDocuments", {})
        assert result.structured_content["ok"] is True
        assert result.structured_content["data"]["echo"]["text"] == "via stdio"
        assert listed.structured_content["documents"][0]["title"] == "Shared.docx"
        await pane.close()
    finally:
        server.stop()


async def test_stdio_serves_the_pane_itself_when_the_port_is_free(certs_dir, unused_tcp_port):
    config = BridgeConfig(port=unused_tcp_port, certs_dir=certs_dir)
    async with Client(_stdio_params(unused_tcp_port, certs_dir)) as client:
        # The stdio process now serves /ws on the port: connect a pane to it.
        probe = _PortServer(config)
        await wait_until(probe.ready, timeout=15)
        pane = await FakePane(probe).connect()
        result = await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection")})
        assert result.structured_content["ok"] is True
        assert result.structured_content["document"]["id"] == pane.session
        await pane.close()


class _PortServer:
    """Just enough of ServerThread for FakePane to reach a bridge run by another process."""

    def __init__(self, config: BridgeConfig) -> None:
        self.config = config
        self.ws_url = f"wss://localhost:{config.port}/ws"

    def client_ssl(self):
        from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting

        return ssl_context_trusting(ensure_dev_certs(self.config.certs_dir))

    def ready(self) -> bool:
        from bridge.setup.probe import bridge_is_running

        return bridge_is_running(self.config)


async def test_cli_call_prints_the_envelope(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        pane = await FakePane(server).connect()
        command = [sys.executable, "-m", "bridge", "call", "insertText", json.dumps({"text": "from the shell"}),
                   "--port", str(server.config.port), "--certs", str(certs_dir)]
        done = await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert done.returncode == 0, done.stderr
        envelope = json.loads(done.stdout)
        assert envelope["ok"] is True and envelope["data"]["echo"]["text"] == "from the shell"
        bad = await asyncio.to_thread(subprocess.run, command[:5] + ["{}"] + command[6:], capture_output=True,
                                      text=True, cwd=ROOT, timeout=60)
        assert bad.returncode == 1 and json.loads(bad.stdout)["code"] == "E_INVALID_ARG"
        await pane.close()
    finally:
        server.stop()


async def test_sessions_of_long_gone_panes_are_forgotten():
    hub = Hub(forget_after=0.05)
    gone = InProcessPane(hub)
    await gone.close()
    await asyncio.sleep(0.1)
    fresh = InProcessPane(hub)
    assert hub.session(gone.session.id) is None and hub.session(fresh.session.id) is fresh.session


async def test_a_second_stdio_client_forwards_to_the_first(certs_dir, unused_tcp_port):
    params = _stdio_params(unused_tcp_port, certs_dir)
    async with Client(params) as first, Client(params) as second:
        probe = _PortServer(BridgeConfig(port=unused_tcp_port, certs_dir=certs_dir))
        await wait_until(probe.ready, timeout=15)
        pane = await FakePane(probe, title="Together.docx").connect()
        for client in (first, second):
            listed = await client.call_tool("listDocuments", {})
            assert [d["title"] for d in listed.structured_content["documents"]] == ["Together.docx"]
        await pane.close()


async def test_string_arguments_reach_edit_task_as_sent():
    """The SDK JSON-decodes string arguments of loosely typed parameters: content '["a"]' became a list and was
    refused, "null" became no content, and document "null" picked the default document."""
    hub = Hub()
    pane = InProcessPane(hub)
    server = build_mcp_server(EditService(hub))
    async with Client(server) as client:
        for text in ('["a", "b"]', "null", "true", '{"x": 1}'):
            inserted = await client.call_tool("editTask", {"content": text, "action": "insert", "target": "cursor"})
            assert inserted.is_error is False, inserted.structured_content
            assert pane.commands[-1]["op"]["args"]["text"] == text
        keyed = await client.call_tool("editTask", {"content": "[1]", "meta": meta("getSelection"), "taskId": "[1]"})
        named = await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection"), "document": "null"})
    assert keyed.structured_content["taskId"] == "[1]"
    assert pane.commands[-1]["content"] == "[1]"
    assert named.structured_content["code"] == "E_NOT_FOUND", named.structured_content


async def test_results_match_the_advertised_output_schemas():
    hub = Hub()
    InProcessPane(hub)
    server = build_mcp_server(EditService(hub))
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        done = await client.call_tool("editTask", {"meta": meta("getSelection"), "taskId": "t-1"})
        repeated = await client.call_tool("editTask", {"meta": meta("getSelection"), "taskId": "t-1"})
        refused = await client.call_tool("editTask", {"meta": meta("search")})
        listed = await client.call_tool("listDocuments", {})
    assert refused.is_error and refused.structured_content["code"] == "E_INVALID_ARG"
    assert repeated.structured_content["diagnostics"], "a repeat says so"
    for name in ("editTask", "listDocuments"):
        schema = tools[name].output_schema
        assert schema is not None and "$ref" not in json.dumps(schema), "flat: some clients resolve no $ref"
        Draft202012Validator.check_schema(schema)
    edit_schema = Draft202012Validator(tools["editTask"].output_schema)
    for result in (done, repeated, refused):
        edit_schema.validate(result.structured_content)
    Draft202012Validator(tools["listDocuments"].output_schema).validate(listed.structured_content)
    assert listed.structured_content["documents"][0]["title"] == "Memo.docx"


async def test_every_listed_output_schema_is_flat_and_real_results_match_it():
    """Pydantic nests result models under $defs; the listing writes each $ref out, so clients that resolve none
    still see every field."""
    server = build_mcp_server(EditService(Hub()))
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        results = {
            "get_time": await client.call_tool("get_time", {"timezone": "Europe/Paris"}),
            "list_tools": await client.call_tool("list_tools", {}),
            "document_analyzer": await client.call_tool(
                "document_analyzer", {"content": "The cat sat on the mat. It was happy there.", "analysis_type": "comprehensive"}),
        }
    for name, tool in tools.items():
        if tool.output_schema is not None:
            assert "$ref" not in json.dumps(tool.output_schema) and "$defs" not in tool.output_schema, name
            Draft202012Validator.check_schema(tool.output_schema)
    for name, result in results.items():
        assert not result.is_error, result
        Draft202012Validator(tools[name].output_schema).validate(result.structured_content)
    # The nested parts are spelled out, not left as references.
    analyzer = tools["document_analyzer"].output_schema
    assert analyzer is not None and "properties" in json.dumps(analyzer["properties"])


def test_a_recursive_schema_is_published_as_it_is():
    recursive = {"$defs": {"Node": {"type": "object", "properties": {"children": {"type": "array",
                                                                                   "items": {"$ref": "#/$defs/Node"}}}}},
                 "$ref": "#/$defs/Node"}
    assert inline_refs(recursive) is recursive
    nested = {"$defs": {"Inner": {"type": "object", "properties": {"n": {"type": "integer"}}}},
              "type": "object", "properties": {"a": {"$ref": "#/$defs/Inner", "description": "first"},
                                               "b": {"anyOf": [{"$ref": "#/$defs/Inner"}, {"type": "null"}]}}}
    assert inline_refs(nested) == {"type": "object", "properties": {
        "a": {"type": "object", "properties": {"n": {"type": "integer"}}, "description": "first"},
        "b": {"anyOf": [{"type": "object", "properties": {"n": {"type": "integer"}}}, {"type": "null"}]}}}


def test_mcp_param_headers_are_checked_for_tools_that_declare_them():
    """The SDK's header check is skipped only where it could never find anything: tools without x-mcp-header."""
    server = build_mcp_server(EditService(Hub()))

    @server.tool(name="regional")
    def regional(region: Annotated[str, WithJsonSchema({"type": "string", "x-mcp-header": "Region"})]) -> str:
        return region

    assert server._tool_input_schema("editTask") is None  # type: ignore[attr-defined]
    schema = server._tool_input_schema("regional")  # type: ignore[attr-defined]
    assert schema is not None
    assert validate_mcp_param_headers(schema, {"region": "eu"}, {"mcp-param-region": "us"}) is not None
    assert validate_mcp_param_headers(schema, {"region": "eu"}, {"mcp-param-region": "eu"}) is None
