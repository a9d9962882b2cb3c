"""Answers at the edges of a document's queue (found by a QA run of a bridge kept busy for hours).

- An op that waited most of its timeout behind a slow one was sent with a second left, and then answered "the pane
  did not answer within 30 s; the op may still complete" while it did complete later: an ambiguity the bridge made.
  Now it is not sent ("not applied"), unless a call of its taskId was sent before.
- The ops of one absent document said "No Word document is connected" while others were.
"""

from __future__ import annotations

import asyncio

import pytest

from bridge.word.hub import Hub
from tests.hub_panes import HeldPane, held, word_op

pytestmark = pytest.mark.anyio

INSERT = word_op("insertText", text="[C]", scope="document", location="end")


async def test_an_op_left_too_little_time_by_the_queue_is_not_sent() -> None:
    hub = Hub(op_timeout=1.0)
    pane = HeldPane(hub, "A.docx")
    ahead = await held(hub, pane, INSERT, "slow")
    queued = asyncio.create_task(hub.submit(INSERT, task_id="late"))
    await asyncio.sleep(0.85)  # the queued op has less than a quarter of its second left
    pane.answer("slow")
    outcome = await asyncio.wait_for(queued, 2)
    await ahead
    assert pane.ids() == ["slow"]
    assert outcome.envelope["code"] == "E_TIMEOUT" and not outcome.final
    message = outcome.envelope["diagnostics"][0]["msg"]
    assert "behind other ops" in message and "was not sent" in message and "not applied" in message


async def test_an_op_with_enough_time_left_is_sent() -> None:
    hub = Hub(op_timeout=1.0)
    pane = HeldPane(hub, "A.docx")
    ahead = await held(hub, pane, INSERT, "quick")
    queued = asyncio.create_task(hub.submit(INSERT, task_id="next"))
    await asyncio.sleep(0.1)
    pane.answer("quick")
    for _ in range(100):
        if "next" in pane.ids():
            break
        await asyncio.sleep(0.01)
    pane.answer("next", done=True)
    assert (await queued).envelope["ok"] is True
    await ahead


async def test_an_absent_document_is_named_when_others_are_connected() -> None:
    hub = Hub(reconnect_grace=0.05)
    away = HeldPane(hub, "Away.docx")
    HeldPane(hub, "Here.docx")
    away.drop()
    outcome = await hub.submit(INSERT, task_id="t1", document=away.id)
    notes = [d["msg"] for d in outcome.envelope["diagnostics"] if d["level"] == "info"]
    assert any("Open 'Away.docx' in Word again" in n for n in notes)
    assert not any("No Word document is connected" in n for n in notes)


async def test_with_no_document_connected_the_hint_says_so() -> None:
    hub = Hub(reconnect_grace=0.05)
    away = HeldPane(hub, "Away.docx")
    away.drop()
    outcome = await hub.submit(INSERT, task_id="t2", document=away.id)
    assert any("No Word document is connected" in d["msg"] for d in outcome.envelope["diagnostics"])
