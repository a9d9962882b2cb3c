"""The ledger keeps the panes' answers within a size, not only a count.

Before, the last 1000 answers were kept whole whatever their size: a day of large searches (450 KB each) grew the
bridge by gigabytes. A read too large to keep is not kept (its retry reads again, in the same document); an edit too
large to keep whole keeps its verdict, so its retry still does not run it twice.
"""

from __future__ import annotations

from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.hub import Hub
from bridge.word.remote import mcp_client
from bridge.word.retries import KEPT_WHOLE_CHARS, RequestKey, ResultCache
from tests.hub_panes import HeldPane, held, word_op
from tests.support import FakePane, ServerThread, meta

pytestmark = pytest.mark.anyio

SEARCH = word_op("search", query="the")
INSERT = word_op("insertText", text="[C]", scope="document", location="end")


def big_answer(pane: HeldPane, task_id: str, chars: int) -> None:
    """The pane's answer for `task_id`, as long on the wire as `chars`."""
    op = next(c["op"]["op"] for c in pane.commands if c["id"] == task_id)
    pane.hub.on_result(pane.session, {"type": "ai-result", "id": task_id, "_chars": chars, "result": {
        "ok": True, "op": op, "data": {"rangeId": "rng_1", "hits": ["the"] * 3}, "diagnostics": []}})


def test_the_cache_drops_the_oldest_while_their_sizes_add_up_to_more_than_its_cap() -> None:
    cache: ResultCache[str] = ResultCache(100, weight_cap=1000)
    key = RequestKey("search", ())
    for name in "abc":
        cache.put(name, key, name, 400)
    assert cache.get("a") is None and cache.get("b") is not None and cache.get("c") is not None
    cache.put("d", key, "d", 5000)  # one result over the cap alone stays: it is the latest
    assert [n for n in "abcd" if cache.get(n)] == ["d"]


async def test_a_read_too_large_to_keep_is_read_again_on_retry_in_the_same_document() -> None:
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    first = await held(hub, pane, SEARCH, "s1")
    big_answer(pane, "s1", KEPT_WHOLE_CHARS + 1)
    assert (await first).envelope["data"]["hits"] == ["the"] * 3
    again = await held(hub, pane, SEARCH, "s1")  # sent to the pane again, which reads again
    pane.answer("s1", hits=["the"])
    assert (await again).envelope["data"] == {"hits": ["the"]}
    assert pane.ids() == ["s1", "s1"]


async def test_an_edit_too_large_to_keep_whole_keeps_its_verdict_and_is_not_run_twice() -> None:
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    first = await held(hub, pane, INSERT, "e1")
    big_answer(pane, "e1", KEPT_WHOLE_CHARS + 1)
    assert (await first).envelope["data"]["rangeId"] == "rng_1"  # the first answer is whole
    repeat = await hub.submit(INSERT, task_id="e1")
    assert pane.ids() == ["e1"]
    assert repeat.envelope["ok"] is True and repeat.envelope["data"] == {}
    assert any("too large to keep in full" in d["msg"] for d in repeat.envelope["diagnostics"])


async def test_a_small_answer_is_kept_whole() -> None:
    hub = Hub()
    pane = HeldPane(hub, "A.docx")
    first = await held(hub, pane, SEARCH, "s2")
    pane.answer("s2", hits=["x"])
    await first
    repeat = await hub.submit(SEARCH, task_id="s2")
    assert repeat.envelope["data"] == {"hits": ["x"]} and pane.ids() == ["s2"]


@pytest.fixture
def server(certs_dir: Any) -> Any:
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=10.0)).start()
    yield running
    running.stop()


async def test_over_the_socket_the_answer_length_decides(server: Any) -> None:
    """The pane socket measures each answer as it came: a search answer over the limit is read again on retry."""
    async def huge(command: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "op": command["op"]["op"], "data": {"text": "x" * (KEPT_WHOLE_CHARS + 10)},
                "diagnostics": []}

    pane = await FakePane(server, handler=huge).connect()
    arguments = {"meta": meta("search", query="x"), "taskId": "s3"}
    async with mcp_client(server.config) as client:
        for _ in range(2):
            result = await client.call_tool("editTask", arguments)
            assert result.structured_content["ok"] is True
    assert [c["id"] for c in pane.received] == ["s3", "s3"]
    await pane.close()

