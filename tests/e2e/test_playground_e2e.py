"""What a person sees: the playground page, the pane's log and Pause switch, reconnects after a restart."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import open_playground, playground, start_server
from tests.e2e.test_ops_e2e import find, run_ok, texts

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-results"


def pane_frame(word):
    return word.page.frame_locator("iframe")


def test_playground_renders_a_rich_document(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        blocks = word.snapshot()["blocks"]
        kinds = {b["type"] for b in blocks}
        assert kinds == {"paragraph", "table"}
        assert any(b.get("style", "").startswith(("Heading", "Title")) for b in blocks if b["type"] == "paragraph")
        assert any(t["merges"] for t in blocks if t["type"] == "table")
        assert any(r.get("type") == "picture" for b in blocks if b["type"] == "paragraph" for r in b["runs"])
        page = word.page
        # The rendering shows what the snapshot says: a merged cell, a picture, bold text.
        assert page.locator("td[colspan], td[rowspan], th[colspan], th[rowspan]").count() >= 1
        assert page.locator("img").count() >= 1
        assert page.locator("b, strong, [style*='font-weight']").count() >= 1
        SCREENSHOTS.mkdir(exist_ok=True)
        shot = SCREENSHOTS / "playground.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000


SELECT_IN_RUN = """([runText, from, to]) => {
  const run = [...document.querySelectorAll("#pg-page span[data-pos]")].find((s) => s.textContent === runText);
  const range = document.createRange();
  range.setStart(run.firstChild, from);
  range.setEnd(run.firstChild, to);
  getSelection().removeAllRanges();
  getSelection().addRange(range);
  return Number(run.dataset.pos);
}"""


def test_selecting_part_of_a_run_sets_the_selection(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        page = word.page
        # One span holds the whole run, so a DOM range inside it must map to exact characters.
        pos = page.evaluate(SELECT_IN_RUN, ["Revenue grew ", 2, 7])
        page.wait_for_function("p => window.wordSim.getSelection().start === p + 2", arg=pos)
        assert page.evaluate("window.wordSim.getSelection()") == {"start": pos + 2, "end": pos + 7, "text": "venue"}
        assert page.inner_text("#pg-selection") == f'{pos + 2}–{pos + 7} "venue"'
        # A mouse drag over a run, twice: the second press must not re-render the page mid-drag.
        for text in ["Revenue grew ", "Costs were "]:
            box = page.locator("#pg-page span[data-pos]", has_text=text).first.bounding_box()
            y = box["y"] + box["height"] / 2
            page.mouse.move(box["x"] + 1, y)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] - 1, y, steps=5)
            page.mouse.up()
            page.wait_for_function("t => window.wordSim.getSelection().text === t", arg=text)


def test_cli_call_appears_in_document_and_pane_log(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        word.set_text("Hello")
        command = [sys.executable, "-m", "bridge", "call", "insertText",
                   json.dumps({"text": "from the shell", "scope": "document", "location": "end", "newParagraph": True}),
                   "--port", str(e2e_server.config.port), "--certs", str(e2e_server.config.certs_dir),
                   "--document", word.document_id]
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["ok"] is True
        assert texts(word)[-1] == "from the shell"
        log = pane_frame(word).locator("#log li").first
        log.wait_for()
        assert "insertText" in log.inner_text()


def test_pause_stops_edits(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        word.set_text("Untouched")
        word.set_paused(True)
        result = word.op("insertText", text="AI text", scope="document", location="end")
        assert result["ok"] is False and result["code"] == "E_PERMISSION"
        assert texts(word) == ["Untouched"]
        word.set_paused(False)
        run_ok(word, "insertText", text=" and now edited", scope="document", location="end")
        assert texts(word) == ["Untouched and now edited"]


def test_server_restart_pane_reconnects_and_ids_still_work(browser, certs_dir, loop_thread):
    server = start_server(certs_dir)
    port = server.config.port
    context, word = open_playground(browser, server, loop_thread, "desktop")
    try:
        word.set_text("one\ntwo")
        two = find(word, "two")
        anchor = run_ok(word, "anchor.create", scope=f"rangeId:{find(word, 'one')}", name="first")["scope"]
        task = word.op("insertText", task_id="restart-1", text="!", scope=f"rangeId:{two}", location="end")
        assert task["ok"] is True
        server.stop()
        server = start_server(certs_dir, port=port)
        word.server = server
        deadline = time.monotonic() + 20
        while word.document_id not in {d["id"] for d in server.bridge.hub.documents()}:
            assert time.monotonic() < deadline, "the pane did not reconnect with its session"
            time.sleep(0.1)
        # The old rangeId still points at "two!"; a retried taskId is answered from the pane's cache.
        run_ok(word, "insertText", text="TWO", scope=f"rangeId:{two}", location="replace")
        assert texts(word) == ["one", "TWO"]
        again = word.op("insertText", task_id="restart-1", text="!", scope=f"rangeId:{two}", location="end")
        assert again["ok"] is True and texts(word) == ["one", "TWO"]
        # An anchor lives in the document: it outlives the server too.
        run_ok(word, "insertText", text="ONE", scope=anchor, location="replace")
        assert texts(word) == ["ONE", "TWO"]
    finally:
        context.close()
        server.stop()


def test_start_over_brings_back_the_sample_document_and_a_fresh_pane(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        sample = word.snapshot()
        hit = run_ok(word, "search", query="Hire two engineers")["results"][0]["rangeId"]
        run_ok(word, "insertText", text="Replaced", scope="document", location="replace")
        assert texts(word) == ["Replaced"]
        known = {d["id"] for d in e2e_server.bridge.hub.documents()} - {word.document_id}
        word.page.click("#pg-start-over")
        word.page.wait_for_function("() => window.wordSim !== undefined && window.wordSim.syncCount === 0")
        deadline = time.monotonic() + 15
        while not (connected := [d["id"] for d in e2e_server.bridge.hub.documents() if d["id"] not in known]):
            assert time.monotonic() < deadline, "no pane connected after Start over"
            # Through Playwright, not time.sleep: it answers the page's routed office.js only while it is called.
            word.page.wait_for_timeout(50)
        word.document_id = connected[0]
        assert word.snapshot() == sample
        # The pane's ids went with its old load, even one whose text is in the sample again.
        result = word.op("replace", target=f"rangeId:{hit}", replaceWith="OLD")
        assert result["ok"] is False and result["code"] == "E_NOT_FOUND", result
        assert word.snapshot() == sample
        assert run_ok(word, "search", query="Hire two engineers")["results"]
