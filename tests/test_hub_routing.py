"""The default document (a call without `document`) is the one last used for an op or opened, whichever came last; a
reconnect changes nothing.

And when a document's pane is gone for good, every op queued for it fails together once the reconnect grace ends.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from bridge.word.hub import Hub
from tests.hub_panes import HeldPane, error_of, sent, used, word_op

pytestmark = pytest.mark.anyio


async def test_a_pane_that_reconnects_does_not_become_the_default_document():
    hub = Hub()
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, a)
    b.drop()
    b.reconnect()  # a network blip, a laptop waking: nobody used B
    assert [d["id"] for d in hub.documents()] == [a.id, b.id]
    outcome = await used_default(hub, a)
    assert outcome.document == a.session.ref() and b.ids() == []


async def test_a_document_used_for_an_op_becomes_the_default():
    hub = Hub()
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, a)
    await used(hub, b)
    assert (await used_default(hub, b)).document == b.session.ref()
    await used(hub, a)
    assert [d["id"] for d in hub.documents()] == [a.id, b.id]


async def test_a_document_opened_after_the_last_op_is_the_default():
    hub = Hub()
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    assert [d["id"] for d in hub.documents()] == [b.id, a.id]
    await used(hub, a)
    c = HeldPane(hub, "C.docx")  # the person opened C after A was used: "this document" now means C
    assert [d["id"] for d in hub.documents()] == [c.id, a.id, b.id]
    assert (await used_default(hub, c)).document == c.session.ref()


async def test_a_pane_opened_again_on_a_document_makes_it_the_default_but_a_reconnect_does_not():
    hub = Hub()
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, b)
    await used(hub, a)
    b.reconnect()
    assert [d["id"] for d in hub.documents()] == [a.id, b.id]
    b.reopen()  # a new load of B's pane: the person went back to B
    assert [d["id"] for d in hub.documents()] == [b.id, a.id]
    assert (await used_default(hub, b)).document == b.session.ref()


async def used_default(hub: Hub, expected: HeldPane):
    """An op without `document`, answered by `expected` (the test fails if another pane gets it)."""
    running = asyncio.create_task(hub.submit(word_op("getSelection"), task_id=f"default-{len(expected.commands)}"))
    before = len(expected.commands)
    try:
        await sent(expected, before + 1)
    except TimeoutError:
        running.cancel()
        raise
    expected.answer(expected.commands[-1]["id"])
    return await running


async def test_ops_queued_for_a_closed_document_fail_together_when_the_grace_ends():
    grace = 0.3
    hub = Hub(reconnect_grace=grace, op_timeout=30)
    a = HeldPane(hub, "A.docx")
    HeldPane(hub, "B.docx")  # another document stays open
    ops = [asyncio.create_task(hub.submit(word_op("insertText", text="x"), task_id=f"q{i}", document=a.id))
           for i in range(6)]
    await sent(a, 1)
    closed_at = time.monotonic()
    a.drop()
    outcomes = await asyncio.gather(*ops)
    elapsed = time.monotonic() - closed_at
    assert outcomes[0].envelope["code"] == "E_RUNTIME"  # it was running in the pane
    for queued in outcomes[1:]:
        assert queued.envelope["code"] == "E_NOT_FOUND", queued
        assert "is not connected" in error_of(queued) and "not applied" in error_of(queued)
    assert elapsed < 2 * grace, f"the queued ops failed one grace after another ({elapsed:.2f} s)"


async def test_ops_queued_for_a_pane_that_comes_back_within_the_grace_run():
    hub = Hub(reconnect_grace=5)
    a = HeldPane(hub, "A.docx")
    ops = [asyncio.create_task(hub.submit(word_op("insertText", text="x"), task_id=f"r{i}", document=a.id))
           for i in range(3)]
    await sent(a, 1)
    a.drop()
    await asyncio.sleep(0.05)
    a.reconnect()
    for count, task_id in ((2, "r1"), (3, "r2")):
        await sent(a, count)
        a.answer(task_id)
    outcomes = await asyncio.gather(*ops)
    assert [o.envelope.get("code") for o in outcomes] == ["E_RUNTIME", None, None]
