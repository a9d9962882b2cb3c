"""The Word on the web target's own machinery, checked offline against the playground.

Word on the web is read and reset only through the bridge (`readDocument`, `insertText`), so those helpers can
run on the simulator too: what they report must match the simulator's own snapshot.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.targets import (
    ADDIN_ID, LoopThread, TITLE_MARKER, open_word_web, playground, read_blocks, sideload_url, write_text,
)
from tests.support import ServerThread

pytestmark = pytest.mark.e2e


def projected(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The fields `readDocument` structure carries, from simulator snapshot blocks."""
    keep = ("type", "text", "style", "list", "values", "rowCount", "columnCount")
    out = []
    for block in blocks:
        fields = {k: block[k] for k in keep if block.get(k) is not None}
        if block["type"] == "table":
            fields.pop("text", None)
        if fields.get("list"):
            fields["list"] = {k: block["list"][k] for k in ("kind", "level")}
        out.append(fields)
    return out


@pytest.mark.parametrize("profile", ["web", "desktop"])
def test_reading_through_the_bridge_matches_the_snapshot(browser, e2e_server, loop_thread, profile):
    with playground(browser, e2e_server, loop_thread, profile) as word:
        # the playground's seeded document: title, headings, formatted runs, lists, a merged table, a picture
        snapshot = word.snapshot()["blocks"]
        read = read_blocks(word, page_size=3)  # several pages
        assert len(read) == len(snapshot) == 9
        assert read == projected(snapshot)


def test_reset_through_the_bridge_clears_tables_and_text(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        assert any(b["type"] == "table" for b in word.snapshot()["blocks"])
        write_text(word, "")
        assert [b.get("text") for b in word.snapshot()["blocks"]] == [""]
        write_text(word, "one\ntwo")
        assert [(b["type"], b.get("text")) for b in word.snapshot()["blocks"]] == [("paragraph", "one"),
                                                                                   ("paragraph", "two")]


def test_sideload_url_carries_the_manifest_parameters():
    url = sideload_url("https://contoso.sharepoint.com/:w:/r/Doc.aspx?sourcedoc=x&action=edit", 3443)
    assert url.endswith(f"&wdaddindevserverport=3443&wdaddinmanifestfile=manifest.xml&wdaddinmanifestguid={ADDIN_ID}")
    assert sideload_url("https://x/doc", 1).startswith("https://x/doc?wdaddindevserverport=1&")


def test_a_document_without_the_test_title_is_refused(browser, e2e_server: ServerThread, loop_thread: LoopThread,
                                                      tmp_path: Path):
    """Stand-in for Word: the playground page (its document is Document1.docx), opened as the web target is."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"cookies": [], "origins": []}))
    with pytest.raises(AssertionError, match=f"refusing to edit a document whose title lacks '{TITLE_MARKER}'"):
        open_word_web(browser, e2e_server, loop_thread, f"{e2e_server.base_url}/playground.html", state)


def test_a_missing_state_file_says_how_to_make_one(browser, e2e_server, loop_thread, tmp_path):
    with pytest.raises(AssertionError, match="word-bridge e2e-login"):
        open_word_web(browser, e2e_server, loop_thread, "https://x/doc", tmp_path / "absent.json")


def test_word_on_the_web_is_reachable(word_web):
    """Skipped, with the one line saying what to set, unless Word on the web is configured."""
    assert not word_web.simulated
    assert any(TITLE_MARKER in d["title"] for d in word_web.server.bridge.hub.documents()
               if d["id"] == word_web.document_id) or TITLE_MARKER in word_web.page.title()
    word_web.reset()
    assert word_web.snapshot()["blocks"] == [{"type": "paragraph", "text": ""}]
