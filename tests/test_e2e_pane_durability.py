"""The pane's taskId records and Pause, end to end with slow syncs: MCP over HTTPS → the bridge → WSS → the real
pane in the playground's iframe → simulated Word (`playground.html?latency=…`).

- the pane iframe reloads while an edit is in flight: the retry with the same taskId must not run it again, also
  when the pane comes back in a new tab or webview (sessionStorage empty): the document keeps its session;
- the browser's storage is blocked: the pane and each edit's result say that a retry after a reload may run it again;
- the server restarts (its result cache is lost): the retry reaches the pane, which answers the first result, from
  memory or, after a reload of the pane, from its stored records (saying that the result's ids are gone);
- Pause AI edits switched on while a batch runs: the rest of the batch does not run.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.word.remote import mcp_client
from tests.e2e.conftest import CHROMIUM, browser, e2e_server, loop_thread  # noqa: F401  (fixtures)
from tests.e2e.targets import OFFICE_JS, LoopThread, Playground, start_server, wait_for_new_document
from tests.support import ServerThread

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")]

REPEATED = "repeated taskId: this is the first result; the op was not run again"
R1 = {"text": "[R1]", "scope": "document", "location": "end"}


@contextlib.contextmanager
def slow_playground(browser: Any, server: ServerThread, loop: LoopThread, latency_ms: int,  # noqa: F811
                    init_script: str | None = None) -> Iterator[Playground]:
    """playground.html whose every sync takes `latency_ms`, its pane connected (`init_script` runs in each frame first)."""
    context = browser.new_context()
    context.route(OFFICE_JS, lambda route: route.fulfill(status=200, content_type="text/javascript", body=""))
    if init_script:
        context.add_init_script(init_script)
    try:
        page = context.new_page()
        known = {d["id"] for d in server.bridge.hub.documents()}
        page.goto(f"{server.base_url}/playground.html?profile=web&latency={latency_ms}")
        page.wait_for_function("() => window.wordSim !== undefined")
        yield Playground(server, page, loop, wait_for_new_document(server, known, 15, "the playground's pane"), "web")
    finally:
        context.close()


def start_call(word: Playground, op: str, task_id: str, **args: Any) -> concurrent.futures.Future[dict[str, Any]]:
    """Send an editTask without waiting for its answer."""
    arguments = {"content": f"e2e {op}", "document": word.document_id, "taskId": task_id,
                 "meta": {"type": "word.op", "op": op, "version": "1.0", "args": args}}

    async def call() -> dict[str, Any]:
        async with mcp_client(word.server.config) as client:
            result = await client.call_tool("editTask", arguments)
        return dict(result.structured_content or {})
    return asyncio.run_coroutine_threadsafe(call(), word.loop.loop)


def paragraphs(word: Playground) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def wait_until(word: Playground, condition: Any, what: str, timeout: float = 15) -> None:
    """Wait while Playwright keeps working: a reloaded pane's office.js request is answered by our route in this
    process, only while a Playwright call runs (time.sleep would stall the pane's start)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        word.page.wait_for_timeout(50)


def pane_load(word: Playground) -> str | None:
    """The connected pane's load (`hello.instance`), None while the document has no pane."""
    session = word.server.bridge.hub.session(word.document_id)
    return session.instance if session is not None and session.channel is not None else None


def reload_pane(word: Playground) -> None:
    """Reload the pane's iframe (as Word does when the pane is closed and opened, or crashes) and wait for it."""
    before = pane_load(word)
    word.page.evaluate("document.getElementById('pg-taskpane').contentWindow.location.reload()")
    wait_until(word, lambda: pane_load(word) not in (None, before), "the reloaded pane to reconnect")


def diagnostics(result: dict[str, Any], field: str) -> list[str]:
    return [d["msg"] for d in result["diagnostics"] if d.get("field") == field]


def start_slow_edit(word: Playground, task_id: str, settle_ms: int) -> concurrent.futures.Future[dict[str, Any]]:
    """insertText R1 into "Base", returned once Word is applying it (its sync started `settle_ms` ago)."""
    word.set_text("Base")
    before = word.sync_count()
    running = start_call(word, "insertText", task_id, **R1)
    wait_until(word, lambda: word.sync_count() > before, "the edit's sync to start")
    word.page.wait_for_timeout(settle_ms)
    return running


def test_a_retry_after_the_pane_reloaded_mid_op_does_not_run_the_edit_again(browser, e2e_server, loop_thread):  # noqa: F811
    with slow_playground(browser, e2e_server, loop_thread, 1500) as word:
        first = start_slow_edit(word, "r1", 500)
        reload_pane(word)
        interrupted = first.result(timeout=30)
        assert interrupted["ok"] is False and interrupted["code"] == "E_RUNTIME", interrupted
        assert "may or may not have been applied" in interrupted["diagnostics"][0]["msg"]
        wait_until(word, lambda: paragraphs(word) == ["Base[R1]"], "the edit to land in Word", timeout=5)

        retry = word.op("insertText", task_id="r1", **R1)
        assert retry["ok"] is False and retry["code"] == "E_RUNTIME", retry
        (said,) = diagnostics(retry, "taskId")
        assert "an earlier load of the Word Bridge pane started this op" in said
        assert "may or may not have been applied" in said and "new taskId" in said
        word.page.wait_for_timeout(1600)  # a second run would have landed by now
        assert paragraphs(word) == ["Base[R1]"]


def test_a_pane_opened_again_in_a_new_tab_resumes_the_document_and_does_not_run_the_edit_again(
        browser, e2e_server, loop_thread):  # noqa: F811
    """A new tab or webview starts with an empty sessionStorage: the session kept in the document's settings brings
    the pane back to the same document id and to the taskId records of the pane that was closed mid-op."""
    with slow_playground(browser, e2e_server, loop_thread, 1500) as word:
        first = start_slow_edit(word, "tab-r1", 300)
        loaded = pane_load(word)
        word.page.evaluate("""() => { const pane = document.getElementById('pg-taskpane').contentWindow;
                                      pane.sessionStorage.clear(); pane.location.reload(); }""")
        interrupted = first.result(timeout=30)
        assert interrupted["ok"] is False and interrupted["code"] == "E_RUNTIME", interrupted
        wait_until(word, lambda: pane_load(word) not in (None, loaded), "the pane opened again to reconnect")
        # pane_load reads the session of word.document_id: the pane asked for the document's session again
        assert word.page.evaluate("""() => document.getElementById('pg-taskpane').contentWindow
                                           .wordBridgePane.connection.state().session""") == word.document_id
        wait_until(word, lambda: paragraphs(word) == ["Base[R1]"], "the edit to land in Word", timeout=5)

        retry = word.op("insertText", task_id="tab-r1", **R1)
        assert retry["ok"] is False and retry["code"] == "E_RUNTIME", retry
        assert any("an earlier load of the Word Bridge pane started this op" in m for m in diagnostics(retry, "taskId"))
        word.page.wait_for_timeout(1600)  # a second run would have landed by now
        assert paragraphs(word) == ["Base[R1]"]


BLOCKED_STORAGE = """Object.defineProperty(window, 'localStorage', { configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""


def test_with_the_browsers_storage_blocked_the_pane_and_each_edit_warn_that_a_retry_may_run_it_again(
        browser, e2e_server, loop_thread):  # noqa: F811
    with slow_playground(browser, e2e_server, loop_thread, 0, init_script=BLOCKED_STORAGE) as word:
        word.set_text("Base")
        notice = word.pane().locator("#warning")
        wait_until(word, notice.is_visible, "the pane's warning")
        assert "keep its taskId records" in notice.inner_text() and "apply it twice" in notice.inner_text()
        edit = word.op("insertText", task_id="w1", text="+", scope="document", location="end")
        assert edit["ok"] is True, edit
        assert any("a retry with the same taskId may run that op a second time" in m
                   for m in diagnostics(edit, "taskId")), edit
        read = word.op("getSelection", task_id="g1")
        assert not [d for d in read["diagnostics"] if d["level"] == "warn"], read


def test_retries_after_the_server_restarted_reach_the_pane_which_answers_the_first_results(
        browser, certs_dir: Path, loop_thread):  # noqa: F811
    """The server's result cache is gone after a restart: the pane answers from its memory, and after a reload of
    the pane from its stored records (saying that the result's ids are gone)."""
    server = start_server(certs_dir)
    port = server.config.port
    try:
        with slow_playground(browser, server, loop_thread, 0) as word:
            word.set_text("Base")
            first = {task_id: word.op("insertText", task_id=task_id, text=f"[{task_id}]", scope="document",
                                      location="end") for task_id in ("a1", "b1")}
            assert all(done["ok"] for done in first.values()), first
            server.stop()
            server = start_server(certs_dir, port)
            word.server = server
            wait_until(word, lambda: pane_load(word) is not None, "the pane to reconnect to the restarted server")

            from_memory = word.op("insertText", task_id="a1", text="[a1]", scope="document", location="end")
            assert from_memory["ok"] is True and from_memory["data"] == first["a1"]["data"], from_memory
            assert diagnostics(from_memory, "taskId") == [REPEATED], from_memory

            reload_pane(word)
            before = word.sync_count()
            from_storage = word.op("insertText", task_id="b1", text="[b1]", scope="document", location="end")
            assert from_storage["ok"] is True and from_storage["data"] == first["b1"]["data"], from_storage
            said = diagnostics(from_storage, "taskId")
            assert said.count(REPEATED) == 1 and any("the rangeIds and tableIds in it are gone" in m for m in said), said
            assert word.sync_count() == before
            assert paragraphs(word) == ["Base[a1][b1]"]
    finally:
        server.stop()


def test_pausing_during_a_batch_stops_the_rest_of_it(browser, e2e_server, loop_thread):  # noqa: F811
    marks = [f"m{i}" for i in range(20)]
    with slow_playground(browser, e2e_server, loop_thread, 200) as word:
        word.set_text(" ".join(marks))
        ops = [{"op": "replace", "args": {"target": "searchQuery", "query": m, "replaceWith": m.upper(),
                                          "matchCase": True, "matchWholeWord": True}} for m in marks]
        before = word.sync_count()
        running = start_call(word, "batch", "paused-batch", ops=ops)
        wait_until(word, lambda: word.sync_count() - before >= 3, "the batch to be under way")
        word.set_paused(True)
        result = running.result(timeout=30)
        assert result["ok"] is False and result["code"] == "E_PERMISSION", result
        completed = result["data"]["completed"]
        assert 0 < completed < 20 and result["data"]["failedAt"] == completed, result["data"]
        assert all(r["diagnostics"][0]["msg"] == "not run: AI edits were paused in the pane"
                   for r in result["data"]["results"][completed:])
        assert any("stay applied" in d["msg"] for d in result["diagnostics"]), result["diagnostics"]
        words = paragraphs(word)[0].split(" ")
        assert words == [m.upper() for m in marks[:completed]] + marks[completed:]
