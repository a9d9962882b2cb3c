"""Comments and anchors end to end on both simulator profiles: MCP → bridge → the pane in Chromium → simulated Word.

The anchor test reloads the pane's frame (a new registry: rangeIds die) and uses the anchor again.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.conftest import Word, sim_only
from tests.e2e.test_ops_e2e import find, run_fail, run_ok

pytestmark = pytest.mark.e2e


def paragraph_texts(word: Word) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def test_comment_round_trip(word: Word) -> None:
    word.set_text("Alpha beta gamma\nSecond line")
    added = run_ok(word, "comment.add", scope=f"rangeId:{find(word, 'beta')}", text="Check this")
    assert added["commentId"] and added["rangeId"]
    replied = run_ok(word, "comment.reply", commentId=added["commentId"], text="Done")
    assert replied["replyId"]
    [listed] = run_ok(word, "comment.list")["comments"]
    assert (listed["commentId"], listed["text"], listed["anchoredText"], listed["resolved"]) == (
        added["commentId"], "Check this", "beta", False)
    assert [r["text"] for r in listed["replies"]] == ["Done"]
    run_ok(word, "comment.resolve", commentId=added["commentId"])
    assert run_ok(word, "comment.list")["comments"] == []
    assert len(run_ok(word, "comment.list", includeResolved=True)["comments"]) == 1
    run_ok(word, "comment.delete", commentId=added["commentId"])
    assert run_ok(word, "comment.list", includeResolved=True)["comments"] == []
    run_fail(word, "comment.delete", "E_NOT_FOUND", commentId=added["commentId"])
    assert paragraph_texts(word) == ["Alpha beta gamma", "Second line"]


def _reload_pane(word: Word, stale_range_id: str) -> None:
    """Reload the pane's frame and aim `word` at the pane once it is back (its old rangeIds unknown)."""
    before = {d["id"] for d in word.server.bridge.hub.documents()}
    word.page.evaluate("document.querySelector('iframe').contentWindow.location.reload()")
    # Waiting through Playwright, not time.sleep: the sync API answers the page's routed requests (the stand-in
    # office.js) only while it is called, and the reloaded pane cannot start before that script arrives.
    word.page.wait_for_timeout(300)
    deadline = time.monotonic() + 30
    seen: list[Any] = []
    while time.monotonic() < deadline:
        docs = [d["id"] for d in word.server.bridge.hub.documents()]
        for doc_id in sorted(docs, key=lambda i: i in before):
            word.document_id = doc_id
            result: dict[str, Any] = word.op("insertText", text="x", scope=f"rangeId:{stale_range_id}", dryRun=True)
            if result.get("code") == "E_NOT_FOUND":
                return
            seen.append((doc_id, result.get("code"), result.get("diagnostics")))
        word.page.wait_for_timeout(200)
    raise AssertionError(f"the pane did not come back after the reload: {seen[-3:]}")


@sim_only("reloads the playground's pane frame")
def test_anchor_survives_a_pane_reload(word: Word) -> None:
    word.set_text("Intro\nThe price is 10 EUR.\nEnd")
    hit = find(word, "10 EUR")
    created = run_ok(word, "anchor.create", scope=f"rangeId:{hit}", name="price")
    scope = created["scope"]
    assert scope == f"anchor:{created['anchorId']}"
    assert run_ok(word, "anchor.list")["anchors"] == [{"anchorId": created["anchorId"], "name": "price", "text": "10 EUR"}]
    run_ok(word, "insertText", text="12 EUR", scope=scope)
    assert paragraph_texts(word)[1] == "The price is 12 EUR."

    _reload_pane(word, hit)
    run_fail(word, "insertText", "E_NOT_FOUND", text="x", scope=f"rangeId:{hit}")
    assert [a["text"] for a in run_ok(word, "anchor.list")["anchors"]] == ["12 EUR"]
    run_ok(word, "replace", target=scope, replaceWith="15 EUR")
    run_ok(word, "applyStyle", scope=scope, char={"bold": True})
    assert paragraph_texts(word)[1] == "The price is 15 EUR."
    run_ok(word, "anchor.remove", anchorId=created["anchorId"])
    assert run_ok(word, "anchor.list")["anchors"] == []
    assert paragraph_texts(word)[1] == "The price is 15 EUR."
    run_fail(word, "insertText", "E_NOT_FOUND", text="x", scope=scope)


def test_anchor_scope_edits(word: Word) -> None:
    word.set_text("Intro\nThe price is 10 EUR.\nEnd")
    created = run_ok(word, "anchor.create", scope=f"rangeId:{find(word, '10 EUR')}", name="price")
    scope = created["scope"]
    run_ok(word, "insertText", text="12 EUR", scope=scope)
    run_ok(word, "insertText", text="Now: ", scope="document", location="start")
    run_ok(word, "replace", target=scope, replaceWith="15 EUR")
    assert [a["text"] for a in run_ok(word, "anchor.list")["anchors"]] == ["15 EUR"]
    assert paragraph_texts(word) == ["Now: Intro", "The price is 15 EUR.", "End"]
    run_ok(word, "anchor.remove", anchorId=created["anchorId"])
    run_fail(word, "insertText", "E_NOT_FOUND", text="x", scope=scope)


def test_anchor_remove_without_content(word: Word) -> None:
    word.set_text("Keep drop keep")
    created = run_ok(word, "anchor.create", scope=f"rangeId:{find(word, 'drop ')}")
    run_ok(word, "anchor.remove", anchorId=created["anchorId"], keepContent=False)
    assert paragraph_texts(word) == ["Keep keep"]
