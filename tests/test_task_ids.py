"""A taskId is a retry key for one request: repeats answer from the cache, anything else under it is refused."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio


@pytest.fixture
def server(certs_dir):
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=5.0)).start()
    yield running
    running.stop()


async def edit(server: ServerThread, **arguments: Any) -> dict[str, Any]:
    async with mcp_client(server.config) as client:
        result = await client.call_tool("editTask", arguments)
        return dict(result.structured_content or {})


async def test_an_exact_repeat_answers_from_the_cache(server):
    pane = await FakePane(server).connect()
    first = await edit(server, meta=meta("insertText", text="once"), taskId="t1")
    again = await edit(server, meta=meta("insertText", text="once"), taskId="t1")
    assert first["ok"] and again["ok"] and len(pane.received) == 1
    assert again["data"] == first["data"]
    assert any("not run again" in d["msg"] for d in again["diagnostics"])
    await pane.close()


@pytest.mark.parametrize(("second", "names"), [
    ({"meta": meta("getSelection")}, "op 'getSelection' instead of 'insertText'"),
    ({"meta": meta("insertText", text="twice")}, "args.text"),
    ({"meta": meta("insertText", text="once", location="end")}, "args.location"),
])
async def test_the_same_task_id_for_another_request_is_refused(server, second, names):
    pane = await FakePane(server).connect()
    first = await edit(server, meta=meta("insertText", text="once"), taskId="t2")
    refused = await edit(server, taskId="t2", **second)
    assert first["ok"] is True
    assert refused["ok"] is False and refused["code"] == "E_INVALID_ARG"
    error = refused["diagnostics"][0]
    assert error["field"] == "taskId" and names in error["msg"] and "nothing was run" in error["msg"]
    assert len(pane.received) == 1, "the second request must not reach the pane"
    # The first result still stands for an exact repeat.
    assert (await edit(server, meta=meta("insertText", text="once"), taskId="t2"))["data"] == first["data"]
    await pane.close()


async def test_the_same_task_id_for_another_document_is_refused(server):
    a = await FakePane(server, title="A.docx").connect()
    b = await FakePane(server, title="B.docx").connect()
    first = await edit(server, meta=meta("getSelection"), taskId="t3", document="A.docx")
    same_by_id = await edit(server, meta=meta("getSelection"), taskId="t3", document=a.session)
    other = await edit(server, meta=meta("getSelection"), taskId="t3", document="B.docx")
    assert first["ok"] and same_by_id["ok"] and same_by_id["data"] == first["data"]
    assert other["code"] == "E_INVALID_ARG" and "document 'B.docx'" in other["diagnostics"][0]["msg"]
    assert len(a.received) == 1 and b.received == []
    await a.close()
    await b.close()


async def test_a_refused_request_does_not_block_a_new_task_id(server):
    pane = await FakePane(server).connect()
    await edit(server, meta=meta("insertText", text="once"), taskId="t4")
    await edit(server, meta=meta("insertText", text="twice"), taskId="t4")
    fresh = await edit(server, meta=meta("insertText", text="twice"), taskId="t5")
    assert fresh["ok"] and [m["op"]["args"]["text"] for m in pane.received] == ["once", "twice"]
    await pane.close()


async def test_a_cached_answer_says_when_its_document_has_disconnected(server):
    pane = await FakePane(server).connect()
    await edit(server, meta=meta("getSelection"), taskId="t6")
    await pane.close()
    again = await edit(server, meta=meta("getSelection"), taskId="t6")
    assert again["ok"] is True
    assert any(d["level"] == "warn" and "disconnected" in d["msg"] for d in again["diagnostics"])


async def test_a_paused_panes_refusal_is_not_kept_so_a_retry_after_resuming_runs_the_op(server):
    """The pane marks a refusal that ran nothing (`stats.notRun`); keeping it would answer every retry with it."""
    paused = [True]

    async def pausable(command: dict[str, Any]) -> dict[str, Any]:
        if paused[0]:
            return {"ok": False, "op": command["op"]["op"], "data": {}, "code": "E_PERMISSION",
                    "diagnostics": [{"level": "error", "msg": "AI edits are paused"}],
                    "__stats__": {"ms": 0, "syncs": 0, "notRun": True}}
        return {"ok": True, "op": command["op"]["op"], "data": {"rangeId": "rng_x_1"}, "diagnostics": []}

    pane = await FakePane(server, handler=pausable).connect()
    refused = await edit(server, meta=meta("insertText", text="Z"), taskId="t-pause")
    assert refused["code"] == "E_PERMISSION"
    paused[0] = False
    done = await edit(server, meta=meta("insertText", text="Z"), taskId="t-pause")
    assert done["ok"] is True and not any("repeated taskId" in d["msg"] for d in done["diagnostics"])
    assert len(pane.received) == 2
    again = await edit(server, meta=meta("insertText", text="Z"), taskId="t-pause")  # now it is the answer
    assert again["ok"] is True and len(pane.received) == 2
    await pane.close()


async def test_a_repeat_the_pane_answered_from_its_cache_says_so_once(server):
    """After a server restart only the pane remembers: it adds the repeat note; the server's later repeat adds no second one."""
    note = {"level": "info", "msg": "repeated taskId: this is the first result; the op was not run again", "field": "taskId"}

    async def cached(command: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "op": command["op"]["op"], "data": {}, "diagnostics": [note],
                "__stats__": {"ms": 0, "syncs": 0, "cached": True}}

    pane = await FakePane(server, handler=cached).connect()
    first = await edit(server, meta=meta("getSelection"), taskId="t-pane-cached")
    again = await edit(server, meta=meta("getSelection"), taskId="t-pane-cached")
    assert first["diagnostics"] == [note] and again["diagnostics"] == [note]
    await pane.close()


async def test_a_cached_answer_says_when_the_pane_was_reloaded_or_reconnected_since(server):
    """Ids in a cached result die with the pane load that made them: a repeat after a reload says so."""
    first = await FakePane(server, instance="load1").connect()
    await edit(server, meta=meta("getSelection"), taskId="t-reload")
    await first.close()
    same_load = await FakePane(server, session=first.session, instance="load1").connect()
    quiet = await edit(server, meta=meta("getSelection"), taskId="t-reload")
    assert not any(d["level"] == "warn" for d in quiet["diagnostics"])
    await same_load.close()
    reloaded = await FakePane(server, session=first.session, instance="load2").connect()
    again = await edit(server, meta=meta("getSelection"), taskId="t-reload")
    assert again["ok"] is True and len(reloaded.received) == 0
    warns = [d["msg"] for d in again["diagnostics"] if d["level"] == "warn"]
    assert len(warns) == 1 and "was reloaded since this result" in warns[0] and "rangeIds" in warns[0]
    await reloaded.close()
    unknown = await FakePane(server, session=first.session).connect()  # a pane that does not say which load it is
    maybe = await edit(server, meta=meta("getSelection"), taskId="t-reload")
    assert any(d["level"] == "warn" and "has reconnected since" in d["msg"] for d in maybe["diagnostics"])
    await unknown.close()


async def test_a_concurrent_request_with_another_op_under_a_running_task_id_is_refused(server):
    import asyncio

    async def slow(command: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(0.3)
        return {"ok": True, "op": command["op"]["op"], "data": {}, "diagnostics": []}

    pane = await FakePane(server, handler=slow).connect()
    first, second = await asyncio.gather(
        edit(server, meta=meta("insertText", text="a"), taskId="t7"),
        edit(server, meta=meta("insertText", text="b"), taskId="t7"),
    )
    assert sorted([first["ok"], second["ok"]]) == [False, True] and len(pane.received) == 1
    await pane.close()


async def test_the_pane_hears_of_calls_the_server_refused(server):
    pane = await FakePane(server).connect()
    await edit(server, content="make it bold", meta=meta("applyStyle"), taskId="r1")
    await edit(server, meta=meta("insertText", text="once"), taskId="r2")
    await edit(server, content="again", meta=meta("insertText", text="other"), taskId="r2")
    await edit(server, content="x", taskId=5)
    await wait_until(lambda: len(pane.notices) == 3)
    bad_args, reused, bad_task_id = pane.notices
    assert bad_args["type"] == "ai-refused" and bad_args["id"] == "r1" and bad_args["content"] == "make it bold"
    assert bad_args["op"] == "applyStyle" and bad_args["result"]["code"] == "E_INVALID_ARG"
    assert reused["id"] == "r2" and reused["content"] == "again" and reused["result"]["diagnostics"][0]["field"] == "taskId"
    assert bad_task_id["result"]["diagnostics"][0]["field"] == "taskId"
    assert [m["id"] for m in pane.received] == ["r2"], "only the valid call reached the pane as an ai-cmd"
    await pane.close()


async def test_without_content_the_pane_gets_a_summary_of_the_op(server):
    pane = await FakePane(server).connect()
    await edit(server, meta=meta("insertText", text="Dear Ada"))
    assert pane.received[0]["content"] == 'insertText "Dear Ada"'
    await pane.close()


@pytest.mark.parametrize("blank", ["", "   ", "\n"])
async def test_a_blank_task_id_gets_an_id_of_its_own_and_says_so(server, blank):
    pane = await FakePane(server).connect()
    first = await edit(server, meta=meta("insertText", text="a"), taskId=blank)
    second = await edit(server, meta=meta("insertText", text="a"), taskId=blank)
    assert first["taskId"].startswith("task_") and second["taskId"] != first["taskId"]
    assert any(d["field"] == "taskId" and first["taskId"] in d["msg"] for d in first["diagnostics"])
    assert len(pane.received) == 2  # two calls without a retry key: two edits, as asked
    await pane.close()
