"""Validation of the comment and anchor ops, and `anchor:<id>` wherever `rangeId:<id>` is accepted."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.ops.describe import describe_ops
from bridge.word.ops.parsed import SUPPORTED_OPS
from tests.op_cases import canonical as ok, refused



def test_comment_ops_canonical_defaults() -> None:
    assert ok("comment.add", {"text": "Check"}) == {"text": "Check", "scope": "selection"}
    assert ok("comment.add", {"comment": "Check", "scope": "anchor:anc_1"}) == {"text": "Check", "scope": "anchor:anc_1"}
    assert ok("comment.list", {}) == {"scope": "document", "includeResolved": False}
    assert ok("comment.reply", {"id": " {A1B2-C3} ", "text": "Done"}) == {"commentId": "{A1B2-C3}", "text": "Done"}
    assert ok("comment.resolve", {"commentId": "c1"}) == {"commentId": "c1", "resolved": True}
    assert ok("comment.resolve", {"commentId": "c1", "resolved": False}) == {"commentId": "c1", "resolved": False}
    assert ok("comment.delete", {"commentId": "c1"}) == {"commentId": "c1"}


@pytest.mark.parametrize(
    ("op", "args", "field"),
    [
        ("comment.add", {}, "args.text"),
        ("comment.add", {"text": ""}, "args.text"),
        ("comment.add", {"text": "x", "scope": 3}, "args.scope"),
        ("comment.reply", {"commentId": "c1"}, "args.text"),
        ("comment.reply", {"text": "x"}, "args.commentId"),
        ("comment.resolve", {"commentId": "   "}, "args.commentId"),
        ("comment.resolve", {"commentId": "c1", "resolved": "yes"}, "args.resolved"),
        ("comment.list", {"includeResolved": 1}, "args.includeResolved"),
        ("anchor.create", {"name": "x" * 65}, "args.name"),
        ("anchor.remove", {}, "args.anchorId"),
        ("anchor.remove", {"anchorId": "bad id!"}, "args.anchorId"),
        ("anchor.remove", {"anchorId": "anc_1", "keepContent": "no"}, "args.keepContent"),
    ],
)
def test_bad_review_args_name_the_field(op: str, args: dict[str, Any], field: str) -> None:
    assert refused(op, args).field == field


def test_anchor_ops() -> None:
    assert ok("anchor.create", {}) == {"scope": "selection"}
    assert ok("anchor.create", {"scope": "rangeId:rng_a_1", "title": "Price"}) == {"scope": "rangeId:rng_a_1", "name": "Price"}
    assert ok("anchor.list", {}) == {}
    assert ok("anchor.remove", {"anchorId": "anchor:anc_x"}) == {"anchorId": "anc_x", "keepContent": True}
    assert ok("anchor.remove", {"scope": "anchor:anc_x", "keepContent": False}) == {"anchorId": "anc_x", "keepContent": False}


def test_anchor_scope_is_accepted_wherever_a_range_id_is() -> None:
    assert ok("insertText", {"text": "x", "scope": "Anchor: anc_1"})["scope"] == "anchor:anc_1"
    assert ok("replace", {"target": "anchor:anc_1", "replaceWith": "y"})["target"] == "anchor:anc_1"
    assert ok("table.setCellText", {"tableRef": "anchor:anc_1", "row": 0, "col": 0, "text": "t"})["tableRef"] == "anchor:anc_1"
    assert ok("insertText", {"text": "x", "scope": "anchor:anc_1", "expectText": "old"})["expectText"] == "old"
    assert refused("insertText", {"text": "x", "scope": "anchor:"}).field == "args.scope"
    assert refused("insertText", {"text": "x", "scope": "anchor:a b"}).field == "args.scope"
    assert refused("insertText", {"text": "x", "scope": "document", "expectText": "old"}).field == "args.expectText"


def test_review_ops_are_supported_and_described() -> None:
    text = describe_ops()
    for op in ("comment.add", "comment.list", "comment.reply", "comment.resolve", "comment.delete",
               "anchor.create", "anchor.list", "anchor.remove"):
        assert op in SUPPORTED_OPS
        assert op in text
    assert "anchor:<id>" in text
