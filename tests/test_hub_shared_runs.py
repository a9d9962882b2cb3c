"""Callers of one taskId share one run: a caller that cancels leaves it to the others.

Before, the first caller's cancellation cancelled the shared run, and a second caller that was never cancelled got
CancelledError inside its request (HTTP 500 over MCP), while the pane applied the edit anyway.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.hub import Hub
from bridge.word.remote import mcp_client
from bridge.word.retries import RequestKey
from bridge.word.sessions import Outcome
from bridge.word.shared_runs import SharedRuns
from tests.hub_panes import HeldPane, held, word_op
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio

INSERT = word_op("insertText", text="[C]", scope="document", location="end")


async def test_a_caller_that_cancels_leaves_the_run_and_its_progress_to_the_other_caller():
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    heard: dict[str, list[float]] = {"first": [], "second": []}

    def listener(name: str) -> Any:
        async def progress(done: float, total: float | None, message: str | None) -> None:
            heard[name].append(done)
        return progress

    first = await held(hub, pane, INSERT, "c1", progress=listener("first"))
    second = asyncio.create_task(hub.submit(INSERT, task_id="c1", progress=listener("second")))
    await asyncio.sleep(0.01)
    await hub.on_progress(pane.session, {"type": "progress", "id": "c1", "done": 1, "total": 2})
    first.cancel()
    await asyncio.sleep(0.01)
    assert not second.done(), "the second caller still waits for the pane"
    await hub.on_progress(pane.session, {"type": "progress", "id": "c1", "done": 2, "total": 2})
    pane.answer("c1", run=1)
    outcome = await second
    assert outcome.envelope["ok"] is True and outcome.envelope["data"] == {"run": 1}
    assert heard == {"first": [1.0], "second": [1.0, 2.0]}
    assert pane.ids() == ["c1"]
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_a_sole_caller_that_cancels_a_queued_op_leaves_it_unsent():
    """Today's behaviour for one caller: a cancelled call's queued op never reaches the pane."""
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    ahead = await held(hub, pane, INSERT, "busy")
    queued = asyncio.create_task(hub.submit(INSERT, task_id="c3"))
    await asyncio.sleep(0.01)
    queued.cancel()
    await asyncio.sleep(0.01)
    pane.answer("busy")
    await ahead
    await asyncio.sleep(0.02)
    assert pane.ids() == ["busy"]



async def test_a_run_cancelled_before_it_began_ends_its_callers_and_a_retry_starts_afresh():
    """A run task cancelled before its first step never enters its body: its caller must not wait forever, and
    the taskId must not stay taken by a run that will never end."""
    runs = SharedRuns()
    key = RequestKey.of(INSERT)
    began: list[str] = []

    async def work(report: Any) -> Outcome:
        began.append("run")
        return Outcome({"ok": True, "op": "insertText", "data": {}, "diagnostics": []}, None)

    caller = asyncio.create_task(runs.outcome("c5", key, work, None))
    await asyncio.sleep(0)  # the caller has started the run; its task has not taken its first step
    runs._runs["c5"].task.cancel()  # type: ignore[union-attr]
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(caller, 2)
    assert began == []
    again = await asyncio.wait_for(runs.outcome("c5", key, work, None), 2)
    assert again is not None and again[0].envelope["ok"] is True and again[2] is True
    assert began == ["run"]


async def test_every_caller_of_a_failing_run_gets_its_error():
    runs = SharedRuns()
    key = RequestKey.of(INSERT)
    gate = asyncio.Event()

    async def work(report: Any) -> Outcome:
        await gate.wait()
        raise RuntimeError("the pane broke")

    first = asyncio.create_task(runs.outcome("c6", key, work, None))
    second = asyncio.create_task(runs.outcome("c6", key, work, None))
    await asyncio.sleep(0.01)
    gate.set()
    for caller in (first, second):
        with pytest.raises(RuntimeError, match="the pane broke"):
            await asyncio.wait_for(caller, 2)
    assert runs._runs == {}


@pytest.fixture
def server(certs_dir):
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=10.0)).start()
    yield running
    running.stop()


async def test_over_mcp_the_second_client_gets_the_envelope_when_the_first_cancels(server):
    release = asyncio.Event()

    async def slow(command: dict[str, Any]) -> dict[str, Any]:
        await release.wait()
        return {"ok": True, "op": command["op"]["op"], "data": {"applied": True}, "diagnostics": []}

    pane = await FakePane(server, handler=slow).connect()
    arguments = {"meta": meta("insertText", text="[C]"), "taskId": "c4"}

    async def call() -> Any:
        async with mcp_client(server.config) as client:
            return await client.call_tool("editTask", arguments)

    first = asyncio.create_task(call())
    await wait_until(lambda: len(pane.received) == 1)
    second = asyncio.create_task(call())
    await asyncio.sleep(0.5)  # the second call is at the bridge, waiting on the first's run
    first.cancel()
    await asyncio.sleep(0.5)
    release.set()
    result = await asyncio.wait_for(second, 10)
    assert result.structured_content["ok"] is True and result.structured_content["data"] == {"applied": True}
    assert len(pane.received) == 1
    await pane.close()
