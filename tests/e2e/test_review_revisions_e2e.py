"""Tracked changes end to end: propose edits an assistant makes as tracked changes, list them, accept and reject.

Both simulator profiles offer WordApi 1.6 (the web profile goes to 1.9), so every step runs on both.
"""

from __future__ import annotations


import pytest

from tests.e2e.conftest import Word, op_data as ok, sim_only

pytestmark = pytest.mark.e2e



def texts(word: Word) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def test_three_proposed_edits_one_accepted_two_rejected(word: Word) -> None:
    word.set_text("Price\nTerms\nNotes")
    assert ok(word, "trackChanges.get")["mode"] == "off"
    for target, addition in (("Price", " (net)"), ("Terms", " of payment"), ("Notes", " for reviewers")):
        range_id = ok(word, "search", query=target)["results"][0]["rangeId"]
        ok(word, "insertText", text=addition, scope=f"rangeId:{range_id}", location="end", trackChanges=True)
    # The proposals are in the document as tracked changes, and tracking is off again for the person.
    assert texts(word) == ["Price (net)", "Terms of payment", "Notes for reviewers"]
    assert ok(word, "trackChanges.get")["mode"] == "off"
    changes = ok(word, "trackChanges.list")["changes"]
    assert [(c["type"], c["text"]) for c in changes] == [("added", " (net)"), ("added", " of payment"),
                                                          ("added", " for reviewers")]

    first, second, third = (c["changeId"] for c in changes)
    ok(word, "trackChanges.accept", changeIds=[first])
    assert texts(word) == ["Price (net)", "Terms of payment", "Notes for reviewers"]
    assert [c["changeId"] for c in ok(word, "trackChanges.list")["changes"]] == [second, third]

    ok(word, "trackChanges.reject", changeIds=[second, third])
    assert texts(word) == ["Price (net)", "Terms", "Notes"]
    assert ok(word, "trackChanges.list")["changes"] == []


def test_a_tracked_replacement_can_be_rejected_whole(word: Word) -> None:
    word.set_text("The fee is 10 dollars.")
    ok(word, "replace", query="10", replaceWith="12", trackChanges=True)
    kinds = sorted(c["type"] for c in ok(word, "trackChanges.list")["changes"])
    assert kinds == ["added", "deleted"]
    ok(word, "trackChanges.reject", all=True)
    assert texts(word) == ["The fee is 10 dollars."]


def test_an_unknown_change_id_changes_nothing(word: Word) -> None:
    word.set_text("Keep")
    ok(word, "insertText", text=" this", scope="document", location="end", trackChanges=True)
    result = word.op("trackChanges.accept", changeIds=["chg_nope_0"])
    assert result["ok"] is False and result["code"] == "E_NOT_FOUND"
    assert len(ok(word, "trackChanges.list")["changes"]) == 1


def test_tracking_mode_can_be_set_and_read(word: Word) -> None:
    assert ok(word, "trackChanges.set", mode="all")["previousMode"] == "off"
    assert ok(word, "trackChanges.get")["mode"] == "all"
    ok(word, "trackChanges.set", mode="off")


def test_a_whole_batch_proposed_as_tracked_changes(word: Word) -> None:
    word.set_text("Price\nTerms")
    before = word.sync_count()
    result = word.op("batch", trackChanges=True, ops=[
        {"op": "insertText", "args": {"text": " (net)", "scope": "document", "location": "end"}},
        {"op": "replace", "args": {"query": "Price", "replaceWith": "Cost"}},
    ])
    assert result["ok"] is True, result
    assert word.sync_count() - before <= 3
    assert ok(word, "trackChanges.get")["mode"] == "off"
    assert sorted(c["type"] for c in ok(word, "trackChanges.list")["changes"]) == ["added", "added", "deleted"]
    ok(word, "trackChanges.reject", all=True)
    assert texts(word) == ["Price", "Terms"]


def test_read_document_shows_the_review(word: Word) -> None:
    word.set_text("Price is 10.\nTerms apply.")
    ok(word, "replace", query="10", replaceWith="12", trackChanges=True)
    hit = ok(word, "search", query="Terms")["results"][0]
    comment_id = ok(word, "comment.add", scope=f"rangeId:{hit['rangeId']}", text="Which terms?")["commentId"]
    blocks = ok(word, "readDocument", format="structure")["blocks"]
    listed = ok(word, "trackChanges.list")["changes"]
    assert [c["changeId"] for c in blocks[0]["changes"]] == [c["changeId"] for c in listed]
    assert [c["commentId"] for c in blocks[1]["comments"]] == [comment_id]
    markdown = ok(word, "readDocument", format="markdown")["markdown"]
    assert "{++12++}" in markdown and "{--10--}" in markdown and "Which terms?<<}" in markdown


THREE = "Alpha 2024 one.\nBeta 2024 two.\nGamma 2024 three."


def _replaced_pairs(word: Word) -> list[list[str]]:
    """A tracked replaceAll of 2024 in THREE, listed: each paragraph's two change ids, in document order."""
    word.set_text(THREE)
    ok(word, "replace", query="2024", replaceWith="2025", trackChanges=True)
    changes = ok(word, "trackChanges.list")["changes"]
    assert len(changes) == 6 and len({c["changeId"] for c in changes}) == 6
    return [[c["changeId"] for c in changes[i:i + 2]] for i in range(0, 6, 2)]


def test_ids_from_an_earlier_list_name_their_changes_after_others_were_decided(word: Word) -> None:
    # Identical changes (same type, author, minute and text): deciding Alpha's once renumbered the others, and
    # Beta's ids from the same list rejected Gamma's pair.
    alpha, beta, gamma = _replaced_pairs(word)
    ok(word, "trackChanges.accept", changeIds=alpha)
    ok(word, "trackChanges.reject", changeIds=beta)
    assert texts(word) == ["Alpha 2025 one.", "Beta 2024 two.", "Gamma 20252024 three."]
    assert [c["changeId"] for c in ok(word, "trackChanges.list")["changes"]] == gamma
    ok(word, "trackChanges.accept", changeIds=gamma)
    assert texts(word) == ["Alpha 2025 one.", "Beta 2024 two.", "Gamma 2025 three."]
    again = word.op("trackChanges.reject", changeIds=alpha)
    assert again["ok"] is False and again["code"] == "E_NOT_FOUND"
    assert "accepted already" in again["diagnostics"][0]["msg"]


@sim_only("the person's decision is made through the simulator")
def test_a_change_decided_in_word_after_the_list_makes_its_ids_refused(word: Word) -> None:
    _, beta, _ = _replaced_pairs(word)
    # The person rejects Alpha's pair in Word, outside the pane.
    word.page.evaluate("""() => window.wordSim.Word.run(async (context) => {
        const changes = context.document.body.getTrackedChanges().load("items/text");
        await context.sync();
        changes.items[1].reject();
        changes.items[0].reject();
        await context.sync();
    })""")
    assert texts(word) == ["Alpha 2024 one.", "Beta 20252024 two.", "Gamma 20252024 three."]
    refused = word.op("trackChanges.reject", changeIds=beta)
    assert refused["ok"] is False and refused["code"] == "E_NOT_FOUND"
    assert "list them again" in refused["diagnostics"][0]["msg"]
    assert texts(word) == ["Alpha 2024 one.", "Beta 20252024 two.", "Gamma 20252024 three."]
    relisted = [c["changeId"] for c in ok(word, "trackChanges.list")["changes"]]
    ok(word, "trackChanges.reject", changeIds=relisted[:2])  # Beta's pair, now the first
    assert texts(word) == ["Alpha 2024 one.", "Beta 2024 two.", "Gamma 20252024 three."]
