"""A repeated taskId after the playground page reloaded (Start over: the sample document and a new pane load, whose
ids are all new) answers from the bridge's cache without running the op again, and warns that the ids in that
answer are gone (retries.pane_change: the pane's hello names its load)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import CHROMIUM, playground
from tests.e2e.test_ops_e2e import run_ok

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")]

REPEATED = "repeated taskId: this is the first result; the op was not run again"


def test_a_repeat_after_start_over_says_the_ids_in_its_answer_are_gone(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        first = word.op("insertText", task_id="reload-1", text="NEW", scope="document", location="end")
        assert first["ok"] is True, first
        word.page.click("#pg-start-over")
        word.page.wait_for_function("() => window.wordSim !== undefined && window.wordSim.syncCount === 0")
        deadline = time.monotonic() + 15
        while not (documents := e2e_server.bridge.hub.documents()):
            assert time.monotonic() < deadline, "no pane connected after Start over"
            word.page.wait_for_timeout(50)  # through Playwright: it answers the page's routed office.js meanwhile
        word.document_id = documents[0]["id"]
        sample = word.snapshot()

        again = word.op("insertText", task_id="reload-1", text="NEW", scope="document", location="end")
        assert again["ok"] is True and again["data"] == first["data"], again
        said = [d for d in again["diagnostics"] if d["level"] != "error"]
        assert [d["msg"] for d in said if d.get("field") == "taskId"] == [REPEATED], said
        (warning,) = [d["msg"] for d in said if d["level"] == "warn"]
        assert "reloaded since this result" in warning and "rangeIds and tableIds in it are gone" in warning
        assert word.snapshot() == sample, "the op was not run again"
        # The id in the cached answer is gone indeed: the new pane refuses it.
        stale = word.op("insertText", text="x", scope=f"rangeId:{first['data']['rangeId']}", location="end")
        assert stale["ok"] is False and stale["code"] == "E_NOT_FOUND", stale
        assert run_ok(word, "readDocument")
