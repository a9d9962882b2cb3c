"""trackChanges.* ops and the `trackChanges: true` common arg: server-side validation."""

from __future__ import annotations

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops.describe import describe_ops
from bridge.word.ops.parsed import build


def test_set_mode_and_aliases() -> None:
    assert build("trackChanges.set", {"mode": "all"}).args == {"mode": "all"}
    assert build("trackChanges.set", {"mode": "TrackMineOnly"}).args == {"mode": "mine"}
    with pytest.raises(OpError) as exc:
        build("trackChanges.set", {"mode": "sometimes"})
    assert exc.value.field == "args.mode"


def test_list_defaults_to_the_document() -> None:
    assert build("trackChanges.list", {}).args == {"scope": "document"}
    assert build("trackChanges.get", {}).args == {}


def test_accept_needs_exactly_one_of_ids_and_all() -> None:
    assert build("trackChanges.accept", {"changeIds": ["a", "a", "b"]}).args == {"changeIds": ["a", "b"], "scope": "document"}
    assert build("trackChanges.reject", {"all": True}).args == {"all": True, "scope": "document"}
    assert build("trackChanges.reject", {"changeId": "x"}).args["changeIds"] == ["x"]
    for bad in ({}, {"all": True, "changeIds": ["a"]}, {"changeIds": []}, {"all": False}):
        with pytest.raises(OpError) as exc:
            build("trackChanges.accept", bad)
        assert exc.value.field == "args.changeIds"


def test_track_changes_common_arg_on_edits_only() -> None:
    assert build("insertText", {"text": "x", "trackChanges": True}).args["trackChanges"] is True
    assert "trackChanges" not in build("insertText", {"text": "x", "trackChanges": False}).args
    for op, args in (("readDocument", {}), ("search", {"query": "q"}), ("trackChanges.accept", {"all": True})):
        with pytest.raises(OpError) as exc:
            build(op, {**args, "trackChanges": True})
        assert exc.value.field == "args.trackChanges"
    with pytest.raises(OpError) as exc:
        build("insertText", {"text": "x", "trackChanges": "yes"})
    assert exc.value.field == "args.trackChanges"


def test_described() -> None:
    text = describe_ops()
    assert "trackChanges.accept" in text and "trackChanges=true" in text
    assert len(text) <= 5400
