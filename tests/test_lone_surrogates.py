"""Lone UTF-16 surrogates never reach a transport: UTF-8 cannot encode one, so it would fail the whole answer.

A pane that cuts a string between the two halves of an emoji sends one as a JSON escape ("\\ud83d"); a tool that
decodes JSON text it was given can meet one too. The bridge answers with U+FFFD in its place (a valid pair stays
the character it encodes), over MCP on HTTP, over `word-bridge stdio`, and on /rpc.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import httpx
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta

pytestmark = pytest.mark.anyio
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CUT = "\U0001f600" * 2 + "FINDME \ud83d"  # the pane cut the context after the first half of an emoji
SHOWN = "\U0001f600" * 2 + "FINDME \ufffd"


def cutting_pane() -> tuple[list[FakePane], Any]:
    """A pane handler answering every op with a hit whose context ends in a lone high surrogate, after a progress
    frame whose message holds a lone low surrogate (FakePane sends them as JSON escapes, as a browser does)."""
    panes: list[FakePane] = []

    async def handler(command: dict[str, Any]) -> dict[str, Any]:
        await panes[0].send({"type": "progress", "id": command["id"], "done": 1, "total": 2, "message": "half \udc00"})
        return {"ok": True, "op": command["op"]["op"], "diagnostics": [{"level": "info", "msg": "cut \ud83d"}],
                "data": {"matches": [{"text": "FINDME", "context": CUT}], "\ud83d key": "\ud83d\ude00 pair"}}

    return panes, handler


async def connect_cutting_pane(server: ServerThread) -> FakePane:
    panes, handler = cutting_pane()
    pane = FakePane(server, title="Notes \ud83d.docx", handler=handler)
    panes.append(pane)
    return await pane.connect()


def assert_cleaned(result: dict[str, Any]) -> None:
    assert result["ok"] is True, result
    assert result["data"] == {"matches": [{"text": "FINDME", "context": SHOWN}], "\ufffd key": "\U0001f600 pair"}
    assert result["diagnostics"] == [{"level": "info", "msg": "cut \ufffd"}]
    assert result["document"]["title"] == "Notes \ufffd.docx"


async def test_a_pane_answer_with_a_lone_surrogate_reaches_an_mcp_client_over_http(bridge: ServerThread) -> None:
    pane = await connect_cutting_pane(bridge)
    progress: list[str | None] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(message)

    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool("editTask", {"meta": meta("search", query="FINDME")},
                                            progress_callback=on_progress)
            listed = await client.call_tool("listDocuments", {})
    finally:
        await pane.close()
    assert result.is_error is False
    assert_cleaned(result.structured_content)
    assert json.loads(result.content[0].text) == result.structured_content
    assert progress == ["half \ufffd"]
    assert listed.structured_content["documents"][0]["title"] == "Notes \ufffd.docx"


async def test_a_pane_answer_with_a_lone_surrogate_reaches_rpc(bridge: ServerThread) -> None:
    pane = await connect_cutting_pane(bridge)
    try:
        async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
            response = await http.post(bridge.base_url + "/rpc", json={
                "id": "1", "method": "editTask", "params": {"meta": meta("search", query="FINDME")}})
    finally:
        await pane.close()
    assert response.status_code == 200, response.text
    response.content.decode("utf-8")  # strict: the body is valid UTF-8
    answer = response.json()
    assert answer["id"] == "1" and answer["result"]["success"] is True
    assert_cleaned(answer["result"])


async def test_a_pane_answer_with_a_lone_surrogate_reaches_a_client_of_word_bridge_stdio(
        bridge: ServerThread, tmp_path: Any) -> None:
    pane = await connect_cutting_pane(bridge)
    params = StdioServerParameters(
        command=sys.executable, cwd=ROOT, env={k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"},
        args=["-m", "bridge", "stdio", "--port", str(bridge.config.port), "--certs", str(bridge.config.certs_dir)])
    with open(tmp_path / "stderr.txt", "w+") as errlog:
        try:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                result = await client.call_tool("editTask", {"meta": meta("search", query="FINDME")})
                listed = await client.call_tool("listDocuments", {})  # the process is still there
        finally:
            await pane.close()
    assert_cleaned(result.structured_content)
    assert listed.structured_content["documents"][0]["title"] == "Notes \ufffd.docx"


@pytest.mark.parametrize("transport", ["mcp", "rpc"])
async def test_a_companion_tool_that_decodes_a_lone_surrogate_answers_with_u_fffd(
        bridge: ServerThread, transport: str) -> None:
    arguments = {"data": '[{"name": "Ann \\ud800", "smile": "\\ud83d\\ude00"}]', "output_format": "list"}
    if transport == "mcp":
        async with mcp_client(bridge.config) as client:
            answer = await client.call_tool("data_formatter", arguments)
        assert answer.is_error is False
        result = answer.structured_content
    else:
        async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
            response = await http.post(bridge.base_url + "/rpc",
                                       json={"id": "f", "method": "data_formatter", "params": arguments})
        assert response.status_code == 200, response.text
        result = response.json()["result"]
    assert result["formatted_content"]["items"] == ["Name: Ann \ufffd, Smile: \U0001f600"]


# ---- lone surrogates sent in: refused by editTask, never a bare 500 on /rpc ------------------------------------
def insert_meta(text: str) -> dict[str, Any]:
    return meta("insertText", text=text, scope="document", location="end")


async def rpc_raw(server: ServerThread, body: str) -> httpx.Response:
    """POST /rpc with `body` as written: a JSON escape such as \\ud800 reaches the bridge as it is.

    30 s, not httpx's 5: text_processor's first call imports its language models, which a loaded CI machine
    took longer than 5 s for."""
    async with httpx.AsyncClient(verify=server.client_ssl(), timeout=30) as http:
        return await http.post(server.base_url + "/rpc", content=body.encode("ascii"),
                               headers={"content-type": "application/json"})


def assert_refused(result: dict[str, Any], field: str, op: str = "insertText") -> None:
    assert result["ok"] is False and result["code"] == "E_INVALID_ARG", result
    assert result["op"] == op
    error = result["diagnostics"][0]
    assert error["field"] == field and error["msg"].startswith(f"{field} holds a lone UTF-16 surrogate"), error


async def test_edit_task_refuses_a_lone_surrogate_over_mcp_naming_the_field(bridge: ServerThread) -> None:
    pane = await FakePane(bridge).connect()
    try:
        async with mcp_client(bridge.config) as client:
            # An MCP client cannot send a lone surrogate itself (its JSON would not parse); a JSON string can carry one.
            as_text = await client.call_tool("editTask", {"meta": json.dumps(insert_meta("lone \ud800 x")),
                                                          "taskId": "t-1"})
            in_batch = await client.call_tool("editTask", {"meta": json.dumps(meta("batch", ops=[
                {"op": "insertText", "args": {"text": "fine \U0001f600"}},
                {"op": "insertText", "args": {"text": "cut \udc00"}}]))})
            whole = await client.call_tool("editTask", {"meta": json.dumps(insert_meta("a pair \U0001f600"))})
    finally:
        await pane.close()
    assert_refused(as_text.structured_content, "args.text")
    assert as_text.structured_content["taskId"] == "t-1" and as_text.is_error is True
    assert_refused(in_batch.structured_content, "args.ops[1].args.text", op="batch")
    assert whole.structured_content["ok"] is True  # a valid pair is a character, sent on to Word
    assert [cmd["op"]["args"].get("text") for cmd in pane.received] == ["a pair \U0001f600"]


PLAIN = json.dumps(insert_meta("x"))


@pytest.mark.parametrize(("meta_text", "more", "field"), [
    (json.dumps(insert_meta("lone \ud800 x")), "", "args.text"),
    (PLAIN, ', "content": "note \\udfff"', "content"),
    (PLAIN, ', "taskId": "t\\ud800"', "taskId"),
    (PLAIN, ', "document": "Doc \\ud800"', "document"),
    (json.dumps(json.dumps(insert_meta("in a string \ud83d"))), "", "args.text"),
])
async def test_edit_task_refuses_a_lone_surrogate_over_rpc_naming_the_field(
        bridge: ServerThread, meta_text: str, more: str, field: str) -> None:
    pane = await FakePane(bridge).connect()
    try:
        response = await rpc_raw(bridge, '{"id": "e", "method": "editTask", "params": {"meta": ' + meta_text + more + "}}")
    finally:
        await pane.close()
    assert response.status_code == 200, response.text
    response.content.decode("utf-8")
    assert_refused(response.json()["result"], field)
    assert pane.received == []  # nothing was written


@pytest.mark.parametrize(("body", "status"), [
    ('{"id": "1\\ud800", "method": "server_status", "params": {}}', 200),
    ('{"id": "2", "method": "no_such_tool\\ud800", "params": {}}', 404),
    ('{"id": "3\\udc00", "method": "get_time", "params": {"timezone": "Mars/\\ud800"}}', 400),
    ('{"id": "4", "method": "text_processor", "params": {"text": "cut \\ud83d here", "operation": "analyze"}}', 200),
    ('{"id": "5", "method": "data_formatter", "params": {"data": "name\\nAnn \\ud800", "output_format": "list"}}', 200),
    ('{"id": "6", "method": "start_session", "params": {"config": {"chunks": [{"chunk_id": "c\\ud800", "position": 0, '
     '"text": "cut \\ud83d"}]}}}', 200),
    ('{"id": NaN, "method": "server_status", "params": {}}', 400),
])
async def test_rpc_answers_json_when_a_request_holds_a_lone_surrogate(
        bridge: ServerThread, body: str, status: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))  # start_session stores its session there
    response = await rpc_raw(bridge, body)
    assert response.status_code == status, response.text
    text = response.content.decode("utf-8")  # strict: valid UTF-8
    assert "\ud800" not in text and "Traceback" not in text
    answer = response.json()
    assert set(answer) == ({"id", "result"} if status == 200 else {"id", "error"})
    if status != 200:
        assert set(answer["error"]) == {"code", "message"} and answer["error"]["code"] == status
