"""A retry of a taskId already sent to a document tells its pane so (`resent: true`).

The bridge keeps its last 1000 results and the pane the last 1000 edits of a document: after 1000 newer edits an
exact retry found no result on either side and ran the edit a second time. Marked as resent, the op is answered
from the pane's records, or refused there when they no longer reach back that far (tests/js/pane/
task-forgotten.test.js); a first send carries no mark, so a pane that has no record of it runs it.
"""

from __future__ import annotations

import asyncio

import pytest

from bridge.word.hub import Hub
from tests.hub_panes import HeldPane, sent, word_op

pytestmark = pytest.mark.anyio


def insert(text: str) -> dict[str, object]:
    return word_op("insertText", text=text, scope="document", location="end")


async def run(hub: Hub, pane: HeldPane, text: str, task_id: str) -> None:
    call = asyncio.create_task(hub.submit(insert(text), task_id=task_id))
    await sent(pane, len(pane.commands) + 1)
    pane.answer(task_id, rangeId=f"rng_{task_id}")
    assert (await call).envelope["ok"] is True


async def test_a_retry_the_bridge_has_no_result_for_goes_to_the_pane_marked_resent() -> None:
    hub = Hub(result_cache_size=2)
    pane = HeldPane(hub, "A.docx")
    for i in range(4):  # e0's result leaves the bridge's memory; its binding to the document stays
        await run(hub, pane, f"[E{i}]", f"e{i}")
    assert all("resent" not in command for command in pane.commands)

    retry = asyncio.create_task(hub.submit(insert("[E0]"), task_id="e0"))
    await sent(pane, 5)
    assert pane.commands[-1]["id"] == "e0" and pane.commands[-1]["resent"] is True
    pane.answer("e0")
    await retry

    kept = await hub.submit(insert("[E3]"), task_id="e3")  # a result still kept answers without the pane
    assert len(pane.commands) == 5 and kept.cached


async def test_a_retry_after_the_op_went_unanswered_is_marked_resent() -> None:
    hub = Hub(op_timeout=0.2)
    pane = HeldPane(hub, "A.docx")
    first = await hub.submit(insert("[T]"), task_id="t1")  # the pane holds it past the timeout
    assert first.envelope["code"] == "E_TIMEOUT"
    retry = asyncio.create_task(hub.submit(insert("[T]"), task_id="t1"))
    await sent(pane, 2)
    assert "resent" not in pane.commands[0] and pane.commands[1]["resent"] is True
    pane.answer("t1")
    assert (await retry).envelope["ok"] is True
