"""A refused taskId or document is not echoed whole, and the refusal names the op the call asked for."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio
LONG = "k" * 200_000
SHOWN = "k" * 200 + "… (200,000 characters)"


def assert_refused_briefly(result: dict[str, Any], field: str, size: int) -> None:
    assert result["ok"] is False and result["code"] == "E_INVALID_ARG", result
    assert result["op"] == "search"
    assert result["diagnostics"][0]["field"] == field
    assert size < 4000, f"the answer is {size:,} bytes"


@pytest.mark.parametrize(("arguments", "field"), [
    ({"taskId": LONG}, "taskId"), ({"taskId": "t-1", "document": LONG}, "document"), ({"taskId": 7}, "taskId"),
])
async def test_a_refused_task_id_or_document_over_mcp_is_clipped_and_names_the_op(
        bridge: ServerThread, arguments: dict[str, Any], field: str) -> None:
    pane = await FakePane(bridge).connect()
    try:
        async with mcp_client(bridge.config) as client:
            answer = await client.call_tool("editTask", {"meta": meta("search", query="FINDME"), **arguments})
        await wait_until(lambda: len(pane.notices) == 1)
    finally:
        await pane.close()
    result = answer.structured_content
    assert_refused_briefly(result, field, len(answer.content[0].text))
    expected = {LONG: SHOWN, 7: ""}.get(arguments["taskId"], arguments["taskId"])
    assert result["taskId"] == expected
    [notice] = pane.notices  # the pane's log shows the refusal under the same clipped id
    assert notice["type"] == "ai-refused" and notice["id"] == expected and notice["op"] == "search"
    assert pane.received == []


async def test_a_refused_task_id_over_rpc_is_clipped_and_names_the_op_given_as_a_json_string(
        bridge: ServerThread) -> None:
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
        response = await http.post(bridge.base_url + "/rpc", json={"id": "1", "method": "editTask", "params": {
            "meta": json.dumps(meta("search", query="FINDME")), "taskId": LONG}})
    assert response.status_code == 200
    result = response.json()["result"]
    assert_refused_briefly(result, "taskId", len(response.content))
    assert result["taskId"] == SHOWN
