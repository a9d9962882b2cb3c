"""Validation of the header/footer and note ops (`headerFooter.*`, `footnote.insert`, `endnote.insert`)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.ops.describe import describe_ops
from bridge.word.ops.parsed import READ_OPS, SUPPORTED_OPS, build
from tests.op_cases import canonical as ok, refused


def test_header_footer_get_reads_everything_by_default() -> None:
    assert ok("headerFooter.get", {}) == {"section": "all", "kind": "both", "type": "all"}
    assert ok("headerFooter.get", {"section": 2, "kind": "Footer", "type": "first"}) == {
        "section": 2, "kind": "footer", "type": "firstPage"}
    assert ok("headerFooter.get", {"sections": "ALL", "kinds": "headers", "types": "even"}) == {
        "section": "all", "kind": "header", "type": "evenPages"}
    assert ok("headerFooter.get", {"section": 1.0})["section"] == 1


def test_header_footer_set_text_and_defaults() -> None:
    assert ok("headerFooter.set", {"text": "Acme Corp"}) == {
        "section": "all", "kind": "header", "type": "primary", "text": "Acme Corp"}
    assert ok("headerFooter.set", {"content": "", "kind": "footer", "section": 0, "type": "firstPage"}) == {
        "section": 0, "kind": "footer", "type": "firstPage", "text": ""}


def test_header_footer_set_markdown_becomes_canonical_blocks() -> None:
    args = ok("headerFooter.set", {"md": "**Acme** — *draft*"})
    assert "text" not in args and "markdown" not in args
    assert args["blocks"] == [{"type": "paragraph", "runs": [
        {"text": "Acme", "bold": True}, {"text": " — "}, {"text": "draft", "italic": True}]}]
    two = ok("headerFooter.set", {"markdown": "# Title\n\nLine two", "kind": "footer"})["blocks"]
    assert [(b["type"], b.get("level")) for b in two] == [("heading", 1), ("paragraph", None)]
    titled = ok("headerFooter.set", {"markdown": "Acme\n====\n\nLine two"})["blocks"]
    assert [(b["type"], b.get("level"), b.get("title")) for b in titled] == [("heading", 1, True), ("paragraph", None, None)]


@pytest.mark.parametrize(
    ("op", "args", "field"),
    [
        ("headerFooter.get", {"section": -1}, "args.section"),
        ("headerFooter.get", {"section": "first"}, "args.section"),
        ("headerFooter.get", {"section": True}, "args.section"),
        ("headerFooter.get", {"kind": "body"}, "args.kind"),
        ("headerFooter.get", {"type": "odd pages"}, "args.type"),
        ("headerFooter.set", {}, "args.text"),
        ("headerFooter.set", {"text": "a", "markdown": "b"}, "args.markdown"),
        ("headerFooter.set", {"text": 5}, "args.text"),
        ("headerFooter.set", {"text": "x" * 32_768}, "args.text"),
        ("headerFooter.set", {"markdown": ""}, "args.markdown"),
        ("headerFooter.set", {"markdown": "   \n\n  "}, "args.markdown"),
        ("headerFooter.set", {"text": "a", "kind": "both"}, "args.kind"),
        ("headerFooter.set", {"text": "a", "type": "all"}, "args.type"),
        ("headerFooter.set", {"text": "a", "section": 1.5}, "args.section"),
        ("footnote.insert", {}, "args.text"),
        ("footnote.insert", {"text": ""}, "args.text"),
        ("footnote.insert", {"text": "   "}, "args.text"),
        ("endnote.insert", {"text": "x" * 32_768}, "args.text"),
        ("endnote.insert", {"text": "x", "scope": 4}, "args.scope"),
        ("endnote.insert", {"text": "x", "note": "y"}, "args.note"),
    ],
)
def test_bad_story_args_name_the_field(op: str, args: dict[str, Any], field: str) -> None:
    assert refused(op, args).field == field


def test_note_ops() -> None:
    assert ok("footnote.insert", {"text": "See p. 4"}) == {"text": "See p. 4", "scope": "selection"}
    assert ok("endnote.insert", {"note": "Source", "scope": "rangeId:rng_a_1"}) == {"text": "Source", "scope": "rangeId:rng_a_1"}
    assert ok("footnote.insert", {"content": "x", "scope": "anchor:anc_1"})["scope"] == "anchor:anc_1"


def test_track_changes_only_on_the_editing_ops() -> None:
    assert "headerFooter.get" in READ_OPS
    assert build("headerFooter.set", {"text": "a", "trackChanges": True}).wire()["args"]["trackChanges"] is True
    assert build("footnote.insert", {"text": "a", "trackChanges": True}).wire()["args"]["trackChanges"] is True
    assert refused("headerFooter.get", {"trackChanges": True}).field == "args.trackChanges"


def test_described_and_supported() -> None:
    text = describe_ops()
    for op in ("headerFooter.get", "headerFooter.set", "footnote.insert", "endnote.insert"):
        assert op in SUPPORTED_OPS
        assert op in text
