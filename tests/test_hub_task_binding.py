"""Once an op was sent to a document's pane, its taskId belongs to that document.

A retry after E_TIMEOUT or a dropped pane goes to the same document (waiting for its pane within the reconnect
grace, then asking the pane, which answers repeats from its own records), never to another one; while that document
is away, the answer says the op may have been applied there.
"""

from __future__ import annotations

import asyncio

import pytest

from bridge.word.hub import Hub
from tests.hub_panes import HeldPane, dropped_mid_op, error_of, sent, used, word_op

pytestmark = pytest.mark.anyio

INSERT = word_op("insertText", text="[T]", scope="document", location="end")


async def test_a_retry_after_a_timeout_goes_to_the_document_that_got_the_op_not_the_most_recent_one():
    hub = Hub(op_timeout=0.2)
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, a)
    timed_out = await hub.submit(INSERT, task_id="t1")
    assert timed_out.envelope["code"] == "E_TIMEOUT" and timed_out.document == a.session.ref()
    await used(hub, b)  # another caller works in B: B is now the most recently used document
    retry = asyncio.create_task(hub.submit(INSERT, task_id="t1"))
    await sent(a, 3)
    a.answer("t1")
    outcome = await retry
    assert outcome.envelope["ok"] is True and outcome.document == a.session.ref()
    assert "t1" not in b.ids(), "one request, one edit: B must never get t1"


async def test_a_retry_after_the_pane_dropped_mid_op_says_the_op_may_have_been_applied_there():
    hub = Hub(reconnect_grace=0.1)
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, a)
    assert (await dropped_mid_op(hub, a, INSERT, "t2")).envelope["code"] == "E_RUNTIME"
    await used(hub, b)
    for document in (None, a.id, "a.docx"):
        retry = await hub.submit(INSERT, task_id="t2", document=document)
        message = error_of(retry)
        assert retry.envelope["code"] == "E_RUNTIME" and retry.document == a.session.ref(), retry
        assert "may or may not have been applied" in message and a.id in message and "not applied" not in message
        assert not retry.final
    assert "t2" not in b.ids()


async def test_a_retry_naming_the_document_while_its_pane_is_away_never_says_not_applied():
    """One document whose socket dropped while its pane finished the edit anyway."""
    hub = Hub(reconnect_grace=0.1)
    a = HeldPane(hub, "A.docx")
    await dropped_mid_op(hub, a, INSERT, "t3")
    retry = await hub.submit(INSERT, task_id="t3", document=a.id)
    assert retry.envelope["code"] == "E_RUNTIME" and "may or may not have been applied" in error_of(retry)


async def test_a_retry_waits_for_the_pane_to_come_back_and_asks_it():
    hub = Hub(reconnect_grace=5)
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await used(hub, a)
    await dropped_mid_op(hub, a, INSERT, "t4")
    retry = asyncio.create_task(hub.submit(INSERT, task_id="t4"))
    await asyncio.sleep(0.05)
    assert not retry.done()
    a.reconnect()
    await sent(a, 3)
    a.answer("t4", run=1)
    outcome = await retry
    assert outcome.envelope["ok"] is True and outcome.envelope["data"] == {"run": 1}
    assert outcome.document == a.session.ref() and "t4" not in b.ids()


async def test_a_result_the_pane_sends_after_the_timeout_answers_the_retry():
    hub = Hub(op_timeout=0.1)
    a = HeldPane(hub, "A.docx")
    assert (await hub.submit(INSERT, task_id="t5")).envelope["code"] == "E_TIMEOUT"
    a.answer("t5", run=1)  # late: nobody waits for it any more
    retry = await hub.submit(INSERT, task_id="t5")
    assert retry.envelope["ok"] is True and retry.envelope["data"] == {"run": 1} and retry.cached
    assert any("not run again" in d["msg"] for d in retry.envelope["diagnostics"])
    assert a.ids() == ["t5"]


async def test_the_same_task_id_naming_another_document_is_refused_after_an_unanswered_send():
    hub = Hub(op_timeout=0.1)
    a, b = HeldPane(hub, "A.docx"), HeldPane(hub, "B.docx")
    await hub.submit(INSERT, task_id="t6", document=a.id)
    refused = hub.cached("t6", _key(INSERT, b.id))
    assert refused is not None and refused.envelope["code"] == "E_INVALID_ARG"
    assert refused.envelope["diagnostics"][0]["field"] == "taskId" and b.id in error_of(refused)
    assert (await hub.submit(INSERT, task_id="t6", document=b.id)).envelope["code"] == "E_INVALID_ARG"
    assert b.ids() == []


def _key(op, document):
    from bridge.word.retries import RequestKey

    return RequestKey.of(op, document)
