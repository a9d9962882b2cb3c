"""Validation of insertBreak and hyperlink.set: defaults, aliases, and refusals that name the field."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.ops.parsed import build
from tests.op_cases import canonical as ok, refused



def test_insert_break_defaults_and_aliases() -> None:
    assert ok("insertBreak", {}) == {"type": "page", "scope": "selection", "location": "after"}
    assert ok("insertBreak", {"breakType": "Line", "where": "before"})["type"] == "line"
    assert ok("insertBreak", {"type": "continuous"})["type"] == "sectionContinuous"
    assert ok("insertBreak", {"type": "SECTIONNEXT"})["type"] == "sectionNext"


def test_insert_break_on_the_document_uses_its_edges() -> None:
    parsed = build("insertBreak", {"scope": "document", "location": "after"})
    assert parsed.args["location"] == "end"
    assert any(d.get("field") == "args.location" for d in parsed.diagnostics)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ({"type": "column"}, "args.type"),
        ({"type": 3}, "args.type"),
        ({"location": "replace"}, "args.location"),
        ({"location": "middle"}, "args.location"),
        ({"scope": 3}, "args.scope"),
    ],
)
def test_insert_break_refusals_name_the_field(args: dict[str, Any], field: str) -> None:
    err = refused("insertBreak", args)
    assert err.field == field, err.msg
    assert err.msg.startswith(field)


def test_hyperlink_defaults_and_aliases() -> None:
    assert ok("hyperlink.set", {"url": " https://example.com/a?b=1 "}) == {
        "url": "https://example.com/a?b=1", "scope": "selection", "location": "replace"}
    assert ok("hyperlink.set", {"href": "mailto:team@example.com?subject=Hi", "text": "mail us"})["text"] == "mail us"
    assert ok("hyperlink.set", {"url": "", "scope": "rangeId:rng_1"})["url"] == ""


@pytest.mark.parametrize(
    ("args", "field", "words"),
    [
        ({}, "args.url", "required"),
        ({"url": "javascript:alert(1)"}, "args.url", "mailto"),
        ({"url": "file:///etc/passwd"}, "args.url", "other schemes"),
        ({"url": "ftp://example.com"}, "args.url", "http"),
        ({"url": "https://"}, "args.url", "no host"),
        ({"url": "https://exa mple.com"}, "args.url", "spaces"),
        ({"url": "mailto:nobody"}, "args.url", "e-mail"),
        ({"url": "https://x.org/" + "a" * 2100}, "args.url", "2048"),
        ({"url": "https://x.org", "text": ""}, "args.text", ""),
        ({"url": "https://x.org", "location": "end"}, "args.location", "only applies with text"),
        ({"url": "", "text": "x"}, "args.url", "removes"),
    ],
)
def test_hyperlink_refusals_name_the_field(args: dict[str, Any], field: str, words: str) -> None:
    err = refused("hyperlink.set", args)
    assert err.field == field, err.msg
    assert words in err.msg


def test_both_are_edits_so_they_can_be_tracked() -> None:
    assert ok("insertBreak", {"trackChanges": True})["trackChanges"] is True
    assert ok("hyperlink.set", {"url": "https://x.org", "text": "x", "trackChanges": True})["trackChanges"] is True
