"""A bridge that stops answers every call it holds with an envelope, within its graceful timeout.

Before, an op queued behind another (never sent to the pane) waited out the graceful timeout and its caller got a
bare HTTP 500 (uvicorn cancelled the request).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.hub import Hub
from bridge.word.remote import mcp_client
from tests.hub_panes import HeldPane, error_of, held, word_op
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio


async def test_stopping_fails_queued_ops_as_not_applied_and_running_ones_as_maybe_applied():
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    running = await held(hub, pane, word_op("insertText", text="a"), "s1")
    queued = asyncio.create_task(hub.submit(word_op("insertText", text="b"), task_id="s2"))
    await asyncio.sleep(0.01)
    hub.stop()
    first, second = await asyncio.wait_for(asyncio.gather(running, queued), 1)
    assert first.envelope["code"] == "E_RUNTIME" and "may or may not have been applied" in error_of(first)
    assert second.envelope["code"] == "E_RUNTIME" and "stopping" in error_of(second)
    assert "not applied" in error_of(second) and not second.final
    assert pane.ids() == ["s1"]
    late = await hub.submit(word_op("insertText", text="c"), task_id="s3")
    assert late.envelope["code"] == "E_RUNTIME" and "stopping" in error_of(late) and pane.ids() == ["s1"]


async def test_stopping_wakes_an_op_waiting_for_its_pane_to_reconnect():
    hub = Hub(reconnect_grace=30)
    pane = HeldPane(hub, "A.docx")
    pane.drop()
    waiting = asyncio.create_task(hub.submit(word_op("insertText", text="a"), task_id="s4", document=pane.id))
    await asyncio.sleep(0.02)
    hub.stop()
    outcome = await asyncio.wait_for(waiting, 1)
    assert outcome.envelope["code"] == "E_RUNTIME" and "stopping" in error_of(outcome)


async def test_a_stopping_server_answers_a_queued_mcp_call_with_an_envelope(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=30.0)).start()

    async def never(command: dict[str, Any]) -> None:
        return None

    pane = await FakePane(server, handler=never).connect()

    async def call(task_id: str) -> Any:
        async with mcp_client(server.config) as client:
            return await client.call_tool("editTask", {"meta": meta("insertText", text=task_id), "taskId": task_id})

    running = asyncio.create_task(call("g1"))
    await wait_until(lambda: len(pane.received) == 1)
    queued = asyncio.create_task(call("h1"))
    await asyncio.sleep(0.5)
    started = time.monotonic()
    await asyncio.to_thread(server.stop)
    first, second = await asyncio.wait_for(asyncio.gather(running, queued), 10)
    assert first.structured_content["code"] == "E_RUNTIME", first
    envelope = second.structured_content
    assert envelope is not None, second
    assert envelope["code"] == "E_RUNTIME" and "stopping" in envelope["diagnostics"][0]["msg"]
    assert time.monotonic() - started < 2.5
    assert [m["id"] for m in pane.received] == ["g1"]
    await pane.close()
