"""dryRun, expectText and trackChanges given anywhere but in meta.args are refused, never ignored.

An MCP server drops tool arguments its tool does not declare, and the envelope parser used to ignore unknown keys
of meta with a warning: a model that put `"dryRun": true` beside `meta` got a real edit, `expectText` there
overwrote text that had changed, and `trackChanges` there made an untracked edit.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from bridge.word.remote import mcp_client
from tests.support import FakePane, meta

pytestmark = pytest.mark.anyio

INSERT = meta("insertText", text="DRYTOP", scope="document", location="start")


async def edit(bridge: Any, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with mcp_client(bridge.config) as client:
        result = await client.call_tool(tool, arguments)
    envelope = dict(result.structured_content or {})
    assert result.is_error == (not envelope["ok"])
    return envelope


@pytest.mark.parametrize("flag", ["dryRun", "expectText", "trackChanges"])
@pytest.mark.parametrize("tool", ["editTask", "mcp_word__editTask"])
async def test_a_flag_beside_meta_is_refused_and_nothing_reaches_the_pane(bridge, flag, tool) -> None:
    pane = await FakePane(bridge).connect()
    value = "old text" if flag == "expectText" else True
    answer = await edit(bridge, tool, {"content": "x", "meta": INSERT, flag: value, "taskId": "t-flag"})
    assert answer["ok"] is False and answer["code"] == "E_INVALID_ARG" and answer["op"] == "insertText", answer
    said = answer["diagnostics"][0]
    assert said["field"] == flag and "meta.args" in said["msg"] and "ignored" in said["msg"], said
    assert answer["taskId"] == "t-flag"
    assert pane.received == []
    # In its place the flag does what it says: a dry run reaches the pane as one.
    await edit(bridge, tool, {"meta": {**INSERT, "args": {**INSERT["args"], "dryRun": True}}})
    assert [c["op"]["args"].get("dryRun") for c in pane.received] == [True]
    await pane.close()


@pytest.mark.parametrize("flag", ["dryRun", "expectText", "trackChanges"])
async def test_a_flag_beside_meta_args_is_refused(bridge, flag) -> None:
    pane = await FakePane(bridge).connect()
    answer = await edit(bridge, "editTask", {"meta": {**INSERT, flag: True if flag != "expectText" else "x"}})
    assert answer["ok"] is False and answer["code"] == "E_INVALID_ARG", answer
    assert answer["diagnostics"][0]["field"] == f"meta.{flag}" and "meta.args" in answer["diagnostics"][0]["msg"]
    assert pane.received == []
    await pane.close()


async def test_other_unknown_keys_of_meta_still_only_warn(bridge) -> None:
    pane = await FakePane(bridge).connect()
    answer = await edit(bridge, "editTask", {"meta": {**INSERT, "reason": "tidy up"}})
    assert answer["ok"] is True and any(d["field"] == "meta.reason" for d in answer["diagnostics"]), answer
    assert len(pane.received) == 1
    await pane.close()


async def test_over_rpc_too(bridge) -> None:
    pane = await FakePane(bridge).connect()
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
        response = await http.post(bridge.base_url + "/rpc", json={"id": "r1", "method": "editTask",
                                                                  "params": {"meta": INSERT, "dryRun": True}})
    answer = response.json()
    assert "dryRun" in str(answer) and "meta.args" in str(answer), answer
    assert pane.received == []
    await pane.close()


@pytest.mark.parametrize("legacy, named", [
    ({"action": 1, "target": {}}, ["action", "target"]),  # not even valid legacy values: said all the same
    ({"action": "replace", "target": "selection"}, ["action", "target"]),
    ({"target": "document"}, ["target"]),
])
async def test_action_or_target_beside_meta_is_ignored_with_a_warning(bridge, legacy, named) -> None:
    """They answered ok without a word: a model that asked for a replace got the envelope's insert, unaware."""
    pane = await FakePane(bridge).connect()
    answer = await edit(bridge, "editTask", {"meta": INSERT, **legacy})
    assert answer["ok"] is True, answer
    [said] = [d for d in answer["diagnostics"] if d.get("field") in ("action", "target")]
    assert said["level"] == "warn" and "ignored" in said["msg"] and "meta" in said["msg"], said
    assert [name for name in ("action", "target") if name in said["msg"]] == named, said
    assert [c["op"]["args"]["location"] for c in pane.received] == ["start"]  # meta decided
    await pane.close()


async def test_blank_action_and_target_beside_meta_say_nothing(bridge) -> None:
    """A client that fills every optional argument with "" or null did not ask for anything."""
    pane = await FakePane(bridge).connect()
    answer = await edit(bridge, "editTask", {"meta": INSERT, "action": "", "target": None})
    assert answer["ok"] is True and not [d for d in answer["diagnostics"] if d.get("field") in ("action", "target")]
    await pane.close()
