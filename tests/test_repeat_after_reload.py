"""A repeat answered from the bridge's cache says when the ids in it may be gone: the pane that made them was
reloaded (a new load of the same document's pane), reconnected without saying which load it is, or has not come
back (when it does, as a new load or as another document's pane, they are gone)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import FakePane, meta
from tests.test_task_ids import edit, server  # noqa: F401  (the fixture)

pytestmark = pytest.mark.anyio


def warnings(result: dict[str, Any]) -> list[str]:
    return [d["msg"] for d in result["diagnostics"] if d["level"] == "warn"]


async def test_a_repeat_after_the_pane_came_back_as_another_document_says_the_ids_are_gone(server):  # noqa: F811
    """A reloaded page whose pane no longer knows its document (a new session): the old one stays disconnected."""
    first = await FakePane(server, instance="load1").connect()
    done = await edit(server, meta=meta("insertText", text="once"), taskId="t-new-session")
    await first.close()
    other = await FakePane(server, instance="load2").connect()  # no session asked: a new document
    again = await edit(server, meta=meta("insertText", text="once"), taskId="t-new-session")
    assert again["ok"] is True and again["data"] == done["data"] and other.received == []
    (warning,) = warnings(again)
    assert "has disconnected since" in warning and "rangeIds and tableIds in it" in warning, warning
    await other.close()


async def test_a_repeat_while_the_pane_is_away_says_its_ids_may_be_gone(server):  # noqa: F811
    first = await FakePane(server, instance="load1").connect()
    await edit(server, meta=meta("getSelection"), taskId="t-away")
    await first.close()
    again = await edit(server, meta=meta("getSelection"), taskId="t-away")
    (warning,) = warnings(again)
    assert "has disconnected since" in warning and "rangeIds and tableIds in it" in warning, warning


async def test_a_repeat_to_the_same_pane_load_warns_of_nothing(server):  # noqa: F811
    pane = await FakePane(server, instance="load1").connect()
    await edit(server, meta=meta("getSelection"), taskId="t-same")
    again = await edit(server, meta=meta("getSelection"), taskId="t-same")
    assert warnings(again) == []
    await pane.close()
