"""editTask's MCP surface: a schema clients can validate against, and typed envelopes for every bad argument."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from mcp import Client

from bridge.server.mcp_tools import build_mcp_server
from bridge.word.hub import Hub
from bridge.word.ops import SUPPORTED_OPS, summarize
from bridge.word.service import EditService

pytestmark = pytest.mark.anyio


@pytest.fixture
def server():
    return build_mcp_server(EditService(Hub()))


async def edit_task_schema(server) -> dict[str, Any]:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    return tools["editTask"].input_schema


async def call(server, arguments: dict[str, Any]) -> dict[str, Any]:
    async with Client(server) as client:
        result = await client.call_tool("editTask", arguments)
    assert result.is_error is True  # no document is connected in these tests: every call fails, typed
    return dict(result.structured_content or {})


async def test_meta_has_a_real_schema_with_op_as_an_enum(server) -> None:
    schema = await edit_task_schema(server)
    meta = schema["properties"]["meta"]
    envelope = next(s for s in meta["anyOf"] if s.get("type") == "object")
    assert envelope["properties"]["op"]["enum"] == list(SUPPORTED_OPS)
    assert envelope["properties"]["type"] == {"const": "word.op"}
    assert schema.get("required", []) == [], "content is optional when meta is given"
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"meta": {"type": "word.op", "op": "insertText", "args": {"text": "x"}}})
    assert validator.is_valid({"content": "x", "meta": '{"type":"word.op","op":"getSelection"}'})
    assert not validator.is_valid({"meta": {"type": "word.op", "op": "insertTexts"}})
    assert not validator.is_valid({"meta": {"type": "other", "op": "insertText"}})


async def test_meta_without_content_is_accepted(server) -> None:
    result = await call(server, {"meta": {"type": "word.op", "op": "getSelection", "version": "1.0", "args": {}}})
    assert result["code"] == "E_NOT_FOUND", "validation passed; it failed only for want of a document"


@pytest.mark.parametrize(("arguments", "field", "words"), [
    ({}, "content", "content required"),
    ({"content": 5}, "content", "content must be a string"),
    ({"content": "x", "taskId": 7}, "taskId", "taskId must be a string"),
    ({"content": "x", "taskId": "t" * 201}, "taskId", "at most 200"),
    ({"content": "x", "document": ["a"]}, "document", "document must be a string"),
    ({"meta": {"type": "word.op", "op": "insertText", "args": {}}}, "args.text", "args.text"),
    ({"meta": 12}, "meta", "meta must be a JSON object"),
])
async def test_bad_arguments_come_back_as_typed_envelopes(server, arguments, field, words) -> None:
    result = await call(server, arguments)
    assert result["ok"] is False and result["code"] == "E_INVALID_ARG"
    error = next(d for d in result["diagnostics"] if d["level"] == "error")
    assert error["field"] == field and words in error["msg"]
    assert "validation error" not in error["msg"].lower(), "no raw pydantic message"


@pytest.mark.parametrize(("op", "args", "expected"), [
    ("insertText", {"text": "Hello   world\n again"}, 'insertText "Hello world again"'),
    ("table.create", {"rows": 3, "cols": 4}, "table.create 3×4"),
    ("table.setCellText", {"tableRef": "tableId:tbl_1", "text": "x"}, 'table.setCellText "x"'),
    ("table.deleteRows", {"tableRef": "tableId:tbl_1", "indexes": [0]}, "table.deleteRows tableId:tbl_1"),
    ("getSelection", {}, "getSelection"),
])
def test_summary_of_an_op(op: str, args: dict[str, Any], expected: str) -> None:
    assert summarize(op, args) == expected


def test_a_long_text_is_clipped_in_the_summary() -> None:
    summary = summarize("insertText", {"text": "word " * 100})
    assert len(summary) <= 80 and summary.endswith('…"')
